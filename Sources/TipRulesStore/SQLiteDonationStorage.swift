import CSQLite
import Foundation
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// Donations kept in a SQLite file: TipRules' durable store for an app or a single server.
///
/// One file holds every event's donations for any number of subjects (a user or device id);
/// one storage object reads and writes those of one subject. Several processes may use the
/// same file at once: each write is a transaction, and a writer that finds the file locked
/// waits for it rather than failing.
///
/// ```swift
/// let storage = try SQLiteDonationStorage(path: "donations.sqlite", events: rules.events, subject: "user-42")
/// let engine = RuleEngine(rules: rules, storage: storage)
/// ```
public final class SQLiteDonationStorage: DonationStorage, @unchecked Sendable {
    // `@unchecked`: the connection and the cache are only touched while `lock` is held.

    /// How hard a write works to survive a power loss.
    public enum Durability: Sendable {
        /// Every donation `record` has returned for is on disk, even after a power loss (the
        /// write-ahead log is synced at each commit). The default.
        case full
        /// Faster writes: a crash of the process loses nothing, but a power loss or an
        /// operating-system crash may lose the last donations recorded (never corrupts the file).
        case normal
    }

    /// The schema version this code writes; older files are migrated when opened.
    public static let schemaVersion = 2

    /// The file.
    public let path: String
    /// Whose donations this storage reads and writes ("" is the implicit subject).
    public let subject: String

    private let lock = Lock()
    private let connection: SQLiteConnection
    private let schemas: [EventSchema]
    /// Each declared event's row id in the file, by schema index.
    private let eventRows: [Int64]
    private let schemaIndexByRow: [Int64: Int]
    private let payloadReaders: [PayloadReader]
    /// Donations read so far, and the last row read: a snapshot reads only newer rows.
    private var cache: DonationStore
    private var lastRowRead: Int64 = 0
    private var generationRead: Int64 = -1
    /// How many rows the last snapshot read from the file (tests check reads are incremental).
    package private(set) var rowsReadLastTime = 0

    /// Opens (or creates) the store at `path` for the declared events, migrating an older file.
    /// Fails with a diagnostic naming the event and field when donations it holds no longer
    /// fit the declarations.
    ///
    /// `readOnly` opens an existing store for reading only (what `tiprules eval --store` does):
    /// it is neither created nor migrated, and recording fails.
    public init(path: String, events: [EventSchema], subject: String = "", durability: Durability = .full, readOnly: Bool = false) throws(Diagnostic) {
        self.path = path
        self.subject = subject
        self.schemas = events
        let opened: (SQLiteConnection, [Int64])
        do {
            opened = try SQLiteDonationStorage.open(path, events: events, durability: durability, readOnly: readOnly, immutable: false)
        } catch let failure {
            // A reader that may not write the file (nor, often, its folder) cannot make the
            // shared-memory file a WAL database needs, so it reads the file as it is: nobody
            // it could coordinate with can change it either.
            guard readOnly, FileManager.default.fileExists(atPath: path), access(path, W_OK) != 0,
                  let fallback = try? SQLiteDonationStorage.open(path, events: events, durability: durability, readOnly: true, immutable: true)
            else { throw failure }
            opened = fallback
        }
        let (connection, rows) = opened
        self.connection = connection
        eventRows = rows
        schemaIndexByRow = Dictionary(rows.enumerated().filter { $0.element >= 0 }.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        cache = DonationStore(events: events)
        payloadReaders = events.map(PayloadReader.init)
    }

    /// Opens the file and checks (or, for writing, sets up) its schema and events.
    private static func open(_ path: String, events: [EventSchema], durability: Durability, readOnly: Bool,
                             immutable: Bool) throws(Diagnostic) -> (SQLiteConnection, [Int64]) {
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, readOnly: readOnly, immutable: immutable)
            try connection.execute("PRAGMA busy_timeout = 10000")
            if !readOnly {
                try SQLiteDonationStorage.retryingWhenBusy { () throws(SQLiteError) in
                    try connection.execute("PRAGMA journal_mode = WAL")
                }
            }
            try connection.execute(durability == .full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
        } catch {
            throw Diagnostic.about(path, in: "<store>", StoreMessages.cannotOpen(path, error.reason))
        }
        return (connection, try SQLiteStore.prepare(connection, path: path, events: events, readOnly: readOnly))
    }

    // MARK: - Writing

    /// Records a donation whose payload matches `event`'s fields, in field order, and prunes
    /// what `limit` and `maxAge` no longer let rules see.
    public func record(_ event: EventSchema, date: Date, payload: [Value]) throws(Diagnostic) {
        try record([(event, date, payload)])
    }

    /// Records several donations in one transaction (much faster than one at a time).
    public func record(_ donations: [(event: EventSchema, date: Date, payload: [Value])]) throws(Diagnostic) {
        var rows: [(Int, Double, String)] = []
        for donation in donations {
            guard let index = schemas.firstIndex(where: { $0.id == donation.event.id }) else {
                throw DonationErrors.unknownEvent(donation.event.id, known: schemas.map(\.id))
            }
            guard schemas[index].fields == donation.event.fields else {
                throw DonationErrors.schemaMismatch(donation.event, stored: schemas[index])
            }
            rows.append((index, try DonationErrors.checkedDate(donation.date, for: donation.event), StoredEvents.payloadJSON(donation.payload, schemas[index])))
        }
        lock.lock()
        defer { lock.unlock() }
        try write("record donations") { () throws(SQLiteError) in
            let insert = try connection.prepare("INSERT INTO tiprules_donations (subject, event, date, payload) VALUES (?1, ?2, ?3, ?4)")
            var touched: Set<Int> = []
            for (index, date, payload) in rows {
                try insert.bind(subject, eventRows[index], date, payload).run()
                touched.insert(index)
            }
            for index in touched.sorted() {
                try prune(index, lastRow: connection.lastInsertedRow)
            }
        }
    }

    /// Forgets every donation of an event, for this subject.
    public func deleteDonations(of event: EventSchema) throws(Diagnostic) {
        guard let index = schemas.firstIndex(where: { $0.id == event.id }) else { return }
        lock.lock()
        defer { lock.unlock() }
        try write("delete donations") { () throws(SQLiteError) in
            try connection.prepare("DELETE FROM tiprules_donations WHERE subject = ?1 AND event = ?2").bind(subject, eventRows[index]).run()
            try SQLiteStore.bumpGeneration(connection)
        }
    }

    /// Forgets the donations that rules of `events` can no longer see at `now` or later.
    public func evictDonations(for events: [EventSchema], asOf now: Date, timeZone: TimeZone) throws(Diagnostic) -> Int {
        var options = EvaluationOptions(now: now)
        options.timeZone = timeZone
        lock.lock()
        defer { lock.unlock() }
        var removed = 0
        try write("evict donations") { () throws(SQLiteError) in
            for event in events {
                guard let index = schemas.firstIndex(where: { $0.id == event.id }) else { continue }
                removed += try SQLiteStore.prune(connection, subject: subject, event: eventRows[index], limit: event.limit,
                                                 maxAge: event.maxAge, now: now.timeIntervalSinceReferenceDate, options: options, slack: 0)
            }
            if removed > 0 { try SQLiteStore.bumpGeneration(connection) }
        }
        return removed
    }

    /// Drops donations past `limit` (every 32nd write, so a write costs no scan of the
    /// stream) and past `maxAge` (with a two-day margin, since rules may cut by calendar days
    /// in any time zone), as of the wall clock.
    private func prune(_ index: Int, lastRow: Int64) throws(SQLiteError) {
        let schema = schemas[index]
        let now = Date().timeIntervalSinceReferenceDate
        let checksLimit = lastRow % 32 == 0
        _ = try SQLiteStore.prune(connection, subject: subject, event: eventRows[index], limit: checksLimit ? schema.limit : nil,
                                  maxAge: schema.maxAge, now: now, options: EvaluationOptions(now: Date(timeIntervalSinceReferenceDate: now)),
                                  slack: 2 * 86_400)
    }

    /// Runs a write transaction, retrying while another process holds the file.
    private func write(_ action: String, _ body: () throws(SQLiteError) -> Void) throws(Diagnostic) {
        do {
            try SQLiteDonationStorage.retryingWhenBusy { () throws(SQLiteError) in
                try connection.execute("BEGIN IMMEDIATE")
                do throws(SQLiteError) {
                    try body()
                    try connection.execute("COMMIT")
                } catch {
                    try? connection.execute("ROLLBACK")
                    throw error
                }
            }
        } catch {
            throw Diagnostic.about(path, in: "<store>", StoreMessages.failed(path, action, error.reason))
        }
    }

    /// Retries an operation that found the file locked, for up to a minute: a busy store
    /// slows a writer down but never fails it.
    static func retryingWhenBusy(_ body: () throws(SQLiteError) -> Void) throws(SQLiteError) {
        let deadline = Date().addingTimeInterval(60)
        var pause: UInt32 = 1000
        while true {
            do {
                try body()
                return
            } catch where error.isBusy && Date() < deadline {
                usleep(pause)
                pause = min(pause * 2, 50_000)
            }
        }
    }

    // MARK: - Reading

    /// The subject's donations as they are now (read incrementally: only rows written since
    /// the last snapshot are read).
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
        do {
            try connection.execute("BEGIN")
            defer { try? connection.execute("COMMIT") }
            let generation = try SQLiteStore.generation(connection)
            // A deletion elsewhere, or a cache grown well past what rules can see: read all again.
            let overgrown = schemas.indices.contains { cache.count(of: schemas[$0].id) > 2 * schemas[$0].limit + 64 }
            if generation != generationRead || overgrown {
                cache = DonationStore(events: schemas)
                lastRowRead = 0
                generationRead = generation
            }
            // Later reads take the rows added since (a range of the row ids), whoever's they are.
            // So does a first read when the file holds this subject's rows alone (a device's
            // store): one pass in row order is much cheaper than visiting rows through the
            // index. A file shared by many subjects is read through the subject index.
            let scansRows = try lastRowRead > 0 || holdsOnlyThisSubject()
            let select = scansRows
                ? try connection.prepare("SELECT seq, event, date, payload FROM tiprules_donations WHERE +subject = ?1 AND seq > ?2")
                : try connection.prepare("SELECT seq, event, date, payload FROM tiprules_donations WHERE subject = ?1 AND seq > ?2")
            try select.bind(subject, lastRowRead)
            var batch = RowBatch(schemas: schemas, readers: payloadReaders)
            rowsReadLastTime = 0
            while try select.step() {
                rowsReadLastTime += 1
                lastRowRead = max(lastRowRead, Int64(select.int(0)))
                guard let index = schemaIndexByRow[Int64(select.int(1))] else { continue }
                let date = select.double(2)
                let problem = select.withBytes(3) { bytes -> Diagnostic? in
                    do throws(Diagnostic) {
                        try batch.add(eventIndex: index, date: date, payload: bytes, location: path)
                        return nil
                    } catch {
                        return error
                    }
                }
                if let problem { throw problem }
            }
            batch.append(to: &cache)
            return cache
        } catch let error as SQLiteError {
            throw Diagnostic.about(path, in: "<store>", StoreMessages.failed(path, "be read", error.reason))
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw Diagnostic.about(path, in: "<store>", StoreMessages.failed(path, "be read", "\(error)"))
        }
    }

    /// Whether every row of the file is this subject's: the least and the greatest subject
    /// (two probes of the subject index) are both this one.
    private func holdsOnlyThisSubject() throws(SQLiteError) -> Bool {
        // One aggregate per query: SQLite answers a lone min() or max() from the index.
        for aggregate in ["min", "max"] {
            let probe = try connection.prepare("SELECT \(aggregate)(subject) FROM tiprules_donations")
            try probe.bind()
            guard try probe.step() else { return true }
            if probe.isNull(0) { return true }
            if probe.text(0) != subject { return false }
        }
        return true
    }

    /// Every donation in the file, of every subject, oldest first: (subject, event, date,
    /// payload as a JSON object).
    package func allDonations() throws(Diagnostic) -> [(subject: String, event: String, date: Double, payload: String)] {
        lock.lock()
        defer { lock.unlock() }
        do {
            let select = try connection.prepare("""
                SELECT d.subject, e.name, d.date, d.payload FROM tiprules_donations d JOIN tiprules_events e ON e.id = d.event
                ORDER BY d.date, d.seq
                """)
            try select.bind()
            var rows: [(String, String, Double, String)] = []
            while try select.step() { rows.append((select.text(0), select.text(1), select.double(2), select.text(3))) }
            return rows
        } catch {
            throw Diagnostic.about(path, in: "<store>", StoreMessages.failed(path, "be read", error.reason))
        }
    }
}
