import TipRules
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// Entry points for the fuzzers (`Fuzz/run`) and for the test that replays their corpus. Each
/// feeds arbitrary bytes to one phase and reports the first invariant that breaks; the fuzzer
/// traps on it (a crash is a finding), the corpus test names the input.
package enum FuzzTargets {
    /// The fuzz targets by name.
    package static let names = ["parse", "check", "evaluate", "donations"]

    /// Runs the named target on an input and traps on a broken invariant.
    package static func run(_ target: String, _ bytes: [UInt8]) {
        if let violation = violation(target, bytes) { preconditionFailure(violation) }
    }

    /// Runs the named target on an input: the invariant it broke, or nil.
    package static func violation(_ target: String, _ bytes: [UInt8]) -> String? {
        switch target {
        case "parse": return parse(bytes)
        case "check": return check(bytes)
        case "evaluate": return evaluate(bytes)
        case "donations": return donations(bytes)
        default: return "unknown fuzz target '\(target)'"
        }
    }

    /// Lexes and parses; diagnostics lie inside the input, and an error-free parse prints back to
    /// text that parses to the same tree.
    static func parse(_ bytes: [UInt8]) -> String? {
        let file = SourceFile(name: "fuzz.rules", bytes: bytes)
        var diagnostics = DiagnosticBag()
        let syntax = LargeStack.run { Parser.parse(file, diagnostics: &diagnostics) }
        for diagnostic in diagnostics.diagnostics {
            guard diagnostic.range.start >= 0 && diagnostic.range.end <= bytes.count else { return "diagnostic outside the input" }
        }
        guard !diagnostics.hasErrors else { return nil }
        let printed = ASTPrinter.source(syntax)
        var again = DiagnosticBag()
        let reparsed = LargeStack.run { Parser.parse(SourceFile(name: "printed.rules", text: printed), diagnostics: &again) }
        guard !again.hasErrors else { return "printed source does not parse: \(printed)" }
        guard ASTPrinter.source(reparsed) == printed else { return "print/parse round trip changed the tree" }
        return nil
    }

    /// Compiles; diagnostics lie inside the input and a program comes with no errors.
    static func check(_ bytes: [UInt8]) -> String? {
        let file = SourceFile(name: "fuzz.rules", bytes: bytes)
        let compilation = RuleCompiler().compile(file)
        for diagnostic in compilation.diagnostics {
            guard diagnostic.range.start >= 0 && diagnostic.range.end <= bytes.count else { return "diagnostic outside the input" }
        }
        let hasErrors = compilation.diagnostics.contains { $0.severity == .error }
        guard (compilation.program != nil) == !hasErrors else { return "a program comes exactly when there are no errors" }
        return nil
    }

    /// Declarations the evaluate target puts before its input, so that most inputs can refer to
    /// events and parameters that exist.
    package static let evaluationPrelude = """
    event ping
    event view { id: Int, name: String, score: Double, note: String?, seen: Bool, at: Date?, bonus: Int?, weight: Double? }
    parameter flag: Bool = true
    parameter level: Int = 3

    """

    /// Compiles the input after the prelude and evaluates every declaration over a generated
    /// stream with a fixed clock: each ends with a value or a runtime error inside the input,
    /// and the optimized program gives the unoptimized one's values, errors and steps.
    static func evaluate(_ bytes: [UInt8]) -> String? {
        let prelude = Array(evaluationPrelude.utf8)
        let file = SourceFile(name: "fuzz.rules", bytes: prelude + bytes)
        guard let program = RuleCompiler().compile(file).program,
              let plainProgram = RuleCompiler(optimizes: false).compile(file).program else { return nil }
        let options = EvaluationOptions(now: Date(timeIntervalSinceReferenceDate: 817_600_000), stepBudget: 200_000)
        var evaluation = Evaluation(program: program, donations: fuzzStore(program), options: options)
        var plain = Evaluation(program: plainProgram, donations: fuzzStore(plainProgram), options: options)
        let results = evaluation.evaluateAll()
        for (result, expected) in zip(results, plain.evaluateAll()) {
            if case .failure(let error) = result.outcome {
                guard error.range.end <= file.bytes.count else { return "runtime error outside the input" }
            }
            guard outcome(result) == outcome(expected) else {
                return "'\(result.name)' optimized: \(outcome(result)), unoptimized: \(outcome(expected))"
            }
        }
        guard evaluation.stepsTaken == plain.stepsTaken else {
            return "optimized evaluation took \(evaluation.stepsTaken) steps, unoptimized \(plain.stepsTaken)"
        }
        return nil
    }

    /// A result as text: the value, or the error with its place.
    private static func outcome(_ result: EvaluationResult) -> String {
        switch result.outcome {
        case .success(let value): return ValueFormatter.text(value, result.type)
        case .failure(let error): return "\(error.range): \(error.message)"
        }
    }

    /// The evaluate target's donations: a ping and a view every 7,000 seconds.
    private static func fuzzStore(_ program: CompiledProgram) -> DonationStore {
        var store = DonationStore(program: program)
        let start = Date(timeIntervalSinceReferenceDate: 817_000_000)
        let names = ["Alps", "Wilbere Bowl", "e\u{301}", "", "Zion"]
        for index in 0..<120 {
            let date = start.addingTimeInterval(Double(index) * 7_000)
            try? store.donate("ping", at: date)
            try? store.donate("view", at: date, [
                "id": .int(index % 7 - 2), "name": .string(names[index % names.count]), "score": .double(index == 5 ? .nan : Double(index) / 3),
                "note": index % 3 == 0 ? .null : .string("n\(index % 2)"), "seen": .bool(index % 2 == 0),
                "at": index % 4 == 0 ? .null : .date(Double(index) * 1e6),
                // Optional numbers: nils, negatives, a value near `Int.max`, NaN and -0.0.
                "bonus": index % 5 == 0 ? .null : .int(index == 7 ? Int.max - 2 : index % 9 - 4),
                "weight": index % 6 == 0 ? .null : .double(index == 11 ? .nan : index % 8 == 0 ? -0.0 : Double(index % 5) / 2),
            ])
        }
        return store
    }
}
