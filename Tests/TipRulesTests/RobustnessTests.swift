import Foundation
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// Seeded random mutations of the example files: whatever the text, compilation ends with
/// diagnostics inside the file or a program, and a program evaluates to values or runtime
/// errors, never a crash.
@Suite("Robustness")
struct RobustnessTests {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    }

    static let fragments = [
        "(", ")", "[", "]", "{", "}", ",", ":", ".", "?", "!", "$0", "$1", "\\.", "#Rule", "nil", "true", "0", "-1",
        "9223372036854775807", "1e308", "\"", "\"x\"", " + ", " - ", " * ", " / ", " % ", " == ", " < ", " && ", " || ",
        " ?? ", " ? ", " : ", "...", "..<", "let ", "rule ", "event ", "parameter ", "in ", "\n", "/*", "*/", "//",
        ".donations", ".count", ".filter { $0", ".map(", ".reduce(0) { $0 + $1 }", ".donatedWithin(.days(", ".first?", "!",
        "Int(", "Double(", "Set(", "abs(", "min(", "Date.now", "\\u{", "`", "\u{0}", "é", "\u{301}", "Int.min", ".largestSubset(groupedBy: \\.",
    ]

    static func mutate(_ text: String, _ random: inout Random) -> String {
        var bytes = Array(text.utf8)
        for _ in 0...random.below(4) {
            let position = random.below(bytes.count + 1)
            switch random.below(4) {
            case 0 where !bytes.isEmpty:
                let end = min(bytes.count, position + 1 + random.below(12))
                if position < end { bytes.removeSubrange(position..<end) }
            case 1:
                bytes.insert(contentsOf: Array(fragments[random.below(fragments.count)].utf8), at: position)
            case 2 where !bytes.isEmpty:
                // Copy a span of the file elsewhere.
                let start = random.below(bytes.count)
                let span = bytes[start..<min(bytes.count, start + random.below(40))]
                bytes.insert(contentsOf: span, at: position)
            default:
                if position < bytes.count { bytes[position] = UInt8(truncatingIfNeeded: random.next()) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("mutated example files never crash compilation or evaluation", arguments: DocsTests.examples)
    func mutations(example: String) throws {
        let original = try Fixture.read("Examples/\(example)/\(example).rules")
        let log = Array(try Fixture.read("Examples/\(example)/donations.ndjson").utf8)
        var random = Random(state: UInt64(truncatingIfNeeded: example.hashValue == 0 ? 1 : example.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) }))
        var compiled = 0
        for _ in 0..<700 {
            let text = RobustnessTests.mutate(original, &random)
            let file = SourceFile(name: "m.rules", text: text)
            let compilation = RuleCompiler().compile(file)
            for diagnostic in compilation.diagnostics {
                #expect(diagnostic.range.start >= 0 && diagnostic.range.end <= file.bytes.count)
            }
            guard let program = compilation.program else {
                #expect(compilation.diagnostics.contains { $0.severity == .error })
                continue
            }
            compiled += 1
            var store = DonationStore(program: program)
            _ = DonationLog.load(log, fileName: "log", into: &store)
            var evaluation = Evaluation(program: program, donations: store,
                                        options: EvaluationOptions(now: Fixture.date("2026-11-30T12:00:00Z"), stepBudget: 200_000))
            for result in evaluation.evaluateAll() {
                if case .failure(let error) = result.outcome {
                    #expect(error.range.end <= file.bytes.count)
                }
            }
        }
        #expect(compiled > 0)
    }

    @Test("the fast line reader and the general one load the same donations and report the same lines")
    func lineReadersAgree() throws {
        let rules = """
        event ping
        event view { id: Int, name: String, rating: Double, ok: Bool, when: Date, note: String?, score: Int? }
        """
        let program = try #require(Fixture.compile(rules).program)
        let lines = [
            #"{"event": "view", "date": "2026-11-29T10:00:00Z", "value": {"id": 3, "name": "Alps", "rating": 4, "ok": true, "when": "2026-11-01T00:00:00.5+01:00"}}"#,
            #"{"date":"2026-11-29T10:00:00.250Z","event":"ping"}"#,
            #"  { "event" : "ping" , "date" : "2026-11-29T10:00Z" , "value" : null }  "#,
            #"{"event": "ping", "date": "2026-11-29T10:00:00Z", "value": {}}"#,
            #"{"value": {}, "event": "ping", "date": "2026-11-29T10:00:00Z"}"#,
            #"{"event": "view", "date": "2026-11-29T10:00:00-05:00", "value": {"note": null, "score": -9223372036854775808, "id": -0, "name": "café", "rating": -1.5e-3, "ok": false, "when": "2026-02-28T23:59:59Z"}}"#,
            #"{"event": "view", "date": "2026-11-29T10:00:00Z", "value": {"id": 1, "name": "ü", "rating": 0, "ok": true, "when": "2026-11-01T00:00:00Z", "note": "a"b"}}"#,
            #"{"event": "view", "date": "2026-11-29T10:00:00Z", "value": {"id": 1.0, "name": "a", "rating": 1, "ok": true, "when": "2026-11-01T00:00:00Z"}}"#,
            #"{"event": "view", "date": "2026-11-29T10:00:00Z", "value": {"id": 01, "name": "a", "rating": 1, "ok": true, "when": "2026-11-01T00:00:00Z"}}"#,
            #"{"event": "view", "date": "2026-11-29T10:00:00Z", "value": {"id": 9223372036854775808, "name": "a", "rating": 1, "ok": true, "when": "2026-11-01T00:00:00Z"}}"#,
            #"{"event": "view", "date": "2026-11-29T10:00:00Z", "value": {"id": 1, "name": "a", "rating": 1e999, "ok": true, "when": "2026-11-01T00:00:00Z"}}"#,
            #"{"event": "view", "date": "2026-11-29T10:00:00Z", "value": {"id": 1, "id": 2, "name": "a", "rating": 1, "ok": true, "when": "2026-11-01T00:00:00Z"}}"#,
            #"{"event": "view", "date": "2026-11-29T10:00:00Z", "value": {"name": "a", "rating": 1, "ok": true, "when": "2026-11-01T00:00:00Z"}}"#,
            #"{"event": "view", "date": "2026-02-30T10:00:00Z", "value": {"id": 1, "name": "a", "rating": 1, "ok": true, "when": "2026-11-01T00:00:00Z"}}"#,
            #"{"event": "ping", "date": "2026-11-29T10:00:00Z", "extra": 1}"#,
            #"{"event": "ping", "date": "2026-11-29T10:00:00Z"} x"#,
            #"{"event": "pong", "date": "2026-11-29T10:00:00Z"}"#,
            #"{"event": "ping", "event": "ping", "date": "2026-11-29T10:00:00Z"}"#,
            #"{"event": "view", "date": "2026-11-29T10:00:00Z", "value": {"id": 1, "name": "a", "rating": 1, "ok": true, "when": "2026-11-01T00:00:00Z", "note": 3}}"#,
            #"{"event": "view", "date": "2026-11-29T10:00:00Z", "value": {"id": 1, "name": "a\#tb", "rating": 1, "ok": true, "when": "2026-11-01T00:00:00Z"}}"#,
        ]
        var random = Random(state: 7)
        var logs = [lines.joined(separator: "\n")]
        for _ in 0..<300 { logs.append(RobustnessTests.mutate(logs[0], &random)) }
        for log in logs {
            var fast = DonationStore(program: program)
            var general = DonationStore(program: program)
            let fastIssues = DonationLog.load(Array(log.utf8), fileName: "l", into: &fast)
            let generalIssues = DonationLog.load(Array(log.utf8), fileName: "l", into: &general, fastLines: false)
            #expect(fastIssues.map(\.description) == generalIssues.map(\.description))
            for schema in program.events {
                let a = try fast.stream(for: schema), b = try general.stream(for: schema)
                #expect(a.dates == b.dates)
                for field in schema.fields.indices {
                    #expect((0..<a.count).map { a.columns[field][$0] } == (0..<b.count).map { b.columns[field][$0] })
                }
            }
        }
    }

    @Test("mutated donation logs never crash loading")
    func logMutations() throws {
        let program = try #require(Fixture.compile(try Fixture.read("Examples/shop/shop.rules")).program)
        let original = try Fixture.read("Examples/shop/donations.ndjson")
        var random = Random(state: 42)
        for _ in 0..<1000 {
            var store = DonationStore(program: program)
            let text = RobustnessTests.mutate(original, &random)
            let issues = DonationLog.load(Array(text.utf8), fileName: "m.ndjson", into: &store)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(issues.allSatisfy { $0.location.line >= 1 && $0.location.line <= lines })
            // Every line is either kept or reported.
            let nonBlank = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }.count
            #expect(store.totalCount + issues.count == nonBlank)
        }
    }
}
