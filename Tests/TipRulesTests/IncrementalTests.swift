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
