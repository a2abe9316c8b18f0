import TipRulesSemantics
import TipRulesSyntax

/// Fused reads of one mapped column: extremes, distinct values, group counts and the mapped
/// array itself.
extension Evaluator {
    /// A group count from the cache's last answer for this node and stream, updated with the
    /// donations that entered the list at its end and left it at its start since.
    func cachedGroupCount(_ cache: IncrementalCache, _ node: AnyObject, _ stream: DonationStream, _ positions: Range<Int>,
                                  _ field: Int, _ largest: Bool) -> Int {
        let column = stream.columns[field]
        var sizes: GroupSizes
        var reused = false
        if let entry = cache.take(node), entry.node === node, entry.stream === stream.identity, entry.rewrites == stream.rewrites,
           case .groups(let cached) = entry.state,
           positions.lowerBound >= entry.range.lowerBound, positions.upperBound >= entry.range.upperBound,
           positions.lowerBound <= entry.range.upperBound {
            sizes = cached
            reused = true
            for position in entry.range.lowerBound..<positions.lowerBound { sizes.remove(column[position]) }
            for position in entry.range.upperBound..<positions.upperBound { sizes.add(column[position]) }
        } else if let counted = Self.countedGroupSizes(column, DonationList(stream: stream, positions: .contiguous(positions))) {
            sizes = counted
        } else {
            sizes = GroupSizes()
            for position in positions { sizes.add(column[position]) }
        }
        cache.put(IncrementalCache.Entry(node: node, stream: stream.identity, rewrites: stream.rewrites, range: positions, state: .groups(sizes)), for: node, reused: reused)
        return largest ? sizes.largest : sizes.smallest
    }

    /// The group sizes of a column's values over a list, each group's size counted before its
    /// entry is made, rather than the entry updated for each value: `Int` and `Int?` keys in a
    /// table over their range where it is small (see `DenseIntKeys`), `String`s in a dictionary
    /// of their own type. Nil for other columns and wide ranges.
    static func countedGroupSizes(_ column: Column, _ list: DonationList) -> GroupSizes? {
        var groups: [(key: Value, size: Int)] = []
        func collect<T>(_ items: ColumnArray<T>, _ bounds: (low: Int, high: Int)?, _ int: (T) -> Int?) -> Bool {
            reading(items, of: list) { count, read in
                DenseIntKeys.forEachGroup(count, within: bounds, { int(read($0)) }) { key, size in
                    groups.append((key.map(Value.int) ?? .null, size))
                }
            }
        }
        switch column {
        case .int(let items): guard collect(items, items.writtenBounds, { $0 }) else { return nil }
        case .optionalInt(let items): guard collect(items, items.writtenBounds, { $0 }) else { return nil }
        case .string(let items):
            var sizes: [String: Int] = [:]
            reading(items, of: list) { count, read in
                for offset in 0..<count { sizes[read(offset), default: 0] += 1 }
            }
            groups = sizes.map { (Value.string($0.key), $0.value) }
        default: return nil
        }
        return GroupSizes(groups: groups)
    }

    /// `max()` or `min()` of a computed `Int`, `Double` or `Date` mapping (not a plain column,
    /// which `columnExtreme` reads in place), a batch of rows at a time, without the array of
    /// values, the computation kept for the next evaluation (see `keptColumn`). `Int`
    /// arithmetic that checks itself needs no proof first: it gives way when it failed on a
    /// row. Nil for other mappings.
    mutating func batchedExtreme(_ list: DonationList, _ mapping: RowPredicate.Operand, _ isMax: Bool,
                                         _ filters: BoundFilterCache, perElement: Int, _ range: SourceRange) throws(Interrupt) -> Value? {
        if case .field = mapping { return nil }
        guard let columns = filters.columns else { return nil }
        let batch = RowPredicateBinder.batch(for: list.stream)
        // A `Double` or `Date` mapping (the operand tells which), which can neither fail nor
        // charge work: compared as `Sequence.max()` and `min()` compare (the first of equal
        // values kept, a NaN only where it comes first).
        if let isDate = RowPredicateBinder.isDate(mapping, in: list.stream) {
            guard !filters.operandHasIntArithmetic, !filters.operandChargesWork,
                  let kept = keptColumn(mapping, list, columns, ints: false), let column = kept.numbers else { return nil }
            try tick(list.count * perElement, range)
            var result: Double?
            Evaluator.forEachBatch(list, batch: batch, column) { (values: UnsafeBufferPointer<Double>) in
                guard let current = result ?? values.first else { return }
                result = DoubleExtremes.fold(values, from: current, DoubleExtremes.Rule(isMax: isMax, keepsLastOfEqual: false))
            }
            columns.put(kept)
            return result.map { isDate ? .date($0) : .double($0) }
        }
        guard !filters.operandHasIntArithmetic || filters.operandChecksItself,
              let kept = keptColumn(mapping, list, columns, ints: true), let column = kept.ints else { return nil }
        try tick(list.count * perElement, range)
        var result: Int?
        // Bounded: the root operation in the loop that compares, from the extreme of `Int`'s
        // other end (which any value replaces: `Int`s are totally ordered).
        if list.count > 0, let folded = IntExtremeFold.of(column, over: list, batch: batch, from: isMax ? .min : .max, isMax: isMax) {
            result = folded
        } else {
            Evaluator.forEachBatch(list, batch: batch, column) { (values: UnsafeBufferPointer<Int>) in
                guard let first = result ?? values.first else { return }
                result = IntExtremes.fold(first, values, isMax: isMax)
            }
        }
        // (Never one that failed: it would hold that it did.)
        if column.hasFailed { throw givingWay(range) }
        columns.put(kept)
        return result.map(Value.int)
    }

    /// `map(\.field).max()` / `.min()`, comparing in the order the standard library does
    /// (which decides where NaN ends up).
    func columnExtreme(_ list: DonationList, _ mapping: RowPredicate.Operand, _ isMax: Bool, _ meter: StepMeter?) -> Value {
        let column: Column
        switch mappedValues(mapping, list, meter) {
        case .column(let read): column = read
        case .computed(let keys):
            // The standard library's own `max()` or `min()`, as on the array `map` would make.
            switch keys {
            case .numbers(let keys): return .double(DoubleExtremes.sequenceExtreme(keys, isMax: isMax)!)
            case .ints(let keys): return .int((isMax ? keys.max() : keys.min())!)
            case .values(let keys): return (isMax ? keys.max(by: Value.less) : keys.min(by: Value.less))!
            }
        }
        if case .contiguous(let range) = list.positions {
            switch column {
            case .int(let items):
                // For Int, the first maximum and any maximum are the same value.
                return .int(items.withUnsafeBufferPointer { buffer in
                    var result = buffer[range.lowerBound]
                    // Written as selects so the loop vectorises.
                    if isMax {
                        for position in range { let x = buffer[position]; result = x > result ? x : result }
                    } else {
                        for position in range { let x = buffer[position]; result = x < result ? x : result }
                    }
                    return result
                })
            case .double(let items), .date(let items):
                let result = items.withUnsafeBufferPointer { buffer in
                    precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "a list past its stream's end")
                    return DoubleExtremes.sequenceExtreme(UnsafeBufferPointer(rebasing: buffer[range]), isMax: isMax)!
                }
                if case .date = column { return .date(result) }
                return .double(result)
            case .string(let items): return .string(Evaluator.extreme(items, at: range, isMax: isMax))
            default: break
            }
        }
        if case .scattered(let positions) = list.positions {
            // A filtered list: the column's machine values at its positions, compared as the
            // standard library's `max()` or `min()` compares them over the array `map` would make.
            func numbers(_ items: ColumnArray<Double>) -> Double {
                items.withUnsafeBufferPointer { DoubleExtremes.sequenceExtreme($0, at: positions, isMax: isMax)! }
            }
            switch column {
            case .int(let items): return .int(Evaluator.extreme(items, at: positions, isMax: isMax))
            case .double(let items): return .double(numbers(items))
            case .date(let items): return .date(numbers(items))
            case .string(let items): return .string(Evaluator.extreme(items, at: positions, isMax: isMax))
            default: break
            }
        }
        var result = column[list.position(at: 0)]
        for offset in 1..<list.count {
            let next = column[list.position(at: offset)]
            if isMax ? Value.less(result, next) : Value.less(next, result) { result = next }
        }
        return result
    }

    /// How many donations of the list an optional mapping gives a value for (is not nil): an
    /// optional field's nils counted in place.
    func nonNilCount(_ list: DonationList, _ mapping: RowPredicate.Operand) -> Int {
        if case .field(let field) = mapping, case .contiguous(let rows) = list.positions {
            let nils: NilFilter?
            switch list.stream.columns[field] {
            case .optionalInt(let items): nils = NilFilter(.ints(items), isNil: true)
            case .optionalDouble(let items), .optionalDate(let items): nils = NilFilter(.doubles(items), isNil: true)
            case .optionalString(let items): nils = NilFilter(.strings(items), isNil: true)
            case .values(let items): nils = NilFilter(.values(items), isNil: true)
            case .int, .double, .bool, .string, .date: nils = nil
            }
            if let count = nils?.count(in: rows) { return rows.count - count }
        }
        let read = RowPredicateBinder(stream: list.stream, invariants: rowInvariants).values(mapping)
        var count = 0
        for offset in 0..<list.count {
            if case .null = read(list.position(at: offset)) { continue }
            count += 1
        }
        return count
    }

    /// `Sequence.max()` or `min()` of a column's values at `positions` (not empty), in their
    /// order, the first of equal values kept, compared in place: read out one at a time, each
    /// `String` was retained and released.
    static func extreme<T: Comparable>(_ items: ColumnArray<T>, at positions: some Collection<Int>, isMax: Bool) -> T {
        items.withUnsafeBufferPointer { buffer in
            @inline(__always) func value(_ position: Int) -> T {
                precondition(UInt(bitPattern: position) < UInt(bitPattern: buffer.count), "a list past its stream's end")
                return buffer[position]
            }
            var best = positions.first!
            for position in positions.dropFirst() where isMax ? value(best) < value(position) : value(position) < value(best) {
                best = position
            }
            return value(best)
        }
    }

    /// `compactMap(f).max()` or `.min()`: the standard library's own `max()` or `min()` of the
    /// values `f` computes that are not nil, in order (an optional field's read in place as
    /// machine values); and how many there were.
    func extremeSkippingNil(_ list: DonationList, _ mapping: RowPredicate.Operand, _ isMax: Bool,
                                    _ meter: StepMeter?) -> (Value, Int) {
        func extreme<T: OptionalNumberBits.Number & Comparable>(_ items: ColumnArray<T?>, _ make: (T) -> Value,
                                                                _ pick: ([T]) -> T?) -> (Value, Int) {
            let kept = items.compacted(list.count) { list.position(at: $0) }
            return (pick(kept).map(make) ?? .null, kept.count)
        }
        if case .field(let index) = mapping {
            let numbers = { (kept: [Double]) in DoubleExtremes.sequenceExtreme(kept, isMax: isMax) }
            switch list.stream.columns[index] {
            case .optionalInt(let items): return extreme(items, Value.int) { isMax ? $0.max() : $0.min() }
            case .optionalDouble(let items): return extreme(items, Value.double, numbers)
            case .optionalDate(let items): return extreme(items, Value.date, numbers)
            default: break
            }
        }
        let read = RowPredicateBinder(stream: list.stream, invariants: rowInvariants, meter: meter).values(mapping)
        var kept: [Value] = []
        for offset in 0..<list.count {
            let value = read(list.position(at: offset))
            if case .null = value { continue }
            kept.append(value)
        }
        return ((isMax ? kept.max(by: Value.less) : kept.min(by: Value.less)) ?? .null, kept.count)
    }

    /// What a row mapping gives for a list: a stream column as it is (a field, or the dates), or
    /// the values it computes from each donation.
    enum MappedValues {
        case column(Column)
        case computed(OrderKeys)
    }

    func mappedValues(_ mapping: RowPredicate.Operand, _ list: DonationList, _ meter: StepMeter?) -> MappedValues {
        switch mapping {
        case .field(let index): return .column(list.stream.columns[index])
        case .date: return .column(.date(list.stream.dates))
        default: return .computed(RowPredicateBinder(stream: list.stream, invariants: rowInvariants, meter: meter).keys(mapping, of: list))
        }
    }

    /// The set `Set(xs.map(f))` makes of a list's values (`FusedOperation.distinctValues`):
    /// `Int`s gathered in a typed set first, each boxed once, at its first occurrence; others
    /// through the array `map` would make. The set is sized for every value, as `Set(_:)` sizes
    /// it for the array, and gets the distinct values in the order the array has them.
    func distinctValues(_ list: DonationList, _ mapping: RowPredicate.Operand, _ element: RuleType) -> Set<Value> {
        var result = Set<Value>(minimumCapacity: list.count)
        if element == .int {
            // Each value's first occurrence found over a bitmap of their range where it is
            // small (see `DenseIntKeys`), otherwise in a typed set.
            var seen = Set<Int>()
            switch mappedValues(mapping, list, nil) {
            case .column(.int(let items)):
                let bounds = items.writtenBounds
                let dense = Self.reading(items, of: list) { count, read in
                    DenseIntKeys.forEachDistinct(count, within: bounds, { read($0) }) { result.insert(.int($0)) }
                }
                if dense { return result }
                seen.reserveCapacity(list.count)
                items.withUnsafeBufferPointer { buffer in
                    for offset in 0..<list.count {
                        let x = buffer[list.position(at: offset)]
                        if seen.insert(x).inserted { result.insert(.int(x)) }
                    }
                }
                return result
            case .computed(.ints(let keys)):
                let dense = keys.withUnsafeBufferPointer { buffer in
                    DenseIntKeys.forEachDistinct(buffer.count, within: nil, { buffer[$0] }) { result.insert(.int($0)) }
                }
                if dense { return result }
                seen.reserveCapacity(keys.count)
                for x in keys where seen.insert(x).inserted { result.insert(.int(x)) }
                return result
            default:
                break
            }
        }
        for value in mappedArray(list, mapping, element, nil) { result.insert(value) }
        return result
    }

    /// What `map` makes of a list with a row mapping: the values, typed as the element type
    /// says (a date's seconds are a `Date`), read from a column in one loop where they are one.
    func mappedArray(_ list: DonationList, _ mapping: RowPredicate.Operand, _ element: RuleType, _ meter: StepMeter?) -> [Value] {
        // Each value written in place (`map` over a slice went through its generic copy).
        func read<T>(_ items: ColumnArray<T>, knownPlain: Bool = false, _ make: (T) -> Value) -> [Value] {
            items.withUnsafeBufferPointer { buffer in
                switch list.positions {
                case .contiguous(let range): return Value.boxed(UnsafeBufferPointer(rebasing: buffer[range]), knownPlain: knownPlain, make)
                case .scattered(let positions):
                    return positions.withUnsafeBufferPointer { positions in
                        Value.made(positions.count, knownPlain: knownPlain) { make(buffer[positions[$0]]) }
                    }
                }
            }
        }
        switch mappedValues(mapping, list, meter) {
        case .column(.int(let items)): return read(items, knownPlain: true, Value.int)
        case .column(.double(let items)): return read(items, knownPlain: true, Value.double)
        case .column(.date(let items)): return read(items, knownPlain: true, Value.date)
        case .column(.string(let items)): return read(items, Value.string)
        case .column(.bool(let items)): return read(items, knownPlain: true, Value.bool)
        case .column(.optionalInt(let items)): return read(items) { $0.map(Value.int) ?? .null }
        case .column(.optionalDouble(let items)): return read(items) { $0.map(Value.double) ?? .null }
        case .column(.optionalDate(let items)): return read(items) { $0.map(Value.date) ?? .null }
        case .column(.optionalString(let items)): return read(items) { $0.map(Value.string) ?? .null }
        case .column(.values(let items)): return read(items) { $0 }
        case .computed(.numbers(let keys)): return Value.boxed(keys, asDates: element == .date)
        case .computed(.ints(let keys)): return Value.boxed(keys)
        case .computed(.values(let keys)): return keys
        }
    }

    /// Whether a constant is a scalar equal to itself (not NaN), nil, or such a scalar wrapped:
    /// one value however many rows give it. (An array of NaNs is equal to itself only where it
    /// is the same array.)
    static func isOrdinaryScalar(_ constant: Constant) -> Bool {
        switch constant {
        case .int, .bool, .string, .null: return true
        case .double(let x), .date(let x): return !x.isNaN
        case .some(let wrapped): return isOrdinaryScalar(wrapped)
        case .timeRange, .array, .set: return false
        }
    }

    /// Calls `body` with the list's length and a reader of `items` at the list's positions by
    /// offset, reading the column in place (a contiguous list's without a lookup).
    @inline(__always)
    static func reading<T, R>(_ items: ColumnArray<T>, of list: DonationList, _ body: (Int, (Int) -> T) -> R) -> R {
        items.withUnsafeBufferPointer { buffer in
            switch list.positions {
            case .contiguous(let range):
                let start = range.lowerBound
                return body(range.count) { buffer[start &+ $0] }
            case .scattered(let positions):
                return positions.withUnsafeBufferPointer { positions in body(positions.count) { buffer[positions[$0]] } }
            }
        }
    }

    /// The size of the largest (or smallest) group of equal field values. Typed keys group as
    /// `Value`s do: their `==` and hashing are the Swift type's.
    func groupCount(_ list: DonationList, _ field: Int, _ largest: Bool) -> Int {
        func extreme<Key: Hashable>(_ key: (Int) -> Key) -> Int {
            var counts: [Key: Int] = [:]
            for offset in 0..<list.count { counts[key(list.position(at: offset)), default: 0] += 1 }
            return (largest ? counts.values.max() : counts.values.min()) ?? 0
        }
        // `Int` and `Int?` keys counted in a table over their range where it is small (see
        // `DenseIntKeys`).
        switch list.stream.columns[field] {
        case .int(let items):
            let bounds = items.writtenBounds
            return Self.reading(items, of: list) { count, read in DenseIntKeys.extremeGroupSize(count, within: bounds, largest: largest) { read($0) } }
                ?? extreme { items[$0] }
        case .string(let items):
            // Short ASCII names counted on their bits (see `StringGroups`).
            let sizes = StringGroups.sizes(list.count) { items[list.position(at: $0)] }
            return (largest ? sizes.max() : sizes.min()) ?? 0
        case .optionalString(let items):
            // Nil a group of its own, as a `Dictionary` keyed by `String?` has it.
            let (sizes, nils) = StringGroups.sizes(list.count, optional: { items[list.position(at: $0)] })
            let all = nils > 0 ? sizes + [nils] : sizes
            return (largest ? all.max() : all.min()) ?? 0
        case .optionalInt(let items):
            let bounds = items.writtenBounds
            return Self.reading(items, of: list) { count, read in DenseIntKeys.extremeGroupSize(count, within: bounds, largest: largest, read) }
                ?? extreme { items[$0] }
        case let column: return extreme { column[$0] }
        }
    }

    /// How many distinct values the mapping computes over the list (with `skipsNil`, not
    /// counting nil), and how many values it counted them among, as a `Set` of them counts
    /// them: with the Swift type's `==` and hashing, so each NaN is distinct and `-0.0` is
    /// `0.0`, as in `Set<Double>`.
    func distinctCount(_ list: DonationList, _ mapping: RowPredicate.Operand, skipsNil: Bool, _ meter: StepMeter?) -> (Int, Int) {
        func count<Key: Hashable>(_ key: (Int) -> Key) -> (Int, Int) {
            var seen = Set<Key>(minimumCapacity: list.count)
            for offset in 0..<list.count { seen.insert(key(list.position(at: offset))) }
            return (seen.count, list.count)
        }
        /// Values, nils left out when asked.
        func countValues(_ values: some Sequence<Value>) -> (Int, Int) {
            var seen = Set<Value>(minimumCapacity: list.count)
            var counted = 0
            for value in values {
                if skipsNil, case .null = value { continue }
                seen.insert(value)
                counted += 1
            }
            return (seen.count, counted)
        }
        // One of two constants a row (`Set(xs.map { $0.score > 4 }).count`, `map { $0.score >= 4
        // ? "good" : "bad" }`): the test's truths computed a batch at a time and counted, rather
        // than each row's value boxed and hashed. (Not for a test that charges work, a string
        // search, which the mapping's meter charges; nor for a NaN, each of which is a value of
        // its own.)
        if meter == nil, case .conditional(let test, .constant(let whenTrue), .constant(let whenFalse)) = mapping,
           Self.isOrdinaryScalar(whenTrue), Self.isOrdinaryScalar(whenFalse),
           let truths = TestColumn.make(test, RowPredicateBinder(stream: list.stream, invariants: rowInvariants)) {
            var passing = 0
            Evaluator.forEachBatch(list, batch: RowPredicateBinder.batch(for: list.stream), truths) { (values: UnsafeBufferPointer<Bool>) in
                var passed = 0
                for value in values { passed &+= value.bit }
                passing += passed
            }
            var values = Set<Value>()
            var counted = 0
            for (constant, rows) in [(whenTrue, passing), (whenFalse, list.count - passing)] where rows > 0 && !(skipsNil && constant == .null) {
                values.insert(Value(constant))
                counted += rows
            }
            return (values.count, counted)
        }
        // Strings computed per row (`$0.comment ?? ""`, `$0.name.lowercased()`) in a set of
        // strings, not of values: each neither boxed nor hashed and compared through `Value`.
        // (Not tried for a mapping that is never a string: binding it to find that out cost a
        // third of a `Set` of 12 computed `Int`s, W910.)
        switch mapping {
        case .field, .date: break
        case _ where mapping.isNeverString: break
        default:
            if let read = RowPredicateBinder(stream: list.stream, invariants: rowInvariants, meter: meter).strings(mapping) {
                return (StringGroups.sizes(list.count) { read(list.position(at: $0)) }.count, list.count)
            }
        }
        let column: Column
        switch mappedValues(mapping, list, meter) {
        case .column(let read): column = read
        case .computed(let keys):
            // Numbers (dates as their seconds) and `Int`s in typed sets, which count as a set
            // of their values does: each NaN apart, -0.0 and 0.0 together.
            switch keys {
            case .numbers(let keys): return (Set(keys).count, keys.count)
            case .ints(let keys):
                let dense = keys.withUnsafeBufferPointer { buffer in DenseIntKeys.distinct(buffer.count, within: nil) { buffer[$0] } }
                return (dense?.distinct ?? Set(keys).count, keys.count)
            case .values(let keys): return countValues(keys)
            }
        }
        /// Distinct `Int`s (nil where an `Int?` is nil) counted over a bitmap of their range
        /// where it is small (see `DenseIntKeys`), nils left out when asked (otherwise one more
        /// value); nil where it is not.
        func countDense(_ dense: (distinct: Int, present: Int, sawNil: Bool)?) -> (Int, Int)? {
            guard let dense else { return nil }
            return skipsNil ? (dense.distinct, dense.present) : (dense.distinct + (dense.sawNil ? 1 : 0), list.count)
        }
        /// An optional field's values read in place as machine values, nils left out when asked
        /// (then in a set of the values themselves, which hashes faster than one of optionals).
        func countOptionals<Key: Hashable>(_ key: (Int) -> Key?) -> (Int, Int) {
            if skipsNil {
                var seen = Set<Key>(minimumCapacity: list.count)
                var counted = 0
                for offset in 0..<list.count {
                    guard let value = key(list.position(at: offset)) else { continue }
                    seen.insert(value)
                    counted += 1
                }
                return (seen.count, counted)
            }
            var seen = Set<Key?>(minimumCapacity: list.count)
            for offset in 0..<list.count { seen.insert(key(list.position(at: offset))) }
            return (seen.count, list.count)
        }
        switch column {
        case .int(let items):
            let bounds = items.writtenBounds
            if let counted = countDense(Self.reading(items, of: list) { count, read in DenseIntKeys.distinct(count, within: bounds) { read($0) } }) {
                return counted
            }
            return count { items[$0] }
        case .double(let items), .date(let items): return count { items[$0] }
        case .string(let items): return (StringGroups.sizes(list.count) { items[list.position(at: $0)] }.count, list.count)
        case .bool(let items): return count { items[$0] }
        case .optionalInt(let items):
            let bounds = items.writtenBounds
            if let counted = countDense(Self.reading(items, of: list) { count, read in DenseIntKeys.distinct(count, within: bounds, read) }) {
                return counted
            }
            return countOptionals { items[$0] }
        case .optionalDouble(let items), .optionalDate(let items): return countOptionals { items[$0] }
        case .optionalString(let items):
            let (sizes, nils) = StringGroups.sizes(list.count, optional: { items[list.position(at: $0)] })
            return skipsNil ? (sizes.count, list.count - nils) : (sizes.count + (nils > 0 ? 1 : 0), list.count)
        case .values(let items): return countValues((0..<list.count).lazy.map { items[list.position(at: $0)] })
        }
    }
}
