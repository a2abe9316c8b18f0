import TipRulesSemantics
import TipRulesSyntax

/// A `Double` operand computed for a batch of rows.
final class NumberColumn: BatchComputation {
    private indirect enum Source {
        case constant(Double)
        case column(ColumnArray<Double>)
        case arithmetic(ArithmeticOperator, NumberColumn, NumberColumn)
        case negate(NumberColumn)
        /// `Double(i)` of an `Int` column.
        case converted(ColumnArray<Int>)
        /// `Double(i)` of an `Int` computed a batch at a time (into `scratch`).
        case convertedInts(IntColumn)
        /// `x ?? k` of an optional `Double` or `Date` field.
        case coalesce(ColumnArray<Double?>, Double)
        /// `Double(x ?? k)` of an optional `Int` field.
        case convertedCoalesce(ColumnArray<Int?>, Int)
        /// `abs(x)`, `x.rounded()`, or `min` or `max` of two (the second in `scratch`).
        case function(RowPredicate.RowFunction, NumberColumn, NumberColumn?)
        /// `p ? a : b`, each branch computed for the rows it is taken for.
        case conditional(BatchConditional<Double>, NumberColumn, NumberColumn)
    }
    private let source: Source
    /// Where the right operand of arithmetic (or the `Int`s of a conversion) is computed.
    private let scratch: UnsafeMutablePointer<Double>?

    private init(_ source: Source, batch: Int = 0) {
        self.source = source
        switch source {
        case .arithmetic, .function(_, _, _?), .convertedInts: scratch = .allocate(capacity: batch)
        default: scratch = nil
        }
    }

    /// A batch of the operand's values for a sum to add (see `NumberSum`) or a caller to read:
    /// made on first use and kept with the column, which a sum's cache keeps between
    /// evaluations, so a sum allocates nothing. (A column is used by one evaluation at a time.)
    @exclusivity(unchecked) private var batchValues = KeptBuffer<Double>()

    deinit {
        scratch?.deallocate()
        batchValues.deallocate()
    }

    func batchBuffer(batch: Int) -> UnsafeMutablePointer<Double> { batchValues.room(for: batch) }

    static func constant(_ k: Double) -> NumberColumn { NumberColumn(.constant(k)) }

    var constant: Double? {
        if case .constant(let k) = source { k } else { nil }
    }

    /// Whether `withColumnReader` can read the operand in place (over consecutive rows): an
    /// `Int` column converted, an optional field with a fallback, alone or with a constant.
    var readsInPlace: Bool {
        func leaf(_ column: NumberColumn) -> Bool {
            switch column.source {
            case .converted, .convertedCoalesce, .coalesce: true
            default: false
            }
        }
        if case .arithmetic(_, let a, let b) = source, a.constant != nil || b.constant != nil { return leaf(a.constant != nil ? b : a) }
        return leaf(self)
    }

    var storedColumn: ColumnArray<Double>? {
        if case .column(let items) = source { items } else { nil }
    }
    static func column(_ items: ColumnArray<Double>) -> NumberColumn { NumberColumn(.column(items)) }
    static func arithmetic(_ op: ArithmeticOperator, _ a: NumberColumn, _ b: NumberColumn, batch: Int) -> NumberColumn {
        NumberColumn(.arithmetic(op, a, b), batch: batch)
    }
    static func negate(_ a: NumberColumn) -> NumberColumn { NumberColumn(.negate(a)) }
    static func converted(_ items: ColumnArray<Int>) -> NumberColumn { NumberColumn(.converted(items)) }
    static func converted(_ ints: IntColumn, batch: Int) -> NumberColumn { NumberColumn(.convertedInts(ints), batch: batch) }
    static func coalesce(_ items: ColumnArray<Double?>, _ k: Double) -> NumberColumn { NumberColumn(.coalesce(items, k)) }
    static func converted(_ items: ColumnArray<Int?>, coalescing k: Int) -> NumberColumn { NumberColumn(.convertedCoalesce(items, k)) }
    static func function(_ function: RowPredicate.RowFunction, _ a: NumberColumn, _ b: NumberColumn?, batch: Int) -> NumberColumn {
        NumberColumn(.function(function, a, b), batch: batch)
    }
    static func conditional(_ test: BatchConditional<Double>, _ a: NumberColumn, _ b: NumberColumn) -> NumberColumn {
        NumberColumn(.conditional(test, a, b))
    }

    /// Calls `body` with a reader of the operand's value by offset over the consecutive rows of
    /// `input`, read in place, where the operand is an `Int` column converted (`Double(i)`) or
    /// an optional field with a fallback (`x ?? k`, `Double(i ?? k)`), alone or in arithmetic
    /// with a constant; false (and no call) for other operands and rows.
    @inline(__always)
    func withColumnReader<Rows: BatchRows>(_ input: Rows, _ body: ((Int) -> Double) -> Void) -> Bool {
        guard let start = input.consecutiveStart else { return false }
        let count = input.count
        /// Calls `read` with the address of the column's value at the first row.
        func reading<T>(_ items: ColumnArray<T>, _ read: (UnsafePointer<T>) -> Void) {
            items.withElements(from: start, count: count, read)
        }
        // A converted or coalesced column and a constant (`1 - ($0.discount ?? 0)`): the
        // arithmetic in the reader, in the closure's operand order. (Written out for each
        // column and operator: a reader closure that captured another could not be passed on.)
        if case .arithmetic(let op, let a, let b) = source, let (k, constantFirst, leaf) = a.constant.map({ ($0, true, b) }) ?? b.constant.map({ ($0, false, a) }) {
            switch leaf.source {
            case .converted(let items):
                reading(items) { first in
                    switch (op, constantFirst) {
                    case (.doubleAdd, true): body { k + Double(first[$0]) }
                    case (.doubleAdd, false): body { Double(first[$0]) + k }
                    case (.doubleSubtract, true): body { k - Double(first[$0]) }
                    case (.doubleSubtract, false): body { Double(first[$0]) - k }
                    case (.doubleMultiply, true): body { k * Double(first[$0]) }
                    case (.doubleMultiply, false): body { Double(first[$0]) * k }
                    case (.doubleDivide, true): body { k / Double(first[$0]) }
                    case (.doubleDivide, false): body { Double(first[$0]) / k }
                    default: preconditionFailure("row arithmetic with an operator that can fail")
                    }
                }
            case .convertedCoalesce(let items, let fallback):
                guard let bits = OptionalNumberBits.make() else { return false }
                reading(items) { first in
                    switch (op, constantFirst) {
                    case (.doubleAdd, true): body { k + Double(bits.value(first + $0, or: fallback)) }
                    case (.doubleAdd, false): body { Double(bits.value(first + $0, or: fallback)) + k }
                    case (.doubleSubtract, true): body { k - Double(bits.value(first + $0, or: fallback)) }
                    case (.doubleSubtract, false): body { Double(bits.value(first + $0, or: fallback)) - k }
                    case (.doubleMultiply, true): body { k * Double(bits.value(first + $0, or: fallback)) }
                    case (.doubleMultiply, false): body { Double(bits.value(first + $0, or: fallback)) * k }
                    case (.doubleDivide, true): body { k / Double(bits.value(first + $0, or: fallback)) }
                    case (.doubleDivide, false): body { Double(bits.value(first + $0, or: fallback)) / k }
                    default: preconditionFailure("row arithmetic with an operator that can fail")
                    }
                }
            case .coalesce(let items, let fallback):
                guard let bits = OptionalNumberBits.make() else { return false }
                reading(items) { first in
                    switch (op, constantFirst) {
                    case (.doubleAdd, true): body { k + bits.value(first + $0, or: fallback) }
                    case (.doubleAdd, false): body { bits.value(first + $0, or: fallback) + k }
                    case (.doubleSubtract, true): body { k - bits.value(first + $0, or: fallback) }
                    case (.doubleSubtract, false): body { bits.value(first + $0, or: fallback) - k }
                    case (.doubleMultiply, true): body { k * bits.value(first + $0, or: fallback) }
                    case (.doubleMultiply, false): body { bits.value(first + $0, or: fallback) * k }
                    case (.doubleDivide, true): body { k / bits.value(first + $0, or: fallback) }
                    case (.doubleDivide, false): body { bits.value(first + $0, or: fallback) / k }
                    default: preconditionFailure("row arithmetic with an operator that can fail")
                    }
                }
            default:
                return false
            }
            return true
        }
        switch source {
        case .converted(let items):
            reading(items) { first in body { Double(first[$0]) } }
        case .convertedCoalesce(let items, let k):
            guard let bits = OptionalNumberBits.make() else { return false }
            reading(items) { first in body { Double(bits.value(first + $0, or: k)) } }
        case .coalesce(let items, let k):
            guard let bits = OptionalNumberBits.make() else { return false }
            reading(items) { first in body { bits.value(first + $0, or: k) } }
        default:
            return false
        }
        return true
    }

    /// `withValues`, or, where this is `other` (an operand used twice, see
    /// `RowPredicateBinder.numberColumn`), `values`, the ones already computed for it.
    @inline(__always)
    func withValues<Rows: BatchRows>(_ input: Rows, _ buffer: UnsafeMutablePointer<Double>, sameAs other: NumberColumn,
                                     _ values: UnsafePointer<Double>, _ body: (UnsafePointer<Double>) -> Void) {
        if self === other { return body(values) }
        withValues(input, buffer, body)
    }

    /// Whether the operand is computed in at most one loop over a batch: a column, read or
    /// converted or coalesced, or arithmetic of a column and a constant or of two columns.
    var fillsInOneLoop: Bool {
        switch source {
        case .constant, .column, .converted, .coalesce, .convertedCoalesce: return true
        case .arithmetic(_, let a, let b):
            switch (a.source, b.source) {
            case (.column, .column), (.column, .constant), (.constant, .column): return true
            default: return false
            }
        default: return false
        }
    }

    /// Whether `add` does an operation at the operand's root in its adding loop (arithmetic or
    /// a negation), rather than reading values computed before.
    var hasRootOperation: Bool {
        switch source {
        case .arithmetic, .negate: return true
        default: return false
        }
    }

    /// Adds the operand's value for each row of `input` (or those `terms` keeps, negated where
    /// it says) to `sum`, in order, with the operation at its root done in the loop that adds
    /// (see `NumberSum`); `buffer` holds a batch.
    func add<Rows: BatchRows>(_ input: Rows, to sum: inout Double, _ buffer: UnsafeMutablePointer<Double>,
                              _ terms: SumTerms = .every) {
        let count = input.count
        switch source {
        case .arithmetic(let op, let a, let b) where a.constant != nil && b.constant == nil:
            // Of a constant (`1 - x`), likewise, `k op x` in that order.
            let k = a.constant.unsafelyUnwrapped
            b.withValues(input, buffer) { y in
                switch op {
                case .doubleAdd: NumberSum.accumulate(&sum, count, terms) { offset in k + y[offset] }
                case .doubleSubtract: NumberSum.accumulate(&sum, count, terms) { offset in k - y[offset] }
                case .doubleMultiply: NumberSum.accumulate(&sum, count, terms) { offset in k * y[offset] }
                case .doubleDivide: NumberSum.accumulate(&sum, count, terms) { offset in k / y[offset] }
                default: preconditionFailure("row arithmetic with an operator that can fail")
                }
            }
        case .arithmetic(let op, let a, let b) where b.constant == nil && !b.readsInPlace && a.readsInPlace && input.consecutiveStart != nil:
            // A converted or coalesced left operand beside a right one computed in a pass
            // (`Double($1.quantity) * ($1.isGift ? 0 : $1.price)`): the right one filled, the
            // left read in the loop that adds, `a op b` in that order.
            b.withValues(input, buffer) { y in
                let fused = a.withColumnReader(input) { read in
                    switch op {
                    case .doubleAdd: NumberSum.accumulate(&sum, count, terms) { offset in read(offset) + y[offset] }
                    case .doubleSubtract: NumberSum.accumulate(&sum, count, terms) { offset in read(offset) - y[offset] }
                    case .doubleMultiply: NumberSum.accumulate(&sum, count, terms) { offset in read(offset) * y[offset] }
                    case .doubleDivide: NumberSum.accumulate(&sum, count, terms) { offset in read(offset) / y[offset] }
                    default: preconditionFailure("row arithmetic with an operator that can fail")
                    }
                }
                if fused { return }
                a.withValues(input, scratch.unsafelyUnwrapped) { x in NumberColumn.add(op, x, y, to: &sum, count, terms) }
            }
        case .arithmetic(let op, let a, let b):
            a.withValues(input, buffer) { x in
                if let k = b.constant {
                    switch op {
                    case .doubleAdd: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] + k }
                    case .doubleSubtract: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] - k }
                    case .doubleMultiply: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] * k }
                    case .doubleDivide: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] / k }
                    default: preconditionFailure("row arithmetic with an operator that can fail")
                    }
                    return
                }
                // A column converted or coalesced, read in the loop that adds: its reading
                // overlaps the additions, which wait on one another, rather than taking a pass.
                let fused = b.withColumnReader(input) { read in
                    switch op {
                    case .doubleAdd: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] + read(offset) }
                    case .doubleSubtract: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] - read(offset) }
                    case .doubleMultiply: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] * read(offset) }
                    case .doubleDivide: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] / read(offset) }
                    default: preconditionFailure("row arithmetic with an operator that can fail")
                    }
                }
                if fused { return }
                b.withValues(input, scratch.unsafelyUnwrapped, sameAs: a, x) { y in NumberColumn.add(op, x, y, to: &sum, count, terms) }
            }
        case .negate(let a):
            // `s + -x`, as the closure adds it, with the negation in the adding loop.
            a.add(input, to: &sum, buffer, terms.negated)
        case .conditional(let test, let a, let b) where terms.isEvery:
            test.add(input, to: &sum, pass: a, fail: b, buffer)
        default:
            // A converted or coalesced column (`$1.discount ?? 0`, `Double($1.quantity)`) read in
            // the loop that adds, which waits on each addition anyway, rather than in a pass.
            // (Not through `withColumnReader`, whose reader is a closure called once a row: here
            // the read is inlined in the loop.)
            if let start = input.consecutiveStart {
                switch source {
                case .converted(let items):
                    return items.withElements(from: start, count: count) { first in
                        NumberSum.accumulate(&sum, count, terms) { offset in Double(first[offset]) }
                    }
                case .coalesce(let items, let k):
                    guard let bits = OptionalNumberBits.make() else { break }
                    return items.withElements(from: start, count: count) { first in
                        NumberSum.accumulate(&sum, count, terms) { offset in bits.value(first + offset, or: k) }
                    }
                case .convertedCoalesce(let items, let k):
                    guard let bits = OptionalNumberBits.make() else { break }
                    return items.withElements(from: start, count: count) { first in
                        NumberSum.accumulate(&sum, count, terms) { offset in Double(bits.value(first + offset, or: k)) }
                    }
                default:
                    break
                }
            }
            withValues(input, buffer) { x in NumberSum.accumulate(&sum, count, terms) { offset in x[offset] } }
        }
    }

    /// Adds `x op y` of each offset to `sum`, as `terms` keeps them.
    @inline(__always)
    private static func add(_ op: ArithmeticOperator, _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, to sum: inout Double,
                            _ count: Int, _ terms: SumTerms) {
        switch op {
        case .doubleAdd: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] + y[offset] }
        case .doubleSubtract: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] - y[offset] }
        case .doubleMultiply: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] * y[offset] }
        case .doubleDivide: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] / y[offset] }
        default: preconditionFailure("row arithmetic with an operator that can fail")
        }
    }

    /// Writes the operand's value for each row of `input`.
    func fill<Rows: BatchRows>(_ input: Rows, _ output: UnsafeMutablePointer<Double>) {
        switch source {
        case .constant(let k):
            output.update(repeating: k, count: input.count)
        case .column(let items):
            items.gather(input, into: output)
        case .negate(let inner):
            inner.fill(input, output)
            for offset in 0..<input.count { output[offset] = -output[offset] }
        case .converted(let items):
            items.withUnsafeBufferPointer { column in
                for offset in 0..<input.count { output[offset] = Double(column[input[offset]]) }
            }
        case .convertedInts(let ints):
            // The `Int`s in the scratch buffer, as wide as the `Double`s it holds otherwise.
            scratch.unsafelyUnwrapped.withMemoryRebound(to: Int.self, capacity: input.count) { x in
                ints.fill(input, x)
                for offset in 0..<input.count { output[offset] = Double(x[offset]) }
            }
        case .coalesce(let items, let k):
            items.fill(input, coalescing: k, into: output)
        case .convertedCoalesce(let items, let k):
            items.fill(input, coalescing: k, convertingInto: output)
        case .conditional(let test, let a, let b):
            test.fill(input, output, pass: a, fail: b)
        case .function(let function, let a, let b):
            let extremeIsMax = function.doubleExtremeIsMax, isMax = extremeIsMax == true
            if extremeIsMax != nil, let b, let k = a.constant, b.constant == nil {
                // `max(k, x)` of a constant: `x` computed, the constant read as itself, still first.
                b.fill(input, output)
                for offset in 0..<input.count { output[offset] = BuiltinImplementations.swiftExtreme(k, output[offset], isMax: isMax) }
                return
            }
            a.fill(input, output)
            switch function {
            case .absDouble: for offset in 0..<input.count { output[offset] = abs(output[offset]) }
            case .rounded: for offset in 0..<input.count { output[offset] = BranchFreeDouble.rounded(output[offset]) }
            case .minDouble, .maxDouble:
                if let k = b!.constant {
                    for offset in 0..<input.count { output[offset] = BuiltinImplementations.swiftExtreme(output[offset], k, isMax: isMax) }
                    return
                }
                b!.fill(input, scratch!)
                let y = scratch!
                for offset in 0..<input.count { output[offset] = BuiltinImplementations.swiftExtreme(output[offset], y[offset], isMax: isMax) }
            default: preconditionFailure("no batch form of \(function)")
            }
        case .arithmetic(let op, let a, let b):
            if case .constant(let k) = a.source, b.constant == nil {
                // Of a constant (`1 - x`, `now - date`, as `Date.now.timeIntervalSince($0.date)`
                // computes it), without a batch of copies of it; still `k op x`, in that order.
                b.fill(input, output)
                switch op {
                case .doubleAdd: for offset in 0..<input.count { output[offset] = k + output[offset] }
                case .doubleSubtract: for offset in 0..<input.count { output[offset] = k - output[offset] }
                case .doubleMultiply: for offset in 0..<input.count { output[offset] = k * output[offset] }
                case .doubleDivide: for offset in 0..<input.count { output[offset] = k / output[offset] }
                default: preconditionFailure("row arithmetic with an operator that can fail")
                }
                return
            }
            // A stored column on either side is read in place over consecutive rows (see
            // `withValues`), not copied a batch at a time first.
            let count = input.count
            a.withValues(input, output) { x in
                if case .constant(let k) = b.source {
                    // By a constant (`x * 2`), without a batch of copies of it.
                    switch op {
                    case .doubleAdd: for offset in 0..<count { output[offset] = x[offset] + k }
                    case .doubleSubtract: for offset in 0..<count { output[offset] = x[offset] - k }
                    case .doubleMultiply: for offset in 0..<count { output[offset] = x[offset] * k }
                    case .doubleDivide: for offset in 0..<count { output[offset] = x[offset] / k }
                    default: preconditionFailure("row arithmetic with an operator that can fail")
                    }
                    return
                }
                // A converted or coalesced column (`$0.price * Double($0.quantity)`) read in the
                // loop that combines, rather than in a pass of its own.
                let fused = b.withColumnReader(input) { read in
                    switch op {
                    case .doubleAdd: for offset in 0..<count { output[offset] = x[offset] + read(offset) }
                    case .doubleSubtract: for offset in 0..<count { output[offset] = x[offset] - read(offset) }
                    case .doubleMultiply: for offset in 0..<count { output[offset] = x[offset] * read(offset) }
                    case .doubleDivide: for offset in 0..<count { output[offset] = x[offset] / read(offset) }
                    default: preconditionFailure("row arithmetic with an operator that can fail")
                    }
                }
                if fused { return }
                b.withValues(input, scratch.unsafelyUnwrapped, sameAs: a, x) { y in
                    switch op {
                    case .doubleAdd: for offset in 0..<count { output[offset] = x[offset] + y[offset] }
                    case .doubleSubtract: for offset in 0..<count { output[offset] = x[offset] - y[offset] }
                    case .doubleMultiply: for offset in 0..<count { output[offset] = x[offset] * y[offset] }
                    case .doubleDivide: for offset in 0..<count { output[offset] = x[offset] / y[offset] }
                    default: preconditionFailure("row arithmetic with an operator that can fail")
                    }
                }
            }
        }
    }
}
