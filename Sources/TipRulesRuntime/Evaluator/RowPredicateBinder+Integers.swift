import TipRulesSemantics
import TipRulesSyntax

/// `Int` operands: read in place from columns, computed with arithmetic that is proven safe or
/// reports failure.
extension RowPredicateBinder {
    /// An `Int` operand, per row.
    func integer(_ bound: Bound) -> IntOperand {
        switch bound {
        case .ints(let items): return .column(items)
        case .value(.int(let k)): return .constant(k)
        case .computedInts(let read): return .computed(read)
        case .values(let read):
            return .computed { position in
                guard case .int(let value) = read(position) else { preconditionFailure("Int arithmetic on a value that is no Int") }
                return value
            }
        default: preconditionFailure("Int arithmetic on a value that is no Int")
        }
    }

    /// (A type of its own rather than one generic enum with `Number`: the generic form's
    /// closures were not specialised, and an `Int` scan (W34) took 7.5 µs instead of 4.8.)
    enum IntOperand {
        case constant(Int)
        case column(ColumnArray<Int>)
        case computed((Int) -> Int)
        /// A fold's `Int` accumulator, read from its box (no call per row).
        case accumulator(FoldAccumulator)

        var read: (Int) -> Int {
            switch self {
            case .constant(let k): return { _ in k }
            case .column(let items): return { items[$0] }
            case .computed(let f): return f
            case .accumulator(let box): return { _ in box.int }
            }
        }
    }

    /// An `Int` operand of arithmetic: a fold's accumulator read from its box, anything else bound.
    func foldInteger(_ operand: RowPredicate.Operand) -> IntOperand {
        if case .accumulator(.int) = operand, let accumulator { return .accumulator(accumulator) }
        return integer(bind(operand))
    }

    /// `Int` arithmetic, which the scan has proven cannot fail on any row it tests (see
    /// `IntBounds`). The operations that report overflow rather than trap are used all the
    /// same, so that even a wrong proof could never bring the host down.
    static func intArithmetic(_ op: ArithmeticOperator, _ a: IntOperand, _ b: IntOperand) -> (Int) -> Int {
        switch (op, a, b) {
        case (.intAdd, .column(let x), .constant(let k)): return { x[$0] &+ k }
        case (.intSubtract, .column(let x), .constant(let k)): return { x[$0] &- k }
        case (.intMultiply, .column(let x), .constant(let k)): return { x[$0] &* k }
        case (.intAdd, .computed(let f), .constant(let k)): return { f($0) &+ k }
        case (.intSubtract, .computed(let f), .constant(let k)): return { f($0) &- k }
        case (.intMultiply, .computed(let f), .constant(let k)): return { f($0) &* k }
        default: break
        }
        let f = a.read, g = b.read
        switch op {
        case .intAdd: return { f($0) &+ g($0) }
        case .intSubtract: return { f($0) &- g($0) }
        case .intMultiply: return { f($0) &* g($0) }
        case .intDivide: return { f($0).dividedReportingOverflow(by: g($0)).partialValue }
        case .intRemainder: return { f($0).remainderReportingOverflow(dividingBy: g($0)).partialValue }
        default: preconditionFailure("Int row arithmetic with a non-Int operator")
        }
    }

    /// `Int` arithmetic that records where it fails (overflows, or divides by zero) in
    /// `failures`, for a computation nothing proved unable to fail.
    static func checkedIntArithmetic(_ op: ArithmeticOperator, _ a: IntOperand, _ b: IntOperand,
                                             _ failures: ArithmeticFailures) -> (Int) -> Int {
        switch op {
        case .intAdd: return checked(CheckedAdd.self, a, b, failures)
        case .intSubtract: return checked(CheckedSubtract.self, a, b, failures)
        case .intMultiply: return checked(CheckedMultiply.self, a, b, failures)
        case .intDivide: return checked(CheckedDivide.self, a, b, failures)
        case .intRemainder: return checked(CheckedRemainder.self, a, b, failures)
        default: preconditionFailure("Int row arithmetic with a non-Int operator")
        }
    }

    /// One checked operation over two operands, specialised for the operation (so it is
    /// inlined, no call per row), a column or a constant read in place, as in `$0 - $1.x`.
    static func checked<Operation: CheckedIntOperation>(_: Operation.Type, _ a: IntOperand, _ b: IntOperand,
                                                                _ failures: ArithmeticFailures) -> (Int) -> Int {
        @inline(__always) func checked(_ x: Int, _ y: Int) -> Int {
            let result = Operation.apply(x, y)
            if result.overflow { failures.occurred = true }
            return result.partialValue
        }
        switch (a, b) {
        case (.accumulator(let box), .column(let y)): return { checked(box.int, y[$0]) }
        case (.column(let x), .accumulator(let box)): return { checked(x[$0], box.int) }
        case (.accumulator(let box), .constant(let k)): return { _ in checked(box.int, k) }
        case (.constant(let k), .accumulator(let box)): return { _ in checked(k, box.int) }
        case (.accumulator(let box), .computed(let g)): return { checked(box.int, g($0)) }
        case (.computed(let f), .accumulator(let box)): return { checked(f($0), box.int) }
        case (.computed(let f), .column(let y)): return { checked(f($0), y[$0]) }
        case (.column(let x), .computed(let g)): return { checked(x[$0], g($0)) }
        case (.computed(let f), .constant(let k)): return { checked(f($0), k) }
        case (.constant(let k), .computed(let g)): return { checked(k, g($0)) }
        default:
            let f = a.read, g = b.read
            return { checked(f($0), g($0)) }
        }
    }

    /// An operand's `Int`s, or nil for an operand of another type.
    func intOperand(_ operand: RowPredicate.Operand) -> IntOperand? {
        intOperand(bind(operand))
    }

    /// An `Int` operand, or nil for an operand of another type.
    func intOperand(_ bound: Bound) -> IntOperand? {
        switch bound {
        case .ints, .value(.int), .computedInts: return integer(bound)
        default: return nil
        }
    }
}
