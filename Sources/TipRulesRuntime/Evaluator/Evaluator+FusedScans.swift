import TipRulesSemantics
import TipRulesSyntax

/// Fused scans (`filter`, `contains(where:)`, `first(where:)`, counts of what passes): a bound row
/// filter run over the list, within the window its date conditions allow.
extension Evaluator {
    /// A scan, charging the closure's steps for each element the unfused call would have
    /// gone through (up to the one that decides `contains`, `first`, `last` and
    /// `allSatisfy`), the work the string searches in it did on those elements, and what the
    /// calls ahead of it charged for every element.
    /// A search charges too what hoisted expressions left it to charge at the rows it went
    /// through that reach them, and gives back what one that no such row reaches charged at
    /// its first evaluation (`reaching`, see `Evaluator.chargeReaching`).
    /// (The predicate is the one `filters` binds: passed as itself, it would be copied and
    /// destroyed through the generic witnesses of `Optional` at every scan.)
    mutating func scan(_ list: DonationList, _ mode: ScanMode, _ steps: FusedSteps, _ filters: BoundFilterCache, _ range: SourceRange,
                       reaching: HoistedCharges = HoistedCharges()) throws(Interrupt) -> Value {
        // A scan nested in a closure over another list, looking for a field equal to the other
        // list's element: answered from an index of this list (see `JoinPlan`).
        // (Modes told apart by `switch` and `if case` throughout: `==` on an enum of another
        // module is a call through its `Equatable` witness.)
        let searches: Bool
        switch mode {
        case .filter, .allSatisfy: searches = false
        case .count, .contains, .first, .last, .containsFromEnd: searches = true
        }
        if searches, let lookup = joinLookup(list, filters) {
            let matches = lookup.matches
            let result: Value, examined: Int
            switch mode {
            case .contains:
                result = .bool(matches != nil)
                examined = matches.map { $0.first + 1 } ?? list.count
            case .first:
                result = matches.map { .donation(list.stream, list.position(at: $0.first)) } ?? .null
                examined = matches.map { $0.first + 1 } ?? list.count
            case .containsFromEnd:
                result = .bool(matches != nil)
                examined = matches.map { list.count - $0.last } ?? list.count
            case .last:
                result = matches.map { .donation(list.stream, list.position(at: $0.last)) } ?? .null
                examined = matches.map { list.count - $0.last } ?? list.count
            default:
                result = .int(matches?.count ?? 0)
                examined = list.count
            }
            try tick(examined * steps.perElement + list.count * steps.perSourceElement, range)
            try chargeReaching(reaching, list, examined: examined, fromEnd: mode.searchesFromEnd, range)
            return result
        }
        // Only the donations in the window the date conditions allow can match; the rows before
        // and after it count as gone through (and failed) where the unfused call would have.
        return try withWindowedScan(list, filters) { ev, bound, cache, scanned, before, after throws(Interrupt) in
            try ev.scan(list, scanned, mode, steps, bound, cache, before: before, after: after, range, reaching: reaching)
        }
    }

    /// A scan's search of the donations `scanned` (the list, or the window of it its date
    /// conditions allow, `before` and `after` the list's donations outside it) with `bound`,
    /// a filter of the predicate of `cache`.
    mutating func scan(_ list: DonationList, _ scanned: DonationList, _ mode: ScanMode, _ steps: FusedSteps,
                       _ bound: BoundFilterCache.Entry, _ cache: BoundFilterCache, before: Int, after: Int,
                       _ range: SourceRange, reaching: HoistedCharges = HoistedCharges()) throws(Interrupt) -> Value {
        let meter = bound.meter
        let result: Value
        let examined: Int
        switch mode {
        case .filter, .count:
            var kept: [Int] = []
            var matches = 0
            let counts = if case .count = mode { true } else { false }
            if counts {
                matches = countPassing(scanned, bound, cache)
            } else if case .contiguous(let rows) = scanned.positions {
                // A batch of consecutive rows at a time, which a column's test reads in place.
                kept.reserveCapacity(min(rows.count, 1024))
                var start = rows.lowerBound
                while start < rows.upperBound {
                    let end = min(start + bound.batch, rows.upperBound)
                    let passed = bound.filter.select(in: start..<end, bound.scratch, bound.scratch + bound.batch)
                    kept.append(contentsOf: UnsafeBufferPointer(start: bound.scratch + bound.batch, count: passed))
                    start = end
                }
            } else {
                _ = scanBatches(scanned, bound, reverse: false, stopsEarly: false) { _, selected in
                    kept.append(contentsOf: selected)
                    return nil
                }
            }
            examined = list.count
            result = counts ? .int(matches) : .donations(DonationList(stream: list.stream, positions: .scattered(kept)))
        case .contains, .first, .last, .containsFromEnd:
            let (fromEnd, answersBool) = switch mode {
            case .last: (true, false)
            case .containsFromEnd: (true, true)
            case .first: (false, false)
            default: (false, true)
            }
            let (match, needed) = firstPassing(scanned, bound, reverse: fromEnd, of: cache)
            examined = match == nil ? list.count : (fromEnd ? after : before) + needed
            if answersBool {
                result = .bool(match != nil)
            } else {
                result = match.map { .donation(list.stream, $0) } ?? .null
            }
        case .allSatisfy:
            var failed = false
            if before > 0 {
                // The first donation is outside the window: it fails, and decides.
                failed = true
                examined = 1
            } else if case .contiguous(let rows) = scanned.positions, let searcher = searcher(bound, cache, scanned.stream) {
                // Over a range: found by the filter's own search or its truths' (see `searcher`), without
                // making batches of positions.
                if let failing = searcher._withUnsafeGuaranteedRef({ $0.firstFailing(in: rows, bound.scratch, batch: bound.batch) }) {
                    failed = true
                    examined = failing - rows.lowerBound + 1
                } else if after > 0 {
                    failed = true
                    examined = rows.count + 1
                } else {
                    examined = rows.count
                }
            } else {
                let needed = scanBatches(scanned, bound, reverse: false) { rows, selected in
                    guard selected.count < rows.count else { return nil }
                    failed = true
                    // The first row that did not pass: where the selection first differs.
                    var index = 0
                    while index < selected.count && rows[index] == selected[index] { index += 1 }
                    return index + 1
                }
                if !failed && after > 0 {
                    failed = true
                    examined = needed + 1
                } else {
                    examined = needed
                }
            }
            result = .bool(!failed)
        }
        try tick(examined * steps.perElement + list.count * steps.perSourceElement + (meter?.steps ?? 0), range)
        try chargeReaching(reaching, list, examined: examined, fromEnd: mode.searchesFromEnd, range)
        return result
    }

    /// `filter(p).count OP k`: the unfused filter goes through every element, so every one is
    /// charged; counting stops as soon as the answer is known when the charge needs no more
    /// testing (no string search in the predicate, whose work depends on each row).
    /// (The predicate, if any, is the one `filters` binds, see `scan`.)
    mutating func countCompare(_ list: DonationList, _ op: ComparisonOperator, _ k: Int,
                                       perElement: Int, _ filters: BoundFilterCache, _ range: SourceRange) throws(Interrupt) -> Bool {
        // Past `k + 1` matches no comparison with `k` can change.
        let enough = k < 0 ? 0 : (k == Int.max ? k : k + 1)
        var matches = 0
        var searchSteps = 0
        let hasPredicate = filters.hasPredicate
        if hasPredicate, let lookup = joinLookup(list, filters) {
            // Nested in a closure over another list: from an index of this one (see `JoinPlan`).
            matches = min(lookup.matches?.count ?? 0, enough)
        } else if hasPredicate {
            let searches = filters.searchesStrings
            if enough > 0 || searches {
                (matches, searchSteps) = try withWindowedScan(list, filters) { ev, bound, cache, scanned, _, _ in
                    var matches = 0
                    // (Not for nested scans, tested one row at a time so that none runs past the
                    // row that decides, see `scanBatches`.)
                    if !bound.testsRowByRow, case .contiguous(let rows) = scanned.positions,
                       let counter = ev.rowCounter(bound, cache, scanned.stream),
                       let counted = counter._withUnsafeGuaranteedRef({ Evaluator.count(rows, $0, upTo: searches ? Int.max : enough) }) {
                        matches = counted
                    } else {
                        _ = ev.scanBatches(scanned, bound, reverse: false, stopsEarly: !searches) { _, selected in
                            matches += selected.count
                            return !searches && matches >= enough ? 0 : nil
                        }
                    }
                    return (min(matches, enough), bound.meter?.steps ?? 0)
                }
            }
        } else {
            matches = min(list.count, enough)
        }
        try tick(list.count * perElement + searchSteps, range)
        return Evaluator.compare(op, .int(matches), .int(k))
    }

    /// What searches a contiguous range for the first row that passes (or fails) a bound filter
    /// of the predicate of `cache`: the filter itself, unless it is `&&`, `||` or `!` over a
    /// computed test (`TruthFilter`, `abs($0.score - 2.5) < 0.05`). `AndFilter` searches each
    /// operand in turn from where the other stopped, and each turn of a computed test computes
    /// a block of truths afresh; the whole predicate as truths (`rowCounter`) computes each
    /// block once. Both find the same row: a scanned predicate cannot fail, and one that
    /// charges work is not searched by truths.
    ///
    /// A filter that tests some rows through a closure (a string test, a nil test of a string)
    /// is searched by its truths too, where it charges no work: the typed tests in their loops,
    /// the others only on the rows where they decide (see `TestColumn`). Otherwise a filter that
    /// tests a row at a time searches by itself (see `RowFilter.searchesRowAtATime`). Nil when
    /// none of these can search a range: the caller selects batches of positions instead.
    /// (Unretained: `bound` keeps its filter and its truths alive, and a retain and release per
    /// search are atomic operations at every evaluation.)
    @inline(__always)
    func searcher(_ bound: BoundFilterCache.Entry, _ cache: BoundFilterCache?, _ stream: DonationStream) -> Unmanaged<RowFilter>? {
        if bound.filter.isColumnar {
            guard let cache, bound.filter.turnsOnComputedTest, let truths = rowCounter(bound, cache, stream) else {
                return Unmanaged.passUnretained(bound.filter)
            }
            return truths
        }
        if let cache, bound.meter == nil, !bound.testsRowByRow, let truths = rowCounter(bound, cache, stream),
           truths.toOpaque() != Unmanaged.passUnretained(bound.filter).toOpaque() {
            return truths
        }
        return bound.filter.searchesRowAtATime ? Unmanaged.passUnretained(bound.filter) : nil
    }

    /// How many rows of a contiguous range pass `counter`, counted in spans growing from 16 rows
    /// fourfold, stopping once `limit` are found: a count that only needs to reach a few
    /// matches reads little past them. Nil when the counter has no count (see `rowCounter`).
    static func count(_ rows: Range<Int>, _ counter: RowFilter, upTo limit: Int) -> Int? {
        var counted = 0, start = rows.lowerBound, span = 16
        while start < rows.upperBound && counted < limit {
            let end = rows.upperBound - start <= span ? rows.upperBound : start + span
            guard let passing = counter.count(in: start..<end) else { return nil }
            counted += passing
            start = end
            span = span < rows.count / 4 ? span * 4 : rows.count
        }
        return counted
    }

    /// The position of the first donation of the list (the last, with `reverse`) that passes a
    /// bound filter, and how many of the list's rows a scan went through to find it (all of
    /// them when none passes).
    /// (With the filter's `cache`, a search that would turn on a computed test goes through the
    /// predicate's truths instead, see `searcher`.)
    func firstPassing(_ list: DonationList, _ bound: BoundFilterCache.Entry, reverse: Bool,
                      of cache: BoundFilterCache? = nil) -> (match: Int?, needed: Int) {
        if !reverse, case .contiguous(let rows) = list.positions, let searcher = searcher(bound, cache, list.stream) {
            // Over a range: found by the filter's own search or its truths' (see `searcher`), without
            // making batches of positions.
            let match = searcher._withUnsafeGuaranteedRef { $0.firstPassing(in: rows, bound.scratch, batch: bound.batch) }
            return (match, match.map { $0 - rows.lowerBound + 1 } ?? rows.count)
        }
        if reverse, case .contiguous(let rows) = list.positions, bound.filter.searchesRowAtATime {
            // From the end a row at a time, as `firstPassing` searches from the start.
            let match = bound.filter.lastPassing(in: rows)
            return (match, match.map { rows.upperBound - $0 } ?? rows.count)
        }
        if !reverse, let and = bound.filter as? AndFilter, and.second.searchesRowAtATime, and.first.isColumnar,
           case .contiguous(let rows) = list.positions {
            // `p && q` where `q` is tested a row at a time (a closure a row, a nested scan):
            // blocks of rows through `p`'s loop, growing from 8, then `q` tested on the rows
            // `p` passes, in order, up to the first that passes it: the rows, and the only rows,
            // the closure tests `q` on. (`p` tests columns: it charges nothing.)
            var start = rows.lowerBound, size = 8
            let candidates = bound.scratch + bound.batch
            while start < rows.upperBound {
                let end = rows.upperBound - start <= size ? rows.upperBound : start + size
                let kept = and.first.select(in: start..<end, bound.scratch, candidates)
                if let index = and.second.firstPassing(among: UnsafeBufferPointer(start: candidates, count: kept)) {
                    return (candidates[index], candidates[index] - rows.lowerBound + 1)
                }
                start = end
                size = min(size * 2, bound.batch)
            }
            return (nil, rows.count)
        }
        if !reverse, bound.testsRowByRow, let and = bound.filter as? AndFilter, and.first.isColumnar,
           case .contiguous(let rows) = list.positions {
            // `p && q` where `q` tests a row at a time by way of a nested scan inside it: the rows
            // `p` fails skipped by its own search, `q` tested on each row `p` passes, in order.
            // These are the rows, and the only rows, that a batch of one row at a time would
            // test `q` on.
            var start = rows.lowerBound
            let row = bound.scratch, passed = bound.scratch + bound.batch
            while start < rows.upperBound, let candidate = and.first.firstPassing(in: start..<rows.upperBound, bound.scratch, batch: bound.batch) {
                row[0] = candidate
                if and.second.select(UnsafeBufferPointer(start: row, count: 1), passed) == 1 {
                    return (candidate, candidate - rows.lowerBound + 1)
                }
                start = candidate + 1
            }
            return (nil, rows.count)
        }
        var match: Int?
        let needed = scanBatches(list, bound, reverse: reverse) { rows, selected in
            guard let first = selected.first else { return nil }
            match = first
            return rows.firstIndex(of: first)! + 1
        }
        return (match, needed)
    }

    /// Runs a filter over the list a batch at a time (see `RowFilter`) and calls `body` with
    /// each batch's positions and those that pass; `body` returns nil to go on, or how many of
    /// the batch's rows the scan needed to stop. Returns how many rows were needed in all, and
    /// leaves in the meter the work of those rows only. Batches start small and grow, so a
    /// scan that stops at an early match tests few rows past it.
    /// (`stopsEarly` false: `body` never stops the scan, so whole batches are tested even
    /// where a filter's tests are scans of their own, see `Entry.testsRowByRow`.)
    func scanBatches(_ list: DonationList, _ bound: BoundFilterCache.Entry, reverse: Bool, stopsEarly: Bool = true,
                     _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>) -> Int?) -> Int {
        let count = list.count
        let filter = bound.filter, meter = bound.meter
        let input = bound.scratch, output = input + bound.batch
        let rowByRow = stopsEarly && bound.testsRowByRow
        // A filter that charges for its work (a string search, a case conversion) does it for
        // every row of a batch, and again for those a search needed: its batches start at 4
        // rows rather than 16, so that less is done past the row that decides. (A case
        // conversion or a search costs a hundred instructions or more a row, as much as a
        // batch's own overhead.) Batches double, so a search that ends early computes at most
        // about twice the rows the closure tests; growing by 4 computed up to four times as many,
        // for one batch fewer over a whole list (W153, a search that ends a third of the way:
        // 6.4 -> 3.5 us; over all the shapes, the same time).
        let growth = 2
        var done = 0, size = rowByRow ? 1 : min(stopsEarly && meter != nil ? 4 : 16, bound.batch)
        while done < count {
            let n = min(size, count - done)
            switch list.positions {
            case .contiguous(let range):
                if reverse {
                    for i in 0..<n { input[i] = range.upperBound - 1 - done - i }
                } else {
                    for i in 0..<n { input[i] = range.lowerBound + done + i }
                }
            case .scattered(let positions):
                positions.withUnsafeBufferPointer { positions in
                    if reverse {
                        for i in 0..<n { input[i] = positions[count - 1 - done - i] }
                    } else {
                        for i in 0..<n { input[i] = positions[done + i] }
                    }
                }
            }
            let rows = UnsafeBufferPointer(start: input, count: n)
            let metered = meter?.steps ?? 0
            let kept = filter.select(rows, output)
            if let needed = body(rows, UnsafeBufferPointer(start: output, count: kept)) {
                if let meter, needed < n, meter.steps != metered {
                    // Only the rows the scan needed did their work: test those again. (Work
                    // charges no negative steps, so a batch that charged none needs no second test.)
                    meter.steps = metered
                    _ = filter.select(UnsafeBufferPointer(rebasing: rows[..<needed]), output)
                }
                return done + needed
            }
            done += n
            if !rowByRow { size = min(size * growth, bound.batch) }
        }
        return count
    }

    /// Runs `body` with a scan's bound filter, its cache and the donations it tests: over a
    /// contiguous list, for a predicate with date conditions, the filter of the rest of it (see
    /// `DateWindowPlan`) and the window the conditions allow, with how many of the list's
    /// donations lie before and after it; otherwise the whole predicate's filter and the whole
    /// list. The bound filter goes back into its cache after.
    /// (All of them passed borrowed: returned from a function, each would be retained and
    /// released, at an atomic operation's cost, at every evaluation.)
    @inline(__always)
    mutating func withWindowedScan<T>(
        _ list: DonationList, _ filters: BoundFilterCache,
        _ body: (inout Evaluator, BoundFilterCache.Entry, BoundFilterCache, DonationList, _ before: Int, _ after: Int) throws(Interrupt) -> T
    ) throws(Interrupt) -> T {
        if let plan = filters.windowPlan, case .contiguous(let whole) = list.positions {
            let residual = plan.residualFilters
            let bound = boundFilter(list.stream, residual)
            defer { residual.put(bound) }
            if let window = dateWindow(plan, whole, list.stream.dates, bound) {
                return try body(&self, bound, residual, DonationList(stream: list.stream, positions: .contiguous(window.rows)),
                                window.before, window.after)
            }
        }
        let bound = boundFilter(list.stream, filters)
        defer { filters.put(bound) }
        return try body(&self, bound, filters, list, 0, 0)
    }
}

extension ScanMode {
    /// Whether a search goes through the list from its end (`last(where:)`, and `contains`
    /// searched from there).
    var searchesFromEnd: Bool {
        switch self {
        case .last, .containsFromEnd: true
        default: false
        }
    }
}
