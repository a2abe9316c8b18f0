import TipRulesSemantics
import TipRulesSyntax

/// ISO 8601 timestamps, parsed and printed without Foundation's formatters so both are exact,
/// fast and identical on every platform.
///
/// Accepted: `YYYY-MM-DDTHH:MM[:SS[.fraction]][Z|±HH:MM|±HHMM]`. A timestamp without an offset
/// is UTC. Values are seconds since 2001-01-01T00:00:00Z, as Foundation's `Date` stores them.
package enum ISO8601 {
    /// Seconds between 1970-01-01 and 2001-01-01.
    static let unixToReference: Double = 978_307_200

    /// Parses a timestamp, or returns a reason it is not one.
    package static func parse(_ text: String) -> Result<Double, ISO8601Error> {
        let bytes = Array(text.utf8)
        return parse(bytes, 0..<bytes.count)
    }

    /// Parses the timestamp spelled by some bytes of a buffer (a log line's, say), without
    /// making a string unless it is rejected.
    package static func parse(_ bytes: [UInt8], _ range: Range<Int>) -> Result<Double, ISO8601Error> {
        bytes.withUnsafeBufferPointer { parse($0, range) }
    }

    /// Parses the timestamp spelled by some bytes of a buffer.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Result<Double, ISO8601Error> {
        // A cursor of its own rather than local functions over a captured index: a captured
        // variable is boxed and every access to it checked at run time, on the log loader's path.
        var cursor = Cursor(bytes: bytes, index: range.lowerBound, end: range.upperBound)
        var text: String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        var shape: ISO8601Error { .malformed(text) }
        guard let year = cursor.number(4), cursor.expect(UInt8(ascii: "-")), let month = cursor.number(2), cursor.expect(UInt8(ascii: "-")),
              let day = cursor.number(2) else { return .failure(shape) }
        guard cursor.expect(UInt8(ascii: "T")) || cursor.expect(UInt8(ascii: "t")) else { return .failure(shape) }
        guard let hour = cursor.number(2), cursor.expect(UInt8(ascii: ":")), let minute = cursor.number(2) else { return .failure(shape) }
        var second = 0
        var fraction = 0.0
        if cursor.expect(UInt8(ascii: ":")) {
            guard let s = cursor.number(2) else { return .failure(shape) }
            second = s
            if cursor.expect(UInt8(ascii: ".")) || cursor.expect(UInt8(ascii: ",")) {
                guard let value = cursor.fraction() else { return .failure(shape) }
                fraction = value
            }
        }
        var offsetSeconds = 0
        if cursor.expect(UInt8(ascii: "Z")) || cursor.expect(UInt8(ascii: "z")) {
            // UTC
        } else if cursor.index < cursor.end, bytes[cursor.index] == UInt8(ascii: "+") || bytes[cursor.index] == UInt8(ascii: "-") {
            let sign = bytes[cursor.index] == UInt8(ascii: "-") ? -1 : 1
            cursor.index += 1
            guard let offsetHours = cursor.number(2) else { return .failure(shape) }
            _ = cursor.expect(UInt8(ascii: ":"))
            guard let offsetMinutes = cursor.number(2), offsetHours <= 23, offsetMinutes <= 59 else { return .failure(shape) }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        }
        guard cursor.index == cursor.end else { return .failure(shape) }
        guard (1...12).contains(month) else { return .failure(.outOfRange(text, "month \(month)")) }
        guard (1...daysInMonth(year, month)).contains(day) else { return .failure(.outOfRange(text, "day \(day) of month \(month)")) }
        guard hour <= 23 else { return .failure(.outOfRange(text, "hour \(hour)")) }
        guard minute <= 59 else { return .failure(.outOfRange(text, "minute \(minute)")) }
        guard second <= 59 else { return .failure(.outOfRange(text, "second \(second)")) }
        let days = daysFromCivil(year, month, day)
        let unix = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds) + fraction
        return .success(unix - unixToReference)
    }

    /// Reads a timestamp's parts from a buffer.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int
        let end: Int

        /// A number of exactly `digits` decimal digits.
        mutating func number(_ digits: Int) -> Int? {
            guard index + digits <= end else { return nil }
            var value = 0
            for offset in 0..<digits {
                let byte = bytes[index + offset]
                guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += digits
            return value
        }

        mutating func expect(_ character: UInt8) -> Bool {
            guard index < end, bytes[index] == character else { return false }
            index += 1
            return true
        }

        /// The digits of a fraction of a second, as the nearest `Double`: up to 15 digits are
        /// an exact integer over an exact power of ten, one correctly rounded division, as
        /// reading "0.ddd" gives; longer ones are read as text.
        mutating func fraction() -> Double? {
            let start = index
            var value = 0
            while index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                if index - start < 15 { value = value * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            let count = index - start
            guard count > 0 else { return nil }
            if count <= 15 {
                var scale = 1.0
                for _ in 0..<count { scale *= 10 }
                return Double(value) / scale
            }
            return Double("0." + String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        }
    }

    /// Whether an instant has an ISO 8601 form: finite, in the years 0 to 9999.
    package static func isPrintable(_ seconds: Double) -> Bool {
        seconds >= firstPrintable && seconds < endOfPrintable
    }

    /// 0000-01-01T00:00:00Z (proleptic Gregorian, as ISO 8601 counts; Foundation's
    /// `distantPast` is 0000-12-30) and 10000-01-01T00:00:00Z, in seconds since 2001.
    private static let firstPrintable = Double(daysFromCivil(0, 1, 1)) * 86_400 - unixToReference
    private static let endOfPrintable = Double(daysFromCivil(10_000, 1, 1)) * 86_400 - unixToReference

    /// Formats an instant in UTC, with exactly three fractional digits when it has a fractional
    /// second (rounded to the millisecond) and none otherwise.
    ///
    /// An instant with no ISO 8601 form is written as the Swift that makes it,
    /// `Date(timeIntervalSinceReferenceDate: 1e+300)`, never as a bare number. (Evaluation
    /// results refuse such dates with a runtime error; explanations show their subexpressions
    /// this way.)
    package static func format(_ seconds: Double) -> String {
        guard isPrintable(seconds) else { return "Date(timeIntervalSinceReferenceDate: \(seconds))" }
        let totalMilliseconds = ((seconds + unixToReference) * 1000).rounded()
        // Rounding to the millisecond can reach 10000-01-01; keep the last millisecond of 9999.
        guard totalMilliseconds < endOfPrintable * 1000 + unixToReference * 1000 else { return format(endOfPrintable - 0.001) }
        let milliseconds = Int(totalMilliseconds)
        var (days, millisecondOfDay) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        if millisecondOfDay < 0 {
            millisecondOfDay += 86_400_000
            days -= 1
        }
        let (year, month, day) = civilFromDays(days)
        let hour = millisecondOfDay / 3_600_000
        let minute = millisecondOfDay / 60_000 % 60
        let second = millisecondOfDay / 1000 % 60
        let fraction = millisecondOfDay % 1000
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
        if fraction != 0 { text += "." + pad(fraction, 3) }
        return text + "Z"
    }

    /// Formats an instant in UTC with as many fractional digits (3, 6 or 9) as reading it back
    /// needs to give the same instant, so a saved donation keeps its exact date.
    package static func formatLosslessly(_ seconds: Double) -> String {
        let text = format(seconds)
        guard seconds.isFinite, case .success(let parsed) = parse(text), parsed != seconds else { return text }
        let unix = seconds + unixToReference
        let whole = unix.rounded(.down)
        let wholeText = format(whole - unixToReference).dropLast()
        var best = String(wholeText) + "Z"
        for digits in [6, 9] {
            let scale = digits == 6 ? 1e6 : 1e9
            let fraction = Int(((unix - whole) * scale).rounded())
            guard fraction < Int(scale) else { break }
            best = wholeText + "." + pad(fraction, digits) + "Z"
            if case .success(let back) = parse(best), back == seconds { break }
        }
        return best
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// Why a timestamp was rejected.
package enum ISO8601Error: Error, Sendable, Hashable, CustomStringConvertible {
    case malformed(String)
    case outOfRange(String, String)

    package var description: String {
        switch self {
        case .malformed(let text):
            return "'\(text)' is not an ISO 8601 date such as '2026-11-29T10:00:00Z'"
        case .outOfRange(let text, let part):
            return "'\(text)' has an invalid \(part)"
        }
    }
}
