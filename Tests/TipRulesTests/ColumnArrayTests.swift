import Dispatch
import Foundation
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// Stream columns grow at their end without copying what snapshots of them see, and every
/// other change leaves those snapshots as they were.
@Suite("Column arrays")
struct ColumnArrayTests {
    /// The address of an array's first element, to tell a shared buffer from a copy.
    static func base<T>(_ array: ColumnArray<T>) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test("the byte test of nil agrees with matching .null for values of every kind")
    func nullPattern() throws {
        let pattern = try #require(NullPattern.make(), "Value's layout changed: the byte test of nil is not used")
        var store = DonationStore(events: [EventSchema(id: "e", fields: [])])
        try store.donate("e", at: Date(timeIntervalSinceReferenceDate: 0), [:])
        let stream = try store.stream(forEventAt: 0, of: store.schemas)
        let values: [Value] = [
            .null, .int(0), .int(-1), .double(0), .double(-0.0), .double(.nan), .bool(false), .bool(true), .string(""),
            .string("a string too long to be stored inline"), .date(0), .timeRange(TimeRange(unit: .day, count: 0, isFunctionForm: true)),
            .some(.null), .array([]), .array([.null]), .set([]), .event(0), .parameter(0), .range(.int(0), .int(0), closed: true),
            .donation(stream, 0),
        ]
        for var value in values {
            let expected: Int
            if case .null = value { expected = 1 } else { expected = 0 }
            #expect(withUnsafePointer(to: &value) { pattern.nullBit($0) } == expected, "\(value)")
        }
    }

    @Test("optional numbers read as their bits agree with ?? and == nil")
    func optionalNumberBits() throws {
        let bits = try #require(OptionalNumberBits.make(), "Int? or Double? is laid out differently: columns fall back to ??")
        for var value in [nil, 0, -1, 1, Int.min, Int.max, 42] as [Int?] {
            for fallback in [0, -1, Int.min, Int.max, 7] {
                #expect(withUnsafePointer(to: &value) { bits.value($0, or: fallback) } == (value ?? fallback), "\(String(describing: value)) ?? \(fallback)")
            }
            #expect(withUnsafePointer(to: &value) { bits.nilBit($0) } == (value == nil ? 1 : 0))
            for nilPasses in [false, true] {
                #expect(withUnsafePointer(to: &value) { bits.test($0, { $0 > 0 }, nilPasses: nilPasses) } == (value.map { $0 > 0 } ?? nilPasses))
            }
        }
        for var value in [nil, 0.0, -0.0, .nan, .infinity, -.infinity, 2.5, .leastNonzeroMagnitude] as [Double?] {
            for fallback in [0.0, -0.0, .nan, 1.5, -.infinity] {
                let read = withUnsafePointer(to: &value) { bits.value($0, or: fallback) }
                #expect(read.bitPattern == (value ?? fallback).bitPattern, "\(String(describing: value)) ?? \(fallback)")
            }
            #expect(withUnsafePointer(to: &value) { bits.nilBit($0) } == (value == nil ? 1 : 0))
            for nilPasses in [false, true] {
                #expect(withUnsafePointer(to: &value) { bits.test($0, { $0 >= 0 }, nilPasses: nilPasses) } == (value.map { $0 >= 0 } ?? nilPasses))
            }
        }
    }

    @Test("the byte test of a String?'s nil agrees with == nil")
    func optionalStringPattern() throws {
        let pattern = try #require(OptionalStringPattern.current, "String?'s layout changed: the byte test of nil is not used")
        let strings: [String?] = [nil, "", "a", "short", "a string too long to be stored inline, on the heap", "e\u{301}", String(repeating: "x", count: 15),
                                  String(decoding: [0xE2, 0x82, 0xAC], as: UTF8.self), ("bridged" as Substring).description]
        for var value in strings {
            #expect(withUnsafePointer(to: &value) { pattern.nilBit($0) } == (value == nil ? 1 : 0), "\(String(describing: value))")
        }
        // A nil written through the type's metadata, over bytes that were something else (as
        // unspecialised code writes one), is nil too.
        for filler: UInt8 in [0x00, 0x5A, 0xFF] {
            let slot = UnsafeMutablePointer<String?>.allocate(capacity: 1)
            defer { slot.deallocate() }
            UnsafeMutableRawPointer(slot).initializeMemory(as: UInt8.self, repeating: filler, count: MemoryLayout<String?>.size)
            Self.storeNil(slot)
            #expect(slot.pointee == nil)
            #expect(pattern.nilBit(slot) == 1, "nil written over \(filler)")
        }
    }

    @inline(never) @_optimize(none)
    private static func storeNil<T>(_ pointer: UnsafeMutablePointer<T?>) {
        pointer.initialize(to: nil)
    }

    @Test("a Double column's written bounds hold every value written, in the order Swift's < gives, NaN beyond the infinities")
    func doubleWrittenBounds() {
        let ordered: [Double] = [-.infinity, -1e300, -1.5, -.leastNonzeroMagnitude, -0.0, 0.0, .leastNonzeroMagnitude, 2.5, 1e300, .infinity]
        let keys = ordered.map(ColumnArray<Double>.orderedKey)
        #expect(keys == keys.sorted() && Set(keys).count == keys.count, "keys out of order: \(keys)")
        for value in ordered + [.nan, -.nan] {
            #expect(ColumnArray<Double>.value(ofOrderedKey: ColumnArray<Double>.orderedKey(value)).bitPattern == value.bitPattern)
        }
        #expect(ColumnArray<Double>.orderedKey(.nan) > ColumnArray<Double>.orderedKey(.infinity))
        #expect(ColumnArray<Double>.orderedKey(-.nan) < ColumnArray<Double>.orderedKey(-.infinity))

        var column = ColumnArray<Double>()
        #expect(column.writtenBounds == nil)
        for value in [2.5, -1.5, 0.25] { column.append(value) }
        #expect(column.writtenBounds?.low == -1.5 && column.writtenBounds?.high == 2.5)
        // An element inserted (a late donation) widens them; one dropped leaves them as wide.
        column.insert(-7, at: 1)
        column.removeFirst(2)
        #expect(column.writtenBounds?.low == -7 && column.writtenBounds?.high == 2.5)
        column.append(.nan)
        #expect(column.writtenBounds?.high.isNaN == true)
    }

    @Test("appending while a copy is alive shares the buffer and leaves the copy as it was")
    func appendSharesBuffer() {
        var column = ColumnArray<String>()
        column.reserveCapacity(64)
        for index in 0..<10 { column.append("long string number \(index), not stored inline") }
        let snapshot = column
        for index in 10..<40 { column.append("long string number \(index), not stored inline") }
        #expect(snapshot.count == 10)
        #expect(Array(snapshot) == (0..<10).map { "long string number \($0), not stored inline" })
        #expect(Array(column) == (0..<40).map { "long string number \($0), not stored inline" })
        #expect(Self.base(snapshot) == Self.base(column), "the append copied the buffer")
    }

    @Test("two copies appended to take slots of their own")
    func divergingCopies() {
        var first = ColumnArray<Int>([1, 2, 3])
        first.reserveCapacity(16)
        let original = first
        var second = first
        first.append(10)
        second.append(20)
        second.append(21)
        first.append(11)
        #expect(Array(original) == [1, 2, 3])
        #expect(Array(first) == [1, 2, 3, 10, 11])
        #expect(Array(second) == [1, 2, 3, 20, 21])
        #expect(Self.base(first) == Self.base(original), "the first to append keeps the shared buffer")
        #expect(Self.base(second) != Self.base(original), "the second must copy rather than overwrite")
    }

    @Test("an array alone with its buffer takes back slots a dropped copy had appended")
    func reclaimsSlots() {
        var column = ColumnArray<String>(["a", "b"])
        column.reserveCapacity(16)
        do {
            var longer = column
            longer.append("dropped soon")
            #expect(longer.count == 3)
        }
        let before = Self.base(column)
        column.append("c")
        #expect(Array(column) == ["a", "b", "c"])
        #expect(Self.base(column) == before)
    }

    /// Random operations on an array and on a plain Swift array side by side, keeping copies
    /// of both along the way: every copy must still equal its plain twin at the end.
    @Test("random changes with snapshots kept match Swift arrays", arguments: 0..<12)
    func randomChanges(seed: UInt64) {
        var random = RobustnessTests.Random(state: seed)
        var column = ColumnArray<String>()
        var model: [String] = []
        var snapshots: [(ColumnArray<String>, [String])] = []
        for step in 0..<600 {
            let value = "value \(step) " + String(repeating: "x", count: random.below(20))
            switch random.below(13) {
            case 0...5:
                column.append(value); model.append(value)
            case 6:
                let position = random.below(model.count + 1)
                column.insert(value, at: position); model.insert(value, at: position)
            case 7 where !model.isEmpty:
                let k = random.below(min(model.count, 5) + 1)
                column.removeFirst(k); model.removeFirst(k)
            case 8:
                column.compact()
            case 9:
                column.reserveCapacity(model.count + random.below(50))
            case 10:
                let start = random.below(model.count + 1)
                var order = Array(start..<model.count)
                for index in order.indices.reversed() where index > 0 { order.swapAt(index, random.below(index + 1)) }
                column.reorderSuffix(from: start, order)
                model = Array(model[..<start]) + order.map { model[$0] }
            default:
                snapshots.append((column, model))
            }
            #expect(column.count == model.count)
        }
        #expect(Array(column) == model)
        for (snapshot, expected) in snapshots {
            #expect(Array(snapshot) == expected)
        }
    }

    /// Counts live instances, so a test sees every element released exactly once.
    final class Census: @unchecked Sendable {
        private let lock = NSLock()
        private var alive = 0
        var count: Int { lock.withLock { alive } }
        func born() { lock.withLock { alive += 1 } }
        func died() { lock.withLock { alive -= 1 } }
    }

    final class Tracked: Equatable {
        let id: Int
        let census: Census
        init(_ id: Int, _ census: Census) { self.id = id; self.census = census; census.born() }
        deinit { census.died() }
        static func == (lhs: Tracked, rhs: Tracked) -> Bool { lhs.id == rhs.id }
    }

    @Test("every element is released once, whatever copies shared it", arguments: 0..<6)
    func releasesEveryElementOnce(seed: UInt64) {
        let census = Census()
        do {
            var random = RobustnessTests.Random(state: seed)
            var column = ColumnArray<Tracked>()
            var kept: [ColumnArray<Tracked>] = []
            for step in 0..<400 {
                switch random.below(11) {
                case 0...4: column.append(Tracked(step, census))
                case 5: column.insert(Tracked(step, census), at: random.below(column.count + 1))
                case 6 where column.count > 0: column.removeFirst(random.below(min(column.count, 4) + 1))
                case 7: column.compact()
                case 8: kept.append(column)
                case 9 where column.count > 1:
                    let start = random.below(column.count)
                    column.reorderSuffix(from: start, Array((start..<column.count).reversed()))
                default: if !kept.isEmpty { kept.removeFirst() }
                }
            }
            #expect(census.count >= column.count)
        }
        #expect(census.count == 0, "elements leaked or were released twice")
    }

    @Test("copies appended to on two threads at once each keep their own elements")
    func concurrentAppends() {
        var shared = ColumnArray<String>()
        shared.reserveCapacity(100_000)
        for index in 0..<100 { shared.append("shared element \(index) of the common prefix") }
        let base = shared
        let results = ResultsBox()
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            var mine = base
            for index in 0..<20_000 { mine.append("thread \(thread) element \(index) of its own") }
            results.set(thread, mine)
        }
        #expect(base.count == 100)
        for thread in 0..<2 {
            let mine = results.get(thread)
            #expect(mine.count == 20_100)
            #expect(Array(mine.prefix(100)) == Array(base))
            #expect(mine.dropFirst(100).enumerated().allSatisfy { $1 == "thread \(thread) element \($0) of its own" })
        }
    }

    final class ResultsBox: @unchecked Sendable {
        private let lock = NSLock()
        private var arrays: [Int: ColumnArray<String>] = [:]
        func set(_ index: Int, _ array: ColumnArray<String>) { lock.withLock { arrays[index] = array } }
        func get(_ index: Int) -> ColumnArray<String> { lock.withLock { arrays[index]! } }
    }

    @Test("donating while a snapshot is alive does not copy the stream, and the snapshot keeps what it saw")
    func storageSnapshots() throws {
        let program = try #require(Fixture.compile("event view { id: Int, name: String }\nrule r = view.donations.count > 2").program)
        let event = program.events[0]
        let storage = InMemoryDonationStorage(events: program.events)
        for index in 0..<1000 {
            try storage.record(event, date: Date(timeIntervalSinceReferenceDate: Double(index)), payload: [.int(index), .string("name \(index)")])
        }
        let snapshot = storage.snapshot()
        let seen = try snapshot.stream(for: event)
        try storage.record(event, date: Date(timeIntervalSinceReferenceDate: 5000), payload: [.int(-1), .string("after")])
        let now = try storage.snapshot().stream(for: event)
        #expect(seen.count == 1000)
        #expect(now.count == 1001)
        #expect(now.dates.last == 5000)
        #expect(Self.base(seen.dates) == Self.base(now.dates), "the donation copied the stream's dates")
        guard case .int(let seenIDs) = seen.columns[0], case .int(let nowIDs) = now.columns[0] else {
            Issue.record("the id column is not an Int column")
            return
        }
        #expect(Self.base(seenIDs) == Self.base(nowIDs), "the donation copied the stream's ids")
        #expect(Array(seenIDs) == Array(0..<1000))
        #expect(nowIDs.last == -1)

        // An out-of-order donation reorders a copy; the snapshot still sees the old order.
        try storage.record(event, date: Date(timeIntervalSinceReferenceDate: 0.5), payload: [.int(-2), .string("early")])
        let reordered = try storage.snapshot().stream(for: event)
        #expect(reordered.dates[1] == 0.5)
        #expect(seen.dates[1] == 1)
        #expect(Array(seen.dates) == (0..<1000).map(Double.init))
    }

    @Test("donations in any order read back in date order, equal dates in arrival order, whatever reads come between",
          arguments: [5, 6, 7, 8])
    func lateDonations(seed: UInt64) throws {
        let program = try #require(Fixture.compile("event view(limit: 100000) { id: Int, name: String }\nrule r = view.donations.count > 2").program)
        let event = program.events[0]
        let storage = InMemoryDonationStorage(events: program.events)
        var random = RobustnessTests.Random(state: seed)
        var model: [(date: Double, id: Int)] = []
        var held: [(any DonationSource, [(date: Double, id: Int)])] = []
        var newest = 0.0
        for id in 0..<800 {
            // Mostly in order, some a little late, some far back, many on equal dates.
            let date: Double
            switch random.below(10) {
            case 0...5: newest += Double(random.below(3)); date = newest
            case 6...8: date = newest - Double(random.below(5))
            default: date = Double(random.below(Int(newest) + 1))
            }
            try storage.record(event, date: Date(timeIntervalSinceReferenceDate: date), payload: [.int(id), .string("name \(id)")])
            model.append((date, id))
            if random.below(4) == 0 {
                let sorted = model.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
                let snapshot = storage.snapshot()
                if random.below(3) == 0 { held.append((snapshot, sorted)) }
                let stream = try snapshot.stream(for: event)
                #expect(Array(stream.dates) == sorted.map(\.date))
                #expect((0..<stream.count).map { stream.columns[0][$0] } == sorted.map { .int($0.id) })
            }
        }
        // Snapshots taken along the way still hold what they held.
        for (snapshot, sorted) in held {
            let stream = try snapshot.stream(for: event)
            #expect(Array(stream.dates) == sorted.map(\.date))
            #expect((0..<stream.count).map { stream.columns[1][$0] } == sorted.map { .string("name \($0.id)") })
        }
    }

    @Test("a storage hands out one snapshot until its donations change, and a new one after every change")
    func snapshotReuse() throws {
        let program = try #require(Fixture.compile("event view(limit: 3) { id: Int }\nrule r = view.donations.count > 2").program)
        let event = program.events[0]
        let storage = InMemoryDonationStorage(events: program.events)
        func count() throws -> Int { try storage.snapshot().stream(for: event).count }
        try storage.record(event, date: Date(timeIntervalSinceReferenceDate: 10), payload: [.int(1)])
        let first = storage.snapshot()
        #expect(first as AnyObject === storage.snapshot() as AnyObject, "an unchanged storage made a second snapshot")
        try storage.record(event, date: Date(timeIntervalSinceReferenceDate: 5), payload: [.int(2)])
        try storage.record(event, date: Date(timeIntervalSinceReferenceDate: 20), payload: [.int(3)])
        try storage.record(event, date: Date(timeIntervalSinceReferenceDate: 30), payload: [.int(4)])
        #expect(try count() == 4)
        #expect(try Array(storage.snapshot().stream(for: event).dates) == [5, 10, 20, 30])
        #expect(try first.stream(for: event).count == 1)
        #expect(storage.evictDonations(for: program.events, asOf: Date(timeIntervalSinceReferenceDate: 40), timeZone: .gmt) == 1)
        #expect(try count() == 3)
        try storage.deleteDonations(of: event)
        #expect(try count() == 0)
        storage.replaceContents(DonationStore(program: program))
        try storage.record(event, date: Date(timeIntervalSinceReferenceDate: 50), payload: [.int(5)])
        #expect(try count() == 1)
    }
}
