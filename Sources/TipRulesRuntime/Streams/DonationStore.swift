import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// Where an evaluation reads donations from: the evaluator asks for an event's stream the first
/// time a rule needs it, and never otherwise. The in-memory `DonationStore` is one source; a
/// database store is another, and plugs in without the evaluator knowing.
public protocol DonationSource: Sendable {
    /// Every donation of an event, oldest first (equal dates in donation order). Rules see only
    /// part of it: the evaluator cuts it to the evaluation's clock, `maxAge` and `limit`.
    ///
    /// An event the source has never heard of has no donations. A source whose donations of the
    /// event have other payload fields than `event` declares throws a diagnostic saying so.
    func stream(for event: EventSchema) throws(Diagnostic) -> DonationStream

    /// The same, for the event at `index` of the evaluated program's `events`: a source made
    /// for that program may find the stream by position instead of by id. (The program's
    /// events are passed whole, so an evaluation copies no event declaration to ask.)
    func stream(forEventAt index: Int, of events: [EventSchema]) throws(Diagnostic) -> DonationStream
}

extension DonationSource {
    public func stream(forEventAt index: Int, of events: [EventSchema]) throws(Diagnostic) -> DonationStream {
        try stream(for: events[index])
    }
}

/// Donations in memory: one stream per declared event, each kept oldest first.
///
/// A value type with copy-on-write streams: copies are cheap, and evaluations read a snapshot
/// that later donations never change.
public struct DonationStore: DonationSource, Sendable {
    /// The store's parts in one box, so that a copy of the store (every evaluation takes one)
    /// retains one object. Changed only where this store alone holds it (`uniqueStream`).
    private final class Contents: @unchecked Sendable {
        let schemas: [EventSchema]
        /// (Unchecked: changed only where one store alone holds the box, so no access can
        /// overlap a change; the check would cost more than reading a stream.)
        @exclusivity(unchecked) var streams: [DonationStream]
        /// Stream indices by event id.
        let indices: [String: Int]

        init(schemas: [EventSchema], streams: [DonationStream], indices: [String: Int]) {
            self.schemas = schemas
            self.streams = streams
            self.indices = indices
        }
    }
    private var contents: Contents

    /// The events the store holds donations of, in the order it was made with.
    public var schemas: [EventSchema] { contents.schemas }
    var streams: [DonationStream] { contents.streams }
    private var indices: [String: Int] { contents.indices }

    /// An empty store for the events of a program.
    package init(program: CompiledProgram) {
        self.init(events: program.events)
    }

    /// An empty store for events.
    public init(events: [EventSchema]) {
        contents = Contents(schemas: events, streams: events.map { DonationStream(schema: $0) },
                            indices: Dictionary(events.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The stream at an index, to change: the box and the stream copied first when another
    /// store (a snapshot an evaluation holds) shares them.
    private mutating func uniqueStream(_ index: Int) -> DonationStream {
        if !isKnownUniquelyReferenced(&contents) {
            contents = Contents(schemas: contents.schemas, streams: contents.streams, indices: contents.indices)
        }
        if !isKnownUniquelyReferenced(&contents.streams[index]) {
            contents.streams[index] = DonationStream(copying: contents.streams[index])
        }
        return contents.streams[index]
    }

    /// Replaces the stream at an index.
    private mutating func replaceStream(_ index: Int, with stream: DonationStream) {
        if !isKnownUniquelyReferenced(&contents) {
            contents = Contents(schemas: contents.schemas, streams: contents.streams, indices: contents.indices)
        }
        contents.streams[index] = stream
    }

    /// The index of an event's stream.
    package func eventIndex(_ id: String) -> Int? {
        indices[id]
    }

    /// The stream at an index of `schemas`.
    package func stream(at index: Int) -> DonationStream {
        streams[index]
    }

    /// A store for other declarations of the events (a session's rules after a change) holding
    /// these donations: each event keeps its stream when its payload fields are unchanged.
    /// Fails, keeping nothing, with the events whose donations the new declarations cannot
    /// hold: declared with other payload fields, or no longer declared.
    package func carried(into events: [EventSchema]) -> Result<DonationStore, HeldDonationsConflict> {
        var store = DonationStore(events: events)
        var conflicts: [(held: EventSchema, declared: EventSchema?)] = []
        for (index, schema) in schemas.enumerated() where streams[index].count > 0 {
            guard let target = store.indices[schema.id] else {
                conflicts.append((schema, nil))
                continue
            }
            guard events[target].fields == schema.fields else {
                conflicts.append((schema, events[target]))
                continue
            }
            store.replaceStream(target, with: streams[index])
        }
        return conflicts.isEmpty ? .success(store) : .failure(HeldDonationsConflict(events: conflicts))
    }

    /// The number of donations held for an event (all of them, not just what rules see).
    public func count(of event: String) -> Int {
        indices[event].map { streams[$0].count } ?? 0
    }

    /// The total number of donations held.
    public var totalCount: Int { streams.reduce(0) { $0 + $1.count } }

    /// Records a donation after checking its payload against the event's schema.
    ///
    /// ```swift
    /// try store.donate("didViewLandmarkDetail", at: Date(), ["landmarkID": .int(3), "landmarkName": .string("Alps")])
    /// ```
    public mutating func donate(_ event: String, at date: Date, _ payload: [String: Value] = [:]) throws(Diagnostic) {
        guard let index = indices[event] else {
            throw DonationErrors.unknownEvent(event, known: schemas.map(\.id))
        }
        let values = try DonationErrors.checkedPayload(payload, for: schemas[index])
        append(eventIndex: index, date: try DonationErrors.checkedDate(date, for: schemas[index]), payload: values)
    }

    /// Appends a validated donation.
    package mutating func append(eventIndex index: Int, date: Double, payload: [Value]) {
        uniqueStream(index).insert(date: date, payload: payload)
    }

    /// Forgets every donation of an event.
    public mutating func deleteDonations(of event: String) {
        guard let index = indices[event] else { return }
        replaceStream(index, with: DonationStream(schema: schemas[index]))
    }

    /// Forgets the donations that rules of `events` can no longer see at `options.now` or any
    /// later clock: those past each event's `limit` and `maxAge`. Returns how many were dropped.
    ///
    /// Evaluating "as of" an earlier instant afterwards may miss donations, so evict only when
    /// the clock moves forward.
    @discardableResult
    package mutating func evict(for events: [EventSchema], asOf options: EvaluationOptions) -> Int {
        var dropped = 0
        let now = options.now.timeIntervalSinceReferenceDate
        for event in events {
            guard let index = indices[event.id], streams[index].schema.fields == event.fields else { continue }
            var cutoff: Double?
            if let maxAge = event.maxAge, maxAge.count > 0 {
                // A step that leaves the calendar's range keeps everything.
                cutoff = CalendarSteps.back(from: now, maxAge.unit, maxAge.count, calendar: options.calendar, fixedOffset: options.fixedOffset)
            }
            let first = streams[index].firstVisible(now: now, limit: event.limit, cutoff: cutoff)
            guard first > 0 else { continue }
            uniqueStream(index).dropFirst(first)
            dropped += first
        }
        return dropped
    }

    /// Appends a validated donation in arrival order, for bulk loads; `compact` puts it in
    /// place.
    package mutating func appendUnordered(eventIndex index: Int, date: Double, payload: [Value]) {
        uniqueStream(index).appendUnordered(date: date, payload: payload)
    }

    /// Adds every donation of another store whose event this store holds with the same payload
    /// fields; returns the ids of events whose fields differ (their donations are not added).
    @discardableResult
    package mutating func merge(_ other: DonationStore) -> [String] {
        var skipped: [String] = []
        for (otherIndex, schema) in other.schemas.enumerated() where other.streams[otherIndex].count > 0 {
            guard let index = indices[schema.id], schemas[index].fields == schema.fields else {
                skipped.append(schema.id)
                continue
            }
            let stream = other.streams[otherIndex]
            for position in 0..<stream.count {
                appendUnordered(eventIndex: index, date: stream.dates[position], payload: stream.columns.map { $0[position] })
            }
        }
        compact()
        return skipped
    }

    /// Appends many validated donations of one event in arrival order, for bulk loads;
    /// `compact` puts them in place.
    package mutating func appendUnordered(eventIndex index: Int, dates: [Double], rows: [[Value]]) {
        uniqueStream(index).appendUnordered(dates: dates, rows: rows)
    }

    /// The same, with the payloads as one array of values per field.
    package mutating func appendUnordered(eventIndex index: Int, dates: [Double], columns: [[Value]]) {
        uniqueStream(index).appendUnordered(dates: dates, columns: columns)
    }

    /// Whether some stream has donations appended out of order, waiting for `putInOrder`.
    package var needsOrdering: Bool {
        streams.contains { $0.needsOrdering }
    }

    /// Puts donations appended out of order in place in every stream that has some; streams
    /// already in order are left as they are (and keep their spare capacity).
    package mutating func putInOrder() {
        for index in streams.indices where streams[index].needsOrdering {
            uniqueStream(index).putInOrder()
        }
    }

    /// Puts bulk-loaded donations in date order and drops spare capacity in every stream.
    package mutating func compact() {
        for index in streams.indices {
            uniqueStream(index).compact()
        }
    }

    /// Where the streams are, in the order of `events`, when the store was made for that very
    /// array of events (where `stream(forEventAt:of:)` finds them by position); nil otherwise.
    /// An evaluation reads its streams there without retaining the store around each lookup.
    ///
    /// The address stays valid while this store, or a copy of it, is alive: a store changes its
    /// streams in place only while no copy shares them (`uniqueStream`, `replaceStream`), so
    /// the streams a copy holds are never changed or freed under it.
    package func streamAddresses(for events: [EventSchema]) -> UnsafePointer<DonationStream>? {
        guard !events.isEmpty, isMade(for: events) else { return nil }
        return contents.streams.withUnsafeBufferPointer { $0.baseAddress }
    }

    /// Whether the store was made for this very array of events: a store made for a program
    /// holds the program's own array (and keeps it alive, so the same address is the same
    /// declarations), and its streams are then in the events' order, found by position with
    /// nothing compared or hashed.
    private func isMade(for events: [EventSchema]) -> Bool {
        schemas.withUnsafeBufferPointer({ $0.baseAddress }) == events.withUnsafeBufferPointer({ $0.baseAddress })
    }

    public func stream(forEventAt index: Int, of events: [EventSchema]) throws(Diagnostic) -> DonationStream {
        if isMade(for: events) { return streams[index] }
        return try stream(for: events[index])
    }

    /// The stream of an event; `limit` and `maxAge` may differ from the store's, the payload may not.
    public func stream(for event: EventSchema) throws(Diagnostic) -> DonationStream {
        guard let index = indices[event.id] else { return DonationStream(schema: event) }
        return try checked(streams[index], for: event)
    }

    private func checked(_ stream: DonationStream, for event: EventSchema) throws(Diagnostic) -> DonationStream {
        // `limit` and `maxAge` are the reader's business; the payload must agree.
        guard stream.hasFields(event.fields) else {
            throw DonationErrors.schemaMismatch(event, stored: stream.schema)
        }
        return stream
    }
}

/// Events whose held donations other declarations cannot take: `declared` is nil for an event
/// no longer declared, or the new declaration with other payload fields.
package struct HeldDonationsConflict: Error {
    package var events: [(held: EventSchema, declared: EventSchema?)]
}
