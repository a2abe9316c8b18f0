import CLibPQ
import Foundation

/// A libpq connection: parameterised statements in text format, results as rows of text.
/// Not thread-safe; its owner serialises access.
final class PostgresConnection {
    private var handle: OpaquePointer?
    let url: String
    private let pq: LibPQ

    init(url: String) throws(PostgresError) {
        self.url = url
        pq = try LibPQ.shared.get()
        handle = pq.function.connectdb!(url)
        guard pq.function.status!(handle) == CONNECTION_OK else {
            let error = PostgresError(message: currentMessage, connectionLost: true)
            pq.function.finish!(handle)
            handle = nil
            throw error
        }
        // Notices (such as "relation already exists, skipping") are not for the user.
        _ = pq.function.setNoticeProcessor!(handle, { _, _ in }, nil)
    }

    deinit {
        pq.function.finish!(handle)
    }

    private var currentMessage: String {
        guard let handle, let text = pq.function.errorMessage!(handle) else { return "cannot connect" }
        return String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the connection is still up.
    var isConnected: Bool { pq.function.status!(handle) == CONNECTION_OK }

    /// Connects again after a lost connection.
    func reconnect() -> Bool {
        pq.function.reset!(handle)
        return pq.function.status!(handle) == CONNECTION_OK
    }

    /// Runs one statement with text parameters; returns its rows (nil for SQL NULL).
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> [[String?]] {
        var rows: [[String?]] = []
        do {
            try query(sql, parameters) { row in
                rows.append((0..<row.columnCount).map { row.isNull($0) ? nil : row.text($0) })
            }
        } catch let error as PostgresError {
            throw error
        } catch {
            preconditionFailure("a body that does not throw threw \(error)")
        }
        return rows
    }

    /// Runs one statement and hands each row of its result to `body`, whose values are read in
    /// place (no string is made for a value nobody asks for as one). Throws a `PostgresError`,
    /// or what `body` throws.
    func query(_ sql: String, _ parameters: [String?] = [], _ body: (PostgresRow) throws -> Void) throws {
        let copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        // Without parameters, a script of several statements may run (PQexec allows them).
        let function = pq.function
        let result: OpaquePointer? = parameters.isEmpty ? function.exec!(handle, sql) : copies.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { values in
                function.execParams!(handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
            }
        }
        defer { function.clear!(result) }
        let status = function.resultStatus!(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK, let result else {
            let message = result.flatMap { function.resultErrorMessage!($0) }.map { String(cString: $0) } ?? currentMessage
            throw PostgresError(message: message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? currentMessage : message.trimmingCharacters(in: .whitespacesAndNewlines),
                                connectionLost: function.status!(handle) != CONNECTION_OK)
        }
        let columns = function.nfields!(result)
        for row in 0..<function.ntuples!(result) {
            try body(PostgresRow(pq: pq, result: result, row: row, columnCount: columns))
        }
    }
}

/// One row of a query's result, read in place while the result lives.
struct PostgresRow {
    /// (Unowned: a row lives only inside a query of the connection that holds the library.)
    fileprivate unowned(unsafe) let pq: LibPQ
    fileprivate let result: OpaquePointer
    fileprivate let row: Int32
    let columnCount: Int32

    func isNull(_ column: Int32) -> Bool { pq.function.getisnull!(result, row, column) == 1 }
    func text(_ column: Int32) -> String { String(cString: pq.function.getvalue!(result, row, column)!) }
    /// A value's text as bytes, valid only inside `body`.
    func withBytes<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let pointer = UnsafeRawPointer(pq.function.getvalue!(result, row, column)!).assumingMemoryBound(to: UInt8.self)
        return try body(UnsafeBufferPointer(start: pointer, count: Int(pq.function.getlength!(result, row, column))))
    }
    /// A non-negative integer value (a serial, an id, an xid8), or nil when the text is not one.
    func unsigned(_ column: Int32) -> UInt64? {
        withBytes(column) { bytes in
            guard !bytes.isEmpty else { return nil }
            var value: UInt64 = 0
            for byte in bytes {
                guard byte >= 48 && byte <= 57 else { return nil }
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times.addingReportingOverflow(UInt64(byte - 48))
                if overflow || carry { return nil }
                value = sum
            }
            return value
        }
    }
    /// A floating-point value (PostgreSQL writes the shortest text that reads back exactly),
    /// or nil when the text is not one.
    func double(_ column: Int32) -> Double? {
        let start = pq.function.getvalue!(result, row, column)!
        var end: UnsafeMutablePointer<CChar>?
        let value = strtod(start, &end)
        guard let end, end != start, end.pointee == 0 else { return nil }
        return value
    }
}

/// A PostgreSQL error, and whether it came from a lost connection.
struct PostgresError: Error {
    var message: String
    var connectionLost: Bool

    /// Keeps the first line of the server's message ("ERROR:  ..."; the rest repeats the SQL).
    init(message: String, connectionLost: Bool) {
        let first = message.split(separator: "\n").first.map(String.init) ?? message
        self.message = first.replacingOccurrences(of: "ERROR:  ", with: "")
        self.connectionLost = connectionLost
    }
}
