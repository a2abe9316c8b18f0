import Foundation
import Testing
import TipRules

/// The SQLite store as an app uses it: through `RuleEngine` and the public storage type.
@Suite("SQLite donation storage")
struct SQLiteStorageTests {
    private func temporaryStore() throws -> String {
        let folder = try Scratch.folder("sqlite")
        return folder + "/donations.sqlite"
    }

    private func engine(_ path: String, subject: String = "", rules: String = Host.rules, durability: SQLiteDonationStorage.Durability = .full) throws -> RuleEngine {
        let ruleSet = try RuleSet(source: rules, name: "host.rules")
        let storage = try SQLiteDonationStorage(path: path, events: ruleSet.events, subject: subject, durability: durability)
        return RuleEngine(rules: ruleSet, storage: storage, clock: .fixed(Host.now))
    }

    @Test("donations survive closing and reopening the store, and evaluate as in memory")
    func persists() throws {
        let path = try temporaryStore()
        do {
            let engine = try engine(path)
            let didLogin = try engine.event("didLogin")
            for day in 27...29 { try didLogin.donate(EmptyDonation(), at: Host.date("2026-11-\(day)T09:00:00Z")) }
            let views = try engine.event("didViewLandmarkDetail", donationInfo: Host.LandmarkView.self)
            try views.donate(Host.LandmarkView(landmarkID: 7, landmarkName: "Alps \"quoted\"", rating: 4.5, seen: Host.date("2026-11-28T10:00:00Z").addingTimeInterval(0.123456)),
                             at: Host.date("2026-11-28T10:00:00Z"))
        }
        let reopened = try engine(path)
        #expect(try reopened.isSatisfied("frequentLogin"))
        #expect(try reopened.value(of: "favouriteName", as: String?.self) == "Alps \"quoted\"")
        let seen = try reopened.evaluate(expression: "didViewLandmarkDetail.donations.first?.seen").decode(as: Date?.self)
        #expect(seen == Host.date("2026-11-28T10:00:00Z").addingTimeInterval(0.123456))
        #expect(try reopened.evaluate(expression: "didViewLandmarkDetail.donations.first?.rating").decode(as: Double?.self) == 4.5)
    }

    @Test("each subject has its own donations in one file, and deletes only its own")
    func subjects() throws {
        let path = try temporaryStore()
        let ann = try engine(path, subject: "ann")
        let bob = try engine(path, subject: "bob")
        for _ in 0..<3 { try ann.event("didLogin").donate() }
        try bob.event("didLogin").donate()
        #expect(try ann.isSatisfied("frequentLogin"))
        #expect(try !bob.isSatisfied("frequentLogin"))
        try bob.event("didLogin").deleteDonations()
        #expect(try ann.isSatisfied("frequentLogin"), "deleting bob's donations leaves ann's")
        #expect(try engine(path, subject: "bob").evaluate("frequentLogin").value == .bool(false))
    }

    @Test("a second storage on the same file sees what the first records, read incrementally")
    func sharedFile() throws {
        let path = try temporaryStore()
        let writer = try engine(path)
        let reader = try engine(path)
        #expect(try !reader.isSatisfied("frequentLogin"))
        for _ in 0..<3 { try writer.event("didLogin").donate() }
        #expect(try reader.isSatisfied("frequentLogin"))
        try writer.event("didLogin").deleteDonations()
        #expect(try !reader.isSatisfied("frequentLogin"), "a deletion elsewhere is seen too")
    }

    @Test("limit bounds what the store keeps per subject and event")
    func retention() throws {
        let path = try temporaryStore()
        let engine = try engine(path)
        let didLogin = try engine.event("didLogin")
        for minute in 0..<100 { try didLogin.donate(EmptyDonation(), at: Host.now.addingTimeInterval(Double(-minute * 60))) }
        // `didLogin(limit: 5)`: rules see the newest five, and the file keeps few more.
        let storage = try #require(engine.storage as? SQLiteDonationStorage)
        let kept = try storage.stream(for: try #require(engine.rules.events.first { $0.id == "didLogin" })).count
        #expect(kept >= 5 && kept <= 5 + 32, "kept \(kept)")
        #expect(try engine.isSatisfied("frequentLogin"))
    }

    @Test("a store whose donations no longer fit the rules says which event and field, and keeps them")
    func schemaChanges() throws {
        let path = try temporaryStore()
        try engine(path).event("didViewLandmarkDetail", donationInfo: Host.LandmarkView.self)
            .donate(Host.LandmarkView(landmarkID: 1, landmarkName: "Alps"))
        let retyped = Host.rules.replacingOccurrences(of: "landmarkID: Int", with: "landmarkID: String")
        #expect(refusal { _ = try engine(path, rules: retyped) }?.contains("S0107 the store holds 1 donation of 'didViewLandmarkDetail' whose field 'landmarkID' is 'Int'; the rules declare it 'String'") == true)
        try engine(path).event("didViewLandmarkDetail", donationInfo: Host.LandmarkView.self)
            .donate(Host.LandmarkView(landmarkID: 2, landmarkName: "Zion", rating: 3))
        let removed = Host.rules.replacingOccurrences(of: "rating: Double?, ", with: "")
        #expect(refusal { _ = try engine(path, rules: removed) }?.hasPrefix("S0105 the store holds 1 donation of 'didViewLandmarkDetail' with field 'rating'") == true)
        let added = Host.rules.replacingOccurrences(of: "seen: Date?", with: "seen: Date?, visits: Int")
        #expect(refusal { _ = try engine(path, rules: added) }?.hasPrefix("S0106") == true)
        // An optional field added reads the old donations with nil, and nothing was lost.
        let optional = Host.rules.replacingOccurrences(of: "seen: Date?", with: "seen: Date?, note: String?")
        #expect(try engine(path, rules: optional).value(of: "viewedIDs", as: [Int].self) == [1, 2])
        // Removing it again is fine while no donation has a value for it.
        #expect(try engine(path).value(of: "viewedIDs", as: [Int].self) == [1, 2])
    }

    @Test("a read-only store refuses writes with a clear error and keeps its donations")
    func readOnly() throws {
        let path = try temporaryStore()
        try engine(path).event("didLogin").donate()
        let rules = try RuleSet(source: Host.rules, name: "host.rules")
        let storage = try SQLiteDonationStorage(path: path, events: rules.events, readOnly: true)
        let engine = RuleEngine(rules: rules, storage: storage, clock: .fixed(Host.now))
        #expect(refusal { try engine.event("didLogin").donate() }?.contains("could not record donations: the file is read-only") == true)
        #expect(try engine.evaluate("frequentLogin").value == .bool(false))
        #expect(try self.engine(path).evaluate(expression: "didLogin.donations.count").value == .int(1))
    }

    @Test("a file that is not a store, or a folder that does not exist, is a clear error")
    func badLocations() throws {
        let path = try temporaryStore()
        try Data("not a database at all, just text that is long enough to look like a header".utf8).write(to: URL(fileURLWithPath: path))
        #expect(refusal { _ = try engine(path) }?.contains("S0101 cannot open the donation store") == true)
        #expect(refusal { _ = try engine("/no/such/folder/donations.sqlite") }?.contains("cannot be opened") == true)
    }

    @Test("the faster durability mode stores the same donations")
    func normalDurability() throws {
        let path = try temporaryStore()
        for _ in 0..<3 { try engine(path, durability: .normal).event("didLogin").donate() }
        #expect(try engine(path).isSatisfied("frequentLogin"))
    }

    @Test("the README's store example runs, and the README shows it as it runs here")
    func readmeExample() throws {
        // README store begin
        let storePath = NSTemporaryDirectory() + "tips-\(UUID().uuidString).sqlite"
        let rules = try RuleSet(contentsOfFile: "Examples/landmarks/landmarks.rules")
        let storage = try SQLiteDonationStorage(path: storePath, events: rules.events, subject: "user-42")
        let engine = RuleEngine(rules: rules, storage: storage)
        try engine.event("didLogin").donate()
        // README store end
        defer { for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: storePath + suffix) } }
        let reopened = try SQLiteDonationStorage(path: storePath, events: rules.events, subject: "user-42")
        #expect(try reopened.stream(for: try #require(rules.events.first { $0.id == "didLogin" })).count == 1)

        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let start = try #require(source.range(of: "// README store begin\n"))
        let end = try #require(source.range(of: "        // README store end"))
        let lines = source[start.upperBound..<end.lowerBound].split(separator: "\n").map { String($0.dropFirst(8)) }
        let readme = try String(contentsOf: ReadmeTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("```swift\n" + lines.joined(separator: "\n") + "\n```"))
    }
}
