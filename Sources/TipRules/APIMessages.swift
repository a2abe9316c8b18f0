import TipRulesSemantics
import TipRulesSyntax

/// Messages for refused API calls (codes A01xx): names the rules do not declare, and Swift
/// types that do not match a declaration.
enum APIMessages {
    static func unreadable(_ location: String, _ reason: String) -> DiagnosticMessage {
        DiagnosticMessage("A0101", "cannot read rules from '\(location)': \(reason)")
    }
    static func unknownName(_ kind: String, _ name: String, suggestion: String?) -> DiagnosticMessage {
        DiagnosticMessage("A0102", "the rules declare no \(kind) named '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
    static func fieldTypeMismatch(_ field: String, declared: RuleType, swiftType: String, found: String) -> DiagnosticMessage {
        DiagnosticMessage("A0103", "payload field '\(field)' is '\(declared)' in the rules, but '\(swiftType)' has it as '\(found)'")
    }
    static func missingProperty(_ field: String, declared: RuleType, swiftType: String) -> DiagnosticMessage {
        DiagnosticMessage("A0104", "payload field '\(field)' ('\(declared)') has no property in '\(swiftType)'")
    }
    static func extraProperty(_ property: String, swiftType: String, event: String) -> DiagnosticMessage {
        DiagnosticMessage("A0105", "'\(swiftType)' has a property '\(property)' that event '\(event)' does not declare")
    }
    static func unencodable(_ swiftType: String, _ reason: String) -> DiagnosticMessage {
        DiagnosticMessage("A0106", "cannot encode a '\(swiftType)' as rule values: \(reason)")
    }
    static func undecodable(_ name: String, _ type: RuleType, swiftType: String, _ reason: String) -> DiagnosticMessage {
        DiagnosticMessage("A0107", "cannot decode '\(name)' ('\(type)') as '\(swiftType)': \(reason)")
    }
    static func parameterTypeMismatch(_ name: String, declared: RuleType, swiftType: String) -> DiagnosticMessage {
        DiagnosticMessage("A0108", "parameter '\(name)' is '\(declared)' in the rules, which '\(swiftType)' does not match")
    }
    static func notARule(_ name: String, _ type: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("A0109", "'\(name)' is a 'let' of type '\(type)', not a 'Bool' rule")
    }
}

/// Diagnostics for API calls that name something. The call has no text of its own, so the
/// diagnostic's file is the name as passed (`<api>`).
enum APIErrors {
    static func unknown(_ kind: String, _ name: String, among candidates: [String]) -> Diagnostic {
        let suggestion = Suggestions.closest(to: name, in: candidates)
        return .about(name, APIMessages.unknownName(kind, name, suggestion: suggestion), suggestion: suggestion)
    }

    /// A problem with a host's Swift type or value, pointing at the declaration it concerns.
    static func at(_ message: DiagnosticMessage, _ file: SourceFile?, _ range: SourceRange, subject: String) -> Diagnostic {
        if let file { return Diagnostic(message, file: file, range: range) }
        return .about(subject, message)
    }
}
