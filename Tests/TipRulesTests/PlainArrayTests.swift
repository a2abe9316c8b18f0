import Foundation
import Testing
import TipRules
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// Arrays of numbers, dates and `Bool`s in storage freed without destroying each element
/// (`PlainArrays`): which arrays get it, that they read as any array does, and that values
/// handed to embedders never have it.
@Suite("Plain array storage")
struct PlainArrayTests {
    /// An expression's value over `Fixture.log`, evaluated with or without fused operations.
    static func value(_ text: String, optimizes: Bool = true) throws -> (Value, RuleType) {
        let program = try #require(RuleCompiler(optimizes: optimizes).compile(SourceFile(name: "p.rules", text: Fixture.header)).program)
        let expression = try #require(RuleCompiler(optimizes: optimizes).compileExpression(SourceFile(name: "<expr>", text: text), in: program).expression)
        var store = DonationStore(program: program)
        #expect(DonationLog.load(Array(Fixture.log.utf8), fileName: "log.ndjson", into: &store).isEmpty)
        var evaluation = Evaluation(program: program, donations: store, options: EvaluationOptions(now: Fixture.date(Fixture.now)))
        let result = evaluation.evaluate(expression)
        return (try result.outcome.get(), result.type)
    }

    /// Arrays the evaluator makes, the values they hold, and whether their storage is plain:
    /// only where every element is a number, a date or a `Bool` (not a `nil`, which a
    /// `[String?]` holds too, nor a string), and there is at least one.
    static let arrays: [(text: String, value: String, plain: Bool)] = [
        (#"view.donations.map(\.rating)"#, "[4.5, 3.0, 5.0, 2.5]", true),
        (#"view.donations.map(\.id).sorted()"#, "[1, 1, 2, 3]", true),
        (#"view.donations.map(\.rating) + [1.0]"#, "[4.5, 3.0, 5.0, 2.5, 1.0]", true),
        (#"view.donations.map { $0.rating * 2 }.reversed()"#, "[5.0, 10.0, 6.0, 9.0]", true),
        (#"view.donations.map(\.id).filter { $0 > 1 }"#, "[2, 3]", true),
        (#"view.donations.map(\.date).suffix(2)"#, "[2026-11-12T10:00:00Z, 2026-11-29T10:00:00Z]", true),
        (#"[3, 1, 2].map { $0 * 10 }"#, "[30, 10, 20]", true),
        (#"view.donations.map { $0.id > 1 }"#, "[false, true, false, true]", true),
        (#"view.donations.map(\.name)"#, #"["Alps", "Wilbere Bowl", "Alps", "Charley Lake"]"#, false),
        (#"view.donations.map(\.note)"#, #"[nil, "wet", nil, nil]"#, false),
        (#"view.donations.map(\.seen)"#, "[nil, nil, 2026-11-12T09:00:00Z, nil]", false),
        (#"view.donations.map(\.id).filter { $0 > 5 }"#, "[]", false),
        (#"view.donations.map(\.rating) + view.donations.map(\.rating).filter { $0 > 9 }"#, "[4.5, 3.0, 5.0, 2.5]", true),
        (#"view.donations.map(\.rating) + view.donations.map(\.rating).reversed()"#, "[4.5, 3.0, 5.0, 2.5, 2.5, 5.0, 3.0, 4.5]", true),
        (#"view.donations.map(\.id).filter { $0 > 5 } + view.donations.map(\.id).suffix(1)"#, "[3]", true),
        (#"view.donations.map(\.seen) + [nil]"#, "[nil, nil, 2026-11-12T09:00:00Z, nil, nil]", false),
        // Made as numbers, dates and `Bool`s, known plain without a look at the elements; and
        // their string counterparts, never.
        (#"view.donations.map { $0.id * 2 }.sorted()"#, "[2, 2, 4, 6]", true),
        (#"view.donations.map { $0.id * 2 }"#, "[2, 4, 2, 6]", true),
        (#"view.donations.map { $0.rating / 2 }.sorted(by: >)"#, "[2.5, 2.25, 1.5, 1.25]", true),
        (#"view.donations.map(\.date).sorted()"#, "[2026-11-10T10:00:00Z, 2026-11-11T10:00:00Z, 2026-11-12T10:00:00Z, 2026-11-29T10:00:00Z]", true),
        (#"view.donations.map(\.name).sorted()"#, #"["Alps", "Alps", "Charley Lake", "Wilbere Bowl"]"#, false),
        (#"view.donations.map { $0.name + "!" }.sorted(by: >)"#, #"["Wilbere Bowl!", "Charley Lake!", "Alps!", "Alps!"]"#, false),
        (#"view.donations.map(\.id).reversed().sorted()"#, "[1, 1, 2, 3]", true),
        (#"view.donations.map(\.name).reversed().sorted()"#, #"["Alps", "Alps", "Charley Lake", "Wilbere Bowl"]"#, false),
        (#"(view.donations.map(\.name) + ["Bo"]).sorted()"#, #"["Alps", "Alps", "Bo", "Charley Lake", "Wilbere Bowl"]"#, false),
        (#"(view.donations.map(\.id) + [0]).sorted()"#, "[0, 1, 1, 2, 3]", true),
    ]

    @Test("arrays of numbers, dates and Bools get plain storage; others ordinary; both read the same", arguments: arrays)
    func storage(_ entry: (text: String, value: String, plain: Bool)) throws {
        for optimizes in [true, false] {
            let (value, type) = try PlainArrayTests.value(entry.text, optimizes: optimizes)
            #expect(ValueFormatter.text(value, type) == entry.value, "\(entry.text)")
            guard case .array(let items) = value else {
                Issue.record("not an array: \(entry.text)")
                continue
            }
            // The unoptimized evaluator makes its arrays through the same helpers, but a map over
            // another array may be a plain copy of its elements either way.
            if optimizes { #expect(PlainArrays.isPlain(items) == entry.plain, "\(entry.text)") }
            // Read, compared and hashed as an ordinary array of the same values.
            let copy = items.map { $0 }
            #expect(!PlainArrays.isPlain(copy))
            #expect(copy == items && Set([copy]).contains(items))
        }
    }

    @Test("values handed to embedders hold no plain storage, however deeply an array is nested")
    func embeddersGetOrdinaryStorage() throws {
        let (scores, _) = try PlainArrayTests.value(#"view.donations.map(\.rating)"#)
        guard case .array(let items) = scores else { Issue.record("not an array"); return }
        #expect(PlainArrays.isPlain(items))
        func plainInside(_ value: Value) -> Bool {
            switch value {
            case .array(let items): return PlainArrays.isPlain(items) || items.contains(where: plainInside)
            case .set(let items): return items.contains(where: plainInside)
            case .some(let wrapped): return plainInside(wrapped)
            default: return false
            }
        }
        for value in [scores, .array([scores, .int(1)]), .set([scores]), .some(scores), .some(.array([.set([scores])]))] {
            #expect(plainInside(value))
            let ordinary = value.withOrdinaryStorage
            #expect(!plainInside(ordinary))
            #expect(ordinary == value)
        }
        // Through the public result type.
        let result = RuleResult(EvaluationResult(name: "scores", type: .array(.double), outcome: .success(.array([scores]))))
        #expect(try !plainInside(result.outcome.get()))
        #expect(result.value == .array([scores]))
    }
}
