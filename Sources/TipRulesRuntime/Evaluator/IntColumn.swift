import TipRulesSemantics

/// An `Int` row operand computed for a batch of rows, each operation in a loop of its own over
/// machine integers, as `NumberColumn` computes `Double`s: no closure call per row and node.
///
/// Its arithmetic is `Int` arithmetic a fused operation has proven unable to fail on the rows
/// it reads (see `IntBounds`); the operations that report overflow rather than trap are used
/// all the same, so that even a wrong proof could never bring the host down.
final class IntColumn {
    private indirect enum Source {
        case constant(Int)
        case column(ColumnArray<Int>)
        /// `x ?? k` of an optional `Int` field.
        case coalesce(ColumnArray<Value>, Int)
        case arithmetic(ArithmeticOperator, IntColumn, IntColumn)
        /// `Int(d)`, proven to convert on every row.
        case converted(NumberColumn)
        /// `abs(x)`, proven never to meet `Int.min`.
        case magnitude(IntColumn)
        /// `min(x, y)` or `max(x, y)`.
        case extreme(isMax: Bool, IntColumn, IntColumn)
    }
    private let source: Source
    /// Where a second operand, or the `Double`s of a conversion, are computed.
    private let scratch: UnsafeMutableRawPointer?

    private init(_ source: Source, batch: Int = 0) {
        self.source = source
        switch source {
        case .arithmetic, .extreme: scratch = UnsafeMutableRawPointer(UnsafeMutablePointer<Int>.allocate(capacity: batch))
        case .converted: scratch = UnsafeMutableRawPointer(UnsafeMutablePointer<Double>.allocate(capacity: batch))
        default: scratch = nil
        }
    }

    deinit { scratch?.deallocate() }

    /// The operand computed a batch at a time, or nil when some part of it has no batch form
    /// (a string's `count`, a ternary, a value read from an enclosing closure's state).
    static func make(_ operand: RowPredicate.Operand, _ binder: RowPredicateBinder) -> IntColumn? {
        if operand.isInvariant {
            guard case .int(let k) = binder.invariant(operand) else { return nil }
            return IntColumn(.constant(k))
        }
        let batch = binder.batch
        switch operand {
        case .field(let index):
            guard case .int(let items) = binder.stream.columns[index] else { return nil }
            return IntColumn(.column(items))
        case .coalesce(.field(let index), let fallback, false) where fallback.isInvariant:
            guard case .values(let items) = binder.stream.columns[index], case .int(let k) = binder.invariant(fallback) else { return nil }
            return IntColumn(.coalesce(items, k))
        case .intArithmetic(let op, let a, let b):
            guard let x = make(a, binder), let y = make(b, binder) else { return nil }
            return IntColumn(.arithmetic(op, x, y), batch: batch)
        case .function(.intFromDouble, let a, nil):
            return binder.numberColumn(a).map { IntColumn(.converted($0), batch: batch) }
        case .function(.absInt, let a, nil):
            return make(a, binder).map { IntColumn(.magnitude($0)) }
        case .function(let function, let a, let b?) where function == .minInt || function == .maxInt:
            guard let x = make(a, binder), let y = make(b, binder) else { return nil }
            return IntColumn(.extreme(isMax: function == .maxInt, x, y), batch: batch)
        default:
            return nil
        }
    }

    /// Writes the operand's value for each row of `input`.
    func fill(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) {
        switch source {
        case .constant(let k):
            output.update(repeating: k, count: input.count)
        case .column(let items):
            items.withUnsafeBufferPointer { column in
                for (offset, position) in input.enumerated() { output[offset] = column[position] }
            }
        case .coalesce(let items, let k):
            items.withUnsafeBufferPointer { column in
                for (offset, position) in input.enumerated() {
                    if case .int(let value) = column[position] { output[offset] = value } else { output[offset] = k }
                }
            }
        case .arithmetic(let op, let a, let b):
            a.fill(input, output)
            let y = scratch.unsafelyUnwrapped.assumingMemoryBound(to: Int.self)
            b.fill(input, y)
            switch op {
            case .intAdd: for offset in 0..<input.count { output[offset] = output[offset] &+ y[offset] }
            case .intSubtract: for offset in 0..<input.count { output[offset] = output[offset] &- y[offset] }
            case .intMultiply: for offset in 0..<input.count { output[offset] = output[offset] &* y[offset] }
            case .intDivide:
                for offset in 0..<input.count { output[offset] = output[offset].dividedReportingOverflow(by: y[offset]).partialValue }
            case .intRemainder:
                for offset in 0..<input.count {
                    output[offset] = output[offset].remainderReportingOverflow(dividingBy: y[offset]).partialValue
                }
            default: preconditionFailure("Int row arithmetic with a non-Int operator")
            }
        case .converted(let numbers):
            let x = scratch.unsafelyUnwrapped.assumingMemoryBound(to: Double.self)
            numbers.fill(input, x)
            // 0 where it would not convert, which the proof has ruled out, rather than a trap.
            for offset in 0..<input.count { output[offset] = IntConversion.exact(x[offset]) ?? 0 }
        case .magnitude(let inner):
            inner.fill(input, output)
            for offset in 0..<input.count { output[offset] = Int(truncatingIfNeeded: output[offset].magnitude) }
        case .extreme(let isMax, let a, let b):
            a.fill(input, output)
            let y = scratch.unsafelyUnwrapped.assumingMemoryBound(to: Int.self)
            b.fill(input, y)
            for offset in 0..<input.count { output[offset] = BuiltinImplementations.swiftExtreme(output[offset], y[offset], isMax: isMax) }
        }
    }
}
