import TipRulesSyntax

/// Built-in calls over donation lists fused into one operation (`filter(...).count`,
/// `contains(where:)`, `map(...).max()`, orders and slices).
extension Optimizer {
    func fuseCall(_ call: BuiltinCall, _ expression: TypedExpression) -> TypedExpression? {
        let builtin = call.builtin
        // Set(xs.map(f)).count: the map charges its function per element, `Set` one step per
        // element.
        if builtin.id == .setCount, let receiver = call.receiver, case .builtin(let set) = receiver.node, set.builtin.id == .setFromArray,
           let map = mapOverDonations(set.arguments[0], .arrayMap, metered: true) {
            return fused(.distinctCount(map.source, mapping: map.mapping, skipsNil: false), perElement: map.steps + 1, replacing: expression)
        }
        // Set(xs.compactMap(f)).count: `Set` charges a step per value that is not nil.
        if builtin.id == .setCount, let receiver = call.receiver, case .builtin(let set) = receiver.node, set.builtin.id == .setFromArray,
           let map = mapOverDonations(set.arguments[0], .arrayCompactMap, metered: true), case .function(_, let produced) = map.function.type {
            return fused(.distinctCount(map.source, mapping: map.mapping, skipsNil: produced.isOptional),
                         perElement: 1, perSourceElement: map.steps, replacing: expression)
        }
        // Set(chain).count of a chain that ends in a `filter` or `compactMap` (see `rowChain`),
        // or of a `let` of mapped values: the distinct values of the donations it keeps, which
        // its narrowing (or the `let`'s list) stands for; `Set` charges a step per value.
        if builtin.id == .setCount, let receiver = call.receiver, case .builtin(let set) = receiver.node, set.builtin.id == .setFromArray,
           isNarrowingOrMappedDeclaration(set.arguments[0]), let chain = rowChain(set.arguments[0]), let mapping = chain.mapping {
            return fused(.distinctCount(chain.list, mapping: mapping, skipsNil: false), perElement: chain.pendingSteps + 1, replacing: expression)
        }
        // Set(xs.map(f)).contains(x), for an x the same for every donation: whether a donation
        // has f == x, as `xs.map(f).contains(x)` (a set holds a value equal to x exactly when
        // the array it is made of does, by the same `==`, with which its hashes agree). The map
        // charges f per element, `Set` a step per element, `contains` none per element.
        if builtin.id == .setContains, let receiver = call.receiver, case .builtin(let set) = receiver.node, set.builtin.id == .setFromArray,
           let map = mapOverDonations(set.arguments[0], .arrayMap), let needle = RowPredicate.invariantOperand(call.arguments[0]) {
            return fused(.countCompare(map.source, .compare(map.mapping, .equal, needle), .greaterOrEqual, 1),
                         perElement: map.steps + 1, replacing: expression)
        }
        guard case .array = builtin.receiver, let receiver = call.receiver else { return nil }
        let isDonationList: Bool
        if case .array(.donation) = receiver.type { isDonationList = true } else { isDonationList = false }

        // xs.filter(p), xs.count(where: p), xs.contains(where: p), ... with a row predicate.
        var known: RowPredicate?
        if case .fused(.scan(_, let predicate, .filter), _, _) = receiver.node { known = predicate }
        if isDonationList, builtin.parameters.count == 1, let (predicate, size) = donationPredicate(call.arguments.first, known: known) {
            let mode: ScanMode?
            switch builtin.id {
            case .arrayFilter: mode = .filter
            case .arrayCountWhere: mode = .count
            case .arrayContainsWhere: mode = .contains
            case .arrayAllSatisfy: mode = .allSatisfy
            case .arrayFirstWhere: mode = .first
            case .arrayLastWhere: mode = .last
            default: mode = nil
            }
            // `xs.reversed().first(where: p)` is the last of `xs` that `p` holds for, found from
            // the end as `first(where:)` finds it in the reversal (and `last(where:)` the
            // first); `reversed().contains(where: p)` looks from the end too. `reversed()`
            // charges a step for every element.
            if let mode, let reversed = mode.overReversal, case .builtin(let reversal) = receiver.node, reversal.builtin.id == .arrayReversed,
               let inner = reversal.receiver, case .array(.donation) = inner.type {
                return fused(.scan(inner, predicate, reversed), perElement: size, perSourceElement: 1, replacing: expression)
            }
            if let mode {
                return fused(.scan(receiver, predicate, mode), perElement: size, replacing: expression)
            }
        }
        // xs.sorted(by:), xs.min(by:) and xs.max(by:) comparing a key of each donation.
        if isDonationList, let order = keyOrder(builtin.id), let comparison = keyComparison(call.arguments.first) {
            return fused(.keyOrder(receiver, key: comparison.key, op: comparison.op, order: order, unwrapsKey: comparison.unwrapsKey),
                         perElement: comparison.steps, replacing: expression)
        }
        // The same with any other order that is a row predicate of the two donations.
        if isDonationList, let order = keyOrder(builtin.id), let (comparator, firstSlot, size) = pairComparison(call.arguments.first) {
            let keyed = KeyComparisons.make(comparator, firstSlot: firstSlot).map { KeyedComparator(comparisons: $0.0, keys: $0.1) }
            return fused(.pairOrder(receiver, comparator: comparator, firstSlot: firstSlot, keys: keyed, order: order),
                         perElement: size, replacing: expression)
        }
        // xs.map(f).sorted(), and .sorted(by:), .min(by:) and .max(by:) comparing the elements
        // themselves: the values sorted from the columns, without the array `map` makes.
        if builtin.id == .arraySorted || keyOrder(builtin.id) != nil, case .array(let element) = receiver.type, element.isOrderedScalar,
           let map = mapOverDonations(receiver, .arrayMap, metered: true) {
            if builtin.id == .arraySorted {
                return fused(.mappedOrder(map.source, mapping: map.mapping, element: element, op: nil, order: .sorted),
                             perElement: 0, perSourceElement: map.steps, replacing: expression)
            }
            if let order = keyOrder(builtin.id), let (op, size) = elementComparison(call.arguments.first, neverNaN: map.mapping.isNeverNaNDate) {
                return fused(.mappedOrder(map.source, mapping: map.mapping, element: element, op: op, order: order),
                             perElement: size, perSourceElement: map.steps, replacing: expression)
            }
        }
        // The same after any chain that ends in a `filter` or `compactMap` of what it computed.
        if case .array(let element) = receiver.type, element.isOrderedScalar,
           builtin.id == .arraySorted || keyOrder(builtin.id) != nil, let chain = rowChain(receiver), let mapping = chain.mapping {
            if builtin.id == .arraySorted {
                return fused(.mappedOrder(chain.list, mapping: mapping, element: element, op: nil, order: .sorted),
                             perElement: 0, perSourceElement: chain.pendingSteps, replacing: expression)
            }
            if let order = keyOrder(builtin.id), let (op, size) = elementComparison(call.arguments.first, neverNaN: mapping.isNeverNaNDate) {
                return fused(.mappedOrder(chain.list, mapping: mapping, element: element, op: op, order: order),
                             perElement: size, perSourceElement: chain.pendingSteps, replacing: expression)
            }
        }
        // xs.sorted(by:), xs.min(by:) and xs.max(by:) of scalars, comparing the elements themselves.
        if case .array(let element) = receiver.type, element.isOrderedScalar, let order = keyOrder(builtin.id),
           let (op, size) = elementComparison(call.arguments.first) {
            return fused(.valueOrder(receiver, op: op, order: order), perElement: size, replacing: expression)
        }
        // xs.compactMap(f).filter(p).count and .isEmpty, and xs.compactMap(f).count(where: p).
        if let (source, predicate, mapping, mapSteps, testSteps) = compactMapTest(call) {
            return fused(.compactCount(source, predicate, mapping: mapping, result: builtin.id == .arrayIsEmpty ? .isEmpty : .count),
                         perElement: testSteps, perSourceElement: mapSteps, replacing: expression)
        }
        // xs.compactMap(f).contains(x) for an optional f and an x the same for every donation:
        // whether a donation has f == x (nil is equal to no value). `contains` charges a step
        // for every value kept.
        if builtin.id == .arrayContains, let map = mapOverDonations(receiver, .arrayCompactMap),
           case .function(_, let produced) = map.function.type, produced.isOptional,
           let needle = RowPredicate.invariantOperand(call.arguments[0]) {
            return fused(.compactCount(map.source, .compare(map.mapping, .equal, needle), mapping: map.mapping, result: .contains),
                         perElement: 1, perSourceElement: map.steps, replacing: expression)
        }
        // xs.filter(p).count, xs.map(f).filter(p).count, xs.compactMap(f).count, and isEmpty.
        if builtin.id == .arrayCount || builtin.id == .arrayIsEmpty,
           let (source, predicate, perElement) = countable(receiver, everyRow: builtin.id == .arrayCount) {
            if builtin.id == .arrayCount {
                return fused(.scan(source, predicate, .count), perElement: perElement, replacing: expression)
            }
            return fused(.countCompare(source, predicate, .equal, 0), perElement: perElement, replacing: expression)
        }
        // xs.reversed().first and .last: the last and the first of the donations (`reversed()`
        // charges a step for every one).
        if builtin.id == .arrayFirst || builtin.id == .arrayLast, case .builtin(let reversal) = receiver.node,
           reversal.builtin.id == .arrayReversed, let inner = reversal.receiver, case .array(.donation) = inner.type {
            return fused(.scan(inner, .constant(true), builtin.id == .arrayFirst ? .last : .first), perElement: 0,
                         perSourceElement: 1, replacing: expression)
        }
        // xs.filter(p).first and .last: the filter goes through every donation first. (Not with a
        // string search, whose work on the donations past the answer the scan would not do.)
        if builtin.id == .arrayFirst || builtin.id == .arrayLast,
           case .fused(.scan(let source, let predicate, .filter), let steps, _) = receiver.node, !predicate.searchesStrings {
            return fused(.scan(source, predicate, builtin.id == .arrayFirst ? .first : .last), perElement: 0,
                         perSourceElement: steps.perElement, replacing: expression)
        }
        // xs.map(f).sorted().first and .last: the one value, not the sorted array.
        if builtin.id == .arrayFirst || builtin.id == .arrayLast,
           case .fused(.mappedOrder(let source, let mapping, let element, nil, .sorted), let steps, _) = receiver.node {
            return fused(.sortedEnd(source, mapping: mapping, element: element, last: builtin.id == .arrayLast),
                         perElement: steps.perElement, perSourceElement: steps.perSourceElement, replacing: expression)
        }
        // xs.map(f).first and .last, after any chain: f of the first or last donation the chain
        // keeps, its `map`s charged for every one. (Not for optional results, which `first`
        // wraps once more.)
        if builtin.id == .arrayFirst || builtin.id == .arrayLast, let chain = rowChain(receiver), let mapping = chain.mapping,
           !mapping.chargesWork, case .array(let element) = receiver.type, !element.isOptional {
            return fused(.mappedEnd(chain.list, mapping: mapping, element: element, last: builtin.id == .arrayLast),
                         perElement: chain.pendingSteps, replacing: expression)
        }
        // xs.map(f).count(where: p), .contains(where: p), .allSatisfy(p), .first(where: p) and
        // .last(where: p), and the same after any chain: p tested on what the chain computed.
        // The chain goes through every donation it keeps; the test, as far as it decides.
        if Self.takesRowPredicate(builtin.id), let chain = rowChain(receiver), let mapping = chain.mapping,
           let (predicate, size) = predicate(call.arguments.first, after: mapping) {
            switch builtin.id {
            case .arrayCountWhere:
                return fused(.scan(chain.list, predicate, .count), perElement: chain.pendingSteps + size, replacing: expression)
            case .arrayContainsWhere, .arrayAllSatisfy:
                return fused(.scan(chain.list, predicate, builtin.id == .arrayContainsWhere ? .contains : .allSatisfy),
                             perElement: size, perSourceElement: chain.pendingSteps, replacing: expression)
            case .arrayFirstWhere, .arrayLastWhere:
                // The value found, made for its donation alone (not for an optional value, which
                // the result wraps once more, nor one whose work the map charges per row).
                guard case .array(let element) = receiver.type, !element.isOptional, !mapping.chargesWork else { break }
                return fused(.mappedFind(chain.list, predicate, mapping: mapping, element: element, last: builtin.id == .arrayLastWhere),
                             perElement: size, perSourceElement: chain.pendingSteps, replacing: expression)
            default:
                break
            }
        }
        // xs.map(f).max() and .min(), of a column, or of `Int`s or `Double`s computed per donation.
        if builtin.id == .arrayMax || builtin.id == .arrayMin, let map = mapOverDonations(receiver, .arrayMap, metered: true),
           mappedColumn(map.function) != nil || expression.type == .optional(.int) || expression.type == .optional(.double) {
            // The mapping once per element, then `max` or `min` once per element.
            return fused(.columnExtreme(map.source, mapping: map.mapping, isMax: builtin.id == .arrayMax, skipsNil: false),
                         perElement: map.steps + 1, replacing: expression)
        }
        // xs.compactMap(f).max() and .min() for an optional f: `compactMap` applies `f` to every
        // donation, `max` or `min` charges a step per value kept.
        if builtin.id == .arrayMax || builtin.id == .arrayMin, let map = mapOverDonations(receiver, .arrayCompactMap, metered: true),
           case .function(_, let produced) = map.function.type, produced.isOptional {
            return fused(.columnExtreme(map.source, mapping: map.mapping, isMax: builtin.id == .arrayMax, skipsNil: true),
                         perElement: 1, perSourceElement: map.steps, replacing: expression)
        }
        // The same after any chain that ends in a `filter` or `compactMap`.
        if builtin.id == .arrayMax || builtin.id == .arrayMin, let chain = rowChain(receiver), let mapping = chain.mapping,
           expression.type == .optional(.int) || expression.type == .optional(.double) {
            return fused(.columnExtreme(chain.list, mapping: mapping, isMax: builtin.id == .arrayMax, skipsNil: false),
                         perElement: chain.pendingSteps + 1, replacing: expression)
        }
        // xs.map(\.field).contains(value), for a value the same for every donation: a count of
        // the donations whose field equals it, at least one. The unfused map reads every
        // element and `contains` charges every one, so all are charged.
        if builtin.id == .arrayContains, let chain = rowChain(receiver), let mapping = chain.mapping,
           let needle = RowPredicate.invariantOperand(call.arguments[0]) {
            return fused(.countCompare(chain.list, .compare(mapping, .equal, needle), .greaterOrEqual, 1),
                         perElement: chain.pendingSteps + 1, replacing: expression)
        }
        // The same of a `map` whose function charges work on each row (`map { $0.name.lowercased() }`):
        // a count whose test charges work goes through every donation (see `Evaluator.countCompare`),
        // so it charges the work for each, as the map does.
        if builtin.id == .arrayContains, let map = mapOverDonations(receiver, .arrayMap, metered: true), map.mapping.chargesWork,
           let needle = RowPredicate.invariantOperand(call.arguments[0]) {
            return fused(.countCompare(map.source, .compare(map.mapping, .equal, needle), .greaterOrEqual, 1),
                         perElement: map.steps + 1, replacing: expression)
        }
        // xs.reduce(initial) { $0 + $1.field } and xs.map(\.field).reduce(initial, +)
        if builtin.id == .arrayReduce, let (sum, perElement, perSourceElement) = columnSum(call, receiver, expression.type) {
            return fused(sum, perElement: perElement, perSourceElement: perSourceElement, replacing: expression)
        }
        // xs.reduce(initial) { f($0, $1) } for any other row mapping f of the accumulator
        if builtin.id == .arrayReduce, let (fold, perElement, perSourceElement) = fold(call, receiver, expression.type) {
            return fused(fold, perElement: perElement, perSourceElement: perSourceElement, replacing: expression)
        }
        // xs.largestSubset(groupedBy: \.field).count and smallestSubset
        if builtin.id == .arrayCount, case .builtin(let subset) = receiver.node,
           subset.builtin.id == .donationsLargestSubset || subset.builtin.id == .donationsSmallestSubset, let source = subset.receiver,
           case .keyPath(let steps) = subset.arguments[0].node, steps.count == 1, case .field(let field, _) = steps[0] {
            return fused(.groupCount(source, field: field, largest: subset.builtin.id == .donationsLargestSubset),
                         perElement: keyPathSize(subset.arguments[0]), replacing: expression)
        }
        // xs.map(f).suffix(k), .prefix(k), .dropFirst(k), .dropLast(k), also after .reversed():
        // f computed for the elements kept. (`reversed()` charges a step per element.)
        if let slice = self.slice(builtin.id), case .array(let element) = expression.type, let receiver = call.receiver {
            var mapped = receiver, reversed = false
            if case .builtin(let reversal) = receiver.node, reversal.builtin.id == .arrayReversed, let inner = reversal.receiver {
                (mapped, reversed) = (inner, true)
            }
            if let map = mapOverDonations(mapped, .arrayMap) {
                return fused(.mappedSlice(map.source, mapping: map.mapping, element: element, reversed: reversed, slice: slice, count: call.arguments[0]),
                             perElement: map.steps + (reversed ? 1 : 0), replacing: expression)
            }
        }
        // xs.map(f) whose result goes on to calls that are not fused (`sorted()`, `suffix`): the
        // array made from the columns. (A call that fuses with the `map` takes it apart again,
        // see `mapOverDonations`.)
        if builtin.id == .arrayMap, case .array(let element) = expression.type, let map = mapOverDonations(expression, .arrayMap, metered: true) {
            return fused(.mapped(map.source, mapping: map.mapping, element: element), perElement: map.steps, replacing: expression)
        }
        // Any other call on a chain that ends in a `filter` or `compactMap` of what it computed
        // (`.first`, `.suffix(3)`): the values it keeps, made from the columns, for the call to
        // go on with. (Made here rather than for the `filter` itself, which the calls above take
        // apart as it is.) The values' node stands for the same calls as the narrowing it reads,
        // so it gives back at once the step its own node took (`FusedSteps.fixed` is -1): the
        // two nodes charge what the last call's node and the rest charge, in the same order.
        if builtin.id != .arrayFilter && builtin.id != .arrayMap && builtin.id != .arrayCompactMap, case .builtin(let last) = receiver.node,
           last.builtin.id == .arrayFilter || last.builtin.id == .arrayCompactMap,
           case .array(let element) = receiver.type, let chain = rowChain(receiver), let mapping = chain.mapping {
            let values = fused(.mapped(chain.list, mapping: mapping, element: element), perElement: chain.pendingSteps, replacing: receiver)
            let rewritten = BuiltinCall(builtin: builtin, receiver: values, arguments: call.arguments, resultType: call.resultType, range: call.range)
            return TypedExpression(.builtin(rewritten), expression.type, expression.range)
        }
        return nil
    }

    /// Whether a call over an array takes a predicate of each element (`count(where:)`,
    /// `contains(where:)`, `allSatisfy`, `first(where:)`, `last(where:)`). (Tested before a
    /// pattern looks for a chain, which takes far longer to find than an id to compare.)
    static func takesRowPredicate(_ id: BuiltinID) -> Bool {
        switch id {
        case .arrayCountWhere, .arrayContainsWhere, .arrayAllSatisfy, .arrayFirstWhere, .arrayLastWhere: true
        default: false
        }
    }

    /// Whether an array is a `filter` or `compactMap` call, or a `let` of mapped values (see
    /// `MappedDeclaration`): a chain that ends in a list of donations, one per value.
    func isNarrowingOrMappedDeclaration(_ expression: TypedExpression) -> Bool {
        switch expression.node {
        case .builtin(let call): return call.builtin.id == .arrayFilter || call.builtin.id == .arrayCompactMap
        case .declaration(let index): return !insideClosure && mappedDeclarations[index] != nil
        default: return false
        }
    }

    /// What a call keeps of an array by position, for a chain (see `FusedOperation.chainSlice`):
    /// whether it reverses it, and the slice it takes (`dropFirst()` and `dropLast()` by one).
    func chainCut(_ call: BuiltinCall) -> (reversed: Bool, slice: Slice?)? {
        switch call.builtin.id {
        case .arrayReversed: return (true, nil)
        case .arrayDropFirstOne: return (false, .dropFirst)
        case .arrayDropLastOne: return (false, .dropLast)
        default: return slice(call.builtin.id).map { (false, $0) }
        }
    }

    /// The part of an array a call with a count keeps, for `prefix`, `suffix`, `dropFirst` and
    /// `dropLast`.
    func slice(_ id: BuiltinID) -> Slice? {
        switch id {
        case .arrayPrefix: return .prefix
        case .arraySuffix: return .suffix
        case .arrayDropFirst: return .dropFirst
        case .arrayDropLast: return .dropLast
        default: return nil
        }
    }
}
