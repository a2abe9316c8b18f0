import TipRulesSemantics
import TipRulesSyntax

/// Evaluation of fused operations (see `Optimizer`): tight loops over stream columns.
extension Evaluator {
    /// Evaluates a fused operation and charges what the calls it stands for charge (`steps`):
    /// their nodes outside closures, and for each element those calls go through, the steps of
    /// their closures and key paths plus what built-ins in them charge for their work.
    /// With `keepsListOf` a declaration's index (not -1), the operation computes that
    /// declaration's value, and keeps the list it goes through for readers (see
    /// `MappedDeclaration`).
    @inline(never)
    mutating func fused(_ operation: FusedOperation.Kernel, _ steps: FusedSteps, _ source: Node, _ initial: Node?, node: AnyObject,
                        filters: BoundFilterCache, hoisted: [HoistedSlot], keepsListOf declaration: Int, _ range: SourceRange) throws(Interrupt) -> Value {
        try tickNodes(steps.fixed, range)
        let value = try source.evaluate(&self)
        if declaration >= 0 { keepList(value, of: declaration) }
        // One switch over the operation: matching it case by case (`if case`) copied all of it
        // first, and destroyed the copy through the generic witnesses, at every evaluation.
        switch operation {
        case .columnSum(let mapping, let addition, let skipsNil):
            guard let initial else { preconditionFailure("a sum without its initial value") }
            return try columnSum(value, initial, mapping, addition, skipsNil: skipsNil, steps, node: node, filters, hoisted, range)
        case .fold(let step, let filter):
            guard let initial else { preconditionFailure("a fold without its initial value") }
            return try fold(value, initial, step, filter, steps, filters, hoisted, range)
        case .mappedSlice(let mapping, let element, let reversed, let slice):
            guard let initial else { preconditionFailure("a map's slice without its count") }
            return try mappedSlice(value, count: initial, mapping, element, reversed: reversed, slice, steps, filters, hoisted, range)
        case .chainSlice(let mapping, let reversed, let slice):
            return try chainSlice(value, count: initial, mapping, reversed: reversed, slice, steps, filters, hoisted, range)
        case .valueOrder(let op, let order):
            return try valueOrder(value, op, order, perComparison: steps.perElement, range)
        default:
            break
        }
        guard let list = donationList(value), list.count > 0 else {
            if declaration >= 0 && declaration == listDeclaration {
                listGiven = true
                return value
            }
            return emptyResult(operation, value)
        }
        try evaluateHoisted(hoisted, over: list, range)
        // A predicate with `Int` arithmetic is scanned only when it cannot fail on any row of
        // the list; otherwise the calls it stands for run (see `RowPredicate`).
        if filters.computesInts, let predicate = filters.predicate, !intArithmeticCannotFail(predicate, list) {
            throw givingWay(range)
        }
        switch operation {
        case .scan(_, let mode):
            return try scan(list, mode, steps, filters, range)
        case .compactCount(_, let mapping, let result):
            // The test's steps for the values `compactMap` keeps; the scan's, per donation, for
            // `compactMap` (and for what the test searches).
            try tick(nonNilCount(list, mapping) * steps.perElement, range)
            let counted = try scan(list, .count, FusedSteps(fixed: 0, perElement: 0, perSourceElement: steps.perSourceElement),
                                   filters, range)
            guard case .int(let count) = counted else { preconditionFailure("a count that is no Int") }
            switch result {
            case .count: return counted
            case .isEmpty: return .bool(count == 0)
            case .contains: return .bool(count > 0)
            }
        case .countCompare(_, let op, let k):
            return .bool(try countCompare(list, op, k, perElement: steps.perElement + steps.perSourceElement, filters, range))
        case .columnExtreme(let mapping, let isMax, let skipsNil):
            if !skipsNil, let extreme = try batchedExtreme(list, mapping, isMax, filters, perElement: steps.perElement, range) { return extreme }
            try givingWayUnlessIntArithmeticIsSafe(mapping, filters, list, range)
            if skipsNil {
                try tick(list.count * steps.perSourceElement, range)
                let meter = StepMeter.forWork(of: mapping, filters)
                let (extreme, kept) = extremeSkippingNil(list, mapping, isMax, meter)
                try tick(kept * steps.perElement + (meter?.steps ?? 0), range)
                return extreme
            }
            try tick(list.count * steps.perElement, range)
            let meter = StepMeter.forWork(of: mapping, filters)
            let extreme = columnExtreme(list, mapping, isMax, meter)
            try tick(meter?.steps ?? 0, range)
            return extreme
        case .groupCount(let field, let largest):
            try tick(list.count * steps.perElement, range)
            if let cache = context.cache, case .contiguous(let positions) = list.positions {
                return .int(cachedGroupCount(cache, node, list.stream, positions, field, largest))
            }
            return .int(groupCount(list, field, largest))
        case .distinctCount(let mapping, let skipsNil):
            try givingWayUnlessIntArithmeticIsSafe(mapping, filters, list, range)
            try tick(list.count * steps.perSourceElement, range)
            let meter = StepMeter.forWork(of: mapping, filters)
            let (distinct, counted) = distinctCount(list, mapping, skipsNil: skipsNil, meter)
            try tick(counted * steps.perElement + (meter?.steps ?? 0), range)
            return .int(distinct)
        case .keyOrder(let key, let op, let order, let unwrapsKey):
            try givingWayUnlessIntArithmeticIsSafe(key, filters, list, range)
            if filters.operandChargesWork { return try workedOrder(list, key, op, order, perComparison: steps.perElement, range) }
            return try keyOrder(list, key, op, order, unwrapsKey: unwrapsKey, perComparison: steps.perElement, range)
        case .pairOrder(let comparator, let firstSlot, let keyed, let order):
            if let keyed { return try keyedOrder(list, keyed, order, perComparison: steps.perElement, range) }
            return try pairOrder(list, comparator, firstSlot, order, perComparison: steps.perElement, range)
        case .mapped(let mapping, let element):
            try givingWayUnlessIntArithmeticIsSafe(mapping, filters, list, range)
            try tick(list.count * steps.perElement, range)
            // A `let` asked for its list: its values are made when read, charged now.
            if declaration >= 0 && declaration == listDeclaration {
                listGiven = true
                return value
            }
            let meter = StepMeter.forWork(of: mapping, filters)
            let mapped = mappedArray(list, mapping, element, meter)
            try tick(meter?.steps ?? 0, range)
            return .array(mapped)
        case .compactMapped(let mapping, let element):
            try givingWayUnlessIntArithmeticIsSafe(mapping, filters, list, range)
            try tick(list.count * steps.perElement, range)
            let meter = StepMeter.forWork(of: mapping, filters)
            let mapped = mappedArray(list, mapping, .optional(element), meter)
            try tick(meter?.steps ?? 0, range)
            return .array(PlainArrays.make(capacity: mapped.count) { target, kept in
                for value in mapped {
                    if case .null = value { continue }
                    (target + kept).initialize(to: value)
                    kept += 1
                }
            })
        case .distinctValues(let mapping, let element):
            try givingWayUnlessIntArithmeticIsSafe(mapping, filters, list, range)
            try tick(list.count * steps.perElement, range)
            return .set(distinctValues(list, mapping, element))
        case .mappedEnd(let mapping, let element, let last):
            // The map's charges for every donation, its value for the one asked for alone.
            try givingWayUnlessIntArithmeticIsSafe(mapping, filters, list, range)
            try tick(list.count * steps.perElement, range)
            let offset = last ? list.count - 1 : 0
            guard case .donations(let end) = slice(of: .donations(list), offset, offset + 1) else { preconditionFailure("a slice of donations that is none") }
            return mappedArray(end, mapping, element, nil)[0]
        case .sortedEnd(let mapping, let element, let last):
            return try sortedValues(list, mapping, element, steps, filters, range, end: last)
        case .mappedOrder(let mapping, let element, nil, .sorted):
            return try sortedValues(list, mapping, element, steps, filters, range, end: nil)
        case .mappedOrder(let mapping, let element, let op, let order):
            let keys = try mappedKeys(list, mapping, steps, filters, range)
            guard let op else { preconditionFailure("an order without an operator is sorted(), which sortedValues evaluates") }
            let (values, comparisons) = Evaluator.ordered(keys, op, order, element)
            try tick(comparisons * steps.perElement, range)
            if case .sorted = order { return .array(values) }
            return values[0]
        case .columnSum, .fold, .mappedSlice, .chainSlice:
            preconditionFailure("a sum, a fold or a slice is evaluated with its second subexpression")
        case .valueOrder:
            preconditionFailure("an order of values is evaluated before donation lists")
        }
    }

    /// The values a fused `map` computes from a list it was evaluated over and charged for (see
    /// `Evaluator.declarationList`).
    func values(mappedFrom list: Value, _ operation: FusedOperation.Kernel) -> Value {
        guard case .mapped(let mapping, let element) = operation else { preconditionFailure("values of an operation that is no map") }
        guard let donations = donationList(list), donations.count > 0 else { return .array([]) }
        return .array(mappedArray(donations, mapping, element, nil))
    }

    /// The row operand of a fold's step (`filters.foldExtreme`, `foldSelect` or `foldAffine`) computed a batch
    /// at a time (see `keptColumn`). Nil when the step has no such operand or it has no batch
    /// form. The caller puts it back in `filters.columns` after a fold it did not fail in.
    private func foldColumn(_ list: DonationList, _ filters: BoundFilterCache, ints: Bool) -> BoundColumnCache.Entry? {
        guard let columns = filters.columns, let row = filters.foldExtreme?.row ?? filters.foldSelect?.row ?? filters.foldAffine?.row else {
            return nil
        }
        return keptColumn(row, list, columns, ints: ints)
    }

    /// `row` computed a batch at a time, as `Int`s or as numbers: the computation kept in
    /// `columns` from the last use over the same state of the stream with the same values, or a
    /// new one; nil when `row` has no such batch form. The caller puts it back once done, unless
    /// its arithmetic failed.
    private func keptColumn(_ row: RowPredicate.Operand, _ list: DonationList, _ columns: BoundColumnCache,
                            ints: Bool) -> BoundColumnCache.Entry? {
        let invariants = columnInvariants(columns)
        if let kept = columns.take(matching: list.stream, invariants), ints ? kept.ints != nil : kept.numbers != nil {
            return kept
        }
        let binder = RowPredicateBinder(stream: list.stream, invariants: rowInvariants)
        if ints {
            return IntColumn.make(row, binder).map { BoundColumnCache.Entry(stream: list.stream, invariants: invariants, ints: $0) }
        }
        return binder.numberColumn(row).map { BoundColumnCache.Entry(stream: list.stream, invariants: invariants, numbers: $0) }
    }

    /// `reduce` of a sum: the receiver first, then the initial value, as `reduce` evaluates them.
    private mutating func columnSum(_ value: Value, _ initial: Node, _ mapping: RowPredicate.Operand, _ addition: SourceRange,
                                    skipsNil: Bool, _ steps: FusedSteps, node: AnyObject, _ filters: BoundFilterCache,
                                    _ hoisted: [HoistedSlot], _ range: SourceRange) throws(Interrupt) -> Value {
        let start = try initial.evaluate(&self)
        guard let list = donationList(value), list.count > 0 else { return start }
        try evaluateHoisted(hoisted, over: list, range)
        // `Int` arithmetic computed a batch at a time that checks itself needs no proof first:
        // the sum gives way when it failed on a row.
        // (The binding kept from the last sum over the same donations, or a new one.)
        let checked: IntColumn?
        var keptEntry: BoundColumnCache.Entry?
        if case .int = start, !skipsNil, filters.operandHasIntArithmetic, filters.operandChecksItself {
            let invariants = columnInvariants(filters.columns)
            keptEntry = filters.columns?.take(matching: list.stream, invariants)
            if keptEntry?.ints == nil, let column = IntColumn.make(mapping, RowPredicateBinder(stream: list.stream, invariants: rowInvariants)) {
                keptEntry = BoundColumnCache.Entry(stream: list.stream, invariants: invariants, ints: column)
            }
            checked = keptEntry?.ints
        } else {
            checked = nil
        }
        if checked == nil { try givingWayUnlessIntArithmeticIsSafe(mapping, filters, list, range) }
        try tick(list.count * steps.perSourceElement, range)
        if skipsNil {
            let meter = StepMeter.forWork(of: mapping, filters)
            let (sum, added) = try sumSkippingNil(list, mapping, from: start, addition, meter)
            try tick(added * steps.perElement + (meter?.steps ?? 0), range)
            return sum
        }
        try tick(list.count * steps.perElement, range)
        // A sum of a column is kept for the next evaluation; what a mapping computes may
        // depend on parameters and the clock, which the cache does not watch.
        if case .field(let field) = mapping, let cache = context.cache, case .contiguous(let positions) = list.positions {
            return try cachedSum(cache, node, list, positions, field, from: start, addition)
        }
        if !filters.operandChargesWork, let counted = countedSumByScan(start, mapping, list, filters) { return counted }
        let meter = StepMeter.forWork(of: mapping, filters)
        let sum = try mappedSum(list, mapping, from: start, addition, meter, checked: checked, columns: filters.columns)
        if let checked {
            if checked.hasFailed { throw givingWay(range) }
            if let keptEntry { filters.columns?.put(keptEntry) }
        }
        try tick(meter?.steps ?? 0, range)
        return sum
    }

    /// The values of the variable invariants a sum's kept column is bound with.
    private func columnInvariants(_ columns: BoundColumnCache?) -> [Value] {
        guard let columns, !columns.variableInvariants.isEmpty else { return [] }
        return columns.variableInvariants.map { invariant($0) }
    }

    /// `map(f)` then a slice of what it made (see `FusedOperation.mappedSlice`): `f` computed
    /// for the donations kept (see `keptOffsets`).
    private mutating func mappedSlice(_ value: Value, count: Node, _ mapping: RowPredicate.Operand, _ element: RuleType, reversed: Bool,
                                      _ slice: Slice, _ steps: FusedSteps, _ filters: BoundFilterCache, _ hoisted: [HoistedSlot],
                                      _ range: SourceRange) throws(Interrupt) -> Value {
        guard let (list, offsets) = try keptOffsets(value, count: count, mapping, reversed: reversed, slice, steps, filters, hoisted, range),
              !offsets.isEmpty, case .donations(let part) = self.slice(of: .donations(list), offsets.lowerBound, offsets.upperBound) else {
            return .array([])
        }
        var values = mappedArray(part, mapping, element, StepMeter.forWork(of: mapping, filters))
        if reversed { values.reverse() }
        return .array(values)
    }

    /// A slice or reversal in a chain (see `FusedOperation.chainSlice`): the donations kept, in
    /// the order kept, for the enclosing operation to compute the chain's values from.
    private mutating func chainSlice(_ value: Value, count: Node?, _ mapping: RowPredicate.Operand, reversed: Bool, _ slice: Slice?,
                                     _ steps: FusedSteps, _ filters: BoundFilterCache, _ hoisted: [HoistedSlot],
                                     _ range: SourceRange) throws(Interrupt) -> Value {
        guard let (list, offsets) = try keptOffsets(value, count: count, mapping, reversed: reversed, slice, steps, filters, hoisted, range) else {
            return value
        }
        let part = self.slice(of: .donations(list), offsets.lowerBound, offsets.upperBound)
        return reversed ? self.reversed(part) : part
    }

    /// What a slice (by `count`, or by one without it) of what `map(f)` made of a list, or of
    /// its `reversed()`, keeps: the list and the offsets of its donations whose results are
    /// kept. The map charged for every donation (its `Int` arithmetic proven unable to fail on
    /// each, as it computes it for each), then the count evaluated, as the calls evaluate them.
    /// A negative count gives way to the calls, whose slice reports it. Nil for an empty array
    /// of donations, which has no list.
    private mutating func keptOffsets(_ value: Value, count: Node?, _ mapping: RowPredicate.Operand, reversed: Bool, _ slice: Slice?,
                                      _ steps: FusedSteps, _ filters: BoundFilterCache, _ hoisted: [HoistedSlot],
                                      _ range: SourceRange) throws(Interrupt) -> (DonationList, Range<Int>)? {
        let list = donationList(value)
        if let list, list.count > 0 {
            try evaluateHoisted(hoisted, over: list, range)
            try givingWayUnlessIntArithmeticIsSafe(mapping, filters, list, range)
            try tick(list.count * steps.perElement, range)
        }
        let n = try count?.int(&self) ?? 1
        guard n >= 0 else { throw givingWay(range) }
        guard let list else { return nil }
        // The offsets kept of the array `map` (then `reversed()`) would make, as offsets of the list.
        let kept = slice?.kept(of: list.count, n) ?? 0..<list.count
        return (list, reversed ? (list.count - kept.upperBound)..<(list.count - kept.lowerBound) : kept)
    }

    /// `reduce` of a fold: the receiver first, then the initial value.
    private mutating func fold(_ value: Value, _ initial: Node, _ step: RowPredicate.Operand, _ filter: RowPredicate?,
                               _ steps: FusedSteps, _ filters: BoundFilterCache, _ hoisted: [HoistedSlot],
                               _ range: SourceRange) throws(Interrupt) -> Value {
        let start = try initial.evaluate(&self)
        guard let list = donationList(value), list.count > 0 else { return start }
        try evaluateHoisted(hoisted, over: list, range)
        if let filter, filter.hasIntArithmetic, !intArithmeticCannotFail(filter, list) { throw givingWay(range) }
        try tick(list.count * steps.perSourceElement, range)
        // (What the step's built-ins charge for their work, as a string's `count` does.)
        let meter = StepMeter.forWork(of: step, filters)
        let (result, steppedCount) = try fold(list, step, filter, filters, from: start, meter, range)
        try tick(steppedCount * steps.perElement + (meter?.steps ?? 0), range)
        return result
    }

    /// `sorted(by:)`, `min(by:)` or `max(by:)` of an array of scalars compared with `op`, as
    /// the closure `{ $0 OP $1 }` compares them; charged as the built-ins charge (per comparison
    /// for `min(by:)` and `max(by:)`, `Evaluator.sortApplications` for `sorted(by:)`).
    private mutating func valueOrder(_ value: Value, _ op: ComparisonOperator, _ order: KeyOrder, perComparison: Int,
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
    private static func ordered(_ keys: consuming OrderKeys, _ op: ComparisonOperator, _ order: KeyOrder,
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
    private static func ordered(_ scalars: consuming ScalarArray, _ op: ComparisonOperator,
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
    private static func sorted<Key: Comparable>(_ keys: consuming [Key], _ op: ComparisonOperator, knownPlain: Bool,
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

    /// Throws, so that the fused node runs the calls it stands for, unless no `Int` arithmetic
    /// in the operand can fail on a row of the list (see `RowPredicate`).
    /// (`filters` knows whether the operation's row operand has any, see
    /// `BoundFilterCache.operandHasIntArithmetic`.)
    private func givingWayUnlessIntArithmeticIsSafe(_ operand: RowPredicate.Operand, _ filters: BoundFilterCache,
                                                    _ list: DonationList, _ range: SourceRange) throws(Interrupt) {
        assert(filters.operandHasIntArithmetic == operand.hasIntArithmetic, "the node's facts are of another operand")
        if filters.operandHasIntArithmetic && !intArithmeticCannotFail(operand, list) { throw givingWay(range) }
    }

    /// What a fused operation throws to have its node run the calls it stands for instead
    /// (`FusedNode` replaces any error with theirs, so this one is never shown).
    func givingWay(_ range: SourceRange) -> Interrupt {
        failure(RuntimeMessages.overflow("Int arithmetic that a fused operation could not prove safe"), range)
    }

    /// The node steps of calls a fused operation stands for: charged as each node's would be.
    /// (-1 gives back the step of a node that stands for calls another fused node charges, see
    /// `Optimizer`.)
    private mutating func tickNodes(_ count: Int, _ range: SourceRange) throws(Interrupt) {
        if closureDepth == 0 && count != 0 { try tick(count, range) }
    }

    /// A group count from the cache's last answer for this node and stream, updated with the
    /// donations that entered the list at its end and left it at its start since.
    private func cachedGroupCount(_ cache: IncrementalCache, _ node: AnyObject, _ stream: DonationStream, _ positions: Range<Int>,
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
    private static func countedGroupSizes(_ column: Column, _ list: DonationList) -> GroupSizes? {
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

    /// A sum from the cache's last total for this node and stream, when the list still starts
    /// where it did and only grew: the same additions, in the same order, as a rescan.
    private func cachedSum(_ cache: IncrementalCache, _ node: AnyObject, _ list: DonationList, _ positions: Range<Int>, _ field: Int,
                           from start: Value, _ addition: SourceRange) throws(Interrupt) -> Value {
        let stream = list.stream
        var total: Value
        var reused = false
        if let entry = cache.take(node), entry.node === node, entry.stream === stream.identity, entry.rewrites == stream.rewrites,
           case .sum(let initial, let cached) = entry.state, initial.isIdentical(to: start),
           positions.lowerBound == entry.range.lowerBound, positions.upperBound >= entry.range.upperBound {
            let added = DonationList(stream: stream, positions: .contiguous(entry.range.upperBound..<positions.upperBound))
            total = added.count == 0 ? cached : try columnSum(added, field, from: cached, addition)
            reused = true
        } else {
            total = try columnSum(list, field, from: start, addition)
        }
        cache.put(IncrementalCache.Entry(node: node, stream: stream.identity, rewrites: stream.rewrites, range: positions, state: .sum(initial: start, total: total)), for: node, reused: reused)
        return total
    }

    /// The column added left to right from `start`, as the closure adds it: a `Double` sum to
    /// the last bit, an `Int` overflow as the closure's runtime error.
    private func columnSum(_ list: DonationList, _ field: Int, from start: Value, _ addition: SourceRange) throws(Interrupt) -> Value {
        switch (list.stream.columns[field], start) {
        case (.int(let items), .int(var sum)):
            return try items.withUnsafeBufferPointer { buffer throws(Interrupt) in
                if case .contiguous(let range) = list.positions {
                    precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "a list past its stream's end")
                    try addAll(UnsafeBufferPointer(rebasing: buffer[range]), to: &sum, addition)
                } else {
                    _ = try add(to: &sum, list.count, addition) { buffer[list.position(at: $0)] }
                }
                return .int(sum)
            }
        case (.double(let items), .double(var sum)):
            items.withUnsafeBufferPointer { buffer in
                if case .contiguous(let range) = list.positions {
                    for position in range { sum += buffer[position] }
                } else {
                    for offset in 0..<list.count { sum += buffer[list.position(at: offset)] }
                }
            }
            return .double(sum)
        case (let column, var sum):
            // A column kept as values: the same additions, one value at a time.
            for offset in 0..<list.count {
                switch (sum, column[list.position(at: offset)]) {
                case (.int(let a), .int(let b)):
                    let (next, overflow) = a.addingReportingOverflow(b)
                    if overflow { throw failure(RuntimeMessages.overflow("\(a) + \(b)"), addition) }
                    sum = .int(next)
                case (.double(let a), .double(let b)):
                    sum = .double(a + b)
                default:
                    preconditionFailure("a sum of values that are not numbers of the accumulator's type")
                }
            }
            return sum
        }
    }

    /// A fold: the step computed for each donation in turn (each the filter holds for), from
    /// what the previous ones accumulated, with the operations the closure would apply; and how
    /// many donations took a step.
    /// (The node's `filters` know the step as a `SelectStep` or as a test joined to a `Bool`
    /// accumulator, worked out once, and keep that test's bound filter.)
    /// `Int` arithmetic in the step is computed by an `IntColumn` that checks itself, proven
    /// unable to fail first, or (where no proof can know its values, as on the accumulator)
    /// computed row by row checking itself; where it failed the fold gives way.
    private func fold(_ list: DonationList, _ step: RowPredicate.Operand, _ filter: RowPredicate?, _ filters: BoundFilterCache,
                      from start: Value, _ meter: StepMeter?, _ range: SourceRange) throws(Interrupt) -> (Value, Int) {
        let select = filters.foldSelect
        var mustProve = filters.operandHasIntArithmetic
        func proveIntArithmetic() throws(Interrupt) {
            if mustProve, !intArithmeticCannotFail(step, list) { throw givingWay(range) }
            mustProve = false
        }
        // (A step that charges work goes row by row, metered.)
        if filter == nil, meter == nil, case .contiguous(let range) = list.positions {
            if let result = Evaluator.foldOfField(list.stream, range, step, select: select, from: start) {
                return (result, range.count)
            }
            if let conjunction = filters.foldJunction?.conjunction, case .bool(let x) = start {
                try proveIntArithmetic()
                // `$0 && p($1)`: true from a true start while every row passes `p`; `$0 || p($1)`:
                // true from a false start once a row passes it. `p` cannot fail, and the steps
                // are per element whichever rows it is tested on, so the rows after the one that
                // decides need no test: a bound filter's search finds that row.
                let bound = boundFilter(list.stream, filters)
                defer { filters.put(bound) }
                let result = conjunction ? x && bound.filter.firstFailing(in: range, bound.scratch, batch: bound.batch) == nil
                                         : x || bound.filter.firstPassing(in: range, bound.scratch, batch: bound.batch) != nil
                return (.bool(result), range.count)
            }
        }
        if filter == nil, meter == nil, filters.columns != nil {
            // `max($0, f($1))`, `$0 > f($1) ? $0 : f($1)` or `$0 * k + f($1)`: each `f` computed
            // a batch at a time (kept for the next fold), folded in order.
            let batch = RowPredicateBinder.batch(for: list.stream)
            switch start {
            case .int(let x):
                // (A ternary's test in an `IntColumn` is a filter, which does not check itself.)
                if !filters.operandChecksItself { try proveIntArithmetic() }
                if let kept = foldColumn(list, filters, ints: true), let column = kept.ints {
                    var result = x
                    if let extreme = filters.foldExtreme,
                       let folded = IntExtremeFold.of(column, over: list, batch: batch, from: x, isMax: extreme.isMax) {
                        // Bounded: the root operation in the loop that compares (see `IntExtremeFold`).
                        result = folded
                    } else if let extreme = filters.foldExtreme {
                        let isMax = extreme.isMax
                        Evaluator.forEachBatch(list, batch: batch, column) { (values: UnsafeBufferPointer<Int>) in
                            result = IntExtremes.fold(result, values, isMax: isMax)
                        }
                    } else if let select {
                        Evaluator.forEachBatch(list, batch: batch, column) { (values: UnsafeBufferPointer<Int>) in
                            result = select.fold(result, values)
                        }
                    } else {
                        // (An affine step, of `Double`s, over no `Int` accumulator.)
                        filters.columns?.put(kept)
                        break
                    }
                    if column.hasFailed { throw givingWay(range) }
                    filters.columns?.put(kept)
                    return (.int(result), list.count)
                }
            case .double(let x), .date(let x):
                try proveIntArithmetic()
                if let kept = foldColumn(list, filters, ints: false), let column = kept.numbers {
                    var result = x
                    if let extreme = filters.foldExtreme {
                        let isMax = extreme.isMax
                        Evaluator.forEachBatch(list, batch: batch, column) { (values: UnsafeBufferPointer<Double>) in
                            result = BuiltinImplementations.swiftExtreme(of: values, from: result, isMax: isMax)
                        }
                    } else if let select {
                        Evaluator.forEachBatch(list, batch: batch, column) { (values: UnsafeBufferPointer<Double>) in
                            result = select.fold(result, values)
                        }
                    } else if let affine = filters.foldAffine, case .double(let k) = rowInvariants.value(affine.factor) {
                        Evaluator.forEachBatch(list, batch: batch, column) { (values: UnsafeBufferPointer<Double>) in
                            result = affine.fold(result, factor: k, values)
                        }
                    } else {
                        // (An affine step whose factor is no `Double`, which the checker rules
                        // out: folded row by row below.)
                        filters.columns?.put(kept)
                        break
                    }
                    filters.columns?.put(kept)
                    if case .date = start { return (.date(result), list.count) }
                    return (.double(result), list.count)
                }
            default:
                break
            }
        }
        // (What the step reads as the accumulator, for the folds that go row by row.)
        let box = FoldAccumulator()
        var binder = RowPredicateBinder(stream: list.stream, invariants: rowInvariants, meter: meter)
        binder.accumulator = box
        // `Int` arithmetic no proof covers (on the accumulator, as in `$0 * 2 + $1.x`, whose
        // values depend on every row before) is computed checking itself, and the fold gives
        // way where it failed: the calls it stands for then stop with their error.
        if mustProve {
            if !intArithmeticCannotFail(step, list) { binder.failures = ArithmeticFailures() }
            mustProve = false
        }
        let failures = binder.failures
        let test = filter.map { binder.bind($0) }
        var stepped = 0
        /// Runs `advance` at each position the filter holds for.
        func each(_ advance: (Int) -> Void) {
            if let test {
                for offset in 0..<list.count {
                    let position = list.position(at: offset)
                    if test(position) {
                        stepped += 1
                        advance(position)
                    }
                }
            } else if case .contiguous(let range) = list.positions {
                stepped = range.count
                for position in range { advance(position) }
            } else {
                stepped = list.count
                for offset in 0..<list.count { advance(list.position(at: offset)) }
            }
        }
        switch start {
        case .int(let x):
            try proveIntArithmetic()
            // A run that starts over (see `RestartingFoldStep`): its values bounded, and its
            // test proven unable to fail, on the rows skipped too.
            // (Every value is within the start's or the restart's magnitude plus the step's for
            // each row; the restart's, counted for each row too, bounds both.)
            if test == nil, meter == nil, let restarting = filters.foldRestart, let run = restarting.intRun,
               Evaluator.countingCannotOverflow(x, run.step, run.restart, list.count),
               !restarting.test.hasIntArithmetic || intArithmeticCannotFail(restarting.test, list),
               let carry = binder.intFoldStep(restarting.carry) {
                let (restarted, first) = Evaluator.lastRestart(list, restarting, binder, from: x, binder.ints)
                return (.int(Evaluator.fold(list, from: restarted, startingAt: first, carry)), list.count)
            }
            if let next = binder.intFoldStep(step) {
                let (result, steps) = Evaluator.fold(list, from: x, where: test, next)
                if failures?.occurred == true { throw givingWay(range) }
                return (.int(result), steps)
            }
            box.int = x
            let next = binder.ints(step)
            each { box.int = next($0) }
            if failures?.occurred == true { throw givingWay(range) }
            return (.int(box.int), stepped)
        case .double(let x), .date(let x):
            try proveIntArithmetic()
            // A fold that starts over (see `RestartingFoldStep`), whose `Int` arithmetic, if
            // any, is proven unable to fail on every row (`Double` arithmetic cannot).
            if test == nil, meter == nil, failures == nil, let restarting = filters.foldRestart,
               let carry = binder.doubleFoldStep(restarting.carry) {
                let (restarted, first) = Evaluator.lastRestart(list, restarting, binder, from: x, binder.doubles)
                let result = Evaluator.fold(list, from: restarted, startingAt: first, carry)
                if case .date = start { return (.date(result), list.count) }
                return (.double(result), list.count)
            }
            if let next = binder.doubleFoldStep(step) {
                let (result, steps) = Evaluator.fold(list, from: x, where: test, next)
                if failures?.occurred == true { throw givingWay(range) }
                if case .date = start { return (.date(result), steps) }
                return (.double(result), steps)
            }
            box.double = x
            let next = binder.doubles(step)
            each { box.double = next($0) }
            if failures?.occurred == true { throw givingWay(range) }
            if case .date = start { return (.date(box.double), stepped) }
            return (.double(box.double), stepped)
        case .bool(let x):
            // A `Bool` fold's step is its closure's predicate (see `FusedOperation.fold`), tested
            // with the accumulator read unboxed.
            guard case .conditional(let predicate, .constant(.bool(true)), .constant(.bool(false))) = step else { fallthrough }
            try proveIntArithmetic()
            box.bool = x
            let next = binder.bind(predicate)
            each { box.bool = next($0) }
            if failures?.occurred == true { throw givingWay(range) }
            return (.bool(box.bool), stepped)
        default:
            try proveIntArithmetic()
            box.value = start
            let next = binder.values(step)
            each { box.value = next($0) }
            if failures?.occurred == true { throw givingWay(range) }
            return (box.value, stepped)
        }
    }

    /// Where a fold whose step starts over on some rows (see `RestartingFoldStep`) starts: from
    /// what its restart gives for the last row that starts over, and at the offset after it;
    /// from `start` and the first offset where no row does. Rows are tested from the end.
    private static func lastRestart<Accumulated>(_ list: DonationList, _ step: RestartingFoldStep, _ binder: RowPredicateBinder,
                                                 from start: Accumulated,
                                                 _ values: (RowPredicate.Operand) -> (Int) -> Accumulated) -> (Accumulated, Int) {
        let test = binder.bind(step.test), restartsWhen = step.restartsWhen
        var offset = list.count
        while offset > 0 {
            offset -= 1
            let position = list.position(at: offset)
            if test(position) == restartsWhen { return (values(step.restart)(position), offset + 1) }
        }
        return (start, 0)
    }

    /// A fold from `start` over the donations of a list from offset `first`, with a step as
    /// `fold(_:from:where:_:)` takes it (after a restart, the branch that carries on).
    @inline(__always)
    private static func fold<Accumulated>(_ list: DonationList, from start: Accumulated, startingAt first: Int,
                                          _ next: (Accumulated, Int) -> Accumulated) -> Accumulated {
        var result = start
        if case .contiguous(let range) = list.positions {
            for position in (range.lowerBound + first)..<range.upperBound { result = next(result, position) }
        } else {
            for offset in first..<list.count { result = next(result, list.position(at: offset)) }
        }
        return result
    }

    /// A fold whose step takes the value accumulated so far and a row's stream position (see
    /// `RowPredicateBinder.intFoldStep` and `doubleFoldStep`), over the donations of a list `test` holds for (all
    /// without one), in order; the result and how many donations took a step. The value is
    /// passed from one step to the next, never stored between them.
    @inline(__always)
    private static func fold<Accumulated>(_ list: DonationList, from start: Accumulated, where test: ((Int) -> Bool)?,
                                          _ next: (Accumulated, Int) -> Accumulated) -> (Accumulated, Int) {
        var result = start
        if let test {
            var stepped = 0
            for offset in 0..<list.count {
                let position = list.position(at: offset)
                if test(position) {
                    stepped += 1
                    result = next(result, position)
                }
            }
            return (result, stepped)
        }
        if case .contiguous(let range) = list.positions {
            for position in range { result = next(result, position) }
        } else {
            for offset in 0..<list.count { result = next(result, list.position(at: offset)) }
        }
        return (result, list.count)
    }

    /// A fold of the rows `range` of a stream whose step picks from the accumulator and a field
    /// stored as a number column (`max($0, $1.x)`, `$0 > $1.x ? $0 : $1.x`): the column read in
    /// place, with nothing bound, allocated or counted; nil for any other step. The same
    /// operations in the same order as the batched fold (and the closure) apply.
    private static func foldOfField(_ stream: DonationStream, _ range: Range<Int>, _ step: RowPredicate.Operand,
                                    select: SelectStep?, from start: Value) -> Value? {
        let field: Int, extreme: Bool?
        if case .function(let function, .accumulator, .field(let index)?) = step,
           let isMax = function.intExtremeIsMax ?? function.doubleExtremeIsMax {
            (field, extreme) = (index, isMax)
        } else if let select, case .field(let index) = select.row {
            (field, extreme) = (index, nil)
        } else {
            return nil
        }
        func rows<T>(_ items: ColumnArray<T>, _ body: (UnsafeBufferPointer<T>) -> T) -> T {
            items.withUnsafeBufferPointer { buffer in
                precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "a list past its stream's end")
                return body(UnsafeBufferPointer(rebasing: buffer[range]))
            }
        }
        switch (start, stream.columns[field]) {
        case (.int(let x), .int(let items)):
            return .int(rows(items) { values in
                if let isMax = extreme { return IntExtremes.fold(x, values, isMax: isMax) }
                return select.unsafelyUnwrapped.fold(x, values)
            })
        case (.double(let x), .double(let items)), (.date(let x), .date(let items)):
            let result = rows(items) { values in
                guard let isMax = extreme else { return select.unsafelyUnwrapped.fold(x, values) }
                return BuiltinImplementations.swiftExtreme(of: values, from: x, isMax: isMax)
            }
            if case .date = start { return .date(result) }
            return .double(result)
        default:
            return nil
        }
    }

    /// Computes an operand for the donations of a list a batch at a time, in order, and hands
    /// each batch of values to `body`.
    private static func forEachBatch<Computation: BatchComputation, Failure: Error>(
        _ list: DonationList, batch: Int, _ computation: Computation,
        _ body: (UnsafeBufferPointer<Computation.Value>) throws(Failure) -> Void
    ) throws(Failure) {
        if case .contiguous(let range) = list.positions, let column = computation.storedColumn {
            // A column read in place, all at once.
            return try column.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<Computation.Value>) throws(Failure) in
                precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "a list past its stream's end")
                try body(UnsafeBufferPointer(rebasing: buffer[range]))
            }
        }
        let values = computation.batchBuffer(batch: batch)
        try computation.computeBatches(of: list, batch: batch, into: { _ in values }) { (_, n) throws(Failure) in
            try body(UnsafeBufferPointer(start: values, count: n))
        }
    }

    /// Whether `start` plus `n` additions of `k` or `l` stays well within `Int`.
    static func countingCannotOverflow(_ start: Int, _ k: Int, _ l: Int, _ n: Int) -> Bool {
        let (reach, overflow) = max(k.magnitude, l.magnitude).multipliedReportingOverflow(by: UInt(n))
        return !overflow && reach <= UInt(Int.max / 2) && start.magnitude <= UInt(Int.max / 2)
    }

    /// `reduce(start) { $0 + (p($1) ? k : l) }` (counting with `reduce`) as `start + k * c +
    /// l * (n - c)` for the `c` of `n` donations `p` holds for, counted by the node's bound row
    /// filter: the same `Int`, when no partial sum can overflow whatever the rows (checked
    /// first; nil otherwise, to add row by row).
    ///
    /// Nested ternaries of constants (`p ? 2 : (q ? 1 : 0)`) likewise, as `start` plus each
    /// constant times the count of its test (`p`, `!p && q`), the last one's count the rows
    /// the others leave (see `BoundFilterCache.leafCounts`).
    private func countedSumByScan(_ start: Value, _ mapping: RowPredicate.Operand, _ list: DonationList,
                                  _ filters: BoundFilterCache) -> Value? {
        if case .int(let start) = start, let last = filters.leafCounts.last {
            var largest = 0
            for leaf in filters.leafCounts { largest = max(largest, Int(clamping: leaf.value.magnitude)) }
            guard Evaluator.countingCannotOverflow(start, largest, 0, list.count) else { return nil }
            var sum = start, counted = 0
            for leaf in filters.leafCounts.dropLast() where leaf.value != 0 || last.value != 0 {
                let bound = boundFilter(list.stream, leaf.filters)
                defer { leaf.filters.put(bound) }
                let count = countPassing(list, bound, leaf.filters)
                sum += leaf.value * count
                counted += count
            }
            return .int(sum + last.value * (list.count - counted))
        }
        guard case .int(let start) = start, case .conditional(let test, .constant(.int(let k)), .constant(.int(let l))) = mapping,
              test == filters.predicate, Evaluator.countingCannotOverflow(start, k, l, list.count) else { return nil }
        let bound = boundFilter(list.stream, filters)
        defer { filters.put(bound) }
        let count = countPassing(list, bound, filters)
        return .int(start + k * count + l * (list.count - count))
    }

    /// How many donations of a list pass a bound filter (of the predicate of `cache`): counted
    /// in one loop over a contiguous list where the filter or its predicate's truths can (see
    /// `rowCounter`), else a batch at a time.
    private func countPassing(_ list: DonationList, _ bound: BoundFilterCache.Entry, _ cache: BoundFilterCache) -> Int {
        if case .contiguous(let rows) = list.positions, let counter = rowCounter(bound, cache, list.stream),
           let count = counter.count(in: rows) {
            return count
        }
        var count = 0
        _ = scanBatches(list, bound, reverse: false, stopsEarly: false) { _, selected in
            count += selected.count
            return nil
        }
        return count
    }

    /// What counts the rows of a contiguous range that pass a bound filter (of the predicate of
    /// `cache`) in one loop, without listing them: the filter itself where it can
    /// (`RowFilter.count(in:)`), or else, for `&&`, `||` and `!` of tests, the predicate
    /// computed as a batch of truths at a time (`TestColumn`: typed tests in loops of their own,
    /// the others, such as string tests, row by row where they decide), made on the first count
    /// and kept with the binding. Nil when neither can.
    ///
    /// Truths test both sides of `&&` and `||` of typed tests on every row, where the closure
    /// tests the second only where the first leaves it to: the same count, since a scanned
    /// predicate cannot fail, and the same steps, since only a predicate that charges no work (no
    /// string search, no nested scan) is counted so. Selecting batches instead lists every
    /// passing position, in a loop per test and batch: about twice the work for `a && b` of two
    /// columns.
    private func rowCounter(_ bound: BoundFilterCache.Entry, _ cache: BoundFilterCache, _ stream: DonationStream) -> RowFilter? {
        switch bound.counter {
        case .filter(let counter): return counter
        case .none: return nil
        case .unknown: break
        }
        var counter: RowFilter?
        // (Whether the filter counts is asked of an empty range: nil means it has no count.
        // Asked once per binding, whose answer `bound.counter` keeps.)
        if bound.filter.count(in: 0..<0) != nil {
            counter = bound.filter
        } else if bound.meter == nil, !cache.nestsScan, let predicate = cache.predicate,
                  let test = TestColumn.make(predicate, RowPredicateBinder(stream: stream, invariants: rowInvariants), allowingRows: true) {
            counter = TruthFilter(test, batch: bound.batch)
        }
        bound.counter = counter.map { .filter($0) } ?? .none
        return counter
    }

    /// What a row mapping computes from each donation, added left to right from `start` as the
    /// closure adds it.
    private func mappedSum(_ list: DonationList, _ mapping: RowPredicate.Operand, from start: Value,
                           _ addition: SourceRange, _ meter: StepMeter?, checked: IntColumn? = nil,
                           columns: BoundColumnCache? = nil) throws(Interrupt) -> Value {
        if case .field(let field) = mapping { return try columnSum(list, field, from: start, addition) }
        switch start {
        case .int(var sum):
            // `x ?? k` of an optional field over a contiguous list: read in place in one loop.
            if case .coalesce(.field(let field), let fallback, false) = mapping, fallback.isInvariant,
               case .optionalInt(let items) = list.stream.columns[field], case .int(let k) = invariant(fallback),
               case .contiguous(let range) = list.positions {
                try items.withUnsafeBufferPointer { column throws(Interrupt) in
                    guard let base = column.baseAddress, !range.isEmpty else { return }
                    precondition(range.lowerBound >= 0 && range.upperBound <= column.count, "a list past its stream's end")
                    let first = base + range.lowerBound
                    if let bits = OptionalNumberBits.make() {
                        // Through a pointer, one load of the number and one of its tag a row,
                        // added without a check where their magnitudes allow (see `addAll`).
                        if k == 0 && bits.nilIsZero {
                            // The usual `x ?? 0`: the number's bytes, nil's being 0.
                            try addAll(range.count, to: &sum, addition) { UnsafeRawPointer(first + $0).load(as: Int.self) }
                        } else if k == 0 {
                            // The usual `x ?? 0`, with the fallback a constant the masking folds away.
                            try addAll(range.count, to: &sum, addition) { bits.value(first + $0, or: 0) }
                        } else {
                            try addAll(range.count, to: &sum, addition) { bits.value(first + $0, or: k) }
                        }
                    } else {
                        _ = try add(to: &sum, range.count, addition) { first[$0] ?? k }
                    }
                }
                return .int(sum)
            }
            // The binding kept from the last sum over the same donations (of a mapping that
            // cannot fail, see `BoundColumnCache`), or a new one, kept once the sum is done.
            // (The binder made only for a new one: a kept binding needs none.)
            let invariants = checked == nil ? columnInvariants(columns) : nil
            let kept = invariants.flatMap { columns?.take(matching: list.stream, $0) }
            let batch = RowPredicateBinder.batch(for: list.stream)
            if let column = checked ?? kept?.ints
                ?? IntColumn.make(mapping, RowPredicateBinder(stream: list.stream, invariants: rowInvariants, meter: meter)) {
                defer {
                    // (Never one that failed: it would hold that it did. The caller keeps `checked`.)
                    if checked == nil, let invariants, !column.hasFailed {
                        columns?.put(kept?.ints === column ? kept! : BoundColumnCache.Entry(stream: list.stream, invariants: invariants, ints: column))
                    }
                }
                // Where the bounds of the values show that nothing can fail or overflow, added
                // wrapping, with the last operation in the loop that adds (see `IntSum`).
                if let total = IntSum.of(column, over: list, batch: batch, from: sum) { return .int(total) }
                // Otherwise a batch of rows at a time, each value computed in tight loops, then
                // added in order.
                try Evaluator.forEachBatch(list, batch: batch, column) { (values: UnsafeBufferPointer<Int>) throws(Interrupt) in
                    try addAll(values, to: &sum, addition)
                }
                return .int(sum)
            }
            let read = RowPredicateBinder(stream: list.stream, invariants: rowInvariants, meter: meter).ints(mapping)
            _ = try add(to: &sum, list.count, addition) { read(list.position(at: $0)) }
            return .int(sum)
        case .double(var sum):
            // The binding kept from the last sum over the same donations, or a new one (the
            // binder made only for that).
            let invariants = columnInvariants(columns)
            if let entry = columns?.take(matching: list.stream, invariants), let column = entry.numbers {
                defer { columns?.put(entry) }
                return .double(NumberSum.of(column, over: list, batch: RowPredicateBinder.batch(for: list.stream), from: sum))
            }
            let binder = RowPredicateBinder(stream: list.stream, invariants: rowInvariants, meter: meter)
            if let column = binder.numberColumn(mapping) {
                // A batch of rows at a time, each value computed in tight loops, the last
                // operation in the loop that adds them in order (see `NumberSum`).
                defer { columns?.put(BoundColumnCache.Entry(stream: list.stream, invariants: invariants, numbers: column)) }
                return .double(NumberSum.of(column, over: list, batch: binder.batch, from: sum))
            }
            let read = binder.doubles(mapping)
            for offset in 0..<list.count { sum += read(list.position(at: offset)) }
            return .double(sum)
        default:
            preconditionFailure("a sum of values that are not numbers")
        }
    }

    /// Adds what `read` gives for the list's offsets `0..<count` to `sum`, left to right as the
    /// closure's `+` adds (nils skipped), failing at the first overflow as it does; returns
    /// how many values were added.
    @inline(__always)
    private func add(to sum: inout Int, _ count: Int, _ addition: SourceRange, _ read: (Int) -> Int?) throws(Interrupt) -> Int {
        var added = 0
        for offset in 0..<count {
            guard let x = read(offset) else { continue }
            try add(x, to: &sum, addition)
            added += 1
        }
        return added
    }

    /// `add` of each value in turn. When the values' magnitudes show that no partial sum can
    /// overflow, they are added without a check, in a loop the compiler vectorises; otherwise
    /// one at a time, failing where the closure's `+` does.
    @inline(__always)
    private func addAll(_ values: UnsafeBufferPointer<Int>, to sum: inout Int, _ addition: SourceRange) throws(Interrupt) {
        try addAll(values.count, to: &sum, addition) { values[$0] }
    }

    /// `addAll` of `value(offset)` for the offsets below `count`.
    @inline(__always)
    private func addAll(_ count: Int, to sum: inout Int, _ addition: SourceRange, _ value: (Int) -> Int) throws(Interrupt) {
        // `v ^ (v >> 63)` is `v` for `v >= 0` and `-v - 1` otherwise: with every such bit or-ed
        // into `bits`, each value lies in `-(bits + 1)...bits`, and so each partial sum within
        // `n * (bits + 1)` of `sum`. The values are added, wrapping, in the same pass of shifts,
        // ors and adds, which vectorises; the total stands when the bound shows no partial sum
        // can have overflowed.
        var bits = 0, total = sum
        for offset in 0..<count {
            let x = value(offset)
            bits |= x ^ (x >> 63)
            total &+= x
        }
        let (reach, overflows) = (bits &+ 1).multipliedReportingOverflow(by: count)
        if bits < .max && !overflows && !sum.addingReportingOverflow(reach).overflow && !sum.subtractingReportingOverflow(reach).overflow {
            sum = total
            return
        }
        for offset in 0..<count { try add(value(offset), to: &sum, addition) }
    }

    /// `sum + x`, failing on overflow as the closure's `+` does.
    @inline(__always)
    private func add(_ x: Int, to sum: inout Int, _ addition: SourceRange) throws(Interrupt) {
        let (next, overflow) = sum.addingReportingOverflow(x)
        if overflow { throw failure(RuntimeMessages.overflow("\(sum) + \(x)"), addition) }
        sum = next
    }

    /// What an optional row mapping computes from each donation, the values that are not nil
    /// added left to right from `start` as `compactMap(f).reduce(start, +)` adds them; and how
    /// many were added.
    private func sumSkippingNil(_ list: DonationList, _ mapping: RowPredicate.Operand, from start: Value,
                                _ addition: SourceRange, _ meter: StepMeter?) throws(Interrupt) -> (Value, Int) {
        let binder = RowPredicateBinder(stream: list.stream, invariants: rowInvariants, meter: meter)
        // An optional field read in place, without a call per row.
        var column: Column?
        if case .field(let field) = mapping { column = list.stream.columns[field] }
        switch start {
        case .int(var sum):
            let added: Int
            if case .optionalInt(let items)? = column {
                added = try add(to: &sum, list.count, addition) { items[list.position(at: $0)] }
            } else {
                let read = binder.optionalInts(mapping)
                added = try add(to: &sum, list.count, addition) { read(list.position(at: $0)) }
            }
            return (.int(sum), added)
        case .double(var sum):
            var added = 0
            let read = column?.optionalNumbers.map { items in { items[$0] } } ?? binder.optionalDoubles(mapping)
            for offset in 0..<list.count {
                guard let x = read(list.position(at: offset)) else { continue }
                sum += x
                added += 1
            }
            return (.double(sum), added)
        default:
            preconditionFailure("a sum of values that are not numbers")
        }
    }

    /// An order by key: the keys computed once per donation, then compared as the closure
    /// compares them, by the standard library's algorithms; charged per comparison.
    private mutating func keyOrder(_ list: DonationList, _ key: RowPredicate.Operand, _ op: ComparisonOperator, _ order: KeyOrder,
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
    private static func orderedDonations(_ list: DonationList, _ offsets: [Int], _ order: KeyOrder) -> Value {
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
    private mutating func workedOrder(_ list: DonationList, _ key: RowPredicate.Operand, _ op: ComparisonOperator, _ order: KeyOrder,
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
    private mutating func pairOrder(_ list: DonationList, _ comparator: RowPredicate, _ firstSlot: Int, _ order: KeyOrder,
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
    private mutating func keyedOrder(_ list: DonationList, _ keyed: KeyedComparator, _ order: KeyOrder,
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
    private static func storedNumbers(_ key: RowPredicate.Operand, _ stream: DonationStream) -> ColumnArray<Double>? {
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
    private static func order<Key: Comparable>(_ column: ColumnArray<Key>, _ rows: Range<Int>, _ op: ComparisonOperator,
                                               _ order: KeyOrder) -> ([Int], Int) {
        column.withUnsafeBufferPointer { column in
            precondition(rows.lowerBound >= 0 && rows.upperBound <= column.count, "a list past its stream's end")
            return Evaluator.order(UnsafeBufferPointer(rebasing: column[rows]), op, order)
        }
    }

    /// The same, for machine keys, with the operator chosen once rather than at every comparison.
    private static func order<Key: Comparable>(_ keys: [Key], _ op: ComparisonOperator, _ order: KeyOrder) -> ([Int], Int) {
        keys.withUnsafeBufferPointer { Evaluator.order($0, op, order) }
    }

    private static func order<Key: Comparable>(_ keys: UnsafeBufferPointer<Key>, _ op: ComparisonOperator, _ order: KeyOrder) -> ([Int], Int) {
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
    private static func order<Key>(_ keys: [Key], _ order: KeyOrder, _ before: (Key, Key) -> Bool) -> ([Int], Int) {
        keys.withUnsafeBufferPointer { Evaluator.order($0, order, before) }
    }

    @inline(__always)
    private static func order<Key>(_ keys: UnsafeBufferPointer<Key>, _ order: KeyOrder, _ before: (Key, Key) -> Bool) -> ([Int], Int) {
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
    private mutating func mappedKeys(_ list: DonationList, _ mapping: RowPredicate.Operand, _ steps: FusedSteps,
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
    private mutating func sortedValues(_ list: DonationList, _ mapping: RowPredicate.Operand, _ element: RuleType, _ steps: FusedSteps,
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

    /// The result over an empty list.
    private func emptyResult(_ operation: FusedOperation.Kernel, _ value: Value) -> Value {
        switch operation {
        case .scan(_, .filter): return value
        case .scan(_, .count), .groupCount, .distinctCount: return .int(0)
        case .compactCount(_, _, .count): return .int(0)
        case .compactCount(_, _, .isEmpty): return .bool(true)
        case .compactCount(_, _, .contains): return .bool(false)
        case .columnSum, .fold, .mappedSlice, .chainSlice: preconditionFailure("a sum, a fold or a slice is evaluated with its second subexpression")
        case .scan(_, .contains), .scan(_, .containsFromEnd): return .bool(false)
        case .scan(_, .allSatisfy): return .bool(true)
        case .scan(_, .first), .scan(_, .last), .columnExtreme, .keyOrder(_, _, .min, _), .keyOrder(_, _, .max, _),
             .pairOrder(_, _, _, .min), .pairOrder(_, _, _, .max): return .null
        case .keyOrder(_, _, .sorted, _), .pairOrder(_, _, _, .sorted): return value
        case .valueOrder: preconditionFailure("an order of values is evaluated before donation lists")
        case .mappedOrder(_, _, _, .sorted): return .array([])
        case .mappedOrder: return .null
        case .mapped, .compactMapped: return .array([])
        case .distinctValues: return .set([])
        case .mappedEnd, .sortedEnd: return .null
        case .countCompare(_, let op, let k): return .bool(Evaluator.compare(op, .int(0), .int(k)))
        }
    }

    /// A scan, charging the closure's steps for each element the unfused call would have
    /// gone through (up to the one that decides `contains`, `first`, `last` and
    /// `allSatisfy`), the work the string searches in it did on those elements, and what the
    /// calls ahead of it charged for every element.
    /// (The predicate is the one `filters` binds: passed as itself, it would be copied and
    /// destroyed through the generic witnesses of `Optional` at every scan.)
    private mutating func scan(_ list: DonationList, _ mode: ScanMode, _ steps: FusedSteps,
                               _ filters: BoundFilterCache, _ range: SourceRange) throws(Interrupt) -> Value {
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
            return result
        }
        // Only the donations in the window the date conditions allow can match; the rows before
        // and after it count as gone through (and failed) where the unfused call would have.
        return try withWindowedScan(list, filters) { ev, bound, cache, scanned, before, after throws(Interrupt) in
            try ev.scan(list, scanned, mode, steps, bound, cache, before: before, after: after, range)
        }
    }

    /// A scan's search of the donations `scanned` (the list, or the window of it its date
    /// conditions allow, `before` and `after` the list's donations outside it) with `bound`,
    /// a filter of the predicate of `cache`.
    private mutating func scan(_ list: DonationList, _ scanned: DonationList, _ mode: ScanMode, _ steps: FusedSteps,
                               _ bound: BoundFilterCache.Entry, _ cache: BoundFilterCache, before: Int, after: Int,
                               _ range: SourceRange) throws(Interrupt) -> Value {
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
        return result
    }

    /// `filter(p).count OP k`: the unfused filter goes through every element, so every one is
    /// charged; counting stops as soon as the answer is known when the charge needs no more
    /// testing (no string search in the predicate, whose work depends on each row).
    /// (The predicate, if any, is the one `filters` binds, see `scan`.)
    private mutating func countCompare(_ list: DonationList, _ op: ComparisonOperator, _ k: Int,
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
                       let counted = Evaluator.count(rows, counter, upTo: searches ? Int.max : enough) {
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
    private func searcher(_ bound: BoundFilterCache.Entry, _ cache: BoundFilterCache?, _ stream: DonationStream) -> Unmanaged<RowFilter>? {
        if bound.filter.isColumnar {
            guard let cache, bound.filter.turnsOnComputedTest, let truths = rowCounter(bound, cache, stream) else {
                return Unmanaged.passUnretained(bound.filter)
            }
            return Unmanaged.passUnretained(truths)
        }
        if let cache, bound.meter == nil, !bound.testsRowByRow, let truths = rowCounter(bound, cache, stream), truths !== bound.filter {
            return Unmanaged.passUnretained(truths)
        }
        return bound.filter.searchesRowAtATime ? Unmanaged.passUnretained(bound.filter) : nil
    }

    /// How many rows of a contiguous range pass `counter`, counted in spans growing from 16 rows
    /// fourfold, stopping once `limit` are found: a count that only needs to reach a few
    /// matches reads little past them. Nil when the counter has no count (see `rowCounter`).
    private static func count(_ rows: Range<Int>, _ counter: RowFilter, upTo limit: Int) -> Int? {
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

    /// `max()` or `min()` of a computed `Int`, `Double` or `Date` mapping (not a plain column,
    /// which `columnExtreme` reads in place), a batch of rows at a time, without the array of
    /// values, the computation kept for the next evaluation (see `keptColumn`). `Int`
    /// arithmetic that checks itself needs no proof first: it gives way when it failed on a
    /// row. Nil for other mappings.
    private mutating func batchedExtreme(_ list: DonationList, _ mapping: RowPredicate.Operand, _ isMax: Bool,
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
    private func columnExtreme(_ list: DonationList, _ mapping: RowPredicate.Operand, _ isMax: Bool, _ meter: StepMeter?) -> Value {
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
    private func nonNilCount(_ list: DonationList, _ mapping: RowPredicate.Operand) -> Int {
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
    private static func extreme<T: Comparable>(_ items: ColumnArray<T>, at positions: some Collection<Int>, isMax: Bool) -> T {
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
    private func extremeSkippingNil(_ list: DonationList, _ mapping: RowPredicate.Operand, _ isMax: Bool,
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
    private enum MappedValues {
        case column(Column)
        case computed(OrderKeys)
    }

    private func mappedValues(_ mapping: RowPredicate.Operand, _ list: DonationList, _ meter: StepMeter?) -> MappedValues {
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
    private func distinctValues(_ list: DonationList, _ mapping: RowPredicate.Operand, _ element: RuleType) -> Set<Value> {
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
    private func mappedArray(_ list: DonationList, _ mapping: RowPredicate.Operand, _ element: RuleType, _ meter: StepMeter?) -> [Value] {
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
    private static func isOrdinaryScalar(_ constant: Constant) -> Bool {
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
    private static func reading<T, R>(_ items: ColumnArray<T>, of list: DonationList, _ body: (Int, (Int) -> T) -> R) -> R {
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
    private func groupCount(_ list: DonationList, _ field: Int, _ largest: Bool) -> Int {
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
    private func distinctCount(_ list: DonationList, _ mapping: RowPredicate.Operand, skipsNil: Bool, _ meter: StepMeter?) -> (Int, Int) {
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
        switch mapping {
        case .field, .date: break
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

    /// Runs `body` with a scan's bound filter, its cache and the donations it tests: over a
    /// contiguous list, for a predicate with date conditions, the filter of the rest of it (see
    /// `DateWindowPlan`) and the window the conditions allow, with how many of the list's
    /// donations lie before and after it; otherwise the whole predicate's filter and the whole
    /// list. The bound filter goes back into its cache after.
    /// (All of them passed borrowed: returned from a function, each would be retained and
    /// released, at an atomic operation's cost, at every evaluation.)
    @inline(__always)
    private mutating func withWindowedScan<T>(
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

    /// A filter for the predicate of `filters` over a stream: the one bound last, when it still
    /// applies (see `BoundFilterCache`), or a new binding. The caller puts it back when done.
    func boundFilter(_ stream: DonationStream, _ filters: BoundFilterCache) -> BoundFilterCache.Entry {
        // The invariants' values on the stack: a kept binding, the usual case, is found
        // without an array made and freed at every evaluation.
        let count = filters.variableInvariants.count
        return withUnsafeTemporaryAllocation(of: Value.self, capacity: count) { buffer in
            // (Each operand read in place: a copy retains its box, or the expression it hoists.)
            filters.variableInvariants.withUnsafeBufferPointer { operands in
                for index in operands.indices { (buffer.baseAddress! + index).initialize(to: invariant(operands[index])) }
            }
            defer { buffer.baseAddress?.deinitialize(count: count) }
            let invariants = UnsafeBufferPointer(buffer)
            if let entry = filters.take(matching: stream, invariants) {
                entry.meter?.steps = 0
                entry.meter?.limit = stepsLeft
                return entry
            }
            let meter = filters.searchesStrings ? StepMeter(limit: stepsLeft) : nil
            guard let predicate = filters.predicate else { preconditionFailure("a filter bound for no predicate") }
            let filter = RowFilter.make(predicate, RowPredicateBinder(stream: stream, invariants: rowInvariants, meter: meter))
            return BoundFilterCache.Entry(stream: stream, clock: filters.readsClock ? now : 0, invariants: Array(invariants), filter: filter,
                                          meter: meter, testsRowByRow: filters.nestsScan)
        }
    }

    /// The value of an operand that is the same for every row.
    func invariant(_ operand: RowPredicate.Operand) -> Value {
        // The usual invariants read here directly: `rowInvariants` takes a reference to each
        // array it reads from.
        switch operand {
        case .constant(let value): return Value(value)
        case .parameter(let index): return parameterValues[index]
        case .now: return .date(now)
        // An enclosing element's value, read at every scan nested in its closure.
        case .outerLocal(let slot, let type): return local(slot, type)
        case .outerField(let slot, let field): return localField(slot, field)
        case .outerDate(let slot): return .date(localDate(slot))
        // Clock arithmetic (`Date.now.addingTimeInterval(-86400 * 30)`), as date windows read.
        case .arithmetic, .intervalSince, .addingInterval, .negate:
            return operand.invariantArithmetic { operand in
                guard let x = invariantNumber(operand) else { preconditionFailure("row arithmetic on a value that is no number") }
                return x
            }
        // Another event's donations, a `let` (a nested scan's list): `rowInvariants` would
        // retain and release each of the evaluator's arrays to read one.
        case .hoisted(let hoisted): return hoistedValues.value(of: hoisted)
        default: return rowInvariants.value(operand)
        }
    }

    /// The value of an invariant `Double` or `Date` operand (as seconds since 2001), read without
    /// a `Value` where it is a number constant, the clock, an enclosing donation's date or
    /// arithmetic of those; nil for an operand of another type.
    func invariantNumber(_ operand: RowPredicate.Operand) -> Double? {
        switch operand {
        case .constant(.double(let x)), .constant(.date(let x)): return x
        case .now: return now
        case .outerDate(let slot): return localDate(slot)
        default:
            switch invariant(operand) {
            case .double(let x), .date(let x): return x
            default: return nil
            }
        }
    }
}
