import Foundation
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// The optimizer's fused operations compute exactly what the unfused built-ins compute.
@Suite("Optimizer")
struct OptimizerTests {
    static let rules = """
    event view { id: Int, name: String, rating: Double, note: String?, seen: Bool, when: Date }
    event empty { id: Int, name: String, rating: Double, note: String?, seen: Bool, when: Date }
    parameter threshold: Int = 3
    parameter wanted: String = "Alps"
    """

    /// A store with varied donations, including a NaN rating (possible through the library API).
    static func store(_ program: CompiledProgram) throws -> DonationStore {
        var store = DonationStore(program: program)
        let names = ["Alps", "Alpine Lake", "Wilbere Bowl", "e\u{301}te\u{301}", "Zion", ""]
        for index in 0..<60 {
            let rating: Double = index == 17 ? .nan : Double((index * 7) % 11) / 2
            var payload: [String: Value] = [
                "id": .int((index * 13) % 9 - 2), "name": .string(names[(index * 5) % names.count]), "rating": .double(rating),
                "seen": .bool(index % 3 == 0), "when": .date(Double(index) * 1000),
            ]
            if index % 4 == 1 { payload["note"] = .string(index % 8 == 1 ? "wet" : "dry") }
            try store.donate("view", at: Fixture.date("2026-10-01T00:00:00Z").addingTimeInterval(Double(index) * 86_400), payload)
        }
        return store
    }

    static let sources = [
        "view.donations", "view.donations.donatedWithin(.days(20))", "view.donations.reversed()",
        "view.donations.filter { $0.id != 0 }.dropFirst(3)", "empty.donations", "view.donations.map { $0 }",
    ]

    static let predicates = [
        "$0.id == 3", "$0.id != 3", "$0.id < 2", "$0.id <= 2", "$0.id > 4", "$0.id >= 4", "3 < $0.id", "$0.id == threshold",
        "$0.name == \"Alps\"", "$0.name != \"Alps\"", "$0.name == wanted", "$0.name == \"ete\\u{301}te\\u{301}\"",
        "$0.name.hasPrefix(\"Al\")", "$0.name.hasSuffix(\"e\")", "$0.name.contains(\"l\")", "$0.name.starts(with: \"\")",
        "$0.name.hasPrefix(\"e\")", "$0.seen", "!$0.seen", "$0.note == nil", "$0.note == \"wet\"", "$0.note != \"dry\"",
        "$0.rating > 2.5", "$0.rating == 2.5", "$0.rating != $0.rating", "$0.when < Date.now", "$0.date > Date.now.addingTimeInterval(-86400 * 10)",
        "$0.id > 0 && $0.name.hasPrefix(\"A\")", "$0.id == 1 || $0.seen", "!($0.id > 0 && $0.rating < 3)", "_ in true", "_ in false",
    ]

    /// Expressions that the optimizer fuses, each to be compared with its unfused evaluation.
    static let expressions: [String] = {
        var result: [String] = []
        for source in sources {
            for predicate in predicates {
                result.append("\(source).filter { \(predicate) }.map(\\.id)")
                result.append("\(source).count(where: { \(predicate) })")
                result.append("\(source).contains(where: { \(predicate) })")
                result.append("\(source).allSatisfy { \(predicate) }")
                result.append("\(source).first(where: { \(predicate) })?.id")
                result.append("\(source).last(where: { \(predicate) })?.rating")
            }
            for (op, k) in [(">=", -1), (">=", 0), (">", 0), ("==", 4), ("!=", 4), ("<", 3), ("<=", 12), (">", 9223372036854775807)] {
                result.append("\(source).filter { $0.id > 0 }.count \(op) \(k)")
                result.append("\(k) \(op) \(source).filter { $0.name.hasPrefix(\"Al\") }.count")
            }
            for field in ["id", "rating", "name", "when", "date"] {
                result.append("\(source).map(\\.\(field)).max()")
                result.append("\(source).map(\\.\(field)).min()")
            }
            for field in ["id", "name", "note", "seen", "rating"] {
                result.append("\(source).largestSubset(groupedBy: \\.\(field)).count")
                result.append("\(source).smallestSubset(groupedBy: \\.\(field)).count")
            }
            // Sums in both forms, from literals and from values that overflow on the way (the
            // NaN rating makes Double sums NaN; ids are negative too).
            for (initial, field) in [("0", "id"), ("0", "rating"), ("0.1", "rating"), ("threshold", "id"), ("Int.max - 3", "id"), ("Int.min + 1", "id")] {
                result.append("\(source).reduce(\(initial)) { $0 + $1.\(field) }")
                result.append("\(source).reduce(\(initial)) { acc, d in acc + d.\(field) }")
                result.append("\(source).map(\\.\(field)).reduce(\(initial), +)")
                result.append("\(source).map(\\.\(field)).reduce(\(initial)) { $0 + $1 }")
            }
        }
        return result
    }()

    private static func containsFused(_ expression: TypedExpression) -> Bool {
        if case .fused = expression.node { return true }
        var found = false
        forEachChild(of: expression) { if containsFused($0) { found = true } }
        return found
    }

    @Test("fused and unfused evaluation agree on every expression")
    func equivalence() throws {
        let optimized = try #require(RuleCompiler().compile(SourceFile(name: "o", text: OptimizerTests.rules)).program)
        let plain = try #require(RuleCompiler(optimizes: false).compile(SourceFile(name: "o", text: OptimizerTests.rules)).program)
        let store = try OptimizerTests.store(optimized)
        let plainStore = try OptimizerTests.store(plain)
        let options = EvaluationOptions(now: Fixture.date("2026-11-15T00:00:00Z"))
        for text in OptimizerTests.expressions {
            let source = SourceFile(name: "<expr>", text: text)
            let fast = RuleCompiler().compileExpression(source, in: optimized)
            let slow = RuleCompiler(optimizes: false).compileExpression(source, in: plain)
            guard let fastExpression = fast.expression, let slowExpression = slow.expression else {
                Issue.record("does not compile: \(text) \(fast.diagnostics.map(\.message))")
                continue
            }
            // Operands computed per row (Date.now moved by an interval) need the general evaluator.
            // (The dropFirst source has a fused filter of its own.)
            let fusable = !text.contains("addingTimeInterval") || text.contains("dropFirst(3)")
            #expect(OptimizerTests.containsFused(fastExpression.body) == fusable, "\(text)")
            #expect(!OptimizerTests.containsFused(slowExpression.body))
            var a = Evaluation(program: optimized, donations: store, options: options)
            var b = Evaluation(program: plain, donations: plainStore, options: options)
            let x = a.evaluate(fastExpression), y = b.evaluate(slowExpression)
            #expect(describe(x) == describe(y), "\(text)")
        }
    }

    private func describe(_ result: EvaluationResult) -> String {
        switch result.outcome {
        case .success(let value): return "\(result.type) = " + ValueFormatter.text(value, result.type)
        case .failure(let error): return "error: \(error.message)"
        }
    }

    @Test("closures that can fail are not fused, so their errors still surface")
    func failingClosuresStayUnfused() throws {
        let program = try #require(Fixture.compile(OptimizerTests.rules).program)
        for text in [
            "view.donations.filter { 10 / $0.id > 1 }.count > 0", "view.donations.filter { $0.note! == \"wet\" }.count >= 1",
            "view.donations.contains { [1][$0.id] == 1 }", "view.donations.filter { $0.id + Int.max > 0 }.count > 2",
        ] {
            let compiled = try #require(RuleCompiler().compileExpression(SourceFile(name: "<expr>", text: text), in: program).expression)
            #expect(!OptimizerTests.containsFused(compiled.body), "\(text)")
            var evaluation = Evaluation(program: program, donations: try OptimizerTests.store(program))
            if case .success(let v) = evaluation.evaluate(compiled).outcome { Issue.record("expected a runtime error from \(text), got \(v)") }
        }
    }
}
