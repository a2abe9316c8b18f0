import TipRulesSemantics
import TipRulesSyntax

// Nodes that read a value: constants, declarations, parameters, events, closure parameters
// and their fields.

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
        try ev.tickNode(range)
        return intValue
    }
    override func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        try ev.tickNode(range)
        return doubleValue
    }
    override func bool(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        try ev.tickNode(range)
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
    // A number already evaluated is read in place (see `Evaluator.evaluatedNumber`), charged
    // as `evaluate` charges.
    override func int(_ ev: inout Evaluator) throws(Interrupt) -> Int {
        try ev.tickNode(range)
        if let number = ev.evaluatedNumber(index) { return number.int }
        guard case .int(let value) = try ev.declarationValue(index) else { preconditionFailure("an Int node gave another value") }
        return value
    }
    override func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        try ev.tickNode(range)
        if let number = ev.evaluatedNumber(index) { return number.double }
        switch try ev.declarationValue(index) {
        case .double(let value), .date(let value): return value
        default: preconditionFailure("a Double or Date node gave another value")
        }
    }
}

/// The donations a `let`'s values were computed from (see `MappedDeclaration`): the
/// declaration evaluated, and charged, as reading it is, then the list it kept. Only the source
/// of fused operations, which run the calls they stand for when the list is not known (the
/// declaration's own fused operation gave way to its calls).
final class DeclarationListNode: Node {
    let index: Int
    init(_ index: Int, _ range: SourceRange, _ type: RuleType) {
        self.index = index
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        guard let list = try ev.declarationList(index) else { throw ev.givingWay(range) }
        return list
    }
}

final class ParameterValueNode: Node {
    let index: Int
    init(_ index: Int, _ range: SourceRange, _ type: RuleType) {
        self.index = index
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { ev.parameterValues[index] }
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

/// A closure parameter of a type other than a donation or a scalar (see `ScalarLocalNode`).
final class LocalNode: Node {
    let slot: Int
    init(_ slot: Int, _ range: SourceRange, _ type: RuleType) {
        self.slot = slot
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { ev.local(slot) }
}

/// A closure parameter of type `Int`, `Double`, `Date` or `Bool`, kept unboxed (see
/// `Evaluator.setScalarLocal`).
final class ScalarLocalNode: Node {
    let slot: Int
    private let kind: ScalarKind
    init(_ slot: Int, _ kind: ScalarKind, _ range: SourceRange, _ type: RuleType) {
        self.slot = slot
        self.kind = kind
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        kind.value(ev.scalarLocal(slot))
    }
    override func int(_ ev: inout Evaluator) throws(Interrupt) -> Int {
        try ev.tickNode(range)
        return Int(truncatingIfNeeded: ev.scalarLocal(slot))
    }
    override func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        try ev.tickNode(range)
        return Double(bitPattern: ev.scalarLocal(slot))
    }
    override func bool(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        try ev.tickNode(range)
        return ev.scalarLocal(slot) != 0
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

/// The value a key path's property step is applied to (see `KeyPathNode`).
final class InjectedValueNode: Node {
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { ev.injected }
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
        try ev.tickNode(baseRange)
        return ev.localField(slot, index)
    }
    override func int(_ ev: inout Evaluator) throws(Interrupt) -> Int {
        try ev.tickNode(range)
        try ev.tickNode(baseRange)
        return ev.localIntField(slot, index)
    }
    override func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        try ev.tickNode(range)
        try ev.tickNode(baseRange)
        return ev.localDoubleField(slot, index)
    }
    override func isNil(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        try ev.tickNode(range)
        try ev.tickNode(baseRange)
        return ev.localFieldIsNil(slot, index)
    }
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
        try ev.tickNode(receiverRange)
        return .date(ev.localDate(slot))
    }
    override func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        try ev.tickNode(range)
        try ev.tickNode(receiverRange)
        return ev.localDate(slot)
    }
}

/// `event.donations` of a named event: its stream cut as of the clock, read without making the
/// event a value first. It charges the event's step too, as the call and its receiver would.
final class EventDonationsNode: Node {
    let event: Int
    let receiverRange: SourceRange
    init(event: Int, receiverRange: SourceRange, _ range: SourceRange, _ type: RuleType) {
        self.event = event
        self.receiverRange = receiverRange
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        try ev.tickNode(receiverRange)
        return .donations(try ev.donations(ofEvent: event, range))
    }
    override func count(_ ev: inout Evaluator) throws(Interrupt) -> Int {
        try ev.tickNode(range)
        try ev.tickNode(receiverRange)
        return try ev.donationCount(ofEvent: event, range)
    }
}
