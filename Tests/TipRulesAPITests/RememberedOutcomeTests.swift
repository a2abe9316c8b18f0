import Foundation
import Synchronization
import Testing
import TipRules

/// An engine remembers what it last answered for each rule and answers again from it while
/// nothing the rule depends on changed. These ask the same rule before and after every kind of
/// change: each answer must be what a fresh engine over the same inputs gives.
@Suite("Remembered outcomes")
struct RememberedOutcomeTests {
    static let rules = """
    event didLogin
    event didOpen(maxAge: .days(2))
    event didRate { score: Int }
    parameter isPro: Bool = false
    parameter span: Int = 7

    let logins = didLogin.donations.count
    let recentLogins = didLogin.donations.donatedWithin(.week).count
    let opens = didOpen.donations.count
    let total = didRate.donations.reduce(0) { $0 + $1.score }
    let clock = Date.now
    rule everyone = logins >= 2 || isPro
    rule lately = recentLogins >= 2
    rule heavy = didRate.donations.count { $0.score > 3 } >= 3
    let flexible = didLogin.donations.donatedWithin(.days(span)).count
    let monthly = didRate.donations.donatedWithin(.month).filter { $0.score > 2 }.count + opens
    let lastLogin = didLogin.donations.last?.date
    let overBudget = didRate.donations.map { $0.score * 2 }.filter { $0 > 0 }.count
    let recentHigh = didRate.donations.filter { Date.now.timeIntervalSince($0.date) < 86400 * 3 && $0.score > 2 }.count
    let ratedSoonAfter = didLogin.donations.filter { l in didRate.donations.contains { $0.date > l.date && $0.date.timeIntervalSince(l.date) < 86400 } }.count
    let settled = didRate.donations.allSatisfy { $0.date <= Date.now.addingTimeInterval(-86400) && $0.score < 6 }
    let latestPast = didRate.donations.last { $0.date < Date.now && $0.score > 1 }?.score ?? -1
    """

    @Test("a donation, a deletion, a load and an eviction are seen at once")
    func donationsChange() throws {
        let engine = RuleEngine(rules: try RuleSet(source: Self.rules, name: "remembered.rules"), clock: .fixed(Host.now))
        let didLogin = try engine.event("didLogin")
        #expect(try engine.value(of: "logins", as: Int.self) == 0)
        #expect(try !engine.isSatisfied("everyone"))
        try didLogin.donate(EmptyDonation(), at: Host.now.addingTimeInterval(-60))
        #expect(try engine.value(of: "logins", as: Int.self) == 1)
        try didLogin.donate(EmptyDonation(), at: Host.now.addingTimeInterval(-30))
        #expect(try engine.isSatisfied("everyone"))
        #expect(try engine.value(of: "logins", as: Int.self) == 2)
        try didLogin.deleteDonations()
        #expect(try !engine.isSatisfied("everyone"))
        #expect(try engine.value(of: "logins", as: Int.self) == 0)
        let log = """
        {"event":"didLogin","date":"2026-11-30T10:00:00Z"}
        {"event":"didLogin","date":"2026-11-30T11:00:00Z"}
        {"event":"didLogin","date":"2026-11-30T11:30:00Z"}
        {"event":"didOpen","date":"2026-11-20T11:30:00Z"}
        """
        #expect(try engine.loadDonations(ndjson: Array(log.utf8)).isEmpty)
        #expect(try engine.value(of: "logins", as: Int.self) == 3)
        #expect(try engine.isSatisfied("everyone"))
        // The open is past its event's `maxAge`: never seen, and evicted on load.
        #expect(try engine.value(of: "opens", as: Int.self) == 0)
    }

    @Test("a parameter set or reset is seen at once")
    func parametersChange() throws {
        let engine = RuleEngine(rules: try RuleSet(source: Self.rules, name: "remembered.rules"), clock: .fixed(Host.now))
        let isPro = try engine.parameter("isPro", as: Bool.self)
        #expect(try !engine.isSatisfied("everyone"))
        try isPro.set(true)
        #expect(try engine.isSatisfied("everyone"))
        #expect(try engine.isSatisfied("everyone"))
        isPro.reset()
        #expect(try !engine.isSatisfied("everyone"))
    }

    @Test("a donation dated after the clock appears when the clock passes it, even in a rule that never reads the clock")
    func futureDonation() throws {
        let engine = RuleEngine(rules: try RuleSet(source: Self.rules, name: "remembered.rules"), clock: .fixed(Host.now))
        let didLogin = try engine.event("didLogin")
        try didLogin.donate(EmptyDonation(), at: Host.now.addingTimeInterval(-60))
        try didLogin.donate(EmptyDonation(), at: Host.now.addingTimeInterval(3600))
        #expect(try engine.value(of: "logins", as: Int.self) == 1)
        #expect(try !engine.isSatisfied("everyone"))
        engine.clock = .fixed(Host.now.addingTimeInterval(1800))
        #expect(try engine.value(of: "logins", as: Int.self) == 1)
        engine.clock = .fixed(Host.now.addingTimeInterval(3600))
        #expect(try engine.value(of: "logins", as: Int.self) == 2)
        #expect(try engine.isSatisfied("everyone"))
        // And back: the clock decides what exists.
        engine.clock = .fixed(Host.now)
        #expect(try engine.value(of: "logins", as: Int.self) == 1)
        #expect(try !engine.isSatisfied("everyone"))
    }

    @Test("rules that read the clock follow it: windows, maxAge, Date.now, and rules that use them")
    func clockReaders() throws {
        let engine = RuleEngine(rules: try RuleSet(source: Self.rules, name: "remembered.rules"), clock: .fixed(Host.now))
        let didLogin = try engine.event("didLogin")
        let didOpen = try engine.event("didOpen")
        for minutes in [10.0, 20.0] { try didLogin.donate(EmptyDonation(), at: Host.now.addingTimeInterval(-60 * minutes)) }
        try didOpen.donate(EmptyDonation(), at: Host.now.addingTimeInterval(-60))
        #expect(try engine.isSatisfied("lately"))
        #expect(try engine.value(of: "opens", as: Int.self) == 1)
        #expect(try engine.value(of: "clock", as: Date.self) == Host.now)
        engine.clock = .fixed(Host.now.addingTimeInterval(8 * 86_400))
        #expect(try !engine.isSatisfied("lately"))
        #expect(try engine.value(of: "recentLogins", as: Int.self) == 0)
        #expect(try engine.value(of: "opens", as: Int.self) == 0)
        #expect(try engine.value(of: "clock", as: Date.self) == Host.now.addingTimeInterval(8 * 86_400))
        // The logins are still there for a rule without a window.
        #expect(try engine.value(of: "logins", as: Int.self) == 2)
    }

    @Test("a clock that moves at every read: a rule without the clock keeps its answer, Date.now does not")
    func movingClock() throws {
        let ticks = Atomic<Int>(0)
        let clock = EvaluationClock { Host.now.addingTimeInterval(Double(ticks.add(1, ordering: .relaxed).newValue)) }
        let engine = RuleEngine(rules: try RuleSet(source: Self.rules, name: "remembered.rules"), clock: clock)
        let didRate = try engine.event("didRate", donationInfo: Score.self)
        for score in [4, 5, 1, 5] { try didRate.donate(Score(score: score), at: Host.now.addingTimeInterval(-600)) }
        #expect(try engine.isSatisfied("heavy"))
        #expect(try engine.value(of: "total", as: Int.self) == 15)
        #expect(try engine.isSatisfied("heavy"))
        let first = try engine.value(of: "clock", as: Date.self)
        let second = try engine.value(of: "clock", as: Date.self)
        #expect(second > first)
        try didRate.donate(Score(score: 2), at: Host.now.addingTimeInterval(-60))
        #expect(try engine.value(of: "total", as: Int.self) == 17)
    }

    @Test("a rule that reads Date.now follows a clock that moves, stands, comes back and moves on, with donations between")
    func clockThatStands() throws {
        let engine = RuleEngine(rules: try RuleSet(source: Self.rules, name: "remembered.rules"), clock: .fixed(Host.now))
        let didRate = try engine.event("didRate", donationInfo: Score.self)
        try didRate.donate(Score(score: 4), at: Host.now.addingTimeInterval(-86400 * 2))
        // (Seconds from now, asked twice or more where the clock stands; a donation after step 9.)
        let moves: [Double] = [0, 10, 20, 20, 20, 0, 0, 86400, 86400, 20, 20, 30, 0]
        for (step, offset) in moves.enumerated() {
            if step == 9 { try didRate.donate(Score(score: 5), at: Host.now.addingTimeInterval(-60)) }
            let clock = Host.now.addingTimeInterval(offset)
            engine.clock = .fixed(clock)
            #expect(try engine.value(of: "clock", as: Date.self) == clock, "step \(step)")
            // Ratings of more than 2 within three days of the clock.
            let expected = (offset < 86400 ? 1 : 0) + (step >= 9 ? 1 : 0)
            #expect(try engine.value(of: "recentHigh", as: Int.self) == expected, "step \(step)")
            #expect(try engine.evaluate(expression: "Date.now.timeIntervalSince(didRate.donations.first!.date)").decode(as: Double.self)
                    == offset + 86400 * 2, "step \(step)")
        }
    }

    @Test("a window's answer holds while the clock moves until a donation leaves the window or a new one is reached")
    func windowEdges() throws {
        let engine = RuleEngine(rules: try RuleSet(source: Self.rules, name: "remembered.rules"), clock: .fixed(Host.now))
        let didLogin = try engine.event("didLogin")
        let week = 7 * 86_400.0
        // One leaves the week 30 s after `now`, one is donated 90 s after `now`.
        for offset in [-week + 30, -3600, 90] { try didLogin.donate(EmptyDonation(), at: Host.now.addingTimeInterval(offset)) }
        let expected: [(Double, Int)] = [(0, 2), (10, 2), (29, 2), (30, 2), (31, 1), (60, 1), (89, 1), (90, 2), (120, 2),
                                         (30, 2), (-3600, 2), (-3601, 1), (0, 2), (week - 3600, 2), (week - 3599, 1)]
        for (offset, count) in expected {
            engine.clock = .fixed(Host.now.addingTimeInterval(offset))
            #expect(try engine.value(of: "recentLogins", as: Int.self) == count, "clock at now + \(offset) s")
            #expect(try engine.isSatisfied("lately") == (count >= 2), "clock at now + \(offset) s")
            #expect(try engine.value(of: "flexible", as: Int.self) == count, "clock at now + \(offset) s")
        }
    }

    @Test("errors are answered again as they were, and a new step budget is applied at once")
    func errorsAndBudget() throws {
        let engine = RuleEngine(rules: try RuleSet(source: Self.rules, name: "remembered.rules"), clock: .fixed(Host.now))
        let didRate = try engine.event("didRate", donationInfo: Score.self)
        for score in 1...50 { try didRate.donate(Score(score: score), at: Host.now.addingTimeInterval(-600)) }
        #expect(try engine.value(of: "overBudget", as: Int.self) == 50)
        engine.stepBudget = 20
        let failed = try engine.evaluate("overBudget")
        #expect(failed.error?.code == "R0111")
        #expect(try engine.evaluate("overBudget").error?.summary == failed.error?.summary)
        engine.stepBudget = 1_000_000
        #expect(try engine.value(of: "overBudget", as: Int.self) == 50)
    }

    @Test("over random donations and clock moves, every answer is a fresh engine's", arguments: [1, 2, 3, 4])
    func randomMoves(seed: UInt64) throws {
        let rules = try RuleSet(source: Self.rules, name: "remembered.rules")
        var random = SplitMix(seed: seed)
        let day = 86_400.0
        var logins: [Date] = [], opens: [Date] = [], rates: [(Date, Int)] = []
        for _ in 0..<12 { logins.append(Host.now.addingTimeInterval(random.next(in: -9 * day...2 * day).rounded())) }
        for _ in 0..<6 { opens.append(Host.now.addingTimeInterval(random.next(in: -4 * day...day).rounded())) }
        for _ in 0..<12 { rates.append((Host.now.addingTimeInterval(random.next(in: -40 * day...day).rounded()), Int(random.next(in: 0...6)))) }

        // Each fresh engine compiles the rules again: engines of one rule set share what
        // evaluations keep between them (bound filters, date windows), which must not decide.
        func engine(at clock: Date, rules: RuleSet? = nil) throws -> RuleEngine {
            let engine = RuleEngine(rules: try rules ?? RuleSet(source: Self.rules, name: "fresh.rules"), clock: .fixed(clock))
            let didLogin = try engine.event("didLogin"), didOpen = try engine.event("didOpen")
            let didRate = try engine.event("didRate", donationInfo: Score.self)
            for date in logins { try didLogin.donate(EmptyDonation(), at: date) }
            for date in opens { try didOpen.donate(EmptyDonation(), at: date) }
            for (date, score) in rates { try didRate.donate(Score(score: score), at: date) }
            return engine
        }

        let remembering = try engine(at: Host.now, rules: rules)
        let names = rules.declarationNames
        var clock = Host.now
        for step in 0..<60 {
            // Small steps cross a few donations and window starts, large ones many.
            let move = [1.0, 30, 600, 3600, day, 3 * day][Int(random.next(in: 0...5.99))]
            clock = clock.addingTimeInterval(random.next(in: -0.4...1) * move)
            remembering.clock = .fixed(clock)
            let expected = try engine(at: clock).evaluateAll().map(\.description)
            for (offset, name) in names.enumerated().shuffled(using: &random) {
                #expect(try remembering.evaluate(name).description == expected[offset], "step \(step), \(name) at \(clock)")
            }
        }
    }

    /// Expressions asked through `evaluate(expression:)`: more than the engine keeps compiled,
    /// so they evict one another.
    static let expressions = [
        "didLogin.donations.count", "didLogin.donations.donatedWithin(.week).count", "didOpen.donations.count",
        "didRate.donations.reduce(0) { $0 + $1.score }", "Date.now", "logins >= 2 || isPro", "recentLogins >= 2",
        "didRate.donations.count { $0.score > 3 } >= 3", "didLogin.donations.donatedWithin(.days(span)).count",
        "didRate.donations.donatedWithin(.month).filter { $0.score > 2 }.count + opens", "didLogin.donations.last?.date",
        "didRate.donations.filter { Date.now.timeIntervalSince($0.date) < 86400 * 3 && $0.score > 2 }.count",
        "didRate.donations.allSatisfy { $0.date <= Date.now.addingTimeInterval(-86400) && $0.score < 6 }",
        "didRate.donations.last { $0.date < Date.now && $0.score > 1 }?.score ?? -1", "total * 2", "span + 1",
        "didRate.donations.map(\\.score).max() ?? 0", "didLogin.donations.donatedWithin(.hours(5)).isEmpty",
        "didOpen.donations.donatedWithin(.day).count + logins", "didRate.donations.map { $0.score * 1000 }.reduce(Int.max - 10, +)",
        "didRate.donations.filter { $0.date.timeIntervalSinceNow > -86400 * 2 }.count",
    ]

    @Test("expressions are answered again as a fresh engine answers them, across changes and evictions", arguments: [5, 6])
    func rememberedExpressions(seed: UInt64) throws {
        #expect(Self.expressions.count > 16)
        let rules = try RuleSet(source: Self.rules, name: "remembered.rules")
        var random = SplitMix(seed: seed)
        let day = 86_400.0
        var logins: [Date] = [], rates: [(Date, Int)] = []
        for _ in 0..<8 { logins.append(Host.now.addingTimeInterval(random.next(in: -9 * day...2 * day).rounded())) }
        for _ in 0..<8 { rates.append((Host.now.addingTimeInterval(random.next(in: -40 * day...day).rounded()), Int(random.next(in: 0...6)))) }
        var isPro = false

        func engine(at clock: Date, rules: RuleSet? = nil) throws -> RuleEngine {
            let engine = RuleEngine(rules: try rules ?? RuleSet(source: Self.rules, name: "fresh.rules"), clock: .fixed(clock))
            try engine.parameter("isPro", as: Bool.self).set(isPro)
            let didLogin = try engine.event("didLogin")
            let didRate = try engine.event("didRate", donationInfo: Score.self)
            for date in logins { try didLogin.donate(EmptyDonation(), at: date) }
            for (date, score) in rates { try didRate.donate(Score(score: score), at: date) }
            return engine
        }

        let remembering = try engine(at: Host.now, rules: rules)
        var clock = Host.now
        for step in 0..<40 {
            switch Int(random.next(in: 0...3.99)) {
            case 0:
                clock = clock.addingTimeInterval(random.next(in: -0.4...1) * [1.0, 600, day][Int(random.next(in: 0...2.99))])
                remembering.clock = .fixed(clock)
            case 1:
                let date = clock.addingTimeInterval(random.next(in: -3 * day...3600).rounded())
                logins.append(date)
                try remembering.event("didLogin").donate(EmptyDonation(), at: date)
            case 2:
                isPro.toggle()
                try remembering.parameter("isPro", as: Bool.self).set(isPro)
            default:
                break
            }
            let fresh = try engine(at: clock)
            // Asked in a random order, some twice, so the kept expressions change places.
            let asked = (Self.expressions + Self.expressions.prefix(5)).shuffled(using: &random)
            for text in asked {
                #expect(try remembering.evaluate(expression: text).description == fresh.evaluate(expression: text).description,
                        "step \(step), \(text) at \(clock)")
            }
        }
    }

    @Test("expressions asked from many threads at once, evicting one another, each get their own answer")
    func concurrentExpressions() async throws {
        let engine = RuleEngine(rules: try RuleSet(source: Self.rules, name: "remembered.rules"), clock: .fixed(Host.now))
        let didRate = try engine.event("didRate", donationInfo: Score.self)
        for score in 1...30 { try didRate.donate(Score(score: score % 7), at: Host.now.addingTimeInterval(Double(-600 * score))) }
        let texts = (0..<40).map { "didRate.donations.filter { $0.score > \($0 % 7) }.count * 100 + \($0)" }
        let expected = try texts.map { try engine.evaluate(expression: $0).description }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask { () throws -> Void in
                    for round in 0..<200 {
                        let index = (round * 7 + worker * 13) % texts.count
                        #expect(try engine.evaluate(expression: texts[index]).description == expected[index])
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// A small deterministic generator, so a failure repeats.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func next(in range: ClosedRange<Double>) -> Double {
            Double.random(in: range, using: &self)
        }
    }

    struct Score: Codable, Sendable {
        var score: Int
    }
}
