import TipRulesSemantics
import TipRulesSyntax

/// The implementations of the built-ins, one per `BuiltinID`: the evaluator looks them up by the
/// id the checker resolved. The switch is exhaustive, so every entry of the signature table
/// has an implementation.
enum BuiltinImplementations {
    /// Evaluates a call: it reaches its receiver and arguments through the evaluator, so
    /// arguments such as closures are applied lazily.
    typealias Implementation = @Sendable (inout Evaluator, CompiledCall, SourceRange) throws(Interrupt) -> Value

    /// The implementation of a built-in, made for each node that calls it. (Kept in a node's
    /// field as made, a closure is called directly; taken out of an array of closures, it
    /// would be wrapped in two reabstraction thunks, which copy the arguments and result.)
    static func implementation(_ id: BuiltinID) -> Implementation {
        switch id {
        case .arrayCount, .arrayIsEmpty, .arrayContains, .arrayContainsWhere, .arrayAllSatisfy, .arrayCountWhere,
             .setCount, .setIsEmpty, .setContains,
             .stringCount, .stringIsEmpty, .stringContains, .stringHasPrefix, .stringStartsWith, .stringHasSuffix,
             .doubleRounded, .doubleIsNaN, .doubleIsInfinite, .doubleIsFinite,
             .donationDate, .dateTimeIntervalSince, .dateAddingTimeInterval, .dateNow, .dateDistantPast, .dateDistantFuture,
             .intMax, .intMin, .intZero, .doubleInfinity, .doubleNan, .doubleZero:
            // Their result is always the same scalar type: one definition, boxed here.
            return fixedScalar(id)!.boxed
        case .eventDonations:
            return { ev, call, range throws(Interrupt) in
                guard case .event(let index) = try ev.receiver(call) else { preconditionFailure("event expected") }
                return .donations(try ev.donations(ofEvent: index, range))
            }
        case .donationsDonatedWithin:
            return { ev, call, range throws(Interrupt) in
                let value = try ev.receiver(call)
                guard case .timeRange(let timeRange) = try ev.argument(call, 0) else { preconditionFailure("time range expected") }
                let cutoff = try ev.cutoffDate(timeRange, call.arguments[0].range)
                guard let list = ev.donationList(value) else { return value }
                switch list.positions {
                case .contiguous(let positions):
                    let start = list.stream.lowerBound(of: cutoff, in: positions)
                    let end = list.stream.upperBound(of: ev.now, in: start..<positions.upperBound)
                    return .donations(DonationList(stream: list.stream, positions: .contiguous(start..<end)))
                case .scattered(let positions):
                    try ev.tick(positions.count, range)
                    let dates = list.stream.dates
                    let now = ev.now
                    return .donations(DonationList(stream: list.stream, positions: .scattered(positions.filter { cutoff <= dates[$0] && dates[$0] <= now })))
                }
            }
        case .donationsLargestSubset:
            return { ev, call, range throws(Interrupt) in
                try subset(&ev, call, range, largest: true)
            }
        case .donationsSmallestSubset:
            return { ev, call, range throws(Interrupt) in
                try subset(&ev, call, range, largest: false)
            }
        case .arrayFirst:
            return { ev, call, _ throws(Interrupt) in
                let value = try ev.receiver(call)
                return value.collectionCount == 0 ? .null : call.wrapsElement(ev.element(of: value, at: 0))
            }
        case .arrayLast:
            return { ev, call, _ throws(Interrupt) in
                let value = try ev.receiver(call)
                let count = value.collectionCount
                return count == 0 ? .null : call.wrapsElement(ev.element(of: value, at: count - 1))
            }
        case .arrayFirstWhere:
            return { ev, call, _ throws(Interrupt) in
                let elements = Elements(try ev.receiver(call))
                guard let index = try call.arguments[0].offsets(&ev, elements, holding: true, limit: 1).first else { return .null }
                return call.wrapsElement(elements.value(at: index))
            }
        case .arrayLastWhere:
            return { ev, call, _ throws(Interrupt) in
                let elements = Elements(try ev.receiver(call))
                guard let index = try call.arguments[0].offsets(&ev, elements, holding: true, limit: 1, fromEnd: true).first else { return .null }
                return call.wrapsElement(elements.value(at: index))
            }
        case .arrayFilter:
            return { ev, call, _ throws(Interrupt) in
                let value = try ev.receiver(call)
                let elements = Elements(value)
                let predicate = call.arguments[0]
                return ev.subsequence(of: value, offsets: try predicate.offsets(&ev, elements, holding: true))
            }
        case .arrayMap:
            return { ev, call, _ throws(Interrupt) in
                return .array(try call.arguments[0].mapped(&ev, Elements(try ev.receiver(call))))
            }
        case .arrayCompactMap:
            return { ev, call, _ throws(Interrupt) in
                let elements = Elements(try ev.receiver(call))
                let function = call.arguments[0]
                guard case .function(_, let produced) = function.type else { preconditionFailure("compactMap without a function") }
                return .array(try PlainArrays.make(capacity: elements.count, of: produced.unwrapped) { (target, kept) throws(Interrupt) in
                    for index in 0..<elements.count {
                        let result = try function.apply(&ev, elements, index)
                        if !produced.isOptional {
                            (target + kept).initialize(to: result)
                            kept += 1
                        } else if let unwrapped = result.unwrapped() {
                            (target + kept).initialize(to: unwrapped)
                            kept += 1
                        }
                    }
                })
            }
        case .arrayMin:
            return { ev, call, range throws(Interrupt) in
                let collection = try ev.receiver(call)
                let items = ev.elements(of: collection)
                try ev.tick(items.count, range)
                let least = ScalarArray.extreme(of: items, greatest: false) ?? items.min(by: Value.less)
                return least.map(call.wrapsElement) ?? .null
            }
        case .arrayMax:
            return { ev, call, range throws(Interrupt) in
                let collection = try ev.receiver(call)
                let items = ev.elements(of: collection)
                try ev.tick(items.count, range)
                let greatest = ScalarArray.extreme(of: items, greatest: true) ?? items.max(by: Value.less)
                return greatest.map(call.wrapsElement) ?? .null
            }
        case .arraySorted:
            return { ev, call, range throws(Interrupt) in
                let collection = try ev.receiver(call)
                let items = ev.elements(of: collection)
                try ev.tick(Evaluator.sortApplications(items.count), range)
                return .array(ScalarArray(items)?.sorted() ?? items.sorted(by: Value.less))
            }
        case .arraySortedBy:
            return { ev, call, _ throws(Interrupt) in
                let value = try ev.receiver(call)
                let elements = Elements(value)
                let areInIncreasingOrder = call.arguments[0]
                // Every application is charged first, as many as `sorted()` charges comparisons:
                // what the sort costs is known before it runs.
                try ev.tick(Evaluator.sortApplications(elements.count) * areInIncreasingOrder.applicationSteps,
                            areInIncreasingOrder.range)
                // The standard library's own sort, of the elements' offsets compared as the
                // elements: the comparisons, and so the order (equal elements included), are
                // exactly those of sorting the elements. The closure's runtime errors end it.
                var interrupt: Interrupt?
                let order = (0..<elements.count).sorted { a, b in
                    guard interrupt == nil else { return false }
                    do throws(Interrupt) {
                        return try areInIncreasingOrder.applyChargedBool(&ev, elements, a, b)
                    } catch {
                        interrupt = error
                        return false
                    }
                }
                if let interrupt { throw interrupt }
                return ev.subsequence(of: value, offsets: order)
            }
        case .arrayMinBy, .arrayMaxBy:
            let isMax = id == .arrayMaxBy
            return { ev, call, _ throws(Interrupt) in
                let elements = Elements(try ev.receiver(call))
                let areInIncreasingOrder = call.arguments[0]
                // The standard library's loop: an element replaces the result only when it comes
                // before the result (min), or the result comes before it (max), so with a strict
                // order ties keep the first, exactly as Swift does.
                guard elements.count > 0 else { return .null }
                var result = 0
                for index in 1..<elements.count {
                    let replaces = isMax ? try areInIncreasingOrder.applyBool(&ev, elements, result, index)
                                         : try areInIncreasingOrder.applyBool(&ev, elements, index, result)
                    if replaces { result = index }
                }
                return call.wrapsElement(elements.value(at: result))
            }
        case .arrayReversed:
            return { ev, call, range throws(Interrupt) in
                let value = try ev.receiver(call)
                try ev.tick(value.collectionCount, range)
                return ev.reversed(value)
            }
        case .arrayReduce:
            return { ev, call, _ throws(Interrupt) in
                let elements = Elements(try ev.receiver(call))
                return try call.arguments[1].fold(&ev, try ev.argument(call, 0), elements)
            }
        case .arrayPrefix: return reversedPrefix(slice("prefix") { count, n in (0, min(n, count)) })
        case .arraySuffix: return slice("suffix") { count, n in (max(0, count - n), count) }
        case .arrayDropFirst: return slice("dropFirst") { count, n in (min(n, count), count) }
        case .arrayDropLast: return slice("dropLast") { count, n in (0, max(0, count - n)) }
        case .arrayDropFirstOne:
            return { ev, call, _ throws(Interrupt) in
                let value = try ev.receiver(call)
                return ev.slice(of: value, min(1, value.collectionCount), value.collectionCount)
            }
        case .arrayDropLastOne:
            return { ev, call, _ throws(Interrupt) in
                let value = try ev.receiver(call)
                return ev.slice(of: value, 0, max(0, value.collectionCount - 1))
            }
        case .rangeContains:
            return { ev, call, _ throws(Interrupt) in
                guard case .range(let low, let high, let closed) = try ev.receiver(call) else { preconditionFailure("range expected") }
                let x = try ev.argument(call, 0)
                let aboveLow = Evaluator.compare(.lessOrEqual, low, x)
                let belowHigh = Evaluator.compare(closed ? .lessOrEqual : .less, x, high)
                return .bool(aboveLow && belowHigh)
            }
        case .rangeLowerBound:
            return { ev, call, _ throws(Interrupt) in
                guard case .range(let low, _, _) = try ev.receiver(call) else { preconditionFailure("range expected") }
                return low
            }
        case .rangeUpperBound:
            return { ev, call, _ throws(Interrupt) in
                guard case .range(_, let high, _) = try ev.receiver(call) else { preconditionFailure("range expected") }
                return high
            }
        case .rangeIsEmpty:
            return { ev, call, _ throws(Interrupt) in
                guard case .range(let low, let high, let closed) = try ev.receiver(call) else { preconditionFailure("range expected") }
                return .bool(!closed && low == high)
            }
        case .stringLowercased:
            return { ev, call, range throws(Interrupt) in
                let text = try ev.string(call)
                try ev.tick(text.utf8.count, range)
                return .string(text.lowercased())
            }
        case .stringUppercased:
            return { ev, call, range throws(Interrupt) in
                let text = try ev.string(call)
                try ev.tick(text.utf8.count, range)
                return .string(text.uppercased())
            }
        case .abs:
            return { ev, call, range throws(Interrupt) in
                switch try ev.argument(call, 0) {
                case .int(let x): return .int(try checkedAbs(x, ev, range))
                case .double(let x): return .double(abs(x))
                default: preconditionFailure("abs of a non-number")
                }
            }
        case .min:
            return { ev, call, _ throws(Interrupt) in
                // Swift.min(x, y) returns `y < x ? y : x`, then folds the rest the same way.
                var result = try ev.argument(call, 0)
                for index in 1..<call.arguments.count {
                    let next = try ev.argument(call, index)
                    if Value.less(next, result) { result = next }
                }
                return result
            }
        case .max:
            return { ev, call, _ throws(Interrupt) in
                // Swift.max(x, y) returns `y >= x ? y : x`.
                var result = try ev.argument(call, 0)
                for index in 1..<call.arguments.count {
                    let next = try ev.argument(call, index)
                    if Evaluator.compare(.greaterOrEqual, next, result) { result = next }
                }
                return result
            }
        case .doubleFromNumber:
            return { ev, call, _ throws(Interrupt) in
                switch try ev.argument(call, 0) {
                case .int(let x): return .double(Double(x))
                case .double(let x): return .double(x)
                default: preconditionFailure("Double of a non-number")
                }
            }
        case .intFromNumber:
            return { ev, call, range throws(Interrupt) in
                switch try ev.argument(call, 0) {
                case .int(let x): return .int(x)
                case .double(let x):
                    guard let value = IntConversion.exact(x) else {
                        throw ev.failure(RuntimeMessages.invalidConversion(x), range)
                    }
                    return .int(value)
                default: preconditionFailure("Int of a non-number")
                }
            }
        case .setFromArray:
            return { ev, call, range throws(Interrupt) in
                let collection = try ev.argument(call, 0)
                let items = ev.elements(of: collection)
                try ev.tick(items.count, range)
                return .set(Set(items))
            }
        case .timeRangeMinute, .timeRangeHour, .timeRangeDay, .timeRangeWeek, .timeRangeMonth, .timeRangeYear:
            let unit = id.timeRangeUnit!.unit
            return { _, _, _ throws(Interrupt) in .timeRange(TimeRange(unit: unit, count: 1, isFunctionForm: false)) }
        case .timeRangeMinutes, .timeRangeHours, .timeRangeDays, .timeRangeWeeks, .timeRangeMonths, .timeRangeYears:
            let unit = id.timeRangeUnit!.unit
            return { ev, call, _ throws(Interrupt) in
                .timeRange(TimeRange(unit: unit, count: try ev.intArgument(call, 0), isFunctionForm: true))
            }
        }
    }

    /// `prefix(_:)`, `suffix(_:)`, `dropFirst(_:)`, `dropLast(_:)`: a negative count traps in Swift.
    private static func slice(_ name: String, _ bounds: @escaping @Sendable (Int, Int) -> (Int, Int)) -> Implementation {
        { ev, call, range throws(Interrupt) in
            let value = try ev.receiver(call)
            let n = try ev.intArgument(call, 0)
            guard n >= 0 else {
                throw ev.failure(RuntimeMessages.negativeCount(name, n), call.arguments[0].range)
            }
            let (start, end) = bounds(value.collectionCount, n)
            return ev.slice(of: value, start, end)
        }
    }

    /// `prefix(n)`, and `x.reversed().prefix(n)` without reversing all of `x`: the reversal is
    /// charged and checked as `reversed()` does (its node, then one step per element), and
    /// only the `n` elements kept are written, in reverse order.
    private static func reversedPrefix(_ prefix: @escaping Implementation) -> Implementation {
        { ev, call, range throws(Interrupt) in
            guard let reversal = call.receiver as? BuiltinNode, reversal.call.builtin.id == .arrayReversed else {
                return try prefix(&ev, call, range)
            }
            try ev.tickNode(reversal.range)
            let value = try ev.receiver(reversal.call)
            try ev.tick(value.collectionCount, reversal.call.range)
            let n = try ev.intArgument(call, 0)
            guard n >= 0 else {
                throw ev.failure(RuntimeMessages.negativeCount("prefix", n), call.arguments[0].range)
            }
            return ev.reversed(value, last: n)
        }
    }

    /// Groups by the key path's value and picks the largest or smallest group; on a tie the
    /// group whose first donation comes earliest wins.
    private static func subset(_ ev: inout Evaluator, _ call: CompiledCall, _ range: SourceRange, largest: Bool) throws(Interrupt) -> Value {
        let value = try ev.receiver(call)
        let count = value.collectionCount
        guard count > 0 else { return value }
        let key = call.first!
        let members: [Int]
        if case .donations(let list) = value, let keyPath = key as? KeyPathNode, let field = keyPath.singleField {
            // A field's column read in place, grouped by its typed values (`Int`s over a table of
            // their range where it is small); each key charged as the key path's application
            // charges it.
            try ev.tick(count, keyPath.range)
            switch list.stream.columns[field] {
            case .int(let items):
                members = denseGroup(count, within: items.writtenBounds, largest: largest) { items[list.position(at: $0)] }
                    ?? bestGroup(count, largest: largest) { items[list.position(at: $0)] }
            case .optionalInt(let items):
                members = denseGroup(count, within: items.writtenBounds, largest: largest) { items[list.position(at: $0)] }
                    ?? bestGroup(count, largest: largest) { items[list.position(at: $0)] }
            case .string(let items):
                members = bestGroup(count, largest: largest) { items[list.position(at: $0)] }
            case let column:
                members = bestGroup(count, largest: largest) { column[list.position(at: $0)] }
            }
        } else {
            var keys: [Value] = []
            keys.reserveCapacity(count)
            for offset in 0..<count { keys.append(try key.apply(&ev, ev.element(of: value, at: offset))) }
            members = bestGroup(count, largest: largest) { keys[$0] }
        }
        return ev.subsequence(of: value, offsets: members)
    }

    /// The offsets of the largest (or smallest) group of `0..<count` by their keys; on a tie the
    /// group whose first member comes first. Groups are numbered as their first members come,
    /// each offset's group noted and only the groups' sizes counted; the best group's members
    /// are then gathered by their number: no array is made for each group, and no key read
    /// twice.
    private static func bestGroup<Key: Hashable>(_ count: Int, largest: Bool, _ key: (Int) -> Key) -> [Int] {
        var groupOf: [Key: Int] = [:]
        var sizes: [Int] = []
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { groups in
            for offset in 0..<count {
                let groupKey = key(offset)
                if let group = groupOf[groupKey] {
                    sizes[group] += 1
                    groups[offset] = group
                } else {
                    groupOf[groupKey] = sizes.count
                    groups[offset] = sizes.count
                    sizes.append(1)
                }
            }
            guard !sizes.isEmpty else { return [] }
            var best = 0
            for group in sizes.indices.dropFirst() where largest ? sizes[group] > sizes[best] : sizes[group] < sizes[best] { best = group }
            var members: [Int] = []
            members.reserveCapacity(sizes[best])
            for offset in 0..<count where groups[offset] == best { members.append(offset) }
            return members
        }
    }

    /// `bestGroup` for `Int` keys (nil an `Int?` key's own group) over a table of their range
    /// (see `DenseIntKeys`); nil when the range is too wide.
    private static func denseGroup(_ count: Int, within bounds: (low: Int, high: Int)?, largest: Bool, _ key: (Int) -> Int?) -> [Int]? {
        guard let best = DenseIntKeys.bestGroup(count, within: bounds, largest: largest, key) else { return nil }
        var members = [best.first]
        members.reserveCapacity(best.size)
        for offset in best.first + 1..<count where key(offset) == best.key { members.append(offset) }
        return members
    }
}
