import CSQLite
import Foundation
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesStore
import TipRulesSyntax
import TipRulesTools

/// The SQLite store's file format: versions, migration, files that are not stores, and reads
/// that only fetch what is new.
@Suite("Donation store format")
struct StoreFormatTests {
    private func temporaryStore() throws -> String {
        let folder = try Scratch.folder("format")
        return folder + "/donations.sqlite"
    }

    /// Runs SQL on a file directly, as another program would.
    private func sql(_ path: String, _ text: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open(path, &handle) == SQLITE_OK else { throw ChildError(description: "cannot open \(path)") }
        defer { sqlite3_close(handle) }
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, text, nil, nil, &message) == SQLITE_OK else {
            defer { sqlite3_free(message) }
            throw ChildError(description: message.map { String(cString: $0) } ?? "sql failed")
        }
    }

    private func value(_ path: String, _ query: String) throws -> String? {
        var handle: OpaquePointer?
        guard sqlite3_open(path, &handle) == SQLITE_OK else { return nil }
        defer { sqlite3_close(handle) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, query, -1, &statement, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return nil }
        return String(cString: text)
    }

    private let events = [EventSchema(id: "didLogin", fields: []),
                          EventSchema(id: "view", fields: [EventSchema.Field(name: "id", type: .int)])]

    @Test("a version 1 file (one user, no subjects) is migrated on open, its donations kept for the implicit subject")
    func migratesVersionOne() throws {
        let path = try temporaryStore()
        try sql(path, """
            CREATE TABLE tiprules_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE tiprules_events (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, fields TEXT NOT NULL);
            CREATE TABLE tiprules_donations (seq INTEGER PRIMARY KEY AUTOINCREMENT, event INTEGER NOT NULL, date REAL NOT NULL, payload TEXT NOT NULL);
            CREATE INDEX tiprules_donations_by_event ON tiprules_donations (event, date);
            INSERT INTO tiprules_meta VALUES ('schema_version', '1');
            INSERT INTO tiprules_events VALUES (1, 'view', '[{"name": "id", "type": "Int"}]');
            INSERT INTO tiprules_donations (event, date, payload) VALUES (1, 817732800, '{"id": 7}'), (1, 817732900, '{"id": 8}');
            """)
        // Reading only: the older format is named, and the file is left as it was.
        #expect(throws: Diagnostic.self) { _ = try SQLiteDonationStorage(path: path, events: events, readOnly: true) }
        #expect(try value(path, "SELECT value FROM tiprules_meta WHERE key = 'schema_version'") == "1")

        let storage = try SQLiteDonationStorage(path: path, events: events)
        #expect(try storage.stream(for: events[1]).count == 2)
        #expect(try value(path, "SELECT value FROM tiprules_meta WHERE key = 'schema_version'") == "2")
        #expect(try value(path, "SELECT subject FROM tiprules_donations LIMIT 1") == "")
        #expect(try SQLiteDonationStorage(path: path, events: events, subject: "other").stream(for: events[1]).count == 0)
    }

    @Test("a newer file, or a database of something else, is refused without being changed")
    func refusesOthers() throws {
        let newer = try temporaryStore()
        _ = try SQLiteDonationStorage(path: newer, events: events)
        try sql(newer, "UPDATE tiprules_meta SET value = '9' WHERE key = 'schema_version'")
        #expect { _ = try SQLiteDonationStorage(path: newer, events: events) } throws: { error in
            (error as? Diagnostic)?.message.contains("has schema version 9; this tiprules reads up to 2") == true
        }
        let other = try temporaryStore()
        try sql(other, "CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
        #expect { _ = try SQLiteDonationStorage(path: other, events: events) } throws: { error in
            (error as? Diagnostic)?.code == "S0104"
        }
        #expect(try value(other, "SELECT COUNT(*) FROM sqlite_master WHERE name LIKE 'tiprules%'") == "0")
    }

    @Test("a row whose date no donation can have (written by other means) is reported, not read into the streams", arguments: ["1e300", "-1e300", "9e999"])
    func refusesImpossibleDates(date: String) throws {
        let path = try temporaryStore()
        let storage = try SQLiteDonationStorage(path: path, events: events)
        try storage.record(events[1], date: Date(timeIntervalSinceReferenceDate: 817_700_000), payload: [.int(1)])
        try sql(path, "INSERT INTO tiprules_donations (subject, event, date, payload) SELECT subject, event, \(date), payload FROM tiprules_donations")
        #expect { _ = try SQLiteDonationStorage(path: path, events: events).snapshot() } throws: { error in
            let diagnostic = error as? Diagnostic
            return diagnostic?.message.contains("is no date a donation can have") == true && diagnostic?.message.contains("'view'") == true
        }
    }

    @Test("a snapshot after new donations reads only the new rows")
    func incrementalReads() throws {
        let path = try temporaryStore()
        let writer = try SQLiteDonationStorage(path: path, events: events)
        let reader = try SQLiteDonationStorage(path: path, events: events)
        for index in 0..<50 { try writer.record(events[1], date: Date(timeIntervalSinceReferenceDate: 817_700_000 + Double(index)), payload: [.int(index)]) }
        _ = try reader.snapshot()
        #expect(reader.rowsReadLastTime == 50)
        try writer.record(events[0], date: Date(timeIntervalSinceReferenceDate: 817_700_100), payload: [])
        let snapshot = try reader.snapshot()
        #expect(reader.rowsReadLastTime == 1)
        #expect(try snapshot.stream(for: events[1]).count == 50)
        #expect(try snapshot.stream(for: events[0]).count == 1)
        _ = try reader.snapshot()
        #expect(reader.rowsReadLastTime == 0)
    }

    @Test("the command line donates, imports, exports and evaluates from a store")
    func commandLine() throws {
        let path = try temporaryStore()
        var tool = CommandLineTool()
        tool.workingDirectory = Fixture.root.path
        let rules = "Examples/landmarks/landmarks.rules"
        let donated = tool.run(["donate", rules, "didViewLandmarkDetail", #"{"landmarkID": 3, "landmarkName": "Alps"}"#, "--at", "2026-11-29T09:00:00Z", "--store", path, "--subject", "ann"])
        #expect(donated.stdout == "donated didViewLandmarkDetail at 2026-11-29T09:00:00Z {\"landmarkID\": 3, \"landmarkName\": \"Alps\"} to \(path) (subject 'ann')\n")
        let refused = tool.run(["donate", rules, "didViewLandmarkDetail", #"{"landmarkID": "3"}"#, "--store", path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("<payload>:1:16: error[D0111]: field 'landmarkID' of 'didViewLandmarkDetail' must be 'Int', found a string"))
        #expect(refused.stderr.contains(" 1 | {\"landmarkID\": \"3\"}\n   |                ^~~\n"), "the field's value underlined")
        #expect(tool.run(["donate", rules, "didLogn", "--store", path]).stderr.contains("did you mean 'didLogin'?"))

        let imported = tool.run(["store", "import", rules, "Examples/landmarks/donations.ndjson", "--store", path])
        #expect(imported.stdout == "imported 19 donations into \(path)\n")
        let exported = tool.run(["store", "export", "--store", path])
        let original = try Fixture.read("Examples/landmarks/donations.ndjson")
        #expect(Set(exported.stdout.split(separator: "\n")) == Set(original.split(separator: "\n")), "export gives back the log's lines")
        #expect(tool.run(["store", "export", "--store", path, "--subject", "ann"]).stdout.split(separator: "\n").count == 1)

        // eval over the store gives what eval over the log gives.
        let fromStore = tool.run(["eval", rules, "--store", path, "--now", "2026-11-30T12:00:00Z"])
        let fromLog = tool.run(["eval", rules, "--donations", "Examples/landmarks/donations.ndjson", "--now", "2026-11-30T12:00:00Z"])
        #expect(fromStore.stdout == fromLog.stdout)
        #expect(fromStore.status == 0)
        #expect(tool.run(["eval", rules, "--store", path + ".missing"]).stderr.contains("no donation store at"))
        #expect(tool.run(["store", "frobnicate"]).stderr.contains("unknown store command 'frobnicate'"))
    }
}
