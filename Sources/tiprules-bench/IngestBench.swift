import Foundation
import TipRules
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// Getting donations in and keeping them: load order, donating through the API (in order, out
/// of order, while evaluations take snapshots), memory in a fresh process, re-evaluating after
/// one new donation, and the command line's cold start.
extension Runner {
    func ingest(quick: Bool) {
        newestFirstLoad(count: quick ? 20_000 : 100_000)
        apiDonations(count: quick ? 5_000 : 20_000)
        reevaluation(held: quick ? [10_000] : [10_000, 100_000])
        coldStart()
    }

    /// C2 with the log newest first: the loader sorts once, so the order should barely matter.
    private func newestFirstLoad(count: Int) {
        let data = Dataset(count: count)
        let oldestFirst = data.ndjson(ratings: false)
        let newestFirst = oldestFirst.split(separator: "\n").reversed().joined(separator: "\n") + "\n"
        let program = RuleCompiler().compile(SourceFile(name: "l.rules", text: Workloads.rules(limit: count))).program!
        func time(_ text: String) -> Double {
            let bytes = Array(text.utf8)
            var times: [Double] = []
            for _ in 0..<max(3, rounds / 3) {
                var store = DonationStore(program: program)
                let start = DispatchTime.now().uptimeNanoseconds
                precondition(DonationLog.load(bytes, fileName: "l.ndjson", into: &store).isEmpty)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            return Runner.median(times)
        }
        let forward = time(oldestFirst)
        let backward = time(newestFirst)
        emit("L1", "ms", backward, note: "load \(count) donations from NDJSON, newest first")
        emit("L1", "ratio", backward / forward, note: "newest-first load time / oldest-first load time")
    }

    /// Donations through `Event.donate(_:at:)`: in date order, in reverse date order, and in
    /// order while an evaluation's snapshot of the donations is alive.
    private func apiDonations(count: Int) {
        let rules = try! RuleSet(source: "event view(limit: 1000000) { landmarkID: Int, landmarkName: String }\nrule seen = view.donations.count > 0\n", name: "d.rules")
        struct View: Codable, Sendable { var landmarkID: Int; var landmarkName: String }
        func run(_ dates: [Double], keepingSnapshot: Bool) -> Double {
            let engine = RuleEngine(rules: rules, clock: .fixed(Dataset.now))
            let event = try! engine.event("view", donationInfo: View.self)
            // Every 100th donation an evaluation, and its snapshot of the donations held until
            // the next, as an evaluation running on another thread holds one.
            var held: (any DonationSource)?
            let start = DispatchTime.now().uptimeNanoseconds
            for (index, date) in dates.enumerated() {
                try! event.donate(View(landmarkID: index % 50, landmarkName: "Alps"), at: Date(timeIntervalSinceReferenceDate: date))
                if keepingSnapshot && index % 100 == 0 {
                    Sink.shared.consume(try! engine.isSatisfied("seen"))
                    held = try! engine.storage.snapshot()
                }
            }
            withExtendedLifetime(held) {}
            return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(dates.count)
        }
        let ascending = (0..<count).map { Dataset.now.timeIntervalSinceReferenceDate - Double(count - $0) }
        emit("D1", "ns", run(ascending, keepingSnapshot: false), note: "API donation in date order (\(count) donations)")
        emit("D1", "ns", run(ascending.reversed(), keepingSnapshot: false), note: "API donation in reverse date order (\(count) donations)")
        emit("D1", "ns", run(ascending, keepingSnapshot: true), note: "API donation in date order, evaluating every 100th and holding its snapshot (\(count) donations)")
        donationsWhileSnapshotHeld(held: 100_000)
    }

    /// With `held` donations in an engine, each further donation is followed by an evaluation
    /// whose snapshot stays alive until the next donation: what a donation costs while another
    /// thread's evaluation is running (it must not copy the stream).
    private func donationsWhileSnapshotHeld(held: Int) {
        let rules = try! RuleSet(source: "event view(limit: 10000000) { landmarkID: Int, landmarkName: String }\nrule seen = view.donations.count > 0\n", name: "d.rules")
        struct View: Codable, Sendable { var landmarkID: Int; var landmarkName: String }
        let storage = InMemoryDonationStorage(events: rules.events)
        let base = Dataset.now.timeIntervalSinceReferenceDate - Double(held) - 10_000
        for index in 0..<held {
            try! storage.record(rules.events[0], date: Date(timeIntervalSinceReferenceDate: base + Double(index)),
                                payload: [.int(index % 50), .string("Alps")])
        }
        let engine = RuleEngine(rules: rules, storage: storage, clock: .fixed(Dataset.now))
        let event = try! engine.event("view", donationInfo: View.self)
        let count = 2000
        var snapshot: (any DonationSource)? = storage.snapshot()
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<count {
            try! event.donate(View(landmarkID: index % 50, landmarkName: "Alps"), at: Date(timeIntervalSinceReferenceDate: base + Double(held + index)))
            snapshot = storage.snapshot()
            Sink.shared.consume(try! engine.isSatisfied("seen"))
        }
        withExtendedLifetime(snapshot) {}
        let perDonation = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count)
        emit("D1", "ns", perDonation, note: "API donation and evaluation with \(held) held, a snapshot alive at every donation (no stream copy)")

        // Donations a minute older than the newest (a device that syncs late), each followed by
        // an evaluation: each is put in place by moving only the donations after it.
        snapshot = nil
        let lateStart = DispatchTime.now().uptimeNanoseconds
        let newest = base + Double(held + count)
        for index in 0..<count {
            try! event.donate(View(landmarkID: index % 50, landmarkName: "Alps"), at: Date(timeIntervalSinceReferenceDate: newest + Double(index) - 60))
            try! event.donate(View(landmarkID: index % 50, landmarkName: "Alps"), at: Date(timeIntervalSinceReferenceDate: newest + Double(index)))
            Sink.shared.consume(try! engine.isSatisfied("seen"))
        }
        let perLate = Double(DispatchTime.now().uptimeNanoseconds - lateStart) / Double(count)
        emit("D1", "ns", perLate, note: "a late and an on-time API donation, then an evaluation, with \(held) held")
    }

    private static let reevaluationRules = try! RuleSet(source: """
        event view(limit: 10000000) { landmarkID: Int, score: Double }
        rule windowed = view.donations.donatedWithin(.week).count >= 3
        rule favourite = view.donations.largestSubset(groupedBy: \\.landmarkID).count >= 5
        rule average = view.donations.reduce(0) { $0 + $1.score } / Double(max(1, view.donations.count)) > 2.5
        """, name: "i.rules")
    private struct View: Codable, Sendable { var landmarkID: Int; var score: Double }

    /// An engine holding `size` donations of I1's event.
    private static func reevaluationEngine(holding size: Int) -> (RuleEngine, Event<View>) {
        let rules = reevaluationRules
        let storage = InMemoryDonationStorage(events: rules.events)
        let base = Dataset.now.timeIntervalSinceReferenceDate - Double(size)
        for index in 0..<size {
            try! storage.record(rules.events[0], date: Date(timeIntervalSinceReferenceDate: base + Double(index)),
                                payload: [.int(index % 50), .double(Double(index % 5))])
        }
        let engine = RuleEngine(rules: rules, storage: storage, clock: .fixed(Dataset.now))
        return (engine, try! engine.event("view", donationInfo: View.self))
    }

    /// `--profile incremental:RULE N`: I1's donate-and-evaluate loop for 3 s (for perf).
    func profileReevaluation(_ rule: String, held size: Int) {
        let (engine, event) = Runner.reevaluationEngine(holding: size)
        var count = 0
        let end = DispatchTime.now().uptimeNanoseconds + 3_000_000_000
        while DispatchTime.now().uptimeNanoseconds < end {
            try! event.donate(View(landmarkID: count % 50, score: 3), at: Dataset.now)
            Sink.shared.consume(try! engine.isSatisfied(rule))
            count += 1
        }
        print("\(count) donations and evaluations of \(rule) holding \(size): \(3e9 / Double(count)) ns each")
    }

    /// One new donation, then the rule again, with the engine (and its donations) kept alive:
    /// what a host pays per donation for a rule it keeps checking.
    private func reevaluation(held sizes: [Int]) {
        for size in sizes {
            let (engine, event) = Runner.reevaluationEngine(holding: size)
            for rule in ["windowed", "favourite", "average"] {
                // The first evaluation computes from scratch and leaves what it found in the
                // engine's cache; what is measured is each evaluation after one more donation.
                Sink.shared.consume(try! engine.isSatisfied(rule))
                let rounds = 1000
                let start = DispatchTime.now().uptimeNanoseconds
                for index in 0..<rounds {
                    try! event.donate(View(landmarkID: index % 50, score: 3), at: Dataset.now)
                    Sink.shared.consume(try! engine.isSatisfied(rule))
                }
                emit("I1", "us", Double(DispatchTime.now().uptimeNanoseconds - start) / Double(rounds) / 1000,
                     note: "donate one and evaluate '\(rule)' again, \(size) donations held")
            }
        }
    }

    /// M1 at scale, in a process of its own so that memory freed by earlier measurements
    /// cannot hide the growth: resident memory per Landmarks donation loaded from NDJSON.
    func memoryInChild(donations count: Int) {
        let log = NSTemporaryDirectory() + "tiprules-bench-m1-\(getpid()).ndjson"
        try! Dataset(count: count).ndjson(ratings: false).write(toFile: log, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: log) }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = ["--memory-child", String(count), log]
        let pipe = Pipe()
        child.standardOutput = pipe
        do { try child.run() } catch {
            print("M1 skipped: cannot start a child process (\(error))")
            return
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        guard let bytes = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) else { return }
        emit("M1", "bytes_per_donation", bytes, note: "resident memory per Landmarks donation, \(count) loaded in a fresh process")
    }

    /// The child side of `memoryInChild`: loads the log and prints the growth of resident
    /// memory per donation. Freed memory goes back to the system first (glibc's
    /// `malloc_trim`), so the growth is what the donations hold.
    static func measureMemory(donations count: Int, log: String) {
        let bytes = Array(try! Data(contentsOf: URL(fileURLWithPath: log)))
        let program = RuleCompiler().compile(SourceFile(name: "m1.rules", text: Workloads.rules(limit: count))).program!
        var store = DonationStore(program: program)
        typealias Trim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
        let before = residentBytes()
        _ = DonationLog.load(bytes, fileName: "m1.ndjson", into: &store)
        let after = residentBytes()
        withExtendedLifetime(store) {}
        withExtendedLifetime(bytes) {}
        print(Double(after - before) / Double(store.totalCount))
    }

    /// `tiprules check` of a one-rule file, and of 100,000 one-line rules (the file issue 8
    /// names, at the command line's default limits), process start to exit.
    private func coldStart() {
        let tool = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("tiprules").path
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            print("B1 skipped: build the tiprules product beside tiprules-bench")
            return
        }
        let small = "event didLogin\nrule r = didLogin.donations.count >= 3\n"
        emit("B1", "ms", checkMilliseconds(tool, small, runs: max(5, rounds)), note: "tiprules check of a one-rule file, process start to exit")
        let large = Runner.ruleFile(rules: 100_000, shapes: 1)
        emit("C4", "ms", checkMilliseconds(tool, large, runs: max(3, rounds / 3)),
             note: "tiprules check of 100,000 one-line rules (\(large.utf8.count / 1000) kB), process start to exit")
    }

    /// The median time of `tiprules check` of a file holding `text`, in a fresh process each run.
    private func checkMilliseconds(_ tool: String, _ text: String, runs: Int) -> Double {
        let file = NSTemporaryDirectory() + "tiprules-bench-cold-\(getpid()).rules"
        try! text.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        var times: [Double] = []
        // posix_spawn and waitpid, not Foundation's `Process`, whose own set-up and exit
        // monitoring add tens of milliseconds to what is measured.
        let arguments = [tool, "check", file]
        for _ in 0..<runs {
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var pid: pid_t = 0
            var status: Int32 = 0
            let start = DispatchTime.now().uptimeNanoseconds
            precondition(posix_spawn(&pid, tool, nil, nil, &argv, environ) == 0, "cannot start \(tool)")
            precondition(waitpid(pid, &status, 0) == pid && status == 0, "tiprules check failed")
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return Runner.median(times)
    }
}
