import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// Donations written back as NDJSON log lines, exactly: a log read back gives the same
/// donations (dates to the last digit they need).
enum DonationRecord {
    /// `{"landmarkID": 3, "landmarkName": "Alps"}`: payload values as a JSON object.
    static func payloadJSON(_ values: [Value], _ schema: EventSchema) -> String {
        "{" + zip(schema.fields, values).map { field, value in
            "\(StringLiteral.json(field.name)): \(ValueFormatter.json(value, field.type))"
        }.joined(separator: ", ") + "}"
    }

    /// One donation as a log line's object.
    static func json(event: String, date: Double, values: [Value], _ schema: EventSchema) -> String {
        var text = "{\"event\": \(StringLiteral.json(event)), \"date\": \(StringLiteral.json(ISO8601.formatLosslessly(date)))"
        if !schema.fields.isEmpty { text += ", \"value\": " + payloadJSON(values, schema) }
        return text + "}"
    }

    /// Every donation of a store as an NDJSON log, oldest first across events (equal dates in
    /// event order, then donation order).
    static func log(of store: DonationStore) -> String {
        var entries: [(date: Double, event: Int, position: Int)] = []
        for event in store.schemas.indices {
            let stream = store.stream(at: event)
            for position in 0..<stream.count { entries.append((stream.dates[position], event, position)) }
        }
        entries.sort { ($0.date, $0.event, $0.position) < ($1.date, $1.event, $1.position) }
        var text = ""
        for entry in entries {
            let schema = store.schemas[entry.event]
            let stream = store.stream(at: entry.event)
            let values = stream.columns.map { $0[entry.position] }
            text += json(event: schema.id, date: entry.date, values: values, schema) + "\n"
        }
        return text
    }
}
