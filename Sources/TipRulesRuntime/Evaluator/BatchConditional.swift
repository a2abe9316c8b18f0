import TipRulesSemantics

/// `p ? a : b` of a row operand computed a batch of rows at a time (for `IntColumn` and
/// `NumberColumn`), in one of two ways:
/// - when neither branch can fail other than by overflowing `Int` and the test has a
///   `TestColumn`, the test, `a` and `b` are computed for every row and each row's value chosen
///   without a branch. A branch that overflows on a row it is not taken for then reports a
///   failure, and the operation gives way to the calls it stands for, which fail only where
///   Swift does: slower, on values near `Int`'s ends, never wrong;
/// - otherwise the test selects the rows it passes, as a `RowFilter` does, `a` is computed for
///   those rows alone and `b` for the others, and the two are merged back in row order, so an
///   `Int` branch that would fail on a row it is not taken for (a division the test guards,
///   `x != 0 ? y / x : 0`) reports no failure.
///
/// The test is one that charges no work (no string search or nested scan: see `make`), so
/// testing rows a batch at a time charges what testing them one at a time does: nothing.
final class BatchConditional<Element: BitwiseCopyable> {
    private enum Test {
        case blend(TestColumn)
        case select(RowFilter)
    }
    private let test: Test
    /// The batch's positions, those it passes (with room for an end marker) and the others; or,
    /// to blend, the test's truths. (All in one allocation, with the values: a conditional is
    /// bound at each evaluation.)
    private let positions: UnsafeMutablePointer<Int>
    private let passing: UnsafeMutablePointer<Int>
    private let failing: UnsafeMutablePointer<Int>
    /// What each branch computed for its rows.
    private let passValues: UnsafeMutablePointer<Element>
    private let failValues: UnsafeMutablePointer<Element>

    /// The conditional's test bound for a batch, or nil for a test that charges work.
    /// `branchesCanFail`: whether computing a branch on a row it is not taken for could report
    /// a failure other than an overflow.
    static func make(_ predicate: RowPredicate, _ binder: RowPredicateBinder, branchesCanFail: Bool,
                     filler: Element) -> BatchConditional? {
        guard !predicate.searchesStrings else { return nil }
        if !branchesCanFail, let column = TestColumn.make(predicate, binder, allowingRows: true) {
            return BatchConditional(.blend(column), batch: binder.batch, filler: filler)
        }
        return BatchConditional(.select(RowFilter.make(predicate, binder)), batch: binder.batch, filler: filler)
    }

    private init(_ test: Test, batch: Int, filler: Element) {
        self.test = test
        let words = 3 * batch + 1
        precondition(MemoryLayout<Element>.alignment <= MemoryLayout<Int>.alignment, "a conditional of an over-aligned type")
        let block = UnsafeMutableRawPointer.allocate(byteCount: words * MemoryLayout<Int>.stride + 2 * batch * MemoryLayout<Element>.stride,
                                                     alignment: MemoryLayout<Int>.alignment)
        positions = block.bindMemory(to: Int.self, capacity: words)
        passing = positions + batch
        failing = passing + batch + 1
        passValues = (block + words * MemoryLayout<Int>.stride).bindMemory(to: Element.self, capacity: 2 * batch)
        failValues = passValues + batch
        if case .select = test {
            // (Initialised, since the merge reads one value past a branch's last.)
            passValues.initialize(repeating: filler, count: 2 * batch)
        }
    }

    deinit {
        UnsafeMutableRawPointer(positions).deallocate()
    }

    /// The test's truths for the rows of `input` when it blends (computed for every row); nil
    /// when it selects.
    func blend<Rows: BatchRows>(_ input: Rows) -> UnsafePointer<Bool>? {
        guard case .blend(let column) = test else { return nil }
        return positions.withMemoryRebound(to: Bool.self, capacity: input.count) { truths in
            column.fill(input, truths)
            return UnsafePointer(truths)
        }
    }

    /// Whether the test blends and has a test of a row (see `TestColumn.withRowTest`) over
    /// consecutive rows.
    func hasRowTest<Rows: BatchRows>(_ input: Rows) -> Bool {
        guard input.consecutiveStart != nil, case .blend(let column) = test else { return false }
        return column.hasRowTest
    }

    /// `TestColumn.withRowTest` of a test that blends; false for one that selects.
    @inline(__always)
    func withRowTest<Rows: BatchRows>(_ input: Rows, _ body: ((Int) -> Bool) -> Void) -> Bool {
        guard case .blend(let column) = test else { return false }
        return column.withRowTest(input, body)
    }

    /// A batch of values of the element type, free while a blend's truths are read (a branch's
    /// values go there).
    var passBuffer: UnsafeMutablePointer<Element> { passValues }

    /// Writes `branch`'s value for each row of `input` whose truth is `holds`, `k` for the others;
    /// a branch that is a stored column is read in place over consecutive rows (`$1.quantity` of
    /// `$1.isGift ? $1.quantity : 0`), not copied a batch at a time first.
    @inline(__always)
    private static func choose<Rows: BatchRows, Branch: BatchComputation>(
        _ input: Rows, _ truths: UnsafePointer<Bool>, _ branch: Branch, where holds: Bool, else k: Element,
        _ output: UnsafeMutablePointer<Element>
    ) where Branch.Value == Element {
        let count = input.count
        if let start = input.consecutiveStart, let column = branch.storedColumn {
            column.withUnsafeBufferPointer { buffer in
                precondition(start >= 0 && start + count <= buffer.count, "rows past a column's end")
                let x = buffer.baseAddress.unsafelyUnwrapped + start
                for offset in 0..<count { output[offset] = truths[offset] == holds ? x[offset] : k }
            }
            return
        }
        branch.fill(input, output)
        for offset in 0..<count { output[offset] = truths[offset] == holds ? output[offset] : k }
    }

    /// Writes the conditional's value for each row of `input` to `output`, `pass` its value
    /// where the test holds and `fail` where it does not.
    @inline(__always)
    func fill<Rows: BatchRows, Branch: BatchComputation>(_ input: Rows, _ output: UnsafeMutablePointer<Element>,
                                                         pass: Branch, fail: Branch) where Branch.Value == Element {
        let count = input.count
        let filter: RowFilter
        switch test {
        case .blend(let column):
            positions.withMemoryRebound(to: Bool.self, capacity: count) { truths in
                column.fill(input, truths)
                // (A constant branch, as ternaries' branches often are, read without a batch of it.)
                switch (pass.constant, fail.constant) {
                case (let k?, let l?):
                    for offset in 0..<count { output[offset] = truths[offset] ? k : l }
                case (let k?, nil):
                    BatchConditional.choose(input, UnsafePointer(truths), fail, where: false, else: k, output)
                case (nil, let l?):
                    BatchConditional.choose(input, UnsafePointer(truths), pass, where: true, else: l, output)
                case (nil, nil):
                    pass.fill(input, passValues)
                    fail.fill(input, failValues)
                    for offset in 0..<count { output[offset] = truths[offset] ? passValues[offset] : failValues[offset] }
                }
            }
            return
        case .select(let selection):
            filter = selection
        }
        for offset in 0..<count { positions[offset] = input[offset] }
        let all = UnsafeBufferPointer(start: positions, count: count)
        let passed = filter.select(all, passing)
        if passed == count { return pass.fill(all, output) }
        if passed == 0 { return fail.fill(all, output) }
        let failed = RowFilter.complement(all, UnsafeBufferPointer(start: passing, count: passed), failing)
        pass.fill(UnsafeBufferPointer(start: passing, count: passed), passValues)
        fail.fill(UnsafeBufferPointer(start: failing, count: failed), failValues)
        // Merged without a branch per row: positions are never negative, so the end marker
        // matches no row, and a branch's value one past its last is read but not kept.
        passing[passed] = -1
        var nextPass = 0, nextFail = 0
        for offset in 0..<count {
            let passes = passing[nextPass] == positions[offset]
            output[offset] = passes ? passValues[nextPass] : failValues[nextFail]
            nextPass &+= passes ? 1 : 0
            nextFail &+= passes ? 0 : 1
        }
    }
}
