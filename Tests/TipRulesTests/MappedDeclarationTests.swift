import Foundation
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// Chains over a `let` whose value a mapping computed from donations read the donations again
/// (see `MappedDeclaration`), with the same values, steps and errors as the calls over the
/// `let`'s array.
@Suite("Mapped declarations")
struct MappedDeclarationTests {
    static let declarations = """
    let ratings = view.donations.map(\\.rating)
    let notes = view.donations.compactMap(\\.note)
    let doubledSeen = view.donations.filter { $0.seen }.map { $0.id * 2 }
    let recentDays = view.donations.donatedWithin(.days(400)).map(\\.when)
    let bonuses = view.donations.compactMap(\\.bonus)
    let quotients = view.donations.map { 100 / ($0.id + 3) }
    let failing = view.donations.map { 10 / $0.id }
    let wide = view.donations.map { $0.id > 0 ? $0.id : $0.id * 4_000_000_000_000_000_000 }
    let meanRating = ratings.reduce(0, +) / Double(max(1, ratings.count))
    let spread = ratings.map { ($0 - meanRating) * ($0 - meanRating) }.reduce(0, +)
    let longNotes = notes.filter { $0.count > 3 }
    let lengths = view.donations.map { $0.name.count }
    let shifted = view.donations.map { $0.rating + meanRating }
    let over = view.donations.filter { $0.id > threshold }.map(\\.rating)
    let emptyIDs = empty.donations.map(\\.id)
    let failingShift = view.donations.map { $0.when.timeIntervalSince(empty.donations.first!.when) }
    let emptyShift = empty.donations.map { $0.when.timeIntervalSince(empty.donations.first!.when) }
    let noteLengths = view.donations.compactMap { $0.note?.count }
    let upperTags = view.donations.compactMap { $0.tag?.uppercased() }
    let emptyLengths = empty.donations.compactMap { $0.note?.count }
    let idSet = Set(view.donations.map(\\.id))
    let ratingSet = Set(view.donations.map(\\.rating))
    let seenNames = Set(view.donations.filter { $0.seen }.map(\\.name))
    let doubledSet = Set(doubledSeen)
    let emptySet = Set(empty.donations.map(\\.id))
    let quotientSet = Set(view.donations.map { 60 / ($0.id + 3) })
    """

    @Test("a chain over a let of mapped values reads the donations the let was computed from, and agrees with the calls over its array",
          arguments: [
              "ratings.reduce(0, +)", "ratings.filter { $0 > 2.5 }.count", "ratings.map { $0 * 2 }.max()", "ratings.contains(2.5)",
              "ratings.sorted().first", "ratings.first", "ratings.last", "ratings.map { $0 + 1 }", "ratings.contains { $0.isNaN }",
              "ratings.reduce(0.0) { max($0, $1) }", "ratings.filter { $0 > 1 }.map { $0 * 3 }.reduce(0, +)",
              "ratings.map { ($0 - meanRating) * ($0 - meanRating) }.reduce(0, +) > 1",
              "notes.filter { $0.count > 3 }.count", "notes.contains { $0.hasPrefix(\"d\") }", "notes.allSatisfy { !$0.isEmpty }",
              "longNotes.map { $0.count }.reduce(0, +)", "doubledSeen.reduce(0, +)",
              "doubledSeen.map { $0 + 1 }.filter { $0 > 4 }.count", "recentDays.sorted().last",
              "recentDays.filter { Date.now.timeIntervalSince($0) < 86400 * 200 }.count", "bonuses.reduce(0) { $0 + $1 }",
              "bonuses.filter { $0 < 0 }.count", "quotients.map { $0 * 3 }.reduce(0, +)", "failing.reduce(0, +)", "failing.max()",
              "wide.filter { $0 < 0 }.count", "wide.reduce(0) { $0 + $1 / 1000 }", "Set(ratings.map { $0 * 2 }).count",
              "Set(notes).count", "Set(doubledSeen).count > 2", "Set(longNotes).count",
              // Over mappings that read another `let`, or a subexpression that fails.
              "shifted.filter { $0 > 3 }.count", "shifted.reduce(0, +)", "failingShift.filter { $0 > 0 }.count",
              "emptyShift.reduce(0, +) + Double(emptyShift.count)",
              // Counted without the values, which are made when read afterwards, or were before.
              "longNotes.count", "ratings.isEmpty", "emptyIDs.count", "emptyIDs.reduce(0, +)", "emptyIDs.isEmpty && (emptyIDs + [1]).count == 1",
              "ratings.filter { $0 > 2.5 }.count + (ratings + []).count", "(ratings + []).count + ratings.filter { $0 > 2.5 }.count",
              "ratings.reduce(0, +) / Double(max(1, ratings.count))", "failing.count", "wide.count + (wide + []).count",
          ])
    func chainsOverLet(text: String) throws {
        let list = try OptimizerTests.LongList(count: 900, declarations: MappedDeclarationTests.declarations)
        let fast = try #require(RuleCompiler().compileExpression(SourceFile(name: "<expr>", text: text), in: list.optimized).expression)
        #expect(MappedDeclarationTests.readsDeclarationList(fast.body), "\(text)")
        try list.expectAgreementUnderBudgets(text)
        // The fused path is the one taken, but for a `let` that fails, or whose own mapping's
        // `Int` arithmetic cannot be proven safe (so no list is kept, and the reader takes the
        // array).
        var evaluation = Evaluation(program: list.optimized, donations: list.store, options: list.options)
        _ = evaluation.evaluate(fast)
        let fallsBack = text.hasPrefix("failing") || text.hasPrefix("wide")
        #expect((evaluation.fusedFallbacks > 0) == fallsBack, "\(text): \(evaluation.fusedFallbacks) fallbacks")
    }

    @Test("a let whose mapping charges work per row is read as its array", arguments: [
        "lengths.filter { $0 > 3 }.count", "lengths.reduce(0, +)",
        // Calls that take the array as it is.
        "notes", "(ratings + ratings).count", "ratings == ratings",
    ])
    func letsReadAsArrays(text: String) throws {
        let list = try OptimizerTests.LongList(count: 900, declarations: MappedDeclarationTests.declarations)
        let fast = try #require(RuleCompiler().compileExpression(SourceFile(name: "<expr>", text: text), in: list.optimized).expression)
        #expect(!MappedDeclarationTests.readsDeclarationList(fast.body), "\(text)")
        let (_, optimized, plain) = try list.outcomes(text)
        #expect(optimized == plain, "\(text)")
    }

    @Test("in a closure a let of mapped values is read as its array, so the closure's call fuses with it", arguments: [
        "view.donations.filter { ratings.contains($0.rating) }.count", "view.donations.filter { $0.rating > Double(ratings.count) / 300 }.count",
        "view.donations.contains { doubledSeen.contains($0.id) }", "view.donations.count(where: { notes.contains($0.note ?? \"-\") })",
    ])
    func letsInClosures(text: String) throws {
        let list = try OptimizerTests.LongList(count: 900, declarations: MappedDeclarationTests.declarations)
        let fast = try #require(RuleCompiler().compileExpression(SourceFile(name: "<expr>", text: text), in: list.optimized).expression)
        #expect(!MappedDeclarationTests.readsDeclarationList(fast.body), "\(text)")
        if case .fused(.scan, _, _) = fast.body.node {} else if case .fused(.countCompare, _, _) = fast.body.node {} else {
            Issue.record("\(text) is not one fused scan")
        }
        try list.expectAgreementUnderBudgets(text)
    }

    @Test("a let's own chain over another let of mapped values reads its list, and the lets agree with the calls")
    func letsOverLets() throws {
        let list = try OptimizerTests.LongList(count: 900, declarations: MappedDeclarationTests.declarations)
        try MappedDeclarationTests.expectBodies(of: ["spread", "longNotes"], in: list, reading: { [$0] },
                                                where: MappedDeclarationTests.readsDeclarationList)
    }

    @Test("the list a let kept is forgotten with the parameters it was computed from")
    func parameterChange() throws {
        let list = try OptimizerTests.LongList(count: 900, declarations: MappedDeclarationTests.declarations)
        let text = SourceFile(name: "<expr>", text: "over.filter { $0 >= 0 }.count")
        let fast = try #require(RuleCompiler().compileExpression(text, in: list.optimized).expression)
        let slow = try #require(RuleCompiler(optimizes: false).compileExpression(text, in: list.plain).expression)
        #expect(MappedDeclarationTests.readsDeclarationList(fast.body))
        var optimized = Evaluation(program: list.optimized, donations: list.store, options: list.options)
        var plain = Evaluation(program: list.plain, donations: list.plainStore, options: list.options)
        var counts: [Int] = []
        for threshold in [3, -1, 5] {
            try optimized.setParameter("threshold", .int(threshold))
            try plain.setParameter("threshold", .int(threshold))
            let (a, b) = (optimized.evaluate(fast), plain.evaluate(slow))
            guard case .success(.int(let count)) = a.outcome, case .success(.int(let expected)) = b.outcome else {
                Issue.record("\(a.outcome) \(b.outcome)")
                continue
            }
            #expect(count == expected, "threshold \(threshold)")
            #expect(optimized.fusedFallbacks == 0, "threshold \(threshold)")
            counts.append(count)
        }
        // Each threshold keeps other donations.
        #expect(Set(counts).count == 3, "\(counts)")
    }

    @Test("a let made by a compactMap whose function charges work is made from the columns in one pass, and agrees with the calls")
    func compactMapWithWork() throws {
        let list = try OptimizerTests.LongList(count: 900, declarations: MappedDeclarationTests.declarations)
        try MappedDeclarationTests.expectBodies(of: ["noteLengths", "upperTags", "emptyLengths"], in: list,
                                                reading: { [$0, "\($0).count + \($0).count"] }) { body in
            if case .fused(.compactMapped, _, _) = body.node { true } else { false }
        }
    }

    @Test("a let that is a Set of mapped values is made from the columns, and agrees with the calls")
    func setsOfMappedValues() throws {
        let list = try OptimizerTests.LongList(count: 900, declarations: MappedDeclarationTests.declarations)
        try MappedDeclarationTests.expectBodies(of: ["idSet", "ratingSet", "seenNames", "doubledSet", "emptySet", "quotientSet"], in: list,
                                                reading: { [$0, "\($0).count"] }) { body in
            if case .fused(.distinctValues, _, _) = body.node { true } else { false }
        }
        for text in ["view.donations.filter { idSet.contains($0.id) }.count", "view.donations.filter { ratingSet.contains($0.rating) }.count",
                     "ratingSet.contains(-0.0) && ratingSet.contains(0.0)", "view.donations.contains { seenNames.contains($0.name) }"] {
            let (_, fast, slow) = try list.outcomes(text)
            #expect(fast == slow, "\(text)")
        }
    }

    /// Expects each named declaration's optimized value to pass `test`, and the expressions
    /// `reading` makes of its name to agree with the unoptimized program, also under tight
    /// step budgets.
    static func expectBodies(of names: [String], in list: OptimizerTests.LongList, reading: (String) -> [String],
                             where test: (TypedExpression) -> Bool,
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        for name in names {
            let index = try #require(list.optimized.declarationIndex(name), sourceLocation: sourceLocation)
            #expect(test(list.optimized.declarations[index].body), "\(name)", sourceLocation: sourceLocation)
            for text in reading(name) {
                try list.expectAgreementUnderBudgets(text, fusedInDeclarations: true, sourceLocation: sourceLocation)
            }
        }
    }

    /// Whether the expression reads a declaration's list.
    static func readsDeclarationList(_ expression: TypedExpression) -> Bool {
        if case .declarationList = expression.node { return true }
        var found = false
        forEachChild(of: expression) { if readsDeclarationList($0) { found = true } }
        return found
    }
}
