import TipRulesSemantics
import TipRulesSyntax

/// `x == a || x == b || ...` of one `Int` or `String` field and values the same for every row:
/// one loop over the column, each row compared with every value (a row predicate cannot fail,
/// and equality charges nothing, so testing them all answers as `||` does); `Int`s without a
/// branch (see `IntMembership`).
final class AlternativesFilter: RowFilter {
    /// The column and the values. (Not generic: a generic class's loop was not specialised.)
    enum Column {
        case ints(ColumnArray<Int>, [Int])
        case strings(ColumnArray<String>, [StringEquality])
    }
    private let column: Column
    /// The test of a column of `Int`s.
    private let membership: IntMembership

    init(_ column: Column) {
        self.column = column
        if case .ints(_, let values) = column { membership = IntMembership(values) } else { membership = IntMembership([]) }
    }

    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        switch column {
        case .ints(let items, _):
            return items.withUnsafeBufferPointer { column in
                membership.withTest { passes in RowFilter.keep(input, output) { passes(column[$0]) } }
            }
        case .strings(let items, let values):
            return items.withUnsafeBufferPointer { column in
                AlternativesFilter.select(input, output) { StringEquality.any(of: values, column[$0]) }
            }
        }
    }

    override func count(in range: Range<Int>) -> Int? {
        var count = 0
        switch column {
        case .ints(let items, _):
            items.withUnsafeBufferPointer { column in
                precondition(range.lowerBound >= 0 && range.upperBound <= column.count, "AlternativesFilter range out of bounds")
                count = membership.withTest { passes in RowFilter.count(UnsafeBufferPointer(rebasing: column[range]), where: passes) }
            }
        case .strings(let items, let values):
            items.withUnsafeBufferPointer { column in
                precondition(range.lowerBound >= 0 && range.upperBound <= column.count, "AlternativesFilter range out of bounds")
                for position in range where StringEquality.any(of: values, column[position]) { count += 1 }
            }
        }
        return count
    }

    @inline(__always)
    private static func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>, _ passes: (Int) -> Bool) -> Int {
        var kept = 0
        for position in input where passes(position) {
            output[kept] = position
            kept += 1
        }
        return kept
    }
}

/// A filter of two others, tested left to right.
class BinaryFilter: RowFilter {
    let first: RowFilter
    let second: RowFilter

    /// (Both worked out once: a scan asks at every search, and a search of `&&` or `||` at every
    /// turn.)
    private let combinesComputedTest: Bool
    private let bothColumnar: Bool

    init(_ first: RowFilter, _ second: RowFilter) {
        self.first = first
        self.second = second
        combinesComputedTest = first is TruthFilter || second is TruthFilter || first.turnsOnComputedTest || second.turnsOnComputedTest
        bothColumnar = first.isColumnar && second.isColumnar
    }

    override var isColumnar: Bool { bothColumnar }

    override var turnsOnComputedTest: Bool { combinesComputedTest }

    /// The first row of `range` where two conditions both hold, given each one's search for
    /// the first row where it holds: each search starts where the other's found a row, until
    /// both find the same one. Every row skipped fails one of them, and each round moves on by
    /// at least one row.
    @inline(__always)
    static func meet(_ range: Range<Int>, _ a: (Range<Int>) -> Int?, _ b: (Range<Int>) -> Int?) -> Int? {
        var start = range.lowerBound
        while start < range.upperBound {
            guard let x = a(start..<range.upperBound), let y = b(x..<range.upperBound) else { return nil }
            if x == y { return x }
            start = y
        }
        return nil
    }
}

/// `a && b`: the rows that pass `a`, then those of them that pass `b`.
final class AndFilter: BinaryFilter {
    private let passed: SelectionBuffer

    init(_ first: RowFilter, _ second: RowFilter, batch: Int) {
        passed = SelectionBuffer(batch)
        super.init(first, second)
    }

    /// A row fails `a && b` when it fails either: the first to fail is the earlier of the two.
    /// (Testing `b` on rows `a` fails changes nothing: a row predicate scanned cannot fail.)
    override func firstFailing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        guard isColumnar else { return super.firstFailing(in: range, scratch, batch: batch) }
        let a = first.firstFailing(in: range, scratch, batch: batch)
        let b = second.firstFailing(in: range.lowerBound..<(a ?? range.upperBound), scratch, batch: batch)
        return b ?? a
    }

    /// A row passes `a && b` when it passes both: each test's own search finds the next row
    /// it passes from where the other's left off, until they meet, so the rows are read a block
    /// at a time by tight loops rather than selected in batches.
    override func firstPassing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        guard isColumnar else { return super.firstPassing(in: range, scratch, batch: batch) }
        return BinaryFilter.meet(range) { first.firstPassing(in: $0, scratch, batch: batch) } _: { second.firstPassing(in: $0, scratch, batch: batch) }
    }

    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        let count = first.select(input, passed.base)
        return count == 0 ? 0 : second.select(passed.prefix(count), output)
    }
}

/// `a || b`: the rows that pass `a`, and of the rest those that pass `b`, in input order.
final class OrFilter: BinaryFilter {
    private let passedFirst: SelectionBuffer
    private let rest: SelectionBuffer
    private let passedSecond: SelectionBuffer

    init(_ first: RowFilter, _ second: RowFilter, batch: Int) {
        passedFirst = SelectionBuffer(batch)
        rest = SelectionBuffer(batch)
        passedSecond = SelectionBuffer(batch)
        super.init(first, second)
    }

    /// A row passes `a || b` when it passes either: the first to pass is the earlier of the two.
    override func firstPassing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        guard isColumnar else { return super.firstPassing(in: range, scratch, batch: batch) }
        let a = first.firstPassing(in: range, scratch, batch: batch)
        let b = second.firstPassing(in: range.lowerBound..<(a ?? range.upperBound), scratch, batch: batch)
        return b ?? a
    }

    /// A row fails `a || b` when it fails both: found as `AndFilter` finds a row passing both.
    override func firstFailing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        guard isColumnar else { return super.firstFailing(in: range, scratch, batch: batch) }
        return BinaryFilter.meet(range) { first.firstFailing(in: $0, scratch, batch: batch) } _: { second.firstFailing(in: $0, scratch, batch: batch) }
    }

    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        let firstCount = first.select(input, passedFirst.base)
        if firstCount == input.count {
            output.update(from: input.baseAddress!, count: firstCount)
            return firstCount
        }
        let restCount = RowFilter.complement(input, passedFirst.prefix(firstCount), rest.base)
        let secondCount = second.select(rest.prefix(restCount), passedSecond.base)
        // Both are subsequences of the input: interleave them back into its order.
        var a = 0, b = 0, kept = 0
        for position in input {
            if a < firstCount, passedFirst.base[a] == position {
                a += 1
            } else if b < secondCount, passedSecond.base[b] == position {
                b += 1
            } else {
                continue
            }
            output[kept] = position
            kept += 1
        }
        return kept
    }
}

/// `!a`: the rows that do not pass `a`.
final class NotFilter: RowFilter {
    private let inner: RowFilter
    private let passed: SelectionBuffer

    init(_ inner: RowFilter, batch: Int) {
        self.inner = inner
        passed = SelectionBuffer(batch)
    }

    override var isColumnar: Bool { inner.isColumnar }

    override var turnsOnComputedTest: Bool { inner is TruthFilter || inner.turnsOnComputedTest }

    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        let count = inner.select(input, passed.base)
        return RowFilter.complement(input, passed.prefix(count), output)
    }

    override func firstFailing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        inner.firstPassing(in: range, scratch, batch: batch)
    }

    override func firstPassing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        inner.firstFailing(in: range, scratch, batch: batch)
    }

    /// The rows the inner filter's count leaves (`reduce(0) { $0 + ($1.comment == nil ? 0 : 1) }`
    /// counts the rows where `comment == nil` fails): one loop, where a batch of truths for the
    /// negation and a count of them took two (W1876). Only of a columnar filter: a test a row
    /// at a time counts through a closure a row, slower than those truths (W1205).
    override func count(in range: Range<Int>) -> Int? {
        guard inner.isColumnar else { return nil }
        return inner.count(in: range).map { range.count - $0 }
    }
}

extension RowFilter {
    /// The rows of `input` not in `selected`, a subsequence of it, in order. (A position that
    /// occurs twice passes or fails both times, so matching in order is exact.)
    static func complement(_ input: UnsafeBufferPointer<Int>, _ selected: UnsafeBufferPointer<Int>,
                           _ output: UnsafeMutablePointer<Int>) -> Int {
        var next = 0, kept = 0
        for position in input {
            if next < selected.count, selected[next] == position {
                next += 1
            } else {
                output[kept] = position
                kept += 1
            }
        }
        return kept
    }
}

/// A predicate computed a batch at a time as one truth a row (`TestColumn`: comparisons of
/// computed numbers and `Int`s, and `&&`, `||` and `!` of those), passing the rows where it
/// holds; over consecutive rows it counts and searches blocks of them without a branch per row.
/// (Not for `&&` and `||` of tests that have filters of their own: `AndFilter`'s searches
/// each read one column, vectorised, and measured faster than a block of truths.)
final class TruthFilter: RowFilter {
    private let test: TestColumn
    private let truths: UnsafeMutablePointer<Bool>
    private let batch: Int

    init(_ test: TestColumn, batch: Int) {
        self.test = test
        self.batch = batch
        truths = .allocate(capacity: batch)
    }

    override func count(in range: Range<Int>) -> Int? {
        var counted = 0, start = range.lowerBound
        while start < range.upperBound {
            let n = min(batch, range.upperBound - start)
            test.fill(ConsecutiveRows(start: start, count: n), truths)
            counted &+= TruthBytes.count(truths, n, equalTo: true)
            start += n
        }
        return counted
    }

    override func firstPassing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        first(holding: true, in: range)
    }

    override func firstFailing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        first(holding: false, in: range)
    }

    /// The first row of `range` whose truth is `holding`: blocks of 8 rows first, twice as many
    /// each time up to a batch, so a row found early costs little more than the rows before it.
    private func first(holding: Bool, in range: Range<Int>) -> Int? {
        var start = range.lowerBound, size = min(8, batch)
        while start < range.upperBound {
            let n = min(size, range.upperBound - start)
            size = min(2 * size, batch)
            test.fill(ConsecutiveRows(start: start, count: n), truths)
            if let offset = TruthBytes.first(truths, n, equalTo: holding) { return start + offset }
            start += n
        }
        return nil
    }

    override var isColumnar: Bool { true }

    deinit { truths.deallocate() }

    override func select(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        test.fill(ConsecutiveRows(start: range.lowerBound, count: range.count), truths)
        let truths = self.truths
        return RowFilter.keep(range, output) { truths[$0] }
    }

    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        test.fill(input, truths)
        let truths = self.truths
        var offset = 0
        return RowFilter.keep(input, output) { _ in
            defer { offset &+= 1 }
            return truths[offset]
        }
    }
}
