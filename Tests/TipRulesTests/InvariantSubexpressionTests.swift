import Foundation
import Testing
import TipRules
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// A subexpression of a closure that reads no closure parameter (`view.donations.map(\.rating).max()`
/// in `view.donations.contains { $0.rating == view.donations.map(\.rating).max() }`) is computed
/// once per evaluation: remembered by the tree walker (`InvariantNode`), or hoisted by a fused
/// scan that charges its steps at each row. Either way the answer, the error and the steps must
/// be those of computing it at every application, as a traced evaluation (which remembers
/// nothing) does.
@Suite("Invariant subexpressions of closures")
struct InvariantSubexpressionTests {
    /// Read behind `&&` or `||` in a search: charged for the rows it went through that reach it
    /// (a column's test, a string's, from the end, in a window, none at all), or once.
    static let searches = [
        "view.donations.contains { $0.id == threshold && $0.rating == view.donations.map(\\.rating).max() }",
        "view.donations.first { $0.seen && $0.rating == view.donations.map(\\.rating).max() }?.id ?? -1",
        "view.donations.last { $0.name.hasPrefix(\"Al\") && $0.id == view.donations.map(\\.id).max()! }?.id ?? -1",
        "view.donations.last { $0.rating > 2 && $0.id == view.donations.map(\\.id).max()! }?.rating ?? -1",
        "view.donations.allSatisfy { $0.seen || $0.id <= view.donations.map(\\.id).max()! - threshold }",
        "view.donations.donatedWithin(.days(20)).contains { $0.id == threshold || $0.id == view.donations.filter { $0.seen }.count - 12 }",
        "view.donations.first { $0.id < 0 || $0.id == view.donations.map(\\.id).min()! + 4 }?.rating ?? -1",
        "view.donations.contains { $0.id > 100 && $0.id == view.donations.map(\\.id).max()! }",
        // A `let` first evaluated there: charged, and kept, where a row the search went through
        // reaches it; given back and forgotten where none does (`ids.count` then evaluates it).
        "view.donations.contains { $0.id > threshold && ids.contains($0.id + 3) }",
        "view.donations.first { $0.seen || ids.contains($0.id * 2) }?.rating ?? -1",
        "view.donations.contains { $0.id > 100 && ids.contains($0.id) } || ids.count > 3",
    ]

    static let texts = searches + [
        // Read at every row: hoisted by the fused scan, its steps charged per row.
        "view.donations.contains { $0.rating == view.donations.map(\\.rating).max() && $0.id == threshold }",
        "view.donations.first { $0.id == view.donations.filter { $0.seen }.count - 12 }?.id ?? -1",
        "view.donations.allSatisfy { $0.rating <= view.donations.map(\\.rating).max()! }",
        "view.donations.filter { $0.rating == view.donations.map(\\.rating).max() }.count",
        "view.donations.count { $0.id > view.donations.map(\\.id).reduce(0, +) / max(1, view.donations.count) }",
        "view.donations.filter { $0.id < view.donations.map(\\.id).filter { $0 > threshold }.count - 30 }.count > 20",
        // Read behind `&&` or `||` in a filter or a count: charged for the rows that reach it.
        "view.donations.filter { $0.seen && $0.rating == view.donations.map(\\.rating).min() }.count",
        "view.donations.count { $0.seen || $0.id < view.donations.map(\\.id).filter { $0 > 0 }.count - 20 }",
        "view.donations.filter { $0.name.contains(\"Lake\") && $0.id == view.donations.map(\\.id).max()! }.count",
        // Read by an operation that does not charge it per row (`reversed()` charges for each
        // element, ahead of the search): the calls run, and the tree walker remembers it.
        "view.donations.reversed().contains { $0.id > threshold && $0.id == view.donations.map(\\.id).min()! + 4 }",
        "view.donations.map { $0.id + view.donations.map(\\.id).max()! }.reduce(0, +)",
        "view.donations.reduce(0) { $0 + ($1.id == view.donations.map(\\.id).min()! ? 1 : 0) }",
        // Inside a closure inside a closure: the inner one's own invariant too.
        "view.donations.map { v in view.donations.filter { $0.id == v.id && $0.rating >= view.donations.map(\\.rating).max()! }.count }.reduce(0, +)",
        // A `let` first evaluated inside it: charged once, then remembered.
        "view.donations.filter { $0.id == ids.max() }.count",
        "view.donations.contains { $0.id == ids.filter { $0 > threshold }.count }",
        // An error inside it, met at the first row that reads it; none where no row does.
        "view.donations.contains { $0.id == empty.donations.map(\\.id).max()! }",
        "empty.donations.contains { $0.id == empty.donations.map(\\.id).max()! }",
        "view.donations.map { $0.id > 100 ? empty.donations.map(\\.id).max()! : $0.id }.count",
    ]

    static func programs() throws -> (optimized: CompiledProgram, plain: CompiledProgram, first: Int) {
        try OptimizerTests.programs(declaring: texts, after: "let ids = view.donations.map(\\.id)")
    }

    /// The outcome as text and the steps taken, with `threshold` set.
    static func outcome(_ index: Int, _ program: CompiledProgram, _ store: DonationStore, _ options: EvaluationOptions,
                        threshold: Int, traced: Bool) throws -> (String, Int) {
        var evaluation = traced ? Evaluation(program: program, donations: store, options: options, tracer: Tracer())
                                : Evaluation(program: program, donations: store, options: options)
        try evaluation.setParameter("threshold", .int(threshold))
        let result = evaluation.evaluate(declarationAt: index)
        let text = switch result.outcome {
        case .success(let value): ValueFormatter.text(value, result.type)
        case .failure(let diagnostic): DiagnosticRenderer().render([diagnostic])
        }
        return (text, evaluation.stepsTaken)
    }

    @Test("are computed once, with the answers, errors and steps of computing them at every application", arguments: 0..<texts.count)
    func sameAsEveryApplication(offset: Int) throws {
        let (optimized, plain, first) = try Self.programs()
        let store = try OptimizerTests.store(optimized)
        let plainStore = try OptimizerTests.store(plain)
        let text = Self.texts[offset]
        // The three evaluations agree, and the steps they took.
        func expectAgreement(_ options: EvaluationOptions, threshold: Int, _ label: String) throws -> Int {
            let index = first + offset
            let truth = try Self.outcome(index, plain, plainStore, options, threshold: threshold, traced: true)
            let remembered = try Self.outcome(index, plain, plainStore, options, threshold: threshold, traced: false)
            let fused = try Self.outcome(index, optimized, store, options, threshold: threshold, traced: false)
            #expect(remembered.0 == truth.0, "\(label)")
            #expect(remembered.1 == truth.1, "\(label): steps")
            #expect(fused.0 == truth.0, "\(label): optimized")
            #expect(fused.1 == truth.1, "\(label): optimized steps")
            return truth.1
        }
        for threshold in [0, 3] {
            let now = Fixture.date("2026-12-15T00:00:00Z")
            let steps = try expectAgreement(EvaluationOptions(now: now), threshold: threshold, text)
            // Budgets that run out before, within and at the end of the evaluation: the same
            // error, at the same node, after the same steps.
            for budget in Set([1, steps / 3, steps / 2, steps * 2 / 3, steps - 1, steps]) where budget > 0 {
                _ = try expectAgreement(EvaluationOptions(now: now, stepBudget: budget), threshold: threshold, "\(text) within \(budget) steps")
            }
        }
    }

    /// A search that reads an aggregate behind `&&` or `||` is answered by its fused scan, which
    /// computes the aggregate once, rather than giving way to the calls it stands for.
    @Test("behind && or || in a search are computed by the fused scan")
    func searchedWithoutGivingWay() throws {
        let (optimized, _, first) = try Self.programs()
        let store = try OptimizerTests.store(optimized)
        // (`searches` come first in `texts`.)
        for offset in Self.searches.indices {
            var evaluation = Evaluation(program: optimized, donations: store, options: EvaluationOptions(now: Fixture.date("2026-12-15T00:00:00Z")))
            try evaluation.setParameter("threshold", .int(3))
            _ = evaluation.evaluate(declarationAt: first + offset)
            #expect(evaluation.fusedFallbacks == 0, "\(Self.texts[offset])")
        }
    }

    /// What one evaluation remembers is forgotten with the parameters it was computed from.
    @Test("are computed again once a parameter changes")
    func forgottenWithParameters() throws {
        let (optimized, plain, first) = try Self.programs()
        let offset = try #require(Self.texts.firstIndex { $0.hasPrefix("view.donations.filter { $0.id < view.donations.map(\\.id).filter") })
        for program in [optimized, plain] {
            let store = try OptimizerTests.store(program)
            let options = EvaluationOptions(now: Fixture.date("2026-12-15T00:00:00Z"))
            var evaluation = Evaluation(program: program, donations: store, options: options)
            var answers: [String] = []
            for threshold in [0, 5, 0] {
                try evaluation.setParameter("threshold", .int(threshold))
                let result = evaluation.evaluate(declarationAt: first + offset)
                answers.append(try ValueFormatter.text(result.outcome.get(), result.type))
                let fresh = try Self.outcome(first + offset, program, store, options, threshold: threshold, traced: true)
                #expect(answers.last == fresh.0, "threshold \(threshold)")
            }
            // (The parameter decides the answer, so a value kept from before would show.)
            #expect(answers == ["true", "false", "true"])
        }
    }

    /// A rule whose closure compares each element with a maximum computed inside it is
    /// answered in time linear in the list, not quadratic: its steps say how many elements
    /// the calls went through, and a fresh evaluation now takes them in one pass each.
    @Test("charge per application what the calls charge, whichever way they run")
    func chargedPerApplication() throws {
        let (optimized, plain, first) = try Self.programs()
        let counted = try #require(Self.texts.firstIndex { $0.hasPrefix("view.donations.filter { $0.rating == view.donations.map") })
        for count in [10, 40] {
            let options = EvaluationOptions(now: Fixture.date("2026-12-15T00:00:00Z"))
            let traced = try Self.outcome(first + counted, plain, OptimizerTests.store(plain, count: count), options, threshold: 3, traced: true)
            let fused = try Self.outcome(first + counted, optimized, OptimizerTests.store(optimized, count: count), options, threshold: 3, traced: false)
            #expect(fused == traced)
            // Each of the `count` applications charges the map over `count` elements.
            #expect(traced.1 > count * count)
        }
    }
}
