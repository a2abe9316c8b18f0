import Foundation
import Testing
import TipRules
import TipRulesTools

/// The PostgreSQL store against a private server the tests start themselves.
@Suite("PostgreSQL donation storage", .serialized)
struct PostgresStoreTests {
    private let rules = try! RuleSet(source: """
        event didLogin
        event view(limit: 100) { id: Int, name: String }
        rule frequentLogin = didLogin.donations.donatedWithin(.week).count >= 3
        let names = view.donations.map(\\.name)
        """, name: "pg.rules")

    private func engine(_ url: String, subject: String = "") throws -> RuleEngine {
        RuleEngine(rules: rules, storage: try PostgresDonationStorage(url: url, events: rules.events, subject: subject))
    }

    @Test("engines in separate connections see each other's donations, per subject")
    func shared() throws {
        let url = try PostgresServer.database()
        let writer = try engine(url, subject: "ann")
        let reader = try engine(url, subject: "ann")
        let other = try engine(url, subject: "bob")
        #expect(try !reader.isSatisfied("frequentLogin"))
        for _ in 0..<3 { try writer.event("didLogin").donate() }
        #expect(try reader.isSatisfied("frequentLogin"))
        #expect(try !other.isSatisfied("frequentLogin"))
        struct View: Codable, Sendable { var id: Int; var name: String }
        try other.event("view", donationInfo: View.self).donate(View(id: 1, name: "Tab\t\"quoted\""))
        #expect(try engine(url, subject: "bob").value(of: "names", as: [String].self) == ["Tab\t\"quoted\""])
        try reader.event("didLogin").deleteDonations()
        #expect(try !writer.isSatisfied("frequentLogin"), "a deletion elsewhere is seen")
        // The donations table is partitioned by subject.
        #expect(try PostgresServer.psql(url, "SELECT count(*) FROM pg_inherits WHERE inhparent = 'tiprules_donations'::regclass") == "8")
    }

    @Test("processes donating at once through the command line lose nothing")
    func processes() throws {
        let url = try PostgresServer.database()
        let path = Scratch.path("pg") + ".rules"
        try "event didLogin\nevent view(limit: 100) { id: Int, name: String }\n".write(toFile: path, atomically: true, encoding: .utf8)
        let loop = "i=0; while [ $i -lt 10 ]; do i=$((i+1)); '\(tiprulesExecutable)' donate '\(path)' didLogin --store '\(url)' > /dev/null || exit 1; done"
        let children = try (0..<4).map { _ in try Child.start("/bin/sh", ["-c", loop]) }
        for child in children {
            _ = child.readAll()
            #expect(child.wait() == 0)
        }
        #expect(try PostgresServer.psql(url, "SELECT count(*) FROM tiprules_donations") == "40")
        var tool = CommandLineTool()
        tool.workingDirectory = "/"
        #expect(tool.run(["store", "export", "--store", url]).stdout.split(separator: "\n").count == 40)
    }

    @Test("a lost connection is made again and the write retried once, never recorded twice")
    func lostConnection() throws {
        let url = try PostgresServer.database()
        let storage = try PostgresDonationStorage(url: url, events: rules.events)
        let engine = RuleEngine(rules: rules, storage: storage)
        try engine.event("didLogin").donate()
        try PostgresServer.psql(url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
        try engine.event("didLogin").donate()
        try PostgresServer.psql(url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
        try engine.event("didLogin").donate()
        #expect(try PostgresServer.psql(url, "SELECT count(*) FROM tiprules_donations") == "3")
        #expect(try engine.isSatisfied("frequentLogin"))
    }

    @Test("a server that is not there, or stored donations that no longer fit, are clear errors")
    func errors() throws {
        let server = try PostgresServer.shared.get()
        let nowhere = "postgresql:///nothing?host=\(server.folder)&port=\(server.port + 1)&user=postgres"
        #expect(refusalMessage { _ = try PostgresDonationStorage(url: nowhere, events: rules.events) }?.hasPrefix("cannot open the donation store") == true)
        let url = try PostgresServer.database()
        struct View: Codable, Sendable { var id: Int; var name: String }
        try engine(url).event("view", donationInfo: View.self).donate(View(id: 1, name: "Alps"))
        let retyped = try RuleSet(source: "event view { id: String, name: String }", name: "new.rules")
        #expect(refusalMessage { _ = try PostgresDonationStorage(url: url, events: retyped.events) }
            == "the store holds 1 donation of 'view' whose field 'id' is 'Int'; the rules declare it 'String'")
        #expect(PostgresDonationStorage.redactedForTests("postgresql://app:secret@db/tips") == "postgresql://app:***@db/tips")
    }

    @Test("the README's PostgreSQL commands work against a server")
    func readme() throws {
        let url = try PostgresServer.database()
        let readme = try Fixture.read("README.md")
        let start = try #require(readme.range(of: "```postgres-session\n"))
        let end = try #require(readme[start.upperBound...].range(of: "```"))
        var tool = CommandLineTool()
        tool.workingDirectory = Fixture.root.path
        var ran = 0
        for line in readme[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let words = line.replacingOccurrences(of: "postgresql://app:secret@db.internal/tips", with: url).split(separator: " ").map(String.init)
            #expect(words.first == "tiprules")
            let output = tool.run(Array(words.dropFirst()))
            #expect(output.status == 0, "\(line): \(output.stderr)")
            ran += 1
        }
        #expect(ran == 2)
        #expect(try PostgresServer.psql(url, "SELECT subject FROM tiprules_donations") == "user-42")
    }

    private func refusalMessage(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as Diagnostic {
            return error.message
        } catch {
            return "\(error)"
        }
    }
}
