import Foundation
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// A seeded, grammar-aware generator of rule files: mostly well-typed programs over a fixed
/// schema (so the checker and evaluator are reached), with a share of random productions that
/// rarely type-check (so diagnostics are reached too).
struct ProgramGenerator {
    var random: RobustnessTests.Random
    let schema = """
    event login
    event view(limit: 40, maxAge: .days(20)) { id: Int, name: String, score: Double, note: String?, seen: Bool, at: Date? }
    parameter flag: Bool = true
    parameter level: Int = -3
    parameter label: String? = "x"

    """

    mutating func pick<T>(_ options: [T]) -> T { options[random.below(options.count)] }
    mutating func chance(_ percent: Int) -> Bool { random.below(100) < percent }

    mutating func int(_ depth: Int) -> String {
        if depth <= 0 { return pick(["0", "1", "-7", "0x1F", "1_000", "level", "9223372036854775807", "Int.min", "view.donations.count"]) }
        switch random.below(20) {
        case 19: return "\(list(depth - 1)).reduce(\(int(0))) { $0 + (\(rowBool(depth - 1)) ? \(pick(["1 : 0", "0 : 1"]))) }"
        case 16: return "\(list(depth - 1)).compactMap { $0.note }.count"
        case 17: return "\(list(depth - 1)).map { $0.score * 2 }.filter { $0 > \(double(0)) }.count"
        case 18: return "Set(\(list(depth - 1)).map { $0.name }).count"
        case 11: return "(\(list(depth - 1)).map(\\.id).\(pick(["min", "max"]))(by: \(pick(["<", ">"]))) ?? \(int(0)))"
        case 12: return "(\(list(depth - 1)).max { $0.score < $1.score }?.id ?? \(int(0)))"
        case 13: return "Set<Int>(\(list(depth - 1)).map(\\.id)).count"
        case 14: return "\(list(depth - 1)).map(\\.id).reduce(0, \(pick(["+", "-", "*"])))"
        case 0: return "\(int(depth - 1)) \(pick(["+", "-", "*", "/", "%"])) \(int(depth - 1))"
        case 1: return "(\(int(depth - 1)))"
        case 2: return "\(list(depth - 1)).count"
        case 3: return "\(list(depth - 1)).count(where: { \(rowBool(depth - 1)) })"
        case 4: return "(\(list(depth - 1)).map(\\.id).\(pick(["max", "min"]))() ?? \(int(0)))"
        case 5: return "\(list(depth - 1)).reduce(0) { $0 + $1.id }"
        case 6: return "abs(\(int(depth - 1)))"
        case 7: return "\(pick(["min", "max"]))(\(int(depth - 1)), \(int(depth - 1)))"
        case 8: return "Int(\(double(depth - 1)))"
        case 9: return "\(bool(depth - 1)) ? \(int(depth - 1)) : \(int(depth - 1))"
        case 10: return "[\(int(depth - 1)), \(int(depth - 1))][\(int(0))]"
        default: return "\(list(depth - 1)).largestSubset(groupedBy: \\.\(pick(["id", "name", "seen"]))).count"
        }
    }

    mutating func double(_ depth: Int) -> String {
        if depth <= 0 { return pick(["2.5", "1e308", "0.0", "-0.5", "Double.nan", "Double.infinity", "3"]) }
        switch random.below(6) {
        case 0: return "\(double(depth - 1)) \(pick(["+", "-", "*", "/"])) \(double(depth - 1))"
        case 1: return "Double(\(int(depth - 1)))"
        case 2: return "(\(list(depth - 1)).first?.score ?? \(double(0)))"
        case 3: return "\(list(depth - 1)).map(\\.score).max() ?? 0"
        case 4: return "(\(double(depth - 1))).rounded()"
        default: return "Date.now.timeIntervalSince(\(list(depth - 1)).last?.date ?? Date.now)"
        }
    }

    mutating func string(_ depth: Int) -> String {
        if depth <= 0 { return pick(["\"Alps\"", "\"\"", "\"e\\u{301}\"", "label ?? \"?\"", "\"\\t\""]) }
        switch random.below(4) {
        case 0: return "\(string(depth - 1)) + \(string(depth - 1))"
        case 1: return "(\(list(depth - 1)).first?.name ?? \(string(0)))"
        case 2: return "\(string(depth - 1)).\(pick(["lowercased", "uppercased"]))()"
        default: return "(\(list(depth - 1)).last?.note ?? \"none\")"
        }
    }

    mutating func rowBool(_ depth: Int) -> String {
        switch random.below(depth <= 0 ? 6 : 10) {
        case 8: return "$0.date > Date.now.addingTimeInterval(-86400 * \(pick(["3", "0.5", "1e300"])))"
        case 9: return "Date.now.timeIntervalSince($0.date) \(pick(["<", ">="])) 86400 * \(pick(["5", "0"]))"
        case 0: return "$0.id \(pick(["==", "!=", "<", ">="])) \(pick(["3", "level", "-1"]))"
        case 1: return "$0.name.\(pick(["hasPrefix", "hasSuffix", "contains"]))(\(pick(["\"Al\"", "\"\"", "\"e\""])))"
        case 2:
            if chance(30) {
                return pick(["$0.note == nil || !$0.note!.isEmpty", "$0.note != nil && $0.note!.hasPrefix(\"w\")", "$0.note?.isEmpty == false",
                             "($0.note ?? \"\").hasSuffix(\"t\")"])
            }
            return "$0.note \(pick(["==", "!="])) \(pick(["nil", "\"wet\""]))"
        case 3: return "\(pick(["", "!"]))$0.seen"
        case 4: return "$0.score > \(pick(["2", "2.5"]))"
        case 5: return "$0.date < Date.now"
        case 6: return "\(rowBool(depth - 1)) \(pick(["&&", "||"])) \(rowBool(depth - 1))"
        default: return "10 / ($0.id - 2) > 0"
        }
    }

    mutating func list(_ depth: Int) -> String {
        if depth <= 0 { return pick(["view.donations", "view.donations.donatedWithin(.week)"]) }
        switch random.below(7) {
        case 0: return "\(list(depth - 1)).filter { \(rowBool(depth - 1)) }"
        case 1: return "\(list(depth - 1)).donatedWithin(\(pick([".days(3)", "week", ".months(1)", ".hours(level)", ".days(0)"])))"
        case 2: return "\(list(depth - 1)).\(pick(["prefix", "suffix", "dropFirst", "dropLast"]))(\(int(0)))"
        case 3: return "\(list(depth - 1)).reversed()"
        case 4: return "\(list(depth - 1)).smallestSubset(groupedBy: \\.\(pick(["id", "note", "name"])))"
        case 5: return "\(list(depth - 1)).map { $0 }"
        default: return "view.donations"
        }
    }

    mutating func bool(_ depth: Int) -> String {
        if depth <= 0 { return pick(["true", "flag", "label == nil", "login.donations.isEmpty"]) }
        switch random.below(15) {
        case 12: return "\(list(depth - 1)).filter { \(rowBool(depth - 1)) }.isEmpty"
        case 13: return "\(list(depth - 1)).map { $0.date }.contains { $0 > Date.now.addingTimeInterval(-86400 * \(pick(["2", "0.5", "40"]))) }"
        case 14: return "(\(list(depth - 1)).filter { \(rowBool(depth - 1)) }.\(pick(["first", "last"]))?.id ?? \(int(0))) > 1"
        case 0: return "\(int(depth - 1)) \(pick(["==", "!=", "<", "<=", ">", ">="])) \(int(depth - 1))"
        case 1: return "\(bool(depth - 1)) \(pick(["&&", "||"])) \(bool(depth - 1))"
        case 2: return "!(\(bool(depth - 1)))"
        case 3: return "\(list(depth - 1)).contains { \(rowBool(depth - 1)) }"
        case 4: return "\(list(depth - 1)).allSatisfy { d in d.id > \(int(0)) }"
        case 5: return "#Rule(view) { $0.donations.count \(pick([">", ">="])) \(int(0)) }"
        case 6: return "#Rule($flag) { $0 == \(pick(["true", "false"])) }"
        case 7: return "\(string(depth - 1)).hasPrefix(\(string(0)))"
        case 8: return "Set(\(list(depth - 1)).map(\\.name)).contains(\(string(0)))"
        case 9: return "\(list(depth - 1)).map(\\.id) \(pick(["==", "!="])) []"
        case 10: return "Date.now - \(pick(["60", "86400.5", "Double(level)"])) \(pick(["<", ">"])) \(pick(["Date.now", "Date()", ".now"]))"
        default: return "(1...\(int(0))).contains(\(int(depth - 1)))"
        }
    }

    /// Productions chosen at random, mostly ill-typed: they exercise the parser and diagnostics.
    mutating func noise(_ depth: Int) -> String {
        let atoms = ["x", "$0", "$flag", "nil", "\"s\"", "1", "2.5", ".week", "\\.id", "view", "Date", "abs", "`rule`"]
        if depth <= 0 { return pick(atoms) }
        switch random.below(9) {
        case 0: return "\(noise(depth - 1)) \(pick(["+", "??", "==", "&&", "...", "<"])) \(noise(depth - 1))"
        case 1: return "\(pick(["-", "!"]))\(noise(depth - 1))"
        case 2: return "\(noise(depth - 1)).\(pick(["count", "first", "donations", "map", "x"]))"
        case 3: return "\(noise(depth - 1))(\(noise(depth - 1)), label: \(noise(depth - 1)))"
        case 4: return "{ a, b in \(noise(depth - 1)) }"
        case 5: return "[\(noise(depth - 1)), \(noise(depth - 1))]"
        case 6: return "\(noise(depth - 1)) ? \(noise(depth - 1)) : \(noise(depth - 1))"
        case 7: return "\(noise(depth - 1))?.\(pick(["id", "name"]))!"
        default: return "#Rule(\(noise(depth - 1))) { \(noise(depth - 1)) }"
        }
    }

    mutating func program() -> String {
        var lines = [schema]
        for index in 0..<(1 + random.below(5)) {
            let depth = random.below(4)
            switch random.below(10) {
            case 0, 1, 2, 3: lines.append("rule r\(index) = \(bool(depth))")
            case 4: lines.append("let i\(index) = \(int(depth))")
            case 5: lines.append("let d\(index) = \(double(depth))")
            case 6: lines.append("let s\(index) = \(string(depth))")
            case 7: lines.append("let l\(index) = \(list(depth)).map(\\.id)")
            case 8: lines.append("let f\(index) = if \(bool(depth)) { \(int(depth)) } else \(pick(["", "if \(bool(0)) { \(int(0)) } else "])){ \(int(0)) }")
            default: lines.append("\(pick(["let", "rule"])) n\(index) = \(noise(depth))")
            }
        }
        return lines.joined(separator: "\n")
    }
}

@Suite("Generated programs")
struct GeneratedProgramTests {
    private func parse(_ text: String) -> (SyntaxFile, [Diagnostic]) {
        Fixture.parse(text)
    }

    /// Every declaration's value or error (with its place), and the steps all took.
    private func outcomes(_ program: CompiledProgram, _ store: DonationStore, stepBudget: Int) -> [String] {
        var evaluation = Evaluation(program: program, donations: store,
                                    options: EvaluationOptions(now: Fixture.date("2026-11-30T12:00:00Z"), stepBudget: stepBudget))
        var lines = evaluation.evaluateAll().map { result in
            switch result.outcome {
            case .success(let value): return "\(result.name) = " + ValueFormatter.text(value, result.type)
            case .failure(let error): return "\(result.name): error at \(error.range): \(error.message)"
            }
        }
        lines.append("\(evaluation.stepsTaken) steps")
        return lines
    }

    @Test("thousands of generated programs: in-range diagnostics, print/parse round trips, evaluation ends", arguments: [1, 2, 3])
    func generated(seed: UInt64) throws {
        var generator = ProgramGenerator(random: RobustnessTests.Random(state: seed))
        let log = """
        {"event": "view", "date": "2026-11-20T10:00:00Z", "value": {"id": 3, "name": "Alps", "score": 2.5, "seen": true, "at": null}}
        {"event": "view", "date": "2026-11-25T10:00:00Z", "value": {"id": 2, "name": "e\\u0301", "score": 1e300, "note": "wet", "seen": false}}
        {"event": "view", "date": "2026-11-29T10:00:00Z", "value": {"id": -9, "name": "", "score": -0.0, "seen": false, "at": "2026-11-01T00:00:00Z"}}
        {"event": "login", "date": "2026-11-29T11:00:00Z"}
        """
        var compiled = 0, evaluated = 0, failed = 0
        for _ in 0..<1000 {
            let text = generator.program()
            let file = SourceFile(name: "g.rules", text: text)
            let compilation = RuleCompiler().compile(file)
            for diagnostic in compilation.diagnostics {
                #expect(diagnostic.range.start >= 0 && diagnostic.range.end <= file.bytes.count, "\(diagnostic) in\n\(text)")
            }
            // Whatever parses prints back to text that parses to the same tree.
            let (syntax, syntaxErrors) = parse(text)
            if syntaxErrors.isEmpty {
                let printed = ASTPrinter.source(syntax)
                let (again, againErrors) = parse(printed)
                #expect(againErrors.isEmpty, "reprint does not parse:\n\(printed)")
                #expect(ASTPrinter.source(again) == printed)
                for (a, b) in zip(syntax.declarations, again.declarations) {
                    if case .value(let x) = a, case .value(let y) = b {
                        #expect(ASTPrinter.sExpression(x.value) == ASTPrinter.sExpression(y.value))
                    }
                }
            }
            guard let program = compilation.program else { continue }
            compiled += 1
            var store = DonationStore(program: program)
            #expect(DonationLog.load(Array(log.utf8), fileName: "g.ndjson", into: &store).isEmpty)
            var evaluation = Evaluation(program: program, donations: store,
                                        options: EvaluationOptions(now: Fixture.date("2026-11-30T12:00:00Z"), stepBudget: 100_000))
            for result in evaluation.evaluateAll() {
                switch result.outcome {
                case .success: evaluated += 1
                case .failure(let error):
                    failed += 1
                    #expect(error.range.end <= file.bytes.count)
                }
            }
            // Fused and unfused evaluation agree on every value, error and step, also when the
            // budget runs out part of the way.
            let unfused = try #require(RuleCompiler(optimizes: false).compile(file).program)
            var plainStore = DonationStore(program: unfused)
            _ = DonationLog.load(Array(log.utf8), fileName: "g.ndjson", into: &plainStore)
            let expected = outcomes(unfused, plainStore, stepBudget: 100_000)
            #expect(outcomes(program, store, stepBudget: 100_000) == expected, "\(text)")
            let steps = Int(expected.last!.split(separator: " ")[0])!
            for budget in [steps / 2, steps / 3 + 1] where budget > 0 {
                #expect(outcomes(program, store, stepBudget: budget) == outcomes(unfused, plainStore, stepBudget: budget), "\(text) with \(budget) steps")
            }
        }
        // The generator reaches all three outcomes: compile errors, values and runtime errors.
        #expect(compiled > 300)
        #expect(evaluated > 300)
        #expect(failed > 10)
    }
}

@Suite("Generated programs explained and typed at the REPL")
struct GeneratedExplanationTests {
    static let log = """
    {"event": "view", "date": "2026-11-20T10:00:00Z", "value": {"id": 3, "name": "Alps", "score": 2.5, "seen": true, "at": null}}
    {"event": "view", "date": "2026-11-25T10:00:00Z", "value": {"id": 2, "name": "Zion", "score": 4.5, "note": "wet", "seen": false}}
    {"event": "view", "date": "2026-11-29T10:00:00Z", "value": {"id": 3, "name": "", "score": -0.0, "seen": false, "at": "2026-11-01T00:00:00Z"}}
    {"event": "login", "date": "2026-11-29T11:00:00Z"}
    """

    @Test("an explanation gives every declaration the value (or error) plain evaluation gives", arguments: [11, 12])
    func explanationsAgree(seed: UInt64) throws {
        var generator = ProgramGenerator(random: RobustnessTests.Random(state: seed))
        var explained = 0
        for _ in 0..<300 {
            let text = generator.program()
            guard let program = RuleCompiler().compile(SourceFile(name: "g.rules", text: text)).program else { continue }
            var store = DonationStore(program: program)
            _ = DonationLog.load(Array(GeneratedExplanationTests.log.utf8), fileName: "g.ndjson", into: &store)
            let options = EvaluationOptions(now: Fixture.date("2026-11-30T12:00:00Z"), stepBudget: 100_000)
            var evaluation = Evaluation(program: program, donations: store, options: options)
            let explainer = Explainer(program: program, donations: store, options: options, parameterValues: nil)
            for declaration in program.declarations {
                let plain = evaluation.evaluate(declaration.name)!.outcome
                let explanation = try #require(explainer.explain(declaration.name))
                let traced = explanation.declarations[0].outcome
                switch (plain, traced) {
                case (.success(let a), .success(let b)):
                    #expect(ValueFormatter.text(a, declaration.type) == ValueFormatter.text(b, declaration.type), "\(declaration.name) in\n\(text)")
                case (.failure(let a), .failure(let b)):
                    #expect(a.code == b.code, "\(declaration.name) in\n\(text)")
                default:
                    Issue.record("\(declaration.name): evaluated \(plain), explained \(traced) in\n\(text)")
                }
                // Rendering never fails, and the JSON is JSON.
                _ = ExplanationRenderer().text(explanation)
                #expect((try? JSONSerialization.jsonObject(with: Data(ExplanationRenderer().json(explanation).utf8))) != nil)
                explained += 1
            }
        }
        #expect(explained > 200)
    }

    @Test("mutated REPL lines are answered, never crash, and never lose the session", arguments: [21, 22])
    func replLines(seed: UInt64) throws {
        var random = RobustnessTests.Random(state: seed)
        var generator = ProgramGenerator(random: RobustnessTests.Random(state: seed + 100))
        var tool = CommandLineTool()
        tool.workingDirectory = Fixture.root.path
        guard case .run(let driver, _) = ReplCommand(tool: tool).prepare(["Examples/landmarks/landmarks.rules", "--now", "2026-11-30T12:00:00Z"], interactive: false) else {
            Issue.record("the REPL did not start")
            return
        }
        var session = driver.session
        let seeds = [":donate didViewLandmarkDetail {\"landmarkID\": 3, \"landmarkName\": \"Alps\"} at 2026-11-29T10:00:00Z",
                     ":advance 1d2h", ":now 2026-12-01T00:00:00Z", ":set isLoggedIn false", ":type didLogin.donations.count",
                     ":explain showMapTip", ":events", ":rules", "let x = [1, 2].reduce(0, +)", "frequentLogin && isLoggedIn",
                     "rule keen { didLogin.donations.count > 1\n isLoggedIn }", ":load Examples/shop/shop.rules", ":reset"]
        let alphabet = Array(" :{}[]()\"',.$#\\\n0123456789abcxyz-+*/<>=!?&|@".unicodeScalars)
        for round in 0..<600 {
            var line = round % 5 == 0 ? String(generator.program().split(separator: "\n").last ?? "") : seeds[random.below(seeds.count)]
            var scalars = Array(line.unicodeScalars)
            for _ in 0..<random.below(4) where !scalars.isEmpty {
                let at = random.below(scalars.count)
                switch random.below(3) {
                case 0: scalars.remove(at: at)
                case 1: scalars.insert(alphabet[random.below(alphabet.count)], at: at)
                default: scalars[at] = alphabet[random.below(alphabet.count)]
                }
            }
            line = String(String.UnicodeScalarView(scalars))
            let answer = session.answer(line)
            if answer.kind == .error {
                #expect(!answer.diagnostics.isEmpty, "a refusal says why: \(line)")
            }
            _ = answer.json
        }
        // The session still answers.
        #expect(session.answer("1 + 1").text == "Int = 2\n")
    }
}
