import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// Section 6: the evaluation clock, stream cuts and calendar windows, at their boundaries.
@Suite("Time and streams")
struct TimeTests {
    private let rules = """
    event e { n: Int }
    let all = e.donations.map(\\.n)
    let hour = e.donations.donatedWithin(.hour).map(\\.n)
    let minutes = e.donations.donatedWithin(.minutes(90)).map(\\.n)
    let day = e.donations.donatedWithin(.day).map(\\.n)
    let week = e.donations.donatedWithin(.week).map(\\.n)
    let month = e.donations.donatedWithin(.month).map(\\.n)
    let year = e.donations.donatedWithin(.year).map(\\.n)
    let none = e.donations.donatedWithin(.days(0)).map(\\.n)
    """

    private func log(_ entries: [(String, Int)]) -> String {
        entries.map { "{\"event\": \"e\", \"date\": \"\($0.0)\", \"value\": {\"n\": \($0.1)}}" }.joined(separator: "\n")
    }

    @Test("only donations at or before now exist; the cutoff is inclusive")
    func inclusiveBoundaries() {
        let results = Fixture.evaluateAll(rules, log: log([
            ("2026-11-30T10:59:59Z", 1), ("2026-11-30T11:00:00Z", 2), ("2026-11-30T12:00:00Z", 3), ("2026-11-30T12:00:00.001Z", 4),
        ]), now: "2026-11-30T12:00:00Z")
        #expect(results["all"] == "[1, 2, 3]")
        #expect(results["hour"] == "[2, 3]")
        #expect(results["none"] == "[3]")
        #expect(results["minutes"] == "[1, 2, 3]")
    }

    @Test("evaluating as of a past instant sees exactly what existed then")
    func asOfThePast() {
        let entries = [("2026-11-01T00:00:00Z", 1), ("2026-11-15T00:00:00Z", 2), ("2026-11-29T00:00:00Z", 3)]
        #expect(Fixture.evaluateAll(rules, log: log(entries), now: "2026-11-15T00:00:00Z")["all"] == "[1, 2]")
        #expect(Fixture.evaluateAll(rules, log: log(entries), now: "2026-10-01T00:00:00Z")["all"] == "[]")
    }

    @Test("a month back from 31 March is the end of February")
    func monthEndClamping() {
        let entries = [("2026-02-28T11:59:59Z", 1), ("2026-02-28T12:00:00Z", 2), ("2026-03-01T00:00:00Z", 3)]
        #expect(Fixture.evaluateAll(rules, log: log(entries), now: "2026-03-31T12:00:00Z")["month"] == "[2, 3]")
        let leap = [("2024-02-29T11:59:59Z", 1), ("2024-02-29T12:00:00Z", 2)]
        #expect(Fixture.evaluateAll(rules, log: log(leap), now: "2024-03-31T12:00:00Z")["month"] == "[2]")
    }

    @Test("a year back from 29 February is 28 February")
    func leapYear() {
        let entries = [("2023-02-28T11:59:59Z", 1), ("2023-02-28T12:00:00Z", 2)]
        #expect(Fixture.evaluateAll(rules, log: log(entries), now: "2024-02-29T12:00:00Z")["year"] == "[2]")
    }

    @Test("a day is a calendar day: 23 hours across the spring daylight-saving change")
    func daylightSaving() {
        // Paris moves to summer time at 01:00Z on 29 March 2026. 14:00 local on the 29th is
        // 12:00Z; the same wall time a day earlier is 13:00Z.
        let entries = [("2026-03-28T12:30:00Z", 1), ("2026-03-28T13:00:00Z", 2)]
        let paris = Fixture.evaluateAll(rules, log: log(entries), now: "2026-03-29T12:00:00Z", timeZone: "Europe/Paris")
        let utc = Fixture.evaluateAll(rules, log: log(entries), now: "2026-03-29T12:00:00Z", timeZone: "UTC")
        #expect(paris["day"] == "[2]")
        #expect(utc["day"] == "[1, 2]")
        // Hours are fixed lengths whatever the time zone.
        #expect(paris["hour"] == utc["hour"])
    }

    @Test("a week is seven calendar days")
    func week() {
        let entries = [("2026-11-23T11:59:59Z", 1), ("2026-11-23T12:00:00Z", 2)]
        #expect(Fixture.evaluateAll(rules, log: log(entries), now: "2026-11-30T12:00:00Z")["week"] == "[2]")
    }

    @Test("limit keeps the newest donations at or before now")
    func limit() {
        let limited = """
        event e(limit: 2) { n: Int }
        let all = e.donations.map(\\.n)
        """
        let entries = [("2026-11-01T00:00:00Z", 1), ("2026-11-02T00:00:00Z", 2), ("2026-11-03T00:00:00Z", 3), ("2026-12-01T00:00:00Z", 4)]
        #expect(Fixture.evaluateAll(limited, log: log(entries), now: "2026-11-30T00:00:00Z")["all"] == "[2, 3]")
    }

    @Test("the default limit is 1000")
    func defaultLimit() {
        let entries = (0..<1005).map { ("2026-11-01T00:00:00Z", $0) }
        let results = Fixture.evaluateAll("event e { n: Int }\nlet c = e.donations.count\nlet first = e.donations.first?.n", log: log(entries))
        #expect(results["c"] == "1000")
        #expect(results["first"] == "5")
    }

    @Test("maxAge drops donations older than now moved back by it, with calendar arithmetic")
    func maxAge() {
        let aged = """
        event e(maxAge: .months(1), limit: 10) { n: Int }
        event f(maxAge: days(2)) { n: Int }
        let all = e.donations.map(\\.n)
        let recent = f.donations.map(\\.n)
        """
        let entries = [("2026-02-28T11:00:00Z", 1), ("2026-02-28T12:00:00Z", 2), ("2026-03-30T00:00:00Z", 3)]
        let fEntries = ["{\"event\": \"f\", \"date\": \"2026-03-29T11:59:00Z\", \"value\": {\"n\": 1}}",
                        "{\"event\": \"f\", \"date\": \"2026-03-29T12:00:00Z\", \"value\": {\"n\": 2}}"].joined(separator: "\n")
        let results = Fixture.evaluateAll(aged, log: log(entries) + "\n" + fEntries, now: "2026-03-31T12:00:00Z")
        #expect(results["all"] == "[2, 3]")
        #expect(results["recent"] == "[2]")
    }

    @Test("equal dates keep donation order, across logs in the order given")
    func stableOrder() throws {
        let program = try #require(Fixture.compile("event e { n: Int }\nlet ns = e.donations.map(\\.n)").program)
        var store = DonationStore(program: program)
        _ = DonationLog.load(Array(log([("2026-11-02T00:00:00Z", 1), ("2026-11-01T00:00:00Z", 2), ("2026-11-02T00:00:00Z", 3)]).utf8), fileName: "a", into: &store)
        _ = DonationLog.load(Array(log([("2026-11-02T00:00:00Z", 4), ("2026-11-01T00:00:00Z", 5)]).utf8), fileName: "b", into: &store)
        var evaluation = Evaluation(program: program, donations: store, options: EvaluationOptions(now: Fixture.date("2026-11-30T00:00:00Z")))
        guard case .success(let value)? = evaluation.evaluate("ns")?.outcome else { Issue.record("no value"); return }
        #expect(ValueFormatter.text(value, .array(.int)) == "[2, 5, 1, 3, 4]")
    }

    @Test("largestSubset and smallestSubset break ties by the earliest first donation")
    func subsetTies() {
        let grouped = """
        event v { id: Int }
        let largest = v.donations.largestSubset(groupedBy: \\.id).map(\\.id)
        let smallest = v.donations.smallestSubset(groupedBy: \\.id).map(\\.id)
        let largestDates = v.donations.largestSubset(groupedBy: \\.id).count
        """
        let entries = [2, 1, 1, 2, 3, 4, 4].enumerated().map { offset, id in
            "{\"event\": \"v\", \"date\": \"2026-11-0\(offset + 1)T00:00:00Z\", \"value\": {\"id\": \(id)}}"
        }.joined(separator: "\n")
        let results = Fixture.evaluateAll(grouped, log: entries)
        #expect(results["largest"] == "[2, 2]")
        #expect(results["smallest"] == "[3]")
    }

    @Test("largestSubset groups by optional keys, with nil as its own group")
    func optionalKeys() {
        let grouped = """
        event v { tag: String? }
        let largest = v.donations.largestSubset(groupedBy: \\.tag).count
        """
        let entries = ["{\"event\": \"v\", \"date\": \"2026-11-01T00:00:00Z\", \"value\": {\"tag\": \"a\"}}",
                       "{\"event\": \"v\", \"date\": \"2026-11-02T00:00:00Z\"}",
                       "{\"event\": \"v\", \"date\": \"2026-11-03T00:00:00Z\", \"value\": {\"tag\": null}}"].joined(separator: "\n")
        #expect(Fixture.evaluateAll(grouped, log: entries)["largest"] == "2")
    }

    @Test("donatedWithin also filters lists that are not time windows")
    func windowOnFiltered() {
        let results = Fixture.evaluateAll(rules + "\nlet odd = e.donations.filter { $0.n % 2 == 1 }.donatedWithin(.day).map(\\.n)", log: log([
            ("2026-11-28T12:00:00Z", 1), ("2026-11-29T13:00:00Z", 3), ("2026-11-30T00:00:00Z", 4), ("2026-11-30T01:00:00Z", 5),
        ]))
        #expect(results["odd"] == "[3, 5]")
    }

    @Test("Date.now is the evaluation clock")
    func dateNow() {
        #expect(Fixture.evaluate("Date.now") == "Date = 2026-11-30T12:00:00Z")
        #expect(Fixture.evaluate("Date.now.timeIntervalSince(view.donations.last!.date)") == "Double = 93600.0")
        #expect(Fixture.evaluate("view.donations.filter { $0.date > Date.now.addingTimeInterval(-86400 * 2) }.count") == "Int = 1")
    }

    /// Foundation's `timeIntervalSinceNow` is `timeIntervalSince(Date.now)`, from the evaluation
    /// clock; fused or not, as the call.
    @Test("timeIntervalSinceNow counts from the evaluation clock")
    func timeIntervalSinceNow() {
        #expect(Fixture.evaluate("view.donations.last!.date.timeIntervalSinceNow") == "Double = -93600.0")
        #expect(Fixture.evaluate("view.donations.last?.date.timeIntervalSinceNow ?? 0", now: "2026-12-01T12:00:00Z") == "Double = -180000.0")
        for optimizes in [true, false] {
            #expect(Fixture.evaluate("view.donations.filter { $0.date.timeIntervalSinceNow > -86400 * 2 }.count", optimizes: optimizes) == "Int = 1")
        }
        #expect(Fixture.evaluate("Date.now.timeIntervalSinceNo").hasPrefix("error: value of type 'Date' has no member 'timeIntervalSinceNo'"))
        // A property, as in Swift: not called.
        #expect(Fixture.evaluate("Date.now.timeIntervalSinceNow()").hasPrefix("error: cannot call value of non-function type 'Double'"))
    }
}

@Suite("Timestamp fractions")
struct TimestampFractionTests {
    @Test("a fraction of a second reads as the nearest Double, as reading its digits as text does")
    func fractions() {
        var random = RobustnessTests.Random(state: 77)
        // 2026-01-01T00:00:00Z in seconds since 1970, and since 2001.
        let unix = 1_767_225_600.0
        for _ in 0..<3000 {
            let count = 1 + random.below(20)
            let digits = String((0..<count).map { _ in Character(String(random.below(10))) })
            guard case .success(let parsed) = ISO8601.parse("2026-01-01T00:00:00.\(digits)Z") else {
                Issue.record("rejected .\(digits)")
                continue
            }
            #expect(parsed == unix + Double("0." + digits)! - 978_307_200, "\(digits)")
        }
    }
}
