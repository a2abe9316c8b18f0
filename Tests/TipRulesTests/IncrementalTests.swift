import Foundation
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// Evaluations that reuse what the last one computed give exactly what a fresh evaluation
/// gives, whatever happens to the donations in between.
@Suite("Incremental evaluation")
struct IncrementalTests {
    static let rules = """
    event view(limit: 40) { id: Int, name: String, score: Double }
    event seen { id: Int, score: Double }
    rule favourite = view.donations.largestSubset(groupedBy: \\.id).count >= 3
    let largest = view.donations.largestSubset(groupedBy: \\.name).count
    let smallest = view.donations.smallestSubset(groupedBy: \\.id).count
    let windowed = view.donations.donatedWithin(.days(3)).largestSubset(groupedBy: \\.id).count
    let windowedSmallest = seen.donations.donatedWithin(.hours(30)).smallestSubset(groupedBy: \\.id).count
    let total = seen.donations.reduce(0) { $0 + $1.id }
    let scores = seen.donations.map(\\.score).reduce(0.5, +)
    let average = seen.donations.reduce(0) { $0 + $1.score } / Double(max(1, seen.donations.count))
    let recent = view.donations.donatedWithin(.days(2)).reduce(0) { acc, d in acc + d.id }
    let filtered = seen.donations.filter { $0.id > 2 }.reduce(0) { $0 + $1.id }
    """

    private func describe(_ result: EvaluationResult) -> String {
        switch result.outcome {
        case .success(let value): return ValueFormatter.text(value, result.type)
        case .failure(let error): return "error: \(error.message) at \(error.location)"
        }
    }

    @Test("after every change, cached and fresh evaluations agree on every declaration", arguments: [1, 2, 3, 4])
    func agreesWithFreshEvaluation(seed: UInt64) throws {
        let program = try #require(Fixture.compile(IncrementalTests.rules).program)
        let storage = InMemoryDonationStorage(events: program.events)
        let cache = IncrementalCache()
        var random = RobustnessTests.Random(state: seed)
        var now = Fixture.date("2026-11-01T00:00:00Z").timeIntervalSinceReferenceDate
        var latest = now
        var checked = 0
        for step in 0..<400 {
            switch random.below(20) {
            case 0:
                // A donation older than others: positions move.
                let event = program.events[random.below(2)]
                try storage.record(event, date: Date(timeIntervalSinceReferenceDate: latest - Double(random.below(200_000))),
                                   payload: payload(event, &random))
            case 1:
                _ = storage.evictDonations(for: program.events, asOf: Date(timeIntervalSinceReferenceDate: now), timeZone: TimeZone(identifier: "UTC")!)
            case 2 where step % 7 == 0:
                try storage.deleteDonations(of: program.events[random.below(2)])
            case 3:
                now += Double(random.below(86_400))
            default:
                latest += Double(random.below(20_000))
                now = max(now, latest)
                let event = program.events[random.below(2)]
                try storage.record(event, date: Date(timeIntervalSinceReferenceDate: latest), payload: payload(event, &random))
            }
            let options = EvaluationOptions(now: Date(timeIntervalSinceReferenceDate: now))
            var cached = Evaluation(context: EvaluationContext(program: program, options: options, cache: cache), donations: storage.snapshot(),
                                    now: options.now, parameterValues: program.parameters.map { Value($0.defaultValue) })
            var fresh = Evaluation(program: program, donations: storage.snapshot(), options: options)
            for index in program.declarations.indices {
                let a = describe(cached.evaluate(declarationAt: index)), b = describe(fresh.evaluate(declarationAt: index))
                #expect(a == b, "step \(step), \(program.declarations[index].name)")
                checked += 1
            }
        }
        #expect(checked == 400 * program.declarations.count)
        // Most evaluations built on the one before: the test exercised the incremental path.
        #expect(cache.reuses > 1000, "\(cache.reuses) reuses")
    }

    /// A payload with few distinct ids (so groups grow and shrink), the odd huge id (so an Int
    /// sum can overflow) and the odd NaN score.
    private func payload(_ event: EventSchema, _ random: inout RobustnessTests.Random) -> [Value] {
        let id: Value = .int(random.below(50) == 0 ? Int.max / 2 : random.below(6))
        let score: Value = .double(random.below(40) == 0 ? .nan : Double(random.below(100)) / 8)
        return event.fields.count == 3 ? [id, .string(["Alps", "Zion", "Arches"][random.below(3)]), score] : [id, score]
    }

    @Test("group sizes follow donations in and out")
    func groupSizes() {
        var sizes = GroupSizes()
        func bounds() -> [Int] { [sizes.largest, sizes.smallest] }
        for key in [1, 1, 2, 3, 3, 3] { sizes.add(.int(key)) }
        #expect(bounds() == [3, 1])
        sizes.remove(.int(2))
        #expect(bounds() == [3, 2])
        sizes.remove(.int(3))
        sizes.remove(.int(3))
        #expect(bounds() == [2, 1])
        sizes.remove(.int(1))
        sizes.remove(.int(1))
        sizes.remove(.int(3))
        #expect(bounds() == [0, 0])
        sizes.add(.string("a"))
        #expect(bounds() == [1, 1])
    }
}

/// Fused scans keep the row filter they bound for the next evaluation (`BoundFilterCache`);
/// whatever changes in between, the answers and steps are those of unfused evaluation.
@Suite("Reused row filters")
struct ReusedRowFilterTests {
    static let rules = """
    event view(limit: 30) { id: Int, name: String, score: Double, note: String? }
    parameter limit: Double = 2.5
    parameter word: String = "Al"
    parameter zero: Double = 0
    let first = view.donations.first { $0.score > limit && $0.note != nil }?.id
    let prefixed = view.donations.filter { $0.name.hasPrefix(word) }.count
    let searched = view.donations.contains { $0.name.contains(word) && $0.score / zero > 0 }
    let recent = view.donations.count { Date.now.timeIntervalSince($0.date) < 86400 * 2 }
    let pairs = view.donations.filter { outer in view.donations.contains { $0.id == outer.id && $0.date > outer.date } }.count
    let doubled = view.donations.map { $0.score * 2 }.contains { $0 > limit * 3 }
    let signed = view.donations.allSatisfy { $0.score >= zero }
    let many = view.donations.filter { $0.name.contains(word) }.count > 4
    """

    @Test("answers and steps match unfused evaluation after every change", arguments: [1, 2, 3])
    func matchesUnfused(seed: UInt64) throws {
        let optimized = try #require(RuleCompiler().compile(SourceFile(name: "r", text: Self.rules)).program)
        let plain = try #require(RuleCompiler(optimizes: false).compile(SourceFile(name: "r", text: Self.rules)).program)
        let storage = InMemoryDonationStorage(events: optimized.events)
        let event = optimized.events[0]
        var random = RobustnessTests.Random(state: seed)
        var now = Fixture.date("2026-11-01T00:00:00Z").timeIntervalSinceReferenceDate
        var latest = now
        let names = ["Alps", "Álps", "e\u{301}te", "\u{e9}te", "Zion", ""]
        let limits: [Double] = [2.5, 0.0, -0.0, .nan, 10]
        let words = ["Al", "\u{e9}", "e\u{301}", "", "Zion"]
        var parameters: [String: Value] = [:]
        for step in 0..<300 {
            switch random.below(12) {
            case 0:
                try storage.record(event, date: Date(timeIntervalSinceReferenceDate: latest - Double(random.below(200_000))),
                                   payload: payload(names, &random))
            case 1:
                _ = storage.evictDonations(for: optimized.events, asOf: Date(timeIntervalSinceReferenceDate: now),
                                           timeZone: TimeZone(identifier: "UTC")!)
            case 2 where step % 5 == 0:
                try storage.deleteDonations(of: event)
            case 3:
                now += Double(random.below(86_400))
            case 4:
                parameters["limit"] = .double(limits[random.below(limits.count)])
            case 5:
                parameters["word"] = .string(words[random.below(words.count)])
            case 6:
                parameters["zero"] = .double(random.below(2) == 0 ? 0.0 : -0.0)
            default:
                latest += Double(random.below(40_000))
                now = max(now, latest)
                try storage.record(event, date: Date(timeIntervalSinceReferenceDate: latest), payload: payload(names, &random))
            }
            let options = EvaluationOptions(now: Date(timeIntervalSinceReferenceDate: now))
            let snapshot = storage.snapshot()
            for index in optimized.declarations.indices {
                let fast = try outcome(optimized, snapshot, options, parameters, index)
                let slow = try outcome(plain, snapshot, options, parameters, index)
                #expect(fast == slow, "step \(step), \(optimized.declarations[index].name)")
            }
        }
    }

    private func outcome(_ program: CompiledProgram, _ donations: any DonationSource, _ options: EvaluationOptions,
                         _ parameters: [String: Value], _ index: Int) throws -> OptimizerTests.Outcome {
        var evaluation = Evaluation(program: program, donations: donations, options: options)
        for (name, value) in parameters { try evaluation.setParameter(name, value) }
        let result = evaluation.evaluate(declarationAt: index)
        switch result.outcome {
        case .success(let value):
            return OptimizerTests.Outcome(text: ValueFormatter.text(value, result.type), steps: evaluation.stepsTaken)
        case .failure(let error):
            return OptimizerTests.Outcome(text: "error: \(error.message)", steps: evaluation.stepsTaken)
        }
    }

    private func payload(_ names: [String], _ random: inout RobustnessTests.Random) -> [Value] {
        let note: Value = random.below(3) == 0 ? .null : .string("note")
        return [.int(random.below(5)), .string(names[random.below(names.count)]), .double(Double(random.below(50)) / 8 - 1), note]
    }
}
