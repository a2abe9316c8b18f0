/// Members of `[T]` (and of `[Donation<E>]`, which is an array too).
extension Builtins {
    static let arrayMembers: [Builtin] = [
        Builtin("count", on: .array, result: .exact(.int), "the number of elements") { ev, call, _ throws(Interrupt) in
            .int(try ev.receiver(call).collectionCount)
        },
        Builtin("isEmpty", on: .array, result: .exact(.bool), "whether there are no elements") { ev, call, _ throws(Interrupt) in
            .bool(try ev.receiver(call).collectionCount == 0)
        },
        Builtin("first", on: .array, result: .optional(.element), "the first element, or nil when empty") { ev, call, _ throws(Interrupt) in
            let value = try ev.receiver(call)
            return value.collectionCount == 0 ? .null : Value.wrap(ev.element(of: value, at: 0), wrapped: ev.elementType(call))
        },
        Builtin("last", on: .array, result: .optional(.element), "the last element, or nil when empty") { ev, call, _ throws(Interrupt) in
            let value = try ev.receiver(call)
            let count = value.collectionCount
            return count == 0 ? .null : Value.wrap(ev.element(of: value, at: count - 1), wrapped: ev.elementType(call))
        },
        Builtin("contains", on: .array, labels: [nil], parameters: [.element], result: .exact(.bool), constraint: .elementEquatable,
                "whether an element equals the argument") { ev, call, range throws(Interrupt) in
            let items = ev.elements(of: try ev.receiver(call))
            let needle = try ev.argument(call, 0)
            try ev.tick(items.count, range)
            return .bool(items.contains(needle))
        },
        Builtin("contains", on: .array, labels: ["where"], parameters: [.function([.element], .exact(.bool))], result: .exact(.bool),
                "whether any element satisfies the predicate") { ev, call, _ throws(Interrupt) in
            let value = try ev.receiver(call)
            for index in 0..<value.collectionCount where try ev.test(call.arguments[0], ev.element(of: value, at: index)) {
                return .bool(true)
            }
            return .bool(false)
        },
        Builtin("allSatisfy", on: .array, labels: [nil], parameters: [.function([.element], .exact(.bool))], result: .exact(.bool),
                "whether every element satisfies the predicate") { ev, call, _ throws(Interrupt) in
            let value = try ev.receiver(call)
            for index in 0..<value.collectionCount where !(try ev.test(call.arguments[0], ev.element(of: value, at: index))) {
                return .bool(false)
            }
            return .bool(true)
        },
        Builtin("count", on: .array, labels: ["where"], parameters: [.function([.element], .exact(.bool))], result: .exact(.int),
                "the number of elements that satisfy the predicate") { ev, call, _ throws(Interrupt) in
            let value = try ev.receiver(call)
            var count = 0
            for index in 0..<value.collectionCount where try ev.test(call.arguments[0], ev.element(of: value, at: index)) {
                count += 1
            }
            return .int(count)
        },
        Builtin("first", on: .array, labels: ["where"], parameters: [.function([.element], .exact(.bool))], result: .optional(.element),
                "the first element that satisfies the predicate, or nil") { ev, call, _ throws(Interrupt) in
            let value = try ev.receiver(call)
            for index in 0..<value.collectionCount {
                let element = ev.element(of: value, at: index)
                if try ev.test(call.arguments[0], element) { return Value.wrap(element, wrapped: ev.elementType(call)) }
            }
            return .null
        },
        Builtin("last", on: .array, labels: ["where"], parameters: [.function([.element], .exact(.bool))], result: .optional(.element),
                "the last element that satisfies the predicate, or nil") { ev, call, _ throws(Interrupt) in
            let value = try ev.receiver(call)
            for index in (0..<value.collectionCount).reversed() {
                let element = ev.element(of: value, at: index)
                if try ev.test(call.arguments[0], element) { return Value.wrap(element, wrapped: ev.elementType(call)) }
            }
            return .null
        },
        Builtin("filter", on: .array, labels: [nil], parameters: [.function([.element], .exact(.bool))], result: .array(.element),
                "the elements that satisfy the predicate, in order") { ev, call, _ throws(Interrupt) in
            let value = try ev.receiver(call)
            var kept: [Int] = []
            for index in 0..<value.collectionCount where try ev.test(call.arguments[0], ev.element(of: value, at: index)) {
                kept.append(index)
            }
            return ev.subsequence(of: value, offsets: kept)
        },
        Builtin("map", on: .array, labels: [nil], parameters: [.function([.element], .generic)], result: .array(.generic),
                "the results of applying a closure or key path to each element") { ev, call, _ throws(Interrupt) in
            let value = try ev.receiver(call)
            var results: [Value] = []
            results.reserveCapacity(value.collectionCount)
            for index in 0..<value.collectionCount {
                results.append(try ev.apply(call.arguments[0], ev.element(of: value, at: index)))
            }
            return .array(results)
        },
        Builtin("compactMap", on: .array, labels: [nil], parameters: [.function([.element], .optional(.generic))], result: .array(.generic),
                "the non-nil results of applying a closure or key path to each element") { ev, call, _ throws(Interrupt) in
            let value = try ev.receiver(call)
            let function = call.arguments[0]
            guard case .function(_, let produced) = function.type else { preconditionFailure("compactMap without a function") }
            var results: [Value] = []
            for index in 0..<value.collectionCount {
                let result = try ev.apply(function, ev.element(of: value, at: index))
                if !produced.isOptional {
                    results.append(result)
                } else if let unwrapped = result.unwrap(wrapped: produced.unwrapped) {
                    results.append(unwrapped)
                }
            }
            return .array(results)
        },
        Builtin("min", on: .array, labels: [], result: .optional(.element), constraint: .elementComparable,
                "the smallest element, or nil when empty") { ev, call, range throws(Interrupt) in
            let items = ev.elements(of: try ev.receiver(call))
            try ev.tick(items.count, range)
            return items.min(by: Value.less).map { Value.wrap($0, wrapped: ev.elementType(call)) } ?? .null
        },
        Builtin("max", on: .array, labels: [], result: .optional(.element), constraint: .elementComparable,
                "the largest element, or nil when empty") { ev, call, range throws(Interrupt) in
            let items = ev.elements(of: try ev.receiver(call))
            try ev.tick(items.count, range)
            return items.max(by: Value.less).map { Value.wrap($0, wrapped: ev.elementType(call)) } ?? .null
        },
        Builtin("sorted", on: .array, labels: [], result: .array(.element), constraint: .elementComparable,
                "the elements in ascending order") { ev, call, range throws(Interrupt) in
            let items = ev.elements(of: try ev.receiver(call))
            try ev.tick(items.count * max(1, Int.bitWidth - items.count.leadingZeroBitCount), range)
            return .array(items.sorted(by: Value.less))
        },
        Builtin("reversed", on: .array, labels: [], result: .array(.element), "the elements in reverse order, indexed from 0") { ev, call, range throws(Interrupt) in
            let value = try ev.receiver(call)
            try ev.tick(value.collectionCount, range)
            return ev.subsequence(of: value, offsets: Array((0..<value.collectionCount).reversed()))
        },
        Builtin("reduce", on: .array, labels: [nil, nil], parameters: [.generic, .function([.generic, .element], .generic)], result: .generic,
                "combines the elements, starting from the initial value") { ev, call, _ throws(Interrupt) in
            let value = try ev.receiver(call)
            var accumulator = try ev.argument(call, 0)
            for index in 0..<value.collectionCount {
                accumulator = try ev.apply(call.arguments[1], accumulator, ev.element(of: value, at: index))
            }
            return accumulator
        },
        sliceBuiltin("prefix", "the first n elements") { count, n in (0, min(n, count)) },
        sliceBuiltin("suffix", "the last n elements") { count, n in (max(0, count - n), count) },
        sliceBuiltin("dropFirst", "all but the first n elements") { count, n in (min(n, count), count) },
        sliceBuiltin("dropLast", "all but the last n elements") { count, n in (0, max(0, count - n)) },
        Builtin("dropFirst", on: .array, labels: [], result: .array(.element), "all but the first element") { ev, call, _ throws(Interrupt) in
            let value = try ev.receiver(call)
            return ev.slice(of: value, min(1, value.collectionCount), value.collectionCount)
        },
        Builtin("dropLast", on: .array, labels: [], result: .array(.element), "all but the last element") { ev, call, _ throws(Interrupt) in
            let value = try ev.receiver(call)
            return ev.slice(of: value, 0, max(0, value.collectionCount - 1))
        },
    ]

    /// `prefix(_:)`, `suffix(_:)`, `dropFirst(_:)`, `dropLast(_:)`: a negative count traps in Swift.
    private static func sliceBuiltin(_ name: String, _ summary: String, _ bounds: @escaping @Sendable (Int, Int) -> (Int, Int)) -> Builtin {
        Builtin(name, on: .array, labels: [nil], parameters: [.exact(.int)], result: .array(.element), summary) { ev, call, range throws(Interrupt) in
            let value = try ev.receiver(call)
            let n = try ev.intArgument(call, 0)
            guard n >= 0 else {
                throw ev.failure(.negativeCount, "'\(name)' needs a count of zero or more, not \(n)", call.arguments[0].range)
            }
            let (start, end) = bounds(value.collectionCount, n)
            return ev.slice(of: value, start, end)
        }
    }

    /// Members of `Set<T>`.
    static let setMembers: [Builtin] = [
        Builtin("count", on: .set, result: .exact(.int), "the number of elements") { ev, call, _ throws(Interrupt) in
            .int(try ev.receiver(call).collectionCount)
        },
        Builtin("isEmpty", on: .set, result: .exact(.bool), "whether there are no elements") { ev, call, _ throws(Interrupt) in
            .bool(try ev.receiver(call).collectionCount == 0)
        },
        Builtin("contains", on: .set, labels: [nil], parameters: [.element], result: .exact(.bool), "whether the set holds the argument") { ev, call, _ throws(Interrupt) in
            guard case .set(let items) = try ev.receiver(call) else { preconditionFailure("set expected") }
            return .bool(items.contains(try ev.argument(call, 0)))
        },
    ]

    /// Members of ranges (`a...b`, `a..<b`).
    static let rangeMembers: [Builtin] = [
        Builtin("contains", on: .range, labels: [nil], parameters: [.element], result: .exact(.bool), "whether the range holds the argument") { ev, call, _ throws(Interrupt) in
            guard case .range(let low, let high, let closed) = try ev.receiver(call) else { preconditionFailure("range expected") }
            let x = try ev.argument(call, 0)
            let aboveLow = Evaluator.compare(.lessOrEqual, low, x)
            let belowHigh = Evaluator.compare(closed ? .lessOrEqual : .less, x, high)
            return .bool(aboveLow && belowHigh)
        },
        Builtin("lowerBound", on: .range, result: .element, "the lower bound") { ev, call, _ throws(Interrupt) in
            guard case .range(let low, _, _) = try ev.receiver(call) else { preconditionFailure("range expected") }
            return low
        },
        Builtin("upperBound", on: .range, result: .element, "the upper bound") { ev, call, _ throws(Interrupt) in
            guard case .range(_, let high, _) = try ev.receiver(call) else { preconditionFailure("range expected") }
            return high
        },
        Builtin("isEmpty", on: .range, result: .exact(.bool), "whether the range holds no values") { ev, call, _ throws(Interrupt) in
            guard case .range(let low, let high, let closed) = try ev.receiver(call) else { preconditionFailure("range expected") }
            return .bool(!closed && low == high)
        },
    ]
}
