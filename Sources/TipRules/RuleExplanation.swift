import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// Why a `let` or `rule` has its value: every subexpression it evaluated with what it gave
/// (and which were never reached), stream counts at each stage, and the changes that would
/// change the answer, each checked by making the change and evaluating again. Made by
/// `RuleEngine.explain(_:)`.
public struct RuleExplanation: Sendable, CustomStringConvertible {
    private let explanation: Explanation

    init(_ explanation: Explanation) {
        self.explanation = explanation
    }

    /// The explanation for people: each subexpression underlined in its source line, with its
    /// value; ANSI colours when `useColor` (for terminals only).
    public func text(useColor: Bool = false) -> String {
        ExplanationRenderer(useColor: useColor).text(explanation)
    }

    /// The explanation as one JSON object for editors and tools (its shape is in the README).
    public var json: String {
        ExplanationRenderer().json(explanation)
    }

    /// The text without colour.
    public var description: String { text() }

    /// The declaration explained: its value, or the runtime error that stopped it (the same
    /// as `RuleEngine.evaluate(_:)` gives).
    public var result: RuleResult {
        let first = explanation.declarations[0]
        return RuleResult(EvaluationResult(name: first.name, type: first.type, outcome: first.outcome))
    }

    /// What would change the answer, each statement checked by evaluating with the change made
    /// (empty when no short statement is certain).
    public var changes: [String] { explanation.declarations[0].changes }

    /// The `let`s and `rule`s the declaration read, explained after it.
    public var referencedDeclarations: [String] { explanation.declarations.dropFirst().map(\.name) }
}
