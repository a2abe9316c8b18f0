import Foundation
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// What every store does with event declarations and payloads: fields kept as JSON, the check
/// that stored donations still fit the declared fields, payloads as exact JSON objects.
enum StoredEvents {
    /// Why stored donations do not fit declared fields: one removed, one added that is not
    /// optional, or one of another type. Nil when they fit (order, or a new optional field).
    static func fieldProblem(_ event: EventSchema, stored: [(name: String, type: String)], count: Int, valued: [String: Int]) -> Diagnostic? {
        let where_ = event.file.map { ($0, event.range) }
        func problem(_ message: DiagnosticMessage) -> Diagnostic {
            if let (file, range) = where_ { return Diagnostic(message, file: file, range: range) }
            return .about(event.id, in: "<store>", message)
        }
        for field in stored where event.fieldIndex(field.name) == nil && (valued[field.name] ?? 0) > 0 {
            return problem(StoreMessages.fieldRemoved(event.id, field.name, count: valued[field.name] ?? 0))
        }
        for field in event.fields {
            guard let old = stored.first(where: { $0.name == field.name }) else {
                if field.type.isOptional { continue }
                return problem(StoreMessages.fieldAdded(event.id, field.name, field.type, count: count))
            }
            if old.type != field.type.description {
                return problem(StoreMessages.fieldRetyped(event.id, field.name, stored: old.type, declared: field.type, count: count))
            }
        }
        return nil
    }

    static func fieldsJSON(_ fields: [EventSchema.Field]) -> String {
        "[" + fields.map { "{\"name\": \(StringLiteral.json($0.name)), \"type\": \(StringLiteral.json($0.type.description))}" }.joined(separator: ", ") + "]"
    }

    static func parseFields(_ text: String) -> [(name: String, type: String)] {
        guard case .success(.array(let items)) = JSONParser.parse(Array(text.utf8)) else { return [] }
        return items.compactMap { item in
            guard case .object(let members) = item,
                  case .string(let name)? = members.first(where: { $0.0 == "name" })?.1,
                  case .string(let type)? = members.first(where: { $0.0 == "type" })?.1 else { return nil }
            return (name, type)
        }
    }

    // MARK: - Payloads

    /// A payload as a JSON object of its fields (exact: it reads back to the same values).
    static func payloadJSON(_ values: [Value], _ schema: EventSchema) -> String {
        "{" + zip(schema.fields, values).map { "\(StringLiteral.json($0.name)): \(ValueFormatter.json($1, $0.type))" }.joined(separator: ", ") + "}"
    }

    static func decodePayload(_ bytes: [UInt8], _ schema: EventSchema, location: String) throws(Diagnostic) -> [Value] {
        var json: JSONValue
        switch JSONParser.parse(bytes) {
        case .success(let value): json = value
        case .failure(let failure): throw .about(location, in: "<store>", StoreMessages.unreadableDonation(location, schema.id, failure.message))
        }
        // A field the rules no longer declare is kept only while it holds no value (null).
        if case .object(let members) = json {
            json = .object(members.filter { schema.fieldIndex($0.0) != nil || $0.1 != .null })
        }
        switch DonationLog.decodePayload(json, of: schema) {
        case .success(let values): return values
        case .failure(let problem): throw .about(location, in: "<store>", StoreMessages.unreadableDonation(location, schema.id, problem.message.text))
        }
    }

}
