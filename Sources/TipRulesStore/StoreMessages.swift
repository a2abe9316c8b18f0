import TipRulesSemantics
import TipRulesSyntax

/// Messages of donation stores (codes S01xx): a store that cannot be opened, read or written,
/// and stored donations that no longer fit the declarations.
enum StoreMessages {
    static func cannotOpen(_ location: String, _ reason: String) -> DiagnosticMessage {
        DiagnosticMessage("S0101", "cannot open the donation store '\(location)': \(reason)")
    }
    static func failed(_ location: String, _ action: String, _ reason: String) -> DiagnosticMessage {
        DiagnosticMessage("S0102", "the donation store '\(location)' could not \(action): \(reason)")
    }
    static func newerVersion(_ location: String, _ version: Int, _ supported: Int) -> DiagnosticMessage {
        DiagnosticMessage("S0103", "the donation store '\(location)' has schema version \(version); this tiprules reads up to \(supported): use a newer tiprules")
    }
    static func notAStore(_ location: String) -> DiagnosticMessage {
        DiagnosticMessage("S0104", "'\(location)' is a database, but not a TipRules donation store")
    }
    static func fieldRemoved(_ event: String, _ field: String, count: Int) -> DiagnosticMessage {
        DiagnosticMessage("S0105", "the store holds \(count) donation\(count == 1 ? "" : "s") of '\(event)' with field '\(field)', which the rules no longer declare; export them, or delete them, before changing the event")
    }
    static func fieldAdded(_ event: String, _ field: String, _ type: RuleType, count: Int) -> DiagnosticMessage {
        DiagnosticMessage("S0106", "the store holds \(count) donation\(count == 1 ? "" : "s") of '\(event)' without field '\(field)' ('\(type)'), which the rules declare; declare it optional, or export and delete the donations first")
    }
    static func fieldRetyped(_ event: String, _ field: String, stored: String, declared: RuleType, count: Int) -> DiagnosticMessage {
        DiagnosticMessage("S0107", "the store holds \(count) donation\(count == 1 ? "" : "s") of '\(event)' whose field '\(field)' is '\(stored)'; the rules declare it '\(declared)'")
    }
    static func needsMigration(_ location: String) -> DiagnosticMessage {
        DiagnosticMessage("S0109", "the donation store '\(location)' has an older format; open it for writing once (as 'tiprules donate' or 'tiprules store import' do) to migrate it")
    }
    static func unreadableDonation(_ location: String, _ event: String, _ reason: String) -> DiagnosticMessage {
        DiagnosticMessage("S0108", "a donation of '\(event)' in '\(location)' cannot be read: \(reason)")
    }
}
