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
