/// A rejected line of a donation log.
public struct DonationLogIssue: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// The byte column of a JSON syntax error, when there is one.
    public var column: Int?
    public var message: String

    /// `FILE:LINE[:COL]: error: reason`, the form editors parse.
    public var description: String {
        DiagnosticRenderer.printable("\(file):\(line)\(column.map { ":\($0)" } ?? ""): error: \(message)")
    }
}

/// Donation logs as NDJSON: one object per line,
/// `{"event": "didViewLandmarkDetail", "date": "2026-11-29T10:00:00Z", "value": {"landmarkID": 3, "landmarkName": "Alps"}}`.
public enum DonationLog {
    /// Reads a log into a store. Every bad line is reported and skipped; every good line is kept.
    /// Blank lines are allowed.
    public static func load(_ bytes: [UInt8], fileName: String, into store: inout DonationStore) -> [DonationLogIssue] {
        var issues: [DonationLogIssue] = []
        // A UTF-8 byte order mark at the start is not part of the first line.
        var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var lineNumber = 1
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            var contentEnd = lineEnd
            if contentEnd > lineStart && bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
            let isBlank = bytes[lineStart..<contentEnd].allSatisfy { $0 == 0x20 || $0 == 0x09 }
            if !isBlank {
                if let issue = loadLine(bytes, lineStart..<contentEnd, fileName: fileName, line: lineNumber, into: &store) {
                    issues.append(issue)
                }
            }
            if lineEnd >= bytes.count { break }
            lineStart = lineEnd + 1
            lineNumber += 1
        }
        store.compact()
        return issues
    }

    private static func loadLine(_ bytes: [UInt8], _ range: Range<Int>, fileName: String, line: Int, into store: inout DonationStore) -> DonationLogIssue? {
        func issue(_ message: String, column: Int? = nil) -> DonationLogIssue {
            DonationLogIssue(file: fileName, line: line, column: column, message: message)
        }
        let json: JSONValue
        switch JSONParser.parse(bytes, range: range) {
        case .success(let value): json = value
        case .failure(let failure): return issue("not valid JSON: \(failure.message)", column: failure.column)
        }
        guard case .object(let members) = json else {
            return issue("expected a JSON object such as {\"event\": \"didLogin\", \"date\": \"2026-11-29T10:00:00Z\"}, found \(json.kindName)")
        }
        var eventName: String?
        var dateText: String?
        var payload: JSONValue?
        for (key, value) in members {
            switch key {
            case "event":
                guard case .string(let name) = value else { return issue("'event' must be a string, found \(value.kindName)") }
                eventName = name
            case "date":
                guard case .string(let text) = value else { return issue("'date' must be an ISO 8601 string, found \(value.kindName)") }
                dateText = text
            case "value":
                payload = value
            default:
                return issue("unknown key '\(key)'; a donation has 'event', 'date' and 'value'")
            }
        }
        guard let eventName else { return issue("missing 'event'") }
        guard let dateText else { return issue("missing 'date'") }
        guard let eventIndex = store.schemas.firstIndex(where: { $0.id == eventName }) else {
            return issue(DonationError.unknownEvent(eventName, suggestion: Suggestions.closest(to: eventName, in: store.schemas.map(\.id))).description)
        }
        let date: Double
        switch ISO8601.parse(dateText) {
        case .success(let seconds): date = seconds
        case .failure(let error): return issue("bad 'date': \(error)")
        }
        let schema = store.schemas[eventIndex]
        var fields: [(String, JSONValue)] = []
        switch payload {
        case nil, .null?: break
        case .object(let members)?: fields = members
        case let other?: return issue("'value' must be an object of payload fields, found \(other.kindName)")
        }
        for (name, _) in fields where schema.fieldIndex(name) == nil {
            let error = DonationError.unknownField(event: eventName, field: name, suggestion: Suggestions.closest(to: name, in: schema.fields.map(\.name)))
            return issue(error.description)
        }
        var values: [Value] = []
        values.reserveCapacity(schema.fields.count)
        for field in schema.fields {
            let json = fields.first { $0.0 == field.name }?.1
            switch decode(json, as: field.type) {
            case .success(let value): values.append(value)
            case .failure(let reason):
                if json == nil {
                    return issue(DonationError.missingField(event: eventName, field: field.name, type: field.type).description)
                }
                return issue("field '\(field.name)' of '\(eventName)' \(reason.text)")
            }
        }
        store.append(eventIndex: eventIndex, date: date, payload: values)
        return nil
    }

    struct Reason: Error { var text: String }

    /// Decodes a payload field (or a parameter value); a missing or null optional is nil.
    static func decode(_ json: JSONValue?, as type: RuleType) -> Result<Value, Reason> {
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
