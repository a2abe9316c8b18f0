import Foundation
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// `RuleCompiler.compile(appending:of:to:)`, how a REPL session adds declarations without
/// compiling the ones it holds again: whenever it gives a program, that program must be the
/// one compiling the whole text gives; otherwise it must give nil, so the whole text is
/// compiled and its diagnostics reported as always.
@Suite("Appended declarations")
struct AppendedDeclarationTests {
    static let base = """
        event didLogin
        event viewed { id: Int, name: String, rating: Double? }
        parameter isLoggedIn: Bool = true
        let viewedIDs = viewed.donations.map(\\.id)
        let recent = viewed.donations.donatedWithin(.week)
        rule busy = recent.count >= 3 && isLoggedIn

        """

    /// The program compiled from `base` alone, and the whole text compiled after `added` is
    /// appended, both ways.
    static func compiled(_ added: String) throws -> (appended: CompiledProgram?, whole: Compilation) {
        let compiler = RuleCompiler()
        let program = try #require(compiler.compile(SourceFile(name: "<session>", text: base)).program)
        let file = SourceFile(name: "<session>", text: base + added)
        let range = SourceRange(start: program.file.bytes.count, end: file.bytes.count)
        return (compiler.compile(appending: range, of: file, to: program), compiler.compile(file))
    }

    /// The same where `earlier`'s last declaration, which starts at its last line, is typed
    /// again as `added`.
    static func replaced(_ earlier: String, _ added: String) throws -> (appended: CompiledProgram?, whole: Compilation) {
        let compiler = RuleCompiler()
        let program = try #require(compiler.compile(SourceFile(name: "<session>", text: earlier)).program)
        let lines = earlier.split(separator: "\n", omittingEmptySubsequences: false)
        let kept = lines.dropLast(2).joined(separator: "\n") + "\n"
        let file = SourceFile(name: "<session>", text: kept + added)
        let range = SourceRange(start: kept.utf8.count, end: file.bytes.count)
        return (compiler.compile(appending: range, of: file, to: program, replacingLast: true), compiler.compile(file))
    }

    /// What a program says of each declaration, typed trees written out in full.
    static func summary(_ program: CompiledProgram) -> [String] {
        program.declarations.enumerated().map { index, declaration in
            "\(declaration.name) \(declaration.kind) \(declaration.type) \(declaration.nameRange) \(program.declarationIndex(declaration.name) == index) "
                + "mapped: \(program.mappedDeclarations[index] != nil) \(String(describing: declaration.body))"
        } + ["depth \(program.evaluationDepth)", "events \(program.events.map(\.id)) \(program.events.map { $0.file == program.file })",
             "parameters \(program.parameters.map(\.name))"]
    }

    @Test("new lets and rules give the program a whole compile gives", arguments: [
        "rule keen = viewed.donations.largestSubset(groupedBy: \\.id).count >= 3 && isLoggedIn\n",
        // Read in an order other than the text's: checked dependencies first.
        "rule late = early > 2\nlet early = lateCount + 1\nlet lateCount = didLogin.donations.count\n",
        // A `let` the optimizer reads from its columns, read by a rule appended with it.
        "let names = viewed.donations.map(\\.name)\nrule named = names.contains(\"Zion\") || viewedIDs.contains(4)\n",
        "rule rated = viewed.donations.reduce(0.0) { $0 + ($1.rating ?? 0) } > 10 && busy\n",
        "let a = 1\nlet b = a + 1\nlet c = b + a\nlet d = c * b\nrule deep = d > 3\n",
    ])
    func sameProgram(added: String) throws {
        let (appended, whole) = try Self.compiled(added)
        let wholeProgram = try #require(whole.program, "\(whole.diagnostics)")
        #expect(whole.diagnostics.isEmpty)
        let program = try #require(appended, "appending gave way to a whole compile")
        #expect(Self.summary(program) == Self.summary(wholeProgram))
        #expect(program.file.bytes == wholeProgram.file.bytes)
    }

    @Test("anything but new lets and rules that compile cleanly is left to a whole compile", arguments: [
        "event opened\n",
        "parameter level: Int = 1\n",
        "rule busy = true\n",  // a name the program declares
        "let twice = 1\nlet twice = 2\n",
        "let x = y\nlet y = x\n",  // a cycle
        "rule selfish = selfish\n",
        "rule wrong = viewed.donations.cont > 2\n",  // an error
        "let unused = 1 ?? 2\n",  // a warning
        "rule broken = (\n",  // a syntax error
    ])
    func wholeCompile(added: String) throws {
        let (appended, whole) = try Self.compiled(added)
        #expect(appended == nil)
        // (The whole compile reports what is wrong, or, for the event and parameter, accepts it.)
        #expect(!whole.diagnostics.isEmpty || added.hasPrefix("event") || added.hasPrefix("parameter"))
    }

    @Test("the last declaration typed again gives the program a whole compile gives", arguments: [
        ("rule latest = viewedIDs.count > 1\n", "rule latest = viewedIDs.count > 2 && busy\n"),
        ("rule latest = viewedIDs.count > 1\n", "let latest = viewedIDs.count\nrule more = latest > 2\n"),
        ("let tally = recent.count\nrule latest = tally > 1\n", "let latest = tally * 2\n"),
        ("let names = viewed.donations.map(\\.name)\n", "let names = viewed.donations.map(\\.id)\nrule ids = names.contains(3)\n"),
    ])
    func sameProgramReplacingLast(earlier: String, added: String) throws {
        let (appended, whole) = try Self.replaced(Self.base + earlier, added)
        let wholeProgram = try #require(whole.program, "\(whole.diagnostics)")
        #expect(whole.diagnostics.isEmpty)
        let program = try #require(appended, "replacing gave way to a whole compile")
        #expect(Self.summary(program) == Self.summary(wholeProgram))
    }

    @Test("a last declaration that another reads, or that an event follows, is left to a whole compile", arguments: [
        ("rule early = lateOne > 0\nlet lateOne = 1\n", "let lateOne = 2\n"),
        ("rule latest = true\nevent later\n", "rule latest = false\n"),
        ("rule latest = true\n", "rule latest = latest\n"),
    ])
    func wholeCompileReplacingLast(earlier: String, added: String) throws {
        let (appended, _) = try Self.replaced(Self.base + earlier, added)
        #expect(appended == nil)
    }

    @Test("text before the range that is not the program's own is left to a whole compile")
    func otherPrefix() throws {
        let compiler = RuleCompiler()
        let program = try #require(compiler.compile(SourceFile(name: "<session>", text: Self.base)).program)
        let changed = Self.base.replacingOccurrences(of: ">= 3", with: ">= 4") + "rule extra = busy\n"
        let file = SourceFile(name: "<session>", text: changed)
        #expect(compiler.compile(appending: SourceRange(start: program.file.bytes.count, end: file.bytes.count), of: file, to: program) == nil)
    }

    /// Two REPL sessions of `text` loaded from one file, and the file's path.
    static func sessions(_ text: String, _ body: (inout ReplDriver, inout ReplDriver, String) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "tiprules-appended-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/app.rules"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var tool = CommandLineTool()
        tool.workingDirectory = Fixture.root.path
        let arguments = [path, "--now", "2026-11-29T10:00:00Z"]
        guard case .run(var first, _) = ReplCommand(tool: tool).prepare(arguments, interactive: false),
              case .run(var second, _) = ReplCommand(tool: tool).prepare(arguments, interactive: false) else {
            Issue.record("the REPL did not start")
            return
        }
        try body(&first, &second, path)
    }

    /// A REPL session of `text` loaded from a file, and the file's path.
    static func session(_ text: String, _ body: (inout ReplDriver, String) throws -> Void) throws {
        try sessions(text) { driver, _, path in try body(&driver, path) }
    }

    @Test("a loaded file's warnings are shown once, when it loads; a change shows its own and those it causes")
    func warnings() throws {
        try Self.session(Self.base + "let noisy = 1 ?? 2\n") { driver, path in
            func located(_ diagnostics: [Diagnostic]) -> [String] {
                diagnostics.filter { $0.severity == .warning }.map { "\($0.file.name == path ? "file" : $0.file.name):\($0.range.start)" }
            }
            func warnings(_ input: String) -> [String] { located(driver.session.answer(input).diagnostics) }
            let inFile = located(driver.startupDiagnostics)
            #expect(inFile.count == 1 && inFile.allSatisfy { $0.hasPrefix("file:") })
            // Not again at every change, whether checked alone or with the whole session.
            #expect(warnings("rule added = true") == [])
            #expect(warnings("rule more = noisy > 6 || added") == [])
            #expect(warnings("let w = 5 ?? 6") == ["<repl>:8"])
            // Typed again, the same text's warning is the new text's own.
            #expect(warnings("let w = 5 ?? 6") == ["<repl>:8"])
            #expect(warnings("let w = 7") == [])
            #expect(warnings("rule added = w > 6") == [])
            #expect(driver.session.answer("more").text == "Bool = true\n")
            // A refused change shows its error, not the warnings shown before.
            #expect(warnings("rule broken = missing > 1") == [])
            // A change that gives another declaration a warning shows it there.
            #expect(warnings("let since = viewed.donations.first?.date") == [])
            #expect(warnings("rule never = since == nil") == [])
            #expect(warnings("let since = Date.now") == ["<repl>:13"])
            // Reading the file again shows its warnings again, as loading it did.
            #expect(warnings(":reload") == inFile)
        }
    }

    /// A line of a random REPL session: new lets and rules reading earlier ones, the latest
    /// typed again, earlier ones replaced, errors, warnings, cycles, events, donations and
    /// evaluations.
    static func randomLine(_ random: inout RobustnessTests.Random, declared: inout [String], latest: inout String?) -> String {
        let name = "v\(declared.count)"
        let some = declared.isEmpty ? "viewedIDs.count" : declared[random.below(declared.count)]
        let k = random.below(5)
        let values = ["viewed.donations.count", "\(some) + \(k)", "viewedIDs.filter { $0 == \(k) }.count", "recent.count * \(k)",
                      "\(some) ?? \(k)", "\(some).cont", "\(name) + 1", "viewed.donations.reduce(0) { $0 + $1.id }"]
        switch random.below(12) {
        case 0, 1, 2, 3:
            declared.append(name)
            latest = name
            return "let \(name) = \(values[random.below(values.count)])"
        case 4:
            let rule = "r\(declared.count)"
            latest = rule
            return "rule \(rule) = \(some) > \(k) && busy"
        case 5, 6:
            guard let latest else { return some }
            return latest.hasPrefix("r") ? "rule \(latest) = \(some) >= \(k)" : "let \(latest) = \(values[random.below(4)])"
        case 7: return "let \(some) = \(k)"
        case 8: return ":donate viewed {\"id\": \(k), \"name\": \"Zion\"}"
        case 9: return random.below(4) == 0 ? "event e\(declared.count)" : ":rules"
        default: return some
        }
    }

    @Test("random sessions answer the same whether declarations are checked alone or with the whole session")
    func sameAnswers() throws {
        let renderer = DiagnosticRenderer()
        for seed in 1...24 {
            try Self.sessions(Self.base + (seed % 3 == 0 ? "let noisy = 1 ?? 2\n" : "")) { alone, whole, _ in
                whole.session.checksDeclarationsAlone = false
                var random = RobustnessTests.Random(state: UInt64(seed))
                var declared: [String] = []
                var latest: String?
                for _ in 0..<50 {
                    let line = Self.randomLine(&random, declared: &declared, latest: &latest)
                    let (a, b) = (alone.session.answer(line), whole.session.answer(line))
                    #expect(a.kind == b.kind && a.text == b.text, "seed \(seed): \(line)")
                    #expect(renderer.render(a.diagnostics) == renderer.render(b.diagnostics), "seed \(seed): \(line)")
                    #expect(a.fields.map { "\($0)=\($1)" } == b.fields.map { "\($0)=\($1)" }, "seed \(seed): \(line)")
                }
            }
        }
    }

    @Test("a REPL session adds declarations to a loaded file and evaluates old and new alike")
    func replSession() throws {
        try Self.session(Self.base) { driver, path in
            for id in [4, 4, 7] {
                #expect(driver.session.answer(":donate viewed {\"id\": \(id), \"name\": \"Zion\", \"rating\": 4.5}").failed == false)
            }
            // Evaluated before a declaration is added, so the loaded declarations' node trees exist.
            #expect(driver.session.answer("busy").text == "Bool = true\n")
            #expect(driver.session.answer("let total = viewed.donations.reduce(0.0) { $0 + ($1.rating ?? 0) }").text == "let total: Double = 13.5\n")
            #expect(driver.session.answer("rule keen = viewedIDs.filter { $0 == 4 }.count == 2 && busy && total > 13").text == "rule keen: Bool = true\n")
            #expect(driver.session.answer("busy").text == "Bool = true\n")
            #expect(driver.session.answer("viewedIDs").text == "[Int] = [4, 4, 7]\n")
            #expect(driver.session.answer("keen && !(total < 13)").text == "Bool = true\n")
            // An error in a new declaration is reported as before, and changes nothing.
            let refused = driver.session.answer("rule odd = total.cont")
            #expect(refused.kind == .error)
            #expect(refused.diagnostics.first?.file.name == "<repl>")
            #expect(driver.session.answer("total").text == "Double = 13.5\n")
            // The latest declaration typed again, again and again.
            for threshold in [1, 2, 3] {
                #expect(driver.session.answer("rule latest = viewedIDs.count > \(threshold) && busy").failed == false)
                #expect(driver.session.answer("latest").text == "Bool = \(threshold < 3)\n")
            }
            #expect(driver.session.answer(":rules").text.hasSuffix("rule keen: Bool = true\nrule latest: Bool = false\n"))
            // A redeclared name still replaces the declaration, read by what depends on it.
            #expect(driver.session.answer("let total = 1.0").failed == false)
            #expect(driver.session.answer("keen").text == "Bool = false\n")
            // An event's declaration is still found where the session's text has it.
            let wrongPayload = driver.session.answer(":donate viewed {\"id\": \"four\"}")
            #expect(wrongPayload.kind == .error)
            let notes = wrongPayload.diagnostics.flatMap(\.notes)
            #expect(!notes.isEmpty && notes.allSatisfy { $0.file.name == path })
        }
    }
}
