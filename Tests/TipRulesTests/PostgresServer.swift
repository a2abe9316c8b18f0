import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A private PostgreSQL server for the tests: `initdb` into a temporary folder, listening on a
/// Unix socket only, started on first use and stopped (`-m immediate`) when the test process
/// exits. PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
enum PostgresServer {
    struct Running {
        var folder: String
        var port: Int
        var binaries: String
    }

    /// The server, or why it could not start.
    static let shared: Result<Running, ChildError> = start()

    /// A URL to a new, empty database on the server.
    static func database() throws -> String {
        let server = try shared.get()
        let name = "tiprules_\(UUID().uuidString.prefix(8).lowercased())"
        let created = try asServerUser("\(server.binaries)/createdb -h \(server.folder) -p \(server.port) -U postgres \(name)")
        guard created.status == 0 else { throw ChildError(description: "createdb failed: \(created.stdout)") }
        return url(server, database: name)
    }

    static func url(_ server: Running, database: String) -> String {
        "postgresql:///\(database)?host=\(server.folder)&port=\(server.port)&user=postgres"
    }

    /// Runs SQL on a database with psql; returns its output (unaligned, tuples only).
    @discardableResult
    static func psql(_ url: String, _ sql: String) throws -> String {
        let server = try shared.get()
        let result = try runChild("\(server.binaries)/psql", ["-X", "-q", "-A", "-t", url, "-c", sql])
        guard result.status == 0 else { throw ChildError(description: "psql failed for \(sql)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func start() -> Result<Running, ChildError> {
        let installed = ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []).sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }
        guard let version = installed.last else {
            return .failure(ChildError(description: "no PostgreSQL server binaries in /usr/lib/postgresql (Debian's postgresql package)"))
        }
        let binaries = "/usr/lib/postgresql/\(version)/bin"
        var template = Array("/tmp/tiprules-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { return .failure(ChildError(description: "mkdtemp failed")) }
        let folder = String(cString: made)
        let port = 20_000 + Int(getpid() % 20_000)
        if geteuid() == 0 {
            _ = try? runChild("/bin/chown", ["postgres", folder])
        }
        let command = "\(binaries)/initdb -D \(folder)/data -A trust -U postgres > \(folder)/initdb.log 2>&1"
            + " && \(binaries)/pg_ctl -D \(folder)/data -o \"-k \(folder) -c listen_addresses='' -p \(port) -c fsync=off\" -l \(folder)/data/server.log -w start > /dev/null"
        do {
            let started = try asServerUser(command)
            guard started.status == 0 else {
                return .failure(ChildError(description: "the PostgreSQL server did not start (see \(folder))"))
            }
        } catch {
            return .failure(error as? ChildError ?? ChildError(description: "\(error)"))
        }
        let running = Running(folder: folder, port: port, binaries: binaries)
        atexit {
            guard case .success(let server) = PostgresServer.shared else { return }
            _ = try? PostgresServer.asServerUser("\(server.binaries)/pg_ctl -D \(server.folder)/data -m immediate stop > /dev/null 2>&1")
            _ = try? runChild("/bin/rm", ["-rf", server.folder])
        }
        return .success(running)
    }

    /// Runs a shell command as the `postgres` user when the tests run as root.
    static func asServerUser(_ command: String) throws -> (status: Int32, stdout: String) {
        if geteuid() == 0 {
            return try runChild("/bin/su", ["postgres", "-s", "/bin/sh", "-c", command])
        }
        return try runChild("/bin/sh", ["-c", command])
    }
}
