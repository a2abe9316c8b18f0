import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// One checked example per entry of the built-in table, so no built-in goes untested.
@Suite("Built-in table")
struct BuiltinCoverageTests {
    static func key(_ builtin: Builtin) -> String {
        let receiver: String
        switch builtin.receiver {
        case .staticMember(let type): receiver = "\(type)."
        case .global: receiver = ""
        default: receiver = "\(builtin.receiver)."
        }
        return receiver + builtin.signatureName
    }

    /// Built-in → (expression over `Fixture.header` and `Fixture.log`, expected `Type = value`).
    static let examples: [String: (String, String)] = [
        "event.donations": ("didLogin.donations.count", "Int = 3"),
        "donation.date": ("didLogin.donations[0].date", "Date = 2026-11-20T10:00:00Z"),
        "donationArray.donatedWithin(_:)": ("didLogin.donations.donatedWithin(.days(3)).count", "Int = 2"),
        "donationArray.largestSubset(groupedBy:)": ("view.donations.largestSubset(groupedBy: \\.id).map(\\.id)", "[Int] = [1, 1]"),
        "donationArray.smallestSubset(groupedBy:)": ("view.donations.smallestSubset(groupedBy: \\.name).map(\\.id)", "[Int] = [2]"),
        "array.count": ("[1, 2].count", "Int = 2"),
        "array.isEmpty": ("[1].isEmpty", "Bool = false"),
        "array.first": ("[4, 5].first", "Int? = 4"),
        "array.last": ("[4, 5].last", "Int? = 5"),
        "array.contains(_:)": ("[\"a\"].contains(\"b\")", "Bool = false"),
        "array.contains(where:)": ("view.donations.contains(where: { $0.rating > 4.9 })", "Bool = true"),
        "array.allSatisfy(_:)": ("view.donations.allSatisfy { $0.rating >= 2.5 }", "Bool = true"),
        "array.count(where:)": ("view.donations.count(where: { $0.note != nil })", "Int = 1"),
        "array.first(where:)": ("view.donations.first(where: { $0.id == 3 })?.name", "String? = \"Charley Lake\""),
        "array.last(where:)": ("view.donations.last(where: { $0.id == 1 })?.rating", "Double? = 5.0"),
        "array.filter(_:)": ("[1, 2, 3].filter { $0 % 2 == 1 }", "[Int] = [1, 3]"),
        "array.map(_:)": ("view.donations.map(\\.rating)", "[Double] = [4.5, 3.0, 5.0, 2.5]"),
        "array.compactMap(_:)": ("view.donations.compactMap(\\.note)", "[String] = [\"wet\"]"),
        "array.min()": ("[\"b\", \"a\"].min()", "String? = \"a\""),
        "array.max()": ("view.donations.map(\\.date).max()", "Date? = 2026-11-29T10:00:00Z"),
        "array.sorted()": ("[2.5, -1, 0].sorted()", "[Double] = [-1.0, 0.0, 2.5]"),
        "array.min(by:)": ("view.donations.min(by: { $0.rating < $1.rating })?.id", "Int? = 3"),
        // Ties keep the first maximum, as the standard library's loop does.
        "array.max(by:)": ("view.donations.max { $0.id % 2 < $1.id % 2 }?.rating", "Double? = 4.5"),
        "array.sorted(by:)": ("view.donations.sorted { $0.rating > $1.rating }.map(\\.id)", "[Int] = [1, 1, 2, 3]"),
        "array.reversed()": ("view.donations.reversed().map(\\.id)", "[Int] = [3, 1, 2, 1]"),
        "array.reduce(_:_:)": ("view.donations.reduce(\"\") { $0 + $1.name.prefix(1) }", "error"),
        "array.prefix(_:)": ("view.donations.prefix(1).map(\\.id)", "[Int] = [1]"),
        "array.suffix(_:)": ("view.donations.suffix(1).map(\\.id)", "[Int] = [3]"),
        "array.dropFirst(_:)": ("view.donations.dropFirst(3).map(\\.id)", "[Int] = [3]"),
        "array.dropLast(_:)": ("view.donations.dropLast(3).map(\\.id)", "[Int] = [1]"),
        "array.dropFirst()": ("[1, 2].dropFirst()", "[Int] = [2]"),
        "array.dropLast()": ("[1, 2].dropLast()", "[Int] = [1]"),
        "set.count": ("Set([1, 1]).count", "Int = 1"),
        "set.isEmpty": ("Set([1]).isEmpty", "Bool = false"),
        "set.contains(_:)": ("Set(view.donations.map(\\.id)).contains(2)", "Bool = true"),
        "range.contains(_:)": ("(1..<3).contains(3)", "Bool = false"),
        "range.lowerBound": ("(1...3).lowerBound", "Int = 1"),
        "range.upperBound": ("(1...3).upperBound", "Int = 3"),
        "range.isEmpty": ("(1..<1).isEmpty", "Bool = true"),
        "string.count": ("\"🇨🇭\".count", "Int = 1"),
        "string.isEmpty": ("\"\".isEmpty", "Bool = true"),
        "string.contains(_:)": ("\"Wilbere Bowl\".contains(\"Bowl\")", "Bool = true"),
        "string.hasPrefix(_:)": ("\"Alps\".hasPrefix(\"Al\")", "Bool = true"),
        "string.starts(with:)": ("\"Alps\".starts(with: \"lp\")", "Bool = false"),
        "string.hasSuffix(_:)": ("\"Alps\".hasSuffix(\"ps\")", "Bool = true"),
        "string.lowercased()": ("\"ALPS\".lowercased()", "String = \"alps\""),
        "string.uppercased()": ("\"alps\".uppercased()", "String = \"ALPS\""),
        "double.rounded()": ("(0.5).rounded()", "Double = 1.0"),
        "double.isNaN": ("(1.5).isNaN", "Bool = false"),
        "double.isInfinite": ("(-1.0 / 0).isInfinite", "Bool = true"),
        "double.isFinite": ("(1.0 / 0).isFinite", "Bool = false"),
        "date.timeIntervalSince(_:)": ("view.donations[1].date.timeIntervalSince(view.donations[0].date)", "Double = 86400.0"),
        "date.addingTimeInterval(_:)": ("view.donations[0].date.addingTimeInterval(-0.5)", "Date = 2026-11-10T09:59:59.500Z"),
        "Date.now": ("Date.now", "Date = 2026-11-30T12:00:00Z"),
        // Foundation's values: distantPast is 0001-01-01 in the Julian calendar.
        "Date.distantPast": ("Date.distantPast", "Date = 0000-12-30T00:00:00Z"),
        "Date.distantFuture": ("(view.donations.first { $0.id > 99 }?.date ?? .distantFuture)", "Date = 4001-01-01T00:00:00Z"),
        "Int.max": ("Int.max", "Int = 9223372036854775807"),
        "Int.min": ("Int.min", "Int = -9223372036854775808"),
        "Double.infinity": ("-Double.infinity", "Double = -inf"),
        "Double.nan": ("Double.nan.isNaN", "Bool = true"),
        "Int.zero": ("view.donations.map(\\.id).reduce(.zero, +)", "Int = 7"),
        "Double.zero": ("view.donations.map(\\.rating).reduce(.zero, +) + Double.zero", "Double = 15.0"),
        "abs(_:)": ("abs(-7)", "Int = 7"),
        "min(_:_:)": ("min(3, 1, 2)", "Int = 1"),
        "max(_:_:)": ("max(2.5, 1)", "Double = 2.5"),
        "Double(_:)": ("Double(level) / 4", "Double = 0.5"),
        "Int(_:)": ("Int(-0.9)", "Int = 0"),
        "Set(_:)": ("Set([\"b\", \"a\", \"b\"])", "Set<String> = Set([\"a\", \"b\"])"),
    ]

    /// The time range members: `(expression, cutoff)` for now = 2026-03-31T12:00:00Z in UTC.
    static let timeRanges: [String: String] = [
        "minute": "2026-03-31T11:59:00Z", "hour": "2026-03-31T11:00:00Z", "day": "2026-03-30T12:00:00Z",
        "week": "2026-03-24T12:00:00Z", "month": "2026-02-28T12:00:00Z", "year": "2025-03-31T12:00:00Z",
        "minutes(_:)": "2026-03-31T11:30:00Z", "hours(_:)": "2026-03-30T12:00:00Z", "days(_:)": "2026-03-28T12:00:00Z",
        "weeks(_:)": "2026-03-17T12:00:00Z", "months(_:)": "2025-12-31T12:00:00Z", "years(_:)": "2024-03-31T12:00:00Z",
    ]

    @Test("every built-in has a checked example")
    func coverage() {
        let keys = Set(Builtins.all.map(BuiltinCoverageTests.key))
        let timeRangeKeys = Set(BuiltinCoverageTests.timeRanges.keys.map { "TimeRange." + $0 })
        #expect(keys == Set(BuiltinCoverageTests.examples.keys).union(timeRangeKeys))
    }

    @Test("built-in examples", arguments: Array(examples.keys).sorted())
    func example(key: String) throws {
        let (expression, expected) = try #require(BuiltinCoverageTests.examples[key])
        if expected == "error" {
            // `prefix` on a String gives a Substring in Swift, outside TipRules' vocabulary.
            #expect(Fixture.evaluate(expression).hasPrefix("error:"))
            #expect(Fixture.evaluate("view.donations.reduce(\"\") { $0 + $1.name }") == "String = \"AlpsWilbere BowlAlpsCharley Lake\"")
        } else {
            #expect(Fixture.evaluate(expression) == expected)
        }
    }

    @Test("time range members move now back by calendar steps", arguments: Array(timeRanges.keys).sorted())
    func timeRange(name: String) throws {
        let cutoff = try #require(BuiltinCoverageTests.timeRanges[name])
        let member = name.hasSuffix("(_:)") ? "." + name.dropLast(4) + (name.hasPrefix("minutes") ? "(30)" : name.hasPrefix("hours") ? "(24)" : name.hasPrefix("days") ? "(3)" : name.hasPrefix("weeks") ? "(2)" : name.hasPrefix("months") ? "(3)" : "(2)") : "." + name
        let rules = "event e { n: Int }\nlet kept = e.donations.donatedWithin(\(member)).map(\\.n)"
        guard case .success(let seconds) = ISO8601.parse(cutoff) else { Issue.record("bad cutoff"); return }
        let before = ISO8601.format(seconds - 0.001)
        let log = """
        {"event": "e", "date": "\(before)", "value": {"n": 1}}
        {"event": "e", "date": "\(cutoff)", "value": {"n": 2}}
        """
        #expect(Fixture.evaluateAll(rules, log: log, now: "2026-03-31T12:00:00Z")["kept"] == "[2]", "\(member)")
    }
}
