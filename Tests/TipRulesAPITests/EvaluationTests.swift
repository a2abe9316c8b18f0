import Foundation
import Testing
import TipRules

@Suite("Parameters and evaluation")
struct EvaluationTests {
    @Test("typed parameters read their default, take new values and reset, as @Parameter does")
    func parameters() throws {
        let engine = try Host.engine()
        let isLoggedIn = try engine.parameter("isLoggedIn", as: Bool.self)
        let nickname = try engine.parameter("nickname", as: String?.self)
        let tags = try engine.parameter("tags", as: Set<String>.self)
        #expect(try isLoggedIn.value == false)
        #expect(try nickname.value == nil)
        #expect(try tags.value == ["new"])
        #expect(try engine.value(of: "greeting", as: String.self) == "Hello, there")
        try nickname.set("Ann")
        #expect(try engine.value(of: "greeting", as: String.self) == "Hello, Ann")
        try tags.set(["vip", "new"])
        #expect(try engine.isSatisfied("tagged"))
        let didLogin = try engine.event("didLogin")
        for _ in 0..<3 { try didLogin.donate() }
        #expect(try !engine.isSatisfied("showTip"))
        try isLoggedIn.set(true)
        #expect(try engine.isSatisfied("showTip"))
        isLoggedIn.reset()
        #expect(try isLoggedIn.value == false)
        #expect(try !engine.isSatisfied("showTip"))
    }

    @Test("a Swift type that cannot hold the declared type, or an unknown name, is refused")
    func parameterMismatch() throws {
        let engine = try Host.engine()
        #expect(refusal { _ = try engine.parameter("isLoggedIn", as: String.self) }
            == "A0108 parameter 'isLoggedIn' is 'Bool' in the rules, which 'String' does not match")
        #expect(refusal { _ = try engine.parameter("isLogedIn", as: Bool.self) }
            == "A0102 the rules declare no parameter named 'isLogedIn'; did you mean 'isLoggedIn'?")
        #expect(refusal { _ = try engine.isSatisfied("showTpi") }
            == "A0102 the rules declare no 'let' or 'rule' named 'showTpi'; did you mean 'showTip'?")
        #expect(refusal { _ = try engine.isSatisfied("greeting") } == "A0109 'greeting' is a 'let' of type 'String', not a 'Bool' rule")
        #expect(refusal { _ = try engine.value(of: "greeting", as: Int.self) }?.hasPrefix("A0107 cannot decode 'greeting' ('String') as 'Int'") == true)
    }

    @Test("a runtime error is thrown from isSatisfied and value(of:), located in the rule's source")
    func runtimeErrors() throws {
        let engine = try Host.engine()
        let result = try engine.evaluate("broken")
        #expect(result.error?.summary == "R0105 index 2 is out of range for an array of 2 elements")
        #expect(result.error?.file.name == "host.rules")
        #expect(result.error.map { $0.file.text(in: $0.range) } == "[1, 2][didLogin.donations.count + 2]")
        #expect(refusal { _ = try engine.value(of: "broken", as: Int.self) } == "R0105 index 2 is out of range for an array of 2 elements")
        #expect(result.description == "broken: Int = error: index 2 is out of range for an array of 2 elements")
    }

    @Test("a sum or extreme kept between evaluations still fails where a later donation makes it overflow")
    func keptSumsOverflowLikeClosures() throws {
        let rules = try RuleSet(source: """
            event tally(limit: 5000) { n: Int }
            let total = tally.donations.reduce(0) { $0 + $1.n * 2 }
            let top = tally.donations.map { $0.n * 3 }.max() ?? 0
            let counted = tally.donations.reduce(0) { $0 + ($1.n > 4 ? $1.n : 1) }
            """, name: "tally.rules")
        func lines(_ values: [Int]) -> [UInt8] {
            Array(values.enumerated().map { index, n in
                "{\"event\": \"tally\", \"date\": \"2026-11-0\(1 + index % 9)T10:00:00Z\", \"value\": {\"n\": \(n)}}\n"
            }.joined().utf8)
        }
        let small = (0..<300).map { $0 % 9 + 1 }
        let engine = RuleEngine(rules: rules, clock: .fixed(Host.now))
        #expect(try engine.loadDonations(ndjson: lines(small)).isEmpty)
        #expect(try engine.value(of: "total", as: Int.self) == small.reduce(0) { $0 + $1 * 2 })
        #expect(try engine.value(of: "top", as: Int.self) == 27)
        #expect(try engine.value(of: "counted", as: Int.self) == small.reduce(0) { $0 + ($1 > 4 ? $1 : 1) })
        // One value whose product overflows: the kept computations must not wrap it.
        #expect(try engine.loadDonations(ndjson: lines([4_611_686_018_427_387_904])).isEmpty)
        #expect(try engine.evaluate("total").error?.summary.contains("overflow") == true)
        #expect(try engine.evaluate("top").error?.summary.contains("overflow") == true)
        // Values whose products fit but whose sum does not, on a fresh engine and on one that kept
        // a sum of small values first.
        for warm in [false, true] {
            let engine = RuleEngine(rules: rules, clock: .fixed(Host.now))
            if warm {
                #expect(try engine.loadDonations(ndjson: lines(small)).isEmpty)
                #expect(try engine.evaluate("counted").error == nil)
            }
            #expect(try engine.loadDonations(ndjson: lines(Array(repeating: 2_305_843_009_213_693_951, count: 5))).isEmpty)
            #expect(try engine.evaluate("total").error?.summary.contains("overflow") == true)
            #expect(try engine.evaluate("counted").error?.summary.contains("overflow") == true)
            #expect(try engine.value(of: "top", as: Int.self) == 6_917_529_027_641_081_853)
        }
    }

    @Test("values compare as Swift's == would: a list of donations equals itself, in any representation")
    func donationListEquality() throws {
        let engine = try Host.engine()
        let didView = try engine.event("didViewLandmarkDetail", donationInfo: Host.LandmarkView.self)
        try didView.donate(Host.LandmarkView(landmarkID: 1, landmarkName: "Alps"))
        try didView.donate(Host.LandmarkView(landmarkID: 2, landmarkName: "Zion"))
        let views = try #require(try engine.evaluate("views").value)
        #expect(views == views)
        let filtered = try #require(try engine.evaluate(expression: "didViewLandmarkDetail.donations.filter { _ in true }").value)
        let mapped = try #require(try engine.evaluate(expression: "didViewLandmarkDetail.donations.map { $0 }").value)
        let first = try #require(try engine.evaluate(expression: "didViewLandmarkDetail.donations.prefix(1)").value)
        #expect(views == filtered && views == mapped && filtered == mapped)
        #expect(Set([views, filtered, mapped]).count == 1)
        #expect(views != first)
    }

    @Test("the clock and time zone are injectable: windows follow them")
    func clock() throws {
        let engine = try Host.engine(clock: .fixed(Host.date("2026-11-20T12:00:00Z")))
        let didLogin = try engine.event("didLogin")
        for day in ["2026-11-18", "2026-11-19", "2026-11-20"] {
            try didLogin.donate(EmptyDonation(), at: Host.date(day + "T09:00:00Z"))
        }
        #expect(try engine.isSatisfied("frequentLogin"))
        engine.clock = .fixed(Host.date("2026-11-25T08:00:00Z"))
        #expect(try engine.isSatisfied("frequentLogin"))
        engine.clock = .fixed(Host.date("2026-11-26T08:00:00Z"))
        #expect(try !engine.isSatisfied("frequentLogin"))
        // A calendar day back across the start of summer time in Paris is 23 hours.
        try didLogin.donate(EmptyDonation(), at: Host.date("2026-03-28T12:30:00Z"))
        let dayCount = "didLogin.donations.donatedWithin(.day).count"
        engine.clock = .fixed(Host.date("2026-03-29T12:00:00Z"))
        #expect(try engine.evaluate(expression: dayCount).json == "1")
        engine.clock = .fixed(Host.date("2026-03-29T12:00:00Z"), timeZone: TimeZone(identifier: "Europe/Paris")!)
        #expect(try engine.evaluate(expression: dayCount).json == "0")
        #expect(try engine.evaluate(expression: "Date.now").json == "\"2026-03-29T12:00:00Z\"")
    }

    @Test("a step budget set on the engine holds from the next evaluation on, and so does raising it again")
    func stepBudget() throws {
        let engine = try Host.engine()
        let didLogin = try engine.event("didLogin")
        for _ in 0..<3 { try didLogin.donate() }
        #expect(try engine.isSatisfied("frequentLogin"))
        let saved = engine.stepBudget
        engine.stepBudget = 2
        do throws(Diagnostic) {
            _ = try engine.isSatisfied("frequentLogin")
            Issue.record("expected the step budget to stop the rule")
        } catch {
            #expect(error.message.contains("step budget"))
        }
        engine.stepBudget = saved
        #expect(try engine.isSatisfied("frequentLogin"))
    }

    @Test("expressions evaluate in the rules' context; bad ones throw the compiler's diagnostics")
    func expressions() throws {
        let engine = try Host.engine()
        #expect(try engine.evaluate(expression: "tags.count + 1").description == "tags.count + 1: Int = 2")
        do throws(RuleError) {
            _ = try engine.evaluate(expression: "tags.cont")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.map(\.code) == ["E0302"])
        }
    }

    @Test("one engine serves many threads: donations and evaluations interleave without tearing")
    func concurrency() async throws {
        let engine = try Host.engine()
        let didLogin = try engine.event("didLogin")
        let didView = try engine.event("didViewLandmarkDetail", donationInfo: Host.LandmarkView.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for step in 0..<50 {
                        if worker % 2 == 0 {
                            try didView.donate(Host.LandmarkView(landmarkID: step % 3, landmarkName: "L\(step % 3)"))
                        } else {
                            try didLogin.donate()
                            let count = try engine.value(of: "viewedIDs", as: [Int].self).count
                            #expect(count >= 0 && count <= 1000)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try didView.donations.count == 200)
        #expect(try didLogin.donations.count == 5)
        #expect(try engine.value(of: "favouriteName", as: String?.self) == "L0")
    }

    @Test("storage made for other rules serves these: limit and maxAge are the reader's; other fields are an error")
    func sharedStorage() throws {
        let writer = try RuleSet(source: "event didLogin(limit: 2)\nevent view { id: Int }")
        let storage = InMemoryDonationStorage(events: [writer.schema(ofEvent: "didLogin")!, writer.schema(ofEvent: "view")!])
        let writingEngine = RuleEngine(rules: writer, storage: storage, clock: .fixed(Host.now))
        for _ in 0..<4 { try writingEngine.event("didLogin").donate() }
        #expect(try writingEngine.event("didLogin").donations.count == 2)

        let reader = try RuleSet(source: "event didLogin(limit: 10)\nevent view { id: String }\nlet logins = didLogin.donations.count\nlet views = view.donations.count")
        let readingEngine = RuleEngine(rules: reader, storage: storage, clock: .fixed(Host.now))
        #expect(try readingEngine.value(of: "logins", as: Int.self) == 4)
        #expect(try readingEngine.evaluate("views").error?.summary
            == "D0112 the donations of 'view' were recorded with payload { id: Int }, but the rules declare { id: String }")
    }
}
