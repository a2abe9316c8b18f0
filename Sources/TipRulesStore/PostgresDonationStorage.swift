import Foundation
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// Donations in a PostgreSQL database shared by many app servers: every process donates and
/// evaluates through its own storage, and each sees the others' acknowledged donations.
///
/// The donations table is partitioned by a hash of the subject (8 partitions), so one
/// subject's reads and writes touch one partition; every read and write names a subject.
///
/// ```swift
/// let storage = try PostgresDonationStorage(url: "postgresql://app@db.internal/tips", events: rules.events, subject: userID)
/// ```
public final class PostgresDonationStorage: DonationStorage, @unchecked Sendable {
    // `@unchecked`: the connection and the cache are only touched while `lock` is held.

    /// The format version of the tables this code writes.
    public static let schemaVersion = 1

    /// The connection URL, as given.
    public let url: String
    /// Whose donations this storage reads and writes ("" is the implicit subject).
    public let subject: String

    private let lock = Lock()
    private let connection: PostgresConnection
    private let schemas: [EventSchema]
    private let eventRows: [Int]
    private let schemaIndexByRow: [Int: Int]
    /// Fast payload readers, by event (used under the storage's lock).
    private let payloadReaders: [PayloadReader]
    private var cache: DonationStore
    private var generationRead = -1
    /// Rows of transactions that may still commit have a transaction id at or above this: the
    /// next read starts there, and skips the rows already read (`readSinceHorizon`).
    private var horizon: String?
    private var readSinceHorizon: Set<UInt64> = []

    /// Connects, creates the tables when the database has none, and registers the events.
    /// Fails with a diagnostic naming the event and field when stored donations no longer fit.
    public init(url: String, events: [EventSchema], subject: String = "") throws(Diagnostic) {
        self.url = url
        self.subject = subject
        self.schemas = events
        do {
            connection = try PostgresConnection(url: url)
        } catch {
            throw Diagnostic.about(url, in: "<store>", StoreMessages.cannotOpen(PostgresDonationStorage.redacted(url), error.message))
        }
        var rows: [Int] = []
        var refusal: Diagnostic?
        do {
            try connection.execute("BEGIN")
            // One process at a time creates tables and registers events.
            try connection.execute("SELECT pg_advisory_xact_lock(735161803)")
            try PostgresDonationStorage.createTables(connection)
            for event in events {
                let (row, problem) = try PostgresDonationStorage.register(event, connection)
                if let problem {
                    refusal = problem
                    break
                }
                rows.append(row)
            }
            try connection.execute(refusal == nil ? "COMMIT" : "ROLLBACK")
        } catch {
            throw Diagnostic.about(url, in: "<store>", StoreMessages.cannotOpen(PostgresDonationStorage.redacted(url), error.message))
        }
        if let refusal { throw refusal }
        eventRows = rows
        payloadReaders = events.map(PayloadReader.init)
        schemaIndexByRow = Dictionary(rows.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        cache = DonationStore(events: events)
    }

    /// The URL without its password, as messages show it.
    package static func redactedForTests(_ url: String) -> String { redacted(url) }

    /// The URL without its password, for messages.
    static func redacted(_ url: String) -> String {
        guard let at = url.firstIndex(of: "@"), let scheme = url.range(of: "://"), scheme.upperBound < at else { return url }
        let credentials = url[scheme.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at...])
    }

    private static func createTables(_ connection: PostgresConnection) throws(PostgresError) {
        let exists = try connection.execute("SELECT to_regclass('tiprules_meta') IS NOT NULL")
        if exists.first?.first == "t" {
            let version = try connection.execute("SELECT value FROM tiprules_meta WHERE key = 'schema_version'")
            if let text = version.first?.first ?? nil, let number = Int(text), number > schemaVersion {
                throw PostgresError(message: "the tables have schema version \(number); this tiprules reads up to \(schemaVersion)", connectionLost: false)
            }
            return
        }
        try connection.execute("""
            CREATE TABLE tiprules_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE tiprules_events (id SERIAL PRIMARY KEY, name TEXT NOT NULL UNIQUE, fields TEXT NOT NULL);
            CREATE TABLE tiprules_donations (
                seq BIGSERIAL, subject TEXT NOT NULL, event INTEGER NOT NULL, date DOUBLE PRECISION NOT NULL,
                payload TEXT NOT NULL, token TEXT NOT NULL, xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
                PRIMARY KEY (subject, seq), UNIQUE (subject, token)
            ) PARTITION BY HASH (subject);
            CREATE INDEX tiprules_donations_by_event ON tiprules_donations (subject, event, date);
            CREATE INDEX tiprules_donations_by_xid ON tiprules_donations (subject, xid);
            INSERT INTO tiprules_meta (key, value) VALUES ('schema_version', '1'), ('generation', '0');
            """)
        for remainder in 0..<8 {
            try connection.execute("CREATE TABLE tiprules_donations_\(remainder) PARTITION OF tiprules_donations FOR VALUES WITH (MODULUS 8, REMAINDER \(remainder))")
        }
    }

    private static func register(_ event: EventSchema, _ connection: PostgresConnection) throws(PostgresError) -> (Int, Diagnostic?) {
        let declared = StoredEvents.fieldsJSON(event.fields)
        let found = try connection.execute("SELECT id, fields FROM tiprules_events WHERE name = $1", [event.id])
        guard let row = found.first, let idText = row[0], let id = Int(idText) else {
            let inserted = try connection.execute("INSERT INTO tiprules_events (name, fields) VALUES ($1, $2) RETURNING id", [event.id, declared])
            return (Int(inserted.first?.first.flatMap { $0 } ?? "") ?? 0, nil)
        }
        let stored = row[1] ?? "[]"
        guard stored != declared else { return (id, nil) }
        let held = Int(try connection.execute("SELECT COUNT(*) FROM tiprules_donations WHERE event = $1", [String(id)]).first?.first.flatMap { $0 } ?? "0") ?? 0
        if held > 0 {
            var valued: [String: Int] = [:]
            for field in StoredEvents.parseFields(stored) where event.fieldIndex(field.name) == nil {
                let count = try connection.execute("SELECT COUNT(*) FROM tiprules_donations WHERE event = $1 AND (payload::jsonb -> $2) IS NOT NULL AND (payload::jsonb -> $2) <> 'null'::jsonb",
                                                   [String(id), field.name])
                valued[field.name] = Int(count.first?.first.flatMap { $0 } ?? "0") ?? 0
            }
            if let problem = StoredEvents.fieldProblem(event, stored: StoredEvents.parseFields(stored), count: held, valued: valued) {
                return (id, problem)
            }
        }
        try connection.execute("UPDATE tiprules_events SET fields = $1 WHERE id = $2", [declared, String(id)])
        return (id, nil)
    }

    // MARK: - Writing

    /// Records a donation whose payload matches `event`'s fields, in field order, and prunes
    /// what `limit` and `maxAge` no longer let rules see.
    public func record(_ event: EventSchema, date: Date, payload: [Value]) throws(Diagnostic) {
        try record([(event, date, payload)])
    }

    /// Records several donations in one transaction. Each carries a token, so a transaction
    /// retried after a lost connection never records a donation twice.
    public func record(_ donations: [(event: EventSchema, date: Date, payload: [Value])]) throws(Diagnostic) {
        var rows: [(Int, Double, String, String)] = []
        for donation in donations {
            guard let index = schemas.firstIndex(where: { $0.id == donation.event.id }) else {
                throw DonationErrors.unknownEvent(donation.event.id, known: schemas.map(\.id))
            }
            guard schemas[index].fields == donation.event.fields else {
                throw DonationErrors.schemaMismatch(donation.event, stored: schemas[index])
            }
            rows.append((index, try DonationErrors.checkedDate(donation.date, for: donation.event), StoredEvents.payloadJSON(donation.payload, schemas[index]), UUID().uuidString))
        }
        lock.lock()
        defer { lock.unlock() }
        try transaction("record donations") { () throws(PostgresError) in
            // Several hundred rows per statement: one round trip each, not one per donation.
            var start = 0
            while start < rows.count {
                let chunk = rows[start..<min(start + 500, rows.count)]
                var values: [String] = []
                var parameters: [String?] = [subject]
                for (index, date, payload, token) in chunk {
                    let base = parameters.count
                    values.append("($1, $\(base + 1), $\(base + 2), $\(base + 3), $\(base + 4))")
                    parameters += [String(eventRows[index]), String(date), payload, token]
                }
                try connection.execute("INSERT INTO tiprules_donations (subject, event, date, payload, token) VALUES "
                                       + values.joined(separator: ", ") + " ON CONFLICT (subject, token) DO NOTHING", parameters)
                start += chunk.count
            }
            let touched = Set(rows.map(\.0))
            for index in touched.sorted() {
                try prune(index)
            }
        }
    }

    /// Forgets every donation of an event, for this subject; every reader sees it.
    public func deleteDonations(of event: EventSchema) throws(Diagnostic) {
        guard let index = schemas.firstIndex(where: { $0.id == event.id }) else { return }
        lock.lock()
        defer { lock.unlock() }
        try transaction("delete donations") { () throws(PostgresError) in
            try connection.execute("DELETE FROM tiprules_donations WHERE subject = $1 AND event = $2", [subject, String(eventRows[index])])
            try connection.execute("UPDATE tiprules_meta SET value = (value::bigint + 1)::text WHERE key = 'generation'")
        }
    }

    /// Forgets the subject's donations that rules of `events` can no longer see at `now` or later.
    public func evictDonations(for events: [EventSchema], asOf now: Date, timeZone: TimeZone) throws(Diagnostic) -> Int {
        var options = EvaluationOptions(now: now)
        options.timeZone = timeZone
        lock.lock()
        defer { lock.unlock() }
        var removed = 0
        try transaction("evict donations") { () throws(PostgresError) in
            for event in events {
                guard let index = schemas.firstIndex(where: { $0.id == event.id }) else { continue }
                removed += try prune(eventRows[index], limit: event.limit, maxAge: event.maxAge, now: now.timeIntervalSinceReferenceDate,
                                     options: options, slack: 0)
            }
        }
        return removed
    }

    /// Drops what `limit` and `maxAge` no longer let rules see, as `SQLiteDonationStorage` does.
    private func prune(_ index: Int) throws(PostgresError) {
        let schema = schemas[index]
        let now = Date().timeIntervalSinceReferenceDate
        // Past `limit` about every 32nd write, so a write costs no scan of the stream.
        let checksLimit = Int.random(in: 0..<32) == 0
        _ = try prune(eventRows[index], limit: checksLimit ? schema.limit : nil, maxAge: schema.maxAge, now: now,
                      options: EvaluationOptions(now: Date(timeIntervalSinceReferenceDate: now)), slack: 2 * 86_400)
    }

    private func prune(_ event: Int, limit: Int?, maxAge: TimeRange?, now: Double, options: EvaluationOptions, slack: Double) throws(PostgresError) -> Int {
        var removed = 0
        if let maxAge, maxAge.count > 0,
           let cutoff = CalendarSteps.back(from: now, maxAge.unit, maxAge.count, calendar: options.calendar, fixedOffset: options.fixedOffset) {
            removed += try connection.execute("DELETE FROM tiprules_donations WHERE subject = $1 AND event = $2 AND date < $3 RETURNING 1",
                                              [subject, String(event), String(cutoff - slack)]).count
        }
        if let limit {
            removed += try connection.execute("""
                DELETE FROM tiprules_donations WHERE subject = $1 AND seq IN (SELECT seq FROM tiprules_donations
                    WHERE subject = $1 AND event = $2 AND date <= $3 ORDER BY date DESC, seq DESC OFFSET $4) RETURNING 1
                """, [subject, String(event), String(now), String(limit)]).count
        }
        return removed
    }

    /// Runs a transaction; after a lost connection, connects again and runs it once more
    /// (tokens make that safe), then gives up with a clear error.
    private func transaction(_ action: String, _ body: () throws(PostgresError) -> Void) throws(Diagnostic) {
        var attempt = 0
        while true {
            attempt += 1
            do throws(PostgresError) {
                try connection.execute("BEGIN")
                do throws(PostgresError) {
                    try body()
                    try connection.execute("COMMIT")
                } catch {
                    if connection.isConnected { _ = try? connection.execute("ROLLBACK") }
                    throw error
                }
                return
            } catch {
                if error.connectionLost && attempt == 1 && connection.reconnect() { continue }
                let reason = error.connectionLost ? "the connection was lost and could not be made again (\(error.message))" : error.message
                throw Diagnostic.about(url, in: "<store>", StoreMessages.failed(PostgresDonationStorage.redacted(url), action, reason))
            }
        }
    }

    // MARK: - Reading

    /// The subject's donations as they are now (read incrementally: only rows of transactions
    /// that may have committed since the last snapshot are read).
    public func snapshot() throws(Diagnostic) -> any DonationSource {
        lock.lock()
        defer { lock.unlock() }
        return try refreshed()
    }

    /// The subject's donations as one value (for tools that merge or save them).
    package func contents() throws(Diagnostic) -> DonationStore {
        lock.lock()
        defer { lock.unlock() }
        return try refreshed()
    }

    /// The donations of an event as they are now.
    public func stream(for event: EventSchema) throws(Diagnostic) -> DonationStream {
        try snapshot().stream(for: event)
    }

    private func refreshed() throws(Diagnostic) -> DonationStore {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try read()
            } catch let error as PostgresError {
                if error.connectionLost && attempt == 1 && connection.reconnect() { continue }
                let reason = error.connectionLost ? "the connection was lost and could not be made again (\(error.message))" : error.message
                throw Diagnostic.about(url, in: "<store>", StoreMessages.failed(PostgresDonationStorage.redacted(url), "be read", reason))
            } catch let diagnostic as Diagnostic {
                throw diagnostic
            } catch {
                throw Diagnostic.about(url, in: "<store>", StoreMessages.failed(PostgresDonationStorage.redacted(url), "be read", "\(error)"))
            }
        }
    }

    /// Reads the rows new since the last read: those of transactions at or above the last
    /// horizon (skipping rows already read), in one repeatable-read transaction.
    private func read() throws -> DonationStore {
        try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
        defer { if connection.isConnected { _ = try? connection.execute("COMMIT") } }
        let generation = Int(try connection.execute("SELECT value FROM tiprules_meta WHERE key = 'generation'").first?.first.flatMap { $0 } ?? "0") ?? 0
        let nextHorizon = try connection.execute("SELECT pg_snapshot_xmin(pg_current_snapshot())::text").first?.first.flatMap { $0 } ?? "0"
        if generation != generationRead {
            cache = DonationStore(events: schemas)
            horizon = nil
            readSinceHorizon = []
            generationRead = generation
        }
        let (sql, parameters) = horizon == nil
            ? ("SELECT seq, event, date, payload, xid::text FROM tiprules_donations WHERE subject = $1", [subject])
            : ("SELECT seq, event, date, payload, xid::text FROM tiprules_donations WHERE subject = $1 AND xid >= $2::xid8", [subject, horizon])
        var stillOpen: Set<UInt64> = []
        let boundary = UInt64(nextHorizon) ?? 0
        var batch = RowBatch(schemas: schemas, readers: payloadReaders)
        try connection.query(sql, parameters) { row in
            guard let seq = row.unsigned(0), let event = row.unsigned(1), let date = row.double(2), let xid = row.unsigned(4) else { return }
            if xid >= boundary { stillOpen.insert(seq) }
            guard !readSinceHorizon.contains(seq), let index = schemaIndexByRow[Int(event)] else { return }
            let problem = row.withBytes(3) { bytes -> Diagnostic? in
                do throws(Diagnostic) {
                    try batch.add(eventIndex: index, date: date, payload: bytes, location: url)
                    return nil
                } catch {
                    return error
                }
            }
            if let problem { throw problem }
        }
        batch.append(to: &cache)
        horizon = nextHorizon
        readSinceHorizon = stillOpen
        return cache
    }

    /// Every donation of every subject, oldest first (for export).
    package func allDonations() throws(Diagnostic) -> [(subject: String, event: String, date: Double, payload: String)] {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try connection.execute("""
                SELECT d.subject, e.name, d.date, d.payload FROM tiprules_donations d JOIN tiprules_events e ON e.id = d.event ORDER BY d.date, d.seq
                """).map { ($0[0] ?? "", $0[1] ?? "", Double($0[2] ?? "0") ?? 0, $0[3] ?? "{}") }
        } catch {
            throw Diagnostic.about(url, in: "<store>", StoreMessages.failed(PostgresDonationStorage.redacted(url), "be read", error.message))
        }
    }
}
