import TipRulesSemantics
import TipRulesSyntax

/// Fused orders (`sorted`, `min(by:)`, `max(by:)` and what they feed): keys computed once per
/// donation, then ordered by the standard library's algorithms and charged per comparison.
extension Evaluator {
    /// `sorted(by:)`, `min(by:)` or `max(by:)` of an array of scalars compared with `op`, as
    /// the closure `{ $0 OP $1 }` compares them; charged as the built-ins charge (per comparison
    /// for `min(by:)` and `max(by:)`, `Evaluator.sortApplications` for `sorted(by:)`).
    mutating func valueOrder(_ value: Value, _ op: ComparisonOperator, _ order: KeyOrder, perComparison: Int,
                                     _ range: SourceRange) throws(Interrupt) -> Value {
        guard case .array(let items) = value else { preconditionFailure("an order of values over no array") }
        // Nil for an empty array, where nothing is compared.
        guard let scalars = ScalarArray(items) else {
            if case .sorted = order { return value }
            return .null
        }
        let (values, comparisons) = Evaluator.ordered(scalars, op, order)
        try tick(comparisons * perComparison, range)
        if case .sorted = order { return .array(values) }
        return values[0]
    }

    /// What a mapping computed (`.numbers` keys of the element type, `Double` or `Date`), in
    /// order (see `ordered(_:_:_:)`).
    static func ordered(_ keys: consuming OrderKeys, _ op: ComparisonOperator, _ order: KeyOrder,
                                _ element: RuleType) -> (values: [Value], comparisons: Int) {
        switch consume keys {
        case .numbers(let keys): return ordered(element == .date ? .dates(keys) : .doubles(keys), op, order)
        case .ints(let keys): return ordered(.ints(keys), op, order)
        case .values(let values):
            guard let scalars = ScalarArray(values) else { preconditionFailure("an order of values that are not scalars of one type") }
            return ordered(scalars, op, order)
        }
    }

    /// Machine values sorted by the standard library with `op` (or the value `min(by:)` or
    /// `max(by:)` chooses, alone), as values, and the comparisons charged. The values themselves
    /// are sorted: the algorithm moves them as it would move their offsets, on the same
    /// comparisons.
    static func ordered(_ scalars: consuming ScalarArray, _ op: ComparisonOperator,
                                _ order: KeyOrder) -> (values: [Value], comparisons: Int) {
        func choose<Key: Comparable>(_ keys: consuming [Key], knownPlain: Bool = false, _ make: (Key) -> Value) -> ([Value], Int) {
            if case .sorted = order { return sorted(keys, op, knownPlain: knownPlain, make) }
            let (offsets, comparisons) = Evaluator.order(keys, op, order)
            return ([make(keys[offsets[0]])], comparisons)
        }
        switch consume scalars {
        case .ints(let keys): return choose(keys, knownPlain: true, Value.int)
        case .doubles(let keys): return choose(keys, knownPlain: true, Value.double)
        case .dates(let keys): return choose(keys, knownPlain: true, Value.date)
        case .strings(let keys): return choose(keys, Value.string)
        }
    }

    /// Machine values sorted by the standard library with `op`, as values, and the comparisons
    /// charged for them (see `Evaluator.sortApplications`; `knownPlain` as in `Value.boxed`). (The
    /// keys, made for this, sorted in place: `sorted(by:)` made and filled another array.)
    static func sorted<Key: Comparable>(_ keys: consuming [Key], _ op: ComparisonOperator, knownPlain: Bool,
                                                _ make: (Key) -> Value) -> ([Value], Int) {
        var sorted = keys
        switch op {
        case .less: sorted.sort { $0 < $1 }
        case .lessOrEqual: sorted.sort { $0 <= $1 }
        case .greater: sorted.sort { $0 > $1 }
        case .greaterOrEqual: sorted.sort { $0 >= $1 }
        case .equal: sorted.sort { $0 == $1 }
        case .notEqual: sorted.sort { $0 != $1 }
        }
        return (Value.boxed(sorted, knownPlain: knownPlain, make), Evaluator.sortApplications(sorted.count))
    }

    /// An order by key: the keys computed once per donation, then compared as the closure
    /// compares them, by the standard library's algorithms; charged per comparison.
    mutating func keyOrder(_ list: DonationList, _ key: RowPredicate.Operand, _ op: ComparisonOperator, _ order: KeyOrder,
                                   unwrapsKey: Bool, perComparison: Int, _ range: SourceRange) throws(Interrupt) -> Value {
        let (offsets, comparisons): ([Int], Int)
        func ordered(_ keys: OrderKeys) -> ([Int], Int) {
            switch keys {
            case .numbers(let keys): return Evaluator.order(keys, op, order)
            case .ints(let keys): return Evaluator.order(keys, op, order)
            case .values(let keys): return Evaluator.order(keys, order) { Evaluator.compare(op, $0, $1) }
            }
        }
        if unwrapsKey {
            guard let keys = RowPredicateBinder(stream: list.stream, invariants: rowInvariants).unwrappedKeys(key, of: list) else {
                throw givingWay(range)
            }
            (offsets, comparisons) = ordered(keys)
        } else if case .contiguous(let rows) = list.positions, let column = Evaluator.storedNumbers(key, list.stream) {
            // A run of a stored `Double`, date or `Int` column, compared in place rather than copied.
            (offsets, comparisons) = Evaluator.order(column, rows, op, order)
        } else if case .contiguous(let rows) = list.positions, case .field(let index) = key, case .int(let items) = list.stream.columns[index] {
            (offsets, comparisons) = Evaluator.order(items, rows, op, order)
        } else if case .field(let index) = key, case .string(let items) = list.stream.columns[index] {
            // A `String` field's values compared unboxed (`Value`'s comparisons are `String`'s),
            // in place when the list is a run of the stream.
            if case .contiguous(let rows) = list.positions {
                (offsets, comparisons) = Evaluator.order(items, rows, op, order)
            } else {
                (offsets, comparisons) = Evaluator.order((0..<list.count).map { items[list.position(at: $0)] }, op, order)
            }
        } else {
            (offsets, comparisons) = ordered(RowPredicateBinder(stream: list.stream, invariants: rowInvariants).keys(key, of: list))
        }
        try tick(comparisons * perComparison, range)
        return Evaluator.orderedDonations(list, offsets, order)
    }

    /// What an order of a list's donations gives, from the offsets its algorithm chose: the
    /// donations in that order (`sorted(by:)`), or the one chosen (`min(by:)`, `max(by:)`).
    static func orderedDonations(_ list: DonationList, _ offsets: [Int], _ order: KeyOrder) -> Value {
        if order == .sorted {
            return .donations(DonationList(stream: list.stream, positions: .scattered(offsets.map(list.position))))
        }
        return .donation(list.stream, list.position(at: offsets[0]))
    }

    /// `sorted(by:)`, `min(by:)` or `max(by:)` by a key whose computation charges work by what
    /// it reads (`{ $0.name.count < $1.name.count }`, see `Optimizer`): each donation's key and
    /// its work computed once, then ordered by the standard library's algorithms as the keys
    /// are, each comparison charged the work of the two donations it compares (the closure
    /// computes both keys at every application), the closure's steps as the calls charge them.
    mutating func workedOrder(_ list: DonationList, _ key: RowPredicate.Operand, _ op: ComparisonOperator, _ order: KeyOrder,
                                      perComparison: Int, _ range: SourceRange) throws(Interrupt) -> Value {
        let (keys, work) = RowPredicateBinder(stream: list.stream, invariants: rowInvariants).keysAndWork(key, of: list)
        var charged = 0
        let (offsets, comparisons) = Evaluator.order(Array(keys.indices), order) { a, b in
            charged += work[a] + work[b]
            return Evaluator.compare(op, keys[a], keys[b])
        }
        try tick(comparisons * perComparison + charged, range)
        return Evaluator.orderedDonations(list, offsets, order)
    }

    /// An order by a predicate of two donations: `$0`'s fields read at a cursor set to the
    /// first of each pair compared, the predicate tested on the second; charged per comparison.
    mutating func pairOrder(_ list: DonationList, _ comparator: RowPredicate, _ firstSlot: Int, _ order: KeyOrder,
                                    perComparison: Int, _ range: SourceRange) throws(Interrupt) -> Value {
        let cursor = RowCursor()
        let binder = RowPredicateBinder(stream: list.stream, invariants: rowInvariants,
                                        enclosingRow: EnclosingRow(slot: firstSlot, stream: list.stream, cursor: cursor))
        let precedes = binder.bind(comparator)
        let positions = (0..<list.count).map(list.position)
        let (offsets, comparisons) = Evaluator.order(positions, order) { first, second in
            cursor.position = first
            return precedes(second)
        }
        try tick(comparisons * perComparison, range)
        return Evaluator.orderedDonations(list, offsets, order)
    }

    /// An order by comparisons of keys (see `KeyComparisons`): each donation's keys computed
    /// once, each pair compared on them; charged per comparison.
    mutating func keyedOrder(_ list: DonationList, _ keyed: KeyedComparator, _ order: KeyOrder,
                                     perComparison: Int, _ range: SourceRange) throws(Interrupt) -> Value {
        let binder = RowPredicateBinder(stream: list.stream, invariants: rowInvariants)
        let comparator = PairComparator(keyed, keys: keyed.keys.map { binder.keys($0, of: list) }, count: list.count)
        let precedes = comparator.precedes
        if order == .sorted {
            // The offsets themselves are sorted: the same comparisons as sorting the
            // donations, with the comparator called directly rather than through pairs of keys.
            var offsets = Array(0..<list.count)
            withExtendedLifetime(comparator) { offsets.sort(by: precedes) }
            try tick(Evaluator.sortApplications(list.count) * perComparison, range)
            return .donations(DonationList(stream: list.stream, positions: .scattered(offsets.map(list.position))))
        }
        let (offsets, comparisons) = withExtendedLifetime(comparator) { Evaluator.order(Array(0..<list.count), order, precedes) }
        try tick(comparisons * perComparison, range)
        return .donation(list.stream, list.position(at: offsets[0]))
    }

    /// The stored column a key reads as it is, when it is a `Double` field or the date.
    static func storedNumbers(_ key: RowPredicate.Operand, _ stream: DonationStream) -> ColumnArray<Double>? {
        switch key {
        case .date: return stream.dates
        case .field(let index):
            switch stream.columns[index] {
            case .double(let items), .date(let items): return items
            default: return nil
            }
        default: return nil
        }
    }

    /// The same, over a run of a stored column read in place.
    static func order<Key: Comparable>(_ column: ColumnArray<Key>, _ rows: Range<Int>, _ op: ComparisonOperator,
                                               _ order: KeyOrder) -> ([Int], Int) {
        column.withUnsafeBufferPointer { column in
            precondition(rows.lowerBound >= 0 && rows.upperBound <= column.count, "a list past its stream's end")
            return Evaluator.order(UnsafeBufferPointer(rebasing: column[rows]), op, order)
        }
    }

    /// The same, for machine keys, with the operator chosen once rather than at every comparison.
    static func order<Key: Comparable>(_ keys: [Key], _ op: ComparisonOperator, _ order: KeyOrder) -> ([Int], Int) {
        keys.withUnsafeBufferPointer { Evaluator.order($0, op, order) }
    }

    static func order<Key: Comparable>(_ keys: UnsafeBufferPointer<Key>, _ op: ComparisonOperator, _ order: KeyOrder) -> ([Int], Int) {
        if order != .sorted && (Key.self == Double.self || Key.self == Int.self) {
            // `min(by:)`/`max(by:)` choosing an extreme number (see `ExtremeOffset`).
            let isMax = order == .max
            switch op {
            case .less: return ([ExtremeOffset.find(keys, largest: isMax, last: false)], keys.count - 1)
            case .lessOrEqual: return ([ExtremeOffset.find(keys, largest: isMax, last: true)], keys.count - 1)
            case .greater: return ([ExtremeOffset.find(keys, largest: !isMax, last: false)], keys.count - 1)
            case .greaterOrEqual: return ([ExtremeOffset.find(keys, largest: !isMax, last: true)], keys.count - 1)
            case .equal, .notEqual: break
            }
        }
        switch op {
        case .less: return Evaluator.order(keys, order) { $0 < $1 }
        case .lessOrEqual: return Evaluator.order(keys, order) { $0 <= $1 }
        case .greater: return Evaluator.order(keys, order) { $0 > $1 }
        case .greaterOrEqual: return Evaluator.order(keys, order) { $0 >= $1 }
        case .equal: return Evaluator.order(keys, order) { $0 == $1 }
        case .notEqual: return Evaluator.order(keys, order) { $0 != $1 }
        }
    }

    /// The offsets of the keys in order (`sorted`), or the offset of the one `min` or `max`
    /// chooses, with the comparisons charged (those `sorted(by:)` charges, see
    /// `Evaluator.sortApplications`, or those `min(by:)` and `max(by:)` make).
    @inline(__always)
    static func order<Key>(_ keys: [Key], _ order: KeyOrder, _ before: (Key, Key) -> Bool) -> ([Int], Int) {
        keys.withUnsafeBufferPointer { Evaluator.order($0, order, before) }
    }

    @inline(__always)
    static func order<Key>(_ keys: UnsafeBufferPointer<Key>, _ order: KeyOrder, _ before: (Key, Key) -> Bool) -> ([Int], Int) {
        switch order {
        case .sorted:
            // Keys sorted with their offsets: the same comparisons as sorting the
            // donations, without looking each key up.
            let sorted = Array(zip(keys, keys.indices)).sorted { before($0.0, $1.0) }
            return (sorted.map(\.1), Evaluator.sortApplications(keys.count))
        case .min, .max:
            // Swift's loop: an element replaces the result when it comes before it (min),
            // or the result comes before the element (max).
            // (The chosen key is kept in hand rather than read again at every comparison. An
            // empty list has its answer before any order, see `emptyResult`.)
            precondition(!keys.isEmpty, "min or max of no keys")
            var chosen = 0, best = keys[0]
            if case .max = order {
                for index in keys.indices.dropFirst() {
                    let key = keys[index]
                    if before(best, key) { chosen = index; best = key }
                }
            } else {
                for index in keys.indices.dropFirst() {
                    let key = keys[index]
                    if before(key, best) { chosen = index; best = key }
                }
            }
            return ([chosen], keys.count - 1)
        }
    }

    /// What the `map` before an order computes from each donation, charged as it charges: per
    /// donation, with the work its mapping does (its `Int` arithmetic proven unable to fail first).
    mutating func mappedKeys(_ list: DonationList, _ mapping: RowPredicate.Operand, _ steps: FusedSteps,
                                     _ filters: BoundFilterCache, _ range: SourceRange) throws(Interrupt) -> OrderKeys {
        try givingWayUnlessIntArithmeticIsSafe(mapping, filters, list, range)
        try tick(list.count * steps.perSourceElement, range)
        let meter = StepMeter.forWork(of: mapping, filters)
        let keys = RowPredicateBinder(stream: list.stream, invariants: rowInvariants, meter: meter).keys(mapping, of: list)
        try tick(meter?.steps ?? 0, range)
        return keys
    }

    /// `xs.map(f).sorted()` of a row mapping to a scalar type: the values sorted, all of them
    /// (`end` nil), or the first (`end` false) or the last alone, nil for none
    /// (`sorted().first`, `.last`). `map` charges per donation, `sorted()` as the built-in does,
    /// by the count.
    mutating func sortedValues(_ list: DonationList, _ mapping: RowPredicate.Operand, _ element: RuleType, _ steps: FusedSteps,
                                       _ filters: BoundFilterCache, _ range: SourceRange, end last: Bool?) throws(Interrupt) -> Value {
        let keys = try mappedKeys(list, mapping, steps, filters, range)
        try tick(list.count * max(1, Int.bitWidth - list.count.leadingZeroBitCount), range)
        func result<T>(_ sorted: [T], knownPlain: Bool = false, _ make: (T) -> Value) -> Value {
            guard let last else { return .array(Value.boxed(sorted, knownPlain: knownPlain, make)) }
            return (last ? sorted.last : sorted.first).map(make) ?? .null
        }
        // `sorted().first` or `.last` of ordered values: the end found in one pass.
        if let last {
            switch keys {
            case .numbers(let keys):
                if let end = Evaluator.sortedEnd(keys, last: last) { return element == .date ? .date(end) : .double(end) }
            case .ints(let keys):
                return Evaluator.sortedEnd(keys, last: last).map(Value.int) ?? .null
            case .values(let values) where element == .string:
                let strings = values.lazy.map { value -> String in
                    guard case .string(let text) = value else { preconditionFailure("a String mapping's value that is no String") }
                    return text
                }
                return Evaluator.sortedEnd(strings, last: last).map(Value.string) ?? .null
            case .values:
                break
            }
        }
        // (The keys, made for this sort alone, sorted in place: `sorted()` made and filled
        // another array.)
        switch consume keys {
        case .numbers(var keys):
            keys.sort()
            return element == .date ? result(keys, knownPlain: true) { .date($0) } : result(keys, knownPlain: true) { .double($0) }
        case .ints(var keys):
            keys.sort()
            return result(keys, knownPlain: true) { .int($0) }
        case .values(let values):
            // (Already values: given as they are, not copied into another array.)
            let sorted = ScalarArray(values)?.sorted() ?? values.sorted(by: Value.less)
            guard let last else { return .array(sorted) }
            return (last ? sorted.last : sorted.first) ?? .null
        }
    }

    /// What `sorted()` puts first (`last` false) or last, found in one pass: the standard
    /// library's sort is stable, so of equal values (`0.0` and `-0.0`, strings equal but
    /// differently composed) the first of the least or the last of the greatest. Nil for no
    /// values, and where a value is unordered (NaN), whose place only the sort itself decides.
    static func sortedEnd<Values: Sequence>(_ values: Values, last: Bool) -> Values.Element? where Values.Element: Comparable {
        var end: Values.Element?
        for value in values {
            guard value == value else { return nil }
            guard let current = end else {
                end = value
                continue
            }
            if last ? !(value < current) : value < current { end = value }
        }
        return end
    }
}
