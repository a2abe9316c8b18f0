import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// Built-ins on normal and edge inputs. The expected values are what Swift computes for the
/// same expression; the NaN, string-ordering and rounding rows were checked against a Swift 6.3
/// program on this machine.
@Suite("Evaluator")
struct EvaluatorTests {
    @Test("arithmetic and comparison follow Swift", arguments: [
        ("7 / 2", "Int = 3"), ("-7 / 2", "Int = -3"), ("-7 % 3", "Int = -1"), ("7.0 / 2", "Double = 3.5"),
        ("1 / 2 + 0.5", "Double = 1.0"), ("0.1 + 0.2", "Double = 0.30000000000000004"), ("1.0 / 0", "Double = inf"),
        ("-1.0 / 0", "Double = -inf"), ("0.0 / 0", "Double = nan"), ("(0.0 / 0) == (0.0 / 0)", "Bool = false"),
        ("Double.nan < 1", "Bool = false"), ("Double.nan >= 1", "Bool = false"), ("-0.0 == 0.0", "Bool = true"),
        ("1e16", "Double = 1e+16"), ("2.5e-5", "Double = 2.5e-05"), ("0x10 + 0o10 + 0b10", "Int = 26"),
        ("-9223372036854775808", "Int = -9223372036854775808"), ("Int.max", "Int = 9223372036854775807"),
        ("\"a\" + \"b\"", "String = \"ab\""), ("[1] + [2, 3]", "[Int] = [1, 2, 3]"),
        ("\"abc\" < \"abd\"", "Bool = true"), ("\"Z\" < \"a\"", "Bool = true"), ("\"é\" == \"e\\u{301}\"", "Bool = true"),
        ("\"e\\u{301}\" < \"f\"", "Bool = false"), ("\"e\\u{301}\" < \"e\\u{302}\"", "Bool = true"), ("[1, 2] == [1, 2]", "Bool = true"), ("[1.0] != [2.0]", "Bool = true"),
        ("1 < 2 && 2 < 3", "Bool = true"), ("true || 1 / 0 == 0", "error: division by zero"),
        ("flag ? 1 : 2", "Int = 1"), ("level > 1 ? \"big\" : \"small\"", "String = \"big\""),
    ])
    func operators(expression: String, expected: String) {
        #expect(Fixture.evaluate(expression) == expected)
    }

    @Test("&& and || short-circuit left to right")
    func shortCircuit() {
        #expect(Fixture.evaluate("false && [1][5] == 1") == "Bool = false")
        #expect(Fixture.evaluate("true || [1][5] == 1") == "Bool = true")
        #expect(Fixture.evaluate("true && [1][5] == 1") == "runtime error: index 5 is out of range for an array of 1 element")
    }

    @Test("optionals: ??, ?., !, == nil", arguments: [
        ("nickname ?? \"anon\"", "String = \"anon\""), ("nickname == nil", "Bool = true"), ("nickname != nil", "Bool = false"),
        ("view.donations.first?.note", "String? = nil"), ("view.donations[1].note", "String? = \"wet\""),
        ("view.donations[1].note ?? \"dry\"", "String = \"wet\""), ("view.donations[1].note == \"wet\"", "Bool = true"),
        ("view.donations[1].note?.count", "Int? = 3"), ("view.donations[0].note?.count", "Int? = nil"),
        ("view.donations[2].seen!", "Date = 2026-11-12T09:00:00Z"), ("view.donations.first?.rating", "Double? = 4.5"),
        ("[1, nil].first == nil", "Bool = false"), ("[nil, 1].first!", "Int? = nil"), ("[nil, 1].first! == nil", "Bool = true"),
        ("[Int?]([]).first", "Int?? = nil"),
        ("nickname!", "runtime error: unexpectedly found nil while unwrapping an optional value"),
        ("didLogin.donations.filter { _ in false }.first!.date", "runtime error: unexpectedly found nil while unwrapping an optional value"),
        ("nil ?? 3", "Int = 3"), ("nickname ?? nil", "String? = nil"), ("flag ? 1 : nil", "Int? = 1"),
        ("view.donations.first?.name.count", "Int? = 4"), ("view.donations.last?.note?.isEmpty ?? true", "Bool = true"),
    ])
    func optionals(expression: String, expected: String) {
        #expect(Fixture.evaluate(expression) == expected)
    }

    @Test("array built-ins", arguments: [
        ("\"a\\r\\nb\\r\\r\".count", "Int = 5"), ("\"e\\u{301}\\n\".count", "Int = 2"), ("\"\\n\\r\".count", "Int = 2"),
        ("[3, 1, 2].count", "Int = 3"), ("[Int]().isEmpty", "Bool = true"), ("Set<String>().count", "Int = 0"),
        ("[3, 1, 2].first", "Int? = 3"), ("[3, 1, 2].last", "Int? = 2"), ("[3, 1, 2].contains(1)", "Bool = true"),
        ("[3, 1, 2].contains(where: { $0 > 2 })", "Bool = true"), ("[3, 1, 2].allSatisfy { $0 > 0 }", "Bool = true"),
        ("[3, 1, 2].count(where: { $0 > 1 })", "Int = 2"), ("[3, 1, 2].first(where: { $0 < 3 })", "Int? = 1"),
        ("[3, 1, 2].last(where: { $0 > 1 })", "Int? = 2"), ("[3, 1, 2].filter { $0 != 1 }", "[Int] = [3, 2]"),
        ("[3, 1, 2].map { $0 * 2 }", "[Int] = [6, 2, 4]"), ("[\"a\", \"bb\"].map(\\.count)", "[Int] = [1, 2]"),
        ("[1, nil, 3].compactMap { $0 }", "[Int] = [1, 3]"), ("[3, 1, 2].min()", "Int? = 1"), ("[3, 1, 2].max()", "Int? = 3"),
        ("[3, 1, 2].sorted()", "[Int] = [1, 2, 3]"), ("[\"b\", \"a\", \"B\"].sorted()", "[String] = [\"B\", \"a\", \"b\"]"),
        ("[3, 1, 2].reversed()", "[Int] = [2, 1, 3]"), ("[3, 1, 2].reversed()[0]", "Int = 2"),
        ("[3, 1, 2].reduce(0) { $0 + $1 }", "Int = 6"), ("[3, 1, 2].reduce(0, +)", "Int = 6"), ("[3, 1, 2].reduce(1, *)", "Int = 6"),
        ("[3, 1, 2].sorted(by: >)", "[Int] = [3, 2, 1]"), ("[2.5, 0.5].reduce(10, -)", "Double = 7.0"),
        ("[true].reduce(true, &&)", "error: '&&' cannot be passed as a function, since its right side is an autoclosure; write a closure"),
        ("[3, 1, 2].reduce(0.5) { $0 + Double($1) }", "Double = 6.5"),
        // A global function passed by name, as Swift allows: `{ max($0, $1) }`, `{ abs($0) }`.
        ("[3, -7, 5].reduce(0, max)", "Int = 5"), ("[3, -7, 5].reduce(Int.max, min)", "Int = -7"),
        ("[-2.5, 1.0].map(abs)", "[Double] = [2.5, 1.0]"), ("[2.5, Double.nan].reduce(0, max)", "Double = 2.5"),
        ("[Int.min].map(abs)", "runtime error: arithmetic overflow: 'abs(-9223372036854775808)' does not fit in 'Int'"),
        ("[1, -2].reduce(0, abs)", "error: 'abs' takes 1 argument, but a function of 2 arguments is expected here"),
        ("[1, -2].map(max)", "error: 'max' takes 2 arguments, but a function of 1 argument is expected here"),
        ("[3, 1, 2].prefix(2)", "[Int] = [3, 1]"), ("[3, 1, 2].prefix(9)", "[Int] = [3, 1, 2]"), ("[3, 1, 2].suffix(2)", "[Int] = [1, 2]"),
        ("[3, 1, 2].dropFirst()", "[Int] = [1, 2]"), ("[3, 1, 2].dropFirst(2)", "[Int] = [2]"), ("[3, 1, 2].dropLast()", "[Int] = [3, 1]"),
        ("[3, 1, 2].dropLast(5)", "[Int] = []"), ("[3, 1, 2].dropFirst(2)[0]", "Int = 2"), ("[3, 1, 2][2]", "Int = 2"),
        ("[Double.nan, 1, 3].min()", "Double? = nan"), ("[3, Double.nan, 1].max()", "Double? = 3.0"),
        ("[-0.0, 0.0].max()", "Double? = -0.0"), ("[0.0, -0.0].min()", "Double? = 0.0"), ("[\"b\", \"c\", \"a\"].max()", "String? = \"c\""),
        ("[1.0, 2].map { $0 / 2 }", "[Double] = [0.5, 1.0]"), ("[[1], [2, 3]].map(\\.count)", "[Int] = [1, 2]"),
    ])
    func arrays(expression: String, expected: String) {
        #expect(Fixture.evaluate(expression) == expected)
    }

    /// `reduce(0, max)` passes the global function, unless a declaration of that name shadows
    /// it, as a `let max` would in Swift.
    @Test("a declaration shadows the global function it is named after")
    func shadowedFunctionName() {
        #expect(Fixture.evaluate("[1, 2].reduce(0, max)") == "Int = 2")
        let shadowed = Fixture.evaluate("[1, 2].reduce(0, max)", rules: Fixture.header + "\nlet max = 3\n")
        #expect(shadowed.hasPrefix("error: expected a closure or key path"), "\(shadowed)")
    }

    /// `sorted()`, `min()` and `max()` of scalar arrays run on typed arrays (`ScalarArray`);
    /// their answers, NaN, signed zeros, infinities and equal strings included, must be Swift's.
    @Test("sorted, min and max of scalar arrays give Swift's own answers")
    func scalarOrdering() {
        let doubles: [[Double]] = [
            [3, .nan, 1, -0.0, 0, .infinity, -1, .nan, 2],
            [.nan, .nan, 1], [0, -0.0, 0, -0.0], [-.infinity, 5, .nan, -7.5, 1e300],
        ]
        func literal(_ x: Double) -> String {
            x.isNaN ? "Double.nan" : x.isInfinite ? (x < 0 ? "-Double.infinity" : "Double.infinity") : "\(x)"
        }
        func shown(_ x: Double?) -> String { x.map { "\($0)" } ?? "nil" }
        for items in doubles {
            let array = "[" + items.map(literal).joined(separator: ", ") + "]"
            #expect(Fixture.evaluate(array + ".sorted()") == "[Double] = [" + items.sorted().map { "\($0)" }.joined(separator: ", ") + "]", "\(array)")
            #expect(Fixture.evaluate(array + ".min()") == "Double? = " + shown(items.min()), "\(array)")
            #expect(Fixture.evaluate(array + ".max()") == "Double? = " + shown(items.max()), "\(array)")
        }
        // "é" precomposed and decomposed are equal Strings: a stable sort keeps their order.
        let strings = ["b", "e\u{301}", "a", "\u{e9}", "B", ""]
        let stringArray = "[" + strings.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        let sortedStrings = strings.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        #expect(Fixture.evaluate(stringArray + ".sorted()") == "[String] = [\(sortedStrings)]")
        #expect(Fixture.evaluate(stringArray + ".max()") == "String? = \"\(strings.max()!)\"")
        #expect(Fixture.evaluate("[3, Int.min, 7, Int.max, 7].sorted()") == "[Int] = [\(Int.min), 3, 7, 7, \(Int.max)]")
    }

    @Test("empty arrays", arguments: [
        ("didLogin.donations.filter { _ in false }.count", "Int = 0"),
        ("didLogin.donations.filter { _ in false }.isEmpty", "Bool = true"),
        ("didLogin.donations.filter { _ in false }.first == nil", "Bool = true"),
        ("view.donations.filter { _ in false }.map(\\.id).min()", "Int? = nil"),
        ("view.donations.filter { _ in false }.map(\\.id).reduce(7) { $0 + $1 }", "Int = 7"),
        ("view.donations.filter { _ in false }.allSatisfy { $0.id > 100 }", "Bool = true"),
        ("view.donations.filter { _ in false }.largestSubset(groupedBy: \\.id).count", "Int = 0"),
        ("view.donations.filter { _ in false }.smallestSubset(groupedBy: \\.id).count", "Int = 0"),
        ("view.donations.filter { _ in false }.dropFirst().count", "Int = 0"),
    ])
    func emptyArrays(expression: String, expected: String) {
        #expect(Fixture.evaluate(expression) == expected)
    }

    @Test("sets", arguments: [
        ("Set([3, 1, 3]).count", "Int = 2"), ("Set([3, 1, 3])", "Set<Int> = Set([1, 3])"), ("Set([\"a\"]).contains(\"a\")", "Bool = true"),
        ("Set(view.donations.map(\\.name)).count", "Int = 3"), ("Set([Int?]([]))", "Set<Int?> = Set([])"), ("Set<Int>([2, 1, 2])", "Set<Int> = Set([1, 2])"), ("Set([1.0, -0.0, 0.0]).count", "Int = 2"),
        ("Set([\"é\", \"e\\u{301}\"]).count", "Int = 1"), ("Set([1, 2]) == Set([2, 1])", "Bool = true"), ("Set([1]).isEmpty", "Bool = false"),
    ])
    func sets(expression: String, expected: String) {
        #expect(Fixture.evaluate(expression).hasPrefix(expected))
    }

    @Test("strings behave as Swift's in an app: the standard library's, with Foundation's `contains`", arguments: [
        ("\"café\".count", "Int = 4"), ("\"cafe\\u{301}\".count", "Int = 4"), ("\"👨‍👩‍👧\".count", "Int = 1"), ("\"\".isEmpty", "Bool = true"),
        ("\"e\\u{301}\".contains(\"e\")", "Bool = false"), ("\"abc\".contains(\"\")", "Bool = false"), ("\"\".contains(\"\")", "Bool = false"), ("\"abc\".contains(\"bc\")", "Bool = true"),
        ("\"\\u{E9}\".contains(\"e\\u{301}\")", "Bool = true"), ("\"e\\u{301}x\".hasPrefix(\"e\")", "Bool = false"),
        ("\"abc\".hasPrefix(\"\")", "Bool = true"), ("\"abc\".hasSuffix(\"bc\")", "Bool = true"), ("\"abc\".starts(with: \"ab\")", "Bool = true"),
        ("\"xe\\u{301}\".hasSuffix(\"\\u{301}\")", "Bool = false"), ("\"Straße\".uppercased()", "String = \"STRASSE\""),
        ("\"ÀB\".lowercased()", "String = \"àb\""), ("\"\\u{37E}x\".hasPrefix(\";\")", "Bool = true"),
        ("\"a\\r\\n\".hasPrefix(\"a\\r\")", "Bool = false"), ("\"\\r\\nb\".hasSuffix(\"\\nb\")", "Bool = false"),
        ("\"xe\\u{301}\".contains(\"xe\")", "Bool = false"), ("\"ab;\".hasSuffix(\"\\u{37E}\")", "Bool = true"), ("\"Wilbere Bowl\" != \"Wilbere Bowl \"", "Bool = true"),
    ])
    func strings(expression: String, expected: String) {
        #expect(Fixture.evaluate(expression) == expected)
    }

    @Test("numbers: abs, min, max, conversions, rounding", arguments: [
        ("abs(-3)", "Int = 3"), ("abs(-2.5)", "Double = 2.5"), ("min(3, 1, 2)", "Int = 1"), ("max(1, 2.5)", "Double = 2.5"),
        ("min(Double.nan, 1)", "Double = nan"), ("min(1, Double.nan)", "Double = 1.0"), ("max(Double.nan, 1)", "Double = nan"), ("max(1, Double.nan)", "Double = 1.0"),
        ("max(\"a\", \"b\")", "String = \"b\""), ("Double(3)", "Double = 3.0"), ("Double(9007199254740993)", "Double = 9007199254740992.0"),
        ("Int(2.9)", "Int = 2"), ("Int(-2.9)", "Int = -2"), ("Int(level)", "Int = 2"), ("(2.5).rounded()", "Double = 3.0"),
        ("(-2.5).rounded()", "Double = -3.0"), ("(0.0 / 0).isNaN", "Bool = true"), ("(1.0 / 0).isInfinite", "Bool = true"),
    ])
    func numbers(expression: String, expected: String) {
        #expect(Fixture.evaluate(expression) == expected)
    }

    @Test("every runtime error kind, with its message", arguments: [
        ("Int.max + level", "arithmetic overflow: '9223372036854775807 + 2' does not fit in 'Int'"),
        ("Int.min - level", "arithmetic overflow: '-9223372036854775808 - 2' does not fit in 'Int'"),
        ("Int.max * level", "arithmetic overflow: '9223372036854775807 * 2' does not fit in 'Int'"),
        ("-Int.min", "arithmetic overflow: '-(-9223372036854775808)' does not fit in 'Int'"),
        ("abs(Int.min)", "arithmetic overflow: 'abs(-9223372036854775808)' does not fit in 'Int'"),
        ("Int.min / -1", "arithmetic overflow: '-9223372036854775808 / -1' does not fit in 'Int'"),
        ("Int.min % -1", "arithmetic overflow: '-9223372036854775808 % -1' does not fit in 'Int'"),
        ("level / (level - 2)", "division by zero"), ("level % (level - 2)", "division by zero in remainder operation"),
        ("nickname!", "unexpectedly found nil while unwrapping an optional value"),
        ("[1, 2][2]", "index 2 is out of range for an array of 2 elements"), ("[1, 2][-1]", "index -1 is out of range for an array of 2 elements"),
        ("view.donations[9]", "index 9 is out of range for an array of 4 elements"),
        ("Int(Double.nan)", "'nan' cannot be converted to 'Int' because it is not finite"),
        ("Int(Double.infinity)", "'inf' cannot be converted to 'Int' because it is not finite"),
        ("Int(1e19 * Double(level))", "'2e+19' cannot be converted to 'Int' because it is outside the range of 'Int'"),
        ("[1].prefix(level - 3)", "'prefix' needs a count of zero or more, not -1"),
        ("[1].suffix(-level)", "'suffix' needs a count of zero or more, not -2"),
        ("[1].dropFirst(-1)", "'dropFirst' needs a count of zero or more, not -1"),
        ("[1].dropLast(-1)", "'dropLast' needs a count of zero or more, not -1"),
        ("didLogin.donations.donatedWithin(.days(-level)).count", "time range '.days(-2)' has a negative count"),
        ("didLogin.donations.donatedWithin(.years(Int.max)).count", "time range '.years(9223372036854775807)' reaches past the calendar's range"),
        ("(level...1).contains(1)", "range requires lowerBound <= upperBound"),
    ])
    func runtimeErrors(expression: String, message: String) {
        #expect(Fixture.evaluate(expression) == "runtime error: " + message)
    }

    @Test("ranges hold what Swift's hold, at their edges, with NaN, and refuse what Swift refuses", arguments: [
        ("(1...level).contains(2)", "Bool = true"), ("(1..<level).contains(2)", "Bool = false"), ("(level...2).contains(2)", "Bool = true"),
        ("(level..<level).contains(level)", "Bool = false"), ("(-3...(-1)).contains(-2)", "Bool = true"), ("(0...3).contains(level + 2)", "Bool = false"),
        ("(0.5..<2.5).contains(Double(level))", "Bool = true"), ("(0.0...1.0).contains(Double.nan)", "Bool = false"),
        ("(-0.0...0.0).contains(0.0)", "Bool = true"), ("(0.0..<0.0).contains(-0.0)", "Bool = false"),
        ("(-Double.infinity...Double.infinity).contains(1e308 * 10)", "Bool = true"),
        ("(Date.now.addingTimeInterval(-60)...Date.now).contains(Date.now)", "Bool = true"),
        ("(Date.now..<Date.now.addingTimeInterval(60)).contains(Date.now.addingTimeInterval(60))", "Bool = false"),
        ("view.donations.filter { (1...2).contains($0.id) }.count", "Int = 3"),
        ("view.donations.map(\\.rating).filter { (2.5..<4.5).contains($0) }.count", "Int = 2"),
        ("view.donations.reduce(0) { (2...3).contains($1.id) ? $0 + 1 : $0 }", "Int = 2"),
        ("(Double.nan...1.0).contains(0.5)", "runtime error: range requires lowerBound <= upperBound"),
        ("(0.0...Double.nan).contains(0.5)", "runtime error: range requires lowerBound <= upperBound"),
        ("(level...1).contains(Int.max + level)", "runtime error: range requires lowerBound <= upperBound"),
        ("(1...level).contains(Int.max + level)", "runtime error: arithmetic overflow: '9223372036854775807 + 2' does not fit in 'Int'"),
    ])
    func ranges(expression: String, expected: String) {
        #expect(Fixture.evaluate(expression) == expected)
        #expect(Fixture.evaluate(expression, optimizes: false) == expected)
    }

    @Test("dates compare and subtract unboxed: fields, closure parameters, Date.now", arguments: [
        ("view.donations.map(\\.date).filter { $0 > view.donations[1].date }.count", "Int = 2"),
        ("view.donations.filter { Date.now.timeIntervalSince($0.date) < 86400 * 2 }.count", "Int = 1"),
        ("view.donations.contains { d in view.donations.contains { $0.date.timeIntervalSince(d.date) == 86400 } }", "Bool = true"),
        ("view.donations.compactMap { $0.seen }.allSatisfy { $0 < Date.now }", "Bool = true"),
        ("view.donations.reduce(Date.now) { min($0, $1.date) } == view.donations[0].date", "Bool = true"),
    ])
    func typedDates(expression: String, expected: String) {
        #expect(Fixture.evaluate(expression) == expected)
    }

    /// The fewest steps an expression evaluates in: every node visited outside closures costs
    /// one, whichever way (boxed or unboxed) the general evaluator computes it, and a closure
    /// costs the nodes of its body each time it is applied.
    private func stepsNeeded(_ expression: String, rules: String = Fixture.header, optimizes: Bool) -> Int? {
        var low = 1, high = 10_000
        func fails(_ budget: Int) -> Bool {
            Fixture.evaluate(expression, rules: rules, stepBudget: budget, optimizes: optimizes).hasPrefix("runtime error")
        }
        guard !fails(high) else { return nil }
        while low < high {
            let mid = (low + high) / 2
            if fails(mid) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    @Test("typed and boxed evaluation charge one step per node, a closure its body's nodes per application, fused or not", arguments: [
        // 1 + 2 * 3: five nodes.
        ("1 + 2 * 3", 5),
        // A comparison of a Double field against a literal, inside a closure applied to four
        // donations: count, filter, donations, view (4), then per donation `>`, `+`, `$0.rating`
        // (the field and its local), `0` and `2`: 6 each.
        ("view.donations.filter { $0.rating + 0 > 2 }.count", 4 + 4 * 6),
        // Dates: `<`, timeIntervalSince, `$0.date` (call and local), `Date.now`, `86400.0`: 6 per donation.
        ("view.donations.filter { $0.date.timeIntervalSince(Date.now) < 86400.0 }.count", 4 + 4 * 6),
        // A closure charges all of its body, though `&&` skips its right side when the left is
        // false: `&&`, `==`, `+`, `$0.id` (2), `0`, `2`, `>`, `$0.rating` (2), `1`: 11 per donation.
        ("view.donations.filter { $0.id + 0 == 2 && $0.rating > 1 }.count", 4 + 4 * 11),
        // `contains` stops at the first match (the second donation): two applications.
        ("view.donations.contains { $0.id == 2 }", 3 + 2 * 4),
        // reduce with two parameters: reduce, donations, view, the 0, then `+`, `$0`, `$1.id` (2) per donation.
        ("view.donations.reduce(0) { $0 + $1.id + 0 }", 4 + 4 * 6),
        // A sort of n elements charges n⌈log₂(n + 1)⌉ comparisons before it starts, whatever
        // order they came in: for four donations 4 × 3 = 12 applications of `>`, `$0.id` (2),
        // `$1.id` (2), after count, sorted, donations, view.
        ("view.donations.sorted { $0.id > $1.id }.count", 4 + 12 * 5),
        ("view.donations.sorted { $0.id < $1.id }.count", 4 + 12 * 5),
        ("view.donations.sorted { $1.id < $0.id }.count", 4 + 12 * 5),
        // `sorted()` a step per comparison: count, sorted, map, donations, view, the key path
        // once per donation, then 12.
        ("view.donations.map(\\.id).sorted().count", 5 + 4 + 12),
        ("view.donations.map(\\.id).sorted(by: >).count", 5 + 4 + 12 * 3),
        // `contains` of a range made in place (read unboxed): contains, the range, its bounds
        // and the value; in a closure, per donation: `contains`, `...`, `1`, `$0.id` (2), `2`.
        ("(1...2).contains(level)", 5),
        ("view.donations.filter { (1...2).contains($0.id) }.count", 4 + 4 * 6),
    ])
    func stepsPerNode(expression: String, steps: Int) {
        #expect(stepsNeeded(expression, optimizes: false) == steps)
        #expect(stepsNeeded(expression, optimizes: true) == steps)
    }

    /// A comparison applied to an array's values (ids 1, 2, 1, 3; ratings 4.5, 3, 5, 2.5): `>`,
    /// `==` or `<`, `$0` and the literal per application, after the calls, the donations, view
    /// and the key path per donation. `filter` and `count(where:)` apply it to every value,
    /// `first` up to the first match; `contains` finds 3 last.
    @Test("a comparison over an array's values charges its applications up to the last one kept, budget short or not",
          arguments: [
              ("view.donations.map(\\.id).filter { $0 > 1 }.count", 5 + 4 + 4 * 3),
              ("view.donations.map(\\.id).first { $0 > 1 }", 4 + 4 + 2 * 3),
              ("view.donations.map(\\.id).contains { $0 == 3 }", 4 + 4 + 4 * 3),
              ("view.donations.map(\\.rating).count { $0 < 4.0 }", 4 + 4 + 4 * 3),
              // `last(where:)` from the end: 3, then 1.
              ("view.donations.map(\\.id).last { $0 < 3 }", 4 + 4 + 2 * 3),
              ("view.donations.map(\\.rating).last { $0 > 10.0 }", 4 + 4 + 4 * 3),
          ])
    func stepsOverArrayValues(expression: String, steps: Int) throws {
        for optimizes in [false, true] {
            // Short of steps, they run out at the same application; with plenty, those taken
            // are charged all at once, and are as many.
            #expect(stepsNeeded(expression, optimizes: optimizes) == steps)
            let program = try #require(RuleCompiler(optimizes: optimizes).compile(SourceFile(name: "test.rules", text: Fixture.header)).program)
            let compiled = try #require(RuleCompiler(optimizes: optimizes)
                .compileExpression(SourceFile(name: "<expr>", text: expression), in: program).expression)
            var store = DonationStore(program: program)
            #expect(DonationLog.load(Array(Fixture.log.utf8), fileName: "log.ndjson", into: &store).isEmpty)
            var evaluation = Evaluation(program: program, donations: store, options: EvaluationOptions(now: Fixture.date(Fixture.now)))
            _ = try evaluation.evaluate(compiled).outcome.get()
            #expect(evaluation.stepsTaken == steps, "\(expression), optimized: \(optimizes)")
        }
    }

    @Test("last(where:) over an array's values finds the last match, its value and where it is, fused or not")
    func lastWhereOverValues() {
        for optimizes in [false, true] {
            // Ids 1, 2, 1, 3 and ratings 4.5, 3, 5, 2.5: the last id below 3 is the second 1.
            #expect(Fixture.evaluate("view.donations.map(\\.id).last { $0 < 3 }", optimizes: optimizes) == "Int? = 1")
            #expect(Fixture.evaluate("view.donations.map(\\.rating).last { $0 > 4.0 }", optimizes: optimizes) == "Double? = 5.0")
            #expect(Fixture.evaluate("view.donations.map(\\.rating).last { $0 > 5.0 }", optimizes: optimizes) == "Double? = nil")
            #expect(Fixture.evaluate("view.donations.map { $0.id * 10 }.last { $0 != 30 && $0 > 0 }", optimizes: optimizes) == "Int? = 10")
        }
    }

    @Test("a number a declaration holds charges a step at every read once evaluated, as at the first", arguments: [
        ("total", "total + total", "total + total + total"), ("most", "most * 2 + most", "most * 2 + most + most"),
        ("total", "Double(most) + total", "Double(most) + total + total"),
    ])
    func declarationReads(first: String, twice: String, thrice: String) {
        // `let`s the optimizer cannot fold: the first read evaluates them, each later one reads
        // the number kept (one node, and the `+` before it).
        let rules = Fixture.header + "\nlet total = view.donations.map(\\.rating).reduce(0, +)\nlet most = view.donations.map(\\.id).max() ?? 0\n"
        let once = stepsNeeded(twice, rules: rules, optimizes: true), again = stepsNeeded(thrice, rules: rules, optimizes: true)
        #expect(once != nil && again == once.map { $0 + 2 }, "\(twice): \(once as Any), \(thrice): \(again as Any)")
        #expect(Fixture.evaluate(first, rules: rules).hasPrefix(first == "most" ? "Int" : "Double"))
    }

    @Test("a closure may say 'return' before its expression, as Swift allows")
    func closureReturn() {
        #expect(Fixture.evaluate("#Rule(didLogin) { return $0.donations.count > 2 }") == "Bool = true")
        #expect(Fixture.evaluate("view.donations.filter { d in return d.id == 1 }.count") == "Int = 2")
    }

    @Test("qualified references paste unchanged: the last component names the event or parameter", arguments: [
        ("#Rule(LandmarkTips.didLogin) { $0.donations.count > 2 }", "Bool = true"),
        ("#Rule(Self.$flag) { $0 == true }", "Bool = true"),
        ("AppEvents.Nested.view.donations.count", "Int = 4"),
        ("Self.level + 1", "Int = 3"),
        ("#Rule(LandmarkTips.didLogn) { $0.donations.isEmpty }", "error: cannot find 'didLogn' in scope"),
        ("Self.$nope", "error: cannot find parameter '$nope'; '$name' refers to a declared parameter"),
        ("landmarkTips.didLogin.donations.count", "error: cannot find 'landmarkTips' in scope"),
    ])
    func qualifiedReferences(expression: String, expected: String) {
        #expect(Fixture.evaluate(expression) == expected)
    }

    @Test("a qualifier that names no event's home, such as Foundation's Calendar, is noted as read")
    func unknownQualifiedReference() {
        let diagnostics = Fixture.compile("event e\nrule r = e.donations.contains { Calendar.current.isDateInToday($0.date) }").diagnostics
        #expect(diagnostics.map(\.message) == ["cannot find 'current' in scope"])
        #expect(diagnostics.first?.notes.map(\.message) == ["'Calendar' is skipped as the type in the app that would declare an event or parameter 'current'"])
        #expect(diagnostics.first?.notes.map { $0.file.location(of: $0.range.start).description } == ["2:33"])
    }

    @Test("a rule block takes a tip's rules builder body: every entry must hold, one per line")
    func ruleBlocks() {
        let rules = Fixture.header + """

        rule showTip {
            #Rule(Self.$flag) { $0 == true }
            #Rule(AppEvents.didLogin) { $0.donations.count >= 3 }
            level > 1
        }
        rule blocked {
            #Rule(didLogin) { $0.donations.count >= 3 }
            level > 5
        }
        rule always { }
        """
        let results = Fixture.evaluateAll(rules, log: Fixture.log)
        #expect(results["showTip"] == "true")
        #expect(results["blocked"] == "false")
        #expect(results["always"] == "true")
        #expect(Fixture.errors("rule r { true false }") == ["1:15: expected a new line, ';' or '}' after a rule entry, found 'false'"])
        // Swift's statement separator: a builder body pasted onto one line, and after declarations.
        #expect(Fixture.errors("event e; event f;\nrule r { #Rule(e) { $0.donations.isEmpty }; #Rule(f) { $0.donations.count == 0 }; }") == [])
        #expect(Fixture.evaluate("pasted", rules: Fixture.header + "\nrule pasted { true; #Rule(didLogin) { $0.donations.count > 2 } }") == "Bool = true")
        #expect(Fixture.evaluate("pasted", rules: Fixture.header + "\nrule pasted { true; #Rule(didLogin) { $0.donations.count > 9 } }") == "Bool = false")
        #expect(Fixture.errors("rule r { return [true]; true }") == ["1:25: expected '}' to end the rule block, found 'true'"])
        #expect(Fixture.errors("rule r { true;; true }") == ["1:15: expected an expression, found ';'"])
        #expect(Fixture.errors("rule r {\n    1 + 1\n}") == ["2:5: a rule must be 'Bool', but this expression is 'Int'"])
    }

    @Test("a runtime error points at the failing subexpression")
    func runtimeErrorRange() throws {
        let source = Fixture.header + "\nrule r = level > 0 && [1, 2][level] == 1"
        let program = try #require(Fixture.compile(source).program)
        var evaluation = Evaluation(program: program, donations: DonationStore(program: program))
        let evaluated = evaluation.evaluate("r")
        let result = try #require(evaluated)
        guard case .failure(let error) = result.outcome else { Issue.record("expected a runtime error"); return }
        #expect(error.code == "R0105")
        #expect(error.location.description == "7:23")
        #expect(error.file.text(in: error.range) == "[1, 2][level]")
    }

    @Test("declarations evaluate once, lazily, and share their failure")
    func lazyDeclarations() {
        let results = Fixture.evaluateAll("""
        parameter zero: Int = 0
        let boom = 1 / zero
        rule safe = false && boom > 0
        rule unsafe = boom > 0
        rule alsoUnsafe = boom == 1
        """)
        #expect(results["safe"] == "false")
        #expect(results["boom"] == "error: division by zero")
        #expect(results["unsafe"] == "error: division by zero")
        #expect(results["alsoUnsafe"] == "error: division by zero")
    }

    @Test("the step budget stops runaway evaluation")
    func stepBudget() {
        let rules = Fixture.header + "\nlet xs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]"
        let nested = "xs.filter { a in xs.filter { b in xs.filter { c in xs.contains { d in a + b + c + d == 7 } }.count > 0 }.count > 0 }.count"
        #expect(Fixture.evaluate(nested, rules: rules) == "Int = 4")
        #expect(Fixture.evaluate(nested, rules: rules, stepBudget: 5_000)
                == "runtime error: evaluation stopped after 5000 steps (the step budget); simplify the rule or raise the budget")
    }

    @Test("closures see their own parameters, nested closures too")
    func closures() {
        #expect(Fixture.evaluate("view.donations.filter { d in view.donations.contains { $0.id == d.id && $0.date != d.date } }.count") == "Int = 2")
        #expect(Fixture.evaluate("[1, 2, 3].map { x in [10, 20].map { y in x * y }.reduce(0) { $0 + $1 } }") == "[Int] = [30, 60, 90]")
        #expect(Fixture.evaluate("[1, 2].reduce(0) { acc, x in acc * 10 + x }") == "Int = 12")
    }

    /// `Int`, `Double`, `Date` and `Bool` parameters are kept unboxed; these read them back as
    /// values, through typed arithmetic, across the frame of a declaration a closure needs, and
    /// with the bit patterns (NaN, -0.0) that must survive.
    @Test("scalar closure parameters keep their values, in nested closures and across declarations", arguments: [
        ("[1, 2, 3].map { $0 }", "[Int] = [1, 2, 3]"),
        ("[Int.min, -1, Int.max].map { x in x }", "[Int] = [-9223372036854775808, -1, 9223372036854775807]"),
        ("[-0.0, Double.nan, 1.5].map { $0 }", "[Double] = [-0.0, nan, 1.5]"),
        ("[-0.0].map { 1 / $0 }", "[Double] = [-inf]"),
        ("[true, false].map { !$0 }", "[Bool] = [false, true]"),
        ("[true, false].filter { $0 }.count", "Int = 1"),
        ("view.donations.map(\\.date).map { $0 }.count", "Int = 4"),
        ("view.donations.map(\\.date).sorted { a, b in a > b }.first == view.donations.map(\\.date).max()", "Bool = true"),
        ("[1, 2].reduce(0.5) { acc, x in acc + Double(x) }", "Double = 3.5"),
        ("[1, 2, 3].map { x in x + total }", "[Int] = [61, 62, 63]"),
        ("[1, 2].map { x in [10, 20].map { y in y + x + total }.reduce(0) { $0 + $1 } + x }", "[Int] = [153, 156]"),
        ("[3, 4].map { x in scaled.reduce(x) { $0 + $1 } }", "[Int] = [123, 124]"),
        ("[1, 2].contains { x in [x, x + 1].allSatisfy { y in flags.contains(y > 1) } }", "Bool = true"),
    ])
    func scalarParameters(expression: String, expected: String) {
        let rules = Fixture.header + """

            let total = [10, 20, 30].reduce(0) { a, b in a + b }
            let scaled = [10, 20, 30].map { v in v * 2 }
            let flags = [1, 2].map { n in n > 1 }
            """
        #expect(Fixture.evaluate(expression, rules: rules) == expected)
    }

    @Test("a closure parameter shadows a declaration of the same name")
    func shadowing() {
        #expect(Fixture.evaluate("[5].map { level in level + 1 }") == "[Int] = [6]")
    }

    @Test("#Rule binds $0 to an event or a parameter")
    func ruleMacro() {
        #expect(Fixture.evaluate("#Rule(view) { $0.donations.count > 3 }") == "Bool = true")
        #expect(Fixture.evaluate("#Rule($flag) { $0 == true }") == "Bool = true")
        #expect(Fixture.evaluate("#Rule(didLogin) { e in e.donations.count == 3 && level == 2 }") == "Bool = true")
    }

    @Test("parameter values from the host replace the defaults; wrong ones are refused")
    func parameterOverride() throws {
        let program = try #require(Fixture.compile(Fixture.header + "\nrule r = flag && level > 2\nlet n = nickname ?? \"-\"").program)
        var evaluation = Evaluation(program: program, donations: DonationStore(program: program))
        guard case .success(.bool(false))? = evaluation.evaluate("r")?.outcome else { Issue.record("expected false"); return }
        try evaluation.setParameter("level", .int(3))
        try evaluation.setParameter("nickname", .string("Ann"))
        guard case .success(.bool(true))? = evaluation.evaluate("r")?.outcome else { Issue.record("expected true"); return }
        guard case .success(.string("Ann"))? = evaluation.evaluate("n")?.outcome else { Issue.record("expected Ann"); return }
        func refusal(_ name: String, _ value: Value) -> String? {
            do { try evaluation.setParameter(name, value) } catch { return "\(error.code) \(error.message)" }
            return nil
        }
        #expect(refusal("level", .double(3)) == "P0102 parameter 'level' needs a value of type 'Int'")
        #expect(refusal("flag", .null) == "P0102 parameter 'flag' needs a value of type 'Bool'")
        #expect(refusal("levle", .int(1)) == "P0101 no parameter named 'levle'; did you mean 'level'?")
        try evaluation.setParameter("nickname", .null)
        guard case .success(.string("-"))? = evaluation.evaluate("n")?.outcome else { Issue.record("expected -"); return }
    }

    /// An evaluation keeps each declaration it evaluated (the first four inline, the rest in a
    /// box shared by copies until one changes, searched while few, then by slot): a copy that
    /// sets a parameter forgets its own, never the original's. Chains of every length cross
    /// each of those places.
    @Test("a copy of an evaluation that sets a parameter forgets its own declarations, not the original's",
          arguments: [3, 4, 5, 16, 20, 21, 40])
    func copiedEvaluation(lets: Int) throws {
        // v0 = level, v_i = v_(i-1) + i: v_i = level + i (i + 1) / 2; the rule reads the last
        // and the first, so it needs every one.
        var lines = [Fixture.header, "let v0 = level"]
        for index in 1..<lets { lines.append("let v\(index) = v\(index - 1) + \(index)") }
        lines.append("rule r = v\(lets - 1) + v0 > 1000")
        let program = try #require(Fixture.compile(lines.joined(separator: "\n")).program)
        func expected(_ index: Int, level: Int) -> Int { level + index * (index + 1) / 2 }
        var original = Evaluation(program: program, donations: DonationStore(program: program))
        guard case .success(.bool(let holds))? = original.evaluate("r")?.outcome else { Issue.record("no r"); return }
        #expect(holds == (expected(lets - 1, level: 2) + 2 > 1000))
        let steps = original.stepsTaken
        var copy = original
        try copy.setParameter("level", .int(500))
        guard case .success(.int(let last))? = copy.evaluate("v\(lets - 1)")?.outcome else { Issue.record("no last"); return }
        #expect(last == expected(lets - 1, level: 500))
        // The original answers from what it kept: the same values, no step more.
        for index in (0..<lets).reversed() {
            guard case .success(.int(let value))? = original.evaluate("v\(index)")?.outcome else { Issue.record("no v\(index)"); continue }
            #expect(value == expected(index, level: 2), "v\(index)")
        }
        #expect(original.stepsTaken == steps)
        // The copy evaluates the rest anew with its own parameter.
        for index in 0..<lets {
            guard case .success(.int(let value))? = copy.evaluate("v\(index)")?.outcome else { Issue.record("no v\(index)"); continue }
            #expect(value == expected(index, level: 500), "copy's v\(index)")
        }
        guard case .success(.bool(true))? = copy.evaluate("r")?.outcome else { Issue.record("expected true"); return }
    }
}

@Suite("Resource bounds")
struct ResourceBoundTests {
    @Test("doubling a string or an array through a chain of lets stops at the step budget, not at memory exhaustion",
          arguments: ["\"0123456789abcdef\"", "[1, 2, 3, 4]"])
    func doubling(seed: String) {
        var lines = ["let v0 = \(seed)"]
        for index in 1...60 { lines.append("let v\(index) = v\(index - 1) + v\(index - 1)") }
        lines.append("rule big = v60.isEmpty")
        let results = Fixture.evaluateAll(lines.joined(separator: "\n"))
        #expect(results["big"]?.hasPrefix("error: evaluation stopped after") == true)
    }
}

@Suite("Total budget")
struct TotalBudgetTests {
    @Test("many expensive declarations together stop at the total budget")
    func total() throws {
        let lines = ["let xs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]"] + (0..<20).map {
            "rule r\($0) = xs.filter { a in xs.filter { b in xs.contains { c in a + b + c == \($0) } }.count > 0 }.count > 0"
        }
        let program = try #require(Fixture.compile(lines.joined(separator: "\n")).program)
        var evaluation = Evaluation(program: program, donations: DonationStore(program: program),
                                    options: EvaluationOptions(stepBudget: 20_000, totalStepBudget: 60_000))
        let outcomes = evaluation.evaluateAll().map { result -> String in
            if case .failure(let error) = result.outcome { return error.message }
            return "ok"
        }
        #expect(outcomes.first == "ok")
        #expect(outcomes.last == "evaluation stopped: together the declarations used the total step budget of 60000 steps")
    }
}

@Suite("Donation sources")
struct DonationSourceTests {
    /// A source that loads its log into a new store at every request, so the stream it gives
    /// is held by nothing but the evaluation that asked (a database's snapshot is like this).
    struct FreshStreams: DonationSource {
        let events: [EventSchema]
        let log: String

        func stream(for event: EventSchema) throws(Diagnostic) -> DonationStream {
            var store = DonationStore(events: events)
            _ = DonationLog.load(Array(log.utf8), fileName: "log.ndjson", into: &store)
            return try store.stream(for: event)
        }
    }

    @Test("streams only the evaluation holds stay readable: first, second and further events, each read again")
    func freshStreams() throws {
        let rules = """
        event a { x: Int }
        event b { x: Int }
        event c { x: Int }
        let r = a.donations.count * 100 + b.donations.last!.x * 10 + c.donations.first!.x \
        + a.donations.filter { $0.x > 1 }.count + b.donations.count + c.donations.reduce(0) { $0 + $1.x }
        """
        let log = (0..<6).map { index in
            "{\"event\": \"\(["a", "b", "c"][index % 3])\", \"date\": \"2026-11-2\(index)T10:00:00Z\", \"value\": {\"x\": \(index + 1)}}"
        }.joined(separator: "\n")
        let program = try #require(Fixture.compile(rules).program)
        let options = EvaluationOptions(now: Fixture.date(Fixture.now))
        var store = DonationStore(program: program)
        #expect(DonationLog.load(Array(log.utf8), fileName: "log.ndjson", into: &store).isEmpty)
        var overStore = Evaluation(program: program, donations: store, options: options)
        var overFresh = Evaluation(program: program, donations: FreshStreams(events: program.events, log: log), options: options)
        let expected = try overStore.evaluate("r")?.outcome.get()
        // a: 1, 4; b: 2, 5; c: 3, 6.
        #expect(expected == .int(200 + 50 + 3 + 1 + 2 + 9))
        #expect(try overFresh.evaluate("r")?.outcome.get() == expected)
    }
}
