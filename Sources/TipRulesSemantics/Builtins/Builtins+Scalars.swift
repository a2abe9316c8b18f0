import TipRulesSyntax

/// Members of `String`, `Double` and `Date`, static members, and free functions.
///
/// String members follow the Swift standard library (not Foundation): they compare whole
/// characters, so `"e\u{301}".contains("e")` is false and `"".contains("")` is true.
extension Builtins {
    static let stringMembers: [Builtin] = [
        Builtin(.stringCount, "count", on: .string, result: .exact(.int), "the number of characters (grapheme clusters)"),
        Builtin(.stringIsEmpty, "isEmpty", on: .string, result: .exact(.bool), "whether the string is empty"),
        Builtin(.stringContains, "contains", on: .string, labels: [nil], parameters: [.exact(.string)], result: .exact(.bool),
                "whether the characters of the argument occur in order"),
        Builtin(.stringHasPrefix, "hasPrefix", on: .string, labels: [nil], parameters: [.exact(.string)], result: .exact(.bool),
                "whether the string starts with the argument's characters"),
        Builtin(.stringStartsWith, "starts", on: .string, labels: ["with"], parameters: [.exact(.string)], result: .exact(.bool),
                "whether the string starts with the argument's characters"),
        Builtin(.stringHasSuffix, "hasSuffix", on: .string, labels: [nil], parameters: [.exact(.string)], result: .exact(.bool),
                "whether the string ends with the argument's characters"),
        Builtin(.stringLowercased, "lowercased", on: .string, labels: [], result: .exact(.string), "the string in lower case"),
        Builtin(.stringUppercased, "uppercased", on: .string, labels: [], result: .exact(.string), "the string in upper case"),
    ]

    static let numberMembers: [Builtin] = [
        Builtin(.doubleRounded, "rounded", on: .double, labels: [], result: .exact(.double), "rounded to the nearest integer, halves away from zero"),
        Builtin(.doubleIsNaN, "isNaN", on: .double, result: .exact(.bool), "whether the value is NaN"),
        Builtin(.doubleIsInfinite, "isInfinite", on: .double, result: .exact(.bool), "whether the value is infinite"),
        Builtin(.doubleIsFinite, "isFinite", on: .double, result: .exact(.bool), "whether the value is neither infinite nor NaN"),
        Builtin(.dateTimeIntervalSince, "timeIntervalSince", on: .date, labels: [nil], parameters: [.exact(.date)], result: .exact(.double),
                "seconds from the argument to this date"),
        Builtin(.dateAddingTimeInterval, "addingTimeInterval", on: .date, labels: [nil], parameters: [.exact(.double)], result: .exact(.date),
                "this date moved by a number of seconds"),
    ]

    static let staticMembers: [Builtin] = [
        Builtin(.dateNow, "now", on: .staticMember(.date), result: .exact(.date), "the evaluation clock"),
        Builtin(.dateDistantPast, "distantPast", on: .staticMember(.date), result: .exact(.date), "0001-01-01T00:00:00Z, Foundation's earliest date"),
        Builtin(.dateDistantFuture, "distantFuture", on: .staticMember(.date), result: .exact(.date), "4001-01-01T00:00:00Z, Foundation's latest date"),
        Builtin(.intMax, "max", on: .staticMember(.int), result: .exact(.int), "the largest Int"),
        Builtin(.intMin, "min", on: .staticMember(.int), result: .exact(.int), "the smallest Int"),
        Builtin(.doubleInfinity, "infinity", on: .staticMember(.double), result: .exact(.double), "positive infinity"),
        Builtin(.doubleNan, "nan", on: .staticMember(.double), result: .exact(.double), "a quiet NaN"),
        // `AdditiveArithmetic`'s zero: `reduce(.zero, +)`.
        Builtin(.intZero, "zero", on: .staticMember(.int), result: .exact(.int), "0"),
        Builtin(.doubleZero, "zero", on: .staticMember(.double), result: .exact(.double), "0.0"),
    ] + TimeRange.Unit.allCases.flatMap { unit in
        [
            Builtin(.timeRange(unit, plural: false), unit.rawValue, on: .staticMember(.timeRange), result: .exact(.timeRange), "one \(unit.rawValue)"),
            Builtin(.timeRange(unit, plural: true), unit.rawValue + "s", on: .staticMember(.timeRange), labels: [nil], parameters: [.exact(.int)],
                    result: .exact(.timeRange), "a number of \(unit.rawValue)s"),
        ]
    }

    static let globalFunctions: [Builtin] = [
        Builtin(.abs, "abs", on: .global, labels: [nil], parameters: [.generic], result: .generic, constraint: .genericNumeric,
                "the absolute value"),
        Builtin(.min, "min", on: .global, labels: [nil, nil], parameters: [.generic, .generic], result: .generic, constraint: .genericComparable,
                variadic: true, "the smallest argument"),
        Builtin(.max, "max", on: .global, labels: [nil, nil], parameters: [.generic, .generic], result: .generic, constraint: .genericComparable,
                variadic: true, "the largest argument"),
        Builtin(.doubleFromNumber, "Double", on: .global, labels: [nil], parameters: [.generic], result: .exact(.double), constraint: .genericNumeric,
                "the number as a Double"),
        Builtin(.intFromNumber, "Int", on: .global, labels: [nil], parameters: [.generic], result: .exact(.int), constraint: .genericNumeric,
                "the number as an Int, truncated toward zero"),
        Builtin(.setFromArray, "Set", on: .global, labels: [nil], parameters: [.array(.generic)], result: .set(.generic), constraint: .genericHashable,
                "the distinct elements of an array"),
    ]
}

/// `Int(d)` as Swift does it: truncate toward zero, trap when not finite or out of range.
package enum IntConversion {
    @inlinable @inline(__always)
    package static func exact(_ value: Double) -> Int? {
        // Exactly the doubles in [-2^63, 2^63) truncate to an `Int` (none lies between -2^63 - 1
        // and -2^63); NaN fails both comparisons. `Int(_:)` truncates toward zero.
        guard value >= -9_223_372_036_854_775_808.0, value < 9_223_372_036_854_775_808.0 else { return nil }
        return Int(value)
    }
}
