import Testing
import TipRulesSemantics
import TipRulesSyntax

/// Which orders by several keys are read as a chain of keys (`KeyComparisons.chain`), each
/// deciding unless its keys are equal. The orders themselves are compared with their closures
/// in `OptimizerTests`; this table makes sure the chain is found where it holds, and only there.
@Suite("Chains of order keys")
struct KeyChainTests {
    typealias K = KeyComparisons

    static let cases: [(String, K, [KeyChainLink]?)] = [
        ("one key", .compare(key: 0, .less), [KeyChainLink(key: 0, op: .less)]),
        ("a == b ? x : a > b", .choose(.compare(key: 0, .equal), .compare(key: 1, .less), .compare(key: 0, .greater)),
         [KeyChainLink(key: 0, op: .greater), KeyChainLink(key: 1, op: .less)]),
        ("a != b ? a <= b : x", .choose(.compare(key: 0, .notEqual), .compare(key: 0, .lessOrEqual), .compare(key: 1, .greaterOrEqual)),
         [KeyChainLink(key: 0, op: .lessOrEqual), KeyChainLink(key: 1, op: .greaterOrEqual)]),
        ("a < b || (a == b && x)", .or(.compare(key: 0, .less), .and(.compare(key: 0, .equal), .compare(key: 1, .greater))),
         [KeyChainLink(key: 0, op: .less), KeyChainLink(key: 1, op: .greater)]),
        ("(x && a == b) || a > b", .or(.and(.compare(key: 1, .less), .compare(key: 0, .equal)), .compare(key: 0, .greater)),
         [KeyChainLink(key: 0, op: .greater), KeyChainLink(key: 1, op: .less)]),
        ("three links", .choose(.compare(key: 0, .equal),
                                .or(.compare(key: 1, .greater), .and(.compare(key: 1, .equal), .compare(key: 2, .less))),
                                .compare(key: 0, .less)),
         [KeyChainLink(key: 0, op: .less), KeyChainLink(key: 1, op: .greater), KeyChainLink(key: 2, op: .less)]),
        // `a <= b || (a == b && x)` is true on equal keys whatever `x` says: no chain.
        ("a <= b || ...", .or(.compare(key: 0, .lessOrEqual), .and(.compare(key: 0, .equal), .compare(key: 1, .greater))), nil),
        // The tie broken by another key's equality, or decided by another key.
        ("a == b ? x : c > d", .choose(.compare(key: 0, .equal), .compare(key: 1, .less), .compare(key: 2, .greater)), nil),
        ("a < b || (c == d && x)", .or(.compare(key: 0, .less), .and(.compare(key: 1, .equal), .compare(key: 2, .greater))), nil),
        ("a < b && c < d", .and(.compare(key: 0, .less), .compare(key: 1, .less)), nil),
        ("!(a < b)", .not(.compare(key: 0, .less)), nil),
        ("a == b ? true : a < b", .choose(.compare(key: 0, .equal), .constant(true), .compare(key: 0, .less)), nil),
    ]

    @Test("finds the chain where every pair is ordered as the closure orders it", arguments: cases.indices)
    func chain(index: Int) {
        let (name, comparisons, expected) = KeyChainTests.cases[index]
        #expect(comparisons.chain == expected, "\(name)")
    }

    /// The chain found in comparators as written, whatever form the optimizer gives their
    /// parts (a ternary of `Bool`s is a predicate of `&&` and `||` in a row closure).
    @Test("finds the chain in comparators as written", arguments: [
        ("view.donations.sorted { $0.score == $1.score ? $0.id < $1.id : $0.score > $1.score }.map(\\.id)",
         [KeyChainLink(key: 0, op: .greater), KeyChainLink(key: 1, op: .less)]),
        ("view.donations.sorted { $0.id != $1.id ? $0.id > $1.id : $0.score <= $1.score }.first?.id",
         [KeyChainLink(key: 0, op: .greater), KeyChainLink(key: 1, op: .lessOrEqual)]),
        ("view.donations.sorted { $0.score < $1.score || ($0.score == $1.score && $0.id > $1.id) }.map(\\.id)",
         [KeyChainLink(key: 0, op: .less), KeyChainLink(key: 1, op: .greater)]),
        ("view.donations.min { $0.id == $1.id ? ($0.score == $1.score ? $0.date < $1.date : $0.score > $1.score) : $0.id < $1.id }?.id",
         [KeyChainLink(key: 0, op: .less), KeyChainLink(key: 1, op: .greater), KeyChainLink(key: 2, op: .less)]),
    ])
    func chainsAsWritten(text: String, links: [KeyChainLink]) throws {
        let rules = "event view { id: Int, score: Double }"
        let program = try #require(RuleCompiler().compile(SourceFile(name: "k.rules", text: rules)).program)
        let compiled = try #require(RuleCompiler().compileExpression(SourceFile(name: "<expr>", text: text), in: program).expression)
        var found: [[KeyChainLink]?] = []
        func visit(_ expression: TypedExpression) {
            if case .fused(.pairOrder(_, _, _, let keys, _), _, _) = expression.node { found.append(keys?.chain) }
            forEachChild(of: expression, visit)
        }
        visit(compiled.body)
        #expect(found == [links], "\(text)")
    }

    @Test("each link answers by its operator")
    func answers() {
        let rows: [(ComparisonOperator, less: Bool, greater: Bool, unordered: Bool, equal: Bool)] = [
            (.less, true, false, false, false), (.lessOrEqual, true, false, false, true),
            (.greater, false, true, false, false), (.greaterOrEqual, false, true, false, true),
            (.equal, false, false, false, true), (.notEqual, true, true, true, false),
        ]
        for row in rows {
            let link = KeyChainLink(key: 0, op: row.0)
            #expect(link.whenLess == row.less && link.whenGreater == row.greater, "\(row.0)")
            #expect(link.whenUnordered == row.unordered && link.whenEqual == row.equal, "\(row.0)")
            // The answers are the operator's own on 1 against 2, 2 against 1, NaN and equal keys.
            #expect(link.whenLess == Self.holds(row.0, 1, 2) && link.whenGreater == Self.holds(row.0, 2, 1))
            #expect(link.whenUnordered == Self.holds(row.0, .nan, 1) && link.whenEqual == Self.holds(row.0, 1, 1))
        }
    }

    static func holds(_ op: ComparisonOperator, _ a: Double, _ b: Double) -> Bool {
        switch op {
        case .equal: a == b
        case .notEqual: a != b
        case .less: a < b
        case .lessOrEqual: a <= b
        case .greater: a > b
        case .greaterOrEqual: a >= b
        }
    }
}
