import Foundation
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// Every diagnostic the compiler can produce, each triggered once and found at its exact line
/// and column. A test fails when a message is added without an entry here.
@Suite("Diagnostic catalog")
struct DiagnosticCatalogTests {
    /// Declarations the checker entries can use; they end on line 3.
    static let prelude = "event e { id: Int, name: String, note: String? }\nparameter p: Int = 1\nparameter s: String? = nil\n"

    /// code → (source after the prelude, expected "line:column").
    static let catalog: [String: (String, String)] = [
        "E0101": ("let x = 1 /* open", "4:11"),
        "E0102": ("let x = \"open", "4:9"),
        "E0103": ("let x = \u{FFFD}", "4:9"),  // the U+FFFD is replaced by the byte 0xFF
        "E0104": ("let x = 1 @ 2", "4:11"),
        "E0105": ("let x = `1`", "4:9"),
        "E0106": ("let x = $", "4:9"),
        "E0107": ("let x = #", "4:9"),
        "E0108": ("let x = 0x", "4:9"),
        "E0109": ("let x = 1e+", "4:9"),
        "E0110": ("let x = 0x1.8", "4:9"),
        "E0111": ("let x = 0b102", "4:13"),
        "E0112": ("let x = \"\"\"\nabc\n\"\"\"", "4:9"),
        "E0113": ("let x = \"a\u{7}b\"", "4:11"),
        "E0114": ("let x = \"\\u{}\"", "4:10"),
        "E0115": ("let x = \"\\u{D800}\"", "4:10"),
        "E0116": ("let x = \"\\(p)\"", "4:10"),
        "E0117": ("let x = \"\\q\"", "4:10"),
        "E0118": ("let x = 'Alps'", "4:9"),
        "E0201": ("let x = (1", "4:11"),
        "E0202": ("!x = 1", "1:1"),  // "!": without the prelude
        "E0203": ("let x = p <> 1", "4:11"),
        "E0204": ("let x = p < 1 < 2", "4:15"),
        "E0206": ("let x = " + String(repeating: "(", count: 200) + "1" + String(repeating: ")", count: 200), "4:73"),
        "E0210": ("// " + String(repeating: "x", count: 1 << 20), "1:1"),
        "E0207": ("tip T", "4:1"),
        "E0208": ("let x = p -1", "4:11"),
        "E0209": ("let x = s?", "4:10"),
        "E0211": ("let x = 1 2", "4:11"),
        "E0213": ("let x = - 1", "4:9"),
        "E0214": ("event g { let a: Int }", "4:11"),
        "E0215": ("let x = [true].reduce(true, &&)", "4:29"),
        "E0216": ("let x = 1 + if p > 0 { 1 } else { 2 }", "4:13"),
        "E0217": ("let x = if p > 0 { 1 }", "4:9"),
        "E0218": ("let in = 1", "4:5"),
        "E0219": ("func f() -> Int { 1 }", "4:1"),
        "E0301": ("let x = nope", "4:9"),
        "E0302": ("let x = p.nope", "4:11"),
        "E0303": ("let p = 2", "4:5"),
        "E0304": ("let a = b\nlet b = a", "5:9"),
        "E0305": ("rule r = p", "4:10"),
        "E0306": ("let x = e.donations.prefix(\"a\")", "4:28"),
        "E0307": ("let x = p + \"a\"", "4:9"),
        "E0308": ("let x = -\"a\"", "4:9"),
        "E0309": ("let x = s.count", "4:9"),
        "E0362": ("let x = s.map { $0.count } ?? 0", "4:11"),
        "E0310": ("let x = p!", "4:10"),
        "E0311": ("let x = p?.x", "4:10"),
        "E0312": ("let x = nil", "4:9"),
        "E0313": ("let x = e.donations.prefix(upTo: 1)", "4:21"),
        "E0314": ("let x = e.donations.sorted", "4:21"),
        "E0315": ("let x = e.donations.count()", "4:9"),
        "E0316": ("let x = (p)(1)", "4:9"),
        "E0317": ("let x = e.donations.min()", "4:21"),
        "E0318": ("let x = { 1 }", "4:9"),
        "E0319": ("let x = \\.id", "4:9"),
        "E0320": ("let x = e.donations.filter { a, b in true }", "4:28"),
        "E0321": ("let x = e.donations.filter { true }", "4:28"),
        "E0322": ("let x = $0", "4:9"),
        "E0323": ("let x = e.donations.filter { d in $0.id > 1 }", "4:35"),
        "E0324": ("let x = $q", "4:9"),
        "E0325": ("let x = .week", "4:9"),
        "E0326": ("let x = e.donations.donatedWithin(.fortnight)", "4:36"),
        "E0327": ("let x = Date", "4:9"),
        "E0328": ("let x = abs", "4:9"),
        "E0363": ("let x = [1, -2].reduce(0, abs)", "4:27"),
        "E0364": ("let x = [\"a\"].map { (t: Int) in t }", "4:25"),
        "E0365": ("let x = [1].filter { n -> Int in n }", "4:27"),
        "E0329": ("let x = p[0]", "4:9"),
        "E0330": ("let x = p > 0 ? 1 : \"a\"", "4:9"),
        "E0331": ("let x = []", "4:9"),
        "E0332": ("let x = [1, \"a\"]", "4:10"),
        "E0333": ("event f { a: Integer }", "4:14"),
        "E0334": ("event f { a: [Int] }", "4:14"),
        "E0335": ("event f { a: Int, a: Int }", "4:19"),
        "E0355": ("event f { date: Date }", "4:11"),
        "E0356": ("let x = Date(timeIntervalSince1970: 0)", "4:9"),
        "E0357": ("let x = [1].reduce(0) { $0 + 1 }", "4:23"),
        "E0358": ("let x = e.donations.donatedWithin(.weeks)", "4:36"),
        "E0359": ("let x = if p > 0 { 1 } else { 2.5 }", "4:20"),
        "E0360": ("let x = Set<Int>(1, 2)", "4:9"),
        // An expression (after '|') checked against the declarations that compile: `eval --expr`.
        "E0361": ("let b = nope\nlet c = b|c + 1", "1:1"),
        "E0336": ("event f(limt: 2)", "4:9"),
        "E0337": ("event f(limit: -2)", "4:16"),
        "E0338": ("event f(maxAge: 3)", "4:17"),
        "E0339": ("parameter q: Int = p", "4:20"),
        "E0340": ("let x = 99999999999999999999", "4:9"),
        "E0341": ("let x = 9223372036854775807 + 1", "4:9"),
        "E0342": ("let x = p / 0", "4:9"),
        "E0343": ("let x = Int(1e300)", "4:13"),
        "E0344": ("let x = 2.5 % 2.0", "4:9"),
        "E0345": ("let x = #Rule(p) { $0 > 1 }", "4:15"),
        "E0349": ((0..<600).map { "let a\($0) = a\($0 + 1)" }.joined(separator: "\n") + "\nlet a600 = 0", "Any"),
        "E0351": ("let x = e.donations.map(\\.name.lowercased)", "4:32"),
        "E0352": ("let x = min(1, \"a\")", "4:13"),
        "E0353": ("let x = e.donations.prefix(nil)", "4:28"),
        "E0354": ("let x = e.donations.filter(p)", "4:28"),
        "W0201": ("let x = if [1].contains { $0 > 0 } { 1 } else { 2 }", "4:25"),
        "W0301": ("let x = 1e999", "4:9"),
        "W0302": ("let x = p == nil", "4:9"),
        "W0303": ("let x = p ?? 2", "4:9"),
    ]

    @Test("each diagnostic appears at its line and column", arguments: Array(catalog.keys).sorted())
    func diagnostic(code: String) throws {
        let location = try #require(DiagnosticCatalogTests.catalog[code]).1
        let diagnostics = try Self.diagnostics(of: code, RuleCompiler())
        let match = diagnostics.first { $0.code == code }
        #expect(match != nil, "\(code) not produced; got \(diagnostics.map { "\($0.code) \($0.location) \($0.message)" })")
        if location != "Any" {
            #expect(match?.location.description == location)
        }
        #expect(match.map { $0.message.first?.isLowercase == true || $0.message.first == "'" } == true, "messages start in lower case")
        #expect(match.map { !$0.message.hasSuffix(".") } == true, "messages have no final period")
    }

    @Test("the catalog covers every diagnostic code the compiler defines")
    func complete() throws {
        var codes: Set<String> = []
        // The compiler's messages live with the phases that report them: lexer and parser in the
        // syntax layer, the checker in the semantics layer.
        for folder in ["Sources/TipRulesSyntax/Diagnostics", "Sources/TipRulesSemantics/Checker"] {
            let directory = Fixture.root.appendingPathComponent(folder)
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix("Messages.swift") {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let pattern = try NSRegularExpression(pattern: "\"([EW]0[0-9]{3})\"")
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                codes.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        }
        #expect(codes == Set(DiagnosticCatalogTests.catalog.keys))
    }

    /// `tiprules check` compiles without fusing (see `CheckCommand`): that is right only while
    /// fusing reports nothing of its own.
    @Test("fusing adds, removes and moves no diagnostic", arguments: Array(catalog.keys).sorted())
    func fusingReportsNothing(code: String) throws {
        let fused = try Self.diagnostics(of: code, RuleCompiler())
        let unfused = try Self.diagnostics(of: code, RuleCompiler(optimizes: false))
        #expect(!fused.isEmpty)
        #expect(DiagnosticRenderer().render(fused) == DiagnosticRenderer().render(unfused))
    }

    /// The diagnostics of a catalog entry's source (after the prelude, unless it starts with
    /// `!`), or of the expression after its `|` against the program of the source, salvaged.
    static func diagnostics(of code: String, _ compiler: RuleCompiler) throws -> [Diagnostic] {
        let source = try #require(catalog[code]).0
        let parts = source.split(separator: "|", maxSplits: 1).map(String.init)
        let text = parts[0].hasPrefix("!") ? String(parts[0].dropFirst()) : prelude + parts[0]
        var bytes = Array(text.utf8)
        if code == "E0103", let start = bytes.firstIndex(of: 0xEF) { bytes.replaceSubrange(start..<(start + 3), with: [0xFF]) }
        guard parts.count == 2 else { return compiler.compile(SourceFile(name: "catalog.rules", bytes: bytes)).diagnostics }
        let salvaged = compiler.compileSalvaging(SourceFile(name: "catalog.rules", bytes: bytes))
        let program = try #require(salvaged.program)
        return compiler.compileExpression(SourceFile(name: "<expr>", text: parts[1]), in: program, unavailable: salvaged.omitted).diagnostics
    }

    @Test("the renderer shows the line, a caret under the range, fix-its and notes")
    func rendering() {
        let source = "event didLogin\nparameter isLoggedIn: Bool = false\n\trule r = isLogedIn && didLogin.donations.count > 1"
        let diagnostics = Fixture.compile(source, name: "app.rules").diagnostics
        #expect(DiagnosticRenderer().render(diagnostics) == """
        app.rules:3:11: error[E0301]: cannot find 'isLogedIn' in scope
         3 |  rule r = isLogedIn && didLogin.donations.count > 1
           |           ^~~~~~~~~
           = help: did you mean 'isLoggedIn'?
        app.rules:2:11: note: 'isLoggedIn' declared here
         2 | parameter isLoggedIn: Bool = false
           |           ^~~~~~~~~~

        """)
    }

    @Test("columns count characters, not bytes")
    func unicodeColumns() {
        let diagnostics = Fixture.compile("let café = \"é\" + nope", name: "u.rules").diagnostics
        #expect(diagnostics.map { "\($0.location)" } == ["1:18"])
        #expect(DiagnosticRenderer().render(diagnostics).contains("\n   |                  ^~~~\n"))
    }

    @Test("a runtime error renders like a compile-time one")
    func runtimeRendering() throws {
        let program = try #require(Fixture.compile("parameter n: Int = 0\nlet x = 10 / n", name: "r.rules").program)
        var evaluation = Evaluation(program: program, donations: DonationStore(program: program))
        guard case .failure(let error)? = evaluation.evaluate("x")?.outcome else { Issue.record("expected failure"); return }
        #expect(DiagnosticRenderer().render(error) == """
        r.rules:2:9: error[R0102]: division by zero
         2 | let x = 10 / n
           |         ^~~~~~

        """)
    }
}

@Suite("Terminal safety")
struct TerminalSafetyTests {
    @Test("control characters from hostile input never reach the terminal raw")
    func controlCharacters() {
        let diagnostics = Fixture.compile("let x = \"\\\u{1B}[31m\" + \u{1B}", name: "evil\u{7}.rules").diagnostics
        let rendered = DiagnosticRenderer().render(diagnostics)
        #expect(!rendered.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(rendered.contains("\u{FFFD}"))
        var store = DonationStore(events: [])
        let issues = DonationLog.load(Array("{\"event\": \"\\u001b[2J\", \"date\": \"2026-11-29T10:00:00Z\"}".utf8), fileName: "log", into: &store)
        #expect(issues.count == 1)
        #expect(!issues[0].description.unicodeScalars.contains { $0.value == 0x1B })
    }
}

@Suite("Long lines")
struct LongLineTests {
    @Test("a very long line is shown as a window with the caret under the problem")
    func window() throws {
        let source = "let x = \"" + String(repeating: "a", count: 12_000) + "\" + nope + \"b\""
        let diagnostics = Fixture.compile(source, name: "long.rules").diagnostics
        let rendered = DiagnosticRenderer().render(diagnostics)
        let lines = rendered.split(separator: "\n").map(String.init)
        #expect(lines[0] == "long.rules:1:12014: error[E0301]: cannot find 'nope' in scope")
        let excerpt = try #require(lines.first { $0.hasPrefix(" 1 | ") })
        let marker = try #require(lines.first { $0.contains("^") })
        #expect(excerpt.count < 200)
        #expect(excerpt.contains("…"))
        let caret = marker.firstIndex(of: "^")!
        let offset = marker.distance(from: marker.startIndex, to: caret)
        let underCaret = excerpt[excerpt.index(excerpt.startIndex, offsetBy: offset)...].prefix(4)
        #expect(underCaret == "nope")
    }

    @Test("a million stray characters give a hundred diagnostics and a count, without recursion")
    func manyErrors() {
        let compilation = Fixture.compile("let x = " + String(repeating: "@", count: 1_000_000))
        #expect(compilation.diagnostics.count == 100)
        // ... plus the parser's "expected an expression" at the end.
        #expect(compilation.suppressedCount == 999_901)
    }
}

/// Fix-its as an editor applies them: read from `check --json`, ranges in lines and columns
/// (Unicode scalars, end exclusive), each applied alone to the source, which is checked again.
@Suite("Fix-its")
struct FixItTests {
    static let cases: [String] = DiagnosticCatalogTests.catalog.keys.sorted()

    @Test("every fix-it in the catalogue, applied from the JSON, removes its diagnostic", arguments: cases)
    func applied(code: String) throws {
        let (source, _) = try #require(DiagnosticCatalogTests.catalog[code])
        guard !source.contains("|"), code != "E0103", code != "E0210" else { return }
        let text = source.hasPrefix("!") ? String(source.dropFirst()) : DiagnosticCatalogTests.prelude + source
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tiprules-fixit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("c.rules").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let output = CommandLineTool().run(["check", "--json", path])
        let objects = try output.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        for object in objects where object["code"] as? String == code {
            for fixIt in object["fixIts"] as? [[String: Any]] ?? [] {
                let fixed = try apply(fixIt, to: text)
                let before = count(code, in: text)
                let after = count(code, in: fixed)
                #expect(after < before, "\(code): '\(fixIt["message"] ?? "")' gives \(fixed.debugDescription), still \(after) \(code)")
            }
        }
    }

    @Test("the catalogue has fix-its to apply")
    func present() {
        let withFixIts = FixItTests.cases.filter { code in
            guard let (source, _) = DiagnosticCatalogTests.catalog[code], !source.contains("|") else { return false }
            let text = source.hasPrefix("!") ? String(source.dropFirst()) : DiagnosticCatalogTests.prelude + source
            return RuleCompiler().compile(SourceFile(name: "c.rules", text: text)).diagnostics.contains { $0.code == code && !$0.fixIts.isEmpty }
        }
        #expect(withFixIts.count >= 14, "\(withFixIts)")
    }

    private func count(_ code: String, in text: String) -> Int {
        RuleCompiler().compile(SourceFile(name: "c.rules", text: text)).diagnostics.filter { $0.code == code }.count
    }

    /// Replaces the fix-it's range, given as 1-based lines and columns of Unicode scalars.
    private func apply(_ fixIt: [String: Any], to text: String) throws -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        func offset(_ line: Int, _ column: Int) -> Int {
            lines[0..<(line - 1)].reduce(0) { $0 + $1.count + 1 } + column - 1
        }
        let start = offset(try #require(fixIt["line"] as? Int), try #require(fixIt["column"] as? Int))
        let end = offset(try #require(fixIt["endLine"] as? Int), try #require(fixIt["endColumn"] as? Int))
        var scalars = Array(text.unicodeScalars)
        let replacement = try #require(fixIt["replacement"] as? String)
        scalars.replaceSubrange(start..<end, with: Array(replacement.unicodeScalars))
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }
}
