import Foundation
import TipRulesSemantics
import TipRulesSyntax

// Nodes that call: built-ins, closures and key paths, `#Rule`, fused operations, and the
// element sources of loops that apply closures.

/// A call of a built-in, with its implementation resolved: unboxed for a parent that takes
/// an `Int`, `Double`, `Date` or `Bool` where the built-in has such a form (see
/// `ScalarImplementation`).
final class BuiltinNode: Node {
    let call: CompiledCall
    let implementation: BuiltinImplementations.Implementation
    // The unboxed form, kept as plain `let`s rather than an enum's payload, which a switch
    // would copy (and reference-count) at every call.
    private let unboxed: Unboxed
    private let intBody: ScalarImplementation.Body<Int>
    private let doubleBody: ScalarImplementation.Body<Double>
    private let boolBody: ScalarImplementation.Body<Bool>
    private enum Unboxed { case none, int, double, bool }

    init(_ call: CompiledCall, _ type: RuleType) {
        self.call = call
        let scalar = BuiltinImplementations.scalar(for: call)
        // (Not `scalar?.boxed ?? ...`: `??` is generic, and a closure through it comes back
        // wrapped in two reabstraction thunks that every call would go through.)
        if let boxed = scalar?.boxed {
            self.implementation = boxed
        } else {
            self.implementation = BuiltinImplementations.implementation(call.builtin.id)
        }
        (unboxed, intBody, doubleBody, boolBody) = switch scalar {
        case .int(let body)?: (.int, body, BuiltinNode.never, BuiltinNode.never)
        case .double(let body)?, .date(let body)?: (.double, BuiltinNode.never, body, BuiltinNode.never)
        case .bool(let body)?: (.bool, BuiltinNode.never, BuiltinNode.never, body)
        case nil: (.none, BuiltinNode.never, BuiltinNode.never, BuiltinNode.never)
        }
        super.init(call.range, type)
    }
    private static func never<T>(_ ev: inout Evaluator, _ call: CompiledCall, _ range: SourceRange) throws(Interrupt) -> T {
        preconditionFailure("a built-in without an unboxed form called unboxed")
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { try implementation(&ev, call, call.range) }
    override func int(_ ev: inout Evaluator) throws(Interrupt) -> Int {
        guard case .int = unboxed else { return try super.int(&ev) }
        try ev.tickNode(range)
        return try intBody(&ev, call, call.range)
    }
    override func double(_ ev: inout Evaluator) throws(Interrupt) -> Double {
        guard case .double = unboxed else { return try super.double(&ev) }
        try ev.tickNode(range)
        return try doubleBody(&ev, call, call.range)
    }
    override func bool(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        guard case .bool = unboxed else { return try super.bool(&ev) }
        try ev.tickNode(range)
        return try boolBody(&ev, call, call.range)
    }
}

/// A built-in call's parts, as the implementations read them.
final class CompiledCall {
    let builtin: Builtin
    let receiver: Node?
    let arguments: [Node]
    /// The first two arguments, read without going through the array (whose reference count
    /// a read through it would change).
    let first: Node?
    let second: Node?
    /// The call's static result type (built-ins that return optionals need it to wrap).
    let resultType: RuleType
    let range: SourceRange
    /// Whether the receiver's elements are optional, worked out once rather than at every call.
    private let elementIsOptional: Bool

    init(builtin: Builtin, receiver: Node?, arguments: [Node], resultType: RuleType, range: SourceRange) {
        self.builtin = builtin
        self.receiver = receiver
        self.arguments = arguments
        first = arguments.first
        second = arguments.count > 1 ? arguments[1] : nil
        self.resultType = resultType
        self.range = range
        self.elementIsOptional = receiver?.type.elementType?.isOptional ?? false
    }

    /// An element of the receiver as the `T?` that `first` and `last` return.
    func wrapsElement(_ element: Value) -> Value {
        elementIsOptional ? .some(element) : element
    }
}

/// A closure: its parameters live in consecutive local slots starting at `firstSlot`. A
/// parameter of a donation type is bound as a stream position, one of a scalar type unboxed.
final class ClosureNode: Node {
    let firstSlot: Int
    let body: Node
    /// What one application charges: the step size of the body (see `TypedExpression.stepSize`).
    let size: Int
    private let first: Binding
    private let second: Binding
    /// The kind of a scalar first parameter, which `reduce` keeps unboxed from one
    /// application to the next (the closure returns the same type).
    private let scalarAccumulator: ScalarKind?
    /// The body applied to unboxed arguments directly, when it is one operation on them and
    /// constants (see `DirectClosureBody`).
    private let direct: DirectClosureBody?

    /// How a parameter is kept in its slot.
    private enum Binding {
        case value
        case donation
        case scalar

        init(_ type: RuleType?) {
            switch type {
            case .donation?: self = .donation
            case let type? where ScalarKind(type) != nil: self = .scalar
            default: self = .value
            }
        }
    }

    init(firstSlot: Int, body: Node, size: Int, appliesDirectly: Bool = false, _ range: SourceRange, _ type: RuleType) {
        self.firstSlot = firstSlot
        self.body = body
        self.size = size
        var parameters: [RuleType] = []
        if case .function(let types, _) = type { parameters = types }
        first = Binding(parameters.first)
        second = Binding(parameters.count > 1 ? parameters[1] : nil)
        scalarAccumulator = parameters.count == 2 ? ScalarKind(parameters[0]) : nil
        // (With a tracer the body is wrapped, and is applied through the tree, traced.)
        direct = appliesDirectly ? DirectClosureBody(body, firstSlot: firstSlot, parameterCount: parameters.count) : nil
        super.init(range, type)
    }

    /// An application of the direct body: charged as one through the tree is.
    @inline(__always)
    private func applyDirect(_ direct: DirectClosureBody, _ ev: inout Evaluator, _ first: UInt64, _ second: UInt64 = 0)
        throws(Interrupt) -> UInt64 {
        try ev.tick(size, range)
        return try direct.bits(&ev, first, second)
    }

    @inline(__always)
    private func bind(_ ev: inout Evaluator, _ slot: Int, _ value: Value, _ binding: Binding) {
        switch binding {
        case .scalar:
            ev.setScalarLocal(slot, ScalarKind.bits(of: value))
        case .donation:
            if case .donation(let stream, let position) = value {
                ev.setDonationLocal(slot, stream, position)
            } else {
                ev.setLocal(slot, value)
            }
        case .value:
            ev.setLocal(slot, value)
        }
    }

    /// Binds a parameter to an element, read in place.
    @inline(__always)
    private func bind(_ ev: inout Evaluator, _ slot: Int, _ elements: Elements, _ index: Int, _ binding: Binding) {
        switch binding {
        case .scalar:
            ev.setScalarLocal(slot, elements.scalarBits(at: index))
        case .donation where elements.stream != nil:
            ev.setDonationLocal(slot, of: elements, index)
        default:
            bind(&ev, slot, elements.value(at: index), binding)
        }
    }

    // Each application charges the body's size, then runs the body, whose nodes charge nothing
    // more (built-ins in it still charge for their work).

    override func apply(_ ev: inout Evaluator, _ argument: Value) throws(Interrupt) -> Value {
        bind(&ev, firstSlot, argument, first)
        try ev.enterClosure(size, range)
        defer { ev.leaveClosure() }
        return try body.evaluate(&ev)
    }
    override func apply(_ ev: inout Evaluator, _ first: Value, _ second: Value) throws(Interrupt) -> Value {
        bind(&ev, firstSlot, first, self.first)
        bind(&ev, firstSlot + 1, second, self.second)
        try ev.enterClosure(size, range)
        defer { ev.leaveClosure() }
        return try body.evaluate(&ev)
    }
    /// Applies a predicate whose body reads no parameter, binding none.
    func applyBoolWithoutArgument(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        try ev.enterClosure(size, range)
        defer { ev.leaveClosure() }
        return try body.bool(&ev)
    }
    override func applyBool(_ ev: inout Evaluator, _ argument: Value) throws(Interrupt) -> Bool {
        bind(&ev, firstSlot, argument, first)
        try ev.enterClosure(size, range)
        defer { ev.leaveClosure() }
        return try body.bool(&ev)
    }
    override func apply(_ ev: inout Evaluator, _ elements: Elements, _ index: Int) throws(Interrupt) -> Value {
        if let direct { return direct.result.value(try applyDirect(direct, &ev, elements.scalarBits(at: index))) }
        bind(&ev, firstSlot, elements, index, first)
        try ev.enterClosure(size, range)
        defer { ev.leaveClosure() }
        return try body.evaluate(&ev)
    }
    override func applyBool(_ ev: inout Evaluator, _ elements: Elements, _ index: Int) throws(Interrupt) -> Bool {
        if let direct { return try applyDirect(direct, &ev, elements.scalarBits(at: index)) != 0 }
        bind(&ev, firstSlot, elements, index, first)
        try ev.enterClosure(size, range)
        defer { ev.leaveClosure() }
        return try body.bool(&ev)
    }
    override func offsets(_ ev: inout Evaluator, _ elements: Elements, holding wanted: Bool, limit: Int = .max,
                          fromEnd: Bool = false) throws(Interrupt) -> [Int] {
        guard let direct, let kept = try elements.withScalarValues({ values throws(Interrupt) in
            try direct.offsets(&ev, steps: size, range, values, holding: wanted, limit: limit, fromEnd: fromEnd)
        }) ?? nil else {
            return try super.offsets(&ev, elements, holding: wanted, limit: limit, fromEnd: fromEnd)
        }
        return kept
    }
    override func mapped(_ ev: inout Evaluator, _ elements: Elements) throws(Interrupt) -> [Value] {
        guard let direct, let results = try elements.withScalarValues({ values throws(Interrupt) in
            try direct.mapped(&ev, steps: size, range, values)
        }) else {
            return try super.mapped(&ev, elements)
        }
        return results
    }
    override func apply(_ ev: inout Evaluator, _ first: Value, _ elements: Elements, _ index: Int) throws(Interrupt) -> Value {
        bind(&ev, firstSlot, first, self.first)
        bind(&ev, firstSlot + 1, elements, index, second)
        try ev.enterClosure(size, range)
        defer { ev.leaveClosure() }
        return try body.evaluate(&ev)
    }
    override func applyBool(_ ev: inout Evaluator, _ elements: Elements, _ first: Int, _ second: Int) throws(Interrupt) -> Bool {
        bind(&ev, firstSlot, elements, first, self.first)
        bind(&ev, firstSlot + 1, elements, second, self.second)
        try ev.enterClosure(size, range)
        defer { ev.leaveClosure() }
        return try body.bool(&ev)
    }
    override var applicationSteps: Int { size }
    override func applyChargedBool(_ ev: inout Evaluator, _ elements: Elements, _ first: Int, _ second: Int) throws(Interrupt) -> Bool {
        bind(&ev, firstSlot, elements, first, self.first)
        bind(&ev, firstSlot + 1, elements, second, self.second)
        try ev.enterClosure(0, range)
        defer { ev.leaveClosure() }
        return try body.bool(&ev)
    }
    override func fold(_ ev: inout Evaluator, _ initial: Value, _ elements: Elements) throws(Interrupt) -> Value {
        guard let kind = scalarAccumulator else { return try super.fold(&ev, initial, elements) }
        var accumulator = ScalarKind.bits(of: initial)
        if let direct {
            if let result = try elements.withScalarValues({ values throws(Interrupt) in
                try direct.fold(&ev, steps: size, range, from: accumulator, values)
            }) {
                return kind.value(result)
            }
            for index in 0..<elements.count {
                accumulator = try applyDirect(direct, &ev, accumulator, elements.scalarBits(at: index))
            }
            return kind.value(accumulator)
        }
        for index in 0..<elements.count {
            ev.setScalarLocal(firstSlot, accumulator)
            bind(&ev, firstSlot + 1, elements, index, second)
            try ev.enterClosure(size, range)
            defer { ev.leaveClosure() }
            accumulator = try kind.bits(of: body, &ev)
        }
        return kind.value(accumulator)
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
    /// The field of a leading field step (`\.score`, `\.name.count`), or -1.
    private let leadingField: Int
    init(_ steps: [Step], _ range: SourceRange, _ type: RuleType) {
        self.steps = steps
        if case .field(let field)? = steps.first { leadingField = field } else { leadingField = -1 }
        super.init(range, type)
    }

    /// The field of a key path that is one field step (`\.landmarkID`), or nil.
    var singleField: Int? {
        steps.count == 1 && leadingField >= 0 ? leadingField : nil
    }
    // An application charges one step per step of the path, as a closure charges its body's
    // nodes (see `TypedExpression.stepSize`); the built-ins it calls charge nothing more.

    override func apply(_ ev: inout Evaluator, _ elements: Elements, _ index: Int) throws(Interrupt) -> Value {
        // A leading field step reads the donation's column directly.
        guard leadingField >= 0, elements.stream != nil else {
            return try apply(&ev, elements.value(at: index))
        }
        try ev.tick(steps.count, range)
        let value = elements.field(leadingField, at: index)
        return steps.count == 1 ? value : try follow(&ev, value, from: 1)
    }

    override func apply(_ ev: inout Evaluator, _ argument: Value) throws(Interrupt) -> Value {
        try ev.tick(steps.count, range)
        return try follow(&ev, argument, from: 0)
    }

    /// Applies the steps from `first` on (already charged).
    private func follow(_ ev: inout Evaluator, _ start: Value, from first: Int) throws(Interrupt) -> Value {
        var current = start
        for step in steps[first...] {
            switch step {
            case .field(let index):
                guard case .donation(let stream, let position) = current else { preconditionFailure("field of a non-donation") }
                current = stream.columns[index][position]
            case .property(let call, let implementation):
                let saved = ev.injected
                ev.injected = current
                defer { ev.injected = saved }
                // As in a closure's body: the receiver node the call reads charges nothing.
                try ev.enterClosure(0, range)
                defer { ev.leaveClosure() }
                current = try implementation(&ev, call, range)
            }
        }
        return current
    }
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
        return values.withUnsafeBufferPointer { $0[index] }
    }

    /// `body` given the elements of an array or set value in place, or nil for a donation list.
    @inline(__always)
    func withScalarValues<T>(_ body: (UnsafeBufferPointer<Value>) throws(Interrupt) -> T) throws(Interrupt) -> T? {
        guard stream == nil else { return nil }
        var result: Result<T, Interrupt>?
        values.withUnsafeBufferPointer { buffer in
            do throws(Interrupt) { result = .success(try body(buffer)) } catch { result = .failure(error) }
        }
        return try result.unsafelyUnwrapped.get()
    }

    /// The bits of an element of a scalar type (see `ScalarKind.bits(of:)`), read in place.
    @inline(__always)
    func scalarBits(at index: Int) -> UInt64 {
        values.withUnsafeBufferPointer { ScalarKind.bits(of: $0[index]) }
    }

    /// A payload field of a donation list's element, read from its column without making the
    /// donation a value first.
    func field(_ field: Int, at index: Int) -> Value {
        stream.unsafelyUnwrapped.field(field, at: position(at: index))
    }
}

/// `#Rule(subject) { body }`: the body closure applied to the subject.
final class RuleMacroNode: Node {
    let subject: Node
    let body: ClosureNode
    /// Whether the body reads its parameter. (The optimizer has it read the subject itself
    /// instead, see `Optimizer`: then no parameter is bound.)
    private let bindsParameter: Bool
    init(_ subject: Node, _ body: ClosureNode, bindsParameter: Bool, _ range: SourceRange, _ type: RuleType) {
        self.subject = subject
        self.body = body
        self.bindsParameter = bindsParameter
        super.init(range, type)
    }
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value { .bool(try holds(&ev)) }
    override func bool(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        try ev.tickNode(range)
        return try holds(&ev)
    }
    private func holds(_ ev: inout Evaluator) throws(Interrupt) -> Bool {
        // The subject is evaluated (and charged) either way.
        var value = try subject.evaluate(&ev)
        guard bindsParameter else { return try body.applyBoolWithoutArgument(&ev) }
        if case .parameter(let index) = value { value = ev.parameterValues[index] }
        return try body.applyBool(&ev, value)
    }
}

/// Several built-in calls computed as one (see `Optimizer`).
///
/// It charges exactly the steps of the calls it stands for (`FusedSteps`), and when it meets an
/// error of any kind it runs those calls instead, from the steps it started with: the error is
/// then theirs, at their place, whatever the fused form would have reported.
final class FusedNode: Node {
    /// What the operation does, without the subexpressions `source` and `initial` hold.
    let operation: FusedOperation.Kernel
    let steps: FusedSteps
    let source: Node
    /// The operation's second subexpression (a sum's initial value), evaluated after `source`.
    let initial: Node?
    /// The calls the operation stands for, compiled the first time an error needs them: they
    /// hold the source (and any fused operation inside it) again, so compiling them with the
    /// rest would double the nodes at every level of a chain of fused operations.
    private let unfused: LazyNode
    /// The row filter the operation bound last, for the next evaluation.
    let filters: BoundFilterCache
    /// The subexpressions of its closures that read no closure parameter, evaluated once per
    /// evaluation of the operation (see `HoistedExpression`).
    let hoisted: [HoistedSlot]
    /// Whether the node keeps the donations of a chain for the enclosing fused node (see
    /// `FusedOperation.narrowed`), which runs the whole chain unfused when this one cannot
    /// finish: its own unfused calls make no donation list.
    private let narrowsChain: Bool
    /// The declaration whose value the node computes, when its readers read the list it maps
    /// (see `MappedDeclaration`); -1 for none.
    private let keepsListOf: Int
    init(_ operation: FusedOperation, _ steps: FusedSteps, source: Node, initial: Node?, unfused: TypedExpression, _ range: SourceRange,
         _ type: RuleType, keepsListOf declaration: Int = -1) {
        self.operation = operation.kernel
        keepsListOf = declaration
        switch operation {
        case .narrowed, .chainSlice: narrowsChain = true
        default: narrowsChain = false
        }
        // (Arguments first, so that an evaluation knows from the first slot whether there are
        // any to evaluate, see `Evaluator.evaluateArguments`.)
        let uses = self.operation.hoistedUses
        hoisted = (uses.filter(\.hoisted.isArgument) + uses.filter { !$0.hoisted.isArgument })
            .map { HoistedSlot(use: $0, node: NodeCompiler.compile($0.hoisted.expression)) }
        self.steps = steps
        self.source = source
        self.initial = initial
        self.unfused = LazyNode(unfused)
        let operand = self.operation.rowOperand
        switch operation {
        case .scan(_, let predicate, _), .countCompare(_, let predicate?, _, _), .compactCount(_, let predicate, _, _),
             .narrowed(_, let predicate), .mappedFind(_, let predicate, _, _, _):
            filters = BoundFilterCache(predicate, operand: operand)
        case .columnSum(_, _, .conditional(let predicate, .constant(.int), .constant(.int)), _, false),
             .columnSum(_, _, .conditional(let predicate, .constant(.double), .constant(.double)), _, false):
            // Counting with `reduce` counts with a scan of the test (see
            // `Evaluator.countedSumByScan`).
            filters = BoundFilterCache(predicate, operand: operand)
        case .columnSum(_, _, let mapping, _, false), .columnExtreme(_, let mapping, _, false):
            filters = BoundFilterCache(nil, summing: mapping, operand: operand)
        case .fold(_, _, let step, nil):
            filters = BoundFilterCache(foldStep: step)
        default: filters = BoundFilterCache(nil, operand: operand)
        }
        super.init(range, type)
    }
    /// The values the node's `map` computes from a list it was evaluated over (see
    /// `Evaluator.declarationList`).
    func values(mappedFrom list: Value, _ ev: inout Evaluator) -> Value {
        ev.values(mappedFrom: list, operation)
    }

    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        // The steps before this node's own (which `unfused` charges again at its root), and
        // the declarations known so far (the source may evaluate one, which the unfused calls
        // must then evaluate and charge themselves).
        let start = ev.remainingSteps + (ev.closureDepth == 0 ? 1 : 0)
        if ev.unfusedDepth > 0 {
            // (Never for a chain's narrowing: the enclosing node runs its own unfused calls.)
            precondition(!narrowsChain, "a chain's narrowing evaluated outside its fused operation")
            ev.restoreSteps(start)
            return try unfused.node.evaluate(&ev)
        }
        let declarations = ev.declarationMark
        // A scan nested in another's hoisted subexpression (through a `let`) has values of its
        // own; the enclosing scan's are put back when it is done.
        let enclosingHoisted = hoisted.isEmpty ? nil : ev.hoistedValues
        defer { if let enclosingHoisted { ev.hoistedValues = enclosingHoisted } }
        do {
            return try ev.fused(operation, steps, source, initial, node: self, filters: filters, hoisted: hoisted, keepsListOf: keepsListOf,
                                range)
        } catch {
            if narrowsChain { throw error }
            ev.restoreSteps(start)
            ev.forgetDeclarations(since: declarations)
            ev.fallbacks += 1
            ev.unfusedDepth += 1
            defer { ev.unfusedDepth -= 1 }
            return try unfused.node.evaluate(&ev)
        }
    }
}

/// A typed expression compiled to nodes the first time they are needed, on whichever thread
/// needs them (node trees are shared by every evaluation of a program).
final class LazyNode: @unchecked Sendable {
    // `@unchecked`: `compiled` is only touched while `lock` is held.
    private let lock = Lock()
    private let expression: TypedExpression
    private var compiled: Node?

    init(_ expression: TypedExpression) {
        self.expression = expression
    }

    /// The nodes, untraced.
    var node: Node {
        lock.withLock {
            if let compiled { return compiled }
            let made = NodeCompiler.compile(expression)
            compiled = made
            return made
        }
    }
}

extension FusedOperation.Kernel {
    /// What the operation computes for every row, whose facts its node works out once (see
    /// `BoundFilterCache.operandHasIntArithmetic`): a map's, sum's, extreme's or set's mapping,
    /// an order's key, or a fold's step.
    var rowOperand: RowPredicate.Operand? {
        switch self {
        case .compactCount(_, let mapping, _), .columnExtreme(let mapping, _, _), .distinctCount(let mapping, _),
             .mappedOrder(let mapping, _, _, _), .columnSum(let mapping, _, _), .mapped(let mapping, _), .compactMapped(let mapping, _), .distinctValues(let mapping, _),
             .mappedSlice(let mapping, _, _, _), .chainSlice(let mapping, _, _), .mappedEnd(let mapping, _, _),
             .mappedFind(_, let mapping, _, _), .sortedEnd(let mapping, _, _):
            return mapping
        case .keyOrder(let key, _, _, _):
            return key
        case .fold(let step, _):
            return step
        case .scan, .countCompare, .groupCount, .pairOrder, .valueOrder:
            return nil
        }
    }
}
