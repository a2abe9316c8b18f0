import TipRulesSemantics
import TipRulesSyntax

/// Searches of another list inside a row's test (`contains`, `first(where:)`, `last(where:)` over
/// the same or another event), bound as searches, joins or windows over that list's stream.
extension RowPredicateBinder {
    /// A nested scan run for the outer row at each position (`NestedSearch.match(at:)`): the
    /// position in the other list's stream of the row that decides it (the first that holds for `contains` and `first`, the
    /// last that holds for `last`, the first that fails for `allSatisfy`), nil when none does.
    /// The inner predicate, bound once to the other list's stream, reads the outer row through a
    /// cursor set row by row; each search charges the meter what the fused inner scan charges
    /// in the closure: its closure's steps for the inner rows it goes through (as
    /// `Evaluator.scan` counts them over a window or from a join index), and its source's per
    /// element.
    func nestedSearch(_ scan: NestedScan, over list: DonationList?) -> NestedSearch {
        let cursor = RowCursor()
        guard let list else { return NestedSearch(.nothing, cursor: cursor, meter: meter, perElement: 0, sourceSteps: 0) }
        var binder = RowPredicateBinder(stream: list.stream, invariants: invariants, meter: meter)
        binder.enclosingRow = EnclosingRow(slot: scan.rowSlot, stream: stream, cursor: cursor)
        let inner: NestedSearch.Inner
        if scan.mode != .allSatisfy, let joined = binder.joinedScan(scan, list) {
            inner = .rows(joined)
        } else if case .contiguous(let whole) = list.positions, let windowed = binder.windowedScan(scan, whole) {
            inner = .window(windowed)
        } else if scan.mode != .allSatisfy, case .contiguous(let rows) = list.positions,
                  let search = ComparisonPlan(scan.predicate).flatMap(binder.comparedSearch) {
            let fromEnd = scan.mode == .last
            inner = .rows {
                let match = search(rows, fromEnd)
                return (RowPredicateBinder.examined(rows, match, fromEnd: fromEnd), match)
            }
        } else {
            let test = binder.bind(scan.predicate), wanted = scan.mode != .allSatisfy
            func decides(_ rows: some Sequence<Int>) -> (examined: Int, match: Int?) {
                var examined = 0
                for row in rows {
                    examined &+= 1
                    if test(row) == wanted { return (examined, row) }
                }
                return (examined, nil)
            }
            switch (list.positions, scan.mode == .last) {
            case (.contiguous(let rows), false): inner = .rows { decides(rows) }
            case (.contiguous(let rows), true): inner = .rows { decides(rows.reversed()) }
            case (.scattered(let rows), false): inner = .rows { decides(rows) }
            case (.scattered(let rows), true): inner = .rows { decides(rows.reversed()) }
            }
        }
        return NestedSearch(inner, cursor: cursor, meter: meter, perElement: scan.perElement,
                            sourceSteps: list.count * scan.perSourceElement)
    }

    /// A nested `contains` or `allSatisfy` in the outer closure (`RowPredicate.exists`), or
    /// `other.first { ... } == nil` (`!=`), as a filter of the outer rows (see
    /// `NestedScanFilter`); nil for other predicates.
    func nestedScanFilter(_ predicate: RowPredicate) -> RowFilter? {
        switch predicate {
        case .exists(let scan):
            let search = nestedSearch(scan, over: RowPredicateBinder.donations(invariant(.hoisted(scan.list))))
            return NestedScanFilter(search, passesWhenFound: scan.mode != .allSatisfy)
        case .compare(.function(.nestedFind(let scan, field: nil), let list, nil), let op, let k) where op == .equal || op == .notEqual,
             .compare(let k, let op, .function(.nestedFind(let scan, field: nil), let list, nil)) where op == .equal || op == .notEqual:
            // (With no other list, the generic test: it finds nothing without a search.)
            guard k.isInvariant, case .null = invariant(k), let donations = RowPredicateBinder.donations(invariant(list)) else { return nil }
            return NestedScanFilter(nestedSearch(scan, over: donations), passesWhenFound: op == .notEqual)
        default:
            return nil
        }
    }

    /// `other.last { ... }?.field` (see `RowFunction.nestedFind`): the found row's date or
    /// field for the outer row at each position, typed as the column is; nil where none is
    /// found (or the field is nil).
    func nestedFind(_ scan: NestedScan, field: Int?, _ list: RowPredicate.Operand) -> Bound {
        guard let list = RowPredicateBinder.donations(invariant(list)) else { return .value(.null) }
        let search = nestedSearch(scan, over: list)
        guard let field else {
            let dates = list.stream.dates
            return .computedOptionalNumbers({ search.match(at: $0).map { dates[$0] } }, isDate: true)
        }
        switch list.stream.columns[field] {
        case .int(let items): return .computedOptionalInts { search.match(at: $0).map { items[$0] } }
        case .double(let items): return .computedOptionalNumbers({ search.match(at: $0).map { items[$0] } }, isDate: false)
        case .date(let items): return .computedOptionalNumbers({ search.match(at: $0).map { items[$0] } }, isDate: true)
        case .string(let items): return .computedOptionalStrings { search.match(at: $0).map { items[$0] } }
        case .bool(let items): return .values { search.match(at: $0).map { .bool(items[$0]) } ?? .null }
        case .optionalInt(let items): return .computedOptionalInts { search.match(at: $0).flatMap { items[$0] } }
        case .optionalDouble(let items): return .computedOptionalNumbers({ search.match(at: $0).flatMap { items[$0] } }, isDate: false)
        case .optionalDate(let items): return .computedOptionalNumbers({ search.match(at: $0).flatMap { items[$0] } }, isDate: true)
        case .optionalString(let items): return .computedOptionalStrings { search.match(at: $0).flatMap { items[$0] } }
        case .values(let items): return .values { search.match(at: $0).map { items[$0] } ?? .null }
        }
    }

    /// A nested scan of a contiguous list with date conditions (see `DateWindowPlan`): only
    /// the rows in the window they allow for the outer row are tested. Nil when the predicate
    /// has no date condition (nor, for an `allSatisfy`, its negation).
    func windowedScan(_ scan: NestedScan, _ whole: Range<Int>) -> NestedWindow? {
        // An `allSatisfy` is decided by the first row where its predicate fails, which is where
        // the predicate's negation first holds: when only the negation has date conditions
        // (`$0.date < l.date || $0.date > l.date.addingTimeInterval(3600)`), the window is that
        // `contains`'s, the same rows gone through and the same row deciding.
        var (plan, mode) = (DateWindowPlan(scan.predicate), scan.mode)
        if plan == nil, mode == .allSatisfy { (plan, mode) = (DateWindowPlan(.not(scan.predicate)), .contains) }
        guard let plan, let row = enclosingRow else { return nil }
        var reads: [NestedWindow.Read] = []
        for operand in plan.invariants {
            // The outer row's date or `Double` field read from its column; anything else bound.
            switch operand {
            case .outerDate(let slot) where slot == row.slot:
                reads.append(.outer(row.stream.dates))
                continue
            case .outerField(let slot, let field) where slot == row.slot:
                switch row.stream.columns[field] {
                case .double(let items), .date(let items):
                    reads.append(.outer(items))
                    continue
                default:
                    break
                }
            default:
                break
            }
            guard let number = number(bind(operand)) else { return nil }
            if case .constant(let k) = number { reads.append(.constant(k)) } else { reads.append(.computed(number.read)) }
        }
        return NestedWindow(plan: plan, reads: reads, residual: bind(plan.residual),
                            residualIsFixed: RowPredicateBinder.isFixedResidual(plan.residual, enclosing: row.slot),
                            joined: JoinPlan(plan.residual).flatMap(joinedSearch) ?? ComparisonPlan(plan.residual).flatMap(comparedSearch),
                            dates: stream.dates, whole: whole, cursor: row.cursor, mode: mode)
    }

    /// Whether a nested scan's residual is the same test of each inner row whatever the outer
    /// row (see `NestedWindow.residualIsFixed`): it reads nothing of the enclosing row, nor a
    /// value hoisted out of the closure or a fold's accumulator; it has no nested scan of its
    /// own; and testing a row charges no steps for its work (a string search, a string's
    /// `count`) and cannot fail (`Int` arithmetic), so testing rows the closure would not
    /// test changes neither the steps nor the outcome.
    static func isFixedResidual(_ residual: RowPredicate, enclosing slot: Int) -> Bool {
        !residual.searchesStrings && !residual.hasIntArithmetic && !residual.nestsScan
            && !residual.containsOperand { operand in
                switch operand {
                case .hoisted, .accumulator: return true
                default: return operand.readsEnclosingRow(slot) || operand.chargesWork || operand.hasIntArithmetic
                }
            }
    }

    /// For a join (`field == key` of an `Int` or `String` field and a value of the outer row,
    /// with a rest that reads none, see `JoinPlan`): a search of rows for the first (or last)
    /// that passes it, the key read once and the field compared in a loop. Nil for a field of
    /// another type.
    func joinedSearch(_ plan: JoinPlan) -> ((Range<Int>, _ fromEnd: Bool) -> Int?)? {
        let bound = bind(plan.key), rest = plan.rest?.predicate.map { bind($0) }
        // (Each closure captures what it calls, and no optional closure: unwrapping one at
        // every search retains and releases its context.)
        switch stream.columns[plan.field] {
        case .int(let items):
            if case .computedInts(let key) = bound {
                guard let rest else {
                    return { rows, fromEnd in RowPredicateBinder.firstComparing(items, .equal, key(0), rows, fromEnd: fromEnd) { _ in true } }
                }
                return { rows, fromEnd in RowPredicateBinder.firstComparing(items, .equal, key(0), rows, fromEnd: fromEnd, rest) }
            }
            let key = values(bound), rest = rest ?? { _ in true }
            return { rows, fromEnd in
                guard case .int(let k) = key(0) else { return nil }
                return RowPredicateBinder.firstComparing(items, .equal, k, rows, fromEnd: fromEnd, rest)
            }
        case .string(let items):
            let key = values(bound), rest = rest ?? { _ in true }
            return { rows, fromEnd in
                guard case .string(let k) = key(0) else { return nil }
                return RowPredicateBinder.firstComparing(items, .equal, k, rows, fromEnd: fromEnd, rest)
            }
        default:
            return nil
        }
    }

    /// How many of `rows` a search goes through to find `match` (from the end, `fromEnd`):
    /// up to and including it, or all of them when it finds none.
    @inline(__always)
    static func examined(_ rows: Range<Int>, _ match: Int?, fromEnd: Bool) -> Int {
        guard let match else { return rows.count }
        return fromEnd ? rows.upperBound &- match : match &- rows.lowerBound &+ 1
    }

    /// A nested `contains`, `first` or `last` looking for an `Int` or `String` field equal to a
    /// value of the outer row (see `JoinPlan`): the list gone through in a loop of plain
    /// comparisons with the value read once, and, once the outer rows tested so far have gone
    /// through more than `JoinState.indexAfter` times the list, answered from an index of it
    /// (where the first and last matches are, so the rows gone through are the same). Nil for
    /// any other scan.
    func joinedScan(_ scan: NestedScan, _ list: DonationList) -> (() -> (examined: Int, match: Int?))? {
        guard case .contiguous(let rows) = list.positions, let plan = JoinPlan(scan.predicate), let search = joinedSearch(plan) else { return nil }
        let stream = self.stream, count = list.count, fromEnd = scan.mode == .last
        // An `Int` key is read as a machine `Int` (its index is usually a dense table, quick
        // to build: see `JoinIndex`); any other as a value.
        let lookUp: (JoinIndex) -> JoinMatches?
        switch bind(plan.key) {
        case .computedInts(let key): lookUp = { $0.matches(ofInt: key(0)) }
        case let bound:
            let key = values(bound)
            lookUp = { $0.matches(of: key(0)) }
        }
        let indexAfter: Int
        if case .int = stream.columns[plan.field] { indexAfter = JoinState.intIndexAfter } else { indexAfter = JoinState.indexAfter }
        let state = JoinState()
        return {
            // (Through the unmanaged reference: a strong one read from the state is retained
            // and released at every row.)
            if let index = state.unmanagedIndex {
                guard let matches = index._withUnsafeGuaranteedRef(lookUp) else { return (count, nil) }
                return fromEnd ? (count - matches.last, rows.lowerBound + matches.last) : (matches.first + 1, rows.lowerBound + matches.first)
            }
            let match = search(rows, fromEnd)
            let answer = (examined: RowPredicateBinder.examined(rows, match, fromEnd: fromEnd), match: match)
            state.work += answer.examined
            if state.work > indexAfter * count {
                let rest = plan.rest?.predicate.map { bind($0) }
                let kept = rest.map { rest in rows.filter(rest) } ?? Array(rows)
                state.keep(JoinIndex(stream: stream, rows: rows, clock: 0, restValues: [], field: plan.field, kept: kept))
            }
            return answer
        }
    }

    /// A value of a donation list type as a list; nil for an empty array (which has no stream).
    static func donations(_ value: Value) -> DonationList? {
        switch value {
        case .donations(let list): return list
        case .array(let items):
            guard case .donation(let stream, _)? = items.first else { return nil }
            return DonationList(stream: stream, positions: .scattered(items.map { item in
                guard case .donation(_, let position) = item else { preconditionFailure("non-donation in a donation array") }
                return position
            }))
        default:
            preconditionFailure("a nested scan over a value that is no donation list")
        }
    }

    /// The outer row's field or date, read at the cursor (see `enclosingRow`).
    func enclosing(_ operand: RowPredicate.Operand, _ row: EnclosingRow) -> Bound {
        let cursor = row.cursor
        switch operand {
        case .outerDate:
            let dates = row.stream.dates
            return .number(.computed { _ in dates[cursor.position] })
        case .outerField(_, let field):
            switch row.stream.columns[field] {
            case .int(let items): return .computedInts { _ in items[cursor.position] }
            case .double(let items), .date(let items): return .number(.computed { _ in items[cursor.position] })
            case .bool(let items): return .computedBools { _ in items[cursor.position] }
            case let column: return .values { _ in column[cursor.position] }
            }
        default:
            preconditionFailure("an outer row read as something else than its field or date")
        }
    }
}
