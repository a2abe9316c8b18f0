import Foundation
import TipRulesRuntime
import TipRulesSyntax

/// The forms `--now`, `--time-zone` and the REPL's `:now` accept for the evaluation's clock.
enum ClockText {
    /// What `--now` accepts, for error messages.
    static let nowForms = "an ISO 8601 date and time ('2026-11-30T09:00:00Z'), a date alone ('2026-11-30', midnight in the time zone) or Unix seconds ('@1764504000')"

    /// A date from `--now`, as seconds since the reference date: a full ISO 8601 date and time
    /// (a missing offset is UTC), a date alone (midnight in `timeZone`), or `@` and Unix seconds.
    static func date(_ text: String, timeZone: TimeZone) -> Result<Double, UsageProblem> {
        if text.hasPrefix("@") {
            guard let seconds = Double(text.dropFirst()), seconds.isFinite, text.count > 1,
                  text.dropFirst().allSatisfy({ $0.isASCII && ($0.isNumber || "+-.".contains($0)) }) else {
                return .failure(UsageProblem(description: "'\(text)' is not a number of Unix seconds, as in '@1764504000'"))
            }
            return .success(seconds - Date.timeIntervalBetween1970AndReferenceDate)
        }
        if let day = calendarDay(text) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            guard let midnight = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day)),
                  calendar.component(.day, from: midnight) == day.day else {
                return .failure(UsageProblem(description: "'\(text)' is not a day of the calendar"))
            }
            return .success(midnight.timeIntervalSinceReferenceDate)
        }
        // Text that is not even shaped like a date gets the list of forms; a near miss gets the
        // ISO 8601 reader's precise reason.
        guard text.first.map({ $0.isASCII && $0.isNumber }) == true else {
            return .failure(UsageProblem(description: "'\(text)' is not a date; give \(nowForms)"))
        }
        switch ISO8601.parse(text) {
        case .success(let seconds): return .success(seconds)
        case .failure(let error): return .failure(UsageProblem(description: "\(error)"))
        }
    }

    /// `YYYY-MM-DD`, exactly.
    private static func calendarDay(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        return (year, month, day)
    }

    /// A time zone from `--time-zone`: an identifier (`Europe/Paris`, `UTC`) or a fixed offset
    /// from UTC (`+02:00`, `-0530`, `+2`).
    static func timeZone(_ text: String) -> Result<TimeZone, UsageProblem> {
        if let offset = fixedOffset(text) {
            guard abs(offset) <= 18 * 3600, let zone = TimeZone(secondsFromGMT: offset) else {
                return .failure(UsageProblem(description: "time zone offset '\(text)' is more than 18 hours from UTC"))
            }
            return .success(zone)
        }
        if let zone = TimeZone(identifier: text) { return .success(zone) }
        var message = "unknown time zone '\(text)'; use an identifier such as 'Europe/Paris' or 'UTC', or an offset such as '+02:00'"
        if let suggestion = Suggestions.closest(to: text, in: TimeZone.knownTimeZoneIdentifiers) {
            message += " (did you mean '\(suggestion)'?)"
        }
        return .failure(UsageProblem(description: message))
    }

    /// Seconds east of UTC for `+HH:MM`, `+HHMM` or `+H`/`+HH` (and `-`), or nil.
    private static func fixedOffset(_ text: String) -> Int? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let body = text.dropFirst()
        let digits = body.filter { $0 != ":" }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), body.filter({ $0 == ":" }).count <= 1 else { return nil }
        let hours: Int, minutes: Int
        if let colon = body.firstIndex(of: ":") {
            let h = body[..<colon], m = body[body.index(after: colon)...]
            guard (1...2).contains(h.count), m.count == 2 else { return nil }
            hours = Int(h)!; minutes = Int(m)!
        } else if digits.count <= 2 {
            hours = Int(digits)!; minutes = 0
        } else if digits.count == 4 {
            hours = Int(digits.prefix(2))!; minutes = Int(digits.suffix(2))!
        } else {
            return nil
        }
        guard minutes < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}
