import TipRulesSemantics

/// An `Int` row operand computed for a batch of rows, each operation in a loop of its own over
/// machine integers, as `NumberColumn` computes `Double`s: no closure call per row and node.
///
/// Its arithmetic uses the operations that report overflow rather than trap, and remembers
/// whether one did (`hasFailed`): a fused operation either proves first that none can fail
/// on the rows it reads (see `IntBounds`), or, for an operand that `checksItself`, computes it
/// and gives way to the calls it stands for when one did. Either way the host never traps.
final class IntColumn: BatchComputation {
    indirect enum Source {
        case constant(Int)
        case column(ColumnArray<Int>)
        /// `x ?? k` of an optional `Int` field.
        case coalesce(ColumnArray<Int?>, Int)
        case arithmetic(ArithmeticOperator, IntColumn, IntColumn)
        /// `Int(d)`: 0 and a failure where it would not convert.
        case converted(NumberColumn)
        /// `abs(x)`, proven never to meet `Int.min`.
        case magnitude(IntColumn)
        /// `min(x, y)` or `max(x, y)`.
        case extreme(isMax: Bool, IntColumn, IntColumn)
        /// `p ? a : b`, each branch computed for the rows it is taken for.
        case conditional(BatchConditional<Int>, IntColumn, IntColumn)
    }
    let source: Source
    /// The operands of an operation (`a` and `b` of `a + b`, `min(a, b)` and `p ? a : b`, `a` of
    /// `abs(a)`), kept beside `source` so that the walks of the tree (`hasFailed`,
    /// `writtenBounds`) read them in place: bound out of the enum's payload, each cost an
    /// atomic retain and release at every batch and sum.
    private let first: IntColumn?
    private let second: IntColumn?
    /// Where a second operand, or the `Double`s of a conversion, are computed.
    let scratch: UnsafeMutableRawPointer?
    /// Whether an operation of this node failed (overflowed, divided by zero, met `abs(Int.min)`
    /// or a `Double` with no `Int`) on a row it computed.
    private var failed = false
    /// For `x / k` or `x % k` with a constant `k`: the division by multiplication, made once.
    private let divisor: ConstantDivisor?
    /// The divisor's reciprocal for dividends below 2^32, when it has one.
    private let smallReciprocal: UInt64?

    /// Whether an operation failed on a row computed so far, here or in an operand (a
    /// conversion's `Double` operand cannot fail).
    var hasFailed: Bool {
        failed || first?.hasFailed == true || second?.hasFailed == true
    }

    var constant: Int? {
        if case .constant(let k) = source { k } else { nil }
    }

    var storedColumn: ColumnArray<Int>? {
        if case .column(let items) = source { items } else { nil }
    }

    /// Whether computing the operand can fail on some row other than by overflowing: by a
    /// division (or remainder) whose divisor is not a constant other than 0, 1, -1 and
    /// `Int.min` (see `ConstantDivisor`), a conversion from `Double`, or `abs`. A test often guards these (`x != 0 ? y / x : 0`, `d.isNaN ? 0 :
    /// Int(d)`); an overflow on a value a test keeps out hardly ever happens.
    var canFailOtherThanOverflowing: Bool {
        switch source {
        case .constant, .column, .coalesce: return false
        case .arithmetic(let op, let a, let b):
            if op == .intDivide || op == .intRemainder, divisor == nil { return true }
            return a.canFailOtherThanOverflowing || b.canFailOtherThanOverflowing
        case .converted, .magnitude: return true
        case .extreme(_, let a, let b), .conditional(_, let a, let b): return a.canFailOtherThanOverflowing || b.canFailOtherThanOverflowing
        }
    }

    /// Whether every operation that can fail in the operand records it in `hasFailed`, so that
    /// it may be computed without a proof first: not through a conversion to `Double` and back,
    /// whose `Int` operands a `NumberColumn` computes, nor in a ternary's test, which a
    /// `RowFilter` runs.
    static func checksItself(_ operand: RowPredicate.Operand) -> Bool {
        switch operand {
        case .intArithmetic(_, let a, let b): return checksItself(a) && checksItself(b)
        case .function(.absInt, let a, nil): return checksItself(a)
        case .function(let function, let a, let b?) where function.intExtremeIsMax != nil: return checksItself(a) && checksItself(b)
        case .function(.intFromDouble, let a, nil): return !a.hasIntArithmetic
        case .function: return false
        case .conditional(let p, let a, let b): return !p.hasIntArithmetic && checksItself(a) && checksItself(b)
        default: return !operand.hasIntArithmetic
        }
    }

    /// Bounds of every value the operand can take on a row of its stream, from what its
    /// columns' buffers say of every value written to them (`ColumnArray.writtenBounds`, read
    /// without a pass over the rows), or nil when they are not known or some row's operation
    /// could fail. Read at each batch rather than kept: a stream's columns grow between
    /// evaluations, and a kept column (see `BoundColumnCache`) computes their new rows.
    var writtenBounds: IntBounds? {
        switch source {
        case .constant(let k): return IntBounds(low: k, high: k)
        case .column(let items): return items.writtenBounds.map { IntBounds(low: $0.low, high: $0.high) }
        case .coalesce(let items, let k):
            // (No value written: every row is nil, and so `k`.)
            guard let values = items.writtenBounds else { return IntBounds(low: k, high: k) }
            return IntBounds(low: min(values.low, k), high: max(values.high, k))
        case .arithmetic(let op, _, _):
            guard let x = first!.writtenBounds, let y = second!.writtenBounds else { return nil }
            return IntBounds.combine(op, x, y)
        case .extreme(let isMax, _, _):
            guard let x = first!.writtenBounds, let y = second!.writtenBounds else { return nil }
            return isMax ? IntBounds(low: max(x.low, y.low), high: max(x.high, y.high))
                : IntBounds(low: min(x.low, y.low), high: min(x.high, y.high))
        case .magnitude:
            guard let x = first!.writtenBounds, x.low != .min else { return nil }
            let high = max(x.low.magnitude, x.high.magnitude)
            return IntBounds(low: x.contains(0) ? 0 : Int(min(x.low.magnitude, x.high.magnitude)), high: Int(high))
        case .conditional:
            guard let x = first!.writtenBounds, let y = second!.writtenBounds else { return nil }
            return IntBounds(low: min(x.low, y.low), high: max(x.high, y.high))
        case .converted:
            return nil
        }
    }

    private init(_ source: Source, batch: Int = 0) {
        self.source = source
        switch source {
        case .arithmetic(_, let a, let b), .extreme(_, let a, let b), .conditional(_, let a, let b): (first, second) = (a, b)
        case .magnitude(let a): (first, second) = (a, nil)
        // (A conversion's `Double` operand cannot fail, and has no `Int` bounds.)
        case .constant, .column, .coalesce, .converted: (first, second) = (nil, nil)
        }
        if case .arithmetic(let op, _, let b) = source, op == .intDivide || op == .intRemainder, let k = b.constant {
            divisor = ConstantDivisor(k)
            smallReciprocal = divisor?.smallReciprocal
        } else {
            divisor = nil
            smallReciprocal = nil
        }
        switch source {
        case .arithmetic, .extreme: scratch = UnsafeMutableRawPointer(UnsafeMutablePointer<Int>.allocate(capacity: batch))
        case .converted: scratch = UnsafeMutableRawPointer(UnsafeMutablePointer<Double>.allocate(capacity: batch))
        default: scratch = nil
        }
    }

    /// A batch of the operand's values for a sum or an extreme to read (see `IntSum`), or a
    /// caller: made on first use and kept with the column, so that none allocates. (A column
    /// is used by one evaluation at a time: it computes into `scratch`.)
    @exclusivity(unchecked) private var batchValues = KeptBuffer<Int>()

    deinit {
        scratch?.deallocate()
        batchValues.deallocate()
    }

    func batchBuffer(batch: Int) -> UnsafeMutablePointer<Int> { batchValues.room(for: batch) }

    /// The operand computed a batch at a time, or nil when some part of it has no batch form
    /// (a string's `count`, a ternary whose test searches strings, a value read from an
    /// enclosing closure's state).
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
            guard case .optionalInt(let items) = binder.stream.columns[index], case .int(let k) = binder.invariant(fallback) else { return nil }
            return IntColumn(.coalesce(items, k))
        case .intArithmetic(let op, let a, let b):
            guard let x = make(a, binder), let y = make(b, binder) else { return nil }
            return IntColumn(.arithmetic(op, x, y), batch: batch)
        case .function(.intFromDouble, let a, nil):
            return binder.numberColumn(a).map { IntColumn(.converted($0), batch: batch) }
        case .function(.absInt, let a, nil):
            return make(a, binder).map { IntColumn(.magnitude($0)) }
        case .function(let function, let a, let b?) where function.intExtremeIsMax != nil:
            guard let x = make(a, binder), let y = make(b, binder) else { return nil }
            return IntColumn(.extreme(isMax: function.intExtremeIsMax == true, x, y), batch: batch)
        case .conditional(let p, let a, let b):
            guard let x = make(a, binder), let y = make(b, binder),
                  let test = BatchConditional<Int>.make(p, binder, branchesCanFail: x.canFailOtherThanOverflowing || y.canFailOtherThanOverflowing,
                                                        filler: 0) else { return nil }
            return IntColumn(.conditional(test, x, y))
        default:
            return nil
        }
    }

    /// Writes the operand's value for each row of `input`.
    func fill<Rows: BatchRows>(_ input: Rows, _ output: UnsafeMutablePointer<Int>) {
        switch source {
        case .constant(let k):
            output.update(repeating: k, count: input.count)
        case .column(let items):
            items.gather(input, into: output)
        case .coalesce(let items, let k):
            items.fill(input, coalescing: k, into: output)
        case .arithmetic(let op, let a, let b):
            // A constant left operand (`10 - $0.x`) with a computed right one: the right one's
            // values go to `output`, and each row computes `k op x`, in that order.
            let left = b.constant == nil ? a.constant : nil
            if left == nil { a.fill(input, output) } else { b.fill(input, output) }
            if let divisor {
                // By a constant other than 0, 1, -1 and `Int.min`: by a multiplication (see
                // `ConstantDivisor`: a hardware `Int` division takes tens of cycles, where the
                // compiler divides a closure's constant by multiplying); nothing can fail.
                let count = input.count
                // A batch of dividends in 0..<2^32 (ids, counts, seconds) by a divisor in
                // 2..<2^32: by one unsigned multiplication (see `ConstantDivisor.smallReciprocal`).
                if let reciprocal = smallReciprocal {
                    var high: UInt = 0
                    for offset in 0..<count { high |= UInt(bitPattern: output[offset]) >> 32 }
                    if high == 0 {
                        let d = divisor.value
                        if op == .intRemainder {
                            for offset in 0..<count { output[offset] = ConstantDivisor.smallRemainder(output[offset], reciprocal: reciprocal, divisor: d) }
                        } else {
                            for offset in 0..<count { output[offset] = ConstantDivisor.smallQuotient(output[offset], reciprocal: reciprocal) }
                        }
                        return
                    }
                }
                if op == .intRemainder {
                    for offset in 0..<count { output[offset] = divisor.remainder(output[offset]) }
                } else {
                    for offset in 0..<count { output[offset] = divisor.quotient(output[offset]) }
                }
                return
            }
            // (A failure is counted without a branch; division by zero reports as overflow. A
            // constant right operand, as in `$0.x * 2`, is read as itself rather than from a
            // batch of copies of it.)
            var failures = 0
            let k = b.constant
            let y = scratch.unsafelyUnwrapped.assumingMemoryBound(to: Int.self)
            if k == nil && left == nil { b.fill(input, y) }
            @inline(__always) func apply(_ operation: (Int, Int) -> (partialValue: Int, overflow: Bool)) {
                if let left {
                    for offset in 0..<input.count {
                        let (value, overflow) = operation(left, output[offset])
                        output[offset] = value
                        failures &+= overflow.bit
                    }
                    return
                }
                if let k {
                    for offset in 0..<input.count {
                        let (value, overflow) = operation(output[offset], k)
                        output[offset] = value
                        failures &+= overflow.bit
                    }
                    return
                }
                for offset in 0..<input.count {
                    let (value, overflow) = operation(output[offset], y[offset])
                    output[offset] = value
                    failures &+= overflow.bit
                }
            }
            switch op {
            case .intAdd: apply { $0.addingReportingOverflow($1) }
            case .intSubtract: apply { $0.subtractingReportingOverflow($1) }
            case .intMultiply: apply { $0.multipliedReportingOverflow(by: $1) }
            case .intDivide: apply { $0.dividedReportingOverflow(by: $1) }
            case .intRemainder: apply { $0.remainderReportingOverflow(dividingBy: $1) }
            default: preconditionFailure("Int row arithmetic with a non-Int operator")
            }
            if failures > 0 { failed = true }
        case .converted(let numbers):
            let x = scratch.unsafelyUnwrapped.assumingMemoryBound(to: Double.self)
            numbers.fill(input, x)
            // The usual batch, every magnitude under 2^52 (a day count, a score scaled by ten),
            // converted without `Int(_:)`'s checks and branches (see `BranchFreeDouble`).
            let count = input.count
            var small = 1
            for offset in 0..<count { small &= (abs(x[offset]) < BranchFreeDouble.twoTo52).bit }
            if small == 1 {
                for offset in 0..<count { output[offset] = BranchFreeDouble.truncatedToInt(x[offset]) }
                return
            }
            // 0 where it would not convert, rather than a trap; without a branch.
            var failures = 0
            for offset in 0..<input.count {
                let value = x[offset]
                // (`IntConversion.exact`'s range, written here: the call was not inlined.)
                let converts = value >= -9_223_372_036_854_775_808.0 && value < 9_223_372_036_854_775_808.0
                output[offset] = Int(converts ? value : 0)
                failures &+= converts ? 0 : 1
            }
            if failures > 0 { failed = true }
        case .magnitude(let inner):
            inner.fill(input, output)
            var failures = 0
            for offset in 0..<input.count {
                failures &+= (output[offset] == .min).bit
                output[offset] = Int(truncatingIfNeeded: output[offset].magnitude)
            }
            if failures > 0 { failed = true }
        case .extreme(let isMax, let a, let b):
            // A constant operand (`max($0.x, 1)`, `min(10, $0.x)`) read as itself, in its place.
            if let k = a.constant, b.constant == nil {
                b.fill(input, output)
                for offset in 0..<input.count { output[offset] = BuiltinImplementations.swiftExtreme(k, output[offset], isMax: isMax) }
                return
            }
            a.fill(input, output)
            if let k = b.constant {
                for offset in 0..<input.count { output[offset] = BuiltinImplementations.swiftExtreme(output[offset], k, isMax: isMax) }
                return
            }
            let y = scratch.unsafelyUnwrapped.assumingMemoryBound(to: Int.self)
            b.fill(input, y)
            for offset in 0..<input.count { output[offset] = BuiltinImplementations.swiftExtreme(output[offset], y[offset], isMax: isMax) }
        case .conditional(let test, let a, let b):
            test.fill(input, output, pass: a, fail: b)
        }
    }
}
