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
        let folder = try Scratch.folder("faults")
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

    @Test("a read-only store file: donating is a clear error that changes nothing; reading still works")
    func readOnlyFile() throws {
        let store = try temporaryStore()
        #expect(try runChild(tiprulesExecutable, ["donate", rules, "didLogin", "--store", store, "--at", "2026-11-29T10:00:00Z"]).status == 0)
        let folder = (store as NSString).deletingLastPathComponent
        #expect(chmod(store, 0o444) == 0 && chmod(folder, 0o555) == 0)
        defer { _ = chmod(folder, 0o755) }
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        // Root may write any file, so as root the commands run as 'nobody', for whom it is read-only.
        let (program, prefix) = geteuid() == 0
            ? ("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", tiprulesExecutable])
            : (tiprulesExecutable, [])
        let donate = try Child.start(program, prefix + ["donate", rules, "didLogin", "--store", store], stderrToStdout: true)
        let refusal = donate.readAll().joined(separator: "\n")
        #expect(donate.wait() == 1)
        #expect(refusal.contains("error[S0101]: cannot open the donation store") && refusal.contains("read-only"), "\(refusal)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before, "the file is byte for byte as it was")
        let read = try Child.start(program, prefix + ["store", "export", "--store", store], stderrToStdout: true)
        let lines = read.readAll()
        #expect(read.wait() == 0)
        #expect(lines == [#"{"event": "didLogin", "date": "2026-11-29T10:00:00Z"}"#])
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

