import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// Explains a declaration: evaluates it once more in a traced evaluation (the plain one is
/// never slowed by tracing) and builds the tree of what each subexpression gave, with the
/// changes that would change the answer, each checked by evaluating again.
package struct Explainer {
    /// Before `explain`: the program as compiled. In the explainer `explain` makes for one
    /// declaration: the program with that declaration and those it reads compiled again
    /// without fused operations, so every subexpression is a node of its own. Fusing never
    /// changes a value (the optimizer's tests check it), so the values are those of the
    /// program as evaluated.
    let program: CompiledProgram
    let donations: any DonationSource
    let options: EvaluationOptions
    /// Every parameter's value, in declaration order.
    let parameterValues: [Value]
    private let limits: CompileLimits
    /// The untraced node trees of the declarations explained, for evaluating again (nil
    /// before `explain`).
    private let runtime: RuntimeProgram?
    /// The declarations explained: the one asked and those it reads.
    private let reached: Set<Int>

    /// An explainer of `program` over donations, at a clock, with parameter values (nil for the
    /// defaults; otherwise one checked value per parameter, in declaration order).
    package init(program: CompiledProgram, donations: some DonationSource, options: EvaluationOptions,
                 parameterValues: [Value]?, limits: CompileLimits = CompileLimits(maxSourceBytes: Int.max)) {
        self.program = program
        self.donations = donations
        self.options = options
        self.parameterValues = parameterValues ?? program.parameters.map { Value($0.defaultValue) }
        self.limits = limits
        runtime = nil
        reached = []
    }

    /// The explainer of one declaration (see `program`): only what it reads is compiled
    /// again and lowered, so explaining a rule of a file of thousands costs what the rule does.
    private init(focusing explainer: Explainer, on asked: Int) {
        let unfused = RuleCompiler(limits: explainer.limits, optimizes: false).recompiled(explainer.program, reading: [asked])
        program = unfused ?? explainer.program
        donations = explainer.donations
        options = explainer.options
        parameterValues = explainer.parameterValues
        limits = explainer.limits
        reached = program.declarations(readBy: [asked])
        runtime = RuntimeProgram(program, declarations: reached)
    }

    /// The explanation of a `let` or `rule`, or nil when there is none of that name.
    package func explain(_ name: String) -> Explanation? {
        guard let asked = program.declarationIndex(name) else { return nil }
        return Explainer(focusing: self, on: asked).explainFocused(asked)
    }

    private func explainFocused(_ asked: Int) -> Explanation {
        let tracer = Tracer()
        var evaluation = Evaluation(program: program, donations: donations, options: options, tracer: tracer, declarations: reached)
        evaluation.setCheckedParameterValues(parameterValues)
        var queue = [asked]
        var explained: Set<Int> = [asked]
        var declarations: [ExplainedDeclaration] = []
        var candidates: [HintFinder.Candidate] = []
        while !queue.isEmpty {
            let index = queue.removeFirst()
            let declaration = program.declarations[index]
            let outcome = evaluation.evaluate(declarationAt: index).outcome
            let builder = TreeBuilder(tracer: tracer, program: program, options: options)
            // Traced: the asked declaration and those it read are all in `reached`.
            guard let root = tracer.declarationRoots[index] else { preconditionFailure("an explained declaration was not traced") }
            var tree = builder.node(root)
            var hints = HintFinder(explainer: self, tracer: tracer, declaration: index, outcome: outcome)
            hints.annotate(&tree)
            if index != asked { candidates += hints.candidates }
            declarations.append(ExplainedDeclaration(name: declaration.name, kind: declaration.kind.rawValue, type: declaration.type,
                                                     file: program.file, nameRange: declaration.nameRange, outcome: outcome,
                                                     tree: tree, changes: hints.changes()))
            for reference in builder.references(in: root) where !explained.contains(reference) {
                explained.insert(reference)
                queue.append(reference)
            }
        }
        // What changes a declaration it reads may change the asked one too: each is checked.
        for candidate in candidates {
            if let change = HintFinder.check(candidate, explainer: self, declaration: asked, outcome: declarations[0].outcome),
               !declarations[0].changes.contains(change) {
                declarations[0].changes.insert(change, at: 0)
            }
        }
        return Explanation(declarations: declarations, now: options.now.timeIntervalSinceReferenceDate, timeZone: options.timeZone)
    }

    // MARK: - Evaluating again

    /// A declaration's value in an untraced evaluation with other donations, clock or parameters.
    func value(ofDeclaration index: Int, extra: [Int: [(Double, [Value])]] = [:], now: Double? = nil, parameters: [Value]? = nil) -> Value? {
        var evaluation = evaluation(extra: extra, now: now, parameters: parameters)
        return try? evaluation.evaluate(declarationAt: index).outcome.get()
    }

    /// A subexpression's value (outside any closure) in an untraced evaluation.
    func value(of expression: TypedExpression, extra: [Int: [(Double, [Value])]] = [:], now: Double? = nil) -> Value? {
        var evaluation = evaluation(extra: extra, now: now, parameters: nil)
        let compiled = CompiledExpression(file: program.file, body: expression, evaluationDepth: program.evaluationDepth)
        return try? evaluation.evaluate(compiled).outcome.get()
    }

    /// An untraced evaluation of the declarations explained, with extra donations, at another
    /// clock or with other parameter values.
    private func evaluation(extra: [Int: [(Double, [Value])]], now: Double?, parameters: [Value]?) -> Evaluation {
        var options = self.options
        if let now { options.now = Date(timeIntervalSinceReferenceDate: now) }
        let runtime = runtime ?? RuntimeProgram.of(program)
        return Evaluation(context: EvaluationContext(program: program, options: options, runtime: runtime, cache: nil),
                          donations: OverlaySource(base: donations, program: program, extra: extra), now: options.now,
                          parameterValues: parameters ?? parameterValues)
    }
}

/// A donation source with extra donations on top of another's.
struct OverlaySource: DonationSource {
    let base: any DonationSource
    /// Extra donations by event id: (date, payload).
    let extra: [String: [(Double, [Value])]]

    init(base: any DonationSource, program: CompiledProgram, extra: [Int: [(Double, [Value])]]) {
        self.base = base
        self.extra = Dictionary(uniqueKeysWithValues: extra.map { (program.events[$0.key].id, $0.value) })
    }

    func stream(for event: EventSchema) throws(Diagnostic) -> DonationStream {
        let stream = try base.stream(for: event)
        guard let added = extra[event.id], !added.isEmpty else { return stream }
        let copy = DonationStream(copying: stream)
        for (date, payload) in added { copy.insert(date: date, payload: payload) }
        return copy
    }
}
