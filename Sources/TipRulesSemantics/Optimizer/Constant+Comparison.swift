import TipRulesSyntax

extension Constant {
    /// Whether this is a value of a scalar type: not nil, a time range or a collection.
    var isScalar: Bool {
        switch self {
        case .int, .double, .bool, .string, .date: return true
        case .timeRange, .null, .some, .array, .set: return false
        }
    }

    /// `self op other` of two constants of one type, as Swift compares them (strings by
    /// canonical equivalence); nil for other constants. Worked out from `<`, `==` and `>`, of
    /// which NaN makes all three false, as it makes a `Double`'s `<=` and `>=` (a date's are
    /// `Date`'s own, see `DateOrder`).
    func compared(_ op: ComparisonOperator, _ other: Constant) -> Bool? {
        let less: Bool, equal: Bool, greater: Bool
        switch (self, other) {
        case (.date(let a), .date(let b)): return DateOrder.holds(op, a, b)
        case (.int(let a), .int(let b)): (less, equal, greater) = (a < b, a == b, a > b)
        case (.double(let a), .double(let b)): (less, equal, greater) = (a < b, a == b, a > b)
        case (.string(let a), .string(let b)): (less, equal, greater) = (a < b, a == b, a > b)
        case (.bool(let a), .bool(let b)) where op == .equal || op == .notEqual: (less, equal, greater) = (false, a == b, false)
        default: return nil
        }
        switch op {
        case .equal: return equal
        case .notEqual: return !equal
        case .less: return less
        case .lessOrEqual: return less || equal
        case .greater: return greater
        case .greaterOrEqual: return greater || equal
        }
    }
}

extension ComparisonOperator {
    /// The operator with its operands swapped: `k < x` is `x > k`.
    package var mirrored: ComparisonOperator {
        switch self {
        case .equal, .notEqual: return self
        case .less: return .greater
        case .lessOrEqual: return .greaterOrEqual
        case .greater: return .less
        case .greaterOrEqual: return .lessOrEqual
        }
    }
}
