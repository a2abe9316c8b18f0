import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// Gregorian calendar steps back from the evaluation clock (`donatedWithin`, `maxAge`).
///
/// Minutes and hours are fixed lengths. Days and weeks keep the wall-clock time in the time
/// zone; months and years also clamp the day to the target month (a month back from 31 March
/// is the last day of February). In a zone with a fixed UTC offset (UTC, the default, or
/// `GMT±hh:mm`) this is plain civil-date arithmetic, done here exactly and without Foundation.
/// Elsewhere Foundation's calendar converts wall times, but the month arithmetic itself stays
/// here: swift-foundation's `date(byAdding: .month, ...)` misplaces the day when the step
/// crosses leap years (100 months back from 2042-06-30 gives 2034-03-01, not 2034-02-28).
///
/// Before 1583 Foundation's Gregorian calendar is Julian; such cutoffs are left to it.
package enum CalendarSteps {
    /// Seconds between 1970-01-01 and 2001-01-01.
    private static let unixOffset: Double = 978_307_200
    private static let firstGregorianDay = ISO8601.daysFromCivil(1583, 1, 1)

    /// The fixed offset of a zone that never changes it, or nil.
    package static func fixedOffset(of zone: TimeZone) -> Int? {
        let id = zone.identifier
        guard id == "UTC" || id == "GMT" || id.hasPrefix("GMT+") || id.hasPrefix("GMT-") else { return nil }
        return zone.secondsFromGMT()
    }

    /// The longest span a step may cover, about 316,000 years; beyond it the arithmetic below
    /// (and Foundation's) would overflow.
    static let maximumSpan: Double = 1e13

    /// An upper bound on a unit's length in seconds, for the span check.
    private static func longestSeconds(_ unit: TimeRange.Unit) -> Double {
        switch unit {
        case .minute: return 60
        case .hour: return 3600
        case .day: return 86_400
        case .week: return 604_800
        case .month: return 2_678_400
        case .year: return 31_622_400
        }
    }

    /// `now` moved back by `count` (zero or more) units, or nil when the step leaves the
    /// calendar's range.
    package static func back(from now: Double, _ unit: TimeRange.Unit, _ count: Int, calendar: Calendar, fixedOffset: Int?) -> Double? {
        back(from: now, unit, count, fixedOffset: fixedOffset) { calendar }
    }

    /// The same, the calendar asked for only where a step needs it (a zone whose offset
    /// changes): an evaluation reads the calendar of a class it shares, and a copy of it, read
    /// at every window, would be retained and released each time.
    @inline(__always)
    package static func back(from now: Double, _ unit: TimeRange.Unit, _ count: Int, fixedOffset: Int?,
                             calendar: () -> Calendar) -> Double? {
        guard Double(count) * longestSeconds(unit) <= maximumSpan else { return nil }
        if count == 0 { return now }
        switch unit {
        case .minute: return now - Double(count) * 60
        case .hour: return now - Double(count) * 3600
        case .day, .week:
            let days = unit == .week ? count * 7 : count
            if let offset = fixedOffset {
                let today = civilDay(now, offset)
                guard today - days >= firstGregorianDay else { return nil }
                return now - Double(days) * 86_400
            }
            return calendar().date(byAdding: .day, value: -days, to: Date(timeIntervalSinceReferenceDate: now))?.timeIntervalSinceReferenceDate
        case .month, .year:
            let months = unit == .year ? count * 12 : count
            if let offset = fixedOffset {
                let today = civilDay(now, offset)
                let (year, month, day) = ISO8601.civilFromDays(today)
                let (targetYear, targetMonth) = monthsBack(year, month, months)
                let target = ISO8601.daysFromCivil(targetYear, targetMonth, min(day, ISO8601.daysInMonth(targetYear, targetMonth)))
                guard target >= firstGregorianDay else { return nil }
                return now - Double(today - target) * 86_400
            }
            return zonedMonthsBack(now, months, calendar())
        }
    }

    /// The civil day number (days since 1970-01-01) of an instant at a fixed offset.
    private static func civilDay(_ now: Double, _ offset: Int) -> Int {
        Int(((now + unixOffset + Double(offset)) / 86_400).rounded(.down))
    }

    private static func monthsBack(_ year: Int, _ month: Int, _ months: Int) -> (Int, Int) {
        let index = year * 12 + (month - 1) - months
        let targetYear = index >= 0 ? index / 12 : (index - 11) / 12
        return (targetYear, index - targetYear * 12 + 1)
    }

    /// Months back in a zone with daylight saving: the target wall time comes from civil
    /// arithmetic, Foundation turns it into an instant.
    private static func zonedMonthsBack(_ now: Double, _ months: Int, _ calendar: Calendar) -> Double? {
        let whole = now.rounded(.down)
        let fraction = now - whole
        let start = Date(timeIntervalSinceReferenceDate: whole)
        var parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: start)
        guard let year = parts.year, let month = parts.month, let day = parts.day, year >= 1583 else {
            return calendar.date(byAdding: .month, value: -months, to: Date(timeIntervalSinceReferenceDate: now))?.timeIntervalSinceReferenceDate
        }
        let (targetYear, targetMonth) = monthsBack(year, month, months)
        guard targetYear >= 1583 else { return nil }
        parts.year = targetYear
        parts.month = targetMonth
        parts.day = min(day, ISO8601.daysInMonth(targetYear, targetMonth))
        guard let wall = calendar.date(from: parts) else { return nil }
        return laterOccurrence(of: wall, in: calendar.timeZone).timeIntervalSinceReferenceDate + fraction
    }

    /// A wall time that a clock shows twice (the hour repeated when daylight saving time ends)
    /// names two instants. `Calendar.date(from:)` gives the earlier; Foundation's own
    /// `date(byAdding:)` gives the later, and so does TipRules, so a window is never an hour
    /// longer than the one Swift's calendar arithmetic gives.
    private static func laterOccurrence(of instant: Date, in zone: TimeZone) -> Date {
        guard let transition = zone.nextDaylightSavingTimeTransition(after: instant) else { return instant }
        let before = zone.secondsFromGMT(for: instant)
        let after = zone.secondsFromGMT(for: transition)
        // Only a transition that turns clocks back repeats wall times, and only those within
        // the step back of it.
        let stepBack = Double(before - after)
        guard stepBack > 0, transition.timeIntervalSince(instant) <= stepBack else { return instant }
        return instant.addingTimeInterval(stepBack)
    }
}
