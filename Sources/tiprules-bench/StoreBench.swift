import Foundation
import TipRules
import TipRulesTools

/// The SQLite store: writes per second, reopening and evaluating, importing.
extension Runner {
    func stores(quick: Bool) {
        let folder = NSTemporaryDirectory() + "tiprules-bench-store-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = """
        event didLogin(limit: 1000000)
        event view(limit: 1000000) { id: Int, name: String }
        rule frequentLogin = didLogin.donations.donatedWithin(.week).count >= 3
        """
        let rules = try! RuleSet(source: source, name: "s.rules")
        let login = rules.events[0]
        let view = rules.events[1]

        // One donation per transaction, in each durability mode.
        for (mode, durability) in [("full", SQLiteDonationStorage.Durability.full), ("normal", .normal)] {
            let storage = try! SQLiteDonationStorage(path: folder + "/single-\(mode).sqlite", events: rules.events, durability: durability)
            let count = quick ? 200 : 1000
            let start = DispatchTime.now().uptimeNanoseconds
            for index in 0..<count {
                try! storage.record(view, date: Date(timeIntervalSinceReferenceDate: 817_000_000 + Double(index)), payload: [.int(index % 50), .string("Alps")])
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            emit("S1", "donations_per_second", Double(count) / seconds, note: "SQLite, one donation per transaction (\(mode) durability)")
        }

        // Batches of 10,000 per transaction.
        let batched = try! SQLiteDonationStorage(path: folder + "/batched.sqlite", events: rules.events)
        let batch = (0..<10_000).map { index in (event: view, date: Date(timeIntervalSinceReferenceDate: 817_000_000 + Double(index)), payload: [Value.int(index % 50), .string("Alps")]) }
        var start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<(quick ? 2 : 10) { try! batched.record(batch) }
        var seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        emit("S2", "donations_per_second", Double(batch.count * (quick ? 2 : 10)) / seconds, note: "SQLite, batches of 10,000 per transaction")

        // Reopen a store and evaluate a rule.
        for size in quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000] {
            let path = folder + "/reopen-\(size).sqlite"
            do {
                let storage = try! SQLiteDonationStorage(path: path, events: rules.events, durability: .normal)
                var written = 0
                while written < size {
                    let chunk = min(50_000, size - written)
                    try! storage.record((0..<chunk).map { index in
                        (event: login, date: Date(timeIntervalSinceReferenceDate: 817_000_000 + Double(written + index) * 10), payload: [Value]())
                    })
                    written += chunk
                }
            }
            start = DispatchTime.now().uptimeNanoseconds
            let storage = try! SQLiteDonationStorage(path: path, events: rules.events)
            let engine = RuleEngine(rules: rules, storage: storage, clock: .fixed(Date(timeIntervalSinceReferenceDate: 817_000_000 + Double(size) * 10)))
            precondition(try! engine.isSatisfied("frequentLogin"))
            seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            emit("S3", "ms", seconds * 1000, note: "SQLite, reopen a store of \(size) donations and evaluate a rule")
            // The next evaluation reads nothing new.
            start = DispatchTime.now().uptimeNanoseconds

            precondition(try! engine.isSatisfied("frequentLogin"))
            emit("S3", "ms", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6, note: "SQLite, evaluate again over \(size) donations (nothing new to read)")
        }

        // The same with a payload of two fields, which is parsed from JSON.
        for size in quick ? [100_000] : [100_000, 1_000_000] {
            let path = folder + "/reopen-payload-\(size).sqlite"
            do {
                let storage = try! SQLiteDonationStorage(path: path, events: rules.events, durability: .normal)
                var written = 0
                while written < size {
                    let chunk = min(50_000, size - written)
                    try! storage.record((0..<chunk).map { index in
                        (event: view, date: Date(timeIntervalSinceReferenceDate: 817_000_000 + Double(written + index) * 10), payload: [Value.int(index % 50), .string("Alps")])
                    })
                    written += chunk
                }
            }
            start = DispatchTime.now().uptimeNanoseconds
            let engine = RuleEngine(rules: rules, storage: try! SQLiteDonationStorage(path: path, events: rules.events),
                                    clock: .fixed(Date(timeIntervalSinceReferenceDate: 817_000_000 + Double(size) * 10)))
            precondition(try! engine.evaluate(expression: "view.donations.donatedWithin(.week).count").value != nil)
            emit("S3", "ms", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6, note: "SQLite, reopen a store of \(size) donations with a payload and evaluate")
        }

        // Importing an NDJSON log through the command line.
        let lines = quick ? 20_000 : 100_000
        let log = folder + "/import.ndjson"
        let rulesPath = folder + "/s.rules"
        try! source.write(toFile: rulesPath, atomically: true, encoding: .utf8)
        try! (0..<lines).map { #"{"event": "view", "date": "2026-11-\#(10 + $0 % 18)T10:00:00Z", "value": {"id": \#($0 % 50), "name": "Alps"}}"# }
            .joined(separator: "\n").write(toFile: log, atomically: true, encoding: .utf8)
        start = DispatchTime.now().uptimeNanoseconds
        let output = CommandLineTool().run(["store", "import", rulesPath, log, "--store", folder + "/import.sqlite"])
        precondition(output.status == 0, output.stderr)
        seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        emit("S4", "rows_per_second", Double(lines) / seconds, note: "tiprules store import of \(lines) NDJSON lines")
    }
}

/// The PostgreSQL store, on a private server the benchmark starts (as the tests do).
extension Runner {
    func postgres(quick: Bool) {
        guard let server = BenchPostgres.start() else {
            print("S5 skipped: no PostgreSQL server binaries in /usr/lib/postgresql")
            return
        }
        defer { server.stop() }
        let source = "event view(limit: 1000000) { id: Int, name: String }\nevent didLogin(limit: 1000000)\nrule frequentLogin = didLogin.donations.donatedWithin(.week).count >= 3\n"
        let rules = try! RuleSet(source: source, name: "pg.rules")
        let view = rules.events[0]
        let login = rules.events[1]
        let storage = try! PostgresDonationStorage(url: server.url, events: rules.events, subject: "bench")
        let count = quick ? 200 : 1000
        var start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<count {
            try! storage.record(view, date: Date(timeIntervalSinceReferenceDate: 817_000_000 + Double(index)), payload: [.int(index % 50), .string("Alps")])
        }
        var seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        emit("S5", "donations_per_second", Double(count) / seconds, note: "PostgreSQL, one donation per transaction")
        let batch = (0..<10_000).map { index in (event: view, date: Date(timeIntervalSinceReferenceDate: 817_000_000 + Double(index)), payload: [Value.int(index % 50), .string("Alps")]) }
        start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<(quick ? 1 : 5) { try! storage.record(batch) }
        seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        emit("S5", "donations_per_second", Double(batch.count * (quick ? 1 : 5)) / seconds, note: "PostgreSQL, batches of 10,000 per transaction")
        for size in quick ? [10_000] : [10_000, 100_000, 1_000_000] {
            let subject = "reopen-\(size)"
            let writer = try! PostgresDonationStorage(url: server.url, events: rules.events, subject: subject)
            var written = 0
            while written < size {
                let chunk = min(10_000, size - written)
                try! writer.record((0..<chunk).map { index in (event: login, date: Date(timeIntervalSinceReferenceDate: 817_000_000 + Double(written + index) * 10), payload: [Value]()) })
                written += chunk
            }
            start = DispatchTime.now().uptimeNanoseconds
            let engine = RuleEngine(rules: rules, storage: try! PostgresDonationStorage(url: server.url, events: rules.events, subject: subject),
                                    clock: .fixed(Date(timeIntervalSinceReferenceDate: 817_000_000 + Double(size) * 10)))
            precondition(try! engine.isSatisfied("frequentLogin"))
            emit("S5", "ms", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6, note: "PostgreSQL, connect to a store of \(size) donations and evaluate a rule")
            start = DispatchTime.now().uptimeNanoseconds
            precondition(try! engine.isSatisfied("frequentLogin"))
            emit("S5", "ms", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6, note: "PostgreSQL, evaluate again (nothing new to read)")
        }
    }
}

/// A throwaway PostgreSQL server: initdb into a temporary folder, a Unix socket only.
struct BenchPostgres {
    let folder: String
    let binaries: String
    let port: Int
    var url: String { "postgresql:///postgres?host=\(folder)&port=\(port)&user=postgres" }

    static func start() -> BenchPostgres? {
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []).sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }
        guard let version = versions.last else { return nil }
        let folder = NSTemporaryDirectory() + "tiprules-pg-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let server = BenchPostgres(folder: folder, binaries: "/usr/lib/postgresql/\(version)/bin", port: 30_000 + Int(getpid() % 20_000))
        if geteuid() == 0 { _ = shell("chown postgres '\(folder)'", asServerUser: false) }
        let started = shell("\(server.binaries)/initdb -D \(folder)/data -A trust -U postgres > /dev/null 2>&1 && \(server.binaries)/pg_ctl -D \(folder)/data -o \"-k \(folder) -c listen_addresses='' -p \(server.port)\" -l \(folder)/data/server.log -w start > /dev/null", asServerUser: true)
        return started ? server : nil
    }

    func stop() {
        _ = BenchPostgres.shell("\(binaries)/pg_ctl -D \(folder)/data -m immediate stop > /dev/null 2>&1", asServerUser: true)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs a shell command (as the `postgres` user when asked and running as root) with no
    /// output, and waits for it. posix_spawn, not `Process`, so no descriptor of ours reaches
    /// the server the command starts.
    static func shell(_ command: String, asServerUser: Bool) -> Bool {
        let arguments = asServerUser && geteuid() == 0 ? ["/bin/su", "postgres", "-s", "/bin/sh", "-c", command] : ["/bin/sh", "-c", command]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return false }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 && (status >> 8) & 0xff == 0
    }
}
