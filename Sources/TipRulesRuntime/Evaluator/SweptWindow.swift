import TipRulesSemantics

/// A nested scan whose predicate is its date conditions alone (`logins.contains { $0.date > v.date
/// && $0.date.timeIntervalSince(v.date) < 3600 }`, `logins.last { $0.date <= r.date } != nil`),
/// each with no step or one (`DateWindowPlan.LinearSearch`), reading only constants and the
/// outer row's `Double` or `Date` columns: the window is the whole answer, so the scan for an
/// outer row is its edges, each swept from where it was for the row before.
///
/// The same answers and counts as `NestedWindow.scan` over such a plan, without its general
/// parts: every value a condition reads is `base[position & mask]` (a constant is one value
/// at mask 0, an outer column is read at the row), and the outer rows of a batch are searched
/// together, condition by condition, each condition's comparison chosen once for the batch
/// (`search`). A nested scan over a few rows for each of many outer rows is then a few loads and
/// comparisons a row, where the general scan cost about 190 instructions (W358).
///
/// A search that reads its window from one end (`contains` and `first` from the start, `last`
/// from the end) is decided by the window's row at that end alone: the conditions that bound
/// the near end are swept to their edges, and each that bounds the far end is only tested at
/// that row (it holds there exactly when the row is before its edge). So `logins.contains {
/// $0.date <= r.date }` tests one row, as the closure does, rather than finding where the
/// logins after `r` begin. (`allSatisfy` needs both ends: whether rows follow the window.)
final class SweptWindow {
    /// One condition, resolved: `(sign * date + shift) op bound`.
    private struct Condition {
        let op: ComparisonOperator
        let holdsOnPrefix: Bool
        /// Which way the comparison itself holds (see `DateWindowPlan.Condition`): what its
        /// edge search looks for.
        let comparisonHoldsOnPrefix: Bool
        /// `-1` for a negated date, else `1` (a sign flip: exact, and a NaN stays one).
        let sign: Double
        /// `shift(position) = shiftSign * shiftBase[position & shiftMask]`; a condition with no
        /// shift reads a zero (`x + 0` is `x` for every comparison, see `Single.linear`).
        let shiftBase: UnsafePointer<Double>
        let shiftMask: Int
        let shiftSign: Double
        let boundBase: UnsafePointer<Double>
        let boundMask: Int
    }

    /// The conditions swept to their edges, then those tested at the window's row read first
    /// (see the type's comment): `conditions[..<swept]`, `conditions[swept...]`.
    private let conditions: UnsafeMutableBufferPointer<Condition>
    private let swept: Int
    /// Where each condition's edge was for the row tested last.
    private let edges: UnsafeMutablePointer<Int>
    /// The constants the conditions read, each at its own address.
    private let constants: UnsafeMutableBufferPointer<Double>
    private let dates: UnsafePointer<Double>
    private let whole: Range<Int>
    private let mode: NestedScan.Mode
    /// The columns the conditions read, kept alive while their addresses are used.
    private let kept: [ColumnArray<Double>]
    /// The window of each row of the batch searched last (`search`): `lowers[i]..<uppers[i]`
    /// (of a search read from one end, only that end exact; the other tells whether it is empty).
    private var lowers: UnsafeMutablePointer<Int>
    private var uppers: UnsafeMutablePointer<Int>
    private var capacity = 0
    /// The most outer rows of a range searched together: a fused scan's batch.
    static let rowsAtOnce = RowFilter.batch

    /// The swept form of a windowed scan, or nil when its predicate is more than its date
    /// conditions, a condition has more than one step, or a value is computed.
    init?(_ window: NestedWindow) {
        let plan = window.plan
        guard plan.residualHolds, let searches = plan.linearSearches, !searches.isEmpty else { return nil }
        let reads = window.reads
        for read in reads { if case .computed = read { return nil } }
        var kept = [window.dates]
        let constants = UnsafeMutableBufferPointer<Double>.allocate(capacity: reads.count + 1)
        constants.initialize(repeating: 0)
        for (index, read) in reads.enumerated() { if case .constant(let k) = read { constants[index] = k } }
        let zero = UnsafePointer(constants.baseAddress.unsafelyUnwrapped + reads.count)
        func source(_ index: Int) -> (UnsafePointer<Double>, Int) {
            if case .outer(let column) = reads[index], let base = column.withUnsafeBufferPointer({ $0.baseAddress }) {
                kept.append(column)
                return (base, -1)
            }
            return (UnsafePointer(constants.baseAddress.unsafelyUnwrapped + index), 0)
        }
        let conditions = UnsafeMutableBufferPointer<Condition>.allocate(capacity: searches.count)
        // Which side's conditions are tested at one row rather than swept: those bounding the
        // far end of a search read from one end.
        let testedSide: Bool? = switch window.mode {
        case .contains, .first: true
        case .last: false
        case .allSatisfy: nil
        }
        let ordered = searches.filter { $0.holdsOnPrefix != testedSide } + searches.filter { $0.holdsOnPrefix == testedSide }
        for (index, search) in ordered.enumerated() {
            let (boundBase, boundMask) = source(search.boundIndex)
            let (shiftBase, shiftMask) = search.shift == .none ? (zero, 0) : source(search.shiftIndex)
            conditions.initializeElement(at: index, to: Condition(
                op: search.op, holdsOnPrefix: search.holdsOnPrefix, comparisonHoldsOnPrefix: search.comparisonHoldsOnPrefix,
                sign: search.negated ? -1 : 1, shiftBase: shiftBase, shiftMask: shiftMask, shiftSign: search.shift == .minusK ? -1 : 1,
                boundBase: boundBase, boundMask: boundMask))
        }
        (self.conditions, self.constants, self.kept) = (conditions, constants, kept)
        swept = searches.count { $0.holdsOnPrefix != testedSide }
        (whole, mode) = (window.whole, window.mode)
        edges = .allocate(capacity: searches.count)
        edges.initialize(repeating: whole.lowerBound, count: searches.count)
        dates = window.dates.withUnsafeBufferPointer { $0.baseAddress } ?? zero
        (lowers, uppers) = (.allocate(capacity: 0), .allocate(capacity: 0))
    }

    deinit {
        conditions.deallocate()
        edges.deallocate()
        constants.deallocate()
        lowers.deallocate()
        uppers.deallocate()
    }

    /// Finds the window of each of the outer rows (a fused scan's batch, or `rowsAtOnce` of a
    /// range), gone through by `forEachOutcome(_:_:)`.
    /// Each condition's edge is swept from where it was for the row before, in the order of the
    /// rows, and within the window the conditions before it left: the same edges, row for row,
    /// as a search of each row by itself.
    /// Where every condition bounds the far end of a window read from one end (`logins.contains
    /// { $0.date <= r.date }`), one condition is tested at the window's one row as each window
    /// is written, rather than over windows written first and read back (W1534).
    @inline(__always)
    func search<Rows: BatchRows>(_ rows: Rows) {
        if rows.count > capacity { grow(to: rows.count) }
        if swept == 0, conditions.count == 1, mode != .allSatisfy, !whole.isEmpty {
            searchTested(rows, conditions[0])
            return
        }
        lowers.initialize(repeating: whole.lowerBound, count: rows.count)
        uppers.initialize(repeating: whole.upperBound, count: rows.count)
        search(rows, lowers, uppers)
    }

    /// The outcome (see `outcome(_:_:)`) for the outer row at `position`, searched by itself: for
    /// a search whose rows come one at a time (a `first(where:)` found in the outer closure,
    /// `other.last { ... }?.date`). (Its own loop, the comparison chosen at each condition:
    /// through `search(_:)` with a batch of one row, W1546 was 20% slower.)
    @inline(__always)
    func scan(_ position: Int) -> (examined: Int, match: Int?) {
        var lower = whole.lowerBound, upper = whole.upperBound
        for index in 0..<swept {
            let condition = conditions[index]
            let bound = condition.boundBase[position & condition.boundMask]
            let shift = condition.shiftSign * condition.shiftBase[position & condition.shiftMask]
            let sign = condition.sign, dates = dates, range = Range(uncheckedBounds: (lower, upper)), hint = edges[index]
            @inline(__always) func y(_ row: Int) -> Double { sign * dates[row] + shift }
            // The edge is where the comparison flips (starts to fail on a prefix, to hold on a
            // suffix); a complemented one holds on its other side.
            let found = ComparisonNode.withComparison(condition.op) { (holds: (Double, Double) -> Bool) in
                condition.comparisonHoldsOnPrefix
                    ? sweepEdge(range, from: hint) { !holds(y($0), bound) }
                    : sweepEdge(range, from: hint) { holds(y($0), bound) }
            }
            edges[index] = found
            if condition.holdsOnPrefix { upper = found } else { lower = found }
        }
        for index in swept..<conditions.count where lower < upper {
            let condition = conditions[index]
            let row = condition.holdsOnPrefix ? lower : upper &- 1
            let comparison = ComparisonNode.withComparison(condition.op) { (holds: (Double, Double) -> Bool) in
                holds(SweptWindow.value(condition, dates, at: row, for: position), condition.boundBase[position & condition.boundMask])
            }
            // (A complemented comparison holds on the other side of its edge.)
            if comparison == (condition.comparisonHoldsOnPrefix != condition.holdsOnPrefix) { upper = lower }
        }
        return outcome(lower, upper)
    }

    /// `search(_:)` with the windows in `lowers` and `uppers`, which start as the whole list.
    @inline(__always)
    private func search<Rows: BatchRows>(_ rows: Rows, _ lowers: UnsafeMutablePointer<Int>, _ uppers: UnsafeMutablePointer<Int>) {
        for index in 0..<swept {
            let condition = conditions[index]
            // The comparison chosen once for the batch, not at every row, and for each row
            // whether it has flipped at `y` (started to fail on a prefix, to hold on a suffix).
            // A complemented comparison holds on the other side of its edge.
            ComparisonNode.withComparison(condition.op) { (holds: (Double, Double) -> Bool) in
                switch (condition.comparisonHoldsOnPrefix, condition.holdsOnPrefix) {
                case (true, true): sweep(rows, lowers, uppers, condition, index, holdsOnPrefix: true) { !holds($0, $1) }
                case (false, false): sweep(rows, lowers, uppers, condition, index, holdsOnPrefix: false) { holds($0, $1) }
                case (true, false): sweep(rows, lowers, uppers, condition, index, holdsOnPrefix: false) { !holds($0, $1) }
                case (false, true): sweep(rows, lowers, uppers, condition, index, holdsOnPrefix: true) { holds($0, $1) }
                }
            }
        }
        for index in swept..<conditions.count {
            let condition = conditions[index]
            ComparisonNode.withComparison(condition.op) { (holds: (Double, Double) -> Bool) in
                test(rows, lowers, uppers, condition, complemented: condition.comparisonHoldsOnPrefix != condition.holdsOnPrefix, holds)
            }
        }
    }

    /// One condition bounding the far end of each row's window tested at its near end (see the
    /// type's comment): the window emptied where it fails there.
    @inline(__always)
    private func test<Rows: BatchRows>(_ rows: Rows, _ lowers: UnsafeMutablePointer<Int>, _ uppers: UnsafeMutablePointer<Int>,
                                       _ condition: Condition, complemented: Bool, _ holds: (Double, Double) -> Bool) {
        let dates = dates
        for offset in 0..<rows.count {
            let lower = lowers[offset], upper = uppers[offset]
            guard lower < upper else { continue }
            let position = rows[offset]
            let row = condition.holdsOnPrefix ? lower : upper &- 1
            let y = SweptWindow.value(condition, dates, at: row, for: position)
            if holds(y, condition.boundBase[position & condition.boundMask]) == complemented { uppers[offset] = lower }
        }
    }

    /// `search` of a single condition bounding the far end (see `test`), at the row a window
    /// read from one end reads first: each window the whole list, or empty where the condition
    /// fails there.
    @inline(__always)
    private func searchTested<Rows: BatchRows>(_ rows: Rows, _ condition: Condition) {
        let first = whole.lowerBound, end = whole.upperBound, lowers = lowers, uppers = uppers
        // Tested at the list's first row for `contains` and `first`, its last for `last`; the
        // comparison chosen once for the batch.
        let row = mode == .last ? end &- 1 : first, dates = dates
        let complemented = condition.comparisonHoldsOnPrefix != condition.holdsOnPrefix
        ComparisonNode.withComparison(condition.op) { (holds: (Double, Double) -> Bool) in
            for offset in 0..<rows.count {
                let position = rows[offset]
                let y = SweptWindow.value(condition, dates, at: row, for: position)
                let failed = holds(y, condition.boundBase[position & condition.boundMask]) == complemented
                lowers[offset] = first
                uppers[offset] = failed ? first : end
            }
        }
    }

    /// What a condition compares at inner row `row` for the outer row at `position`:
    /// `sign * date + shift`, as its sweep computes it.
    @inline(__always)
    private static func value(_ condition: Condition, _ dates: UnsafePointer<Double>, at row: Int, for position: Int) -> Double {
        condition.sign * dates[row] + condition.shiftSign * condition.shiftBase[position & condition.shiftMask]
    }

    /// One condition's edge for each row, `flipped(y, bound)` telling where it flips.
    @inline(__always)
    private func sweep<Rows: BatchRows>(_ rows: Rows, _ lowers: UnsafeMutablePointer<Int>, _ uppers: UnsafeMutablePointer<Int>,
                                        _ condition: Condition, _ index: Int, holdsOnPrefix: Bool, _ flipped: (Double, Double) -> Bool) {
        let dates = dates
        let sign = condition.sign
        var edge = edges[index]
        for offset in 0..<rows.count {
            let position = rows[offset]
            let bound = condition.boundBase[position & condition.boundMask]
            let shift = condition.shiftSign * condition.shiftBase[position & condition.shiftMask]
            // (Each edge lies within the range the conditions before it left: `lower <= upper`.)
            edge = sweepEdge(Range(uncheckedBounds: (lowers[offset], uppers[offset])), from: edge) {
                flipped(sign * dates[$0] + shift, bound)
            }
            if holdsOnPrefix { uppers[offset] = edge } else { lowers[offset] = edge }
        }
        edges[index] = edge
    }

    private func grow(to count: Int) {
        lowers.deallocate()
        uppers.deallocate()
        (lowers, uppers, capacity) = (.allocate(capacity: count), .allocate(capacity: count), count)
    }

    /// `body` with each outer row of the batch searched last, in order, until it returns true
    /// (that row's offset then, nil if it never does): its offset, how many inner rows its
    /// search goes through, and whether it finds one, as `outcome(_:_:)` tells, with the mode's
    /// case chosen once for the batch.
    @inline(__always)
    func forEachOutcome(_ count: Int, _ body: (_ offset: Int, _ examined: Int, _ found: Bool) -> Bool) -> Int? {
        let lowers = lowers, uppers = uppers, first = whole.lowerBound, end = whole.upperBound, all = whole.count
        @inline(__always) func each(_ outcome: (_ lower: Int, _ upper: Int) -> (Int, Bool)) -> Int? {
            for offset in 0..<count {
                let (examined, found) = outcome(lowers[offset], uppers[offset])
                if body(offset, examined, found) { return offset }
            }
            return nil
        }
        switch mode {
        case .allSatisfy:
            return each { lower, upper in
                if lower > first { return (1, true) }
                return upper < end ? (upper &- lower &+ 1, true) : (upper &- lower, false)
            }
        case .contains, .first: return each { lower, upper in lower == upper ? (all, false) : (lower &- first &+ 1, true) }
        case .last: return each { lower, upper in lower == upper ? (all, false) : (end &- upper &+ 1, true) }
        }
    }

    /// The outcome of a window `lower..<upper` of the list.
    @inline(__always)
    private func outcome(_ lower: Int, _ upper: Int) -> (examined: Int, match: Int?) {
        let before = lower &- whole.lowerBound, after = whole.upperBound &- upper
        switch mode {
        case .allSatisfy:
            // The rows before and after the window fail the date conditions; every row in it holds.
            if before > 0 { return (1, whole.lowerBound) }
            return after > 0 ? (upper &- lower &+ 1, upper) : (upper &- lower, nil)
        case .contains, .first:
            return lower == upper ? (whole.count, nil) : (before &+ 1, lower)
        case .last:
            return lower == upper ? (whole.count, nil) : (after &+ 1, upper &- 1)
        }
    }
}
