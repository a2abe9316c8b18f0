import TipRulesSemantics
import TipRulesSyntax

/// The body of a closure over unboxed parameters when it is one `Int` or `Double` operation or
/// comparison of those parameters and constants, or `min` or `max` of two (`+` given to `reduce`,
/// `{ $0 + $1 }`, `{ $0 > 3 }`, `{ $0 * 2 }`, `{ max($0, $1) }`), where an operand may itself be
/// one arithmetic operation of those (`{ $0 + $1 * $1 }`, `{ $0 * 2 > 7 }`), as the optimizer
/// marks it (`TypedClosure.appliesDirectly`). Over
/// an array that is not a donation column (what `sorted()`, `reversed()`, a slice, `+` or the
/// general evaluator's `map` made), `ClosureNode` applies such a body to its arguments' bits
/// directly in `reduce`, in predicates and in `map`, without binding parameters or visiting nodes.
///
/// An application still charges what it charges through the tree, the body's size up front
/// (see `Evaluator.enterClosure`), and computes with the body node's own operation
/// (`ArithmeticNode.int(_:_:_:)`, `ComparisonNode.holds`, `BuiltinImplementations.swiftExtreme`),
/// so values, errors and their ranges are the tree's by construction.
struct DirectClosureBody {
    /// Where an operand of the operation comes from.
    enum Operand {
        case first
        case second
        /// A constant's bits (see `ScalarKind.bits(of:)`).
        case constant(UInt64)
        /// One `Int` or `Double` operation of the others (`$1 * $1` in `$0 + $1 * $1`).
        case inner(Inner)

        /// An operand that is no operation.
        enum Leaf {
            case first
            case second
            case constant(UInt64)
        }

        init(_ leaf: Leaf) {
            switch leaf {
            case .first: self = .first
            case .second: self = .second
            case .constant(let bits): self = .constant(bits)
            }
        }

        var isInner: Bool {
            if case .inner = self { return true }
            return false
        }
    }

    /// An operand that is one arithmetic operation of parameters and constants.
    struct Inner {
        let operation: ArithmeticOperator
        let isInt: Bool
        let lhs: Operand.Leaf
        let rhs: Operand.Leaf
        /// Where its trap is reported: its node's range.
        let range: SourceRange
    }

    /// (Operators, not nodes: copying the body to apply it then retains nothing.)
    private enum Operation {
        case int(ArithmeticOperator)
        case double(ArithmeticOperator)
        case compareInts(ComparisonOperator)
        case compareDoubles(ComparisonOperator)
        /// `<=` or `>=` of dates, as `Date` compares them (see `DateOrder`).
        case compareDates(ComparisonOperator)
        /// `max` (or, with `isMax` false, `min`) of two.
        case extremeInts(isMax: Bool)
        case extremeDoubles(isMax: Bool)
    }

    private let operation: Operation
    private let lhs: Operand
    private let rhs: Operand
    /// Whether neither operand is an operation of its own: the loops then choose the
    /// operands' places once (see `Selection`).
    private let isFlat: Bool
    /// Where an `Int` operation's trap is reported: the body's range.
    private let trapRange: SourceRange
    /// The kind of the body's value.
    let result: ScalarKind

    /// The direct form of `body`, a closure's body whose parameters are unboxed locals from
    /// `firstSlot` on (`parameterCount` of them), or nil when it is anything else.
    init?(_ body: Node, firstSlot: Int, parameterCount: Int) {
        trapRange = body.range
        func leaf(_ node: Node) -> Operand.Leaf? {
            if let local = node as? ScalarLocalNode {
                if local.slot == firstSlot { return .first }
                if local.slot == firstSlot + 1 && parameterCount == 2 { return .second }
                return nil
            }
            if let constant = node as? ConstantNode {
                switch constant.value {
                case .int, .double, .date: return .constant(ScalarKind.bits(of: constant.value))
                default: return nil
                }
            }
            return nil
        }
        func operand(_ node: Node) -> Operand? {
            if let leaf = leaf(node) { return Operand(leaf) }
            guard let arithmetic = node as? ArithmeticNode, let kind = Self.numberKind(of: arithmetic.op),
                  let a = leaf(arithmetic.lhs), let b = leaf(arithmetic.rhs) else { return nil }
            return .inner(Inner(operation: arithmetic.op, isInt: kind == .int, lhs: a, rhs: b, range: arithmetic.range))
        }
        if let arithmetic = body as? ArithmeticNode {
            guard let kind = Self.numberKind(of: arithmetic.op) else { return nil }
            operation = kind == .int ? .int(arithmetic.op) : .double(arithmetic.op)
            result = kind
            guard let a = operand(arithmetic.lhs), let b = operand(arithmetic.rhs) else { return nil }
            (lhs, rhs) = (a, b)
        } else if let comparison = body as? ComparisonNode, let kind = comparison.unboxedKind {
            switch kind {
            case .int: operation = .compareInts(comparison.op)
            case .date: operation = .compareDates(comparison.op)
            default: operation = .compareDoubles(comparison.op)
            }
            result = .bool
            guard let a = operand(comparison.lhs), let b = operand(comparison.rhs) else { return nil }
            (lhs, rhs) = (a, b)
        } else if let builtin = body as? BuiltinNode, builtin.call.builtin.id == .min || builtin.call.builtin.id == .max,
                  builtin.call.receiver == nil, builtin.call.arguments.count == 2,
                  let first = builtin.call.first, let second = builtin.call.second {
            let isMax = builtin.call.builtin.id == .max
            switch builtin.type {
            case .int: (operation, result) = (.extremeInts(isMax: isMax), .int)
            case .double: (operation, result) = (.extremeDoubles(isMax: isMax), .double)
            default: return nil
            }
            guard let a = operand(first), let b = operand(second) else { return nil }
            (lhs, rhs) = (a, b)
        } else {
            return nil
        }
        isFlat = !lhs.isInner && !rhs.isInner
    }

    /// The kind of an `Int` or `Double` operation's values, or nil for a concatenation.
    private static func numberKind(of op: ArithmeticOperator) -> ScalarKind? {
        switch op {
        case .intAdd, .intSubtract, .intMultiply, .intDivide, .intRemainder: return .int
        case .doubleAdd, .doubleSubtract, .doubleMultiply, .doubleDivide: return .double
        case .stringConcatenate, .arrayConcatenate: return nil
        }
    }

    /// The body's value, as bits, for parameters with these bits (`second` unused by a closure
    /// of one parameter).
    @inline(__always)
    func bits(_ ev: inout Evaluator, _ first: UInt64, _ second: UInt64) throws(Interrupt) -> UInt64 {
        @inline(__always) func read(_ leaf: Operand.Leaf) -> UInt64 {
            switch leaf {
            case .first: return first
            case .second: return second
            case .constant(let bits): return bits
            }
        }
        @inline(__always) func read(_ operand: Operand) throws(Interrupt) -> UInt64 {
            switch operand {
            case .first: return first
            case .second: return second
            case .constant(let bits): return bits
            case .inner(let inner):
                // Its operands first, as the tree evaluates them; then its operation, which
                // reports a trap at its own range.
                let a = read(inner.lhs), b = read(inner.rhs)
                guard inner.isInt else {
                    return ArithmeticNode.withDoubleOperation(inner.operation) { $0(Double(bitPattern: a), Double(bitPattern: b)) }.bitPattern
                }
                let (x, y) = (Int(truncatingIfNeeded: a), Int(truncatingIfNeeded: b))
                let result = ArithmeticNode.withIntOperation(inner.operation) { $0(x, y) }
                if result.overflow { throw ArithmeticNode.trap(inner.operation, ev, x, y, inner.range) }
                return UInt64(truncatingIfNeeded: result.partialValue)
            }
        }
        let a = try read(lhs), b = try read(rhs)
        switch operation {
        case .int(let op):
            let (x, y) = (Int(truncatingIfNeeded: a), Int(truncatingIfNeeded: b))
            let result = ArithmeticNode.withIntOperation(op) { $0(x, y) }
            if result.overflow { throw ArithmeticNode.trap(op, ev, x, y, trapRange) }
            return UInt64(truncatingIfNeeded: result.partialValue)
        case .double(let op):
            return ArithmeticNode.withDoubleOperation(op) { $0(Double(bitPattern: a), Double(bitPattern: b)) }.bitPattern
        case .compareInts(let op):
            return ComparisonNode.holds(op, Int(truncatingIfNeeded: a), Int(truncatingIfNeeded: b)) ? 1 : 0
        case .compareDoubles(let op):
            return ComparisonNode.holds(op, Double(bitPattern: a), Double(bitPattern: b)) ? 1 : 0
        case .compareDates(let op):
            return DateOrder.holds(op, Double(bitPattern: a), Double(bitPattern: b)) ? 1 : 0
        case .extremeInts(let isMax):
            return UInt64(truncatingIfNeeded: BuiltinImplementations.swiftExtreme(Int(truncatingIfNeeded: a), Int(truncatingIfNeeded: b), isMax: isMax))
        case .extremeDoubles(let isMax):
            return BuiltinImplementations.swiftExtreme(Double(bitPattern: a), Double(bitPattern: b), isMax: isMax).bitPattern
        }
    }

    /// `reduce` with this body from `start` over `values` (all of the parameters' scalar kind),
    /// charging `steps` an application, as applying it to each in turn does.
    ///
    /// When the budget covers every application, they are charged at once and the loop does no
    /// bookkeeping; an `Int` operation that traps at an element gives back the steps of the
    /// applications after it, so the steps taken are those of the loop that stopped there.
    /// Otherwise each application is charged in turn, and the budget runs out at the same one.
    func fold(_ ev: inout Evaluator, steps: Int, _ range: SourceRange, from start: UInt64,
              _ values: UnsafeBufferPointer<Value>) throws(Interrupt) -> UInt64 {
        let (total, overflow) = steps.multipliedReportingOverflow(by: values.count)
        guard !overflow, ev.remainingSteps >= total else {
            var accumulator = start
            for value in values {
                try ev.tick(steps, range)
                accumulator = try bits(&ev, accumulator, ScalarKind.bits(of: value))
            }
            return accumulator
        }
        try ev.tick(total, range)
        var index = 0
        do throws(Interrupt) {
            guard isFlat else {
                return try Self.loop(values, from: start, &index) { a, b throws(Interrupt) in try bits(&ev, a, b) }
            }
            // The operation is chosen once, outside the loop.
            switch operation {
            case .int(let op):
                return try ArithmeticNode.withIntOperation(op) { operation throws(Interrupt) in
                    try loop(values, from: start, &index) { a, b throws(Interrupt) in
                        let (x, y) = (Int(truncatingIfNeeded: a), Int(truncatingIfNeeded: b))
                        let result = operation(x, y)
                        if result.overflow { throw ArithmeticNode.trap(op, ev, x, y, trapRange) }
                        return UInt64(truncatingIfNeeded: result.partialValue)
                    }
                }
            case .double(let op):
                return ArithmeticNode.withDoubleOperation(op) { operation in
                    loop(values, from: start, &index) { operation(Double(bitPattern: $0), Double(bitPattern: $1)).bitPattern }
                }
            case .extremeInts(let isMax):
                return loop(values, from: start, &index) {
                    UInt64(truncatingIfNeeded: BuiltinImplementations.swiftExtreme(Int(truncatingIfNeeded: $0), Int(truncatingIfNeeded: $1), isMax: isMax))
                }
            case .extremeDoubles(let isMax):
                return loop(values, from: start, &index) {
                    BuiltinImplementations.swiftExtreme(Double(bitPattern: $0), Double(bitPattern: $1), isMax: isMax).bitPattern
                }
            case .compareInts, .compareDoubles, .compareDates:
                // A `Bool` result is not an accumulator of the parameters' kind.
                return try loop(values, from: start, &index) { a, b throws(Interrupt) in try bits(&ev, a, b) }
            }
        } catch {
            ev.restoreSteps(ev.remainingSteps + (values.count - index - 1) * steps)
            throw error
        }
    }

    /// The offsets of the first `limit` of `values` for which this body, a comparison, is
    /// `wanted`, in order, charging `steps` for each application up to the last one kept (or
    /// all), as applying it to each in turn does; nil when the body is not a comparison. The
    /// comparison and the places of its operands are chosen once, outside the loop. With
    /// `fromEnd`, the values are tried from the last, as `last(where:)` tries them.
    func offsets(_ ev: inout Evaluator, steps: Int, _ range: SourceRange, _ values: UnsafeBufferPointer<Value>,
                 holding wanted: Bool, limit: Int, fromEnd: Bool = false) throws(Interrupt) -> [Int]? {
        guard isFlat else {
            guard case .bool = result else { return nil }
            var kept: [Int] = []
            guard limit > 0 else { return kept }
            for tried in values.indices {
                let index = fromEnd ? values.count - 1 - tried : tried
                try ev.tick(steps, range)
                if try (bits(&ev, ScalarKind.bits(of: values[index]), 0) != 0) == wanted {
                    kept.append(index)
                    if kept.count == limit { break }
                }
            }
            return kept
        }
        switch operation {
        case .compareInts(let op):
            return try ComparisonNode.withComparison(op) { (holds: (Int, Int) -> Bool) throws(Interrupt) in
                try offsets(&ev, steps, range, values, holding: wanted, limit: limit, fromEnd: fromEnd, holds)
            }
        case .compareDoubles(let op):
            return try ComparisonNode.withComparison(op) { (holds: (Double, Double) -> Bool) throws(Interrupt) in
                try offsets(&ev, steps, range, values, holding: wanted, limit: limit, fromEnd: fromEnd, holds)
            }
        case .compareDates(let op):
            return try offsets(&ev, steps, range, values, holding: wanted, limit: limit, fromEnd: fromEnd) { (a: Double, b: Double) in
                DateOrder.holds(op, a, b)
            }
        default:
            return nil
        }
    }

    @inline(__always)
    private func offsets<T: MachineScalar>(_ ev: inout Evaluator, _ steps: Int, _ range: SourceRange,
                                           _ values: UnsafeBufferPointer<Value>, holding wanted: Bool, limit: Int, fromEnd: Bool,
                                           _ holds: (T, T) -> Bool) throws(Interrupt) -> [Int] {
        @inline(__always) func scan(_ test: (UInt64) -> Bool) throws(Interrupt) -> [Int] {
            guard limit > 0 else { return [] }
            var kept: [Int] = []
            // Where the steps left cover an application to every value, those made are charged
            // at once after the loop, as charging each in turn leaves them. (Appended rather
            // than written into storage made for all: `init(unsafeUninitializedCapacity:)` looks
            // up the storage's type at every call, more than a `first(where:)` costs.)
            let (all, overflow) = values.count.multipliedReportingOverflow(by: steps)
            if !overflow && all <= ev.remainingSteps {
                var applied = values.count
                if fromEnd {
                    for index in values.indices.reversed() where test(ScalarKind.bits(of: values[index])) == wanted {
                        kept.append(index)
                        if kept.count == limit {
                            applied = values.count - index
                            break
                        }
                    }
                } else {
                    for index in values.indices where test(ScalarKind.bits(of: values[index])) == wanted {
                        kept.append(index)
                        if kept.count == limit {
                            applied = index + 1
                            break
                        }
                    }
                }
                try ev.tick(applied * steps, range)
                return kept
            }
            for tried in values.indices {
                let index = fromEnd ? values.count - 1 - tried : tried
                try ev.tick(steps, range)
                if test(ScalarKind.bits(of: values[index])) == wanted {
                    kept.append(index)
                    if kept.count == limit { break }
                }
            }
            return kept
        }
        switch (lhs, rhs) {
        case (.first, .constant(let bits)):
            let constant = T(bits: bits)
            return try scan { holds(T(bits: $0), constant) }
        case (.constant(let bits), .first):
            let constant = T(bits: bits)
            return try scan { holds(constant, T(bits: $0)) }
        default:
            let (a, b) = (Selection(lhs), Selection(rhs))
            return try scan { holds(T(bits: a.read($0, 0)), T(bits: b.read($0, 0))) }
        }
    }

    /// This body, of one parameter, applied to each of `values` in turn, as `map` applies it,
    /// charging `steps` for each application.
    func mapped(_ ev: inout Evaluator, steps: Int, _ range: SourceRange, _ values: UnsafeBufferPointer<Value>) throws(Interrupt) -> [Value] {
        // Written in place, as many as were made when an application stops the loop; each an
        // `Int`, `Double`, `Date` or `Bool` (`ScalarKind.value`), so plain storage unlooked-at.
        try PlainArrays.make(capacity: values.count, knownPlain: true) { (target, initialized) throws(Interrupt) in
            while initialized < values.count {
                try ev.tick(steps, range)
                let bits = try bits(&ev, ScalarKind.bits(of: values[initialized]), 0)
                (target + initialized).initialize(to: result.value(bits))
                initialized += 1
            }
        }
    }

    /// `operation(lhs, rhs)` folded over `values`, with `index` at the element being applied.
    /// The operands' places are chosen once, so that the usual `$0 op $1` keeps the
    /// accumulator in a register from one element to the next.
    @inline(__always)
    private func loop<Failure: Error>(_ values: UnsafeBufferPointer<Value>, from start: UInt64, _ index: inout Int,
                                      _ operation: (UInt64, UInt64) throws(Failure) -> UInt64) throws(Failure) -> UInt64 {
        switch (lhs, rhs) {
        case (.first, .second):
            return try Self.loop(values, from: start, &index) { accumulator, element throws(Failure) in try operation(accumulator, element) }
        case (.second, .first):
            return try Self.loop(values, from: start, &index) { accumulator, element throws(Failure) in try operation(element, accumulator) }
        default:
            let (a, b) = (Selection(lhs), Selection(rhs))
            return try Self.loop(values, from: start, &index) { accumulator, element throws(Failure) in
                try operation(a.read(accumulator, element), b.read(accumulator, element))
            }
        }
    }

    @inline(__always)
    private static func loop<Failure: Error>(_ values: UnsafeBufferPointer<Value>, from start: UInt64, _ index: inout Int,
                                             _ step: (UInt64, UInt64) throws(Failure) -> UInt64) throws(Failure) -> UInt64 {
        var accumulator = start
        while index < values.count {
            accumulator = try step(accumulator, ScalarKind.bits(of: values[index]))
            index += 1
        }
        return accumulator
    }

    /// An operand as `first & firstMask | second & secondMask | constant`.
    private struct Selection {
        let firstMask: UInt64
        let secondMask: UInt64
        let constant: UInt64

        init(_ operand: Operand) {
            switch operand {
            case .first: (firstMask, secondMask, constant) = (~0, 0, 0)
            case .second: (firstMask, secondMask, constant) = (0, ~0, 0)
            case .constant(let bits): (firstMask, secondMask, constant) = (0, 0, bits)
            case .inner: preconditionFailure("an operation read as a parameter or a constant")
            }
        }

        @inline(__always)
        func read(_ first: UInt64, _ second: UInt64) -> UInt64 {
            first & firstMask | second & secondMask | constant
        }
    }
}

/// A machine value kept as the bits `ScalarKind.bits(of:)` gives.
protocol MachineScalar: Comparable {
    init(bits: UInt64)
}

extension Int: MachineScalar {
    @inline(__always) init(bits: UInt64) { self.init(truncatingIfNeeded: bits) }
}

extension Double: MachineScalar {
    @inline(__always) init(bits: UInt64) { self.init(bitPattern: bits) }
}
