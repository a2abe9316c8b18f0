import Foundation
import TipRules

/// Scratch files and folders for tests, all in one folder per test process that is removed
/// when the process exits, so a test run leaves nothing behind in the temporary directory.
/// (The same as `TipRulesTests`' own: two test modules share no source file.)
enum Scratch {
    private static let root: String = {
        let root = NSTemporaryDirectory() + "tiprules-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "tiprules-tests-\(getpid())") }
        return root
    }()

    /// A new path in the scratch folder, named from `prefix`; nothing is made there.
    static func path(_ prefix: String) -> String {
        root + "/" + prefix + "-" + UUID().uuidString
    }

    /// A new empty folder in the scratch folder, named from `prefix`.
    static func folder(_ prefix: String) throws -> String {
        let folder = path(prefix)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// Rules and payload types the API tests share, written as a host app would.
enum Host {
    static let rules = """
    event appOpened
    event didLogin(limit: 5)
    event didViewLandmarkDetail { landmarkID: Int, landmarkName: String, rating: Double?, seen: Date? }
    parameter isLoggedIn: Bool = false
    parameter nickname: String? = nil
    parameter tags: Set<String> = ["new"]

    rule frequentLogin = didLogin.donations.donatedWithin(.week).count >= 3
    rule showTip = isLoggedIn && frequentLogin
    rule tagged = tags.contains("vip")
    let favouriteName = didViewLandmarkDetail.donations.largestSubset(groupedBy: \\.landmarkID).first?.landmarkName
    let viewedIDs = didViewLandmarkDetail.donations.map(\\.landmarkID)
    let views = didViewLandmarkDetail.donations
    let greeting = "Hello, " + (nickname ?? "there")
    let broken = [1, 2][didLogin.donations.count + 2]
    """

    struct LandmarkView: Codable, Sendable, Equatable {
        var landmarkID: Int
        var landmarkName: String
        var rating: Double?
        var seen: Date?
    }

    static let now = date("2026-11-30T12:00:00Z")

    static func date(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    static func engine(clock: EvaluationClock = .fixed(now)) throws -> RuleEngine {
        RuleEngine(rules: try RuleSet(source: rules, name: "host.rules"), clock: clock)
    }
}

extension Diagnostic {
    /// `code message`, for comparing errors in tests.
    var summary: String { "\(code) \(message)" }
}

/// Runs a throwing call and returns its diagnostic's summary, or nil when it did not throw.
func refusal(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as Diagnostic {
        return error.summary
    } catch {
        return "not a Diagnostic: \(error)"
    }
}
