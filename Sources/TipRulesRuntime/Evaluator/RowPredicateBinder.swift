import TipRulesSemantics
import TipRulesSyntax

/// Turns a `RowPredicate` into a test of stream positions, bound once per scan to the stream's
/// columns and to the values that are the same for every row (constants, parameters, the clock
/// and the parameters of enclosing closures).
///
/// Operands keep their machine type where the column has one, so the usual comparisons (a
/// field or the date against a value, `Double` arithmetic on a field) run as closures over
/// plain arrays, without `Value`s or reference counting per row. The result is the closure's
/// result exactly: the same operators on the same machine values, in the same order.
struct RowPredicateBinder {
    let stream: DonationStream
    /// Where row-invariant operands are read from.
    let invariants: RowInvariants
    /// Where `contains` tests add the steps the `contains` built-in charges for its work, row
    /// by row, so a fused scan charges what the closure would have (see `StepMeter`).
    var meter: StepMeter? = nil
    /// What a fold has accumulated so far, which `.accumulator` operands read.
    var accumulator: FoldAccumulator? = nil
    /// When set, `Int` arithmetic, `abs` of an `Int` and `Int(d)` are computed with the
    /// operations that report failure and record one here, instead of having been proven
    /// unable to fail before the scan: a fold whose step computes on its accumulator, whose
    /// values no proof can bound beforehand, gives way when one did (see `Evaluator.fold`).
    var failures: ArithmeticFailures? = nil
    /// For the predicate of a nested scan, the outer scan's row it reads as its enclosing
    /// element (see `NestedScan`).
    var enclosingRow: EnclosingRow? = nil

    /// The value of a row-invariant operand.
    func invariant(_ operand: RowPredicate.Operand) -> Value {
        invariants.value(operand)
    }

    /// The most rows a batch of a scan over this stream holds: no list of it is longer than
    /// the stream.
    var batch: Int { RowPredicateBinder.batch(for: stream) }

    static func batch(for stream: DonationStream) -> Int {
        min(RowFilter.batch, max(1, stream.count))
    }

    /// A `Double` (or `Date`, as seconds since 2001) operand.
    enum Number {
        case constant(Double)
        case column(ColumnArray<Double>)
        case computed((Int) -> Double)

        var read: (Int) -> Double {
            switch self {
            case .constant(let k): return { _ in k }
            case .column(let items): return { items[$0] }
            case .computed(let f): return f
            }
        }
    }

    /// An operand bound to the stream.
    private enum Bound {
        /// The same for every row.
        case value(Value)
        case number(Number)
        case ints(ColumnArray<Int>)
        case strings(ColumnArray<String>)
        case bools(ColumnArray<Bool>)
        /// `Int` arithmetic, computed per row.
        case computedInts((Int) -> Int)
        /// A `Bool` computed per row (membership in a list of constants).
        case computedBools((Int) -> Bool)
        /// An optional `Int` field's column.
        case optionalInts(ColumnArray<Int?>)
        /// An optional `Int` computed per row (`s?.count` of an optional string field).
        case computedOptionalInts((Int) -> Int?)
        /// An optional `Double` or `Date` field's column (dates as seconds).
        case optionalNumbers(ColumnArray<Double?>, isDate: Bool)
        /// An optional `Double` or `Date` computed per row (a nested `first(where:)`'s date).
        case computedOptionalNumbers((Int) -> Double?, isDate: Bool)
        /// An optional `String` field's column.
        case optionalStrings(ColumnArray<String?>)
        /// `s ?? k` of an optional `String` field and a constant.
        case coalescedStrings(ColumnArray<String?>, String)
        /// A `String` computed per row (`s ?? t`, `name.lowercased()`).
        case computedStrings((Int) -> String)
        /// An optional `String` computed per row (`s?.lowercased()` of an optional field).
        case computedOptionalStrings((Int) -> String?)
        /// Another optional field's column (`Bool?`), whose values a nil test reads in place.
        case optionals(ColumnArray<Value>)
        /// Anything else, as values.
        case values((Int) -> Value)
    }

    func bind(_ predicate: RowPredicate) -> (Int) -> Bool {
        switch predicate {
        case .constant(let flag):
            return { _ in flag }
        case .and(let a, let b):
            let first = bind(a), second = bind(b)
            return { first($0) && second($0) }
        case .or(let a, let b):
            let first = bind(a), second = bind(b)
            return { first($0) || second($0) }
        case .not(let a):
            let inner = bind(a)
            return { !inner($0) }
        case .compare(.function(.stringCount, let text, nil), let op, let b) where op == .equal || op == .notEqual:
            // (Not `??` of the two closures: see below.)
            if let test = optionalCount(of: text, op, bind(b)) { return test }
            return compare(bind(.function(.stringCount, text, nil)), op, bind(b))
        case .compare(let a, let op, .function(.stringCount, let text, nil)) where op == .equal || op == .notEqual:
            if let test = optionalCount(of: text, op, bind(a)) { return test }
            return compare(bind(a), op, bind(.function(.stringCount, text, nil)))
        case .compare(let a, let op, let b):
            if op == .equal || op == .notEqual {
                // (Not `??` of the two: a closure through a generic function is reabstracted,
                // which costs a thunk on each call.)
                if let test = caseMapped(a, .equal, inverted: op == .notEqual, b) { return test }
                if let test = caseMapped(b, .equal, inverted: op == .notEqual, a) { return test }
            }
            return compare(bind(a), op, bind(b))
        case .string(let a, let test, let b):
            let mappedTest: CaseMappedTest.Test? = switch test {
            case .hasPrefix: .hasPrefix
            case .hasSuffix: .hasSuffix
            case .contains: .contains
            case .isEmpty: nil
            }
            if let mappedTest, let test = caseMapped(a, mappedTest, inverted: false, b) { return test }
            return string(bind(a), test, bind(b))
        case .exists(let scan):
            let search = nestedSearch(scan, over: RowPredicateBinder.donations(invariant(.hoisted(scan.list))))
            // `allSatisfy` is decided by a row that fails, `contains` by one that holds.
            return scan.mode == .allSatisfy ? { search.match(at: $0) == nil } : { search.match(at: $0) != nil }
        }
    }

    /// A nested scan run for the outer row at each position (`NestedSearch.match(at:)`): the
    /// position in the other list's stream of the row that decides it (the first that holds for `contains` and `first`, the
    /// last that holds for `last`, the first that fails for `allSatisfy`), nil when none does.
    /// The inner predicate, bound once to the other list's stream, reads the outer row through a
    /// cursor set row by row; each search charges the meter what the fused inner scan charges
    /// in the closure: its closure's steps for the inner rows it goes through (as
    /// `Evaluator.scan` counts them over a window or from a join index), and its source's per
    /// element.
    private func nestedSearch(_ scan: NestedScan, over list: DonationList?) -> NestedSearch {
        let cursor = RowCursor()
        guard let list else { return NestedSearch(.nothing, cursor: cursor, meter: meter, perElement: 0, sourceSteps: 0) }
        var binder = RowPredicateBinder(stream: list.stream, invariants: invariants, meter: meter)
        binder.enclosingRow = EnclosingRow(slot: scan.rowSlot, stream: stream, cursor: cursor)
        let inner: NestedSearch.Inner
        if scan.mode != .allSatisfy, let joined = binder.joinedScan(scan, list) {
            inner = .rows(joined)
        } else if case .contiguous(let whole) = list.positions, let windowed = binder.windowedScan(scan, whole) {
            inner = .window(windowed)
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
    private func nestedFind(_ scan: NestedScan, field: Int?, _ list: RowPredicate.Operand) -> Bound {
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
    private func windowedScan(_ scan: NestedScan, _ whole: Range<Int>) -> NestedWindow? {
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
        return NestedWindow(plan: plan, reads: reads, residual: bind(plan.residual), joined: JoinPlan(plan.residual).flatMap(joinedSearch),
                            dates: stream.dates, whole: whole, cursor: row.cursor, mode: mode)
    }

    /// For a join (`field == key` of an `Int` or `String` field and a value of the outer row,
    /// with a rest that reads none, see `JoinPlan`): a search of rows for the first (or last)
    /// that passes it, the key read once and the field compared in a loop. Nil for a field of
    /// another type.
    private func joinedSearch(_ plan: JoinPlan) -> ((Range<Int>, _ fromEnd: Bool) -> Int?)? {
        let bound = bind(plan.key), rest = plan.rest?.predicate.map { bind($0) }
        // (Each closure captures what it calls, and no optional closure: unwrapping one at
        // every search retains and releases its context.)
        switch stream.columns[plan.field] {
        case .int(let items):
            if case .computedInts(let key) = bound {
                guard let rest else {
                    return { rows, fromEnd in RowPredicateBinder.firstMatch(of: key(0), in: items, rows, fromEnd: fromEnd) { _ in true } }
                }
                return { rows, fromEnd in RowPredicateBinder.firstMatch(of: key(0), in: items, rows, fromEnd: fromEnd, rest) }
            }
            let key = values(bound), rest = rest ?? { _ in true }
            return { rows, fromEnd in
                guard case .int(let k) = key(0) else { return nil }
                return RowPredicateBinder.firstMatch(of: k, in: items, rows, fromEnd: fromEnd, rest)
            }
        case .string(let items):
            let key = values(bound), rest = rest ?? { _ in true }
            return { rows, fromEnd in
                guard case .string(let k) = key(0) else { return nil }
                return RowPredicateBinder.firstMatch(of: k, in: items, rows, fromEnd: fromEnd, rest)
            }
        default:
            return nil
        }
    }

    /// The first position of `rows` (the last, `fromEnd`) whose field is `k` and where `rest`
    /// holds.
    @inline(__always)
    private static func firstMatch<Key: Equatable>(of k: Key, in items: ColumnArray<Key>, _ rows: Range<Int>, fromEnd: Bool,
                                                   _ rest: (Int) -> Bool) -> Int? {
        items.withUnsafeBufferPointer { column in
            precondition(rows.isEmpty || rows.upperBound <= column.count, "a join search past its column")
            if fromEnd {
                for position in rows.reversed() where column[position] == k && rest(position) { return position }
            } else {
                for position in rows where column[position] == k && rest(position) { return position }
            }
            return nil
        }
    }

    /// A nested `contains`, `first` or `last` looking for an `Int` or `String` field equal to a
    /// value of the outer row (see `JoinPlan`): the list gone through in a loop of plain
    /// comparisons with the value read once, and, once the outer rows tested so far have gone
    /// through more than `JoinState.indexAfter` times the list, answered from an index of it
    /// (where the first and last matches are, so the rows gone through are the same). Nil for
    /// any other scan.
    private func joinedScan(_ scan: NestedScan, _ list: DonationList) -> (() -> (examined: Int, match: Int?))? {
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
            let answer = (examined: match.map { fromEnd ? rows.upperBound - $0 : $0 - rows.lowerBound + 1 } ?? count, match: match)
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
    private static func donations(_ value: Value) -> DonationList? {
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
    private func enclosing(_ operand: RowPredicate.Operand, _ row: EnclosingRow) -> Bound {
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

    /// `s?.count == k` (or `!=`, or against nil) of an optional string field, counted in place
    /// without an optional value per row: Swift's `Int? == Int`, nil equal to no number. Nil
    /// for anything else.
    private func optionalCount(of text: RowPredicate.Operand, _ op: ComparisonOperator, _ other: Bound) -> ((Int) -> Bool)? {
        guard case .optionalStrings(let items) = bind(text) else { return nil }
        let meter = self.meter, equal = op == .equal
        switch other {
        case .value(.int(let k)):
            return { position in
                guard let text = items[position] else { return !equal }
                meter?.charge(counting: text)
                return (StringSearch.count(text) == k) == equal
            }
        case .value(.null):
            // A string is still counted (and charged) before it is found not nil.
            return { position in
                guard let text = items[position] else { return equal }
                meter?.charge(counting: text)
                return !equal
            }
        default:
            return nil
        }
    }

    /// An `Int` operand's value at each stream position.
    func ints(_ operand: RowPredicate.Operand) -> (Int) -> Int {
        integer(bind(operand)).read
    }

    /// Any operand's value at each stream position.
    func values(_ operand: RowPredicate.Operand) -> (Int) -> Value {
        values(bind(operand))
    }

    /// A `Double` operand's value at each stream position.
    func doubles(_ operand: RowPredicate.Operand) -> (Int) -> Double {
        numeric(operand).read
    }

    /// An optional `Int` operand's value at each stream position, nil for nil: an optional
    /// field read in place, anything else through its values.
    func optionalInts(_ operand: RowPredicate.Operand) -> (Int) -> Int? {
        switch bind(operand) {
        case .optionalInts(let items): return { items[$0] }
        case .computedOptionalInts(let read): return read
        case let bound:
            let read = values(bound)
            return { position in
                switch read(position) {
                case .int(let x): return x
                case .null: return nil
                default: preconditionFailure("an optional Int operand whose value is no Int")
                }
            }
        }
    }

    /// An optional `Double` (or `Date`, as seconds) operand's value at each stream position, nil
    /// for nil: an optional field read in place, anything else through its values.
    func optionalDoubles(_ operand: RowPredicate.Operand) -> (Int) -> Double? {
        switch bind(operand) {
        case .optionalNumbers(let items, _): return { items[$0] }
        case .computedOptionalNumbers(let read, _): return read
        case let bound:
            let read = values(bound)
            return { position in
                switch read(position) {
                case .double(let x), .date(let x): return x
                case .null: return nil
                default: preconditionFailure("an optional Double operand whose value is no number")
                }
            }
        }
    }

    /// What an optional row mapping computes for each donation of a list, unwrapped, as a
    /// closure that force-unwraps it (`$0.x!`) compares it; nil when any donation's is nil.
    func unwrappedKeys(_ key: RowPredicate.Operand, of list: DonationList) -> OrderKeys? {
        switch list.positions {
        case .contiguous(let range): return unwrappedKeys(key, at: range)
        case .scattered(let positions): return unwrappedKeys(key, at: positions)
        }
    }

    private func unwrappedKeys<Positions: Collection<Int>>(_ key: RowPredicate.Operand, at positions: Positions) -> OrderKeys? {
        switch bind(key) {
        case .optionalInts(let items): return positions.allMapped { items[$0] }.map(OrderKeys.ints)
        case .computedOptionalInts(let read): return positions.allMapped(read).map(OrderKeys.ints)
        case .optionalNumbers(let items, _): return positions.allMapped { items[$0] }.map(OrderKeys.numbers)
        case .computedOptionalNumbers(let read, _): return positions.allMapped(read).map(OrderKeys.numbers)
        case let bound:
            let read = values(bound)
            return positions.allMapped { position -> Value? in
                let value = read(position)
                if case .null = value { return nil }
                return value
            }.map(OrderKeys.values)
        }
    }

    /// What a row mapping that charges work computes for each donation of a list, and the
    /// work each charged (measured by a meter of its own).
    func keysAndWork(_ key: RowPredicate.Operand, of list: DonationList) -> (keys: [Value], work: [Int]) {
        let meter = StepMeter()
        var metered = self
        metered.meter = meter
        let read = metered.values(metered.bind(key))
        var keys: [Value] = [], work: [Int] = []
        keys.reserveCapacity(list.count)
        work.reserveCapacity(list.count)
        for offset in 0..<list.count {
            let before = meter.steps
            keys.append(read(list.position(at: offset)))
            work.append(meter.steps - before)
        }
        return (keys, work)
    }

    /// What a row mapping computes for each donation of a list, typed as a comparison in a
    /// closure compares it. A field or the date of a contiguous list is copied as it is.
    func keys(_ key: RowPredicate.Operand, of list: DonationList) -> OrderKeys {
        if case .contiguous(let range) = list.positions {
            switch key {
            case .date: return .numbers(stream.dates.withUnsafeBufferPointer { Array($0[range]) })
            case .field(let index):
                switch stream.columns[index] {
                case .double(let items), .date(let items): return .numbers(items.withUnsafeBufferPointer { Array($0[range]) })
                case .int(let items): return .ints(items.withUnsafeBufferPointer { Array($0[range]) })
                default: break
                }
            case .function(.intFromDouble, .field(let index), nil):
                // `Int(d)` of a column, proven to convert on every row (see `IntBounds`).
                if case .double(let items) = stream.columns[index] {
                    return .ints(items.withUnsafeBufferPointer { column in
                        Array(unsafeUninitializedCapacity: range.count) { keys, count in
                            for (offset, x) in column[range].enumerated() { keys.initializeElement(at: offset, to: IntConversion.exact(x) ?? 0) }
                            count = range.count
                        }
                    })
                }
            default: break
            }
        }
        // `Int` and `Double` keys computed a batch at a time, each operation in a tight loop.
        if let column = IntColumn.make(key, self) {
            return .ints(computedKeys(of: list, column))
        }
        if let column = numberColumn(key) {
            return .numbers(computedKeys(of: list, column))
        }
        let bound = bind(key)
        if case .contiguous(let range) = list.positions {
            if let number = number(bound) { return .numbers(range.map(number.read)) }
            if let ints = intOperand(bound) { return .ints(range.map(ints.read)) }
            let read = values(bound), first = range.lowerBound
            return .values(Value.made(range.count) { read(first + $0) })
        }
        let positions = list.allPositions
        if let number = number(bound) { return .numbers(positions.map(number.read)) }
        if let ints = intOperand(bound) { return .ints(positions.map(ints.read)) }
        let read = values(bound)
        return .values(positions.withUnsafeBufferPointer { positions in Value.made(positions.count) { read(positions[$0]) } })
    }

    /// The values a batch computation makes for every donation of a list, in order.
    private func computedKeys<Computation: BatchComputation>(of list: DonationList, _ computation: Computation) -> [Computation.Value] {
        Array(unsafeUninitializedCapacity: list.count) { keys, count in
            let output = keys.baseAddress.unsafelyUnwrapped
            computation.computeBatches(of: list, batch: batch, into: { output + $0 }) { _, _ in }
            count = list.count
        }
    }

    // MARK: - Operands

    private func bind(_ operand: RowPredicate.Operand) -> Bound {
        if operand.isInvariant, enclosingRow.map({ !operand.readsEnclosingRow($0.slot) }) ?? true { return .value(invariant(operand)) }
        switch operand {
        case .outerField(let slot, _) where slot == enclosingRow?.slot, .outerDate(let slot) where slot == enclosingRow?.slot:
            return enclosing(operand, enclosingRow!)
        case .field(let index):
            switch stream.columns[index] {
            case .int(let items): return .ints(items)
            case .double(let items), .date(let items): return .number(.column(items))
            case .string(let items): return .strings(items)
            case .bool(let items): return .bools(items)
            case .optionalInt(let items): return .optionalInts(items)
            case .optionalDouble(let items): return .optionalNumbers(items, isDate: false)
            case .optionalDate(let items): return .optionalNumbers(items, isDate: true)
            case .optionalString(let items): return .optionalStrings(items)
            case .values(let items): return .optionals(items)
            }
        case .date:
            return .number(.column(stream.dates))
        case .arithmetic(let op, let a, let b):
            return .number(.computed(arithmetic(op, numeric(a), numeric(b))))
        case .intervalSince(let a, let b):
            return .number(.computed(arithmetic(.doubleSubtract, numeric(a), numeric(b))))
        case .addingInterval(let a, let b):
            // A date is its seconds since 2001, so moving it is `Double` addition.
            return .number(.computed(arithmetic(.doubleAdd, numeric(a), numeric(b))))
        case .negate(let a):
            let read = numeric(a).read
            return .number(.computed { -read($0) })
        case .intArithmetic(let op, let a, let b):
            let x = foldInteger(a), y = foldInteger(b)
            if let failures { return .computedInts(RowPredicateBinder.checkedIntArithmetic(op, x, y, failures)) }
            return .computedInts(RowPredicateBinder.intArithmetic(op, x, y))
        case .conditional(let predicate, let a, let b):
            let test = bind(predicate)
            let x = bind(a), y = bind(b)
            if let f = number(x)?.read, let g = number(y)?.read {
                return .number(.computed { test($0) ? f($0) : g($0) })
            }
            if case .value(.int(let k)) = x, case .value(.int(let l)) = y {
                // `c ? 1 : 0`, the usual way to count with `reduce`: no call for the branches.
                return .computedInts { test($0) ? k : l }
            }
            if let f = intOperand(x)?.read, let g = intOperand(y)?.read {
                return .computedInts { test($0) ? f($0) : g($0) }
            }
            if let f = truths(x), let g = truths(y) {
                // A test's value (`c ? a < b : a > b`, `c ? true : false`).
                return .computedBools { test($0) ? f($0) : g($0) }
            }
            if let f = text(x), let g = text(y) {
                // `c ? $0.name : "other"`: a string per row, without a value.
                return .computedStrings { test($0) ? f($0) : g($0) }
            }
            if case .value(.null) = y, let chosen = optionalChoice(test, x, a) { return chosen }
            if case .value(.null) = x, let chosen = optionalChoice({ !test($0) }, y, b) { return chosen }
            let f = values(x), g = values(y)
            return .values { test($0) ? f($0) : g($0) }
        case .function(.stringCount, .coalesce(let text, .constant(.string(let fallback)), false), nil):
            // `(s ?? "").count`, and `s!.count` where a nil test guards it (see
            // `RowPredicate.unwrapping`): an optional field counted in place, as `Int`s.
            guard case .optionalStrings(let items) = bind(text) else {
                return RowPredicateBinder.function(.stringCount, bind(.coalesce(text, .constant(.string(fallback)), keepsOptional: false)), nil, self)
            }
            let meter = self.meter
            return .computedInts { position in
                let counted = items[position] ?? fallback
                meter?.charge(counting: counted)
                return StringSearch.count(counted)
            }
        case .function(.nestedFind(let scan, let field), let list, nil):
            return nestedFind(scan, field: field, list)
        case .function(let function, let a, let b):
            return RowPredicateBinder.function(function, bind(a), b.map(bind), self)
        case .accumulator(let type):
            guard let box = accumulator else { preconditionFailure("an accumulator read outside a fold") }
            switch type {
            case .int: return .computedInts { _ in box.int }
            case .double, .date: return .number(.computed { _ in box.double })
            case .bool: return .computedBools { _ in box.bool }
            default: return .values { _ in box.value }
            }
        case .coalesce(.function(.stringCount, let text, nil), let b, false):
            // `s?.count ?? k` of an optional field: counted in place, as `Int`s.
            guard case .optionalStrings(let items) = bind(text), let fallback = intOperand(bind(b))?.read else {
                return bindCoalesce(operand)
            }
            let meter = self.meter
            return .computedInts { position in
                guard let text = items[position] else { return fallback(position) }
                meter?.charge(counting: text)
                return StringSearch.count(text)
            }
        case .coalesce(let a, let b, false):
            // `x ?? k` of an optional `Int`, `Double` or `Date` field: read in place as a
            // machine value, so comparisons, sums and keys of it stay typed.
            let fallback = bind(b), left = bind(a)
            // `s ?? "none"` of an optional string: a string per row, without a value.
            if case .optionalStrings(let items) = left, case .value(.string(let k)) = fallback { return .coalescedStrings(items, k) }
            if let read = optionalText(left) {
                if case .value(.string(let k)) = fallback { return .computedStrings { read($0) ?? k } }
                if let other = text(fallback) { return .computedStrings { read($0) ?? other($0) } }
            }
            switch (left, intOperand(fallback), number(fallback)) {
            case (.optionalInts(let items), .constant(let k)?, _): return .computedInts { items[$0] ?? k }
            case (.optionalInts(let items), let other?, _):
                let read = other.read
                return .computedInts { items[$0] ?? read($0) }
            case (.optionalNumbers(let items, _), _, .constant(let k)?): return .number(.computed { items[$0] ?? k })
            case (.optionalNumbers(let items, _), _, let other?):
                let read = other.read
                return .number(.computed { items[$0] ?? read($0) })
            case (.computedOptionalNumbers(let read, _), _, .constant(let k)?): return .number(.computed { read($0) ?? k })
            case (.computedOptionalNumbers(let read, _), _, let other?):
                let fallback = other.read
                return .number(.computed { read($0) ?? fallback($0) })
            case (.computedOptionalInts(let read), .constant(let k)?, _): return .computedInts { read($0) ?? k }
            case (.computedOptionalInts(let read), let other?, _):
                let fallback = other.read
                return .computedInts { read($0) ?? fallback($0) }
            default:
                return bindCoalesce(operand)
            }
        case .coalesce:
            return bindCoalesce(operand)
        case .constant, .parameter, .now, .outerLocal, .outerField, .outerDate, .hoisted:
            preconditionFailure("an invariant operand is bound as a value")
        }
    }

    /// `a ?? b`, as values.
    private func bindCoalesce(_ operand: RowPredicate.Operand) -> Bound {
        guard case .coalesce(let a, let b, let keepsOptional) = operand else { preconditionFailure("not a coalescing") }
        let left = values(bind(a)), right = values(bind(b))
        return .values { position in
            let value = left(position)
            if let unwrapped = value.unwrapped() { return keepsOptional ? value : unwrapped }
            return right(position)
        }
    }

    /// An `Int` operand, per row.
    private func integer(_ bound: Bound) -> IntOperand {
        switch bound {
        case .ints(let items): return .column(items)
        case .value(.int(let k)): return .constant(k)
        case .computedInts(let read): return .computed(read)
        case .values(let read):
            return .computed { position in
                guard case .int(let value) = read(position) else { preconditionFailure("Int arithmetic on a value that is no Int") }
                return value
            }
        default: preconditionFailure("Int arithmetic on a value that is no Int")
        }
    }

    /// `c.contains(x)` of each row's `x` in `items`, the same for every row (a set's, when
    /// `set` is it): looked up among the items' machine values, gone through in order when they
    /// are few and hashed once per binding when they are many. Charged as `contains` charges:
    /// a step per item of an array, nothing for a set. (Equal values are what `contains` finds
    /// either way: `==` on `Int`s and `String`s is what `Set` hashes by; other types are
    /// compared as the tree-walker compares them.)
    private static func membership(_ a: Bound, in items: [Value], set: Set<Value>?, _ binder: RowPredicateBinder) -> Bound {
        let meter = binder.meter, size = set == nil ? items.count : 0
        func lookup<T: Hashable>(_ read: @escaping (Int) -> T, _ values: [T]) -> Bound {
            if values.count <= 8 {
                return .computedBools { position in
                    meter?.steps += size
                    return values.contains(read(position))
                }
            }
            let hashed = Set(values)
            return .computedBools { position in
                meter?.steps += size
                return hashed.contains(read(position))
            }
        }
        if let read = binder.text(a) {
            return lookup(read, items.compactMap { if case .string(let text) = $0 { text } else { nil } })
        }
        if let ints = binder.intOperand(a)?.read {
            let values = items.compactMap { if case .int(let x) = $0 { x } else { nil } }
            // Over a bitmap of the values' range where it is small (ids, days): a bit tested a
            // row where a set hashed the row's value (about 200 instructions).
            if values.count > 8, let low = values.min(), let high = values.max(),
               case let span = UInt(bitPattern: high &- low), span < UInt(max(4096, 64 * values.count)) {
                var bits = [UInt64](repeating: 0, count: Int(span >> 6) + 1)
                for x in values {
                    let offset = UInt(bitPattern: x &- low)
                    bits[Int(offset >> 6)] |= 1 &<< UInt64(offset & 63)
                }
                return .computedBools { [bits] position in
                    meter?.steps += size
                    let offset = UInt(bitPattern: ints(position) &- low)
                    return offset <= span && bits[Int(offset >> 6)] & (1 &<< UInt64(offset & 63)) != 0
                }
            }
            return lookup(ints, values)
        }
        let read = binder.values(a)
        if let set {
            return .computedBools { set.contains(read($0)) }
        }
        return .computedBools { position in
            meter?.steps += size
            return items.contains(read(position))
        }
    }

    /// A built-in function of bound operands, computed per row with Swift's own functions.
    private static func function(_ function: RowPredicate.RowFunction, _ a: Bound, _ b: Bound?, _ binder: RowPredicateBinder) -> Bound {
        func number(_ bound: Bound?) -> (Int) -> Double {
            guard let bound, let number = binder.number(bound) else { preconditionFailure("a Double function of a value that is no number") }
            return number.read
        }
        func int(_ bound: Bound?) -> (Int) -> Int {
            guard let bound else { preconditionFailure("an Int function without its operand") }
            return binder.integer(bound).read
        }
        switch function {
        case .absDouble:
            let f = number(a)
            return .number(.computed { abs(f($0)) })
        case .absInt:
            // Proven not to meet `Int.min` (see `IntBounds`); the magnitude, truncated, is
            // `abs` everywhere else and cannot trap.
            let f = int(a)
            if let failures = binder.failures {
                return .computedInts { position in
                    let x = f(position)
                    if x == .min { failures.occurred = true }
                    return Int(truncatingIfNeeded: x.magnitude)
                }
            }
            return .computedInts { Int(truncatingIfNeeded: f($0).magnitude) }
        case .rounded:
            let f = number(a)
            return .number(.computed { BranchFreeDouble.rounded(f($0)) })
        case .doubleFromInt:
            if case .ints(let items) = a { return .number(.computed { Double(items[$0]) }) }
            let f = int(a)
            return .number(.computed { Double(f($0)) })
        case .stringCount:
            // Charged as the `count` built-in charges, on the rows the scan computes it for.
            let meter = binder.meter
            if case .strings(let items) = a {
                return .computedInts { position in
                    let text = items[position]
                    meter?.charge(counting: text)
                    return StringSearch.count(text)
                }
            }
            if case .optionalStrings(let items) = a {
                // `s?.count` of an optional field: nil for nil, counted in place otherwise.
                return .computedOptionalInts { position in
                    guard let text = items[position] else { return nil }
                    meter?.charge(counting: text)
                    return StringSearch.count(text)
                }
            }
            if let read = binder.text(a) {
                return .computedInts { position in
                    let text = read(position)
                    meter?.charge(counting: text)
                    return StringSearch.count(text)
                }
            }
            if let read = binder.optionalText(a) {
                return .computedOptionalInts { position in
                    guard let text = read(position) else { return nil }
                    meter?.charge(counting: text)
                    return StringSearch.count(text)
                }
            }
            let read = binder.values(a)
            return .values { position in
                guard case .string(let text) = read(position) else { return .null }
                meter?.charge(counting: text)
                return .int(StringSearch.count(text))
            }
        case .lowercased, .uppercased:
            // Charged as the built-ins charge (a step per UTF-8 byte), on the rows the scan
            // computes them for.
            let meter = binder.meter, lower = function == .lowercased
            if let read = binder.text(a) {
                return .computedStrings { position in
                    let text = read(position)
                    meter?.steps += text.utf8.count
                    return lower ? text.lowercased() : text.uppercased()
                }
            }
            if let read = binder.optionalText(a) {
                // `s?.lowercased()` of an optional string: nil for nil.
                return .computedOptionalStrings { position in
                    guard let text = read(position) else { return nil }
                    meter?.steps += text.utf8.count
                    return lower ? text.lowercased() : text.uppercased()
                }
            }
            let read = binder.values(a)
            return .values { position in
                // (Nil ends an optional chain: `s?.lowercased()`.)
                guard case .string(let text) = read(position) else { return .null }
                meter?.steps += text.utf8.count
                return .string(lower ? text.lowercased() : text.uppercased())
            }
        case .memberOf(let constants):
            return membership(a, in: constants.map(Value.init), set: nil, binder)
        case .element(let constants):
            // Proven within the list on every row (see `IntBounds`); clamped all the same, so
            // that even a wrong proof could not trap.
            let index = int(a), last = constants.count - 1, failures = binder.failures
            @inline(__always) func at(_ position: Int) -> Int {
                let i = index(position)
                if let failures, i < 0 || i > last { failures.occurred = true }
                return min(max(i, 0), last)
            }
            // The constants as machine values of their one type.
            func values<T>(_ value: (Constant) -> T?) -> [T] {
                constants.map { constant in
                    guard let x = value(constant) else { preconditionFailure("a list of constants of mixed types") }
                    return x
                }
            }
            switch constants.first {
            case .int?:
                let items = values { if case .int(let x) = $0 { x } else { nil } }
                return .computedInts { items[at($0)] }
            case .double?, .date?:
                let items = values { (constant: Constant) -> Double? in
                    switch constant {
                    case .double(let x), .date(let x): x
                    default: nil
                    }
                }
                return .number(.computed { items[at($0)] })
            case .string?:
                let items = values { if case .string(let x) = $0 { x } else { nil } }
                return .computedStrings { items[at($0)] }
            case .bool?:
                let items = values { if case .bool(let x) = $0 { x } else { nil } }
                return .computedBools { items[at($0)] }
            default:
                let items = constants.map(Value.init)
                return .values { items[at($0)] }
            }
        case .memberOfInvariant:
            switch b {
            case .value(.array(let items))?: return membership(a, in: items, set: nil, binder)
            case .value(.set(let items))?: return membership(a, in: Array(items), set: items, binder)
            default: preconditionFailure("membership in a value that is no collection")
            }
        case .concatenate:
            // Charged as `+` charges (a step per UTF-8 byte of both), on the rows the scan
            // computes it for.
            let meter = binder.meter
            guard let f = binder.text(a), let g = b.flatMap(binder.text) else { preconditionFailure("a concatenation of values that are no strings") }
            return .computedStrings { position in
                let x = f(position), y = g(position)
                meter?.steps += x.utf8.count + y.utf8.count
                return x + y
            }
        case .nestedFind:
            preconditionFailure("a nested search is bound with its list, by bind(_:)")
        case .intFromDouble:
            // Proven to convert on every row (see `IntBounds`); 0 where it would not, which
            // then never happens, rather than a trap. A column is read in place (no call per row).
            if let failures = binder.failures {
                let f = number(a)
                return .computedInts { position in
                    guard let x = IntConversion.exact(f(position)) else {
                        failures.occurred = true
                        return 0
                    }
                    return x
                }
            }
            if case .number(.column(let items)) = a {
                return .computedInts { IntConversion.exact(items[$0]) ?? 0 }
            }
            let f = number(a)
            return .computedInts { IntConversion.exact(f($0)) ?? 0 }
        case .minInt, .maxInt:
            let f = int(a), g = int(b), isMax = function.intExtremeIsMax == true
            return .computedInts { BuiltinImplementations.swiftExtreme(f($0), g($0), isMax: isMax) }
        case .arrayMaxDouble:
            let f = number(a), g = number(b)
            return .number(.computed { position in
                let x = f(position), y = g(position)
                return x < y ? y : x
            })
        case .charged(let steps):
            // Charged on the rows the scan computes it for, as the built-in charges.
            let meter = binder.meter
            if let f = binder.intOperand(a)?.read {
                return .computedInts { position in
                    meter?.steps += steps
                    return f(position)
                }
            }
            if let f = binder.number(a)?.read {
                return .number(.computed { position in
                    meter?.steps += steps
                    return f(position)
                })
            }
            if let f = binder.truths(a) {
                return .computedBools { position in
                    meter?.steps += steps
                    return f(position)
                }
            }
            let f = binder.values(a)
            return .values { position in
                meter?.steps += steps
                return f(position)
            }
        case .minDouble, .maxDouble:
            let isMax = function.doubleExtremeIsMax == true
            // A column read in place saves a call per row (a fold's `max($0, $1.score)`).
            if case .number(.column(let items))? = b {
                let f = number(a)
                return .number(.computed { BuiltinImplementations.swiftExtreme(f($0), items[$0], isMax: isMax) })
            }
            let f = number(a), g = number(b)
            return .number(.computed { BuiltinImplementations.swiftExtreme(f($0), g($0), isMax: isMax) })
        }
    }

    /// (A type of its own rather than one generic enum with `Number`: the generic form's
    /// closures were not specialised, and an `Int` scan (W34) took 7.5 µs instead of 4.8.)
    enum IntOperand {
        case constant(Int)
        case column(ColumnArray<Int>)
        case computed((Int) -> Int)
        /// A fold's `Int` accumulator, read from its box (no call per row).
        case accumulator(FoldAccumulator)

        var read: (Int) -> Int {
            switch self {
            case .constant(let k): return { _ in k }
            case .column(let items): return { items[$0] }
            case .computed(let f): return f
            case .accumulator(let box): return { _ in box.int }
            }
        }
    }

    /// An `Int` operand of arithmetic: a fold's accumulator read from its box, anything else bound.
    private func foldInteger(_ operand: RowPredicate.Operand) -> IntOperand {
        if case .accumulator(.int) = operand, let accumulator { return .accumulator(accumulator) }
        return integer(bind(operand))
    }

    /// `Int` arithmetic, which the scan has proven cannot fail on any row it tests (see
    /// `IntBounds`). The operations that report overflow rather than trap are used all the
    /// same, so that even a wrong proof could never bring the host down.
    private static func intArithmetic(_ op: ArithmeticOperator, _ a: IntOperand, _ b: IntOperand) -> (Int) -> Int {
        switch (op, a, b) {
        case (.intAdd, .column(let x), .constant(let k)): return { x[$0] &+ k }
        case (.intSubtract, .column(let x), .constant(let k)): return { x[$0] &- k }
        case (.intMultiply, .column(let x), .constant(let k)): return { x[$0] &* k }
        case (.intAdd, .computed(let f), .constant(let k)): return { f($0) &+ k }
        case (.intSubtract, .computed(let f), .constant(let k)): return { f($0) &- k }
        case (.intMultiply, .computed(let f), .constant(let k)): return { f($0) &* k }
        default: break
        }
        let f = a.read, g = b.read
        switch op {
        case .intAdd: return { f($0) &+ g($0) }
        case .intSubtract: return { f($0) &- g($0) }
        case .intMultiply: return { f($0) &* g($0) }
        case .intDivide: return { f($0).dividedReportingOverflow(by: g($0)).partialValue }
        case .intRemainder: return { f($0).remainderReportingOverflow(dividingBy: g($0)).partialValue }
        default: preconditionFailure("Int row arithmetic with a non-Int operator")
        }
    }

    /// `Int` arithmetic that records where it fails (overflows, or divides by zero) in
    /// `failures`, for a computation nothing proved unable to fail.
    private static func checkedIntArithmetic(_ op: ArithmeticOperator, _ a: IntOperand, _ b: IntOperand,
                                             _ failures: ArithmeticFailures) -> (Int) -> Int {
        switch op {
        case .intAdd: return checked(CheckedAdd.self, a, b, failures)
        case .intSubtract: return checked(CheckedSubtract.self, a, b, failures)
        case .intMultiply: return checked(CheckedMultiply.self, a, b, failures)
        case .intDivide: return checked(CheckedDivide.self, a, b, failures)
        case .intRemainder: return checked(CheckedRemainder.self, a, b, failures)
        default: preconditionFailure("Int row arithmetic with a non-Int operator")
        }
    }

    /// One checked operation over two operands, specialised for the operation (so it is
    /// inlined, no call per row), a column or a constant read in place, as in `$0 - $1.x`.
    private static func checked<Operation: CheckedIntOperation>(_: Operation.Type, _ a: IntOperand, _ b: IntOperand,
                                                                _ failures: ArithmeticFailures) -> (Int) -> Int {
        @inline(__always) func checked(_ x: Int, _ y: Int) -> Int {
            let result = Operation.apply(x, y)
            if result.overflow { failures.occurred = true }
            return result.partialValue
        }
        switch (a, b) {
        case (.accumulator(let box), .column(let y)): return { checked(box.int, y[$0]) }
        case (.column(let x), .accumulator(let box)): return { checked(x[$0], box.int) }
        case (.accumulator(let box), .constant(let k)): return { _ in checked(box.int, k) }
        case (.constant(let k), .accumulator(let box)): return { _ in checked(k, box.int) }
        case (.accumulator(let box), .computed(let g)): return { checked(box.int, g($0)) }
        case (.computed(let f), .accumulator(let box)): return { checked(f($0), box.int) }
        case (.computed(let f), .column(let y)): return { checked(f($0), y[$0]) }
        case (.column(let x), .computed(let g)): return { checked(x[$0], g($0)) }
        case (.computed(let f), .constant(let k)): return { checked(f($0), k) }
        case (.constant(let k), .computed(let g)): return { checked(k, g($0)) }
        default:
            let f = a.read, g = b.read
            return { checked(f($0), g($0)) }
        }
    }

    /// `c ? a : nil` (`chosen` tells where `a` is taken) as an optional of `a`'s type, so that
    /// nil tests, sums and searches of it stay typed; nil for what only values can hold
    /// (`Bool`s, or a number whose kind, `Double` or `Date`, the operand does not tell).
    private func optionalChoice(_ chosen: @escaping (Int) -> Bool, _ bound: Bound, _ operand: RowPredicate.Operand) -> Bound? {
        if let read = text(bound) { return .computedOptionalStrings { chosen($0) ? read($0) : nil } }
        if let read = optionalText(bound) { return .computedOptionalStrings { chosen($0) ? read($0) : nil } }
        if let read = intOperand(bound)?.read { return .computedOptionalInts { chosen($0) ? read($0) : nil } }
        switch bound {
        case .optionalInts(let items): return .computedOptionalInts { chosen($0) ? items[$0] : nil }
        case .computedOptionalInts(let read): return .computedOptionalInts { chosen($0) ? read($0) : nil }
        case .optionalNumbers(let items, let isDate): return .computedOptionalNumbers({ chosen($0) ? items[$0] : nil }, isDate: isDate)
        case .computedOptionalNumbers(let read, let isDate): return .computedOptionalNumbers({ chosen($0) ? read($0) : nil }, isDate: isDate)
        case .value(.double(let k)): return .computedOptionalNumbers({ chosen($0) ? k : nil }, isDate: false)
        case .value(.date(let k)): return .computedOptionalNumbers({ chosen($0) ? k : nil }, isDate: true)
        case .number(let number):
            guard let isDate = RowPredicateBinder.isDate(operand, in: stream) else { return nil }
            let read = number.read
            return .computedOptionalNumbers({ chosen($0) ? read($0) : nil }, isDate: isDate)
        default:
            return nil
        }
    }

    /// Whether a number operand over `stream` is a `Date` (true) or a `Double` (false), where its
    /// form tells; nil for other operands (`Int`s, strings) and numbers it does not tell.
    static func isDate(_ operand: RowPredicate.Operand, in stream: DonationStream) -> Bool? {
        switch operand {
        case .date, .outerDate, .addingInterval: return true
        case .arithmetic, .intervalSince, .negate: return false
        case .field(let index):
            switch stream.columns[index] {
            case .date, .optionalDate: return true
            case .double, .optionalDouble: return false
            default: return nil
            }
        case .constant(.date): return true
        case .constant(.double): return false
        case .outerLocal(_, let type): return RowPredicateBinder.isDate(type)
        case .hoisted(let hoisted): return RowPredicateBinder.isDate(hoisted.expression.type)
        case .conditional(_, let a, let b), .coalesce(let a, let b, _): return isDate(a, in: stream) ?? isDate(b, in: stream)
        default: return nil
        }
    }

    private static func isDate(_ type: RuleType) -> Bool? {
        switch type.unwrapped {
        case .date: return true
        case .double: return false
        default: return nil
        }
    }

    /// A `Double` or `Date` operand that is not optional, or nil for any other.
    func plainNumber(_ operand: RowPredicate.Operand) -> Number? {
        number(bind(operand))
    }

    /// An operand of `Double` arithmetic (the optimizer accepts only `Double` and `Date` ones).
    func numeric(_ operand: RowPredicate.Operand) -> Number {
        let bound = bind(operand)
        if let number = number(bound) { return number }
        // A number computed as values (`(c ? $0.price : nil) ?? 0`), read as numbers, as
        // `integer` reads `Int`s.
        guard case .values(let read) = bound else { preconditionFailure("row arithmetic on a value that is no number") }
        return .computed { position in
            switch read(position) {
            case .double(let x), .date(let x): return x
            default: preconditionFailure("row arithmetic on a value that is no number")
            }
        }
    }

    /// A `Double` or `Date` operand as a number; nil for other operands (an optional column,
    /// `nil`, other types).
    private func number(_ bound: Bound) -> Number? {
        switch bound {
        case .number(let number): return number
        case .value(.double(let k)), .value(.date(let k)): return .constant(k)
        default: return nil
        }
    }

    /// Any operand as values.
    private func values(_ bound: Bound) -> (Int) -> Value {
        switch bound {
        case .value(let value): return { _ in value }
        case .number(let number):
            // Per-row numbers meet values only in a comparison with `nil` (an optional operand
            // that varies by row is never a number), where `Double` or `Date` makes no difference.
            let read = number.read
            return { .double(read($0)) }
        case .ints(let items): return { .int(items[$0]) }
        case .strings(let items): return { .string(items[$0]) }
        case .bools(let items): return { .bool(items[$0]) }
        case .computedInts(let read): return { .int(read($0)) }
        case .computedBools(let read): return { .bool(read($0)) }
        case .optionalInts(let items): return { items[$0].map(Value.int) ?? .null }
        case .computedOptionalInts(let read): return { read($0).map(Value.int) ?? .null }
        case .optionalNumbers(let items, let isDate):
            return isDate ? { items[$0].map(Value.date) ?? .null } : { items[$0].map(Value.double) ?? .null }
        case .computedOptionalNumbers(let read, let isDate):
            return isDate ? { read($0).map(Value.date) ?? .null } : { read($0).map(Value.double) ?? .null }
        case .optionalStrings(let items): return { items[$0].map(Value.string) ?? .null }
        case .coalescedStrings(let items, let k): return { .string(items[$0] ?? k) }
        case .computedStrings(let read): return { .string(read($0)) }
        case .computedOptionalStrings(let read): return { read($0).map(Value.string) ?? .null }
        case .optionals(let items): return { items[$0] }
        case .values(let read): return read
        }
    }

    private func arithmetic(_ op: ArithmeticOperator, _ a: Number, _ b: Number) -> (Int) -> Double {
        switch op {
        case .doubleAdd: return RowPredicateBinder.combined(DoubleAdd.self, a, b)
        case .doubleSubtract: return RowPredicateBinder.combined(DoubleSubtract.self, a, b)
        case .doubleMultiply: return RowPredicateBinder.combined(DoubleMultiply.self, a, b)
        case .doubleDivide: return RowPredicateBinder.combined(DoubleDivide.self, a, b)
        default: preconditionFailure("row arithmetic with an operator that can fail")
        }
    }

    /// One `Double` operation over two operands, specialised for the operation (inlined, no
    /// call per row for it), with a column or a constant read in place beside the other side
    /// (`x * 2`, a fold's `$0 * 0.9 + $1.score`): a call less per row than a closure for each.
    private static func combined<Operation: DoubleOperation>(_: Operation.Type, _ a: Number, _ b: Number) -> (Int) -> Double {
        switch (a, b) {
        case (.column(let x), .constant(let k)): return { Operation.apply(x[$0], k) }
        case (.constant(let k), .column(let x)): return { Operation.apply(k, x[$0]) }
        case (.column(let x), .column(let y)): return { Operation.apply(x[$0], y[$0]) }
        case (.computed(let f), .column(let x)): return { Operation.apply(f($0), x[$0]) }
        case (.column(let x), .computed(let f)): return { Operation.apply(x[$0], f($0)) }
        case (.computed(let f), .constant(let k)): return { Operation.apply(f($0), k) }
        case (.constant(let k), .computed(let f)): return { Operation.apply(k, f($0)) }
        default:
            let f = a.read, g = b.read
            return { Operation.apply(f($0), g($0)) }
        }
    }

    // MARK: - Tests

    private func compare(_ a: Bound, _ op: ComparisonOperator, _ b: Bound) -> (Int) -> Bool {
        // Numbers (`Double`s and dates, as seconds) compare as numbers, whatever tag an
        // invariant value carries (a date moved by `addingTimeInterval` is computed as one).
        if let x = number(a), let y = number(b) {
            if case .constant(let p) = x, case .constant(let q) = y {
                let result = Evaluator.compare(op, .double(p), .double(q))
                return { _ in result }
            }
            return RowPredicateBinder.compare(op, x, y)
        }
        // Computed `Int`s compare as machine integers.
        // (Against a constant without a call for it: `(x ?? 0) > k`, `s.count > k`.)
        if case .computedInts(let f) = a, case .constant(let k)? = intOperand(b) { return RowPredicateBinder.compare(op, f, k) }
        if case .computedInts(let f) = b, case .constant(let k)? = intOperand(a) { return RowPredicateBinder.compare(op.mirrored, f, k) }
        if case .computedInts = a, let x = intOperand(b) { return RowPredicateBinder.compare(op, integer(a).read, x.read) }
        if case .computedInts = b, let x = intOperand(a) { return RowPredicateBinder.compare(op, x.read, integer(b).read) }
        switch (a, b) {
        case (.value(let x), .value(let y)):
            let result = Evaluator.compare(op, x, y)
            return { _ in result }
        case (.ints(let items), .value(.int(let k))):
            return RowPredicateBinder.compare(op, items, k)
        case (.value(.int(let k)), .ints(let items)):
            return RowPredicateBinder.compare(op.mirrored, items, k)
        case (.strings(let items), .value(.string(let k))):
            return RowPredicateBinder.compareStrings(op, items, k)
        case (.value(.string(let k)), .strings(let items)):
            return RowPredicateBinder.compareStrings(op.mirrored, items, k)
        case (.coalescedStrings(let items, let fallback), .value(.string(let k))):
            return RowPredicateBinder.compare(op, { items[$0] ?? fallback }, k)
        case (.value(.string(let k)), .coalescedStrings(let items, let fallback)):
            return RowPredicateBinder.compare(op.mirrored, { items[$0] ?? fallback }, k)
        case (.computedStrings(let read), .value(.string(let k))):
            return RowPredicateBinder.compare(op, read, k)
        case (.value(.string(let k)), .computedStrings(let read)):
            return RowPredicateBinder.compare(op.mirrored, read, k)
        case (.computedOptionalStrings(let read), .value(.null)), (.value(.null), .computedOptionalStrings(let read)):
            return op == .equal ? { read($0) == nil } : { read($0) != nil }
        case (.computedOptionalStrings(let read), .value(.string(let k))) where op == .equal || op == .notEqual,
             (.value(.string(let k)), .computedOptionalStrings(let read)) where op == .equal || op == .notEqual:
            let equality = StringEquality(k)
            return op == .equal ? { read($0).map(equality.holds) ?? false } : { !(read($0).map(equality.holds) ?? false) }
        case (.bools(let items), .value(.bool(let k))) where op == .equal || op == .notEqual:
            return op == .equal ? { items[$0] == k } : { items[$0] != k }
        case (.computedBools(let f), .value(.bool(let k))) where op == .equal || op == .notEqual,
             (.value(.bool(let k)), .computedBools(let f)) where op == .equal || op == .notEqual:
            return op == .equal ? { f($0) == k } : { f($0) != k }
        case (.optionals(let items), .value(.null)), (.value(.null), .optionals(let items)):
            // `x == nil` without copying the value out (`nil` compares only by `==` and `!=`).
            return op == .equal ? { items.isNull(at: $0) } : { !items.isNull(at: $0) }
        case (.optionalStrings(let items), .value(.null)), (.value(.null), .optionalStrings(let items)):
            return op == .equal ? { items.isNil(at: $0) } : { !items.isNil(at: $0) }
        case (.optionalStrings(let items), .value(.string(let k))) where op == .equal || op == .notEqual,
             (.value(.string(let k)), .optionalStrings(let items)) where op == .equal || op == .notEqual:
            // Swift's `String? == String`: nil equal to no string.
            let equality = StringEquality(k)
            return op == .equal ? { items[$0].map(equality.holds) ?? false } : { !(items[$0].map(equality.holds) ?? false) }
        case (.optionalInts(let items), .value(.null)), (.value(.null), .optionalInts(let items)):
            return op == .equal ? { items[$0] == nil } : { items[$0] != nil }
        case (.optionalNumbers(let items, _), .value(.null)), (.value(.null), .optionalNumbers(let items, _)):
            return op == .equal ? { items[$0] == nil } : { items[$0] != nil }
        case (.computedOptionalNumbers(let read, _), .value(.null)), (.value(.null), .computedOptionalNumbers(let read, _)):
            return op == .equal ? { read($0) == nil } : { read($0) != nil }
        case (.computedOptionalInts(let read), .value(.null)), (.value(.null), .computedOptionalInts(let read)):
            return op == .equal ? { read($0) == nil } : { read($0) != nil }
        case (.optionalInts(let items), .value(.int(let k))), (.value(.int(let k)), .optionalInts(let items)):
            // An optional `Int` field against an `Int` (only `==` and `!=` take an optional):
            // Swift's `Int? == Int`, nil equal to no number.
            return op == .equal ? { items[$0] == k } : { items[$0] != k }
        case (.optionalNumbers(let items, _), .value(.double(let k))), (.value(.double(let k)), .optionalNumbers(let items, _)),
             (.optionalNumbers(let items, _), .value(.date(let k))), (.value(.date(let k)), .optionalNumbers(let items, _)):
            return op == .equal ? { items[$0] == k } : { items[$0] != k }
        case (.computedOptionalInts(let read), .value(.int(let k))) where op == .equal || op == .notEqual,
             (.value(.int(let k)), .computedOptionalInts(let read)) where op == .equal || op == .notEqual:
            // `(c ? $0.id : nil) == 3`: nil equal to no number, as for a column.
            return op == .equal ? { read($0) == k } : { read($0) != k }
        case (.computedOptionalNumbers(let read, _), .value(.double(let k))) where op == .equal || op == .notEqual,
             (.value(.double(let k)), .computedOptionalNumbers(let read, _)) where op == .equal || op == .notEqual,
             (.computedOptionalNumbers(let read, _), .value(.date(let k))) where op == .equal || op == .notEqual,
             (.value(.date(let k)), .computedOptionalNumbers(let read, _)) where op == .equal || op == .notEqual:
            return op == .equal ? { read($0) == k } : { read($0) != k }
        default:
            break
        }
        let left = values(a), right = values(b)
        if number(a) != nil || number(b) != nil {
            // A number computed per row against a value read as one (a date, or a number, of an
            // enclosing row's optional field): compared as numbers, whichever tag each carries.
            return { Evaluator.compare(op, left($0).asNumber, right($0).asNumber) }
        }
        return { Evaluator.compare(op, left($0), right($0)) }
    }

    /// An operand's `Int`s, or nil for an operand of another type.
    func intOperand(_ operand: RowPredicate.Operand) -> IntOperand? {
        intOperand(bind(operand))
    }

    /// An `Int` operand, or nil for an operand of another type.
    private func intOperand(_ bound: Bound) -> IntOperand? {
        switch bound {
        case .ints, .value(.int), .computedInts: return integer(bound)
        default: return nil
        }
    }

    /// Two `Int` operands read per row. (Not generic over the type, for the same reason.)
    private static func compare(_ op: ComparisonOperator, _ f: @escaping (Int) -> Int, _ g: @escaping (Int) -> Int) -> (Int) -> Bool {
        switch op {
        case .equal: return { f($0) == g($0) }
        case .notEqual: return { f($0) != g($0) }
        case .less: return { f($0) < g($0) }
        case .lessOrEqual: return { f($0) <= g($0) }
        case .greater: return { f($0) > g($0) }
        case .greaterOrEqual: return { f($0) >= g($0) }
        }
    }

    /// An `Int` computed per row against a constant.
    private static func compare(_ op: ComparisonOperator, _ f: @escaping (Int) -> Int, _ k: Int) -> (Int) -> Bool {
        switch op {
        case .equal: return { f($0) == k }
        case .notEqual: return { f($0) != k }
        case .less: return { f($0) < k }
        case .lessOrEqual: return { f($0) <= k }
        case .greater: return { f($0) > k }
        case .greaterOrEqual: return { f($0) >= k }
        }
    }

    private static func compare(_ op: ComparisonOperator, _ a: Number, _ b: Number) -> (Int) -> Bool {
        switch (a, b) {
        case (.column(let items), .constant(let k)): return compare(op, items, k)
        case (.constant(let k), .column(let items)): return compare(op.mirrored, items, k)
        case (.computed(let f), .constant(let k)):
            switch op {
            case .equal: return { f($0) == k }
            case .notEqual: return { f($0) != k }
            case .less: return { f($0) < k }
            case .lessOrEqual: return { f($0) <= k }
            case .greater: return { f($0) > k }
            case .greaterOrEqual: return { f($0) >= k }
            }
        case (.constant, .computed): return compare(op.mirrored, b, a)
        default:
            let f = a.read, g = b.read
            switch op {
            case .equal: return { f($0) == g($0) }
            case .notEqual: return { f($0) != g($0) }
            case .less: return { f($0) < g($0) }
            case .lessOrEqual: return { f($0) <= g($0) }
            case .greater: return { f($0) > g($0) }
            case .greaterOrEqual: return { f($0) >= g($0) }
            }
        }
    }

    /// A `Bool` operand's value per row, or nil for an operand of another type.
    private func truths(_ bound: Bound) -> ((Int) -> Bool)? {
        switch bound {
        case .value(.bool(let flag)): return { _ in flag }
        case .bools(let items): return { items[$0] }
        case .computedBools(let read): return read
        default: return nil
        }
    }

    /// A string computed per row against a constant.
    private static func compare(_ op: ComparisonOperator, _ read: @escaping (Int) -> String, _ k: String) -> (Int) -> Bool {
        switch op {
        case .equal:
            let equality = StringEquality(k)
            return { equality.holds(read($0)) }
        case .notEqual:
            let equality = StringEquality(k)
            return { !equality.holds(read($0)) }
        case .less: return { read($0) < k }
        case .lessOrEqual: return { read($0) <= k }
        case .greater: return { read($0) > k }
        case .greaterOrEqual: return { read($0) >= k }
        }
    }

    /// A key's value per row as a `String`, where it is a (non-optional) string read or computed
    /// per row (`$0.comment ?? ""`, `$0.name.lowercased()`), charging the meter as `keys` does;
    /// nil for other keys.
    func strings(_ key: RowPredicate.Operand) -> ((Int) -> String)? {
        text(bind(key))
    }

    /// A `String` operand's value per row, or nil for an operand that is no (non-optional)
    /// string read or computed per row.
    private func text(_ bound: Bound) -> ((Int) -> String)? {
        switch bound {
        case .value(.string(let k)): return { _ in k }
        case .strings(let items): return { items[$0] }
        case .coalescedStrings(let items, let k): return { items[$0] ?? k }
        case .computedStrings(let read): return read
        default: return nil
        }
    }

    /// A `String?` operand's value per row, or nil for an operand that is no optional string
    /// read or computed per row.
    private func optionalText(_ bound: Bound) -> ((Int) -> String?)? {
        switch bound {
        case .optionalStrings(let items): return { items[$0] }
        case .computedOptionalStrings(let read): return read
        default: return nil
        }
    }

    /// A column against a value, specialised per operator.
    private static func compare<T: Comparable>(_ op: ComparisonOperator, _ items: ColumnArray<T>, _ k: T) -> (Int) -> Bool {
        switch op {
        case .equal: return { items[$0] == k }
        case .notEqual: return { items[$0] != k }
        case .less: return { items[$0] < k }
        case .lessOrEqual: return { items[$0] <= k }
        case .greater: return { items[$0] > k }
        case .greaterOrEqual: return { items[$0] >= k }
        }
    }

    /// A `String` column against a constant: `==` and `!=` decided on the strings' bits where
    /// they can be (see `StringEquality`), as the column tests decide them.
    private static func compareStrings(_ op: ComparisonOperator, _ items: ColumnArray<String>, _ k: String) -> (Int) -> Bool {
        switch op {
        case .equal:
            let equality = StringEquality(k)
            return { equality.holds(items[$0]) }
        case .notEqual:
            let equality = StringEquality(k)
            return { !equality.holds(items[$0]) }
        default:
            return compare(op, items, k)
        }
    }

    /// `s.lowercased()` or `s.uppercased()` of a string read per row (`s?.lowercased()` of an
    /// optional one) tested against an invariant string, without mapping the strings the bytes
    /// answer for (see `CaseMappedTest`); `inverted` negates the answer (`!=`). A nil receiver
    /// passes no test (`inverted`, it passes). It charges what the mapping and the test charge
    /// apart: a step per byte mapped, and `contains`'s search. Nil for other operands.
    private func caseMapped(_ operand: RowPredicate.Operand, _ test: CaseMappedTest.Test, inverted: Bool,
                            _ other: RowPredicate.Operand) -> ((Int) -> Bool)? {
        guard case .function(let function, let receiver, nil) = operand, function == .lowercased || function == .uppercased,
              case .value(.string(let needle)) = bind(other) else { return nil }
        let bound = bind(receiver), meter = self.meter
        let mapped = CaseMappedTest(lower: function == .lowercased, test, needle: needle)
        // A column read in place, without a closure for it.
        switch bound {
        case .strings(let items):
            return { mapped.holds(items[$0], charging: meter) != inverted }
        case .optionalStrings(let items):
            return { position in
                guard let text = items[position] else { return inverted }
                return mapped.holds(text, charging: meter) != inverted
            }
        default:
            break
        }
        if let text = text(bound) {
            return { mapped.holds(text($0), charging: meter) != inverted }
        }
        if let text = optionalText(bound) {
            return { position in
                guard let text = text(position) else { return inverted }
                return mapped.holds(text, charging: meter) != inverted
            }
        }
        return nil
    }

    /// A string test; false when the receiver is nil.
    private func string(_ a: Bound, _ test: RowPredicate.StringTest, _ b: Bound) -> (Int) -> Bool {
        let search: (String, String) -> Bool
        switch test {
        case .hasPrefix: search = StringSearch.hasPrefix
        case .hasSuffix: search = StringSearch.hasSuffix
        case .contains: search = StringSearch.contains
        case .isEmpty: search = { text, _ in text.isEmpty }
        }
        // A prefix or suffix of a constant: the needle's bytes worked out once (see
        // `AffixTest`), whatever form the text takes below; neither charges a search.
        let affix: StringSearch.AffixTest?
        if case .value(.string(let needle)) = b, test == .hasPrefix || test == .hasSuffix {
            affix = StringSearch.AffixTest(needle, suffix: test == .hasSuffix)
        } else {
            affix = nil
        }
        if case .strings(let items) = a, case .value(.string(let needle)) = b {
            if let affix { return { affix.holds(items[$0]) } }
            if test == .isEmpty { return { items[$0].isEmpty } }
            guard let meter else { return { StringSearch.contains(items[$0], needle) } }
            return { position in
                let text = items[position]
                meter.charge(searching: text, for: needle)
                return StringSearch.contains(text, needle)
            }
        }
        if case .optionalStrings(let items) = a, case .value(.string) = b, test != .contains {
            // An optional field tested against a constant, read in place (nil ends the chain).
            if let affix {
                return { position in
                    // (Not `.map(affix.holds)`: the method's closure retains the test's strings a row.)
                    guard let text = items[position] else { return false }
                    return affix.holds(text)
                }
            }
            return { position in items[position]?.isEmpty ?? false }
        }
        let meter = test == .contains ? self.meter : nil
        if case .value(.string(let needle)) = b {
            // `(s ?? k).isEmpty` and the like: the fallback's answer found once (and charged
            // per row it stands for).
            if case .coalescedStrings(let items, let k) = a {
                let fallback = search(k, needle)
                if test == .isEmpty { return { position in items[position]?.isEmpty ?? fallback } }
                if let affix {
                    return { position in
                        guard let text = items[position] else { return fallback }
                        return affix.holds(text)
                    }
                }
                return { position in
                    let text = items[position]
                    meter?.charge(searching: text ?? k, for: needle)
                    guard let text else { return fallback }
                    return search(text, needle)
                }
            }
            // A string computed per row (`name.lowercased().hasPrefix("a")`), or an optional
            // one, whose nil ends the optional chain before the search.
            if let read = text(a) {
                if let affix { return { affix.holds(read($0)) } }
                return { position in
                    let text = read(position)
                    meter?.charge(searching: text, for: needle)
                    return search(text, needle)
                }
            }
            if let read = optionalText(a) {
                if let affix {
                    return { position in
                        guard let text = read(position) else { return false }
                        return affix.holds(text)
                    }
                }
                return { position in
                    guard let text = read(position) else { return false }
                    meter?.charge(searching: text, for: needle)
                    return search(text, needle)
                }
            }
        }
        let left = values(a), right = values(b)
        return { position in
            // A nil receiver ends the optional chain before the search runs.
            guard case .string(let text) = left(position), case .string(let needle) = right(position) else { return false }
            meter?.charge(searching: text, for: needle)
            return search(text, needle)
        }
    }
}

extension RowPredicateBinder {
    /// A comparison as a filter over batches of rows, when its operands have machine types:
    /// a typed column against an invariant value, or `Double` and `Date` operands computed
    /// per row. Nil for the rest, which are tested row by row.
    func columnFilter(_ a: RowPredicate.Operand, _ op: ComparisonOperator, _ b: RowPredicate.Operand) -> RowFilter? {
        if a.isInvariant && b.isInvariant { return nil }
        if b.isInvariant, let filter = typedColumn(a, op, invariant(b)) { return filter }
        if a.isInvariant, let filter = typedColumn(b, op.mirrored, invariant(a)) { return filter }
        // (Any `Int` arithmetic in a predicate is proven not to fail before it is scanned.)
        return TestColumn.make(.compare(a, op, b), self).map { TruthFilter($0, batch: batch) }
    }

    /// `x == nil || x! OP k` (with `holdsOnNil`) or `x != nil && x! OP k` of an optional
    /// number field `x` and a `k` the same for every row, where the optimizer reads `x!` as
    /// `x ?? d` (see `RowPredicate.unwrapping`): one filter `(x ?? f) OP k`, for an `f` whose
    /// test gives what the nil test gives on a nil row. Nil for other predicates, or when no
    /// such `f` exists (`x! < Int.min`).
    /// `x == a || x == b || ...` of one `Int` or `String` field (see `AlternativesFilter`); nil
    /// for any other predicate.
    func alternativesFilter(_ predicate: RowPredicate) -> RowFilter? {
        var field: Int?
        var values: [Value] = []
        func collect(_ predicate: RowPredicate) -> Bool {
            switch predicate {
            case .or(let a, let b):
                return collect(a) && collect(b)
            case .compare(.field(let index), .equal, let k) where k.isInvariant && (field ?? index) == index,
                 .compare(let k, .equal, .field(let index)) where k.isInvariant && (field ?? index) == index:
                field = index
                values.append(invariant(k))
                return true
            default:
                return false
            }
        }
        guard collect(predicate), let field else { return nil }
        switch stream.columns[field] {
        case .int(let items):
            let ints = values.compactMap { value -> Int? in if case .int(let x) = value { x } else { nil } }
            return ints.count == values.count ? AlternativesFilter(.ints(items, ints)) : nil
        case .string(let items):
            let strings = values.compactMap { value -> String? in if case .string(let x) = value { x } else { nil } }
            return strings.count == values.count ? AlternativesFilter(.strings(items, strings.map(StringEquality.init))) : nil
        default:
            return nil
        }
    }

    func guardedNumberFilter(_ nilTest: RowPredicate, _ test: RowPredicate, holdsOnNil: Bool) -> RowFilter? {
        let nilOp: ComparisonOperator = holdsOnNil ? .equal : .notEqual
        let field: Int
        switch nilTest {
        case .compare(.field(let index), nilOp, .constant(.null)), .compare(.constant(.null), nilOp, .field(let index)): field = index
        default: return nil
        }
        let op: ComparisonOperator, bound: RowPredicate.Operand
        switch test {
        case .compare(.coalesce(.field(field), _, false), let o, let k) where k.isInvariant: (op, bound) = (o, k)
        case .compare(let k, let o, .coalesce(.field(field), _, false)) where k.isInvariant: (op, bound) = (o.mirrored, k)
        default: return nil
        }
        switch (stream.columns[field], invariant(bound)) {
        case (.optionalInt(let items), .int(let k)):
            guard let f = [k, k &+ 1, k &- 1].first(where: { Evaluator.compare(op, .int($0), .int(k)) == holdsOnNil }) else { return nil }
            return OptionalNumberFilter(.ints(items, fallback: f, k), op)
        case (let column, .double(let k)), (let column, .date(let k)):
            guard let items = column.optionalNumbers else { return nil }
            let candidates = [k, k.nextUp, k.nextDown, .infinity, -.infinity, .nan]
            guard let f = candidates.first(where: { Evaluator.compare(op, .double($0), .double(k)) == holdsOnNil }) else { return nil }
            return OptionalNumberFilter(.doubles(items, fallback: f, k), op)
        default:
            return nil
        }
    }

    /// A field or the date against a value of its machine type.
    private func typedColumn(_ operand: RowPredicate.Operand, _ op: ComparisonOperator, _ value: Value) -> RowFilter? {
        let column: Column
        switch operand {
        case .coalesce(.field(let index), let fallback, false) where fallback.isInvariant:
            // `(x ?? f) OP k` of an optional number.
            switch (stream.columns[index], invariant(fallback), value) {
            case (.optionalInt(let items), .int(let f), .int(let k)): return OptionalNumberFilter(.ints(items, fallback: f, k), op)
            case (let column, .double(let f), .double(let k)), (let column, .date(let f), .date(let k)),
                 (let column, .date(let f), .double(let k)), (let column, .double(let f), .date(let k)):
                guard let items = column.optionalNumbers else { return nil }
                return OptionalNumberFilter(.doubles(items, fallback: f, k), op)
            default: return nil
            }
        case .field(let index): column = stream.columns[index]
        case .date: column = .date(stream.dates)
        default: return nil
        }
        switch (column, value) {
        case (.int(let items), .int(let k)): return ColumnFilter(.ints(items, k), op)
        case (.double(let items), .double(let k)), (.date(let items), .date(let k)), (.date(let items), .double(let k)):
            return ColumnFilter(.doubles(items, k), op)
        case (.string(let items), .string(let k)): return ColumnFilter(.strings(items, k), op)
        case (.values(let items), .null) where op == .equal || op == .notEqual:
            return NilFilter(.values(items), isNil: op == .equal)
        case (.optionalString(let items), .null) where op == .equal || op == .notEqual:
            return NilFilter(.strings(items), isNil: op == .equal)
        // `x == k` and `x != k` of an optional string: nil is equal to no string, as in Swift.
        case (.optionalString(let items), .string(let k)) where op == .equal || op == .notEqual,
             (.optionalString(let items), .some(.string(let k))) where op == .equal || op == .notEqual:
            return ColumnFilter(.equalOptionalStrings(items, StringEquality(k), wanted: op == .equal), op)
        case (.optionalInt(let items), .null) where op == .equal || op == .notEqual:
            return NilFilter(.ints(items), isNil: op == .equal)
        case (.optionalDouble(let items), .null) where op == .equal || op == .notEqual,
             (.optionalDate(let items), .null) where op == .equal || op == .notEqual:
            return NilFilter(.doubles(items), isNil: op == .equal)
        // `x == k` and `x != k` of an optional number: nil, taken as a number that is not `k`
        // (`k + 1`, NaN), is equal to no number, as in Swift.
        case (.optionalInt(let items), .int(let k)) where op == .equal || op == .notEqual:
            return OptionalNumberFilter(.ints(items, fallback: k &+ 1, k), op)
        case (.optionalDouble(let items), .double(let k)) where op == .equal || op == .notEqual,
             (.optionalDate(let items), .date(let k)) where op == .equal || op == .notEqual,
             (.optionalDate(let items), .double(let k)) where op == .equal || op == .notEqual:
            return OptionalNumberFilter(.doubles(items, fallback: .nan, k), op)
        default: return nil
        }
    }

    /// A `Double` or `Date` operand computed a batch at a time; nil for other operands.
    func numberColumn(_ operand: RowPredicate.Operand) -> NumberColumn? {
        if operand.isInvariant {
            switch invariant(operand) {
            case .double(let k), .date(let k): return .constant(k)
            default: return nil
            }
        }
        switch operand {
        case .field(let index):
            switch stream.columns[index] {
            case .double(let items), .date(let items): return .column(items)
            default: return nil
            }
        case .date:
            return .column(stream.dates)
        case .arithmetic(let op, let a, let b):
            // The same operand twice (`(x - m) * (x - m)`): one column, computed once a batch.
            guard let x = numberColumn(a), let y = a == b ? x : numberColumn(b) else { return nil }
            return .arithmetic(op, x, y, batch: batch)
        case .intervalSince(let a, let b):
            guard let x = numberColumn(a), let y = numberColumn(b) else { return nil }
            return .arithmetic(.doubleSubtract, x, y, batch: batch)
        case .addingInterval(let a, let b):
            guard let x = numberColumn(a), let y = numberColumn(b) else { return nil }
            return .arithmetic(.doubleAdd, x, y, batch: batch)
        case .negate(let a):
            return numberColumn(a).map { .negate($0) }
        case .function(.doubleFromInt, .field(let index), nil):
            guard case .int(let items) = stream.columns[index] else { return nil }
            return .converted(items)
        case .function(.doubleFromInt, .coalesce(.field(let index), let fallback, false), nil) where fallback.isInvariant:
            // `Double(x ?? k)` of an optional `Int` field, in one loop.
            guard case .optionalInt(let items) = stream.columns[index], case .int(let k) = invariant(fallback) else { return nil }
            return .converted(items, coalescing: k)
        case .function(.doubleFromInt, let a, nil):
            return IntColumn.make(a, self).map { .converted($0, batch: batch) }
        case .coalesce(.field(let index), let fallback, false) where fallback.isInvariant:
            guard let items = stream.columns[index].optionalNumbers else { return nil }
            switch invariant(fallback) {
            case .double(let k), .date(let k): return .coalesce(items, k)
            default: return nil
            }
        case .function(.absDouble, let a, nil):
            return numberColumn(a).map { .function(.absDouble, $0, nil, batch: batch) }
        case .function(.rounded, let a, nil):
            return numberColumn(a).map { .function(.rounded, $0, nil, batch: batch) }
        case .function(let function, let a, let b?) where function.doubleExtremeIsMax != nil:
            guard let x = numberColumn(a), let y = numberColumn(b) else { return nil }
            return .function(function, x, y, batch: batch)
        case .conditional(let p, let a, let b):
            guard let x = numberColumn(a), let y = numberColumn(b), let test = BatchConditional<Double>.make(p, self, branchesCanFail: false, filler: 0) else { return nil }
            return .conditional(test, x, y)
        case .constant, .parameter, .now, .outerLocal, .outerField, .outerDate, .intArithmetic, .coalesce, .function,
             .accumulator, .hoisted:
            return nil
        }
    }
}

/// What a fold (`FusedOperation.fold`) has accumulated before the row it is at: the
/// accumulator of its type (an `Int`, a `Double` or a date's seconds, or any other value).
final class FoldAccumulator {
    var int = 0
    var double = 0.0
    var bool = false
    var value = Value.null
}

/// What a row mapping computes for each donation of a list, for orders, extremes and distinct
/// counts: `Double`s and dates (as seconds), `Int`s, or anything else as values.
enum OrderKeys {
    case numbers([Double])
    case ints([Int])
    case values([Value])
}

/// The steps string searches in a fused scan charged for their work, as the `contains`
/// built-in charges them when a closure calls it.
final class StepMeter {
    var steps = 0
    /// The steps the evaluation has left: past them a nested scan stops working (the scan's
    /// charge then fails, and the calls it stands for run and fail where they would).
    var limit: Int

    init(limit: Int = .max) {
        self.limit = limit
    }

    /// A meter for what a fused operation's row operand computes for every donation, when its
    /// steps depend on each row (see `RowPredicate.Operand.chargesWork`, which the node worked
    /// out once: `BoundFilterCache.operandChargesWork`); nil for one that charges nothing.
    static func forWork(of mapping: RowPredicate.Operand, _ filters: BoundFilterCache) -> StepMeter? {
        assert(filters.operandChargesWork == mapping.chargesWork, "the node's facts are of another operand")
        return filters.operandChargesWork ? StepMeter() : nil
    }

    func charge(searching text: String, for needle: String) {
        steps += StringSearch.containsSteps(text, needle)
    }

    func charge(counting text: String) {
        steps += BuiltinImplementations.countSteps(text)
    }
}

private extension Value {
    /// A date as the number of its seconds (which is how row operands compute dates); any
    /// other value as itself.
    var asNumber: Value {
        if case .date(let seconds) = self { return .double(seconds) }
        return self
    }
}
