import TipRulesSemantics
import TipRulesSyntax

// Nodes for literals and operators.

final class ArrayLiteralNode: Node {
    let elements: [Node]
    init(_ elements: [Node], _ range: SourceRange, _ type: RuleType) {
        self.elements = elements
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        // A short literal is made as Swift makes a literal, at its size in one allocation
        // (`reserveCapacity` on an empty array takes the path that grows one), its elements
        // evaluated in order first.
        switch elements.count {
        case 1:
            return .array([try elements[0].evaluate(&ev)])
        case 2:
            let first = try elements[0].evaluate(&ev)
            return .array([first, try elements[1].evaluate(&ev)])
        case 3:
            let first = try elements[0].evaluate(&ev)
            let second = try elements[1].evaluate(&ev)
            return .array([first, second, try elements[2].evaluate(&ev)])
        default:
            var values: [Value] = []
            values.reserveCapacity(elements.count)
            for element in elements { values.append(try element.evaluate(&ev)) }
            return .array(values)
        }
    }
}

/// An array literal of constants (`["Zion", "Alps"]`): its value made once, not at every
/// evaluation. It charges the steps of its elements, as `ArrayLiteralNode` does.
final class ConstantArrayNode: Node {
    let elements: [Node]
    let value: Value
    init(_ elements: [ConstantNode], _ range: SourceRange, _ type: RuleType) {
        self.elements = elements
        value = .array(elements.map(\.value))
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        for element in elements { try ev.tickNode(element.range) }
        return value
    }
}

/// A node with one operand.
class UnaryNode: Node {
    let operand: Node
    init(_ operand: Node, _ range: SourceRange, _ type: RuleType) {
        self.operand = operand
        super.init(range, type)
    }
}

/// A node with two operands.
class BinaryNode: Node {
    let lhs: Node
    let rhs: Node
    init(_ lhs: Node, _ rhs: Node, _ range: SourceRange, _ type: RuleType) {
        self.lhs = lhs
        self.rhs = rhs
        super.init(range, type)
    }
}

final class NegateNode: UnaryNode {
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { try ev.negate(operand, range) }
}

final class NotNode: UnaryNode {
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { .bool(!(try operand.bool(&ev))) }
    override func bool(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        try ev.tickNode(range)
        return !(try operand.bool(&ev))
    }
}

final class ForceUnwrapNode: UnaryNode {
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { try ev.forceUnwrap(operand, range) }
}

final class BindOptionalNode: UnaryNode {
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        guard let value = try operand.evaluate(&ev).unwrapped() else { throw .nilInChain }
        return value
    }
}

final class OptionalChainNode: UnaryNode {
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { try ev.optionalChain(operand) }
}

/// Turns a `T` into a `T?`.
final class WrapOptionalNode: UnaryNode {
    /// Whether the operand is itself optional, so its value is boxed (see `Value`).
    private let boxes: Bool

    override init(_ operand: Node, _ range: SourceRange, _ type: RuleType) {
        boxes = operand.type.isOptional
        super.init(operand, range, type)
    }

    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        let value = try operand.evaluate(&ev)
        return boxes ? .some(value) : value
    }
}

final class ArithmeticNode: BinaryNode {
    let op: ArithmeticOperator
    init(_ op: ArithmeticOperator, _ lhs: Node, _ rhs: Node, _ range: SourceRange, _ type: RuleType) {
        self.op = op
        super.init(lhs, rhs, range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        switch op {
        case .intAdd, .intSubtract, .intMultiply, .intDivide, .intRemainder: return .int(try intBody(&ev))
        case .doubleAdd, .doubleSubtract, .doubleMultiply, .doubleDivide: return .double(try doubleBody(&ev))
        case .stringConcatenate, .arrayConcatenate: return try ev.arithmetic(op, lhs, rhs, range)
        }
    }
    override func int(_ ev: inout Evaluator) throws(Interrupt) -> Int {
        try ev.tickNode(range)
        return try intBody(&ev)
    }
    override func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        try ev.tickNode(range)
        return try doubleBody(&ev)
    }

    private func intBody(_ ev: inout Evaluator) throws(Interrupt) -> Int {
        let a = try lhs.int(&ev)
        let b = try rhs.int(&ev)
        return try int(&ev, a, b)
    }

    /// The integer operation on unboxed operands, trapping (with a runtime error) where Swift
    /// does. (Also what a closure whose body is this node computes, see `DirectClosureBody`.)
    @inline(__always)
    func int(_ ev: inout Evaluator, _ a: Int, _ b: Int) throws(Interrupt) -> Int {
        let result = Self.withIntOperation(op) { $0(a, b) }
        if result.overflow { throw Self.trap(op, ev, a, b, range) }
        return result.partialValue
    }

    /// `body` given an integer operation as a function reporting overflow (division by zero
    /// included), chosen once: a loop inside `body` then applies it without a switch.
    @inline(__always)
    static func withIntOperation<Result, Failure: Error>(
        _ op: ArithmeticOperator, _ body: ((Int, Int) -> (partialValue: Int, overflow: Bool)) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        switch op {
        case .intAdd: return try body { $0.addingReportingOverflow($1) }
        case .intSubtract: return try body { $0.subtractingReportingOverflow($1) }
        case .intMultiply: return try body { $0.multipliedReportingOverflow(by: $1) }
        case .intDivide: return try body { $0.dividedReportingOverflow(by: $1) }
        case .intRemainder: return try body { $0.remainderReportingOverflow(dividingBy: $1) }
        default: preconditionFailure("integer arithmetic with a non-integer operator")
        }
    }

    /// The error where Swift traps on `a op b` (the operation reported an overflow): a division
    /// by zero, or an overflow. Kept out of line so the arithmetic makes no strings.
    @inline(never)
    static func trap(_ op: ArithmeticOperator, _ ev: borrowing Evaluator, _ a: Int, _ b: Int, _ range: SourceRange) -> Interrupt {
        let symbol: String
        switch op {
        case .intAdd: symbol = "+"
        case .intSubtract: symbol = "-"
        case .intMultiply: symbol = "*"
        case .intDivide:
            if b == 0 { return ev.failure(RuntimeMessages.divisionByZero, range) }
            symbol = "/"
        default:
            if b == 0 { return ev.failure(RuntimeMessages.remainderByZero, range) }
            symbol = "%"
        }
        return ev.failure(RuntimeMessages.overflow("\(a) \(symbol) \(b)"), range)
    }

    private func doubleBody(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        let a = try lhs.double(&ev)
        let b = try rhs.double(&ev)
        return double(a, b)
    }

    /// IEEE arithmetic on unboxed operands.
    @inline(__always)
    func double(_ a: Double, _ b: Double) -> Double {
        Self.withDoubleOperation(op) { $0(a, b) }
    }

    /// `body` given a floating-point operation as a function, chosen once: a loop inside
    /// `body` then applies it without a switch.
    @inline(__always)
    static func withDoubleOperation<Result, Failure: Error>(
        _ op: ArithmeticOperator, _ body: ((Double, Double) -> Double) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        switch op {
        case .doubleAdd: return try body { $0 + $1 }
        case .doubleSubtract: return try body { $0 - $1 }
        case .doubleMultiply: return try body { $0 * $1 }
        case .doubleDivide: return try body { $0 / $1 }
        default: preconditionFailure("floating-point arithmetic with another operator")
        }
    }
}

final class ComparisonNode: BinaryNode {
    let op: ComparisonOperator
    /// How the operands compare: unboxed when both are `Int`, or both `Double` or `Date`
    /// (a date unboxes to its seconds; `date` for `<=` and `>=` of dates, which `Date` defines
    /// otherwise than IEEE 754 for NaN, see `DateOrder`); `x == nil` and `nil == x` by asking
    /// whether `x` is nil (see `Node.isNil`), which need not make its value.
    enum Kind { case int, double, date, nilOnRight, nilOnLeft, value }
    private let kind: Kind
    /// Whether a nil test is `==` (worked out once: `==` on the operator, an enum of another
    /// module, goes through a witness call).
    private let testsEquality: Bool

    init(_ op: ComparisonOperator, _ lhs: Node, _ rhs: Node, _ range: SourceRange, _ type: RuleType) {
        self.op = op
        testsEquality = op == .equal
        switch (lhs.type, rhs.type) {
        case (.int, .int): kind = .int
        case (.double, .double): kind = .double
        case (.date, .date): kind = op == .lessOrEqual || op == .greaterOrEqual ? .date : .double
        default:
            let equality = op == .equal || op == .notEqual
            if equality && ComparisonNode.isNilConstant(rhs) {
                kind = .nilOnRight
            } else if equality && ComparisonNode.isNilConstant(lhs) {
                kind = .nilOnLeft
            } else {
                kind = .value
            }
        }
        super.init(lhs, rhs, range, type)
    }

    /// How the operands compare unboxed: as `Int`s, as `Double`s (dates but for `<=` and
    /// `>=`), or as dates; nil when they compare otherwise.
    var unboxedKind: Kind? {
        switch kind {
        case .int, .double, .date: return kind
        case .nilOnRight, .nilOnLeft, .value: return nil
        }
    }

    private static func isNilConstant(_ node: Node) -> Bool {
        guard let constant = node as? ConstantNode, case .null = constant.value else { return false }
        return true
    }

    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { .bool(try body(&ev)) }
    override func bool(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        try ev.tickNode(range)
        return try body(&ev)
    }

    private func body(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        switch kind {
        case .int: return ComparisonNode.holds(op, try lhs.int(&ev), try rhs.int(&ev))
        case .double: return ComparisonNode.holds(op, try lhs.double(&ev), try rhs.double(&ev))
        case .date: return ComparisonNode.holds(op, DateOrder(try lhs.double(&ev)), DateOrder(try rhs.double(&ev)))
        case .nilOnRight:
            let isNil = try lhs.isNil(&ev)
            try ev.tickNode(rhs.range)
            return isNil == testsEquality
        case .nilOnLeft:
            try ev.tickNode(lhs.range)
            return try rhs.isNil(&ev) == testsEquality
        case .value:
            let left = try lhs.evaluate(&ev)
            let right = try rhs.evaluate(&ev)
            return Evaluator.compare(op, left, right)
        }
    }
}

extension ComparisonNode {
    /// Swift's comparison operators on one comparable type (IEEE rules for `Double`). (Here, in
    /// the evaluator's module: a generic from another module is called unspecialized, about 35
    /// instructions a comparison through the protocol's witnesses.)
    @inline(__always)
    static func holds<T: Comparable>(_ op: ComparisonOperator, _ a: T, _ b: T) -> Bool {
        withComparison(op) { $0(a, b) }
    }

    /// `body` given a comparison as a function, chosen once: a loop inside `body` then applies
    /// it without a switch.
    @inline(__always)
    static func withComparison<T: Comparable, Result, Failure: Error>(
        _ op: ComparisonOperator, _ body: ((T, T) -> Bool) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        switch op {
        case .equal: return try body { $0 == $1 }
        case .notEqual: return try body { $0 != $1 }
        case .less: return try body { $0 < $1 }
        case .lessOrEqual: return try body { $0 <= $1 }
        case .greater: return try body { $0 > $1 }
        case .greaterOrEqual: return try body { $0 >= $1 }
        }
    }

}

/// `&&` and `||`, short-circuiting left to right.
final class LogicalNode: BinaryNode {
    let isAnd: Bool
    init(isAnd: Bool, _ lhs: Node, _ rhs: Node, _ range: SourceRange, _ type: RuleType) {
        self.isAnd = isAnd
        super.init(lhs, rhs, range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { .bool(try body(&ev)) }
    override func bool(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        try ev.tickNode(range)
        return try body(&ev)
    }
    private func body(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        let left = try lhs.bool(&ev)
        if left != isAnd { return left }
        return try rhs.bool(&ev)
    }
}

final class NilCoalescingNode: BinaryNode {
    /// `a ?? b` with an optional `b` keeps `a` optional.
    private let keepsOptional: Bool

    override init(_ lhs: Node, _ rhs: Node, _ range: SourceRange, _ type: RuleType) {
        keepsOptional = rhs.type == lhs.type
        super.init(lhs, rhs, range, type)
    }

    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        let left = try lhs.evaluate(&ev)
        if let unwrapped = left.unwrapped() {
            return keepsOptional ? left : unwrapped
        }
        return try rhs.evaluate(&ev)
    }

    // `a ?? b` of a scalar type: `a`'s value unwrapped, or `b`'s computed unboxed.
    override func int(_ ev: inout Evaluator) throws(Interrupt) -> Int {
        try ev.tickNode(range)
        if case .int(let value) = try lhs.evaluate(&ev) { return value }
        return try rhs.int(&ev)
    }
    override func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        try ev.tickNode(range)
        switch try lhs.evaluate(&ev) {
        case .double(let value), .date(let value): return value
        default: return try rhs.double(&ev)
        }
    }
    override func bool(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        try ev.tickNode(range)
        if case .bool(let value) = try lhs.evaluate(&ev) { return value }
        return try rhs.bool(&ev)
    }
}

final class SubscriptNode: BinaryNode {
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { try ev.subscriptAccess(lhs, rhs, range) }
}

final class RangeNode: BinaryNode {
    let closed: Bool
    init(closed: Bool, _ lhs: Node, _ rhs: Node, _ range: SourceRange, _ type: RuleType) {
        self.closed = closed
        super.init(lhs, rhs, range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { try ev.range(lhs, rhs, closed, range) }

    /// `contains(x)` of the range, without making it: the bounds and `x` read unboxed, charging
    /// what evaluating the range and then `x` charges, and failing where making the range fails.
    @inline(__always)
    func contains<T: Comparable>(_ x: Node, _ ev: inout Evaluator,
                                 _ value: (Node, inout Evaluator) throws(Interrupt) -> T) throws(Interrupt) -> Bool {
        try ev.tickNode(range)
        let low = try value(lhs, &ev), high = try value(rhs, &ev)
        // As `Evaluator.range` checks: `high < low`, or a NaN bound, which no `Double`'s `<=`
        // passes (a date's does, as `T` is then `DateOrder`).
        guard low <= high else { throw ev.failure(RuntimeMessages.invalidRange, range) }
        let needle = try value(x, &ev)
        return low <= needle && (closed ? needle <= high : needle < high)
    }
}

final class TernaryNode: Node {
    let condition: Node
    let then: Node
    let otherwise: Node
    init(_ condition: Node, _ then: Node, _ otherwise: Node, _ range: SourceRange, _ type: RuleType) {
        self.condition = condition
        self.then = then
        self.otherwise = otherwise
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        try (try condition.bool(&ev) ? then : otherwise).evaluate(&ev)
    }
    override func int(_ ev: inout Evaluator) throws(Interrupt) -> Int {
        try ev.tickNode(range)
        return try (try condition.bool(&ev) ? then : otherwise).int(&ev)
    }
    override func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        try ev.tickNode(range)
        return try (try condition.bool(&ev) ? then : otherwise).double(&ev)
    }
    override func bool(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        try ev.tickNode(range)
        return try (try condition.bool(&ev) ? then : otherwise).bool(&ev)
    }
    override func isNil(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        try ev.tickNode(range)
        return try (try condition.bool(&ev) ? then : otherwise).isNil(&ev)
    }
}

/// `a.timeIntervalSince(b)` on unboxed dates.
final class TimeIntervalSinceNode: BinaryNode {
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { .double(try lhs.double(&ev) - rhs.double(&ev)) }
    override func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        try ev.tickNode(range)
        return try lhs.double(&ev) - rhs.double(&ev)
    }
}
