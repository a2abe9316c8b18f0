import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// How an explanation writes values, counts and instants.
enum ExplainText {
    /// The longest value shown in full; longer ones are cut with an ellipsis.
    static let maxValueLength = 80

    /// A value as Swift would print it, a collection of donations as its count.
    static func value(_ value: Value, _ type: RuleType) -> String {
        if case .donations(let list) = value { return "\(list.count) donation\(list.count == 1 ? "" : "s")" }
        let text = ValueFormatter.text(value, type)
        guard text.count > maxValueLength else { return text }
        var cut = String(text.prefix(maxValueLength - 1)) + "…"
        if let count = count(of: value) { cut += " (\(count) elements)" }
        return cut
    }

    /// A stage's value in a pipeline: a collection's count, anything else as itself.
    static func count(_ value: Value) -> String {
        if let count = count(of: value) { return "\(count)" }
        switch value {
        case .int(let number): return "\(number)"
        case .bool(let flag): return "\(flag)"
        case .double(let number): return "\(number)"
        case .date(let seconds): return ISO8601.format(seconds)
        case .string(let text): return StringLiteral.swift(text)
        case .null: return "nil"
        case .donation(let stream, let position): return "donation of " + ISO8601.format(stream.dates[position])
        default: return "…"
        }
    }

    private static func count(of value: Value) -> Int? {
        switch value {
        case .donations(let list): return list.count
        case .array(let items): return items.count
        case .set(let items): return items.count
        default: return nil
        }
    }

    /// An instant in a time zone, as ISO 8601 with its offset (`Z` in UTC).
    static func instant(_ seconds: Double, _ zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSinceReferenceDate: seconds))
        guard offset != 0 else { return ISO8601.format(seconds) }
        let local = ISO8601.format(seconds + Double(offset)).dropLast()
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return local + sign + pad(minutes / 60) + ":" + pad(minutes % 60)
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// `once`, `3 times`.
    static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }

    /// `1 donation`, `3 donations`.
    static func donations(_ count: Int) -> String { count == 1 ? "1 donation" : "\(count) donations" }
}
