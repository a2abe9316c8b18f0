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
        var adder = NumberSum(column: column, buffer: column.batchBuffer(batch: batch), sum: start)
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

    /// `accumulate` of the terms `terms` keeps, each as it is or negated.
    @inline(__always)
    static func accumulate(_ sum: inout Double, _ count: Int, _ terms: SumTerms, _ value: (Int) -> Double) {
        switch (terms.truths, terms.negates) {
        case (nil, false): accumulate(&sum, count, value)
        case (nil, true): accumulate(&sum, count) { -value($0) }
        case (let truths?, false): accumulate(&sum, count, where: truths, are: terms.holds, value)
        case (let truths?, true): accumulate(&sum, count, where: truths, are: terms.holds) { -value($0) }
        }
    }
}

/// Which rows of a batch a sum adds, and how: every row, or those whose truth is `holds` (the
/// others a branch that adds nothing, see `Double.addsNothing(to:)`); each value as it is or
/// negated (`s + -x`, an operand negated at the root).
struct SumTerms {
    let truths: UnsafePointer<Bool>?
    let holds: Bool
    let negates: Bool

    static var every: SumTerms { SumTerms(truths: nil, holds: true, negates: false) }

    var isEvery: Bool { truths == nil && !negates }

    /// These terms, each negated once more (`-(-x)` is `x`, to the bit).
    var negated: SumTerms { SumTerms(truths: truths, holds: holds, negates: !negates) }
}

extension BatchConditional where Element == Double {
    /// Adds `branch`'s value for each row of `input` whose test is `holds` to `sum`, in order,
    /// the test read row by row in the adding loop (see `withRowTest`); false, adding nothing,
    /// where the test has no such form.
    @inline(__always)
    fileprivate func addTested<Rows: BatchRows>(_ input: Rows, to sum: inout Double, branch: NumberColumn, where holds: Bool,
                                                _ buffer: UnsafeMutablePointer<Double>) -> Bool {
        let count = input.count
        var fused = false
        branch.withValues(input, buffer) { x in
            fused = withRowTest(input) { test in
                var total = sum
                for offset in 0..<count where test(offset) == holds { total += x[offset] }
                sum = total
            }
        }
        return fused
    }
}

extension Double {
    /// Whether this is -0.0, the one `x` for which `y + x` is `y` for every `y` (0.0 and -0.0
    /// included, as `0.0` is not: `-0.0 + 0.0` is `0.0`).
    var isAdditiveIdentity: Bool { self == 0 && sign == .minus }

    /// Whether adding this to `sum`, and to every sum reached from it by additions, leaves it
    /// as it is: -0.0 always; 0.0 unless `sum` is -0.0. (`-0.0 + 0.0` is `0.0`, but a sum that
    /// is not -0.0 never becomes -0.0: a rounded sum is -0.0 only when both terms are.)
    func addsNothing(to sum: Double) -> Bool {
        self == 0 && (sign == .minus || !sum.isAdditiveIdentity)
    }
}

extension BatchConditional where Element == Double {
    /// Adds `c ? a : b` for each row of `input` to `sum` in order, chosen in the loop that adds
    /// where the test blends (see the type); otherwise computed into `buffer` first.
    func add<Rows: BatchRows>(_ input: Rows, to sum: inout Double, pass: NumberColumn, fail: NumberColumn,
                              _ buffer: UnsafeMutablePointer<Double>) {
        let count = input.count
        // One branch adds nothing and the other is a column, or one computed in a single loop
        // (`$1.comment == nil ? $0 : $0 + $1.score`, `... : $0 + $1.price * 0.1`): the test, of
        // one column, read in the loop that adds, whose additions wait on one another, rather
        // than in a pass of its own first. (A branch of more operations keeps them in the
        // adding loop instead, below.)
        if hasRowTest(input) {
            if let k = pass.constant, fail.constant == nil, k.addsNothing(to: sum), fail.fillsInOneLoop,
               addTested(input, to: &sum, branch: fail, where: false, buffer) {
                return
            }
            if let l = fail.constant, pass.constant == nil, l.addsNothing(to: sum), pass.fillsInOneLoop,
               addTested(input, to: &sum, branch: pass, where: true, buffer) {
                return
            }
        }
        guard let truths = blend(input) else {
            fill(input, buffer, pass: pass, fail: fail)
            NumberSum.accumulate(&sum, count) { offset in buffer[offset] }
            return
        }
        switch (pass.constant, fail.constant) {
        case (let k?, let l?):
            NumberSum.accumulate(&sum, count) { offset in truths[offset] ? k : l }
        // A branch that adds nothing: the rows of the other alone, its root operation in the
        // adding loop where it has one (a column is read in place, in a loop of its own here).
        case (let k?, nil) where k.addsNothing(to: sum) && fail.hasRootOperation:
            fail.add(input, to: &sum, buffer, SumTerms(truths: truths, holds: false, negates: false))
        case (let k?, nil) where k.addsNothing(to: sum):
            fail.withValues(input, buffer) { y in NumberSum.accumulate(&sum, count, where: truths, are: false) { offset in y[offset] } }
        case (let k?, nil):
            fail.withValues(input, buffer) { y in NumberSum.accumulate(&sum, count) { offset in truths[offset] ? k : y[offset] } }
        case (nil, let l?) where l.addsNothing(to: sum) && pass.hasRootOperation:
            pass.add(input, to: &sum, buffer, SumTerms(truths: truths, holds: true, negates: false))
        case (nil, let l?) where l.addsNothing(to: sum):
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
