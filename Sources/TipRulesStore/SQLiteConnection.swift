import CSQLite
import Foundation

/// A SQLite connection: statements prepared, bound and stepped, with SQLite's errors as
/// `SQLiteError`s. Not thread-safe; its owner serialises access.
final class SQLiteConnection {
    private(set) var handle: OpaquePointer?
    let path: String

    /// Opens (creating when asked) the database at `path`. `immutable` reads a file that
    /// nothing can change while it is open, without the locks and shared memory of a WAL
    /// database (which a reader that cannot write the folder could not create).
    init(path: String, readOnly: Bool = false, create: Bool = true, immutable: Bool = false) throws(SQLiteError) {
        self.path = path
        var flags = readOnly || immutable ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly && !immutable { flags |= SQLITE_OPEN_CREATE }
        flags |= SQLITE_OPEN_NOMUTEX
        var name = path
        if immutable {
            flags |= SQLITE_OPEN_URI
            // A file: URI, with the characters a URI gives meaning escaped.
            let escaped = path.unicodeScalars.map { scalar -> String in
                "%?#".unicodeScalars.contains(scalar) ? String(format: "%%%02X", scalar.value) : String(scalar)
            }.joined()
            name = "file:" + escaped + "?immutable=1"
        }
        let status = sqlite3_open_v2(name, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let error = SQLiteError(code: status, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status)))
            sqlite3_close_v2(handle)
            handle = nil
            throw error
        }
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs statements without results.
    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        if status != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_free(message)
            throw SQLiteError(code: status, message: text)
        }
    }

    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        return SQLiteStatement(statement, connection: self)
    }

    /// The current error of the connection.
    func error(_ status: Int32) -> SQLiteError {
        SQLiteError(code: status, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status)))
    }

    var lastInsertedRow: Int64 { sqlite3_last_insert_rowid(handle) }
    var changes: Int { Int(sqlite3_changes(handle)) }
}

/// A prepared statement.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private let connection: SQLiteConnection

    init(_ statement: OpaquePointer, connection: SQLiteConnection) {
        self.statement = statement
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(statement)
    }

    /// Binds parameters by position (from 1): text, integers, doubles, nil.
    @discardableResult
    func bind(_ values: Any?...) throws(SQLiteError) -> SQLiteStatement {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case let text as String: status = sqlite3_bind_text(statement, index, text, -1, SQLiteStatement.transient)
            case let number as Int: status = sqlite3_bind_int64(statement, index, Int64(number))
            case let number as Int64: status = sqlite3_bind_int64(statement, index, number)
            case let number as Double: status = sqlite3_bind_double(statement, index, number)
            default: status = sqlite3_bind_null(statement, index)
            }
            guard status == SQLITE_OK else { throw connection.error(status) }
        }
        return self
    }

    /// Steps once: true while there is a row.
    func step() throws(SQLiteError) -> Bool {
        let status = sqlite3_step(statement)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = connection.error(status)
            sqlite3_reset(statement)
            throw error
        }
    }

    /// Runs the statement to its end.
    func run() throws(SQLiteError) {
        while try step() {}
        sqlite3_reset(statement)
    }

    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
    func text(_ column: Int32) -> String {
        guard let pointer = sqlite3_column_text(statement, column) else { return "" }
        return String(cString: pointer)
    }
    /// A text column's bytes in place, valid until the next step.
    func withBytes<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let pointer = sqlite3_column_text(statement, column)
        let count = Int(sqlite3_column_bytes(statement, column))
        return try body(UnsafeBufferPointer(start: pointer, count: pointer == nil ? 0 : count))
    }

    func bytes(_ column: Int32) -> [UInt8] {
        guard let pointer = sqlite3_column_text(statement, column) else { return [] }
        let count = Int(sqlite3_column_bytes(statement, column))
        return Array(UnsafeBufferPointer(start: pointer, count: count))
    }

    /// SQLite's "copy the bound text now".
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// A SQLite result code with its message.
struct SQLiteError: Error {
    var code: Int32
    var message: String

    /// The primary result code (without the extended bits).
    var primary: Int32 { code & 0xFF }

    /// Whether another connection holds the lock (retrying later succeeds).
    var isBusy: Bool { primary == SQLITE_BUSY || primary == SQLITE_LOCKED }

    /// The reason in words a person can act on.
    var reason: String {
        switch primary {
        case SQLITE_READONLY: return "the file is read-only (\(message))"
        case SQLITE_FULL: return "the disk is full"
        case SQLITE_CANTOPEN: return "the file cannot be opened (\(message)); check that its folder exists and is writable"
        case SQLITE_NOTADB: return "the file is not a SQLite database"
        case SQLITE_CORRUPT: return "the database is damaged (\(message))"
        case SQLITE_PERM, SQLITE_AUTH: return "permission denied (\(message))"
        case SQLITE_IOERR: return "an input/output error (\(message))"
        default: return message
        }
    }
}
