import CSQLite
import Foundation
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// The file format of a SQLite donation store, and the statements every storage shares.
///
/// Version 2 (current):
///
///     tiprules_meta(key TEXT PRIMARY KEY, value TEXT)           schema_version, generation
///     tiprules_events(id INTEGER PRIMARY KEY, name TEXT UNIQUE, fields TEXT)
///                                                               fields: [{"name", "type"}] as JSON
///     tiprules_donations(seq INTEGER PRIMARY KEY AUTOINCREMENT, subject TEXT, event INTEGER,
///                        date REAL, payload TEXT)               date: seconds since 2001 (exact),
///                                                               payload: a JSON object of fields
///     index on tiprules_donations(subject, event, date)
///
/// Version 1 had no subjects (one user per file); opening one adds the column, every donation
/// going to the implicit subject "".
enum SQLiteStore {
    /// Makes the file a current store (creating or migrating it) and registers the events;
    /// returns each event's row id, in declaration order.
    static func prepare(_ connection: SQLiteConnection, path: String, events: [EventSchema], readOnly: Bool) throws(Diagnostic) -> [Int64] {
        var rows: [Int64] = []
        var refusal: Diagnostic?
        do {
            try SQLiteDonationStorage.retryingWhenBusy { () throws(SQLiteError) in
                rows = []
                refusal = nil
                try connection.execute(readOnly ? "BEGIN" : "BEGIN IMMEDIATE")
                do throws(SQLiteError) {
                    refusal = try migrate(connection, path: path, readOnly: readOnly)
                    if refusal == nil {
                        for event in events {
                            let (row, problem) = try register(event, connection, readOnly: readOnly)
                            if let problem {
                                refusal = problem
                                break
                            }
                            rows.append(row)
                        }
                    }
                    try connection.execute(refusal == nil && !readOnly ? "COMMIT" : "ROLLBACK")
                } catch {
                    try? connection.execute("ROLLBACK")
                    throw error
                }
            }
        } catch {
            throw Diagnostic.about(path, in: "<store>", StoreMessages.cannotOpen(path, error.reason))
        }
        if let refusal { throw refusal }
        return rows
    }

    /// Creates the tables in an empty file, or brings an older store to the current version.
    /// Returns why the file cannot be used, if it cannot.
    private static func migrate(_ connection: SQLiteConnection, path: String, readOnly: Bool) throws(SQLiteError) -> Diagnostic? {
        let tables = try connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        try tables.bind()
        var names: Set<String> = []
        while try tables.step() { names.insert(tables.text(0)) }
        if names.isEmpty && !readOnly {
            try connection.execute("""
                CREATE TABLE tiprules_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE TABLE tiprules_events (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, fields TEXT NOT NULL);
                CREATE TABLE tiprules_donations (seq INTEGER PRIMARY KEY AUTOINCREMENT, subject TEXT NOT NULL,
                    event INTEGER NOT NULL REFERENCES tiprules_events(id), date REAL NOT NULL, payload TEXT NOT NULL);
                CREATE INDEX tiprules_donations_by_subject ON tiprules_donations (subject, event, date);
                INSERT INTO tiprules_meta (key, value) VALUES ('schema_version', '2'), ('generation', '0');
                """)
            return nil
        }
        guard names.contains("tiprules_meta"), names.contains("tiprules_events"), names.contains("tiprules_donations") else {
            return .about(path, in: "<store>", StoreMessages.notAStore(path))
        }
        let version = Int(try metaValue("schema_version", connection) ?? "") ?? 0
        if version > SQLiteDonationStorage.schemaVersion {
            return .about(path, in: "<store>", StoreMessages.newerVersion(path, version, SQLiteDonationStorage.schemaVersion))
        }
        if version < 1 { return .about(path, in: "<store>", StoreMessages.notAStore(path)) }
        if version == 1 && readOnly {
            return .about(path, in: "<store>", StoreMessages.needsMigration(path))
        }
        if version == 1 {
            // Version 1 kept one user's donations: they become the implicit subject's.
            try connection.execute("""
                ALTER TABLE tiprules_donations ADD COLUMN subject TEXT NOT NULL DEFAULT '';
                DROP INDEX IF EXISTS tiprules_donations_by_event;
                CREATE INDEX tiprules_donations_by_subject ON tiprules_donations (subject, event, date);
                INSERT OR REPLACE INTO tiprules_meta (key, value) VALUES ('schema_version', '2');
                INSERT OR IGNORE INTO tiprules_meta (key, value) VALUES ('generation', '0');
                """)
        }
        return nil
    }

    /// The row of an event, registering it or its new fields; a refusal when the file holds
    /// donations its new fields cannot read.
    private static func register(_ event: EventSchema, _ connection: SQLiteConnection, readOnly: Bool) throws(SQLiteError) -> (Int64, Diagnostic?) {
        let declared = StoredEvents.fieldsJSON(event.fields)
        let select = try connection.prepare("SELECT id, fields FROM tiprules_events WHERE name = ?1")
        try select.bind(event.id)
        guard try select.step() else {
            // Read-only: an event the store never saw has no donations (and no row).
            if readOnly { return (-1, nil) }
            try connection.prepare("INSERT INTO tiprules_events (name, fields) VALUES (?1, ?2)").bind(event.id, declared).run()
            return (connection.lastInsertedRow, nil)
        }
        let row = Int64(select.int(0))
        let stored = select.text(1)
        guard stored != declared else { return (row, nil) }
        let count = try connection.prepare("SELECT COUNT(*) FROM tiprules_donations WHERE event = ?1")
        try count.bind(row)
        let held = try count.step() ? count.int(0) : 0
        if held > 0 {
            // A field that goes is a problem only if some donation has a value for it.
            var valued: [String: Int] = [:]
            for field in StoredEvents.parseFields(stored) where event.fieldIndex(field.name) == nil {
                let count = try connection.prepare("SELECT COUNT(*) FROM tiprules_donations WHERE event = ?1 AND json_extract(payload, ?2) IS NOT NULL")
                try count.bind(row, "$.\"" + field.name.replacingOccurrences(of: "\"", with: "\\\"") + "\"")
                valued[field.name] = try count.step() ? count.int(0) : 0
            }
            if let problem = StoredEvents.fieldProblem(event, stored: StoredEvents.parseFields(stored), count: held, valued: valued) {
                return (row, problem)
            }
        }
        if !readOnly {
            try connection.prepare("UPDATE tiprules_events SET fields = ?1 WHERE id = ?2").bind(declared, row).run()
        }
        return (row, nil)
    }

    // MARK: - Retention and generations

    /// Deletes one subject's donations of an event that rules can no longer see at `now`:
    /// past `maxAge` (less `slack` seconds) and beyond the newest `limit` dated at or before
    /// `now`. Returns how many.
    static func prune(_ connection: SQLiteConnection, subject: String, event: Int64, limit: Int?, maxAge: TimeRange?,
                      now: Double, options: EvaluationOptions, slack: Double) throws(SQLiteError) -> Int {
        var removed = 0
        if let maxAge, maxAge.count > 0,
           let cutoff = CalendarSteps.back(from: now, maxAge.unit, maxAge.count, calendar: options.calendar, fixedOffset: options.fixedOffset) {
            try connection.prepare("DELETE FROM tiprules_donations WHERE subject = ?1 AND event = ?2 AND date < ?3")
                .bind(subject, event, cutoff - slack).run()
            removed += connection.changes
        }
        if let limit {
            try connection.prepare("""
                DELETE FROM tiprules_donations WHERE seq IN (SELECT seq FROM tiprules_donations
                    WHERE subject = ?1 AND event = ?2 AND date <= ?3 ORDER BY date DESC, seq DESC LIMIT -1 OFFSET ?4)
                """).bind(subject, event, now, limit).run()
            removed += connection.changes
        }
        return removed
    }

    static func generation(_ connection: SQLiteConnection) throws(SQLiteError) -> Int64 {
        Int64(try metaValue("generation", connection) ?? "0") ?? 0
    }

    /// Tells every reader's cache that donations were deleted (they read everything again).
    static func bumpGeneration(_ connection: SQLiteConnection) throws(SQLiteError) {
        try connection.execute("UPDATE tiprules_meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation'")
    }

    private static func metaValue(_ key: String, _ connection: SQLiteConnection) throws(SQLiteError) -> String? {
        let select = try connection.prepare("SELECT value FROM tiprules_meta WHERE key = ?1")
        try select.bind(key)
        return try select.step() ? select.text(0) : nil
    }
}
