import TipRulesSemantics
import TipRulesSyntax

/// Messages for runtime errors (codes R01xx): where Swift would trap, and where an evaluation
/// runs out of steps. They become diagnostics located at the failing subexpression.
enum RuntimeMessages {
    static func overflow(_ operation: String) -> DiagnosticMessage {
        DiagnosticMessage("R0101", "arithmetic overflow: '\(operation)' does not fit in 'Int'")
    }
    static let divisionByZero = DiagnosticMessage("R0102", "division by zero")
    static let remainderByZero = DiagnosticMessage("R0103", "division by zero in remainder operation")
    static let unwrapNil = DiagnosticMessage("R0104", "unexpectedly found nil while unwrapping an optional value")
    static func indexOutOfRange(_ index: Int, count: Int) -> DiagnosticMessage {
        DiagnosticMessage("R0105", "index \(index) is out of range for an array of \(count) element\(count == 1 ? "" : "s")")
    }
    static func invalidConversion(_ value: Double) -> DiagnosticMessage {
        DiagnosticMessage("R0106", "'\(value)' cannot be converted to 'Int' because it is \(value.isFinite ? "outside the range of 'Int'" : "not finite")")
    }
    static func negativeCount(_ name: String, _ count: Int) -> DiagnosticMessage {
        DiagnosticMessage("R0107", "'\(name)' needs a count of zero or more, not \(count)")
    }
    static func negativeTimeRange(_ range: TimeRange) -> DiagnosticMessage {
        DiagnosticMessage("R0108", "time range '\(range)' has a negative count")
    }
    static let invalidRange = DiagnosticMessage("R0109", "range requires lowerBound <= upperBound")
    static func calendarOverflow(_ range: TimeRange) -> DiagnosticMessage {
        DiagnosticMessage("R0110", "time range '\(range)' reaches past the calendar's range")
    }
    static func unprintableDate(_ seconds: Double) -> DiagnosticMessage {
        let reason = seconds.isNaN ? "is not a number (NaN)" : seconds.isInfinite ? "is infinitely far away" : "is outside the years 0 to 9999"
        return DiagnosticMessage("R0113", "the value holds a date that cannot be shown: 'Date(timeIntervalSinceReferenceDate: \(seconds))' \(reason)")
    }
    static func stepBudget(_ steps: Int) -> DiagnosticMessage {
        DiagnosticMessage("R0111", "evaluation stopped after \(steps) steps (the step budget); simplify the rule or raise the budget")
    }
    static func totalStepBudget(_ steps: Int) -> DiagnosticMessage {
        DiagnosticMessage("R0112", "evaluation stopped: together the declarations used the total step budget of \(steps) steps")
    }
}
