import Foundation
import Testing
import TipRules
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// A REPL session over rules and donations, for explaining and for checking what the
/// explanations claim.
private struct ExplainSession {
    var session: ReplSession
    /// The rule file's path as diagnostics name it.
    var rulesName = ""

    init(rules: String, name: String = "test.rules", log: String = "", now: String) throws {
        var tool = CommandLineTool()
        tool.workingDirectory = Fixture.root.path
        let folder = try Scratch.folder("explain")
        let rulesPath = folder + "/" + name
        try rules.write(toFile: rulesPath, atomically: true, encoding: .utf8)
        var arguments = [rulesPath, "--now", now]
        if !log.isEmpty {
            try log.write(toFile: folder + "/log.ndjson", atomically: true, encoding: .utf8)
            arguments += ["--donations", folder + "/log.ndjson"]
        }
        guard case .run(let driver, _) = ReplCommand(tool: tool).prepare(arguments, interactive: false) else {
            throw ChildError(description: "the session did not start")
        }
        session = driver.session
        rulesName = rulesPath
    }

    init(example: String, now: String) throws {
        var tool = CommandLineTool()
        tool.workingDirectory = Fixture.root.path
        let folder = "Examples/\(example)"
        guard case .run(let driver, _) = ReplCommand(tool: tool).prepare(
            ["\(folder)/\(example).rules", "--donations", "\(folder)/donations.ndjson", "--now", now], interactive: false) else {
            throw ChildError(description: "the example did not start")
        }
        session = driver.session
    }

    func explanation(_ name: String) throws -> [String: Any] {
        let answer = session.explain(name, json: true, useColor: false)
        let object = try JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any]
        return try #require(object)
    }

    /// `Type = value` of a name or expression now.
    mutating func value(_ text: String) -> String {
        let answer = session.answer(text)
        return answer.text.split(separator: "=", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "error"
    }

    /// Donates `count` copies of the newest donation of an event (with a payload field equal
    /// to `key`, when given) at the clock.
    mutating func donateCopies(_ count: Int, of event: String, key: (field: String, value: String)? = nil) {
        guard let index = session.store.eventIndex(event) else {
            Issue.record("no event '\(event)'")
            return
        }
        let schema = session.store.schemas[index]
        let stream = session.store.stream(at: index)
        var payload: [Value] = []
        if !schema.fields.isEmpty {
            let positions = (0..<stream.count).reversed().filter { position in
                guard let key, let field = schema.fieldIndex(key.field) else { return true }
                return ValueFormatter.text(stream.columns[field][position], schema.fields[field].type) == key.value
            }
            guard let position = positions.first else {
                Issue.record("no donation of '\(event)' to copy")
                return
            }
            payload = stream.columns.map { $0[position] }
        }
        for _ in 0..<count {
            session.store.append(eventIndex: index, date: session.options.now.timeIntervalSinceReferenceDate, payload: payload)
        }
    }

    mutating func setClock(_ text: String) {
        #expect(session.answer(":now \(text)").kind == .command)
    }
}

/// The claims explanations make, checked by making the change and evaluating again.
private enum ClaimChecker {
    static let donations = try! NSRegularExpression(pattern: #"^(\d+) more '(\w+)' donations?(?: with (\w+) = (.+?))?(?: within the last .+?)? would make it (.+)$"#)
    static let clock = try! NSRegularExpression(pattern: #"^it stays (.+?) until (\S+), when .+ \(then (.+)\)$"#)
    static let parameter = try! NSRegularExpression(pattern: #"^(.+) if '(\w+)' were (.+)$"#)
    static let needs = try! NSRegularExpression(pattern: #"^needs (\d+) more '(\w+)' donations?(?: with (\w+) = (.+?))?(?: within the last .+)?$"#)
    static let until = try! NSRegularExpression(pattern: #"^stays true until (\S+), when .+$"#)

    static func groups(_ regex: NSRegularExpression, _ text: String) -> [String?]? {
        guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (1..<match.numberOfRanges).map { index in
            Range(match.range(at: index), in: text).map { String(text[$0]) }
        }
    }

    /// Checks every statement of an explanation of `name`; returns how many were checked.
    static func check(_ base: ExplainSession, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Int {
        let explanation = try base.explanation(name)
        let declarations = try #require(explanation["explanations"] as? [[String: Any]])
        var checked = 0
        for change in declarations[0]["changes"] as? [String] ?? [] {
            var session = base
            if let g = groups(donations, change) {
                session.donateCopies(Int(g[0]!)!, of: g[1]!, key: g[2].map { ($0, g[3]!) })
                #expect(session.value(name) == g[4]!, "'\(change)' did not hold for \(name)", sourceLocation: sourceLocation)
            } else if let g = groups(clock, change) {
                let until = try #require(try? Date(g[1]!, strategy: .iso8601))
                session.setClock(g[1]!)
                #expect(session.value(name) == g[0]!, "'\(change)': not \(g[0]!) at \(g[1]!)", sourceLocation: sourceLocation)
                session.setClock(ISO8601DateFormatter().string(from: until.addingTimeInterval(1)))
                #expect(session.value(name) == g[2]!, "'\(change)': not \(g[2]!) a second later", sourceLocation: sourceLocation)
            } else if let g = groups(parameter, change) {
                #expect(session.session.answer(":set \(g[1]!) \(g[2]!)").kind == .command)
                #expect(session.value(name) == g[0]!, "'\(change)' did not hold", sourceLocation: sourceLocation)
            } else {
                Issue.record("a change no test knows how to check: '\(change)'", sourceLocation: sourceLocation)
            }
            checked += 1
        }
        for declaration in declarations {
            checked += try checkNotes(base, declaration["tree"] as? [String: Any] ?? [:], sourceLocation: sourceLocation)
        }
        return checked
    }

    static let ruleMacro = try! NSRegularExpression(pattern: #"^#Rule\(([^)]*)\)"#)

    /// Checks the notes on comparisons, by evaluating the comparison's text after the change.
    /// Inside `#Rule(X) { ... }`, `$0` is X (its last component: the event, or the parameter's
    /// value), so the comparison's text is evaluated with X in place of `$0`.
    static func checkNotes(_ base: ExplainSession, _ node: [String: Any], subject: String? = nil, sourceLocation: Testing.SourceLocation) throws -> Int {
        var checked = 0
        var subject = subject
        let written = node["text"] as? String ?? ""
        if let g = groups(ruleMacro, written), let path = g[0] {
            subject = String(path.split(separator: ".").last ?? "").replacingOccurrences(of: "$", with: "")
        }
        let text = subject.map { written.replacingOccurrences(of: "$0", with: $0) } ?? written
        for note in node["note"] as? [String] ?? [] {
            var session = base
            if let g = groups(needs, note) {
                let count = Int(g[0]!)!
                session.donateCopies(count, of: g[1]!, key: g[2].map { ($0, g[3]!) })
                #expect(session.value(text) == "true", "'\(note)' did not make '\(text)' true", sourceLocation: sourceLocation)
                if count > 1 {
                    var fewer = base
                    fewer.donateCopies(count - 1, of: g[1]!, key: g[2].map { ($0, g[3]!) })
                    #expect(fewer.value(text) == "false", "'\(note)': fewer donations also did", sourceLocation: sourceLocation)
                }
                checked += 1
            } else if let g = groups(until, note) {
                let until = try #require(try? Date(g[0]!, strategy: .iso8601))
                session.setClock(g[0]!)
                #expect(session.value(text) == "true", "'\(note)': '\(text)' not true at the time", sourceLocation: sourceLocation)
                session.setClock(ISO8601DateFormatter().string(from: until.addingTimeInterval(1)))
                #expect(session.value(text) == "false", "'\(note)': '\(text)' still true a second later", sourceLocation: sourceLocation)
                checked += 1
            }
        }
        for child in node["children"] as? [[String: Any]] ?? [] {
            checked += try checkNotes(base, child, subject: subject, sourceLocation: sourceLocation)
        }
        return checked
    }
}

@Suite("Explain")
struct ExplainTests {
    static let examples = ["landmarks", "onboarding", "shop", "tipkit-docs"]

    @Test("every declaration of every example explains to its golden text", arguments: examples)
    func golden(example: String) throws {
        let session = try ExplainSession(example: example, now: "2026-11-30T12:00:00Z")
        var text = ""
        for declaration in session.session.program.declarations {
            text += session.session.explain(declaration.name, json: false, useColor: false).text + "---\n"
        }
        let path = "Tests/Goldens/explain-\(example).txt"
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try text.write(to: Fixture.root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        #expect(text == (try Fixture.read(path)))
    }

    @Test("what explanations say would change an answer does, at many clocks", arguments: examples)
    func claimsHold(example: String) throws {
        var checked = 0
        for now in ["2026-11-20T08:00:00Z", "2026-11-27T12:00:00Z", "2026-11-30T12:00:00Z", "2026-12-04T12:00:00Z", "2026-12-20T12:00:00Z"] {
            let session = try ExplainSession(example: example, now: now)
            for declaration in session.session.program.declarations {
                checked += try ClaimChecker.check(session, declaration.name)
            }
        }
        #expect(checked >= 3, "the examples should give claims to check")
    }

    @Test("a failed stream count says how many more donations it needs, and that is true")
    func needsMore() throws {
        let session = try ExplainSession(rules: """
        event didLogin
        parameter isLoggedIn: Bool = true
        rule frequentLogin = isLoggedIn && didLogin.donations.donatedWithin(.week).count >= 3
        """, log: """
        {"event": "didLogin", "date": "2026-11-28T09:00:00Z"}
        {"event": "didLogin", "date": "2026-11-10T09:00:00Z"}
        """, now: "2026-11-30T12:00:00Z")
        let text = session.session.explain("frequentLogin", json: false, useColor: false).text
        #expect(text.contains("needs 2 more 'didLogin' donations within the last week"))
        #expect(text.contains("2 more 'didLogin' donations within the last week would make it true"))
        #expect(text.contains("didLogin.donations 2 → .donatedWithin(.week) 1 (since 2026-11-23T12:00:00Z) → .count 1"))
        #expect(try ClaimChecker.check(session, "frequentLogin") >= 2)
    }

    @Test("a passing windowed rule says until when it stays true, and that is true")
    func staysTrue() throws {
        let session = try ExplainSession(rules: """
        event didLogin
        rule frequentLogin = didLogin.donations.donatedWithin(.week).count >= 2
        """, log: """
        {"event": "didLogin", "date": "2026-11-26T09:00:00Z"}
        {"event": "didLogin", "date": "2026-11-28T09:00:00Z"}
        {"event": "didLogin", "date": "2026-11-29T09:00:00Z"}
        """, now: "2026-11-30T12:00:00Z")
        let text = session.session.explain("frequentLogin", json: false, useColor: false).text
        #expect(text.contains("it stays true until 2026-12-05T09:00:00Z, when 2 counted donations have left the window (then false)"))
        #expect(try ClaimChecker.check(session, "frequentLogin") >= 2)
    }

    @Test("a window's start is shown in the evaluation's time zone")
    func zonedCutoff() throws {
        var session = try ExplainSession(rules: "event e\nlet n = e.donations.donatedWithin(.day).count\n", now: "2026-11-30T12:00:00Z")
        session.session.options.timeZone = TimeZone(identifier: "Europe/Paris")!
        let text = session.session.explain("n", json: false, useColor: false).text
        #expect(text.contains("(since 2026-11-29T13:00:00+01:00)"))
    }

    @Test("a group count names the group and how far it is from the threshold, and the hint is true")
    func groups() throws {
        let session = try ExplainSession(rules: """
        event view { id: Int, name: String }
        rule fan = view.donations.largestSubset(groupedBy: \\.id).count >= 4
        """, log: """
        {"event": "view", "date": "2026-11-28T09:00:00Z", "value": {"id": 7, "name": "Alps"}}
        {"event": "view", "date": "2026-11-28T10:00:00Z", "value": {"id": 7, "name": "Alps"}}
        {"event": "view", "date": "2026-11-29T09:00:00Z", "value": {"id": 3, "name": "Zion"}}
        """, now: "2026-11-30T12:00:00Z")
        let text = session.session.explain("fan", json: false, useColor: false).text
        #expect(text.contains("the largest group is id = 7, with 2 donations"))
        #expect(text.contains("needs 2 more 'view' donations with id = 7"))
        #expect(try ClaimChecker.check(session, "fan") >= 2)
    }

    @Test("a parameter that decides the result is named, and that is true")
    func parameters() throws {
        let session = try ExplainSession(rules: """
        parameter isLoggedIn: Bool = false
        parameter beta: Bool = true
        rule show = isLoggedIn && beta
        """, now: "2026-11-30T12:00:00Z")
        let explanation = try session.explanation("show")
        let changes = try #require((explanation["explanations"] as? [[String: Any]])?.first?["changes"] as? [String])
        #expect(changes == ["true if 'isLoggedIn' were true"], "'beta' is not evaluated, so it decides nothing")
        #expect(try ClaimChecker.check(session, "show") == 1)
    }

    @Test("short-circuited branches are not evaluated, and referenced declarations are explained once")
    func shortCircuitAndReferences() throws {
        let session = try ExplainSession(rules: """
        event e
        let none = e.donations.isEmpty
        rule r = none || e.donations.count > 5
        rule s = r && none && !none
        """, now: "2026-11-30T12:00:00Z")
        let text = session.session.explain("s", json: false, useColor: false).text
        #expect(text.contains("~~~~~~~~~~~~~~~~~~~~~ not evaluated"))
        #expect(text.contains("true  (rule r, explained below)"))
        #expect(text.contains("true  (let none, explained below)"))
        #expect(text.contains("true  (let none, shown above)"))
        #expect(text.components(separatedBy: "let none: Bool = true").count == 2, "each declaration is explained once")
    }

    @Test("only what the explained rule reads is compiled again, wherever its text stands in the file")
    func partialRecompile() throws {
        // Values that start with a prefix operator, span lines with comments, read lets
        // through lets, and end the file without a newline; declarations the rule never
        // reads around them. Each is parsed again from its place in the file.
        let session = try ExplainSession(rules: """
        event e { n: Int }
        let unread = e.donations.filter { $0.n > 1 }.count
        let big = e.donations.filter { $0.n > 2 } // a comment
        let many = -big.count < -1 &&
            /* a block comment */ big.map(\\.n).reduce(0, +) > 5
        rule alsoUnread = unread > 0
        rule r = !e.donations.isEmpty
            && many
        """, log: """
        {"event": "e", "date": "2026-11-29T10:00:00Z", "value": {"n": 3}}
        {"event": "e", "date": "2026-11-29T11:00:00Z", "value": {"n": 1}}
        {"event": "e", "date": "2026-11-29T12:00:00Z", "value": {"n": 4}}
        """, now: "2026-11-30T12:00:00Z")
        let text = session.session.explain("r", json: false, useColor: false).text
        #expect(text.hasPrefix("rule r: Bool = true"))
        #expect(text.contains("let many: Bool = true"))
        #expect(text.contains("let big: [Donation<e>] = 2 donations"))
        // The unfused calls, each a node of its own: the filter's pipeline, the map and the sum.
        #expect(text.contains("= e.donations 3 → .filter { $0.n > 2 } 2"))
        #expect(text.contains("~~~~~~~~~~~~ [3, 4]"))
        #expect(text.contains("~~~~~~~~~~~~~~~~~~~~~~~~~ 7"))
        #expect(!text.contains("unread"))
    }

    @Test("closures report a summary over their elements, never a line per element")
    func closures() throws {
        let session = try ExplainSession(rules: """
        event view { id: Int }
        let big = view.donations.filter { $0.id > 2 }.count
        let any = view.donations.contains { $0.id == 3 }
        let all = view.donations.allSatisfy { $0.id < 3 }
        """, log: (1...5).map { #"{"event": "view", "date": "2026-11-2\#($0)T09:00:00Z", "value": {"id": \#($0)}}"# }.joined(separator: "\n"),
           now: "2026-11-30T12:00:00Z")
        #expect(session.session.explain("big", json: false, useColor: false).text.contains("true for 3 of 5"))
        #expect(session.session.explain("any", json: false, useColor: false).text.contains("first true at element 3 of 3 tried: Donation(date: 2026-11-23T09:00:00Z, id: 3)"))
        #expect(session.session.explain("all", json: false, useColor: false).text.contains("false at element 3 of 3 tried: Donation(date: 2026-11-23T09:00:00Z, id: 3)"))
    }

    /// One rule per runtime-error kind, over one donation of `e`.
    static let runtimeErrors: [(code: String, rule: String)] = [
        ("R0101", "let r = Int.max - 1 + e.donations.count * 2"),
        ("R0102", "let r = 10 / (e.donations.count - 1)"),
        ("R0103", "let r = 10 % (e.donations.count - 1)"),
        ("R0104", "let r = e.donations.filter { _ in false }.first!.date"),
        ("R0105", "let r = [1, 2][e.donations.count + 4]"),
        ("R0106", "let r = Int(Double(e.donations.count) / 0)"),
        ("R0107", "let r = [1, 2].prefix(e.donations.count - 5)"),
        ("R0108", "let r = e.donations.donatedWithin(.days(e.donations.count - 5)).count"),
        ("R0109", "let r = (5...e.donations.count).contains(3)"),
        ("R0110", "let r = e.donations.donatedWithin(.years(Int.max / 2 + e.donations.count)).count"),
        ("R0111", "let r = e.donations.count + [1, 2, 3].map { x in x * 2 }.count"),
        ("R0112", "let r = e.donations.count + [1, 2, 3].map { x in x * 2 }.count"),
    ]

    @Test("every kind of runtime error is explained where it arose, with the values that led there", arguments: runtimeErrors)
    func runtimeError(code: String, rule: String) throws {
        var session = try ExplainSession(rules: "event e\n\(rule)\n", log: #"{"event": "e", "date": "2026-11-29T09:00:00Z"}"#, now: "2026-11-30T12:00:00Z")
        if code == "R0111" { session.session.options.stepBudget = 10 }
        if code == "R0112" {
            // A total smaller than one declaration's budget: the total is what runs out.
            session.session.options.stepBudget = 100
            session.session.options.totalStepBudget = 10
        }
        let explanation = try session.explanation("r")
        let declaration = try #require((explanation["explanations"] as? [[String: Any]])?.first)
        #expect((declaration["error"] as? [String: Any])?["code"] as? String == code)
        #expect((declaration["error"] as? [String: Any])?["file"] as? String == session.rulesName, "errors are located in the rule file")
        // The node where it arose carries the error; the operands before it have their values.
        func failing(_ node: [String: Any]) -> [String: Any]? {
            if (node["error"] as? [String: Any])?["code"] as? String == code { return node }
            return (node["children"] as? [[String: Any]] ?? []).lazy.compactMap(failing).first
        }
        let tree = try #require(declaration["tree"] as? [String: Any])
        let node = try #require(failing(tree), "no node carries \(code)")
        let children = node["children"] as? [[String: Any]] ?? []
        if code != "R0111" && code != "R0112" {
            #expect(children.contains { $0["value"] != nil || $0["count"] != nil }, "the values that led to \(code) are shown")
        }
        let text = session.session.explain("r", json: false, useColor: false).text
        #expect(text.contains("error: "))
    }

    @Test("the command line, the REPL and the library give the same explanation")
    func threeWaysAgree() throws {
        var tool = CommandLineTool()
        tool.workingDirectory = Fixture.root.path
        let arguments = ["Examples/landmarks/landmarks.rules", "showMapTip", "--donations", "Examples/landmarks/donations.ndjson", "--now", "2026-12-03T10:00:00Z"]
        let command = tool.run(["explain"] + arguments)
        #expect(command.status == 0)
        #expect(command.stdout.contains("what would change it:"))

        let session = try ExplainSession(example: "landmarks", now: "2026-12-03T10:00:00Z")
        var repl = session.session
        #expect(repl.answer(":explain showMapTip").text == command.stdout)

        let rules = try RuleSet(contentsOfFile: "Examples/landmarks/landmarks.rules".withRoot)
        let engine = RuleEngine(rules: rules, clock: .fixed(try Date("2026-12-03T10:00:00Z", strategy: .iso8601)))
        let log = try Fixture.read("Examples/landmarks/donations.ndjson")
        #expect(try engine.loadDonations(ndjson: Array(log.utf8)).isEmpty)
        let library = try engine.explain("showMapTip")
        #expect(library.text().replacingOccurrences(of: Fixture.root.path + "/", with: "") == command.stdout)
        #expect(library.changes == ["2 more 'didLogin' donations within the last week would make it true"])
        #expect(library.result.value == .bool(false))
        #expect(tool.run(["explain", "--json"] + arguments).stdout == repl.explain("showMapTip", json: true, useColor: false).text)
    }

    @Test("the README's explanation is what explain prints")
    func readme() throws {
        let readme = try Fixture.read("README.md")
        let start = try #require(readme.range(of: "```explain-session\n"), "the README has no explanation")
        let end = try #require(readme[start.upperBound...].range(of: "```"))
        let block = readme[start.upperBound..<end.lowerBound]
        let command = try #require(block.split(separator: "\n").first)
        let prefix = "$ swift run tiprules "
        #expect(command.hasPrefix(prefix))
        var tool = CommandLineTool()
        tool.workingDirectory = Fixture.root.path
        let output = tool.run(command.dropFirst(prefix.count).split(separator: " ").map(String.init))
        #expect(output.status == 0)
        #expect(String(block.dropFirst(command.count + 1)) == output.stdout)
    }

    @Test("explain colours its text only when asked or on a terminal")
    func color() {
        var tool = CommandLineTool()
        tool.workingDirectory = Fixture.root.path
        let arguments = ["explain", "Examples/landmarks/landmarks.rules", "frequentLogin", "--now", "2026-12-03T10:00:00Z"]
        #expect(!tool.run(arguments).stdout.contains("\u{1B}["))
        #expect(tool.run(arguments + ["--color", "always"]).stdout.contains("\u{1B}[1;31mfalse"))
        tool.colorsOutput = true
        #expect(tool.run(arguments).stdout.contains("\u{1B}["))
        #expect(!tool.run(arguments + ["--color=never"]).stdout.contains("\u{1B}["))
    }

    @Test("explain refuses what it cannot explain, and says why")
    func refusals() throws {
        var tool = CommandLineTool()
        tool.workingDirectory = Fixture.root.path
        let rules = "Examples/landmarks/landmarks.rules"
        #expect(tool.run(["explain", rules]).stderr.contains("give a rule file and the name of a let or rule"))
        #expect(tool.run(["explain", rules, "frequentLogn"]).stderr.contains("did you mean 'frequentLogin'?"))
        #expect(tool.run(["explain", rules, "didLogin"]).stderr.contains("'didLogin' is an event"))
        #expect(tool.run(["explain", rules, "frequentLogin", "--now", "soon"]).status == 2)
        var session = try ExplainSession(example: "landmarks", now: "2026-12-03T10:00:00Z")
        let answer = session.session.answer(":explain nope")
        #expect(answer.kind == .error)
        #expect(answer.diagnostics.first?.file.name == "<repl>")
        #expect(answer.diagnostics.first?.location.column == 10)
    }
}

private extension String {
    var withRoot: String { Fixture.root.appendingPathComponent(self).path }
}
