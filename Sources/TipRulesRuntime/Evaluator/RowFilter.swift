import TipRulesSemantics
import TipRulesSyntax

/// A row predicate run a batch of rows at a time: each test reads its column in one tight loop
/// over the batch's stream positions and passes on those that hold (a selection), as column
/// stores do. Per row this costs a load and a compare per test, where a tree of closures costs
/// a call per node.
///
/// `select` keeps the order of its input, so every scan sees matches in list order, and since
/// a row predicate cannot fail, testing a whole batch past the first match the scan needed
/// changes nothing it returns.
class RowFilter {
    /// The most rows per batch. A filter bound to a stream of fewer donations makes its
    /// buffers only as large as the stream (see `RowPredicateBinder.batch`): a bound filter is
    /// kept with its fused node, so its buffers are memory every such node holds.
    /// Each batch of a computed column retains and releases its operands (about five atomic
    /// pairs for `$0 + $1.price * (1 - ($1.discount ?? 0))`, a third of its time at 256 rows a
    /// batch): 512 rows took W1099 and W1322 from 2.2 and 2.3 to 2.0 and 2.1 times the closure
    /// at n = 1000; 1024 to 1.9 and 2.0, for twice the buffers again, so 512.
    static let batch = 512

    /// Writes the positions of `input` that pass, in order, to `output`; returns how many.
    func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        preconditionFailure("\(Self.self) does not select")
    }

    /// Writes the positions of a contiguous range that pass, in order, to `output`; returns
    /// how many. The range holds at most a batch; `scratch` has room for one. The default
    /// writes the range's positions to `scratch` and selects them; a filter that can test
    /// consecutive rows in place, without a list of their positions, does.
    func select(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        for offset in 0..<range.count { scratch[offset] = range.lowerBound + offset }
        return select(UnsafeBufferPointer(start: scratch, count: range.count), output)
    }

    /// Whether the filter tests typed columns only, in tight loops (no closure per row).
    var isColumnar: Bool { false }

    /// Whether the filter tests one row at a time whatever the batch (a closure a row, a nested
    /// scan), and searches a range (`firstPassing`, `firstFailing`) testing each row in turn up
    /// to the one that decides: no row past it, so none of the work a test meters is done
    /// twice or for nothing, as in a batch a search stops in.
    var searchesRowAtATime: Bool { false }

    /// The last position of a contiguous range that passes, searched from the end a row at a
    /// time (`last(where:)`); only for a filter that `searchesRowAtATime`.
    func lastPassing(in range: Range<Int>) -> Int? {
        preconditionFailure("\(Self.self) does not search a row at a time")
    }

    /// The index of the first of `positions` that passes, each tested in turn up to it; only
    /// for a filter that `searchesRowAtATime`.
    func firstPassing(among positions: UnsafeBufferPointer<Int>) -> Int? {
        preconditionFailure("\(Self.self) does not search a row at a time")
    }

    /// Whether the filter combines a computed test (`TruthFilter`) with others by `&&`, `||`
    /// or `!`, so that its searches compute that test's truths again at every turn (see
    /// `Evaluator.searcher`).
    var turnsOnComputedTest: Bool { false }

    /// How many positions of a contiguous range pass, counted in one branch-free loop without
    /// listing them; nil for filters that have no such count (`&&`, `||`, `!`, string columns:
    /// the caller selects batches instead). A filter that meters work does it for every row,
    /// as selecting every batch of the range would.
    func count(in range: Range<Int>) -> Int? { nil }

    /// The first position of a contiguous range that does not pass, or nil when all do
    /// (`allSatisfy`). The default selects blocks of rows in `scratch`, room for two batches:
    /// 8 rows first, twice as many each time up to `batch`, so a row found early costs little
    /// more than the rows before it, and a long search about what whole batches cost.
    func firstFailing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        var start = range.lowerBound, size = min(8, batch)
        while start < range.upperBound {
            let end = min(start + size, range.upperBound)
            size = min(2 * size, batch)
            for offset in 0..<(end - start) { scratch[offset] = start + offset }
            let input = UnsafeBufferPointer(start: scratch, count: end - start)
            let output = scratch + batch
            let kept = select(input, output)
            if kept < input.count {
                var index = 0
                while index < kept && output[index] == input[index] { index += 1 }
                return input[index]
            }
            start = end
        }
        return nil
    }

    /// The first position of a contiguous range that passes, or nil when none does
    /// (`contains(where:)`, `first(where:)`). The default selects blocks of rows growing as
    /// `firstFailing`'s do, in `scratch`, room for two batches.
    func firstPassing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        var start = range.lowerBound, size = min(8, batch)
        while start < range.upperBound {
            let end = min(start + size, range.upperBound)
            size = min(2 * size, batch)
            for offset in 0..<(end - start) { scratch[offset] = start + offset }
            if select(UnsafeBufferPointer(start: scratch, count: end - start), scratch + batch) > 0 { return scratch[batch] }
            start = end
        }
        return nil
    }

    /// The filter for a predicate over one stream (see `RowPredicateBinder` for operands).
    static func make(_ predicate: RowPredicate, _ binder: RowPredicateBinder) -> RowFilter {
        switch predicate {
        case .and(let a, let b):
            if let filter = binder.guardedNumberFilter(a, b, holdsOnNil: false) { return filter }
            let (first, second) = cheaperFirst(make(a, binder), make(b, binder), predicate)
            return AndFilter(first, second, batch: binder.batch)
        case .or(let a, let b):
            if let filter = binder.guardedNumberFilter(a, b, holdsOnNil: true) { return filter }
            if let filter = binder.alternativesFilter(predicate) { return filter }
            let (first, second) = cheaperFirst(make(a, binder), make(b, binder), predicate)
            return OrFilter(first, second, batch: binder.batch)
        case .not(let a):
            let inner = make(a, binder)
            // `!other.contains { ... }`: the same search, passing the other outer rows. It still
            // searches a row at a time (a `NotFilter` would select batches of one row each).
            if let nested = inner as? NestedScanFilter { return nested.negated }
            return NotFilter(inner, batch: binder.batch)
        case .compare(.function(.memberOf(let constants), let operand, nil), .equal, .constant(.bool(true))):
            // `["stove", "lantern"].contains($0.sku)`, `[5, 10].contains($0.bonus ?? 0)`
            if let filter = MembershipFilter.make(constants, operand, binder) { return filter }
            return TestFilter(binder.bind(predicate))
        case .compare(let a, let op, let b):
            if let filter = binder.nestedScanFilter(predicate) ?? binder.columnFilter(a, op, b) { return filter }
            return TestFilter(binder.bind(predicate))
        case .constant(let flag):
            return ConstantFilter(flag)
        case .exists:
            return binder.nestedScanFilter(predicate) ?? TestFilter(binder.bind(predicate))
        case .string:
            return TestFilter(binder.bind(predicate))
        }
    }
}

extension RowFilter {
    /// How many rows a search tests one at a time before it counts blocks of 64.
    static let rowsOneByOne = 33

    /// The first position of `range` where `found` holds: the first `rowsOneByOne` rows tested
    /// one at a time (a search ends at its first hit, so the branch is mispredicted
    /// once, and `AndFilter`'s searches, each from where the other stopped, usually end soon),
    /// then each block of 64 rows counted without a branch and only the block with a hit
    /// searched.
    @inline(__always)
    static func first(in range: Range<Int>, where found: (Int) -> Bool) -> Int? {
        var start = range.lowerBound
        let scalarEnd = min(start &+ RowFilter.rowsOneByOne, range.upperBound)
        while start < scalarEnd {
            if found(start) { return start }
            start &+= 1
        }
        while start < range.upperBound {
            let end = min(start &+ 64, range.upperBound)
            var hits = 0, position = start
            // A `Bool`'s byte added as it is: `found(p) ? 1 : 0` would be compiled back into a
            // branch. (No range iterator either: its checks cost as much as the test.)
            while position < end {
                hits &+= Int(unsafeBitCast(found(position), to: UInt8.self))
                position &+= 1
            }
            if hits > 0 { return (start..<end).first(where: found) }
            start = end
        }
        return nil
    }

    /// The operands of `&&` or `||` with a columnar one first, so the row-by-row tests run
    /// only on the rows it leaves. A scanned row predicate cannot fail (its `Int` arithmetic is
    /// proven safe before the scan) and its result does not depend
    /// on the order, and without a `contains` search (whose steps depend on the rows it
    /// reaches) neither do the steps: the closure's answers and charges are the same.
    fileprivate static func cheaperFirst(_ a: RowFilter, _ b: RowFilter, _ predicate: RowPredicate) -> (RowFilter, RowFilter) {
        !a.isColumnar && b.isColumnar && !predicate.searchesStrings ? (b, a) : (a, b)
    }
}

/// A scratch buffer of one batch of positions, owned by a filter.
final class SelectionBuffer {
    let base: UnsafeMutablePointer<Int>
    init(_ batch: Int) { base = .allocate(capacity: batch) }
    deinit { base.deallocate() }

    func prefix(_ count: Int) -> UnsafeBufferPointer<Int> {
        UnsafeBufferPointer(start: base, count: count)
    }
}

extension RowFilter {
    /// How many of the values `test` holds for, counted without a branch: four at a time into
    /// four sums, since comparisons of `Int`s are not vectorised without SSE4.2 and one sum
    /// makes each addition wait for the one before; `Double`s in one plain loop, vectorised.
    @inline(__always)
    static func count<T>(_ values: UnsafeBufferPointer<T>, where test: (T) -> Bool) -> Int {
        if T.self == Double.self {
            // (Known when specialised: the plain loop, which the compiler vectorises.)
            var count = 0
            for value in values { count &+= test(value).bit }
            return count
        }
        var a = 0, b = 0, c = 0, d = 0
        var offset = 0
        let count = values.count, whole = count & ~3
        while offset < whole {
            a &+= test(values[offset]).bit
            b &+= test(values[offset &+ 1]).bit
            c &+= test(values[offset &+ 2]).bit
            d &+= test(values[offset &+ 3]).bit
            offset &+= 4
        }
        while offset < count {
            a &+= test(values[offset]).bit
            offset &+= 1
        }
        return a &+ b &+ c &+ d
    }

    /// The rows of `input` for which `holds` is true, written without a branch per row.
    @inline(__always)
    static func keep(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>, _ holds: (Int) -> Bool) -> Int {
        var kept = 0
        for position in input {
            output[kept] = position
            kept &+= holds(position).bit
        }
        return kept
    }

    /// The same for the positions of a contiguous range, `holds` given each offset into it.
    @inline(__always)
    static func keep(_ range: Range<Int>, _ output: UnsafeMutablePointer<Int>, _ holds: (Int) -> Bool) -> Int {
        var kept = 0
        for offset in 0..<range.count {
            output[kept] = range.lowerBound &+ offset
            kept &+= holds(offset).bit
        }
        return kept
    }
}
