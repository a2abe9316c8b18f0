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
        if let first = hoisted.first, first.use.hoisted.isArgument { try evaluateArguments(hoisted) }
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
        // A scan with no calls ahead of its closure charges that closure's steps for each row it
        // goes through, and a count of what passes its closures' for every row, and so each can
        // charge those of a hoisted expression read wherever its closures run, at the same rows.
        let chargesPerRow = switch operation {
        case .scan: steps.perSourceElement == 0
        case .countCompare: true
        default: false
        }
        let charges = try evaluateHoisted(hoisted, over: list, range, perRow: chargesPerRow)
        let hoistedPerRow = charges.perRow
        // A predicate with `Int` arithmetic is scanned only when it cannot fail on any row of
        // the list; otherwise the calls it stands for run (see `RowPredicate`).
        if filters.computesInts, let predicate = filters.predicate, !intArithmeticCannotFail(predicate, list) {
            throw givingWay(range)
        }
        switch operation {
        case .scan(_, let mode):
            guard hoistedPerRow == 0 && !charges.needsSearchedRows else {
                let charged = FusedSteps(fixed: steps.fixed, perElement: steps.perElement + hoistedPerRow)
                return try scan(list, mode, charged, filters, range, reaching: charges)
            }
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
            let perElement = steps.perElement + steps.perSourceElement + hoistedPerRow
            return .bool(try countCompare(list, op, k, perElement: perElement, filters, range))
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
            return mappedValue(mapping, element, list.stream, at: list.position(at: last ? list.count - 1 : 0))
        case .mappedFind(_, let mapping, let element, let last):
            // The map's charges for every donation and the search's for the rows it goes
            // through (`scan`), the value made for the donation found alone.
            try givingWayUnlessIntArithmeticIsSafe(mapping, filters, list, range)
            guard case .donation(let stream, let position) = try scan(list, last ? .last : .first, steps, filters, range) else { return .null }
            return mappedValue(mapping, element, stream, at: position)
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

    /// What a row mapping computes for the donation at one stream position alone (the `first`
    /// or `last` of a mapped chain, or the one its search found), already charged.
    func mappedValue(_ mapping: RowPredicate.Operand, _ element: RuleType, _ stream: DonationStream, at position: Int) -> Value {
        mappedArray(DonationList(stream: stream, positions: .contiguous(position..<(position + 1))), mapping, element, nil)[0]
    }

    /// The values a fused `map` computes from a list it was evaluated over and charged for (see
    /// `Evaluator.declarationList`).
    func values(mappedFrom list: Value, _ operation: FusedOperation.Kernel) -> Value {
        guard case .mapped(let mapping, let element) = operation else { preconditionFailure("values of an operation that is no map") }
        guard let donations = donationList(list), donations.count > 0 else { return .array([]) }
        return .array(mappedArray(donations, mapping, element, nil))
    }

    /// `row` computed a batch at a time, as `Int`s or as numbers: the computation kept in
    /// `columns` from the last use over the same state of the stream with the same values, or a
    /// new one; nil when `row` has no such batch form. The caller puts it back once done, unless
    /// its arithmetic failed.
    func keptColumn(_ row: RowPredicate.Operand, _ list: DonationList, _ columns: BoundColumnCache,
                            ints: Bool) -> BoundColumnCache.Entry? {
        if let kept = takeKeptColumn(columns, list.stream), ints ? kept.ints != nil : kept.numbers != nil {
            return kept
        }
        let invariants = columnInvariants(columns)
        let binder = RowPredicateBinder(stream: list.stream, invariants: rowInvariants)
        if ints {
            return IntColumn.make(row, binder).map { BoundColumnCache.Entry(stream: list.stream, invariants: invariants, ints: $0) }
        }
        return binder.numberColumn(row).map { BoundColumnCache.Entry(stream: list.stream, invariants: invariants, numbers: $0) }
    }

    /// `map(f)` then a slice of what it made (see `FusedOperation.mappedSlice`): `f` computed
    /// for the donations kept (see `keptOffsets`).
    mutating func mappedSlice(_ value: Value, count: Node, _ mapping: RowPredicate.Operand, _ element: RuleType, reversed: Bool,
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
    mutating func chainSlice(_ value: Value, count: Node?, _ mapping: RowPredicate.Operand, reversed: Bool, _ slice: Slice?,
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
    mutating func keptOffsets(_ value: Value, count: Node?, _ mapping: RowPredicate.Operand, reversed: Bool, _ slice: Slice?,
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

    /// Throws, so that the fused node runs the calls it stands for, unless no `Int` arithmetic
    /// in the operand can fail on a row of the list (see `RowPredicate`).
    /// (`filters` knows whether the operation's row operand has any, see
    /// `BoundFilterCache.operandHasIntArithmetic`.)
    func givingWayUnlessIntArithmeticIsSafe(_ operand: RowPredicate.Operand, _ filters: BoundFilterCache,
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
    mutating func tickNodes(_ count: Int, _ range: SourceRange) throws(Interrupt) {
        if closureDepth == 0 && count != 0 { try tick(count, range) }
    }

    /// The result over an empty list.
    func emptyResult(_ operation: FusedOperation.Kernel, _ value: Value) -> Value {
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
        case .mappedEnd, .mappedFind, .sortedEnd: return .null
        case .countCompare(_, let op, let k): return .bool(Evaluator.compare(op, .int(0), .int(k)))
        }
    }

    /// A filter for the predicate of `filters` over a stream: the one bound last, when it still
    /// applies (see `BoundFilterCache`), or a new binding. The caller puts it back when done.
    func boundFilter(_ stream: DonationStream, _ filters: BoundFilterCache) -> BoundFilterCache.Entry {
        withInvariants(filters.variableInvariants) { invariants in
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

    /// Runs `body` with the values `operands` have now, on the stack: a kept binding, the usual
    /// case, is found by them without an array made and freed at every evaluation.
    @inline(__always)
    func withInvariants<Result>(_ operands: [RowPredicate.Operand], _ body: (UnsafeBufferPointer<Value>) -> Result) -> Result {
        let count = operands.count
        // (Most bindings read none.)
        guard count > 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return withUnsafeTemporaryAllocation(of: Value.self, capacity: count) { buffer in
            // (Each operand read in place: a copy retains its box, or the expression it hoists.)
            operands.withUnsafeBufferPointer { operands in
                for index in operands.indices { (buffer.baseAddress! + index).initialize(to: invariant(operands[index])) }
            }
            defer { buffer.baseAddress?.deinitialize(count: count) }
            return body(UnsafeBufferPointer(buffer))
        }
    }

    /// The binding `columns` kept from its last use over this state of the stream with the
    /// values its mapping's invariants have now, taken out (see `BoundColumnCache`); nil when
    /// it kept none, or one for other values.
    func takeKeptColumn(_ columns: BoundColumnCache?, _ stream: DonationStream) -> BoundColumnCache.Entry? {
        guard let columns else { return nil }
        return withInvariants(columns.variableInvariants) { columns.take(matching: stream, $0) }
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
