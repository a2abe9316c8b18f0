import Foundation
import Synchronization
import TipRulesSemantics
import TipRulesSyntax

/// A donation source that also records donations: what an app's events donate into.
///
/// Evaluations read a `snapshot()`, so donations made while an evaluation runs never change
/// what it sees. Implementations are shared between threads; each method is atomic.
public protocol DonationStorage: DonationSource, AnyObject {
    /// Records a donation whose payload already matches `event`'s fields, in field order.
    func record(_ event: EventSchema, date: Date, payload: [Value]) throws(Diagnostic)

    /// Forgets every donation of an event.
    func deleteDonations(of event: EventSchema) throws(Diagnostic)

    /// A consistent view for one evaluation.
    func snapshot() throws(Diagnostic) -> any DonationSource

    /// Forgets the donations that rules of `events` can no longer see at `now` or any later
    /// clock (past each event's `limit` and `maxAge`); returns how many.
    func evictDonations(for events: [EventSchema], asOf now: Date, timeZone: TimeZone) throws(Diagnostic) -> Int
}

/// Donations in memory, shared between threads: the default storage of an engine.
///
/// Recording costs a lock and an append; a snapshot costs a lock and a copy of the stream
/// references. Donating while snapshots are alive appends past what they see, without copying
/// their donations (see `ColumnArray`).
///
/// A donation dated before the newest one held is appended too, and put in place when the
/// donations are next read: a run of `k` such donations between two reads costs one sort of
/// those `k` and one merge, not an insertion (a move of everything after it) each.
public final class InMemoryDonationStorage: DonationStorage, @unchecked Sendable {
    // `@unchecked`: every access to `store`, `strings` and `snapshotted` goes through `lock`
    // (so they skip the run-time exclusivity check, which would cost as much as the lock).
    private let lock = Lock()
    /// Every read goes through `orderedStore()`, which puts out-of-order donations in place first.
    @exclusivity(unchecked) private var store: DonationStore
    /// Long payload strings donated recently, so a repeated one is stored once.
    @exclusivity(unchecked) private var strings = StringPool()
    /// The last snapshot, given to every evaluation until the donations change.
    @exclusivity(unchecked) private var snapshotted: StoreSnapshot?
    /// How many times the donations changed (see `StoreSnapshot.generation`). Changed with
    /// `lock` held, read without it: a host asking a remembered rule again pays no lock here.
    private let generation = Atomic<Int>(0)

    /// Forgets the last snapshot before a change to the donations (call with `lock` held). When
    /// no evaluation holds it any more, the streams are then this storage's alone, and change
    /// in place.
    private func changing() {
        snapshotted = nil
        generation.wrappingAdd(1, ordering: .sequentiallyConsistent)
    }

    /// The store with every stream in date order; call with `lock` held.
    private func orderedStore() -> DonationStore {
        if store.needsOrdering { store.putInOrder() }
        return store
    }

    /// Empty storage for events.
    public init(events: [EventSchema]) {
        store = DonationStore(events: events)
    }

    /// Storage that starts with the donations of a store.
    package init(_ store: DonationStore) {
        self.store = store
    }

    /// Records a donation, after the stored event's fields are found to agree with `event`'s.
    public func record(_ event: EventSchema, date: Date, payload: [Value]) throws(Diagnostic) {
        lock.lock()
        defer { lock.unlock() }
        guard let index = store.eventIndex(event.id) else {
            throw DonationErrors.unknownEvent(event.id, known: store.schemas.map(\.id))
        }
        guard store.schemas[index].fields == event.fields else {
            throw DonationErrors.schemaMismatch(event, stored: store.schemas[index])
        }
        let seconds = try DonationErrors.checkedDate(date, for: event)
        changing()
        store.appendUnordered(eventIndex: index, date: seconds, payload: payload.map { strings.interned($0) })
    }

    /// Forgets every donation of an event.
    public func deleteDonations(of event: EventSchema) throws(Diagnostic) {
        lock.lock()
        defer { lock.unlock() }
        changing()
        store.deleteDonations(of: event.id)
    }

    /// The donations as they are now; later donations do not change it.
    public func snapshot() -> any DonationSource {
        storeSnapshot()
    }

    /// The generation of the snapshot `storeSnapshot()` would give now, read without making it.
    package var currentGeneration: Int {
        generation.load(ordering: .sequentiallyConsistent)
    }

    /// `snapshot()` as its own type, whose `generation` tells whether the donations changed.
    package func storeSnapshot() -> StoreSnapshot {
        lock.lock()
        defer { lock.unlock() }
        if let snapshotted { return snapshotted }
        let made = StoreSnapshot(orderedStore(), generation: generation.load(ordering: .relaxed))
        snapshotted = made
        return made
    }

    /// The donations of an event as they are now.
    public func stream(for event: EventSchema) throws(Diagnostic) -> DonationStream {
        lock.lock()
        defer { lock.unlock() }
        return try orderedStore().stream(for: event)
    }

    public func evictDonations(for events: [EventSchema], asOf now: Date, timeZone: TimeZone) -> Int {
        var options = EvaluationOptions(now: now)
        options.timeZone = timeZone
        lock.lock()
        defer { lock.unlock() }
        changing()
        store.putInOrder()
        return store.evict(for: events, asOf: options)
    }

    /// Every donation held, as one value (for tools that save or inspect them).
    package var contents: DonationStore {
        lock.lock()
        defer { lock.unlock() }
        return orderedStore()
    }

    /// Replaces every donation held.
    package func replaceContents(_ newStore: DonationStore) {
        lock.lock()
        defer { lock.unlock() }
        changing()
        store = newStore
    }
}

/// Long strings seen recently, so repeated payload strings share one copy. Strings of up to 15
/// UTF-8 bytes are stored inline in a `String` and need no sharing. The pool forgets everything
/// when it holds `capacity` strings, so a long-lived storage keeps a bounded number alive.
struct StringPool {
    private var strings: Set<String> = []
    private let capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// The value, with a long string replaced by an equal one seen before.
    mutating func interned(_ value: Value) -> Value {
        guard case .string(let text) = value, text.utf8.count > 15 else { return value }
        if let seen = strings.firstIndex(of: text) { return .string(strings[seen]) }
        if strings.count >= capacity { strings.removeAll(keepingCapacity: true) }
        strings.insert(text)
        return value
    }
}

/// A store's donations as one evaluation reads them: shared by reference, so handing a
/// snapshot to an evaluation copies no store. It never changes.
package final class StoreSnapshot: DonationSource {
    package let store: DonationStore
    /// Which state of its storage's donations it shows: the storage counts its changes, so
    /// two snapshots of one storage with the same generation show the same donations.
    package let generation: Int

    init(_ store: DonationStore, generation: Int) {
        self.store = store
        self.generation = generation
    }

    package func stream(for event: EventSchema) throws(Diagnostic) -> DonationStream {
        try store.stream(for: event)
    }

    package func stream(forEventAt index: Int, of events: [EventSchema]) throws(Diagnostic) -> DonationStream {
        try store.stream(forEventAt: index, of: events)
    }
}
