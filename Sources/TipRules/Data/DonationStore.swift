import Foundation

/// Donations in memory: one stream per declared event, each kept oldest first.
///
/// A value type with copy-on-write streams: copies are cheap, and evaluations read a snapshot
/// that later donations never change.
public struct DonationStore: Sendable {
    public let schemas: [EventSchema]
    private(set) var streams: [DonationStream]
    /// The program the store was made for, whose events it matches one to one.
    private let programIdentity: ProgramIdentity?

    /// An empty store for the events of a program.
    public init(program: CompiledProgram) {
        self.schemas = program.events
        self.streams = program.events.map { DonationStream(schema: $0) }
        self.programIdentity = program.identity
    }

    public init(events: [EventSchema]) {
        self.schemas = events
        self.streams = events.map { DonationStream(schema: $0) }
        self.programIdentity = nil
    }

    /// The number of donations held for an event (all of them, not just what rules see).
    public func count(of event: String) -> Int {
        schemas.firstIndex { $0.id == event }.map { streams[$0].count } ?? 0
    }

    /// The total number of donations held.
    public var totalCount: Int { streams.reduce(0) { $0 + $1.count } }

    /// Records a donation after checking its payload against the event's schema.
    ///
    /// ```swift
    /// try store.donate("didViewLandmarkDetail", at: Date(), ["landmarkID": .int(3), "landmarkName": .string("Alps")])
    /// ```
    public mutating func donate(_ event: String, at date: Date, _ payload: [String: Value] = [:]) throws(DonationError) {
        guard let index = schemas.firstIndex(where: { $0.id == event }) else {
            throw .unknownEvent(event, suggestion: Suggestions.closest(to: event, in: schemas.map(\.id)))
        }
        let schema = schemas[index]
        for name in payload.keys where schema.fieldIndex(name) == nil {
            throw .unknownField(event: event, field: name, suggestion: Suggestions.closest(to: name, in: schema.fields.map(\.name)))
        }
        var values: [Value] = []
        for field in schema.fields {
            let value = payload[field.name] ?? .null
            if value.isNull && !field.type.isOptional {
                throw .missingField(event: event, field: field.name, type: field.type)
            }
            guard value.conforms(to: field.type) else {
                throw .wrongType(event: event, field: field.name, expected: field.type)
            }
            values.append(value)
        }
        append(eventIndex: index, date: date.timeIntervalSinceReferenceDate, payload: values)
    }

    /// Appends a validated donation.
    mutating func append(eventIndex index: Int, date: Double, payload: [Value]) {
        if !isKnownUniquelyReferenced(&streams[index]) {
            streams[index] = DonationStream(copying: streams[index])
        }
        streams[index].insert(date: date, payload: payload)
    }

    /// Drops spare capacity in every stream, after a bulk load.
    mutating func compact() {
        for index in streams.indices {
            if !isKnownUniquelyReferenced(&streams[index]) {
                streams[index] = DonationStream(copying: streams[index])
            }
            streams[index].compact()
        }
    }


    /// The streams for the events of a program, matched by event id; events missing from this
    /// store (or declared differently) get empty streams.
    func streams(for program: CompiledProgram) -> [DonationStream] {
        if programIdentity === program.identity { return streams }
        return program.events.map { schema in
            if let index = schemas.firstIndex(where: { $0 == schema }) { return streams[index] }
            return DonationStream(schema: schema)
        }
    }
}

/// Why a donation was rejected.
public enum DonationError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownEvent(String, suggestion: String?)
    case unknownField(event: String, field: String, suggestion: String?)
    case missingField(event: String, field: String, type: RuleType)
    case wrongType(event: String, field: String, expected: RuleType)

    public var description: String {
        switch self {
        case .unknownEvent(let id, let suggestion):
            return "unknown event '\(id)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .unknownField(let event, let field, let suggestion):
            return "unknown field '\(field)' in a donation of '\(event)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .missingField(let event, let field, let type):
            return "missing field '\(field)' ('\(type)') in a donation of '\(event)'"
        case .wrongType(let event, let field, let expected):
            return "field '\(field)' of '\(event)' must be '\(expected)'"
        }
    }
}

extension Value {
    /// Whether a value has the representation of a type: the right case for scalars, `.null`
    /// or a (boxed when nested) value for optionals, element by element for arrays and sets.
    func conforms(to type: RuleType) -> Bool {
        switch (self, type) {
        case (.null, .optional): return true
        case (.some(let inner), .optional(let wrapped)): return wrapped.isOptional && inner.conforms(to: wrapped)
        case (_, .optional(let wrapped)): return !wrapped.isOptional && conforms(to: wrapped)
        case (.array(let items), .array(let element)): return items.allSatisfy { $0.conforms(to: element) }
        case (.set(let items), .set(let element)): return items.allSatisfy { $0.conforms(to: element) }
        case (.int, .int), (.double, .double), (.bool, .bool), (.string, .string), (.date, .date), (.timeRange, .timeRange):
            return true
        default: return false
        }
    }
}
