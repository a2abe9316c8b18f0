import TipRulesSyntax

/// Members of `[T]` (and of `[Donation<E>]`, which is an array too).
extension Builtins {
    static let arrayMembers: [Builtin] = [
        Builtin(.arrayCount, "count", on: .array, result: .exact(.int), "the number of elements"),
        Builtin(.arrayIsEmpty, "isEmpty", on: .array, result: .exact(.bool), "whether there are no elements"),
        Builtin(.arrayFirst, "first", on: .array, result: .optional(.element), "the first element, or nil when empty"),
        Builtin(.arrayLast, "last", on: .array, result: .optional(.element), "the last element, or nil when empty"),
        Builtin(.arrayContains, "contains", on: .array, labels: [nil], parameters: [.element], result: .exact(.bool), constraint: .elementEquatable,
                "whether an element equals the argument"),
        Builtin(.arrayContainsWhere, "contains", on: .array, labels: ["where"], parameters: [.function([.element], .exact(.bool))], result: .exact(.bool),
                "whether any element satisfies the predicate"),
        Builtin(.arrayAllSatisfy, "allSatisfy", on: .array, labels: [nil], parameters: [.function([.element], .exact(.bool))], result: .exact(.bool),
                "whether every element satisfies the predicate"),
        Builtin(.arrayCountWhere, "count", on: .array, labels: ["where"], parameters: [.function([.element], .exact(.bool))], result: .exact(.int),
                "the number of elements that satisfy the predicate"),
        Builtin(.arrayFirstWhere, "first", on: .array, labels: ["where"], parameters: [.function([.element], .exact(.bool))], result: .optional(.element),
                "the first element that satisfies the predicate, or nil"),
        Builtin(.arrayLastWhere, "last", on: .array, labels: ["where"], parameters: [.function([.element], .exact(.bool))], result: .optional(.element),
                "the last element that satisfies the predicate, or nil"),
        Builtin(.arrayFilter, "filter", on: .array, labels: [nil], parameters: [.function([.element], .exact(.bool))], result: .array(.element),
                "the elements that satisfy the predicate, in order"),
        Builtin(.arrayMap, "map", on: .array, labels: [nil], parameters: [.function([.element], .generic)], result: .array(.generic),
                "the results of applying a closure or key path to each element"),
        Builtin(.arrayCompactMap, "compactMap", on: .array, labels: [nil], parameters: [.function([.element], .optional(.generic))], result: .array(.generic),
                "the non-nil results of applying a closure or key path to each element"),
        Builtin(.arrayMin, "min", on: .array, labels: [], result: .optional(.element), constraint: .elementComparable,
                "the smallest element, or nil when empty"),
        Builtin(.arrayMax, "max", on: .array, labels: [], result: .optional(.element), constraint: .elementComparable,
                "the largest element, or nil when empty"),
        Builtin(.arrayMinBy, "min", on: .array, labels: ["by"], parameters: [.function([.element, .element], .exact(.bool))],
                result: .optional(.element), "the first element no other comes before, by a closure that says whether one comes before another; nil when empty"),
        Builtin(.arrayMaxBy, "max", on: .array, labels: ["by"], parameters: [.function([.element, .element], .exact(.bool))],
                result: .optional(.element), "the last element no other comes after, by a closure that says whether one comes before another; nil when empty"),
        Builtin(.arraySorted, "sorted", on: .array, labels: [], result: .array(.element), constraint: .elementComparable,
                "the elements in ascending order"),
        Builtin(.arraySortedBy, "sorted", on: .array, labels: ["by"], parameters: [.function([.element, .element], .exact(.bool))],
                result: .array(.element), "the elements in the order a closure that says whether one comes before another gives"),
        Builtin(.arrayReversed, "reversed", on: .array, labels: [], result: .array(.element), "the elements in reverse order, indexed from 0"),
        Builtin(.arrayReduce, "reduce", on: .array, labels: [nil, nil], parameters: [.generic, .function([.generic, .element], .generic)], result: .generic,
                "combines the elements, starting from the initial value"),
        Builtin(.arrayPrefix, "prefix", on: .array, labels: [nil], parameters: [.exact(.int)], result: .array(.element), "the first n elements"),
        Builtin(.arraySuffix, "suffix", on: .array, labels: [nil], parameters: [.exact(.int)], result: .array(.element), "the last n elements"),
        Builtin(.arrayDropFirst, "dropFirst", on: .array, labels: [nil], parameters: [.exact(.int)], result: .array(.element),
                "all but the first n elements"),
        Builtin(.arrayDropLast, "dropLast", on: .array, labels: [nil], parameters: [.exact(.int)], result: .array(.element),
                "all but the last n elements"),
        Builtin(.arrayDropFirstOne, "dropFirst", on: .array, labels: [], result: .array(.element), "all but the first element"),
        Builtin(.arrayDropLastOne, "dropLast", on: .array, labels: [], result: .array(.element), "all but the last element"),
    ]

    /// Members of `Set<T>`.
    static let setMembers: [Builtin] = [
        Builtin(.setCount, "count", on: .set, result: .exact(.int), "the number of elements"),
        Builtin(.setIsEmpty, "isEmpty", on: .set, result: .exact(.bool), "whether there are no elements"),
        Builtin(.setContains, "contains", on: .set, labels: [nil], parameters: [.element], result: .exact(.bool), "whether the set holds the argument"),
    ]

    /// Members of ranges (`a...b`, `a..<b`).
    static let rangeMembers: [Builtin] = [
        Builtin(.rangeContains, "contains", on: .range, labels: [nil], parameters: [.element], result: .exact(.bool), "whether the range holds the argument"),
        Builtin(.rangeLowerBound, "lowerBound", on: .range, result: .element, "the lower bound"),
        Builtin(.rangeUpperBound, "upperBound", on: .range, result: .element, "the upper bound"),
        Builtin(.rangeIsEmpty, "isEmpty", on: .range, result: .exact(.bool), "whether the range holds no values"),
    ]
}
