import Foundation
import Synchronization
import TipRules
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// `tiprules-bench`: TipRules against the hand-written Swift closure and Foundation's
/// `#Predicate` on identical data, interleaved round by round in one process.
@main
struct Bench {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.contains("--help") || arguments.contains("-h") {
            print("""
            tiprules-bench: benchmark TipRules against Swift closures and #Predicate

            USAGE: swift run -c release tiprules-bench [--json] [--quick]

              --json    print one JSON object per line
              --quick   fewer rounds and sizes (a smoke test, not for reporting)
              --only GROUP[,GROUP...]  only these groups: workloads, compile, log, memory, ingest, stores, postgres
              --workloads W1[,W2...]   only these rule shapes
              --sizes N[,N...]         the rule shapes at these list sizes only (10, 100, 1000, 10000)
              --profile WORKLOAD N   evaluate one workload at size N in a loop for 3 s (for perf);
                                     engine:WORKLOAD asks it through RuleEngine.isSatisfied;
                                     clock:WORKLOAD the same with a clock that moves;
                         incremental:RULE donates one and asks again (I1's rules);
                         'rule:TEXT' compiles TEXT against the workloads' events and
                         evaluates it for 1 s (a shape not in the table);
                         compile compiles C0's one-line rule file again and again
              --profile-count K      with --profile: exactly K evaluations rather than a time
                                     (for instruction counts, e.g. under callgrind)

            Every rule shape is checked against its closure before it is timed. A shape that
            the default step budget stops at a size (its work grows with the square of the
            list) is reported there as stopped, with the error's code, and not timed.
            """)
            return
        }
        if let index = arguments.firstIndex(of: "--profile"), arguments.count > index + 2 - arguments.startIndex {
            // `--profile W2 1000`: evaluate one workload in a loop for a profiler to watch.
            let list = Array(arguments)
            let position = list.firstIndex(of: "--profile")!
            let count = list.firstIndex(of: "--profile-count").flatMap { list.count > $0 + 1 ? Int(list[$0 + 1]) : nil }
            Runner(json: false, rounds: 1).profile(workload: list[position + 1], size: Int(list[position + 2]) ?? 1000, count: count)
            return
        }
        if let index = arguments.firstIndex(of: "--memory-child") {
            // The child process of M1: `--memory-child COUNT LOG`.
            let values = Array(arguments[index...].dropFirst().prefix(2))
            guard values.count == 2, let count = Int(values[0]) else { return }
            Runner.measureMemory(donations: count, log: values[1])
            return
        }
        let json = arguments.contains("--json")
        let quick = arguments.contains("--quick")
        // `--only stores,postgres`: run some groups of measurements.
        let only = arguments.firstIndex(of: "--only").flatMap { index in
            arguments.index(after: index) < arguments.endIndex ? Set(arguments[arguments.index(after: index)].split(separator: ",").map(String.init)) : nil
        }
        func runs(_ group: String) -> Bool { only?.contains(group) ?? true }
        var runner = Runner(json: json, rounds: quick ? 3 : 15)
        // `--workloads W1,W37`: some rule shapes only.
        runner.selected = arguments.firstIndex(of: "--workloads").flatMap { index in
            arguments.index(after: index) < arguments.endIndex ? Set(arguments[arguments.index(after: index)].split(separator: ",").map(String.init)) : nil
        }
        let known = Set(Workloads.all.map(\.name))
        if let unknown = runner.selected?.subtracting(known).sorted(), !unknown.isEmpty {
            FileHandle.standardError.write(Data("tiprules-bench: no workload named \(unknown.joined(separator: ", ")) (W1 to W\(known.count))\n".utf8))
            exit(2)
        }
        // `--sizes 1000,10000`: the workloads at some list sizes only.
        var chosenSizes: [Int]?
        if let index = arguments.firstIndex(of: "--sizes") {
            let list = arguments.index(after: index) < arguments.endIndex ? String(arguments[arguments.index(after: index)]) : ""
            let sizes = list.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard !sizes.isEmpty, sizes.allSatisfy({ ($0 ?? 0) > 0 }) else {
                FileHandle.standardError.write(Data("tiprules-bench: --sizes takes positive list sizes separated by commas, such as --sizes 100,1000 (got '\(list)')\n".utf8))
                exit(2)
            }
            chosenSizes = sizes.map { $0! }
        }
        let sizes = chosenSizes ?? (quick ? [10, 1000] : [10, 100, 1000, 10_000])
        if runs("workloads") { for size in sizes { runner.workloads(size: size) } }
        if runs("compile") {
            runner.fixedCost()
            runner.compileLine()
            runner.replLine(donations: 10_000)
            runner.compileFile(rules: quick ? 100 : 1000)
            runner.expressionCosts()
        }
        if runs("log") { runner.loadLog(donations: quick ? 10_000 : 100_000) }
        if runs("memory") { runner.memoryInChild(donations: quick ? 100_000 : 1_000_000) }
        if runs("ingest") { runner.ingest(quick: quick) }
        if runs("stores") { runner.stores(quick: quick) }
        if runs("postgres") { runner.postgres(quick: quick) }
        // Last: its freed memory would hide M1's growth.
        if runs("compile") {
            runner.compileFile(rules: 100_000)
            runner.compileFile(rules: 100_000, shapes: 1)
        }
    }
}

/// Keeps results alive so the optimizer cannot drop the work.
final class Sink: @unchecked Sendable {
    static let shared = Sink()
    var count = 0
    @inline(never) func consume(_ flag: Bool) { if flag { count &+= 1 } }
}

struct Runner {
    let json: Bool
    let rounds: Int
    /// The workloads to run (`--workloads W1,W37`); nil for all.
    var selected: Set<String>? = nil
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Nanoseconds per call of `body`, timing a batch long enough to read (about 2 ms).
    func measure(_ iterations: Int, _ body: () -> Bool) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { Sink.shared.consume(body()) }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations)
    }

    func iterations(for body: () -> Bool) -> Int {
        var count = 1
        while true {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<count { Sink.shared.consume(body()) }
            if DispatchTime.now().uptimeNanoseconds - start > 2_000_000 || count >= 1 << 20 { return count }
            count *= 2
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }

    func workloads(size: Int) {
        let data = Dataset(count: size)
        let compilation = RuleCompiler().compile(SourceFile(name: "bench.rules", text: Workloads.rules(limit: max(1000, size))))
        guard let program = compilation.program else {
            FileHandle.standardError.write(Data(DiagnosticRenderer().render(compilation.diagnostics).utf8))
            exit(1)
        }
        var store = DonationStore(program: program)
        let issues = DonationLog.load(Array(data.ndjson().utf8), fileName: "bench.ndjson", into: &store)
        precondition(issues.isEmpty, "\(issues)")
        var options = EvaluationOptions(now: Dataset.now)
        options.timeZone = TimeZone(identifier: "UTC")!
        for workload in Workloads.all where selected?.contains(workload.name) ?? true {
            let index = program.declarationIndex(workload.name)!
            // A rule whose work grows with the square of the list (as its closure's does) can
            // pass the default step budget at 10,000: that is its answer, as a host would see
            // it, so it is reported as stopped rather than timed.
            if let stop = Runner.budgetStop(program, store, options, index) {
                reportStopped(workload: workload.name, size: size, stop)
                continue
            }
            let tiprules = Runner.freshEvaluations(program, store, options, index)
            let closure = { workload.closure(data, calendar, true) }
            let predicate = workload.predicate.map { p in { p(data, calendar, true) } }
            // All contenders must agree before any is timed.
            precondition(tiprules() == closure(), "\(workload.name) at \(size): TipRules and the closure disagree")
            if let predicate { precondition(predicate() == closure(), "\(workload.name) at \(size): #Predicate disagrees") }

            let counts = (iterations(for: tiprules), iterations(for: closure), predicate.map { iterations(for: $0) })
            var tiprulesTimes: [Double] = [], closureTimes: [Double] = [], predicateTimes: [Double] = []
            var closureRatios: [Double] = [], predicateRatios: [Double] = []
            for _ in 0..<rounds {
                let t = measure(counts.0, tiprules)
                let c = measure(counts.1, closure)
                tiprulesTimes.append(t)
                closureTimes.append(c)
                closureRatios.append(t / c)
                if let predicate, let count = counts.2 {
                    let p = measure(count, predicate)
                    predicateTimes.append(p)
                    predicateRatios.append(p / t)
                }
            }
            report(workload: workload.name, size: size, tiprules: Runner.median(tiprulesTimes), closure: Runner.median(closureTimes),
                   predicate: predicate == nil ? nil : Runner.median(predicateTimes),
                   closureRatio: Runner.median(closureRatios), predicateRatio: predicate == nil ? nil : Runner.median(predicateRatios))
        }
    }

    /// The fixed cost of an evaluation: a fresh `Evaluation` and a rule that reads a parameter.
    func fixedCost() {
        let data = Dataset(count: 10)
        let program = RuleCompiler().compile(SourceFile(name: "e0.rules", text: Workloads.rules(limit: 1000))).program!
        var store = DonationStore(program: program)
        _ = DonationLog.load(Array(data.ndjson().utf8), fileName: "e0.ndjson", into: &store)
        let options = EvaluationOptions(now: Dataset.now)
        let index = program.declarationIndex("E0")!
        let evaluate = Runner.freshEvaluations(program, store, options, index)
        let count = iterations(for: evaluate)
        emit("E0", "ns", Runner.median((0..<rounds).map { _ in measure(count, evaluate) }), note: "fixed cost of an evaluation (a rule that reads a parameter)")

        // The same through the public API, as a host asks: `RuleEngine.isSatisfied`.
        let satisfied = engineRule("E0", data)
        let engineCount = iterations(for: satisfied)
        emit("E1", "ns", Runner.median((0..<rounds).map { _ in measure(engineCount, satisfied) }),
             note: "RuleEngine.isSatisfied asked again, nothing changed (the remembered answer)")

        // A rule with a window and a clock that moves: remembered while no donation crosses
        // the window's start or the clock.
        let windowed = engineRule("W1", data, movingClock: true)
        let windowedCount = iterations(for: windowed)
        emit("E2", "ns", Runner.median((0..<rounds).map { _ in measure(windowedCount, windowed) }),
             note: "RuleEngine.isSatisfied of a window, the clock moving (W1 at n=10: remembered, the window checked)")

        // A rule that reads `Date.now`: evaluated at every call.
        let evaluated = engineRule("W16", data, movingClock: true)
        let evaluatedCount = iterations(for: evaluated)
        emit("E3", "ns", Runner.median((0..<rounds).map { _ in measure(evaluatedCount, evaluated) }),
             note: "RuleEngine.isSatisfied evaluating each time (W16 at n=10, which reads Date.now, the clock moving)")
    }

    /// Expressions asked through `evaluate(expression:)`: the same one again (compiled once, its
    /// outcome remembered), and a new one at every call, compiled against the file's 190
    /// declarations. (Run after the compile rows: the thousands of expressions compiled here
    /// would leave a heap that slows C1 by a quarter.)
    func expressionCosts() {
        let data = Dataset(count: 10)
        let expression = expressionRule("W1", data)
        emit("E4", "ns", Runner.median((0..<rounds).map { _ in measure(iterations(for: expression), expression) }),
             note: "RuleEngine.evaluate(expression:) of W1's text asked again (kept compiled, its outcome remembered)")
        let fresh = freshExpressions(data)
        emit("E5", "ns", Runner.median((0..<rounds).map { _ in measure(iterations(for: fresh), fresh) }),
             note: "RuleEngine.evaluate(expression:) of a new one-line expression at every call (compiled, then evaluated)")
    }

    /// A rule evaluated as an engine evaluates it, but from scratch every time: one evaluation
    /// context (program, node trees, calendar, budgets) made once, as an engine makes it, and a
    /// new `Evaluation` per call, without the engine's incremental cache (which would make an
    /// unchanged group count or sum free after the first call).
    static func freshEvaluations(_ program: CompiledProgram, _ store: DonationStore, _ options: EvaluationOptions,
                                 _ index: Int) -> () -> Bool {
        let context = EvaluationContext(program: program, options: options)
        let parameterValues = program.parameters.map { Value($0.defaultValue) }
        return {
            var evaluation = Evaluation(context: context, store: store, now: options.now, parameterValues: parameterValues)
            let outcome = evaluation.outcome(ofDeclarationAt: index)
            guard case .success(.bool(let flag)) = outcome else {
                fatalError("\(program.declarations[index].name) failed: \(outcome)")
            }
            return flag
        }
    }

    /// The error of a rule that passes a step budget (R0111, R0112) evaluated from scratch,
    /// as `freshEvaluations` evaluates it; nil when it has a value (or another error, which
    /// `freshEvaluations` reports).
    static func budgetStop(_ program: CompiledProgram, _ store: DonationStore, _ options: EvaluationOptions,
                           _ index: Int) -> Diagnostic? {
        let context = EvaluationContext(program: program, options: options)
        var evaluation = Evaluation(context: context, store: store, now: options.now,
                                    parameterValues: program.parameters.map { Value($0.defaultValue) })
        guard case .failure(let error) = evaluation.outcome(ofDeclarationAt: index),
              ["R0111", "R0112"].contains(error.code) else { return nil }
        return error
    }

    /// A rule of the workloads asked through `RuleEngine.isSatisfied`, over the dataset's donations.
    /// With `movingClock`, the clock moves by a microsecond at every call, so a rule that reads
    /// it (a window) is evaluated every time rather than answered from the engine's memory.
    func engineRule(_ name: String, _ data: Dataset, movingClock: Bool = false) -> () -> Bool {
        let rules = try! RuleSet(source: Workloads.rules(limit: max(1000, data.views.count)), name: "engine.rules")
        let ticks = Atomic<Int>(0)
        let clock = movingClock
            ? EvaluationClock { Dataset.now.addingTimeInterval(Double(ticks.add(1, ordering: .relaxed).newValue) * 1e-6) }
            : .fixed(Dataset.now)
        let engine = RuleEngine(rules: rules, clock: clock)
        precondition(try! engine.loadDonations(ndjson: Array(data.ndjson().utf8)).isEmpty)
        return { try! engine.isSatisfied(name) }
    }

    /// `RuleEngine.evaluate(expression:)` of a different expression at every call.
    func freshExpressions(_ data: Dataset) -> () -> Bool {
        let rules = try! RuleSet(source: Workloads.rules(limit: max(1000, data.views.count)), name: "engine.rules")
        let engine = RuleEngine(rules: rules, clock: .fixed(Dataset.now))
        precondition(try! engine.loadDonations(ndjson: Array(data.ndjson().utf8)).isEmpty)
        let counter = Atomic<Int>(0)
        return {
            let bound = counter.add(1, ordering: .relaxed).newValue
            let text = "didViewLandmarkDetail.donations.donatedWithin(.week).count >= \(bound)"
            guard case .bool(let holds)? = try! engine.evaluate(expression: text).value else { fatalError("not a Bool") }
            return holds
        }
    }

    /// A workload's rule text asked through `RuleEngine.evaluate(expression:)` over the dataset's
    /// donations, at a fixed clock.
    func expressionRule(_ name: String, _ data: Dataset) -> () -> Bool {
        let rules = try! RuleSet(source: Workloads.rules(limit: max(1000, data.views.count)), name: "engine.rules")
        let engine = RuleEngine(rules: rules, clock: .fixed(Dataset.now))
        precondition(try! engine.loadDonations(ndjson: Array(data.ndjson().utf8)).isEmpty)
        guard let workload = Workloads.all.first(where: { $0.name == name }), workload.declarations.isEmpty else {
            fatalError("no workload \(name) without declarations")
        }
        let text = workload.rule
        return {
            guard case .bool(let holds)? = try! engine.evaluate(expression: text).value else { fatalError("not a Bool") }
            return holds
        }
    }

    func profile(workload name: String, size: Int, count fixedCount: Int? = nil) {
        let data = Dataset(count: size)
        if name.hasPrefix("incremental:") {
            profileReevaluation(String(name.dropFirst("incremental:".count)), held: size)
            return
        }
        if name.hasPrefix("expression:") {
            // `--profile expression:W55 1000`: the workload's rule text asked through
            // `RuleEngine.evaluate(expression:)`, as a host asks an expression it has no rule for.
            let expression = expressionRule(String(name.dropFirst("expression:".count)), data)
            let nanoseconds = Runner.loop(expression, seconds: 3, count: fixedCount)
            print("\(name) at n=\(size): \(nanoseconds) ns each (\(expression()))")
            return
        }
        if name == "compile" {
            // `--profile compile 0`: C0's one-line rule file compiled again and again.
            let source = SourceFile(name: "c0.rules", text: Runner.oneLineRule)
            let compile = { RuleCompiler().compile(source).program != nil }
            let nanoseconds = Runner.loop(compile, seconds: 3, count: fixedCount)
            print("\(name): \(nanoseconds) ns each")
            return
        }
        if name.hasPrefix("engine:") || name.hasPrefix("clock:") {
            // `--profile engine:W24 1000`: the rule asked through `RuleEngine.isSatisfied`;
            // `clock:W16` the same with a clock that moves a microsecond at every call.
            let moving = name.hasPrefix("clock:")
            let satisfied = engineRule(String(name.drop(while: { $0 != ":" }).dropFirst()), data, movingClock: moving)
            let nanoseconds = Runner.loop(satisfied, seconds: 3, count: fixedCount)
            print("\(name) at n=\(size): \(nanoseconds) ns each (\(satisfied()))")
            return
        }
        var text = Workloads.rules(limit: max(1000, size))
        var declaration = name
        if name.hasPrefix("rule:") {
            declaration = "adhoc"
            text += "rule adhoc = \(name.dropFirst("rule:".count))\n"
        }
        let compiled = RuleCompiler().compile(SourceFile(name: "bench.rules", text: text))
        guard let program = compiled.program else {
            print(DiagnosticRenderer().render(compiled.diagnostics))
            return
        }
        var store = DonationStore(program: program)
        let issues = DonationLog.load(Array(data.ndjson().utf8), fileName: "bench.ndjson", into: &store)
        if let issue = issues.first {
            FileHandle.standardError.write(Data("tiprules-bench: the dataset did not load: \(DiagnosticRenderer().render([issue]))\n".utf8))
            exit(1)
        }
        let options = EvaluationOptions(now: Dataset.now)
        guard let index = program.declarationIndex(declaration) else {
            FileHandle.standardError.write(Data("tiprules-bench: no workload named \(declaration) (W1 to W\(Workloads.all.count), E0, or rule:TEXT)\n".utf8))
            exit(2)
        }
        let evaluate = Runner.freshEvaluations(program, store, options, index)
        let nanoseconds = Runner.loop(evaluate, seconds: name.hasPrefix("rule:") ? 1 : 3, count: fixedCount)
        print("\(name) at n=\(size): \(nanoseconds) ns each (\(evaluate()))")
    }

    /// Calls `body` for `seconds`, or exactly `count` times; the mean time of a call.
    static func loop(_ body: () -> Bool, seconds: UInt64, count fixedCount: Int?) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        var count = 0
        if let fixedCount {
            for _ in 0..<fixedCount { Sink.shared.consume(body()) }
            count = fixedCount
        } else {
            let end = start + seconds * 1_000_000_000
            while DispatchTime.now().uptimeNanoseconds < end {
                for _ in 0..<1000 { Sink.shared.consume(body()) }
                count += 1000
            }
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(max(1, count))
    }

    func report(workload: String, size: Int, tiprules: Double, closure: Double, predicate: Double?, closureRatio: Double, predicateRatio: Double?) {
        if json {
            let p = predicate.map { String(format: "%.0f", $0) } ?? "null"
            print("{\"workload\": \"\(workload)\", \"n\": \(size), \"tiprules_ns\": \(String(format: "%.0f", tiprules)), \"closure_ns\": \(String(format: "%.0f", closure)), \"predicate_ns\": \(p), \"tiprules_over_closure\": \(String(format: "%.3f", closureRatio)), \"predicate_over_tiprules\": \(predicateRatio.map { String(format: "%.1f", $0) } ?? "null")}")
        } else {
            let p = predicate.map { String(format: "%12.0f", $0) } ?? "         n/a"
            let pr = predicateRatio.map { String(format: "%9.1fx", $0) } ?? "       n/a"
            print(String(format: "%@ n=%6d  tiprules %10.0f ns  closure %10.0f ns  predicate %@ ns  tiprules/closure %6.3f  predicate/tiprules %@",
                         workload, size, tiprules, closure, p, closureRatio, pr))
        }
        // (Each figure out at once, every stream flushed: a run that stops on a failing workload
        // keeps those before it.)
        fflush(nil)
    }

    /// A rule shape stopped by the step budget at a list size (see `budgetStop`): no times.
    func reportStopped(workload: String, size: Int, _ stop: Diagnostic) {
        if json {
            print("{\"workload\": \"\(workload)\", \"n\": \(size), \"tiprules_ns\": null, \"closure_ns\": null, \"predicate_ns\": null, \"tiprules_over_closure\": null, \"predicate_over_tiprules\": null, \"stopped\": \"\(stop.code)\"}")
        } else {
            print("\(workload) n=\(String(format: "%6d", size))  stopped by the step budget (\(stop.code)), as a host would see it: not timed")
        }
        fflush(nil)
    }

    /// C0's file: one event and a one-line rule.
    static let oneLineRule = "event didLogin\nrule r = didLogin.donations.donatedWithin(.week).count >= 3"

    /// Compiling one short rule: the REPL's and an editor's keystroke case.
    func compileLine() {
        let source = SourceFile(name: "c0.rules", text: Runner.oneLineRule)
        var times: [Double] = []
        for _ in 0..<max(3, rounds) {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<200 {
                precondition(RuleCompiler().compile(source).program != nil)
            }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 200_000)
        }
        emit("C0", "us", Runner.median(times), note: "compile a one-line rule")
    }

    /// One typed REPL line, compiled and evaluated against a session holding 10,000 donations
    /// and the benchmark's rules: an expression, and a declaration that replaces another (which
    /// re-checks every declaration).
    func replLine(donations count: Int) {
        let folder = NSTemporaryDirectory() + "tiprules-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let rules = folder + "/r1.rules"
        let log = folder + "/r1.ndjson"
        try? Workloads.rules(limit: count).write(toFile: rules, atomically: true, encoding: .utf8)
        try? Dataset(count: count).ndjson(ratings: false).write(toFile: log, atomically: true, encoding: .utf8)
        guard case .run(var driver, _) = ReplCommand(tool: CommandLineTool()).prepare([rules, "--donations", log, "--now", "2026-11-30T12:00:00Z"], interactive: false) else {
            preconditionFailure("the REPL did not start")
        }
        let lines = [
            ("expression", #"didViewLandmarkDetail.donations.donatedWithin(.month).filter { $0.landmarkName != "Wilbere Bowl" }.count"#),
            ("declaration", #"rule keen = didViewLandmarkDetail.donations.largestSubset(groupedBy: \.landmarkID).count >= 3 && isLoggedIn"#),
        ]
        for (kind, line) in lines {
            var times: [Double] = []
            for _ in 0..<max(3, rounds) {
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<20 {
                    let answer = driver.session.answer(line)
                    precondition(!answer.failed, "\(answer.diagnostics)")
                }
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 20_000)
            }
            emit("R1", "us", Runner.median(times), note: "REPL: compile and evaluate a typed \(kind) over \(count) donations")
        }
        // Explaining: a traced evaluation, the tree and every hint checked by evaluating again.
        for name in ["W1", "W2", "W3", "W5"] {
            var times: [Double] = []
            for _ in 0..<max(3, rounds / 3) {
                let start = DispatchTime.now().uptimeNanoseconds
                let answer = driver.session.explain(name, json: false, useColor: false)
                precondition(!answer.failed, "\(answer.diagnostics)")
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            emit("X1", "ms", Runner.median(times), note: "explain \(name) over \(count) donations")
        }
    }

    /// Compiles `count` rules made from the first `shapes` workloads (W1 alone: one-line
    /// windowed counts, the 6 MB file of 100,000 rules that issue 8 names).
    func compileFile(rules count: Int, shapes: Int = 5) {
        let source = SourceFile(name: "c1.rules", text: Runner.ruleFile(rules: count, shapes: shapes))
        var times: [Double] = []
        for _ in 0..<max(3, rounds / 3) {
            let start = DispatchTime.now().uptimeNanoseconds
            let compilation = RuleCompiler(limits: CompileLimits(maxSourceBytes: 64 << 20)).compile(source)
            precondition(compilation.program != nil, "\(compilation.diagnostics.prefix(3))")
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let shape = shapes == 1 ? " of W1's shape" : ""
        emit(count >= 100_000 ? "C3" : "C1", "ms", Runner.median(times), note: "compile \(count) rules\(shape) (\(source.bytes.count / 1000) kB)")
    }

    /// A file of `count` distinct rules made from the first `shapes` workloads.
    static func ruleFile(rules count: Int, shapes: Int) -> String {
        var lines = ["event didLogin", "event didViewLandmarkDetail { landmarkID: Int, landmarkName: String }", "parameter isLoggedIn: Bool = true"]
        for index in 0..<count {
            let template = Workloads.all[index % shapes].rule
            lines.append("rule r\(index) = \(template.replacingOccurrences(of: ">= 3", with: ">= \(index % 7 + 1)").replacingOccurrences(of: "Wilbere Bowl", with: "Place \(index)"))")
        }
        return lines.joined(separator: "\n")
    }

    func loadLog(donations count: Int) {
        let data = Dataset(count: count)
        let bytes = Array(data.ndjson(ratings: false).utf8)
        let program = RuleCompiler().compile(SourceFile(name: "c2.rules", text: Workloads.rules(limit: count))).program!
        var times: [Double] = []
        for _ in 0..<max(3, rounds / 3) {
            var store = DonationStore(program: program)
            let start = DispatchTime.now().uptimeNanoseconds
            let issues = DonationLog.load(bytes, fileName: "c2.ndjson", into: &store)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            precondition(issues.isEmpty && store.totalCount == data.views.count + data.logins.count)
        }
        emit("C2", "ms", Runner.median(times), note: "load \(count) donations from NDJSON")
        emit("C2", "lines_per_second", Double(count + 12) / Runner.median(times) * 1000, note: "NDJSON lines loaded per second")
    }

    /// Resident memory per donation held, from the resident set size before and after loading.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    func emit(_ workload: String, _ unit: String, _ value: Double, note: String) {
        if json {
            print("{\"workload\": \"\(workload)\", \"\(unit)\": \(String(format: unit == "bytes_per_donation" ? "%.1f" : unit == "lines_per_second" || unit == "ns" ? "%.0f" : "%.2f", value))}")
        } else {
            print(String(format: "%@ %@: %.2f %@", workload, note, value, unit))
        }
        fflush(nil)
    }
}
