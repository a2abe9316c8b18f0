import TipRulesSemantics
import TipRulesSyntax

/// The runtime form of a typed expression: a tree of objects the evaluator walks, made once per
/// program (see `RuntimeProgram`).
///
/// Each node kind is a subclass that evaluates itself. Children are `let` references, so
/// walking the tree reads them in place: no switch over a node enum, no copies of tree values
/// and their reference counts, and everything the typed tree resolved (slots, field indices,
/// built-in implementations, constants as values) sits ready in the node.
class Node {
    /// The source range, for runtime errors and the step budget.
    let range: SourceRange
    /// The static type.
    let type: RuleType

    init(_ range: SourceRange, _ type: RuleType) {
        self.range = range
        self.type = type
    }

    /// Evaluates the node: one step, then its own work.
    @inline(__always)
    final func evaluate(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        try ev.tick(1, range)
        return try execute(&ev)
    }

    /// The node's own work; every kind that is evaluated overrides it.
    func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        preconditionFailure("\(Self.self) is only applied, never evaluated")
    }

    // Typed evaluation: a node of type `Int`, `Double` or `Bool` can give its value unboxed, so
    // an arithmetic or comparison tree computes in machine values from the leaves up. Each
    // charges exactly the steps `evaluate` charges. These defaults box and unbox; the node kinds
    // on hot paths override them.

    /// The value of an `Int` node.
    func int(_ ev: inout Evaluator) throws(Interrupt) -> Int {
        guard case .int(let value) = try evaluate(&ev) else { preconditionFailure("an Int node gave another value") }
        return value
    }

    /// The value of a `Double` node, or the seconds since 2001 of a `Date` node.
    func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        switch try evaluate(&ev) {
        case .double(let value), .date(let value): return value
        default: preconditionFailure("a Double or Date node gave another value")
        }
    }

    /// The value of a `Bool` node.
    func bool(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        guard case .bool(let value) = try evaluate(&ev) else { preconditionFailure("a Bool node gave another value") }
        return value
    }

    /// Applies a function value (a closure or a key path) to one argument.
    func apply(_ ev: inout Evaluator, _ argument: Value) throws(Interrupt) -> Value {
        preconditionFailure("applying a non-function")
    }

    /// Applies a function value to an element of a collection.
    func apply(_ ev: inout Evaluator, _ elements: Elements, _ index: Int) throws(Interrupt) -> Value {
        try apply(&ev, elements.value(at: index))
    }

    /// Applies a predicate to an element of a collection.
    func applyBool(_ ev: inout Evaluator, _ elements: Elements, _ index: Int) throws(Interrupt) -> Bool {
        try applyBool(&ev, elements.value(at: index))
    }

    /// Applies a two-parameter closure to a value and an element of a collection.
    func apply(_ ev: inout Evaluator, _ first: Value, _ elements: Elements, _ index: Int) throws(Interrupt) -> Value {
        try apply(&ev, first, elements.value(at: index))
    }

    /// Applies a predicate (a closure or key path to `Bool`).
    func applyBool(_ ev: inout Evaluator, _ argument: Value) throws(Interrupt) -> Bool {
        guard case .bool(let flag) = try apply(&ev, argument) else { preconditionFailure("predicate is not Bool") }
        return flag
    }

    /// Applies a two-parameter closure.
    func apply(_ ev: inout Evaluator, _ first: Value, _ second: Value) throws(Interrupt) -> Value {
        preconditionFailure("applying a non-closure")
    }
}

final class ConstantNode: Node {
    let value: Value
    /// The value unboxed, for the typed entry points (zero where the type differs).
    private let intValue: Int
    private let doubleValue: Double
    private let boolValue: Bool
    init(_ value: Value, _ range: SourceRange, _ type: RuleType) {
        self.value = value
        if case .int(let x) = value { intValue = x } else { intValue = 0 }
        switch value {
        case .double(let x), .date(let x): doubleValue = x
        default: doubleValue = 0
        }
        if case .bool(let x) = value { boolValue = x } else { boolValue = false }
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { value }
    override func int(_ ev: inout Evaluator) throws(Interrupt) -> Int {
        try ev.tick(1, range)
        return intValue
    }
    override func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        try ev.tick(1, range)
        return doubleValue
    }
    override func bool(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        try ev.tick(1, range)
        return boolValue
    }
}

final class DeclarationNode: Node {
    let index: Int
    init(_ index: Int, _ range: SourceRange, _ type: RuleType) {
        self.index = index
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { try ev.declarationValue(index) }
}

final class ParameterValueNode: Node {
    let index: Int
    init(_ index: Int, _ range: SourceRange, _ type: RuleType) {
        self.index = index
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { ev.inputs.parameterValues[index] }
}

/// `$name`, the parameter itself, and a bare event name: values that name their index.
final class IndexValueNode: Node {
    let value: Value
    init(_ value: Value, _ range: SourceRange, _ type: RuleType) {
        self.value = value
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { value }
}

final class LocalNode: Node {
    let slot: Int
    init(_ slot: Int, _ range: SourceRange, _ type: RuleType) {
        self.slot = slot
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { ev.local(slot) }
    override func int(_ ev: inout Evaluator) throws(Interrupt) -> Int {
        try ev.tick(1, range)
        return ev.localInt(slot)
    }
    override func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        try ev.tick(1, range)
        return ev.localDouble(slot)
    }
    override func bool(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        try ev.tick(1, range)
        return ev.localBool(slot)
    }
}

/// A closure parameter of a donation type, kept as a stream position (see
/// `Evaluator.setDonationLocal`).
final class DonationLocalNode: Node {
    let slot: Int
    init(_ slot: Int, _ range: SourceRange, _ type: RuleType) {
        self.slot = slot
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { ev.donationLocal(slot) }
}

/// `$0.date` of a closure parameter of a donation type: the date read from its stream. It
/// charges the local's step too, as the call and its receiver would.
final class LocalDateNode: Node {
    let slot: Int
    let receiverRange: SourceRange
    init(_ slot: Int, receiverRange: SourceRange, _ range: SourceRange, _ type: RuleType) {
        self.slot = slot
        self.receiverRange = receiverRange
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        try ev.tick(1, receiverRange)
        return .date(ev.localDate(slot))
    }
    override func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        try ev.tick(1, range)
        try ev.tick(1, receiverRange)
        return ev.localDate(slot)
    }
}

/// `a.timeIntervalSince(b)` on unboxed dates.
final class TimeIntervalSinceNode: BinaryNode {
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { .double(try lhs.double(&ev) - rhs.double(&ev)) }
    override func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        try ev.tick(1, range)
        return try lhs.double(&ev) - rhs.double(&ev)
    }
}

/// The value a key path's property step is applied to (see `KeyPathNode`).
final class InjectedValueNode: Node {
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { ev.injected }
}

/// A call of a built-in, with its implementation resolved.
final class BuiltinNode: Node {
    let call: CompiledCall
    let implementation: BuiltinImplementations.Implementation
    init(_ call: CompiledCall, _ type: RuleType) {
        self.call = call
        self.implementation = BuiltinImplementations.table[call.builtin.id.rawValue]
        super.init(call.range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { try implementation(&ev, call, call.range) }
}

/// A built-in call's parts, as the implementations read them.
final class CompiledCall {
    let builtin: Builtin
    let receiver: Node?
    let arguments: [Node]
    /// The call's static result type (built-ins that return optionals need it to wrap).
    let resultType: RuleType
    let range: SourceRange

    init(builtin: Builtin, receiver: Node?, arguments: [Node], resultType: RuleType, range: SourceRange) {
        self.builtin = builtin
        self.receiver = receiver
        self.arguments = arguments
        self.resultType = resultType
        self.range = range
    }
}

final class FieldNode: Node {
    let base: Node
    let index: Int
    init(_ base: Node, _ index: Int, _ range: SourceRange, _ type: RuleType) {
        self.base = base
        self.index = index
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        guard case .donation(let stream, let position) = try base.evaluate(&ev) else { preconditionFailure("field of a non-donation") }
        return stream.columns[index][position]
    }
}

/// A payload field of a closure parameter (`$0.score`): the field read straight from the
/// local, without copying the donation out first. It charges the local's step too.
final class LocalFieldNode: Node {
    let slot: Int
    let index: Int
    /// The range of the local, where its step is charged.
    let baseRange: SourceRange
    init(slot: Int, index: Int, baseRange: SourceRange, _ range: SourceRange, _ type: RuleType) {
        self.slot = slot
        self.index = index
        self.baseRange = baseRange
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        try ev.tick(1, baseRange)
        return ev.localField(slot, index)
    }
    override func int(_ ev: inout Evaluator) throws(Interrupt) -> Int {
        try ev.tick(1, range)
        try ev.tick(1, baseRange)
        return ev.localIntField(slot, index)
    }
    override func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        try ev.tick(1, range)
        try ev.tick(1, baseRange)
        return ev.localDoubleField(slot, index)
    }
}

/// A closure: its parameters live in consecutive local slots starting at `firstSlot`. A
/// parameter of a donation type is bound as a stream position.
final class ClosureNode: Node {
    let firstSlot: Int
    let body: Node
    private let firstIsDonation: Bool
    private let secondIsDonation: Bool

    init(firstSlot: Int, body: Node, _ range: SourceRange, _ type: RuleType) {
        self.firstSlot = firstSlot
        self.body = body
        var parameters: [RuleType] = []
        if case .function(let types, _) = type { parameters = types }
        func isDonation(_ index: Int) -> Bool {
            guard index < parameters.count, case .donation = parameters[index] else { return false }
            return true
        }
        firstIsDonation = isDonation(0)
        secondIsDonation = isDonation(1)
        super.init(range, type)
    }

    @inline(__always)
    private func bind(_ ev: inout Evaluator, _ slot: Int, _ value: Value, isDonation: Bool) {
        if isDonation, case .donation(let stream, let position) = value {
            ev.setDonationLocal(slot, stream, position)
        } else {
            ev.setLocal(slot, value)
        }
    }

    @inline(__always)
    private func bindFirst(_ ev: inout Evaluator, _ elements: Elements, _ index: Int) {
        if firstIsDonation, let stream = elements.stream {
            ev.setDonationLocal(firstSlot, stream, elements.position(at: index))
        } else {
            bind(&ev, firstSlot, elements.value(at: index), isDonation: firstIsDonation)
        }
    }

    override func apply(_ ev: inout Evaluator, _ argument: Value) throws(Interrupt) -> Value {
        bind(&ev, firstSlot, argument, isDonation: firstIsDonation)
        return try body.evaluate(&ev)
    }
    override func apply(_ ev: inout Evaluator, _ first: Value, _ second: Value) throws(Interrupt) -> Value {
        bind(&ev, firstSlot, first, isDonation: firstIsDonation)
        bind(&ev, firstSlot + 1, second, isDonation: secondIsDonation)
        return try body.evaluate(&ev)
    }
    override func applyBool(_ ev: inout Evaluator, _ argument: Value) throws(Interrupt) -> Bool {
        bind(&ev, firstSlot, argument, isDonation: firstIsDonation)
        return try body.bool(&ev)
    }
    override func apply(_ ev: inout Evaluator, _ elements: Elements, _ index: Int) throws(Interrupt) -> Value {
        bindFirst(&ev, elements, index)
        return try body.evaluate(&ev)
    }
    override func applyBool(_ ev: inout Evaluator, _ elements: Elements, _ index: Int) throws(Interrupt) -> Bool {
        bindFirst(&ev, elements, index)
        return try body.bool(&ev)
    }
    override func apply(_ ev: inout Evaluator, _ first: Value, _ elements: Elements, _ index: Int) throws(Interrupt) -> Value {
        bind(&ev, firstSlot, first, isDonation: firstIsDonation)
        if secondIsDonation, let stream = elements.stream {
            ev.setDonationLocal(firstSlot + 1, stream, elements.position(at: index))
        } else {
            bind(&ev, firstSlot + 1, elements.value(at: index), isDonation: secondIsDonation)
        }
        return try body.evaluate(&ev)
    }
}

/// `\.a.b`: payload fields and built-in properties, applied in order.
final class KeyPathNode: Node {
    enum Step {
        case field(Int)
        /// A property built-in, called with the current value as its receiver.
        case property(CompiledCall, BuiltinImplementations.Implementation)
    }
    let steps: [Step]
    init(_ steps: [Step], _ range: SourceRange, _ type: RuleType) {
        self.steps = steps
        super.init(range, type)
    }
    override func apply(_ ev: inout Evaluator, _ elements: Elements, _ index: Int) throws(Interrupt) -> Value {
        // A leading field step reads the donation's column directly.
        guard let stream = elements.stream, case .field(let field) = steps[0] else {
            return try apply(&ev, elements.value(at: index))
        }
        try ev.tick(1, range)
        return try follow(&ev, stream.columns[field][elements.position(at: index)], from: 1)
    }

    override func apply(_ ev: inout Evaluator, _ argument: Value) throws(Interrupt) -> Value {
        try follow(&ev, argument, from: 0)
    }

    /// Applies the steps from `first` on.
    private func follow(_ ev: inout Evaluator, _ start: Value, from first: Int) throws(Interrupt) -> Value {
        var current = start
        for step in steps[first...] {
            try ev.tick(1, range)
            switch step {
            case .field(let index):
                guard case .donation(let stream, let position) = current else { preconditionFailure("field of a non-donation") }
                current = stream.columns[index][position]
            case .property(let call, let implementation):
                let saved = ev.injected
                ev.injected = current
                defer { ev.injected = saved }
                current = try implementation(&ev, call, range)
            }
        }
        return current
    }
}

final class ArrayLiteralNode: Node {
    let elements: [Node]
    init(_ elements: [Node], _ range: SourceRange, _ type: RuleType) {
        self.elements = elements
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        var values: [Value] = []
        values.reserveCapacity(elements.count)
        for element in elements { values.append(try element.evaluate(&ev)) }
        return .array(values)
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
        try ev.tick(1, range)
        return !(try operand.bool(&ev))
    }
}

final class ForceUnwrapNode: UnaryNode {
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { try ev.forceUnwrap(operand, range) }
}

final class BindOptionalNode: UnaryNode {
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        guard let value = try operand.evaluate(&ev).unwrap(wrapped: operand.type.unwrapped) else { throw .nilInChain }
        return value
    }
}

final class OptionalChainNode: UnaryNode {
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { try ev.optionalChain(operand, type) }
}

/// Turns a `T` into a `T?`.
final class WrapOptionalNode: UnaryNode {
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        Value.wrap(try operand.evaluate(&ev), wrapped: operand.type)
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
        try ev.tick(1, range)
        return try intBody(&ev)
    }
    override func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        try ev.tick(1, range)
        return try doubleBody(&ev)
    }

    /// Integer arithmetic on unboxed operands, trapping (with a runtime error) where Swift does.
    private func intBody(_ ev: inout Evaluator) throws(Interrupt) -> Int {
        let a = try lhs.int(&ev)
        let b = try rhs.int(&ev)
        let result: (partialValue: Int, overflow: Bool)
        let symbol: String
        switch op {
        case .intAdd: result = a.addingReportingOverflow(b); symbol = "+"
        case .intSubtract: result = a.subtractingReportingOverflow(b); symbol = "-"
        case .intMultiply: result = a.multipliedReportingOverflow(by: b); symbol = "*"
        case .intDivide:
            if b == 0 { throw ev.failure(RuntimeMessages.divisionByZero, range) }
            result = a.dividedReportingOverflow(by: b); symbol = "/"
        case .intRemainder:
            if b == 0 { throw ev.failure(RuntimeMessages.remainderByZero, range) }
            result = a.remainderReportingOverflow(dividingBy: b); symbol = "%"
        default: preconditionFailure("integer arithmetic with a non-integer operator")
        }
        if result.overflow { throw ev.failure(RuntimeMessages.overflow("\(a) \(symbol) \(b)"), range) }
        return result.partialValue
    }

    /// IEEE arithmetic on unboxed operands.
    private func doubleBody(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        let a = try lhs.double(&ev)
        let b = try rhs.double(&ev)
        switch op {
        case .doubleAdd: return a + b
        case .doubleSubtract: return a - b
        case .doubleMultiply: return a * b
        case .doubleDivide: return a / b
        default: preconditionFailure("floating-point arithmetic with another operator")
        }
    }
}

final class ComparisonNode: BinaryNode {
    let op: ComparisonOperator
    /// How the operands compare: unboxed when both are `Int`, or both `Double` or `Date`.
    private enum Kind { case int, double, date, value }
    private let kind: Kind

    init(_ op: ComparisonOperator, _ lhs: Node, _ rhs: Node, _ range: SourceRange, _ type: RuleType) {
        self.op = op
        switch (lhs.type, rhs.type) {
        case (.int, .int): kind = .int
        case (.double, .double): kind = .double
        case (.date, .date): kind = .date
        default: kind = .value
        }
        super.init(lhs, rhs, range, type)
    }

    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { .bool(try body(&ev)) }
    override func bool(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        try ev.tick(1, range)
        return try body(&ev)
    }

    private func body(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        switch kind {
        case .int: return ComparisonNode.holds(op, try lhs.int(&ev), try rhs.int(&ev))
        case .double, .date: return ComparisonNode.holds(op, try lhs.double(&ev), try rhs.double(&ev))
        case .value:
            let left = try lhs.evaluate(&ev)
            let right = try rhs.evaluate(&ev)
            return Evaluator.compare(op, left, right)
        }
    }

    /// Swift's comparison operators on one comparable type (IEEE rules for `Double`).
    @inline(__always)
    static func holds<T: Comparable>(_ op: ComparisonOperator, _ a: T, _ b: T) -> Bool {
        switch op {
        case .equal: return a == b
        case .notEqual: return a != b
        case .less: return a < b
        case .lessOrEqual: return a <= b
        case .greater: return a > b
        case .greaterOrEqual: return a >= b
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
        try ev.tick(1, range)
        return try body(&ev)
    }
    private func body(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        let left = try lhs.bool(&ev)
        if left != isAnd { return left }
        return try rhs.bool(&ev)
    }
}

final class NilCoalescingNode: BinaryNode {
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        let left = try lhs.evaluate(&ev)
        if let unwrapped = left.unwrap(wrapped: lhs.type.unwrapped) {
            // `a ?? b` with an optional `b` keeps `a` optional.
            return rhs.type == lhs.type ? left : unwrapped
        }
        return try rhs.evaluate(&ev)
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
        guard case .bool(let flag) = try condition.evaluate(&ev) else { preconditionFailure("condition is not Bool") }
        return try (flag ? then : otherwise).evaluate(&ev)
    }
}

/// `#Rule(subject) { body }`: the body closure applied to the subject.
final class RuleMacroNode: Node {
    let subject: Node
    let body: ClosureNode
    init(_ subject: Node, _ body: ClosureNode, _ range: SourceRange, _ type: RuleType) {
        self.subject = subject
        self.body = body
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        var value = try subject.evaluate(&ev)
        if case .parameter(let index) = value { value = ev.inputs.parameterValues[index] }
        return try body.apply(&ev, value)
    }
}

/// Several built-in calls computed as one (see `Optimizer`).
final class FusedNode: Node {
    let operation: FusedOperation
    let source: Node
    init(_ operation: FusedOperation, source: Node, _ range: SourceRange, _ type: RuleType) {
        self.operation = operation
        self.source = source
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { try ev.fused(operation, source, range) }
}

/// The elements of a collection value, prepared once for a loop that applies a closure to each:
/// a donation list is read as stream positions, without making a value per element. A class,
/// so passing it to each application costs nothing.
final class Elements {
    let count: Int
    private let values: [Value]
    /// The stream of a donation list.
    let stream: DonationStream?
    private let positions: DonationList.Positions

    init(_ value: Value) {
        switch value {
        case .donations(let list):
            count = list.count
            values = []
            stream = list.stream
            positions = list.positions
        case .array(let items):
            count = items.count
            values = items
            stream = nil
            positions = .contiguous(0..<0)
        case .set(let items):
            count = items.count
            values = Array(items)
            stream = nil
            positions = .contiguous(0..<0)
        default:
            preconditionFailure("elements of a non-collection")
        }
    }

    /// The stream position of a donation list's element.
    @inline(__always)
    func position(at index: Int) -> Int {
        switch positions {
        case .contiguous(let range): return range.lowerBound + index
        case .scattered(let list): return list[index]
        }
    }

    /// An element as a value.
    func value(at index: Int) -> Value {
        if let stream { return .donation(stream, position(at: index)) }
        return values[index]
    }
}
