import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// Why a `let` or `rule` has its value: the evaluation as a tree of subexpressions with what
/// each gave, and what would change the answer. Made by `Explainer`.
package struct Explanation: Sendable {
    /// The declaration asked about first, then each `let` and `rule` it reads, once each, in
    /// the order they were first read.
    package var declarations: [ExplainedDeclaration]
    /// The evaluation's clock and time zone (windows' cutoffs are shown in it).
    package var now: Double
    package var timeZone: TimeZone
}

/// One declaration's evaluation.
package struct ExplainedDeclaration: Sendable {
    package var name: String
    package var kind: String
    package var type: RuleType
    package var file: SourceFile
    package var nameRange: SourceRange
    /// The value, or the runtime error.
    package var outcome: Result<Value, Diagnostic>
    package var tree: ExplainedNode
    /// What would change the value, each statement checked by evaluating again with the
    /// change made.
    package var changes: [String]
}

/// A subexpression and what evaluating it gave.
package struct ExplainedNode: Sendable {
    package enum State: Sendable {
        /// Evaluated (once) to this value.
        case value(Value)
        /// Never reached: a short-circuit, or a branch not taken.
        case notEvaluated
        /// Raised this runtime error.
        case failed(Diagnostic)
        /// Stopped by an error raised below it.
        case interrupted
        /// An optional chain that found nil here.
        case endedChain
        /// A closure applied to elements: a summary of what it gave.
        case closure(String)
    }

    /// The tracer's entry of the node.
    var entry: Int
    package var range: SourceRange
    package var type: RuleType
    package var state: State
    package var children: [ExplainedNode]
    /// The stages of a stream pipeline, with each stage's count (on its last stage's node).
    package var pipeline: String?
    /// Facts and checked hints about this node.
    package var notes: [String]
    /// The declaration this node reads (`rule frequentLogin`), explained on its own.
    package var reference: String?
    /// Whether the node adds nothing to a reading of the tree (a literal, an argument that is
    /// a constant, a receiver already told by a pipeline).
    package var isQuiet: Bool
}
