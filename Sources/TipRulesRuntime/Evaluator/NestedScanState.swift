import TipRulesSemantics

// What a nested scan (`RowPredicate.exists`, see `NestedScan`) keeps while it tests the rows of
// the scan it is nested in: the outer row being tested, the search itself, the date window of
// its inner list, and the join index it may build.

/// The row of an outer scan a nested scan's predicate reads (see `RowPredicateBinder.enclosingRow`).
struct EnclosingRow {
    let slot: Int
    let stream: DonationStream
    /// The outer row being tested.
    let cursor: RowCursor
}

/// A position set before each test that reads it.
final class RowCursor {
    var position = 0
}

/// A nested scan run for the outer row at each position (see `RowPredicateBinder.nestedSearch`):
/// the position in the other list's stream of the row that decides it, charging the meter
/// what the fused inner scan charges in the closure.
final class NestedSearch {
    /// How the other list is gone through for the outer row at the cursor: how many of its
    /// rows, and the row that decides it.
    enum Inner {
        /// No donations: nothing is found, and nothing is gone through.
        case nothing
        case window(NestedWindow)
        case rows(() -> (examined: Int, match: Int?))
    }

    // (The inner search's kinds kept apart rather than as an `Inner`: taking a reference out of
    // an enum's payload, or an optional, retains and releases it at every search. The window is
    // called through an unmanaged reference, which `keptWindow` keeps alive: a strong or
    // unowned one is retained around every call of its `scan`.)
    private let keptWindow: NestedWindow?
    private let window: Unmanaged<NestedWindow>?
    /// The window's swept form, when it has one (see `SweptWindow`), kept and called as the
    /// window is: the loops of `NestedScanFilter` then search a batch of outer rows at once
    /// (`SweptWindow.search`) and go through their outcomes with `passing(_:count:whenFound:_:)`.
    private let keptSwept: SweptWindow?
    let sweptWindow: Unmanaged<SweptWindow>?
    private let searchesRows: Bool
    private let rows: () -> (examined: Int, match: Int?)
    let cursor: RowCursor
    let meter: StepMeter?
    let perElement: Int
    let sourceSteps: Int

    init(_ inner: Inner, cursor: RowCursor, meter: StepMeter?, perElement: Int, sourceSteps: Int) {
        (self.cursor, self.meter, self.perElement, self.sourceSteps) = (cursor, meter, perElement, sourceSteps)
        switch inner {
        case .nothing: (keptWindow, window, searchesRows, rows) = (nil, nil, false, { (0, nil) })
        case .window(let window): (keptWindow, self.window, searchesRows, rows) = (window, Unmanaged.passUnretained(window), false, { (0, nil) })
        case .rows(let rows): (keptWindow, window, searchesRows, self.rows) = (nil, nil, true, rows)
        }
        keptSwept = keptWindow.flatMap(SweptWindow.init)
        sweptWindow = keptSwept.map { Unmanaged.passUnretained($0) }
    }

    /// The row that decides the scan for the outer row at `position`; nil when none does.
    @inline(__always)
    func match(at position: Int) -> Int? {
        if let sweptWindow { return outlinedMatch(sweptWindow, at: position) }
        return unsweptMatch(at: position)
    }

    /// `match(at:)` of a search that is not a swept window (see `sweptWindow`).
    @inline(__always)
    func unsweptMatch(at position: Int) -> Int? {
        if givesWay { return nil }
        cursor.position = position
        let examined: Int, match: Int?
        if let window {
            (examined, match) = window._withUnsafeGuaranteedRef { $0.scan() }
        } else if searchesRows {
            (examined, match) = rows()
        } else {
            return nil
        }
        return charged(examined, match)
    }

    /// Whether the scan is to give way, past the steps the evaluation has left: no more work.
    @inline(__always)
    private var givesWay: Bool {
        if let meter, meter.steps > meter.limit { true } else { false }
    }

    /// `match`, the search's rows charged as the fused inner scan charges them in the closure.
    @inline(__always)
    private func charged(_ examined: Int, _ match: Int?) -> Int? {
        meter?.steps += examined * perElement + sourceSteps
        return match
    }

    /// Goes through the outer rows of the batch the swept window searched last, in order,
    /// calling `body` with the offset of each that passes (its search finds a row, or finds
    /// none, as `whenFound` says) until `body` returns true; that offset then, or nil.
    ///
    /// The searches of the rows gone through are charged as `match(at:)` charges them, their sum
    /// at once rather than row by row. Past the steps left, `match(at:)` gives way (finds
    /// nothing) on each row; here that is decided once for the batch, so a batch that runs out
    /// of steps is gone through to its end (or to the row `body` stops at) and charged in full.
    /// Either way the meter then holds more than the steps left, and the scan's caller fails
    /// with the step limit when it charges them. (Row by row, the test of the meter, the mode's
    /// case chosen and the charge cost about 25 instructions a row of W1534's count.)
    @inline(__always)
    func passing(_ window: SweptWindow, count: Int, whenFound: Bool, _ body: (Int) -> Bool) -> Int? {
        guard let meter else {
            return window.forEachOutcome(count) { offset, _, found in found == whenFound && body(offset) }
        }
        if givesWay {
            // Every row's search gives way, finding nothing.
            if whenFound { return nil }
            return (0..<count).first { body($0) }
        }
        var examined = 0
        let stop = window.forEachOutcome(count) { offset, rows, found in
            examined &+= rows
            return found == whenFound && body(offset)
        }
        let searched = stop.map { $0 + 1 } ?? count
        meter.steps += examined * perElement + searched * sourceSteps
        return stop
    }

    /// `match(at:)` of a swept window, one row searched by itself. (Out of line: inlined into
    /// `match(at:)`, it made every other kind of search about 9% slower, W75's join.)
    @inline(never)
    private func outlinedMatch(_ swept: Unmanaged<SweptWindow>, at position: Int) -> Int? {
        if givesWay { return nil }
        let (examined, match) = swept._withUnsafeGuaranteedRef { $0.scan(position) }
        return charged(examined, match)
    }
}

/// A nested scan of a contiguous list in the window its date conditions allow for the outer
/// row at the cursor (see `RowPredicateBinder.windowedScan`): the rows before and after the
/// window count as gone through where the scan would have tested them (as in `Evaluator.scan`).
final class NestedWindow {
    /// Where the value of each operand the conditions read comes from.
    enum Read {
        case constant(Double)
        /// A column of the outer row's (its dates, a `Double` or `Date` field), at the cursor.
        case outer(ColumnArray<Double>)
        case computed((Int) -> Double)
    }

    let plan: DateWindowPlan
    let reads: [Read]
    let residual: (Int) -> Bool
    let dates: ColumnArray<Double>
    let whole: Range<Int>
    let cursor: RowCursor
    let mode: NestedScan.Mode
    /// The values of `reads` for the row being tested.
    private let values: UnsafeMutableBufferPointer<Double>
    /// Where each condition's edge was for the row tested last (see `DateWindowPlan.window`).
    private let edges: UnsafeMutableBufferPointer<Int>

    /// For a residual that is an equality join (see `RowPredicateBinder.joinedSearch`), its
    /// search of a window: the first row that passes (the last, from the end).
    /// (Kept as a closure and a flag rather than an optional closure: unwrapping one retains
    /// and releases its context at every outer row.)
    let joined: (Range<Int>, _ fromEnd: Bool) -> Int?
    let isJoined: Bool

    /// Whether the residual is the same test for every outer row: it reads nothing of the
    /// outer row, and testing a row neither charges steps nor can fail (see
    /// `RowPredicateBinder.isFixedResidual`). The rows that decide a search by it are then
    /// the same for every outer row, and once the windows longer than `shortWindow` have tested
    /// as many rows as the list has (so making them costs at most what the scans already did),
    /// they are found once (`deciding`) and each such window's row looked up among them, from
    /// where the one before was found.
    let residualIsFixed: Bool
    /// The rows the residual was tested on so far, before `deciding` was made.
    private var tested = 0
    /// The positions of `whole`, in order, where the residual decides the search: where it
    /// holds (where it fails, for `allSatisfy`).
    private var deciding: [Int]?
    /// The most rows of a window searched by a fixed residual as any other is: row by row,
    /// without counting them towards `deciding` (a few tests cost less than the count, W1617).
    static let shortWindow = 16
    /// Where in `deciding` the search for the outer row before ended.
    private var decidingHint = 0
    /// Whether the row that fails the residual decides (`allSatisfy`), rather than the row
    /// that passes. (Kept rather than compared with `mode` at each search: that comparison is
    /// a call through the enum's `Equatable` conformance, from another module.)
    private let decidesByFailing: Bool

    init(plan: DateWindowPlan, reads: [Read], residual: @escaping (Int) -> Bool, residualIsFixed: Bool,
         joined: ((Range<Int>, Bool) -> Int?)?, dates: ColumnArray<Double>, whole: Range<Int>, cursor: RowCursor, mode: NestedScan.Mode) {
        (self.plan, self.reads, self.residual, self.joined, self.isJoined, self.dates, self.whole, self.cursor, self.mode)
            = (plan, reads, residual, joined ?? { _, _ in nil }, joined != nil, dates, whole, cursor, mode)
        self.residualIsFixed = residualIsFixed
        decidesByFailing = mode == .allSatisfy
        values = .allocate(capacity: reads.count)
        values.initialize(repeating: 0)
        edges = .allocate(capacity: plan.conditions.count)
        edges.initialize(repeating: whole.lowerBound)
    }

    deinit {
        values.deallocate()
        edges.deallocate()
    }

    /// How many inner rows the scan goes through, and the row that decides it (see
    /// `RowPredicateBinder.nestedSearch`).
    func scan() -> (examined: Int, match: Int?) {
        let position = cursor.position
        reads.withUnsafeBufferPointer { reads in
            for index in 0..<reads.count {
                switch reads[index] {
                case .constant(let k): values[index] = k
                case .outer(let column): values[index] = column[position]
                case .computed(let read): values[index] = read(position)
                }
            }
        }
        let window: Range<Int>
        if let searches = plan.linearSearches {
            window = searches.withUnsafeBufferPointer { searches in
                dates.withUnsafeBufferPointer { dates in
                    plan.sweptWindow(of: whole, searches, dates, UnsafeBufferPointer(values), hints: edges)
                }
            }
        } else {
            window = plan.window(of: whole, dates, UnsafeBufferPointer(values), hints: edges)
        }
        let before = window.lowerBound - whole.lowerBound, after = whole.upperBound - window.upperBound
        switch mode {
        case .allSatisfy:
            // The rows before and after the window fail the date conditions.
            if before > 0 { return (1, whole.lowerBound) }
            let failing = residualIsFixed && window.count > NestedWindow.shortWindow ? decidingRow(in: window, fromEnd: false)
                : window.first(where: { !residual($0) })
            if let failing { return (failing - window.lowerBound + 1, failing) }
            return after > 0 ? (window.count + 1, window.upperBound) : (window.count, nil)
        case .contains, .first:
            if let match = find(in: window, fromEnd: false) { return (before + match - window.lowerBound + 1, match) }
        case .last:
            if let match = find(in: window, fromEnd: true) { return (after + window.upperBound - match, match) }
        }
        return (whole.count, nil)
    }
}

extension NestedWindow {
    /// The first row of the window (the last, `fromEnd`) where the residual holds.
    @inline(__always)
    private func find(in window: Range<Int>, fromEnd: Bool) -> Int? {
        if plan.residualHolds { return fromEnd ? window.last : window.first }
        if isJoined { return joined(window, fromEnd) }
        if residualIsFixed && window.count > NestedWindow.shortWindow { return decidingRow(in: window, fromEnd: fromEnd) }
        return fromEnd ? window.last(where: residual) : window.first(where: residual)
    }

    /// The first row of the window (the last, `fromEnd`) that decides the search by a fixed
    /// residual (see `residualIsFixed`): looked up in `deciding` once it is made, else tested
    /// row by row, as the closure tests them.
    private func decidingRow(in window: Range<Int>, fromEnd: Bool) -> Int? {
        if let deciding {
            // The first deciding row at or after the window's start (after its end, `fromEnd`),
            // looked for from where it was for the outer row before: windows move little from
            // one outer row to the next, and often not at all.
            let bound = fromEnd ? window.upperBound : window.lowerBound
            let low = deciding.withUnsafeBufferPointer { rows in
                sweepEdge(0..<rows.count, from: decidingHint) { rows[$0] >= bound }
            }
            decidingHint = low
            if fromEnd { return low > 0 && deciding[low &- 1] >= window.lowerBound ? deciding[low &- 1] : nil }
            return low < deciding.count && deciding[low] < window.upperBound ? deciding[low] : nil
        }
        // (The residual called as the other searches call it: wrapped in a closure that tests
        // its result, each outer row's search cost about 90 instructions more, W1617.)
        let found: Int?
        if decidesByFailing {
            found = window.first { !residual($0) }
        } else {
            found = fromEnd ? window.last(where: residual) : window.first(where: residual)
        }
        tested &+= RowPredicateBinder.examined(window, found, fromEnd: fromEnd)
        if tested >= whole.count { makeDeciding() }
        return found
    }

    /// Finds the rows that decide a search by the residual (see `deciding`).
    @inline(never)
    private func makeDeciding() {
        let wanted = !decidesByFailing
        deciding = whole.filter { residual($0) == wanted }
    }
}

/// A nested scan's join index, built once the outer rows have gone through enough of the list
/// (see `RowPredicateBinder.joinedScan`).
final class JoinState {
    /// The inner rows gone through so far.
    var work = 0
    /// The index, once built, and the same unretained, to be read at every row without being
    /// retained (`index` keeps it alive).
    private(set) var index: JoinIndex?
    private(set) var unmanagedIndex: Unmanaged<JoinIndex>?

    func keep(_ built: JoinIndex) {
        index = built
        unmanagedIndex = Unmanaged.passUnretained(built)
    }

    /// How many times the list the outer rows go through before the index is built: an entry
    /// of it costs about as much as comparing this many rows (of `String` keys; of `Int` keys,
    /// usually in a dense table).
    static let indexAfter = 16
    static let intIndexAfter = 4
}
