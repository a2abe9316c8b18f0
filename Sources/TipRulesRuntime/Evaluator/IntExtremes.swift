/// The greatest or least of `Int`s, in loops of selects (no branch per row): for `Int`s the
/// first extreme and any other are the same value, so the order of comparisons the standard
/// library and `Swift.max` follow changes nothing.
enum IntExtremes {
    /// The extreme of `start` and `values`.
    @inline(__always)
    static func fold(_ start: Int, _ values: UnsafeBufferPointer<Int>, isMax: Bool) -> Int {
        isMax ? fold(start, values) { $0 > $1 } : fold(start, values) { $0 < $1 }
    }

    /// The extreme of `start` and `value(offset)` for the offsets below `count`.
    @inline(__always)
    static func fold(_ start: Int, _ count: Int, isMax: Bool, _ value: (Int) -> Int) -> Int {
        isMax ? fold(start, count, value) { $0 > $1 } : fold(start, count, value) { $0 < $1 }
    }

    @inline(__always)
    private static func fold(_ start: Int, _ values: UnsafeBufferPointer<Int>, _ precedes: (Int, Int) -> Bool) -> Int {
        guard let base = values.baseAddress else { return start }
        return fold(start, values.count, { base[$0] }, precedes)
    }

    /// The value no other `precedes`, kept in four running selects over interleaved rows, which
    /// the processor works on side by side where one select would wait on the one before; the
    /// order does not matter, as above.
    @inline(__always)
    private static func fold(_ start: Int, _ count: Int, _ value: (Int) -> Int, _ precedes: (Int, Int) -> Bool) -> Int {
        func pick(_ a: Int, _ b: Int) -> Int { precedes(b, a) ? b : a }
        var (a, b, c, d) = (start, start, start, start)
        var index = 0
        let whole = count & ~3
        while index < whole {
            a = pick(a, value(index))
            b = pick(b, value(index &+ 1))
            c = pick(c, value(index &+ 2))
            d = pick(d, value(index &+ 3))
            index &+= 4
        }
        while index < count {
            a = pick(a, value(index))
            index &+= 1
        }
        return pick(pick(a, b), pick(c, d))
    }
}

/// The greatest or least of a start and an `IntColumn`'s values over a list, for a column whose
/// bounds (`IntColumn.writtenBounds`) show that no operation fails on any row: the operation at
/// the root (`x * k`) done in the loop that compares, rather than in a pass of its own (as
/// `IntSum` adds).
struct IntExtremeFold: RowBatchVisitor {
    private let column: IntColumn
    private let isMax: Bool
    private let buffer: UnsafeMutablePointer<Int>
    private(set) var result: Int

    /// The extreme of `start` and the column's values over `list`, or nil when the column's
    /// bounds are not known (to compute it with its checks).
    static func of(_ column: IntColumn, over list: DonationList, batch: Int, from start: Int, isMax: Bool) -> Int? {
        guard column.writtenBounds != nil else { return nil }
        var fold = IntExtremeFold(column: column, isMax: isMax, buffer: column.batchBuffer(batch: batch), result: start)
        list.forEachRowBatch(batch: batch, &fold)
        return fold.result
    }

    mutating func visit<Rows: BatchRows>(_ rows: Rows) {
        result = column.extremeWrapping(rows, from: result, isMax: isMax, buffer)
    }
}

extension IntColumn {
    /// The extreme of `start` and the operand's values for the rows of `input`, computed
    /// wrapping (`IntExtremeFold` has proven that nothing overflows), with an operation of a
    /// constant at its root done in the loop that compares; `buffer` holds a batch.
    func extremeWrapping<Rows: BatchRows>(_ input: Rows, from start: Int, isMax: Bool, _ buffer: UnsafeMutablePointer<Int>) -> Int {
        let count = input.count
        switch source {
        case .arithmetic(let op, let a, let b) where (op == .intAdd || op == .intSubtract || op == .intMultiply) && b.constant != nil:
            let k = b.constant.unsafelyUnwrapped
            return a.withValues(input, buffer) { x in
                switch op {
                case .intAdd: IntExtremes.fold(start, count, isMax: isMax) { x[$0] &+ k }
                case .intSubtract: IntExtremes.fold(start, count, isMax: isMax) { x[$0] &- k }
                default: IntExtremes.fold(start, count, isMax: isMax) { x[$0] &* k }
                }
            }
        case .arithmetic(let op, let a, let b) where (op == .intAdd || op == .intSubtract || op == .intMultiply) && a.constant != nil:
            let k = a.constant.unsafelyUnwrapped
            return b.withValues(input, buffer) { y in
                switch op {
                case .intAdd: IntExtremes.fold(start, count, isMax: isMax) { k &+ y[$0] }
                case .intSubtract: IntExtremes.fold(start, count, isMax: isMax) { k &- y[$0] }
                default: IntExtremes.fold(start, count, isMax: isMax) { k &* y[$0] }
                }
            }
        default:
            return withValues(input, buffer) { x in IntExtremes.fold(start, count, isMax: isMax) { x[$0] } }
        }
    }
}
