import CLibPQ
import Foundation

/// A libpq connection: parameterised statements in text format, results as rows of text.
/// Not thread-safe; its owner serialises access.
final class PostgresConnection {
    private var handle: OpaquePointer?
    let url: String

    init(url: String) throws(PostgresError) {
        self.url = url
        handle = PQconnectdb(url)
        guard PQstatus(handle) == CONNECTION_OK else {
            let error = PostgresError(message: currentMessage, connectionLost: true)
            PQfinish(handle)
            handle = nil
            throw error
        }
        // Notices (such as "relation already exists, skipping") are not for the user.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
    }

    deinit {
        PQfinish(handle)
    }

    private var currentMessage: String {
        guard let handle, let text = PQerrorMessage(handle) else { return "cannot connect" }
        return String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the connection is still up.
    var isConnected: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Connects again after a lost connection.
    func reconnect() -> Bool {
        PQreset(handle)
        return PQstatus(handle) == CONNECTION_OK
    }

    /// Runs one statement with text parameters; returns its rows (nil for SQL NULL).
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> [[String?]] {
        let copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        // Without parameters, a script of several statements may run (PQexec allows them).
        let result: OpaquePointer? = parameters.isEmpty ? PQexec(handle, sql) : copies.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { values in
                PQexecParams(handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
            }
        }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let message = result.flatMap { PQresultErrorMessage($0) }.map { String(cString: $0) } ?? currentMessage
            throw PostgresError(message: message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? currentMessage : message.trimmingCharacters(in: .whitespacesAndNewlines),
                                connectionLost: PQstatus(handle) != CONNECTION_OK)
        }
        var rows: [[String?]] = []
        let count = PQntuples(result)
        let columns = PQnfields(result)
        rows.reserveCapacity(Int(count))
        for row in 0..<count {
            rows.append((0..<columns).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            })
        }
        return rows
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
