import TipRulesSemantics
import TipRulesSyntax

/// Reads the usual shape of a donation line straight into typed values, without building a
/// JSON tree:
///
///     {"event": "didViewLandmarkDetail", "date": "2026-11-29T10:00:00Z", "value": {"landmarkID": 3, "landmarkName": "Alps"}}
///
/// It accepts only lines it can check completely (keys once each, `event` before `value`,
/// strings without escapes or non-ASCII bytes, fields the event declares with values of their
/// types) and gives up on anything else, so the general reader (`DonationLog.loadLine`)
/// decides those: it accepts the same lines with the same values and explains every rejection.
struct DonationLineReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    fileprivate var index: Int
    fileprivate let end: Int

    /// A failure to read the fast way: the general reader takes over.
    fileprivate struct GiveUp: Error {}

    /// The donation a line holds: its event, date and payload in field order.
    struct Donation {
        var eventIndex: Int
        var date: Double
        var payload: [Value]
    }

    /// The last event read and its index, since a log repeats its events.
    final class EventCache {
        var name: [UInt8] = []
        var index = -1
        var fieldNames: [[UInt8]] = []
    }

    /// Reads a line, or returns nil for the general reader to take it.
    static func read(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, store: DonationStore, cache: EventCache,
                     intern: (Value) -> Value) -> Donation? {
        var reader = DonationLineReader(bytes: buffer, index: range.lowerBound, end: range.upperBound)
        return try? reader.line(store: store, cache: cache, intern: intern)
    }

    fileprivate init(bytes: UnsafeBufferPointer<UInt8>, index: Int, end: Int) {
        self.bytes = bytes
        self.index = index
        self.end = end
    }

    private var current: UInt8? { index < end ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D || bytes[index] == 0x0A { index += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws(GiveUp) {
        skipWhitespace()
        guard current == byte else { throw GiveUp() }
        index += 1
    }

    /// A string of printable ASCII without escapes: the range of its contents.
    private mutating func simpleString() throws(GiveUp) -> Range<Int> {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { throw GiveUp() }
        index += 1
        let start = index
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return start..<(index - 1)
            }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { throw GiveUp() }
            index += 1
        }
        throw GiveUp()
    }

    private func equals(_ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let pointer = word.utf8Start
        for offset in 0..<range.count where bytes[range.lowerBound + offset] != pointer[offset] { return false }
        return true
    }

    private func equals(_ range: Range<Int>, _ word: [UInt8]) -> Bool {
        word.count == range.count && word.withUnsafeBufferPointer { w in
            (0..<range.count).allSatisfy { bytes[range.lowerBound + $0] == w[$0] }
        }
    }

    private mutating func line(store: DonationStore, cache: EventCache, intern: (Value) -> Value) throws(GiveUp) -> Donation {
        try expect(UInt8(ascii: "{"))
        var eventIndex: Int?
        var date: Double?
        var payload: [Value]?
        var sawValue = false
        while true {
            let key = try simpleString()
            try expect(UInt8(ascii: ":"))
            if equals(key, "event") {
                guard eventIndex == nil else { throw GiveUp() }
                eventIndex = try event(store: store, cache: cache)
            } else if equals(key, "date") {
                guard date == nil else { throw GiveUp() }
                let text = try simpleString()
                guard case .success(let seconds) = ISO8601.parse(bytes, text) else {
                    throw GiveUp()
                }
                date = seconds
            } else if equals(key, "value") {
                guard !sawValue, let eventIndex else { throw GiveUp() }
                sawValue = true
                payload = try fields(store.schemas[eventIndex], cache: cache, intern: intern)
            } else {
                throw GiveUp()
            }
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "}"))
            break
        }
        skipWhitespace()
        guard index == end, let eventIndex, let date else { throw GiveUp() }
        if let payload { return Donation(eventIndex: eventIndex, date: date, payload: payload) }
        return Donation(eventIndex: eventIndex, date: date, payload: try fields(nil, store.schemas[eventIndex]))
    }

    private mutating func event(store: DonationStore, cache: EventCache) throws(GiveUp) -> Int {
        let name = try simpleString()
        if cache.index >= 0, equals(name, cache.name) { return cache.index }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self)
        guard let eventIndex = store.eventIndex(text) else { throw GiveUp() }
        cache.name = Array(UnsafeBufferPointer(rebasing: bytes[name]))
        cache.index = eventIndex
        cache.fieldNames = store.schemas[eventIndex].fields.map { Array($0.name.utf8) }
        return eventIndex
    }

    /// The payload object (or `null`), in field order; a missing field must be optional.
    fileprivate mutating func fields(_ schema: EventSchema, cache: EventCache, intern: (Value) -> Value) throws(GiveUp) -> [Value] {
        var given = [Value?](repeating: nil, count: schema.fields.count)
        let isNull = try fields(schema, cache: cache, into: &given, intern: intern)
        return try fields(isNull ? nil : given, schema)
    }

    /// Reads the payload object into `given` (one slot per field, all nil on entry); returns
    /// whether the payload was `null`. The caller owns `given`, so a bulk read reuses it.
    fileprivate mutating func fields(_ schema: EventSchema, cache: EventCache, into given: inout [Value?], intern: (Value) -> Value) throws(GiveUp) -> Bool {
        skipWhitespace()
        if literal("null") { return true }
        try expect(UInt8(ascii: "{"))
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return false
        }
        while true {
            let key = try simpleString()
            guard let field = cache.fieldNames.firstIndex(where: { equals(key, $0) }), given[field] == nil else { throw GiveUp() }
            try expect(UInt8(ascii: ":"))
            given[field] = intern(try value(schema.fields[field].type))
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "}"))
            return false
        }
    }

    /// The payload from the values given: absent optional fields are nil.
    private func fields(_ given: [Value?]?, _ schema: EventSchema) throws(GiveUp) -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(schema.fields.count)
        for (offset, field) in schema.fields.enumerated() {
            if let value = given?[offset] {
                values.append(value)
            } else {
                guard field.type.isOptional else { throw GiveUp() }
                values.append(.null)
            }
        }
        return values
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= end, equals(index..<(index + count), word) else { return false }
        index += count
        return true
    }

    /// A JSON value of a payload type.
    private mutating func value(_ type: RuleType) throws(GiveUp) -> Value {
        skipWhitespace()
        if case .optional(let wrapped) = type {
            if literal("null") { return .null }
            return try value(wrapped)
        }
        switch type {
        case .int: return .int(try integer())
        case .double: return .double(try double())
        case .bool:
            if literal("true") { return .bool(true) }
            if literal("false") { return .bool(false) }
            throw GiveUp()
        case .string:
            let text = try simpleString()
            return .string(String(decoding: UnsafeBufferPointer(rebasing: bytes[text]), as: UTF8.self))
        case .date:
            let text = try simpleString()
            guard case .success(let seconds) = ISO8601.parse(bytes, text) else {
                throw GiveUp()
            }
            return .date(seconds)
        default:
            throw GiveUp()
        }
    }

    /// A JSON integer without fraction or exponent that fits `Int`.
    private mutating func integer() throws(GiveUp) -> Int {
        let negative = current == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var value = 0
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            let digit = Int(byte - UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { throw GiveUp() }
            value = next
            index += 1
        }
        // JSON allows no leading zeros, and an integer field no fraction or exponent.
        guard index > start, !(bytes[start] == UInt8(ascii: "0") && index - start > 1) else { throw GiveUp() }
        if let byte = current, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { throw GiveUp() }
        return value
    }

    /// A finite JSON number.
    private mutating func double() throws(GiveUp) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        let digits = index
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        guard index > digits, !(bytes[digits] == UInt8(ascii: "0") && index - digits > 1) else { throw GiveUp() }
        if current == UInt8(ascii: ".") {
            index += 1
            let fraction = index
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
            guard index > fraction else { throw GiveUp() }
        }
        if let byte = current, byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            index += 1
            if let sign = current, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
            let exponent = index
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
            guard index > exponent else { throw GiveUp() }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw GiveUp() }
        return value
    }
}

/// Payload objects read the fast way (a store's rows, which TipRules wrote itself), with the
/// general decoder for anything the fast reader does not take.
package final class PayloadReader {
    private let schema: EventSchema
    private let cache = DonationLineReader.EventCache()

    package init(schema: EventSchema) {
        self.schema = schema
        cache.fieldNames = schema.fields.map { Array($0.name.utf8) }
    }

    /// The payload's values in field order, or nil when the general decoder must read it.
    package func read(_ bytes: [UInt8]) -> [Value]? {
        bytes.withUnsafeBufferPointer(read)
    }

    /// The same, from bytes the caller owns (a database row, read in place).
    package func read(_ buffer: UnsafeBufferPointer<UInt8>) -> [Value]? {
        DonationLineReader.payload(buffer, schema: schema, cache: cache)
    }

    /// Slots for one payload's fields, reused from row to row.
    private var slots: [Value?] = []

    /// Reads a payload and appends its values to `columns` (one array per field), without
    /// building an array per row: the way a bulk read of many rows goes. Returns false, and
    /// appends nothing, when the general decoder must read it.
    package func read(_ buffer: UnsafeBufferPointer<UInt8>, appendingTo columns: inout [[Value]]) -> Bool {
        if slots.count != schema.fields.count { slots = Array(repeating: nil, count: schema.fields.count) }
        for index in slots.indices { slots[index] = nil }
        var reader = DonationLineReader(bytes: buffer, index: 0, end: buffer.count)
        guard let isNull = try? reader.fields(schema, cache: cache, into: &slots, intern: { $0 }) else { return false }
        reader.skipWhitespace()
        guard reader.index == reader.end else { return false }
        // Every field present, or nil for an optional one, before anything is appended.
        for (index, field) in schema.fields.enumerated() where (isNull || slots[index] == nil) && !field.type.isOptional {
            return false
        }
        for index in slots.indices { columns[index].append(isNull ? .null : slots[index] ?? .null) }
        return true
    }
}

extension DonationLineReader {
    static func payload(_ buffer: UnsafeBufferPointer<UInt8>, schema: EventSchema, cache: EventCache) -> [Value]? {
        var reader = DonationLineReader(bytes: buffer, index: 0, end: buffer.count)
        guard let values = try? reader.fields(schema, cache: cache, intern: { $0 }) else { return nil }
        reader.skipWhitespace()
        return reader.index == reader.end ? values : nil
    }
}
