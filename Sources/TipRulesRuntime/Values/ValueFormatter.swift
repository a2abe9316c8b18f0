import TipRulesSemantics
import TipRulesSyntax

/// Writes values for people (`[1, 2]`, `"Alps"`, `nil`) and as JSON (section 10 of the language
/// definition). Both need the static type: it decides how optionals, sets and donations print.
package enum ValueFormatter {
    /// The text form: Swift-like literals, dates in ISO 8601, donations with their fields.
    package static func text(_ value: Value, _ type: RuleType) -> String {
        switch (value, type) {
        case (.null, _): return "nil"
        case (_, .optional(let wrapped)):
            if case .some(let inner) = value { return text(inner, wrapped) }
            return text(value, wrapped)
        case (.int(let x), _): return String(x)
        case (.double(let x), _): return x.description
        case (.bool(let x), _): return x ? "true" : "false"
        case (.string(let s), _): return StringLiteral.swift(s)
        case (.date(let seconds), _): return ISO8601.format(seconds)
        case (.timeRange(let range), _): return range.description
        case (.set(let items), .set(let element)):
            return "Set([" + sortedForOutput(Array(items)).map { text($0, element) }.joined(separator: ", ") + "])"
        case (.array, .array(let element)), (.donations, .array(let element)):
            return "[" + elements(value).map { text($0, element) }.joined(separator: ", ") + "]"
        case (.donation(let stream, let position), _):
            var parts = ["date: " + ISO8601.format(stream.dates[position])]
            for (index, field) in stream.schema.fields.enumerated() {
                parts.append(field.name + ": " + text(stream.columns[index][position], field.type))
            }
            return "Donation(" + parts.joined(separator: ", ") + ")"
        case (.event, .event(let id)): return "Event(\(id))"
        case (_, .parameter(let wrapped)) where !value.isParameterReference: return text(value, wrapped)
        case (.parameter(let index), _): return "Parameter(#\(index))"
        case (.range(let low, let high, let closed), .range(let bound, _)):
            return text(low, bound) + (closed ? "..." : "..<") + text(high, bound)
        case (.some(let inner), _): return text(inner, type)
        default: return "\(value)"
        }
    }

    /// The JSON form.
    package static func json(_ value: Value, _ type: RuleType) -> String {
        switch (value, type) {
        case (.null, _): return "null"
        case (_, .optional(let wrapped)):
            if case .some(let inner) = value { return json(inner, wrapped) }
            return json(value, wrapped)
        case (.int(let x), _): return String(x)
        case (.double(let x), _):
            if x.isNaN { return "\"nan\"" }
            if x.isInfinite { return x > 0 ? "\"inf\"" : "\"-inf\"" }
            return x.description
        case (.bool(let x), _): return x ? "true" : "false"
        case (.string(let s), _): return StringLiteral.json(s)
        case (.date(let seconds), _): return StringLiteral.json(ISO8601.formatLosslessly(seconds))
        case (.timeRange(let range), _): return StringLiteral.json(range.description)
        case (.set(let items), .set(let element)):
            return "[" + sortedForOutput(Array(items)).map { json($0, element) }.joined(separator: ", ") + "]"
        case (.array, .array(let element)), (.donations, .array(let element)):
            return "[" + elements(value).map { json($0, element) }.joined(separator: ", ") + "]"
        case (.donation(let stream, let position), _):
            var object = "{\"date\": " + StringLiteral.json(ISO8601.formatLosslessly(stream.dates[position]))
            if !stream.schema.fields.isEmpty {
                let fields = stream.schema.fields.enumerated().map { index, field in
                    StringLiteral.json(field.name) + ": " + json(stream.columns[index][position], field.type)
                }
                object += ", \"value\": {" + fields.joined(separator: ", ") + "}"
            }
            return object + "}"
        case (.event, .event(let id)): return StringLiteral.json(id)
        case (_, .parameter(let wrapped)) where !value.isParameterReference: return json(value, wrapped)
        case (.range(let low, let high, _), .range(let bound, _)):
            return "[" + json(low, bound) + ", " + json(high, bound) + "]"
        default: return StringLiteral.json(text(value, type))
        }
    }

    private static func elements(_ value: Value) -> [Value] {
        switch value {
        case .array(let items): return items
        case .donations(let list): return list.allPositions.map { .donation(list.stream, $0) }
        default: return []
        }
    }

    /// Set elements in ascending `<` order (unordered types keep a stable textual order).
    /// NaN, which `<` cannot place, comes after every number, so a set holding NaN prints the
    /// same way on every run.
    private static func sortedForOutput(_ items: [Value]) -> [Value] {
        items.sorted { a, b in
            switch (a, b) {
            case (.double(let x), .double(let y)) where x.isNaN || y.isNaN: return !x.isNaN && y.isNaN
            case (.date(let x), .date(let y)) where x.isNaN || y.isNaN: return !x.isNaN && y.isNaN
            case (.int, .int), (.double, .double), (.string, .string), (.date, .date): return Value.less(a, b)
            case (.null, _): return !b.isNull
            case (_, .null): return false
            default: return "\(a)" < "\(b)"
            }
        }
    }
}
