/// The sum of an `IntColumn` over a list from a start, as `reduce(start) { $0 + f($1) }` adds,
/// for a column whose bounds (`IntColumn.writtenBounds`) show that no operation of `f` fails
/// on any row and that no partial sum overflows, whatever the rows: then every addition may
/// wrap, and the total is the closure's. The operation at the root of `f` (`x * k`,
/// `c ? x : 0`) is done in the loop that adds, rather than in a pass of its own that stores
/// each row's value for the adding pass to load again (see `NumberSum` for `Double`s).
struct IntSum: RowBatchVisitor {
    private let column: IntColumn
    private let buffer: UnsafeMutablePointer<Int>
    private(set) var total: Int

    /// The sum of `column` over `list` from `start` when its bounds prove that nothing can
    /// fail or overflow on the way; nil otherwise, to add with a check at each step.
    static func of(_ column: IntColumn, over list: DonationList, batch: Int, from start: Int) -> Int? {
        // (Every partial sum within `start` plus `count` values of the larger bound's magnitude.)
        guard let bounds = column.writtenBounds,
              Evaluator.countingCannotOverflow(start, bounds.low, bounds.high, list.count) else { return nil }
        var adder = IntSum(column: column, buffer: column.batchBuffer(batch: batch), total: start)
        list.forEachRowBatch(batch: batch, &adder)
        return adder.total
    }

    mutating func visit<Rows: BatchRows>(_ rows: Rows) {
        column.addWrapping(rows, to: &total, buffer)
    }

    /// `total &+= value(offset)` for the offsets below `count`, in a local through the loop.
    @inline(__always)
    static func accumulate(_ total: inout Int, _ count: Int, _ value: (Int) -> Int) {
        var sum = total
        for offset in 0..<count { sum &+= value(offset) }
        total = sum
    }
}

extension IntColumn {
    /// Adds the operand's value for each row of `input` to `total`, wrapping (`IntSum` has
    /// proven that nothing overflows), with the operation at its root done in the loop that
    /// adds; `buffer` holds a batch.
    func addWrapping<Rows: BatchRows>(_ input: Rows, to total: inout Int, _ buffer: UnsafeMutablePointer<Int>) {
        let count = input.count
        switch source {
        case .arithmetic(let op, let a, let b) where op == .intAdd || op == .intSubtract || op == .intMultiply:
            if let k = b.constant {
                a.withValues(input, buffer) { x in
                    switch op {
                    case .intAdd: IntSum.accumulate(&total, count) { x[$0] &+ k }
                    case .intSubtract: IntSum.accumulate(&total, count) { x[$0] &- k }
                    default: IntSum.accumulate(&total, count) { x[$0] &* k }
                    }
                }
            } else if let k = a.constant {
                b.withValues(input, buffer) { y in
                    switch op {
                    case .intAdd: IntSum.accumulate(&total, count) { k &+ y[$0] }
                    case .intSubtract: IntSum.accumulate(&total, count) { k &- y[$0] }
                    default: IntSum.accumulate(&total, count) { k &* y[$0] }
                    }
                }
            } else {
                let second = scratch.unsafelyUnwrapped.assumingMemoryBound(to: Int.self)
                a.withValues(input, buffer) { x in
                    b.withValues(input, second) { y in
                        switch op {
                        case .intAdd: IntSum.accumulate(&total, count) { x[$0] &+ y[$0] }
                        case .intSubtract: IntSum.accumulate(&total, count) { x[$0] &- y[$0] }
                        default: IntSum.accumulate(&total, count) { x[$0] &* y[$0] }
                        }
                    }
                }
            }
        case .conditional(let test, let a, let b):
            guard let truths = test.blend(input) else {
                // (A test that selects rather than blends: computed first.)
                fill(input, buffer)
                IntSum.accumulate(&total, count) { buffer[$0] }
                return
            }
            switch (a.constant, b.constant) {
            case (let k?, let l?):
                IntSum.accumulate(&total, count) { truths[$0] ? k : l }
            case (let k?, nil):
                b.withValues(input, buffer) { y in IntSum.accumulate(&total, count) { truths[$0] ? k : y[$0] } }
            case (nil, let l?):
                a.withValues(input, buffer) { x in IntSum.accumulate(&total, count) { truths[$0] ? x[$0] : l } }
            case (nil, nil):
                a.withValues(input, buffer) { x in
                    b.withValues(input, test.passBuffer) { y in IntSum.accumulate(&total, count) { truths[$0] ? x[$0] : y[$0] } }
                }
            }
        default:
            withValues(input, buffer) { x in IntSum.accumulate(&total, count) { x[$0] } }
        }
    }
}
