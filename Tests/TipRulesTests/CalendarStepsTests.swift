import Foundation
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// Calendar steps back from the clock, checked against Foundation where Foundation is right
/// and against hand-worked dates where it is not.
@Suite("Calendar steps")
struct CalendarStepsTests {
    private func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    @Test("fixed-offset zones agree with Foundation for every unit and ordinary counts", arguments: [0, 19_800, -12_600, 3_600])
    func agreesWithFoundation(offset: Int) throws {
        let zone = try #require(TimeZone(secondsFromGMT: offset))
        let calendar = calendar(zone)
        #expect(CalendarSteps.fixedOffset(of: zone) == offset)
        var random = RobustnessTests.Random(state: UInt64(offset + 100_000))
        let units: [(TimeRange.Unit, Calendar.Component, Int)] = [
            (.minute, .minute, 1), (.hour, .hour, 1), (.day, .day, 1), (.week, .day, 7), (.month, .month, 1), (.year, .year, 12),
        ]
        for _ in 0..<20_000 {
            let now = Double(random.below(6_000_000_000)) - 3_000_000_000 + Double(random.below(1000)) / 1000
            let (unit, component, _) = units[random.below(units.count)]
            let count = [0, 1, 2, 3, 7, 11, 12, 13][random.below(8)]
            let steps = unit == .week ? count * 7 : count
            let foundation = calendar.date(byAdding: component, value: -steps, to: Date(timeIntervalSinceReferenceDate: now))!.timeIntervalSinceReferenceDate
            guard let ours = CalendarSteps.back(from: now, unit, count, calendar: calendar, fixedOffset: offset) else { continue }
            #expect(ours == foundation, "\(now) \(unit) \(count)")
        }
    }

    @Test("months crossing leap years clamp the day, where Foundation's date(byAdding:) does not", arguments: [
        ("2042-06-30T20:09:38Z", 100, "UTC", "2034-02-28T20:09:38Z"),
        ("2000-06-30T10:45:37Z", 100, "UTC", "1992-02-29T10:45:37Z"),
        ("2052-06-29T10:20:27.500Z", 100, "UTC", "2044-02-29T10:20:27.500Z"),
        ("2042-06-30T20:09:38Z", 100, "Europe/Paris", "2034-02-28T21:09:38Z"),
        ("2026-03-31T12:00:00Z", 1, "Europe/Paris", "2026-02-28T13:00:00Z"),  // 14:00 local, summer time to winter time
        ("2026-03-31T12:00:00Z", 25, "UTC", "2024-02-29T12:00:00Z"),
    ])
    func monthClamping(now: String, months: Int, zone: String, expected: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        guard case .success(let seconds) = ISO8601.parse(now) else { Issue.record("bad date"); return }
        let cutoff = CalendarSteps.back(from: seconds, .month, months, calendar: calendar(timeZone), fixedOffset: CalendarSteps.fixedOffset(of: timeZone))
        #expect(cutoff.map(ISO8601.format) == expected)
    }

    @Test("a month back to a repeated local hour is its later occurrence, as Foundation's date(byAdding:) gives", arguments: [
        ("America/New_York", "2026-12-01T05:30:00Z"), ("Europe/London", "2026-11-25T01:30:00Z"),
        ("Australia/Lord_Howe", "2026-05-05T14:45:00Z"), ("Pacific/Apia", "2021-05-04T13:30:00Z"),
    ])
    func repeatedHour(zone: String, start: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let calendar = calendar(timeZone)
        guard case .success(let first) = ISO8601.parse(start) else { Issue.record("bad date"); return }
        // Every quarter hour over a day around a month after a fall-back transition, for one
        // month and twelve months (a year) back: the repeated hour is among them.
        var compared = 0
        for quarter in 0..<(5 * 24 * 4) {
            let now = first + Double(quarter * 900) - 2 * 86_400
            for (unit, months) in [(TimeRange.Unit.month, 1), (.year, 12)] {
                let foundation = calendar.date(byAdding: .month, value: -months, to: Date(timeIntervalSinceReferenceDate: now))!.timeIntervalSinceReferenceDate
                let ours = CalendarSteps.back(from: now, unit, 1, calendar: calendar, fixedOffset: nil)
                #expect(ours == foundation, "\(zone) \(ISO8601.format(now)) \(unit)")
                compared += 1
            }
        }
        #expect(compared == 960)
    }

    @Test("before 1583 the calendar is Julian, so such steps go to Foundation or fail")
    func julianEra() {
        let now = Fixture.date("2026-11-30T12:00:00Z").timeIntervalSinceReferenceDate
        let utc = calendar(TimeZone(identifier: "UTC")!)
        #expect(CalendarSteps.back(from: now, .year, 500, calendar: utc, fixedOffset: 0) == nil)
        #expect(CalendarSteps.back(from: now, .year, 400, calendar: utc, fixedOffset: 0) != nil)
        #expect(Fixture.evaluate("didLogin.donations.donatedWithin(.years(600)).count") == "runtime error: time range '.years(600)' reaches past the calendar's range")
    }
}
