/// The sum of a `NumberColumn` over a list, added in order from a start as `reduce(start) { $0
/// + f($1) }` adds (so it is the same to the last bit), with the operation at the root of `f`
/// (`a * b`, `c ? a : b`) done in the loop that adds: that loop waits on each addition, so
/// the operation costs nothing there, where a pass of its own would cost a load and a store
/// a row.
struct NumberSum: RowBatchVisitor {
    private let column: NumberColumn
    private let buffer: UnsafeMutablePointer<Double>
    private(set) var sum: Double

    /// The sum of `column` over `list` from `start`, in batches of at most `batch` rows.
    static func of(_ column: NumberColumn, over list: DonationList, batch: Int, from start: Double) -> Double {
        var adder = NumberSum(column: column, buffer: column.sumBuffer(batch: batch), sum: start)
        list.forEachRowBatch(batch: batch, &adder)
        return adder.sum
    }

    mutating func visit<Rows: BatchRows>(_ rows: Rows) {
        column.add(rows, to: &sum, buffer)
    }

    /// `sum += value(offset)` for the offsets below `count`, in order, the running sum kept in
    /// a local through the loop whatever `sum` refers to (the callers' closures capture it).
    @inline(__always)
    static func accumulate(_ sum: inout Double, _ count: Int, _ value: (Int) -> Double) {
        var total = sum
        for offset in 0..<count { total += value(offset) }
        sum = total
    }

    /// `accumulate` of the offsets whose truth is `holds`, the others skipped: for a branch of
    /// -0.0 (a `Double` fold's branch that keeps the accumulator, see `Optimizer`), whose
    /// addition leaves every sum as it is, so that the additions, which wait on one another,
    /// are only those of the other branch, as in the closure.
    @inline(__always)
    static func accumulate(_ sum: inout Double, _ count: Int, where truths: UnsafePointer<Bool>, are holds: Bool,
                           _ value: (Int) -> Double) {
        var total = sum
        for offset in 0..<count where truths[offset] == holds { total += value(offset) }
        sum = total
    }
}

extension Double {
    /// Whether this is -0.0, the one `x` for which `y + x` is `y` for every `y` (0.0 and -0.0
    /// included, as `0.0` is not: `-0.0 + 0.0` is `0.0`).
    var isAdditiveIdentity: Bool { self == 0 && sign == .minus }
}

extension BatchConditional where Element == Double {
    /// Adds `c ? a : b` for each row of `input` to `sum` in order, chosen in the loop that adds
    /// where the test blends (see the type); otherwise computed into `buffer` first.
    func add<Rows: BatchRows>(_ input: Rows, to sum: inout Double, pass: NumberColumn, fail: NumberColumn,
                              _ buffer: UnsafeMutablePointer<Double>) {
        let count = input.count
        guard let truths = blend(input) else {
            fill(input, buffer, pass: pass, fail: fail)
            NumberSum.accumulate(&sum, count) { offset in buffer[offset] }
            return
        }
        switch (pass.constant, fail.constant) {
        case (let k?, let l?):
            NumberSum.accumulate(&sum, count) { offset in truths[offset] ? k : l }
        case (let k?, nil) where k.isAdditiveIdentity:
            fail.withValues(input, buffer) { y in NumberSum.accumulate(&sum, count, where: truths, are: false) { offset in y[offset] } }
        case (let k?, nil):
            fail.withValues(input, buffer) { y in NumberSum.accumulate(&sum, count) { offset in truths[offset] ? k : y[offset] } }
        case (nil, let l?) where l.isAdditiveIdentity:
            pass.withValues(input, buffer) { x in NumberSum.accumulate(&sum, count, where: truths, are: true) { offset in x[offset] } }
        case (nil, let l?):
            pass.withValues(input, buffer) { x in NumberSum.accumulate(&sum, count) { offset in truths[offset] ? x[offset] : l } }
        case (nil, nil):
            pass.withValues(input, buffer) { x in
                fail.withValues(input, passBuffer) { y in NumberSum.accumulate(&sum, count) { offset in truths[offset] ? x[offset] : y[offset] } }
            }
        }
    }
}
