// A host app in miniature: it embeds TipRules through its public API only, the way an iOS app
// uses TipKit. It loads the Landmarks rules, donates events from Swift structs as a user would
// cause them, sets a parameter, and prints which tips' rules hold as the clock advances.
//
//   swift run landmarks-host [path/to/landmarks.rules]
import Foundation
import TipRules

/// The payload of `didViewLandmarkDetail`, as the app declares it.
struct LandmarkView: Codable, Sendable {
    var landmarkID: Int
    var landmarkName: String
}

let rulesPath = CommandLine.arguments.dropFirst().first ?? "Examples/landmarks/landmarks.rules"
let start = ISO8601DateFormatter().date(from: "2026-11-23T09:00:00Z")!
let day: TimeInterval = 86_400

do {
    let rules = try RuleSet(contentsOfFile: rulesPath)
    let engine = RuleEngine(rules: rules, clock: .fixed(start))

    let appDidOpen = try engine.event("landmarksAppDidOpen")
    let didLogin = try engine.event("didLogin")
    let didView = try engine.event("didViewLandmarkDetail", donationInfo: LandmarkView.self)
    let isLoggedIn = try engine.parameter("isLoggedIn", as: Bool.self)

    /// The tips this app shows, each with the rule that decides it.
    let tips = ["frequentLogin", "detailFan", "favouriteLandmark", "showMapTip"]

    func report(_ label: String) throws {
        let now = engine.clock.now()
        let holding = try tips.filter { try engine.isSatisfied($0) }
        let favourite = try engine.value(of: "favouriteName", as: String?.self) ?? "none"
        print("\(ISO8601DateFormatter().string(from: now))  \(label)")
        print("    tips: \(holding.isEmpty ? "none" : holding.joined(separator: ", "))  (favourite: \(favourite))")
    }

    func advance(days: Double) {
        engine.clock = .fixed(engine.clock.now().addingTimeInterval(days * day))
    }

    try report("a fresh install")

    // Monday to Friday: the app opens and the user logs in every morning, then looks around.
    let visits = [(7, "Alps"), (3, "Wilbere Bowl"), (7, "Alps"), (12, "Chilkoot Trail"), (7, "Alps")]
    for (index, visit) in visits.enumerated() {
        try appDidOpen.donate()
        try didLogin.donate()
        try didView.donate(LandmarkView(landmarkID: visit.0, landmarkName: visit.1))
        try report("day \(index + 1): opened, logged in, viewed \(visit.1)")
        advance(days: 1)
    }

    // The user logs out: the parameter decides `showMapTip`.
    try isLoggedIn.set(false)
    try report("logged out")
    try isLoggedIn.set(true)
    try report("logged back in")

    // Two more Alps views make it the favourite five times over.
    try didView.donate(LandmarkView(landmarkID: 7, landmarkName: "Alps"))
    try didView.donate(LandmarkView(landmarkID: 7, landmarkName: "Alps"))
    try report("viewed the Alps twice more")

    // A week without logins: the weekly window empties and the login tips stop holding.
    advance(days: 8)
    try report("eight quiet days later")
    print("didViewLandmarkDetail holds \(try didView.donations.count) donations; the last is \(try didView.donations.last?.landmarkName ?? "none")")
} catch let error as RuleError {
    FileHandle.standardError.write(Data(error.description.utf8))
    exit(1)
} catch let diagnostic as Diagnostic {
    FileHandle.standardError.write(Data(DiagnosticRenderer().render([diagnostic]).utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
