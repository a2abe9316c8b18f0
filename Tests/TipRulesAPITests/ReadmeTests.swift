import Foundation
import Testing
import TipRules

/// The README's library example, compiled and run here: `readmeSnippet` holds it verbatim, and a
/// test checks that the README still shows exactly these lines.
@Suite("README library example")
struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the README's library example runs and gives the values it implies")
    func readmeSnippet() throws {
        // README begin
        struct LandmarkView: Codable, Sendable {
            var landmarkID: Int
            var landmarkName: String
        }

        let rules = try RuleSet(contentsOfFile: "Examples/landmarks/landmarks.rules")
        let engine = RuleEngine(rules: rules, clock: .fixed(Date(timeIntervalSince1970: 1_796_032_800)))
        let didLogin = try engine.event("didLogin")
        let didView = try engine.event("didViewLandmarkDetail", donationInfo: LandmarkView.self)
        let isLoggedIn = try engine.parameter("isLoggedIn", as: Bool.self)

        try didLogin.donate()
        try didView.donate(LandmarkView(landmarkID: 7, landmarkName: "Alps"))
        try isLoggedIn.set(true)

        let showTip = try engine.isSatisfied("frequentLogin")
        let favourite = try engine.value(of: "favouriteName", as: String?.self)
        let names = try didView.donations.map(\.landmarkName)
        // README end
        #expect(showTip == false)
        #expect(favourite == "Alps")
        #expect(names == ["Alps"])
        #expect(try didLogin.donations.map(\.date) == [Date(timeIntervalSince1970: 1_796_032_800)])
    }

    @Test("the README shows the library example exactly as this file runs it")
    func readmeMatches() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let start = try #require(source.range(of: "// README begin\n"))
        let end = try #require(source.range(of: "        // README end"))
        let tested = source[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0) }
        let readme = try String(contentsOf: ReadmeTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let block = try #require(readme.components(separatedBy: "```swift\nimport Foundation\nimport TipRules\n\n").dropFirst().first?
            .components(separatedBy: "```").first)
        #expect(block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == tested)
    }
}
