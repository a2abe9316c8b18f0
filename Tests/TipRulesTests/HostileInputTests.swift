import Foundation
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// Hostile rule files and logs through the command line: each run ends with exit 0 or 1, and
/// every reported problem names its file and line.
@Suite("Hostile input")
struct HostileInputTests {
    static let rules: [String: @Sendable () -> [UInt8]] = [
        "random bytes": {
            var random = RobustnessTests.Random(state: 99)
            return (0..<100_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        },
        "100,000 parentheses": { Array(("rule r = " + String(repeating: "(", count: 100_000) + "true" + String(repeating: ")", count: 100_000)).utf8) },
        "200,000 conjuncts": { Array(("rule r = " + Array(repeating: "true", count: 200_000).joined(separator: " && ")).utf8) },
        "2,000 nested closures": {
            Array(("event e\nrule r = " + String(repeating: "e.donations.contains { _ in ", count: 2000) + "true" + String(repeating: " }", count: 2000)).utf8)
        },
        "huge literals": { Array(("let a = " + String(repeating: "9", count: 50_000) + "\nlet b = 1" + String(repeating: "0", count: 50_000) + ".5").utf8) },
        "20,000 declarations": { Array((0..<20_000).map { "let a\($0) = \($0) + 1" }.joined(separator: "\n").utf8) },
        "20,000 unknown names": { Array((0..<20_000).map { "let a\($0) = b\($0)" }.joined(separator: "\n").utf8) },
        "string doubling": { Array((["let s0 = \"0123456789\""] + (1..<70).map { "let s\($0) = s\($0 - 1) + s\($0 - 1)" }).joined(separator: "\n").utf8) },
        "control characters": { Array("let x = \"\u{1B}[2J\"\nrule r = x.isEmpty\n\u{1B}]0;title\u{7}".utf8) },
        "byte order mark and CRLF": { [0xEF, 0xBB, 0xBF] + Array("event e\r\nrule r = e.donations.isEmpty\r\n".utf8) },
    ]

    private func run(_ name: String, rules: [UInt8], log: [UInt8]? = nil) throws -> CommandOutput {
        let directory = URL(fileURLWithPath: try Scratch.folder("hostile"))
        let rulesPath = directory.appendingPathComponent("hostile.rules").path
        try Data(rules).write(to: URL(fileURLWithPath: rulesPath))
        var arguments = ["eval", rulesPath, "--now", "2026-11-30T12:00:00Z"]
        if let log {
            let logPath = directory.appendingPathComponent("hostile.ndjson").path
            try Data(log).write(to: URL(fileURLWithPath: logPath))
            arguments += ["--donations", logPath]
        }
        let check = CommandLineTool().run(["check", rulesPath])
        #expect(check.status == 0 || check.status == 1, "check of \(name)")
        return CommandLineTool().run(arguments)
    }

    /// Every diagnostic header names the file with a line (and column).
    private func expectLocated(_ stderr: String, _ file: String) {
        for line in stderr.split(separator: "\n") where line.contains(": error: ") {
            let prefix = line.prefix { $0 != " " }
            #expect(prefix.contains(file + ":"), "unlocated: \(line.prefix(120))")
        }
    }

    @Test("hostile rule files end with exit 0 or 1 and located errors", arguments: Array(rules.keys).sorted())
    func hostileRules(name: String) throws {
        let output = try run(name, rules: HostileInputTests.rules[name]!())
        #expect(output.status == 0 || output.status == 1)
        expectLocated(output.stderr, "hostile.rules")
        #expect(!output.stderr.unicodeScalars.contains { $0.value == 0x1B })
        #expect(!output.stdout.unicodeScalars.contains { $0.value == 0x1B })
    }

    static let logs: [String: @Sendable () -> [UInt8]] = [
        "deep JSON": { Array(("{\"event\": \"e\", \"date\": \"2026-01-01T00:00:00Z\", \"value\": " + String(repeating: "[", count: 100_000) + "}").utf8) },
        "random bytes": {
            var random = RobustnessTests.Random(state: 7)
            return (0..<50_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        },
        "5 MB line": { Array(("{\"event\": \"e\", \"date\": \"2026-01-01T00:00:00Z\", \"pad\": \"" + String(repeating: "x", count: 5_000_000) + "\"}").utf8) },
        "odd numbers and dates": {
            Array("""
            {"event": "v", "date": "2026-11-30T08:11:00Z", "value": {"n": 1e999}}
            {"event": "v", "date": "2026-11-30T08:11:00Z", "value": {"n": -0}}
            {"event": "v", "date": "9999-12-31T23:59:59.999999999Z", "value": {"n": 1}}
            {"event": "v", "date": "2026-01-01T00:00:00+99:99", "value": {"n": 1}}
            """.utf8)
        },
    ]

    @Test("hostile donation logs are rejected line by line with exit 1", arguments: Array(logs.keys).sorted())
    func hostileLogs(name: String) throws {
        let output = try run(name, rules: Array("event e\nevent v { n: Int }\nrule r = v.donations.isEmpty".utf8), log: HostileInputTests.logs[name]!())
        #expect(output.status == 1)
        expectLocated(output.stderr, "hostile.ndjson")
        #expect(output.stderr.contains("nothing was evaluated"))
    }
}
