import Foundation
import Testing
import TipRules

@Suite("Events and donations")
struct EventTests {
    @Test("typed events donate, read back decoded, report their limit and delete, as Tips.Event does")
    func donateAndRead() throws {
        let engine = try Host.engine()
        let didView = try engine.event("didViewLandmarkDetail", donationInfo: Host.LandmarkView.self)
        let alps = Host.LandmarkView(landmarkID: 7, landmarkName: "Alps", rating: 4.5, seen: Host.date("2026-11-29T08:00:00Z"))
        try didView.donate(alps, at: Host.date("2026-11-29T10:00:00Z"))
        try didView.donate(Host.LandmarkView(landmarkID: 3, landmarkName: "Zion"))
        #expect(didView.id == "didViewLandmarkDetail")
        #expect(didView.donationLimit == 1000)
        let donations = try didView.donations
        #expect(donations.map(\.info) == [alps, Host.LandmarkView(landmarkID: 3, landmarkName: "Zion")])
        #expect(donations.map(\.date) == [Host.date("2026-11-29T10:00:00Z"), Host.now])
        #expect(donations.first?.landmarkName == "Alps")
        #expect(try engine.value(of: "viewedIDs", as: [Int].self) == [7, 3])
        #expect(try engine.value(of: "views", as: [Host.LandmarkView].self) == donations.map(\.info))

        let didLogin = try engine.event("didLogin")
        #expect(didLogin.donationLimit == 5)
        for _ in 0..<3 { try didLogin.donate() }
        #expect(try engine.isSatisfied("frequentLogin"))
        try didLogin.deleteDonations()
        #expect(try didLogin.donations.isEmpty)
        #expect(try !engine.isSatisfied("frequentLogin"))
        #expect(try didView.donations.count == 2)
    }

    @Test("sendDonation records from async code")
    func sendDonation() async throws {
        let engine = try Host.engine()
        let didLogin = try engine.event("didLogin")
        try await didLogin.sendDonation()
        try await didLogin.sendDonation()
        #expect(try didLogin.donations.count == 2)
    }

    @Test("donations from the future do not exist yet; the limit keeps the newest")
    func clockAndLimit() throws {
        let engine = try Host.engine()
        let didLogin = try engine.event("didLogin")
        for day in 1...8 {
            try didLogin.donate(EmptyDonation(), at: Host.date("2026-11-2\(day)T09:00:00Z"))
        }
        #expect(try didLogin.donations.count == 5)
        #expect(try didLogin.donations.first?.date == Host.date("2026-11-24T09:00:00Z"))
        engine.clock = .fixed(Host.date("2026-11-22T12:00:00Z"))
        #expect(try didLogin.donations.map(\.date) == [Host.date("2026-11-21T09:00:00Z"), Host.date("2026-11-22T09:00:00Z")])
    }

    @Test("donations out of date order read back in date order, equal dates in donation order, with reads in between")
    func outOfOrderDonations() throws {
        let engine = try Host.engine()
        let didView = try engine.event("didViewLandmarkDetail", donationInfo: Host.LandmarkView.self)
        func view(_ id: Int) -> Host.LandmarkView { Host.LandmarkView(landmarkID: id, landmarkName: "L\(id)") }
        // Day of month per donation, in the order donated: backwards, with ties and with
        // reads between runs, so sorted runs meet unsorted tails of several lengths.
        let days = [20, 18, 25, 18, 10, 22, 22, 5, 18, 27, 1, 10]
        var expected: [(day: Int, id: Int)] = []
        for (id, day) in days.enumerated() {
            try didView.donate(view(id), at: Host.date("2026-11-\(day < 10 ? "0" : "")\(day)T09:00:00Z"))
            expected.append((day, id))
            if id % 4 == 3 {
                // A stable sort by day: equal days keep donation order.
                let ordered = expected.enumerated().sorted { ($0.element.day, $0.offset) < ($1.element.day, $1.offset) }.map(\.element.id)
                #expect(try didView.donations.map(\.info.landmarkID) == ordered)
                #expect(try engine.value(of: "viewedIDs", as: [Int].self) == ordered)
            }
        }
        let dates = try didView.donations.map(\.date)
        #expect(dates == dates.sorted())
        #expect(dates.count == days.count)
    }

    struct WrongType: Codable, Sendable { var landmarkID: String; var landmarkName: String; var rating: Double?; var seen: Date? }
    struct Missing: Codable, Sendable { var landmarkID: Int; var rating: Double?; var seen: Date? }
    struct Extra: Codable, Sendable { var landmarkID: Int; var landmarkName: String; var rating: Double?; var seen: Date?; var mood: String }
    struct NotOptional: Codable, Sendable { var landmarkID: Int; var landmarkName: String; var rating: Double; var seen: Date? }

    @Test("binding a Swift type that does not match the declaration names the field and both types, at the declaration")
    func bindingMismatch() throws {
        let engine = try Host.engine()
        #expect(refusal { _ = try engine.event("didViewLandmarkDetail", donationInfo: WrongType.self) }
            == "A0103 payload field 'landmarkID' is 'Int' in the rules, but 'WrongType' has it as 'String'")
        #expect(refusal { _ = try engine.event("didViewLandmarkDetail", donationInfo: Missing.self) }
            == "A0104 payload field 'landmarkName' ('String') has no property in 'Missing'")
        #expect(refusal { _ = try engine.event("didViewLandmarkDetail", donationInfo: Extra.self) }
            == "A0105 'Extra' has a property 'mood' that event 'didViewLandmarkDetail' does not declare")
        #expect(refusal { _ = try engine.event("didViewLandmarkDetail", donationInfo: NotOptional.self) }
            == "A0103 payload field 'rating' is 'Double?' in the rules, but 'NotOptional' has it as 'Double'")
        #expect(refusal { _ = try engine.event("didLogin", donationInfo: Host.LandmarkView.self) }
            == "A0105 'LandmarkView' has a property 'landmarkID' that event 'didLogin' does not declare")
        #expect(refusal { _ = try engine.event("didViewLandmarkDetail") }
            == "A0104 payload field 'landmarkID' ('Int') has no property in 'EmptyDonation'")
        do throws(Diagnostic) {
            _ = try engine.event("didViewLandmarkDetail", donationInfo: WrongType.self)
            Issue.record("expected a refusal")
        } catch {
            #expect(error.file.name == "host.rules")
            #expect(error.location.description == "3:31")
            #expect(error.file.text(in: error.range) == "landmarkID: Int")
        }
    }

    @Test("unknown events are refused with a suggestion")
    func unknownEvent() throws {
        let engine = try Host.engine()
        #expect(refusal { _ = try engine.event("didLogn") } == "A0102 the rules declare no event named 'didLogn'; did you mean 'didLogin'?")
    }

    @Test("a donation dated NaN, infinitely or beyond the years 0 to 9999 is refused and nothing is recorded",
          arguments: [Double.nan, .infinity, -.infinity, 1e15, -1e15])
    func unshowableDate(seconds: Double) throws {
        let engine = try Host.engine()
        let didLogin = try engine.event("didLogin")
        try didLogin.donate(EmptyDonation(), at: Host.now)
        let message = refusal { try didLogin.donate(EmptyDonation(), at: Date(timeIntervalSinceReferenceDate: seconds)) }
        #expect(message == "D0113 a donation of 'didLogin' must be dated between the years 0 and 9999 (a date ISO 8601 can show), found \(seconds) seconds since 2001")
        #expect(try didLogin.donations.map(\.date) == [Host.now])
        #expect(try engine.isSatisfied("frequentLogin") == false)
    }

    @Test("donations past limit and maxAge are evicted on request and after a load, and answers do not change")
    func eviction() throws {
        let rules = try RuleSet(source: """
        event opened(limit: 3)
        event viewed(maxAge: .days(7))
        let opens = opened.donations.map(\\.date)
        let views = viewed.donations.count
        """)
        let engine = RuleEngine(rules: rules, clock: .fixed(Host.now))
        let opened = try engine.event("opened")
        let viewed = try engine.event("viewed")
        for day in 1...6 {
            try opened.donate(EmptyDonation(), at: Host.now.addingTimeInterval(Double(day - 7) * 86_400))
            try viewed.donate(EmptyDonation(), at: Host.now.addingTimeInterval(Double(day * 3 - 15) * 86_400))
        }
        // One still to come: dated after the clock, so it stays.
        try viewed.donate(EmptyDonation(), at: Host.now.addingTimeInterval(3600))
        let before = (try engine.evaluate("opens").description, try engine.value(of: "views", as: Int.self))
        #expect(before.1 == 3)
        #expect(try engine.evictDonations() == 3 + 2)
        #expect(try engine.evictDonations() == 0)
        #expect((try engine.evaluate("opens").description, try engine.value(of: "views", as: Int.self)) == before)
        engine.clock = .fixed(Host.now.addingTimeInterval(7200))
        #expect(try engine.value(of: "views", as: Int.self) == 4)

        let log = (1...10).map { #"{"event": "opened", "date": "2026-11-2\#($0 % 10)T10:00:00Z"}"# }.joined(separator: "\n")
        let reloaded = RuleEngine(rules: rules, clock: .fixed(Host.now))
        #expect(try reloaded.loadDonations(ndjson: Array(log.utf8)).isEmpty)
        #expect(try reloaded.evictDonations() == 0)
        #expect(try reloaded.event("opened").donations.count == 3)
    }

    @Test("an NDJSON log loads into the engine; bad lines come back located, good ones are kept")
    func loadLog() throws {
        let engine = try Host.engine()
        let log = """
        {"event": "didLogin", "date": "2026-11-29T10:00:00Z"}
        {"event": "didLogn", "date": "2026-11-29T10:00:00Z"}
        {"event": "didViewLandmarkDetail", "date": "2026-11-29T11:00:00Z", "value": {"landmarkID": 1, "landmarkName": "Alps"}}
        """
        let issues = try engine.loadDonations(ndjson: Array(log.utf8), fileName: "log.ndjson")
        #expect(issues.map(\.description) == ["log.ndjson:2:11: error: unknown event 'didLogn'; did you mean 'didLogin'?"])
        #expect(try engine.value(of: "favouriteName", as: String?.self) == "Alps")
        #expect(try engine.event("didLogin").donations.count == 1)
    }
}
