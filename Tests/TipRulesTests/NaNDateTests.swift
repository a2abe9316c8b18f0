import Foundation
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// A NaN date (`d.addingTimeInterval(.nan)`) compares as Foundation's `Date` compares it:
/// `Date` defines only `<` and `==`, so `a <= b` is `!(b < a)` and holds when either is NaN,
/// and `max`, ranges and their `contains` follow. Each expected value here is computed by
/// Foundation itself, on the fixture's donation dates, and every expression is evaluated both
/// with the optimizer's fused operations and by the general evaluator alone.
@Suite("NaN dates compare as Foundation's Date")
struct NaNDateTests {
    static let rules = Fixture.header + """

    let nan = Date.distantPast.addingTimeInterval(.nan)
    let soon = Date.now.addingTimeInterval(60)
    """

    /// The fixture's `view` donation dates and ratings, and its clock, as Foundation values.
    static let views = ["2026-11-10T10:00:00Z", "2026-11-11T10:00:00Z", "2026-11-12T10:00:00Z", "2026-11-29T10:00:00Z"].map(Fixture.date)
    static let ratings = [4.5, 3, 5, 2.5]
    static let seen: [Date?] = [nil, nil, Fixture.date("2026-11-12T09:00:00Z"), nil]
    static let logins = ["2026-11-20T10:00:00Z", "2026-11-28T10:00:00Z", "2026-11-30T11:00:00Z"].map(Fixture.date)
    static let now = Fixture.date(Fixture.now)
    static let nan = Date.distantPast.addingTimeInterval(.nan)
    static let soon = now.addingTimeInterval(60)

    static func bool(_ value: Bool) -> String { "Bool = \(value)" }
    static func int(_ value: Int) -> String { "Int = \(value)" }

    static let cases: [(String, String)] = [
        // The operators.
        ("nan <= Date.now", bool(nan <= now)), ("nan >= Date.now", bool(nan >= now)),
        ("Date.now <= nan", bool(now <= nan)), ("Date.now >= nan", bool(now >= nan)),
        ("nan <= nan", bool(nan <= nan)), ("nan < Date.now", bool(nan < now)), ("nan > Date.now", bool(nan > now)),
        ("nan == nan", bool(nan == nan)), ("nan != nan", bool(nan != nan)),
        ("Date.distantPast.addingTimeInterval(.nan) >= .distantFuture", bool(Date.distantPast.addingTimeInterval(.nan) >= .distantFuture)),
        ("(Date.distantFuture + .infinity - .infinity) <= .distantPast",
         bool((Date.distantFuture + .infinity - .infinity) <= .distantPast)),
        // max and min, of two and of more, and as functions passed by name.
        ("max(nan, Date.now) == Date.now", bool(max(nan, now) == now)),
        ("max(Date.now, nan) == Date.now", bool(max(now, nan) == now)),
        ("min(nan, Date.now) == Date.now", bool(min(nan, now) == now)),
        ("min(Date.now, nan) == Date.now", bool(min(now, nan) == now)),
        ("max(Date.now, nan, .distantPast) == .distantPast", bool(max(now, nan, .distantPast) == .distantPast)),
        ("max(nan, soon, Date.now) == Date.now", bool(max(nan, soon, now) == now)),
        ("[nan, Date.now].max() == Date.now", bool([nan, now].max() == now)),
        ("[Date.now, nan].max() == Date.now", bool([now, nan].max() == now)),
        // Ranges: a NaN bound makes one, and `contains` compares as `<=` does.
        ("(nan...Date.now).contains(Date.now)", bool((nan...now).contains(now))),
        ("(Date.now...nan).contains(.distantPast)", bool((now...nan).contains(.distantPast))),
        ("(nan..<Date.now).contains(.distantFuture)", bool((nan..<now).contains(.distantFuture))),
        ("(nan...nan).contains(Date.now)", bool((nan...nan).contains(now))),
        ("(Date.now...soon).contains(nan)", bool((now...soon).contains(nan))),
        ("(nan...Date.now).lowerBound <= .distantPast", bool((nan...now).lowerBound <= .distantPast)),
        // In closures over donations: scans, date windows, folds, maps, nested scans.
        ("view.donations.filter { $0.date >= nan }.count", int(views.filter { $0 >= nan }.count)),
        ("view.donations.filter { $0.date <= nan }.count", int(views.filter { $0 <= nan }.count)),
        ("view.donations.filter { nan <= $0.date }.count", int(views.filter { nan <= $0 }.count)),
        ("view.donations.filter { $0.date > nan }.count", int(views.filter { $0 > nan }.count)),
        ("view.donations.count(where: { $0.date >= nan && $0.rating > 4 })",
         int(zip(views, ratings).filter { $0.0 >= nan && $0.1 > 4 }.count)),
        ("view.donations.first { $0.date <= nan }?.rating ?? 0", "Double = \(zip(views, ratings).first { $0.0 <= nan }?.1 ?? 0)"),
        ("view.donations.last(where: { nan >= $0.date })?.rating ?? 0", "Double = \(Array(zip(views, ratings)).last { nan >= $0.0 }?.1 ?? 0)"),
        ("view.donations.filter { $0.date.addingTimeInterval($0.rating * .nan) >= Date.now }.count",
         int(zip(views, ratings).filter { $0.0.addingTimeInterval($0.1 * .nan) >= now }.count)),
        ("view.donations.filter { $0.date >= (flag ? nan : Date.now) }.count", int(views.filter { $0 >= nan }.count)),
        ("view.donations.allSatisfy { $0.seen ?? nan <= $0.date }", bool(zip(seen, views).allSatisfy { ($0.0 ?? nan) <= $0.1 })),
        ("view.donations.filter { $0.date >= max(nan, .distantPast) }.count", int(views.filter { $0 >= max(nan, .distantPast) }.count)),
        ("view.donations.filter { (nan...Date.now).contains($0.date) }.count", int(views.filter { (nan...now).contains($0) }.count)),
        ("view.donations.filter { (Date.now...nan).contains($0.date) }.count", int(views.filter { (now...nan).contains($0) }.count)),
        ("view.donations.filter { ($0.date...nan).contains(Date.now) }.count", int(views.filter { ($0...nan).contains(now) }.count)),
        ("view.donations.reduce(nan) { max($0, $1.date) } == view.donations.last!.date",
         bool(views.reduce(nan) { max($0, $1) } == views.last!)),
        ("view.donations.reduce(nan) { max($1.date, $0) }.timeIntervalSince(Date.now).isNaN",
         bool(views.reduce(nan) { max($1, $0) }.timeIntervalSince(now).isNaN)),
        ("view.donations.reduce(Date.distantPast) { max($0, $1.date.addingTimeInterval($1.rating > 4 ? .nan : 0)) } == view.donations.last!.date",
         bool(zip(views, ratings).reduce(Date.distantPast) { max($0, $1.0.addingTimeInterval($1.1 > 4 ? .nan : 0)) } == views.last!)),
        ("view.donations.reduce(nan) { $1.date >= $0 ? $1.date : $0 } == view.donations.last!.date",
         bool(views.reduce(nan) { $1 >= $0 ? $1 : $0 } == views.last!)),
        ("view.donations.map(\\.date).reduce(nan, max) == view.donations.last!.date", bool(views.reduce(nan, max) == views.last!)),
        ("view.donations.map(\\.date).reduce(nan, min).timeIntervalSince(Date.now).isNaN", bool(views.reduce(nan, min).timeIntervalSince(now).isNaN)),
        ("view.donations.map { max($0.date, nan) }.count(where: { $0.timeIntervalSince(Date.now).isNaN })",
         int(views.map { max($0, nan) }.filter { $0.timeIntervalSince(now).isNaN }.count)),
        ("view.donations.map { max(nan, $0.date) } == view.donations.map(\\.date)", bool(views.map { max(nan, $0) } == views)),
        ("view.donations.map { $0.date.addingTimeInterval($0.rating > 4 ? .nan : 0) }.filter { $0 <= soon }.count",
         int(zip(views, ratings).map { $0.0.addingTimeInterval($0.1 > 4 ? .nan : 0) }.filter { $0 <= soon }.count)),
        ("view.donations.map { $0.date.addingTimeInterval($0.rating > 4 ? .nan : 0) }.filter { $0 >= Date.now }.count",
         int(zip(views, ratings).map { $0.0.addingTimeInterval($0.1 > 4 ? .nan : 0) }.filter { $0 >= now }.count)),
        ("view.donations.contains { v in didLogin.donations.contains { $0.date <= v.date.addingTimeInterval(v.rating * .nan) } }",
         bool(zip(views, ratings).contains { v in logins.contains { $0 <= v.0.addingTimeInterval(v.1 * .nan) } })),
        ("view.donations.filter { v in didLogin.donations.contains { $0.date >= nan } }.count",
         int(views.filter { _ in logins.contains { $0 >= nan } }.count)),
        ("[nan, Date.now].filter { $0 >= Date.now }.count", int([nan, now].filter { $0 >= now }.count)),
        ("[nan, Date.now].contains { $0 <= .distantPast }", bool([nan, now].contains { $0 <= .distantPast })),
        ("[nan, Date.now].allSatisfy { $0 >= .distantPast }", bool([nan, now].allSatisfy { $0 >= .distantPast })),
    ]

    @Test("comparisons, max, ranges and scans with a NaN date give Foundation's answers", arguments: cases)
    func foundationsAnswers(expression: String, expected: String) {
        #expect(Fixture.evaluate(expression, rules: Self.rules) == expected, "optimized")
        #expect(Fixture.evaluate(expression, rules: Self.rules, optimizes: false) == expected, "unoptimized")
    }

}
