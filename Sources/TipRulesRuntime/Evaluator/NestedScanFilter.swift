/// A nested scan as a filter of the outer rows: `other.contains { ... }` or
/// `other.allSatisfy { ... }` inside the outer closure (`RowPredicate.exists`), or
/// `other.last { ... } != nil`. Each outer row of a batch is searched in one loop, where a
/// `TestFilter` reached the same search through two closures a row; the answers and the steps
/// charged are the search's (`NestedSearch.match(at:)`), row for row.
final class NestedScanFilter: RowFilter {
    private let search: NestedSearch
    /// Whether an outer row passes when its search finds a row (`contains`, `!= nil`), or
    /// when it finds none (`allSatisfy`, decided by a row that fails; `== nil`).
    private let passesWhenFound: Bool

    init(_ search: NestedSearch, passesWhenFound: Bool) {
        (self.search, self.passesWhenFound) = (search, passesWhenFound)
    }

    /// The filter of the search's negation: the rows this one fails.
    var negated: NestedScanFilter { NestedScanFilter(search, passesWhenFound: !passesWhenFound) }

    override var searchesRowAtATime: Bool { true }

    override func firstPassing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        guard let swept = search.sweptWindow else { return range.first { passesUnswept($0) } }
        // The first row searched by itself, without a batch's set-up: a search often ends
        // there, as the closure's does. Then chunks of 4 rows, twice as many each time: past
        // the row found, at most about as many rows searched as before it. (Their outcomes are
        // taken, and charged, only up to it.)
        guard let first = range.first else { return nil }
        if passes(first) { return first }
        return sweptChunks(swept, first + 1..<range.upperBound, from: 4) { _, _ in true }
    }

    /// The first row that fails (`allSatisfy`, and `!` of this filter), searched as
    /// `firstPassing` searches for the first that passes.
    override func firstFailing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        guard let swept = search.sweptWindow else { return range.first { !passesUnswept($0) } }
        guard let first = range.first else { return nil }
        if !passes(first) { return first }
        return sweptChunks(swept, first + 1..<range.upperBound, from: 4, failing: true) { _, _ in true }
    }

    override func lastPassing(in range: Range<Int>) -> Int? {
        range.last { passes($0) }
    }

    override func firstPassing(among positions: UnsafeBufferPointer<Int>) -> Int? {
        positions.firstIndex { passes($0) }
    }

    @inline(__always)
    private func passes(_ position: Int) -> Bool {
        (search.match(at: position) != nil) == passesWhenFound
    }

    /// `passes` where the search is known not to be a swept window, in the loops that test
    /// that once, ahead of the rows.
    @inline(__always)
    private func passesUnswept(_ position: Int) -> Bool {
        (search.unsweptMatch(at: position) != nil) == passesWhenFound
    }

    // (Its own loops rather than a helper taking `passes` in a closure, as `TestFilter` uses
    // `RowFilter.keep`: a loop helper with such a closure cost about 19 instructions a row
    // more here, W307 269,266 against 288,273.)
    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        var kept = 0
        if let swept = search.sweptWindow {
            // One row (a scan that stops early goes row by row, see `Evaluator.scanBatches`):
            // searched by itself, without a batch's set-up.
            if input.count == 1 {
                guard passes(input[0]) else { return 0 }
                output[0] = input[0]
                return 1
            }
            return swept._withUnsafeGuaranteedRef { window in
                window.search(input)
                _ = search.passing(window, count: input.count, whenFound: passesWhenFound) { offset in
                    output[kept] = input[offset]
                    kept += 1
                    return false
                }
                return kept
            }
        }
        for position in input where passesUnswept(position) {
            output[kept] = position
            kept += 1
        }
        return kept
    }

    override func select(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        var kept = 0
        if let swept = search.sweptWindow {
            _ = sweptChunks(swept, range, from: SweptWindow.rowsAtOnce) { rows, offset in
                output[kept] = rows[offset]
                kept += 1
                return false
            }
            return kept
        }
        for position in range where passesUnswept(position) {
            output[kept] = position
            kept += 1
        }
        return kept
    }

    /// The consecutive rows of `range` searched in chunks, the first of `size` rows and each
    /// next twice as many, up to `SweptWindow.rowsAtOnce`: `passing` with each chunk and the
    /// offset in it of each row that passes (that fails, with `failing`), in order, until it
    /// returns true; that row then.
    @inline(__always)
    private func sweptChunks(_ swept: Unmanaged<SweptWindow>, _ range: Range<Int>, from size: Int, failing: Bool = false,
                             _ passing: (ConsecutiveRows, Int) -> Bool) -> Int? {
        let whenFound = passesWhenFound != failing
        return swept._withUnsafeGuaranteedRef { window in
            var start = range.lowerBound, size = size
            while start < range.upperBound {
                let rows = ConsecutiveRows(start: start, count: min(size, range.upperBound - start))
                window.search(rows)
                if let stop = search.passing(window, count: rows.count, whenFound: whenFound, { passing(rows, $0) }) {
                    return rows[stop]
                }
                start += rows.count
                size = min(2 * size, SweptWindow.rowsAtOnce)
            }
            return nil
        }
    }

    override func count(in range: Range<Int>) -> Int? {
        var count = 0
        if let swept = search.sweptWindow {
            _ = sweptChunks(swept, range, from: SweptWindow.rowsAtOnce) { _, _ in
                count &+= 1
                return false
            }
            return count
        }
        for position in range where passesUnswept(position) { count &+= 1 }
        return count
    }
}
