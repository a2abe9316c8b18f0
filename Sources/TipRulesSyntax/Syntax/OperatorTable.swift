/// Swift's precedence groups for the operators TipRules knows, lowest first.
package enum PrecedenceGroup: Int, Sendable, Comparable, CaseIterable {
    case ternary = 1, disjunction, conjunction, comparison, nilCoalescing, range, additive, multiplicative

    package enum Associativity: Sendable { case left, right, none }

    package var associativity: Associativity {
        switch self {
        case .ternary, .nilCoalescing: return .right
        case .comparison, .range: return .none
        case .disjunction, .conjunction, .additive, .multiplicative: return .left
        }
    }

    /// The name Swift gives the group, used in diagnostics.
    package var swiftName: String {
        switch self {
        case .ternary: return "TernaryPrecedence"
        case .disjunction: return "LogicalDisjunctionPrecedence"
        case .conjunction: return "LogicalConjunctionPrecedence"
        case .comparison: return "ComparisonPrecedence"
        case .nilCoalescing: return "NilCoalescingPrecedence"
        case .range: return "RangeFormationPrecedence"
        case .additive: return "AdditionPrecedence"
        case .multiplicative: return "MultiplicationPrecedence"
        }
    }

    package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// The operator table as data: the parser folds infix sequences with it, the grammar test
/// compares it with `Grammar/TipRules.ebnf`.
package enum OperatorTable {
    /// Binary operators and their precedence groups. The ternary `? :` is the `ternary` group.
    package static let binary: [String: PrecedenceGroup] = [
        "*": .multiplicative, "/": .multiplicative, "%": .multiplicative,
        "+": .additive, "-": .additive,
        "...": .range, "..<": .range,
        "??": .nilCoalescing,
        "==": .comparison, "!=": .comparison, "<": .comparison, "<=": .comparison, ">": .comparison, ">=": .comparison,
        "&&": .conjunction,
        "||": .disjunction,
    ]

    /// Prefix operators.
    package static let prefix: Set<String> = ["!", "-"]

    /// Postfix operators (besides `?` for optional chaining).
    package static let postfix: Set<String> = ["!"]
}
