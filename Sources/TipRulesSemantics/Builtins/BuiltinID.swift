import TipRulesSyntax

/// The name of every built-in, from the checker through the optimizer to the evaluator.
///
/// The signature table (`Builtins.all`) gives each its signature; the runtime switches over
/// these cases for the implementations, exhaustively, so a built-in without an implementation
/// does not compile. The raw value indexes tables.
package enum BuiltinID: Int, Sendable, Hashable, CaseIterable {
    case eventDonations, donationDate, donationsDonatedWithin, donationsLargestSubset, donationsSmallestSubset
    case arrayCount, arrayIsEmpty, arrayFirst, arrayLast, arrayContains
    case arrayContainsWhere, arrayAllSatisfy, arrayCountWhere, arrayFirstWhere, arrayLastWhere
    case arrayFilter, arrayMap, arrayCompactMap, arrayMin, arrayMax
    case arraySorted, arrayReversed, arrayReduce, arrayPrefix, arraySuffix
    case arrayDropFirst, arrayDropLast, arrayDropFirstOne, arrayDropLastOne, setCount
    case setIsEmpty, setContains, rangeContains, rangeLowerBound, rangeUpperBound
    case rangeIsEmpty, stringCount, stringIsEmpty, stringContains, stringHasPrefix
    case stringStartsWith, stringHasSuffix, stringLowercased, stringUppercased, doubleRounded
    case doubleIsNaN, doubleIsInfinite, doubleIsFinite, dateTimeIntervalSince, dateAddingTimeInterval
    case dateNow, dateDistantPast, dateDistantFuture, intMax, intMin, intZero, doubleInfinity, doubleNan, doubleZero
    case timeRangeMinute, timeRangeMinutes, timeRangeHour, timeRangeHours, timeRangeDay
    case timeRangeDays, timeRangeWeek, timeRangeWeeks, timeRangeMonth, timeRangeMonths
    case timeRangeYear, timeRangeYears, abs, min, max
    case doubleFromNumber, intFromNumber, setFromArray
    case arraySortedBy, arrayMinBy, arrayMaxBy

    /// The value of a static member that is a constant (`Int.max`, `Date.distantPast`), which a
    /// parameter's default may be; nil for every other built-in (`Date.now` is the clock). The
    /// evaluator gives these same values.
    package var constantValue: Constant? {
        switch self {
        // Foundation's values, in seconds since 2001.
        case .dateDistantPast: return .date(-63_114_076_800)
        case .dateDistantFuture: return .date(63_113_904_000)
        case .intMax: return .int(.max)
        case .intMin: return .int(.min)
        case .intZero: return .int(0)
        case .doubleZero: return .double(0)
        case .doubleInfinity: return .double(.infinity)
        case .doubleNan: return .double(.nan)
        default: return nil
        }
    }

    /// `.minute` / `.minutes(n)` and the other time-range units.
    static func timeRange(_ unit: TimeRange.Unit, plural: Bool) -> BuiltinID {
        switch (unit, plural) {
        case (.minute, false): return .timeRangeMinute
        case (.minute, true): return .timeRangeMinutes
        case (.hour, false): return .timeRangeHour
        case (.hour, true): return .timeRangeHours
        case (.day, false): return .timeRangeDay
        case (.day, true): return .timeRangeDays
        case (.week, false): return .timeRangeWeek
        case (.week, true): return .timeRangeWeeks
        case (.month, false): return .timeRangeMonth
        case (.month, true): return .timeRangeMonths
        case (.year, false): return .timeRangeYear
        case (.year, true): return .timeRangeYears
        }
    }

    /// The unit of a time-range built-in, and whether it takes a count.
    package var timeRangeUnit: (unit: TimeRange.Unit, plural: Bool)? {
        switch self {
        case .timeRangeMinute: return (.minute, false)
        case .timeRangeMinutes: return (.minute, true)
        case .timeRangeHour: return (.hour, false)
        case .timeRangeHours: return (.hour, true)
        case .timeRangeDay: return (.day, false)
        case .timeRangeDays: return (.day, true)
        case .timeRangeWeek: return (.week, false)
        case .timeRangeWeeks: return (.week, true)
        case .timeRangeMonth: return (.month, false)
        case .timeRangeMonths: return (.month, true)
        case .timeRangeYear: return (.year, false)
        case .timeRangeYears: return (.year, true)
        default: return nil
        }
    }
}
