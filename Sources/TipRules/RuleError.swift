import TipRulesSyntax

/// Rule text that did not compile: every error and warning, as diagnostics.
///
/// ```swift
/// do {
///     let rules = try RuleSet(source: text)
/// } catch {
///     print(error)   // file:line:column: error: ..., with the source line and a caret
/// }
/// ```
public struct RuleError: Error, Sendable, CustomStringConvertible {
    /// The diagnostics, in source order; at least one is an error.
    public let diagnostics: [Diagnostic]
    /// Errors beyond the diagnostic limit, counted but not kept.
    public let suppressedCount: Int

    /// An error holding diagnostics, at least one of them an error.
    public init(diagnostics: [Diagnostic], suppressedCount: Int = 0) {
        self.diagnostics = diagnostics
        self.suppressedCount = suppressedCount
    }

    /// The diagnostics rendered as a compiler prints them.
    public var description: String {
        DiagnosticRenderer().render(diagnostics, suppressed: suppressedCount)
    }
}
