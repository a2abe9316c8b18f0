import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The SQLite store under processes that die, crowd and run out of room.
@Suite("Donation store faults", .serialized)
struct StoreProcessTests {
    private let rules = Fixture.root.appendingPathComponent("Examples/landmarks/landmarks.rules").path

    private func temporaryStore() throws -> String {
        let folder = NSTemporaryDirectory() + "tiprules-faults-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/donations.sqlite"
    }

    /// A shell loop that donates `count` times (forever when nil), printing "ok" after each
    /// donation the store acknowledged.
    private func donationLoop(_ store: String, count: Int?, subject: String = "") -> String {
        let donate = "'\(tiprulesExecutable)' donate '\(rules)' didViewLandmarkDetail '{\"landmarkID\": 1, \"landmarkName\": \"Alps\"}' --store '\(store)' --subject '\(subject)'"
        let loop = count.map { "i=0; while [ $i -lt \($0) ]; do i=$((i+1)); " } ?? "while :; do "
        return loop + "\(donate) > /dev/null && echo ok || echo failed; done"
    }

    private func exported(_ store: String, subject: String = "") throws -> (status: Int32, lines: Int) {
        let result = try runChild(tiprulesExecutable, ["store", "export", "--store", store, "--subject", subject])
        return (result.status, result.stdout.split(separator: "\n").count)
    }

    @Test("a writer killed with SIGKILL loses nothing it acknowledged, and the store opens cleanly")
    func killedWriter() throws {
        let store = try temporaryStore()
        let child = try Child.start("/bin/sh", ["-c", donationLoop(store, count: nil)])
        var acknowledged = 0
        let deadline = Date().addingTimeInterval(20)
        while acknowledged < 15 && Date() < deadline {
            acknowledged += child.readLines().filter { $0 == "ok" }.count
        }
        child.killGroup()
        #expect(acknowledged >= 15, "the loop should have donated before it was killed")
        let after = try exported(store)
        #expect(after.status == 0)
        #expect(after.lines >= acknowledged, "acknowledged \(acknowledged), stored \(after.lines)")
        // And it takes donations again.
        #expect(try runChild(tiprulesExecutable, ["donate", rules, "didLogin", "--store", store]).status == 0)
    }

    @Test("processes donating to one file at once lose nothing, and none sees a busy error")
    func concurrentWriters() throws {
        let store = try temporaryStore()
        let children = try (0..<4).map { index in try Child.start("/bin/sh", ["-c", donationLoop(store, count: 12, subject: "s\(index % 2)")]) }
        var outputs: [String] = []
        for child in children {
            outputs += child.readAll()
            #expect(child.wait() == 0)
        }
        #expect(outputs.filter { $0 == "ok" }.count == 48, "\(outputs.filter { $0 != "ok" })")
        #expect(try exported(store, subject: "s0").lines == 24)
        #expect(try exported(store, subject: "s1").lines == 24)
    }

    @Test("a write that cannot grow the file fails with a clear error and corrupts nothing")
    func noRoom() throws {
        let store = try temporaryStore()
        #expect(try runChild(tiprulesExecutable, ["donate", rules, "didLogin", "--store", store]).status == 0)
        let folder = (store as NSString).deletingLastPathComponent
        let log = folder + "/big.ndjson"
        let line = #"{"event": "didViewLandmarkDetail", "date": "2026-11-20T10:00:00Z", "value": {"landmarkID": 1, "landmarkName": "\#(String(repeating: "x", count: 200))"}}"#
        try String(repeating: line + "\n", count: 20_000).write(toFile: log, atomically: true, encoding: .utf8)
        // The file may grow by 256 KiB at most (as on a full disk); SIGXFSZ is ignored so the
        // write fails instead of killing the process.
        let command = "trap '' XFSZ; ulimit -f 512; exec '\(tiprulesExecutable)' store import '\(rules)' '\(log)' --store '\(store)'"
        let child = try Child.start("/bin/sh", ["-c", command], stderrToStdout: true)
        let output = child.readAll().joined(separator: "\n")
        #expect(child.wait() == 1)
        #expect(output.contains("could not record donations"), "\(output)")
        let after = try exported(store)
        #expect(after.status == 0)
        #expect(after.lines == 1, "the failed import wrote nothing; the earlier donation is intact")
    }
}

/// A child process in its own process group, with its output on a pipe.
private final class Child {
    let pid: pid_t
    let output: Int32
    private var buffer: [UInt8] = []

    private init(pid: pid_t, output: Int32) {
        self.pid = pid
        self.output = output
    }

    static func start(_ path: String, _ arguments: [String], stderrToStdout: Bool = false) throws -> Child {
        var pipe: [Int32] = [-1, -1]
        guard Glibc.pipe(&pipe) == 0 else { throw ChildError(description: "pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        if stderrToStdout {
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        close(pipe[1])
        guard status == 0 else { throw ChildError(description: "cannot start \(path)") }
        return Child(pid: pid, output: pipe[0])
    }

    /// The complete lines read within about a second.
    func readLines() -> [String] {
        var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 1000) > 0 {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(output, &chunk, chunk.count)
            if count > 0 { buffer += chunk[..<count] }
        }
        guard let last = buffer.lastIndex(of: 0x0A) else { return [] }
        let lines = buffer[...last].split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        buffer.removeSubrange(...last)
        return lines
    }

    /// Every line until the output closes.
    func readAll() -> [String] {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(output, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            buffer += chunk[..<count]
        }
        let lines = buffer.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        buffer = []
        return lines
    }

    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    }

    /// SIGKILL to the child and everything it started.
    func killGroup() {
        kill(-pid, SIGKILL)
        _ = wait()
    }

    deinit {
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, WNOHANG)
        close(output)
    }
}
