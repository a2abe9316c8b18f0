import TipRulesSemantics
import TipRulesSyntax

extension Evaluator {
    @inline(never)
    mutating func arithmetic(_ op: ArithmeticOperator, _ lhs: Node, _ rhs: Node, _ range: SourceRange) throws(Interrupt) -> Value {
        let left = try lhs.evaluate(&self)
        let right = try rhs.evaluate(&self)
        switch (op, left, right) {
        case let (.intAdd, .int(a), .int(b)): return try checked(a.addingReportingOverflow(b), "+", a, b, range)
        case let (.intSubtract, .int(a), .int(b)): return try checked(a.subtractingReportingOverflow(b), "-", a, b, range)
        case let (.intMultiply, .int(a), .int(b)): return try checked(a.multipliedReportingOverflow(by: b), "*", a, b, range)
        case let (.intDivide, .int(a), .int(b)):
            if b == 0 { throw failure(RuntimeMessages.divisionByZero, range) }
            return try checked(a.dividedReportingOverflow(by: b), "/", a, b, range)
        case let (.intRemainder, .int(a), .int(b)):
            if b == 0 { throw failure(RuntimeMessages.remainderByZero, range) }
            return try checked(a.remainderReportingOverflow(dividingBy: b), "%", a, b, range)
        case let (.doubleAdd, .double(a), .double(b)): return .double(a + b)
        case let (.doubleSubtract, .double(a), .double(b)): return .double(a - b)
        case let (.doubleMultiply, .double(a), .double(b)): return .double(a * b)
        case let (.doubleDivide, .double(a), .double(b)): return .double(a / b)
        case let (.stringConcatenate, .string(a), .string(b)):
            // Charged by size, so repeated doubling cannot exhaust memory within the budget.
            try tick(a.utf8.count + b.utf8.count, range)
            return .string(a + b)
        case (.arrayConcatenate, _, _):
            // Four steps per element: an element takes 32 bytes.
            try tick(4 * (left.collectionCount + right.collectionCount), range)
            return .array(Value.concatenated(elements(of: left), elements(of: right)))
        default:
            preconditionFailure("arithmetic on mismatched values")
        }
    }

    private func checked(_ result: (partialValue: Int, overflow: Bool), _ op: String, _ a: Int, _ b: Int, _ range: SourceRange) throws(Interrupt) -> Value {
        if result.overflow {
            throw failure(RuntimeMessages.overflow("\(a) \(op) \(b)"), range)
        }
        return .int(result.partialValue)
    }

    /// Swift's comparison operators on values of one type (IEEE rules for `Double`, `Date`'s
    /// own for dates, see `DateOrder`).
    static func compare(_ op: ComparisonOperator, _ left: Value, _ right: Value) -> Bool {
        switch op {
        case .equal: return left == right
        case .notEqual: return left != right
        case .less: return ordered(left, right, <, <, <, <)
        case .lessOrEqual: return ordered(left, right, <=, <=, <=) { DateOrder($0) <= DateOrder($1) }
        case .greater: return ordered(left, right, >, >, >, >)
        case .greaterOrEqual: return ordered(left, right, >=, >=, >=) { DateOrder($0) >= DateOrder($1) }
        }
    }

    private static func ordered(
        _ left: Value, _ right: Value, _ int: (Int, Int) -> Bool, _ double: (Double, Double) -> Bool,
        _ string: (String, String) -> Bool, _ date: (Double, Double) -> Bool
    ) -> Bool {
        switch (left, right) {
        case let (.int(a), .int(b)): return int(a, b)
        case let (.double(a), .double(b)): return double(a, b)
        case let (.string(a), .string(b)): return string(a, b)
        case let (.date(a), .date(b)): return date(a, b)
        default: preconditionFailure("ordering non-comparable values")
        }
    }
}

extension Value {
    /// The number of elements of a collection value (0 for other values).
    var collectionCount: Int {
        switch self {
        case .array(let items): return items.count
        case .set(let items): return items.count
        case .donations(let list): return list.count
        default: return 0
        }
    }
}
