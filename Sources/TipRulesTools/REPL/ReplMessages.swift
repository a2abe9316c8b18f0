import TipRulesSemantics
import TipRulesSyntax

/// Messages of the REPL's own (codes I01xx): commands, and changes a session refuses.
enum ReplMessages {
    static func unknownCommand(_ name: String, suggestion: String?) -> DiagnosticMessage {
        DiagnosticMessage("I0101", "unknown command ':\(name)'" + (suggestion.map { "; did you mean ':\($0)'?" } ?? "; ':help' lists the commands"))
    }
    static func ambiguousCommand(_ name: String, _ candidates: [String]) -> DiagnosticMessage {
        DiagnosticMessage("I0102", "':\(name)' could be " + candidates.map { "':\($0)'" }.joined(separator: " or ") + "; type more of it")
    }
    static func usage(_ usage: String) -> DiagnosticMessage {
        DiagnosticMessage("I0103", "usage: \(usage)")
    }
    static func badDate(_ reason: String) -> DiagnosticMessage {
        DiagnosticMessage("I0104", "\(reason)")
    }
    static func badDuration(_ text: String) -> DiagnosticMessage {
        DiagnosticMessage("I0105", "not a duration: '\(text)'; write a number and a unit (s, m, h, d, w), such as 3d, 90m or -1h")
    }
    static func unknownEvent(_ id: String, suggestion: String?) -> DiagnosticMessage {
        DiagnosticMessage("I0106", "no event named '\(id)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
    static func badJSON(_ reason: String) -> DiagnosticMessage {
        DiagnosticMessage("I0107", "the payload is not JSON: \(reason)")
    }
    static func cannotRead(_ path: String, _ reason: String) -> DiagnosticMessage {
        DiagnosticMessage("I0108", "cannot read '\(path)': \(reason)")
    }
    static func cannotWrite(_ path: String, _ reason: String) -> DiagnosticMessage {
        DiagnosticMessage("I0109", "cannot write '\(path)': \(reason)")
    }
    static func donationsNotDeclared(_ event: String, count: Int) -> DiagnosticMessage {
        DiagnosticMessage("I0110", "the session holds \(count) donation\(count == 1 ? "" : "s") of '\(event)', which would no longer be declared; ':reset' forgets donations")
    }
    static func donationsChangedFields(_ event: String, count: Int, _ change: String) -> DiagnosticMessage {
        DiagnosticMessage("I0111", "the session holds \(count) donation\(count == 1 ? "" : "s") of '\(event)', whose payload \(change); ':reset' forgets donations")
    }
    static func replaces(_ kind: String, _ name: String) -> DiagnosticMessage {
        DiagnosticMessage("I0112", "\(kind) '\(name)' replaces the earlier declaration")
    }
    static func parameterReset(_ name: String, _ type: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("I0113", "parameter '\(name)' is now '\(type)'; its ':set' value no longer fits and is dropped")
    }
    static func breaksDependents(_ kind: String, _ name: String) -> DiagnosticMessage {
        DiagnosticMessage("I0114", "\(kind) '\(name)' was not declared: what uses it would no longer check; the session is unchanged")
    }
    static func unknownParameter(_ name: String, suggestion: String?) -> DiagnosticMessage {
        DiagnosticMessage("I0115", "no parameter named '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
    static func nothingToExplain(_ name: String, _ rest: String) -> DiagnosticMessage {
        DiagnosticMessage("I0117", "no let or rule named '\(name)' to explain" + rest)
    }
    static func badParameterValue(_ reason: String) -> DiagnosticMessage {
        DiagnosticMessage("I0116", reason)
    }
}
