import TipRulesSemantics
import TipRulesSyntax

/// Donation logs as NDJSON: one object per line,
/// `{"event": "didViewLandmarkDetail", "date": "2026-11-29T10:00:00Z", "value": {"landmarkID": 3, "landmarkName": "Alps"}}`.
package enum DonationLog {
    /// Reads a log into a store. Every bad line is reported, as a diagnostic located in the log,
    /// and skipped; every good line is kept. Blank lines are allowed.
    ///
    /// `fastLines: false` reads every line the general way; tests compare the two.
    package static func load(_ bytes: [UInt8], fileName: String, into store: inout DonationStore, fastLines: Bool = true) -> [Diagnostic] {
        let log = LogText(name: fileName, bytes: bytes)
        let cache = DonationLineReader.EventCache()
        var issues: [Diagnostic] = []
        bytes.withUnsafeBufferPointer { buffer in
            // A UTF-8 byte order mark at the start is not part of the first line.
            var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            while lineStart <= buffer.count {
                var lineEnd = lineStart
                while lineEnd < buffer.count && buffer[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                var contentEnd = lineEnd
                if contentEnd > lineStart && buffer[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
                let isBlank = buffer[lineStart..<contentEnd].allSatisfy { $0 == 0x20 || $0 == 0x09 }
                if !isBlank {
                    // The usual line goes the fast way; anything else, and every error, the general way.
                    if fastLines, let donation = DonationLineReader.read(buffer, lineStart..<contentEnd, store: store, cache: cache, intern: log.interned) {
                        store.appendUnordered(eventIndex: donation.eventIndex, date: donation.date, payload: donation.payload)
                    } else if let issue = loadLine(log, lineStart..<contentEnd, into: &store) {
                        issues.append(issue)
                    }
                }
                if lineEnd >= buffer.count { break }
                lineStart = lineEnd + 1
            }
        }
        store.compact()
        return issues
    }

    /// A log's text, made into a `SourceFile` (with its table of line starts) only when a line
    /// is rejected: a good log never pays for it.
    private final class LogText {
        let name: String
        let bytes: [UInt8]
        lazy var file = SourceFile(name: name, bytes: bytes)
        /// Each distinct long string of the log, so repeated payload strings share one copy.
        private var strings = StringPool(capacity: .max)

        /// The value, with a long string replaced by the copy seen before.
        func interned(_ value: Value) -> Value {
            strings.interned(value)
        }

        init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    private static func loadLine(_ log: LogText, _ range: Range<Int>, into store: inout DonationStore) -> Diagnostic? {
        let located: LocatedJSON
        switch JSONParser.parseLocated(log.bytes, range: range) {
        case .success(let value): located = value
        case .failure(let failure):
            let offset = min(range.lowerBound + failure.column - 1, range.upperBound)
            return Diagnostic(DonationMessages.notJSON(failure.message), file: log.file,
                              range: SourceRange(start: offset, end: min(offset + 1, range.upperBound)))
        }
        /// A problem with the line, underlined where the line shows it (the key or value it is
        /// about), else the whole line (a key missing).
        func issue(_ message: DiagnosticMessage, at part: Range<Int>? = nil) -> Diagnostic {
            let part = part ?? range
            return Diagnostic(message, file: log.file, range: SourceRange(start: part.lowerBound, end: part.upperBound))
        }
        let json = located.value
        guard case .object(let members) = json else {
            return issue(DonationMessages.notObject(json.kindName))
        }
        var eventName: String?
        var dateText: String?
        var payload: JSONValue?
        for (key, value) in members {
            switch key {
            case "event":
                guard case .string(let name) = value else {
                    return issue(DonationMessages.badKey("event", "a string", value.kindName), at: located.member("event")?.valueRange)
                }
                eventName = name
            case "date":
                guard case .string(let text) = value else {
                    return issue(DonationMessages.badKey("date", "an ISO 8601 string", value.kindName), at: located.member("date")?.valueRange)
                }
                dateText = text
            case "value":
                payload = value
            default:
                return issue(DonationMessages.unknownKey(key), at: located.member(key)?.keyRange)
            }
        }
        guard let eventName else { return issue(DonationMessages.missingKey("event")) }
        guard let dateText else { return issue(DonationMessages.missingKey("date")) }
        guard let eventIndex = store.eventIndex(eventName) else {
            return issue(DonationMessages.unknownEvent(eventName, suggestion: Suggestions.closest(to: eventName, in: store.schemas.map(\.id))),
                         at: located.member("event")?.valueRange)
        }
        let date: Double
        switch ISO8601.parse(dateText) {
        case .success(let seconds): date = seconds
        case .failure(let error): return issue(DonationMessages.badDate("\(error)"), at: located.member("date")?.valueRange)
        }
        switch decodePayload(payload, of: store.schemas[eventIndex]) {
        case .success(let values):
            store.appendUnordered(eventIndex: eventIndex, date: date, payload: values.map(log.interned))
            return nil
        case .failure(let problem):
            return issue(problem.message, at: located.range(of: problem.place, payloadKey: "value"))
        }
    }

    /// Decodes a donation's `value` (an object of payload fields, or null or absent for an
    /// event without payload) into the event's field values, in declaration order.
    package static func decodePayload(_ payload: JSONValue?, of schema: EventSchema) -> Result<[Value], PayloadProblem> {
        var fields: [(String, JSONValue)] = []
        switch payload {
        case nil, .null?: break
        case .object(let members)?: fields = members
        case let other?: return .failure(PayloadProblem(message: DonationMessages.valueNotObject(other.kindName), place: .payload))
        }
        for (name, _) in fields where schema.fieldIndex(name) == nil {
            return .failure(PayloadProblem(message: DonationMessages.unknownField(event: schema.id, field: name, suggestion: Suggestions.closest(to: name, in: schema.fields.map(\.name))),
                                           place: .fieldName(name)))
        }
        var values: [Value] = []
        values.reserveCapacity(schema.fields.count)
        for field in schema.fields {
            let json = fields.first { $0.0 == field.name }?.1
            switch decode(json, as: field.type) {
            case .success(let value): values.append(value)
            case .failure(let reason):
                if json == nil {
                    return .failure(PayloadProblem(message: DonationMessages.missingField(event: schema.id, field: field.name, type: field.type),
                                                   place: .payload))
                }
                return .failure(PayloadProblem(message: DonationMessages.badField(event: schema.id, field: field.name, reason.text),
                                               place: .fieldValue(field.name)))
            }
        }
        return .success(values)
    }

    /// Why a JSON value does not decode as a type: the end of a message such as "field 'x' of
    /// 'e' must be 'Int', found a string".
    package struct Reason: Error { package var text: String }

    /// Why a payload does not fit its event.
    package struct PayloadProblem: Error {
        package var message: DiagnosticMessage
        /// What in the payload the problem is about, for a diagnostic to point at.
        package var place: Place

        package enum Place: Sendable, Hashable {
            /// The payload as a whole (not an object, or a field missing).
            case payload
            /// A field's name (a field the event does not have).
            case fieldName(String)
            /// A field's value (of the wrong type, or out of range).
            case fieldValue(String)
        }
    }

    /// Decodes a payload field (or a parameter value); a missing or null optional is nil.
    package static func decode(_ json: JSONValue?, as type: RuleType) -> Result<Value, Reason> {
        if case .optional(let wrapped) = type {
            guard let json, json != .null else { return .success(.null) }
            return decode(json, as: wrapped).map { Value.wrap($0, wrapped: wrapped) }
        }
        guard let json else { return .failure(Reason(text: "is missing")) }
        switch (type, json) {
        case (.array(let element), .array(let items)), (.set(let element), .array(let items)):
            var values: [Value] = []
            for item in items {
                switch decode(item, as: element) {
                case .success(let value): values.append(value)
                case .failure(let reason): return .failure(reason)
                }
            }
            if case .set = type { return .success(.set(Set(values))) }
            return .success(.array(values))
        case (.int, .number(let text)):
            guard !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let value = Int(text) else {
                return .failure(Reason(text: "must be an integer that fits 'Int' (no fraction or exponent), found \(text)"))
            }
            return .success(.int(value))
        case (.double, .number(let text)):
            guard let value = Double(text), value.isFinite else {
                return .failure(Reason(text: "must be a finite number, found \(text)"))
            }
            return .success(.double(value))
        case (.bool, .bool(let flag)): return .success(.bool(flag))
        case (.string, .string(let text)): return .success(.string(text))
        case (.date, .string(let text)):
            switch ISO8601.parse(text) {
            case .success(let seconds): return .success(.date(seconds))
            case .failure(let error): return .failure(Reason(text: "must be an ISO 8601 date: \(error)"))
            }
        default:
            return .failure(Reason(text: "must be '\(type)', found \(json.kindName)"))
        }
    }
}

extension LocatedJSON {
    /// Where a payload's problem is: in the payload object, which is the top-level object
    /// (`payloadKey` nil) or the value of its member `payloadKey`, the field's name or value,
    /// or the payload itself (nil when it is the top-level object, which the caller knows).
    package func range(of place: DonationLog.PayloadProblem.Place, payloadKey: String?) -> Range<Int>? {
        switch place {
        case .payload: return payloadKey.flatMap { member($0)?.valueRange }
        case .fieldName(let name): return member(name, in: payloadKey)?.keyRange
        case .fieldValue(let name): return member(name, in: payloadKey)?.valueRange
        }
    }
}
