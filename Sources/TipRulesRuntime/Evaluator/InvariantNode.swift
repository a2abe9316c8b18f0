import TipRulesSemantics
import TipRulesSyntax

/// A subexpression of a closure body that reads no closure parameter, neither the closure's
/// nor an enclosing one's (`didRate.donations.map(\.score).max()` in
/// `ratings.contains { $0.score == didRate.donations.map(\.score).max() && $0.landmarkID == 3 }`):
/// its value is the same at every application within one evaluation, so it is computed once
/// and remembered, rather than once per element (which made such a rule take time quadratic
/// in the list's length wherever its fused form gave way to the calls it stands for).
///
/// What it charges stays exact. The closure charges the subexpression's nodes when it is
/// applied (see `TypedExpression.stepSize`); what the subexpression charges beyond that (the
/// closures it applies, the fused operations it runs) is the same at every evaluation of it,
/// as long as it evaluates no declaration for the first time. So the steps of an evaluation
/// that evaluated none are remembered with the value and charged again at each reuse; one that
/// evaluated a declaration is not remembered (the next one will be). A reuse that the steps
/// left could not pay for evaluates the subexpression again, so that the budget runs out at
/// the very node it would have. An error is never remembered: the next evaluation meets it
/// again, as the calls would. (See `Evaluator.rememberedInvariant`.)
final class InvariantNode: Node {
    let inner: Node

    init(_ inner: Node) {
        self.inner = inner
        super.init(inner.range, inner.type)
    }

    /// Whether a subexpression of a closure body is worth remembering this way: it reads no
    /// closure parameter that it does not bind itself, it is not a function, and it does work
    /// beyond reading a leaf (a built-in call, a fused operation).
    static func accepts(_ expression: TypedExpression) -> Bool {
        if case .function = expression.type { return false }
        switch expression.node {
        case .constant, .declaration, .declarationList, .parameterValue, .parameterReference, .event, .local,
             .closure, .keyPath:
            return false
        default:
            return callsBuiltins(expression) && !HoistedExpression.readsFreeLocals(expression)
        }
    }

    /// Whether the expression calls a built-in or runs a fused operation.
    private static func callsBuiltins(_ expression: TypedExpression) -> Bool {
        switch expression.node {
        case .builtin, .fused, .ruleMacro: return true
        default:
            var found = false
            forEachChild(of: expression) { child in
                if !found && callsBuiltins(child) { found = true }
            }
            return found
        }
    }

    // (The inner node's own step is this node's, charged by `evaluate`: the inner node is
    // executed, not evaluated, so the tree charges what it did without this node.)
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        if let value = try ev.rememberedInvariant(self) { return value }
        let steps = ev.remainingSteps, declarations = ev.declarationMark
        let value = try inner.execute(&ev)
        ev.remember(self, value, steps: steps - ev.remainingSteps, declaredSince: declarations)
        return value
    }
}
