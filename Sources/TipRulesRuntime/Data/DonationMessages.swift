import Foundation
import TipRulesSemantics
import TipRulesSyntax

/// Messages for rejected donations (codes D01xx), from a log line or from a host's call.
enum DonationMessages {
    static func notJSON(_ reason: String) -> DiagnosticMessage {
        DiagnosticMessage("D0101", "not valid JSON: \(reason)")
    }
    static func notObject(_ kind: String) -> DiagnosticMessage {
        DiagnosticMessage("D0102", "expected a JSON object such as {\"event\": \"didLogin\", \"date\": \"2026-11-29T10:00:00Z\"}, found \(kind)")
    }
    static func badKey(_ key: String, _ expected: String, _ kind: String) -> DiagnosticMessage {
        DiagnosticMessage("D0103", "'\(key)' must be \(expected), found \(kind)")
    }
    static func unknownKey(_ key: String) -> DiagnosticMessage {
        DiagnosticMessage("D0104", "unknown key '\(key)'; a donation has 'event', 'date' and 'value'")
    }
    static func missingKey(_ key: String) -> DiagnosticMessage {
        DiagnosticMessage("D0105", "missing '\(key)'")
    }
    static func unknownEvent(_ id: String, suggestion: String?) -> DiagnosticMessage {
        DiagnosticMessage("D0106", "unknown event '\(id)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
    static func badDate(_ reason: String) -> DiagnosticMessage {
        DiagnosticMessage("D0107", "bad 'date': \(reason)")
    }
    static func valueNotObject(_ kind: String) -> DiagnosticMessage {
        DiagnosticMessage("D0108", "the payload ('value' in a log line) must be an object of payload fields, found \(kind)")
    }
    static func unknownField(event: String, field: String, suggestion: String?) -> DiagnosticMessage {
        DiagnosticMessage("D0109", "unknown field '\(field)' in a donation of '\(event)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
    static func missingField(event: String, field: String, type: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("D0110", "missing field '\(field)' ('\(type)') in a donation of '\(event)'")
    }
    static func badField(event: String, field: String, _ reason: String) -> DiagnosticMessage {
        DiagnosticMessage("D0111", "field '\(field)' of '\(event)' \(reason)")
    }
    static func schemaMismatch(event: String, stored: String, declared: String) -> DiagnosticMessage {
        DiagnosticMessage("D0112", "the donations of '\(event)' were recorded with payload \(stored), but the rules declare \(declared)")
    }
    static func unshowableDate(event: String, seconds: Double) -> DiagnosticMessage {
        DiagnosticMessage("D0113", "a donation of '\(event)' must be dated between the years 0 and 9999 (a date ISO 8601 can show), "
                          + "found \(seconds) seconds since 2001")
    }
}

/// Builds the diagnostics for donations a host passes in code. Such a donation has no text of
/// its own, so the diagnostic's file is the donation written as a log line (`<donation>`), with
/// the range on the offending part, and a note points at the event's declaration.
package enum DonationErrors {
    /// The donation as a log line, with the ranges of its event name and of each field.
    private struct Line {
        var text = ""
        var eventRange = SourceRange(start: 0, end: 0)
        var fieldRanges: [String: SourceRange] = [:]

        init(event: String, payload: [(String, Value)]) {
            text = "{\"event\": "
            eventRange = append(StringLiteral.json(event))
            if !payload.isEmpty {
                text += ", \"value\": {"
                for (index, (name, value)) in payload.enumerated() {
                    if index > 0 { text += ", " }
                    let start = text.utf8.count
                    text += StringLiteral.json(name) + ": " + Line.json(value)
                    fieldRanges[name] = SourceRange(start: start, end: text.utf8.count)
                }
                text += "}"
            }
            text += "}"
        }

        private mutating func append(_ piece: String) -> SourceRange {
            let start = text.utf8.count
            text += piece
            return SourceRange(start: start, end: text.utf8.count)
        }

        /// A value as JSON, without its static type (enough to show what was passed).
        static func json(_ value: Value) -> String {
            switch value {
            case .int(let x): return String(x)
            case .double(let x): return x.isFinite ? x.description : StringLiteral.json(x.description)
            case .bool(let x): return x ? "true" : "false"
            case .string(let s): return StringLiteral.json(s)
            case .date(let seconds): return StringLiteral.json(ISO8601.format(seconds))
            case .null: return "null"
            case .some(let inner): return json(inner)
            case .array(let items): return "[" + items.map(json).joined(separator: ", ") + "]"
            case .set(let items): return "[" + items.map(json).joined(separator: ", ") + "]"
            default: return StringLiteral.json("\(value)")
            }
        }

        var file: SourceFile { SourceFile(name: "<donation>", text: text) }
    }

    /// The error for a donation of an event the rules do not declare.
    package static func unknownEvent(_ id: String, known: [String]) -> Diagnostic {
        let line = Line(event: id, payload: [])
        let suggestion = Suggestions.closest(to: id, in: known)
        var fixIts: [Diagnostic.FixIt] = []
        if let suggestion {
            fixIts.append(Diagnostic.FixIt(message: "did you mean '\(suggestion)'?", range: line.eventRange, replacement: StringLiteral.json(suggestion)))
        }
        return Diagnostic(DonationMessages.unknownEvent(id, suggestion: suggestion), file: line.file, range: line.eventRange, fixIts: fixIts)
    }

    /// The payload in the schema's field order, or the first problem with it: an unknown
    /// field, a missing non-optional field, or a value of the wrong type.
    package static func checkedPayload(_ payload: [String: Value], for schema: EventSchema) throws(Diagnostic) -> [Value] {
        let ordered = payload.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        func fail(_ message: DiagnosticMessage, _ field: String?) -> Diagnostic {
            let line = Line(event: schema.id, payload: ordered)
            let range = field.flatMap { line.fieldRanges[$0] } ?? SourceRange(start: 0, end: line.text.utf8.count)
            var notes: [Diagnostic.Note] = []
            if let file = schema.file {
                let declared = field.flatMap { name in schema.fields.first { $0.name == name }?.range } ?? schema.range
                notes.append(Diagnostic.Note(message: "'\(schema.id)' declared here", file: file, range: declared))
            }
            return Diagnostic(message, file: line.file, range: range, notes: notes)
        }
        for (name, _) in ordered where schema.fieldIndex(name) == nil {
            throw fail(DonationMessages.unknownField(event: schema.id, field: name,
                                                     suggestion: Suggestions.closest(to: name, in: schema.fields.map(\.name))), name)
        }
        var values: [Value] = []
        values.reserveCapacity(schema.fields.count)
        for field in schema.fields {
            let value = payload[field.name] ?? .null
            if value.isNull && !field.type.isOptional {
                throw fail(DonationMessages.missingField(event: schema.id, field: field.name, type: field.type), nil)
            }
            guard value.conforms(to: field.type) else {
                throw fail(DonationMessages.badField(event: schema.id, field: field.name, "must be '\(field.type)'"), field.name)
            }
            values.append(value)
        }
        return values
    }

    /// A donation's date in seconds since 2001, or an error for one that is not finite or lies
    /// beyond what a log can write (ISO 8601's years 0 to 9999): streams are kept in date
    /// order, which a NaN would break, and every donation held must be savable.
    package static func checkedDate(_ date: Date, for schema: EventSchema) throws(Diagnostic) -> Double {
        let seconds = date.timeIntervalSinceReferenceDate
        guard ISO8601.isPrintable(seconds) else {
            let line = Line(event: schema.id, payload: [])
            var notes: [Diagnostic.Note] = []
            if let file = schema.file { notes.append(Diagnostic.Note(message: "'\(schema.id)' declared here", file: file, range: schema.range)) }
            throw Diagnostic(DonationMessages.unshowableDate(event: schema.id, seconds: seconds), file: line.file,
                             range: SourceRange(start: 0, end: line.text.utf8.count), notes: notes)
        }
        return seconds
    }

    /// The error for a source whose donations of an event carry other payload fields than the
    /// rules declare.
    package static func schemaMismatch(_ declared: EventSchema, stored: EventSchema) -> Diagnostic {
        func spelled(_ schema: EventSchema) -> String {
            "{ " + schema.fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + " }"
        }
        let message = DonationMessages.schemaMismatch(event: declared.id, stored: spelled(stored), declared: spelled(declared))
        if let file = declared.file {
            return Diagnostic(message, file: file, range: declared.range)
        }
        let line = Line(event: declared.id, payload: [])
        return Diagnostic(message, file: line.file, range: line.eventRange)
    }
}
