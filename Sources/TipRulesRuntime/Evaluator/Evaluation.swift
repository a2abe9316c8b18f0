import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// What an evaluation runs against besides donations and parameters: the clock, the calendar's
/// time zone and the step budgets.
package struct EvaluationOptions: Sendable {
    /// The evaluation clock: only donations dated at or before it exist.
    package var now: Date
    /// The time zone for calendar arithmetic in `donatedWithin` and `maxAge`.
    package var timeZone: TimeZone {
        get { calendar.timeZone }
        set {
            calendar.timeZone = newValue
            fixedOffset = CalendarSteps.fixedOffset(of: newValue)
        }
    }
    /// The zone's offset when it never changes, for exact calendar steps without Foundation.
    package private(set) var fixedOffset: Int?
    /// The Gregorian calendar in `timeZone`, made once rather than per evaluation.
    package private(set) var calendar: Calendar
    /// The most evaluation steps (nodes visited, elements scanned, bytes built) one declaration
    /// or expression may take. A closure's application costs the nodes of its body, whichever
    /// of them run (see `TypedExpression.stepSize`).
    package var stepBudget: Int
    /// The most steps all declarations and expressions of one `Evaluation` may take together,
    /// so a file of many expensive rules still ends in seconds.
    package var totalStepBudget: Int

    /// The default step budget: enough for any rule over 1000-donation streams, small enough
    /// that a runaway nested rule stops in well under a second.
    package static let defaultStepBudget = 25_000_000

    /// The default total: four full budgets.
    package static let defaultTotalStepBudget = 100_000_000

    package init(now: Date = Date(), timeZone: TimeZone = TimeZone(identifier: "UTC")!,
                stepBudget: Int = EvaluationOptions.defaultStepBudget,
                totalStepBudget: Int = EvaluationOptions.defaultTotalStepBudget) {
        self.now = now
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
        self.fixedOffset = CalendarSteps.fixedOffset(of: timeZone)
        self.stepBudget = stepBudget
        self.totalStepBudget = max(stepBudget, totalStepBudget)
    }
}

/// An expression compiled against a program and lowered to its node tree once, so that a
/// host asking the same expression again pays for neither.
package final class PreparedExpression: Sendable {
    package let compiled: CompiledExpression
    /// The expression's text, as results name it.
    package let name: String
    // Nodes are immutable after construction (see `RuntimeProgram`).
    nonisolated(unsafe) let body: Node

    package init(_ compiled: CompiledExpression) {
        self.compiled = compiled
        name = compiled.file.text(in: SourceRange(start: 0, end: compiled.file.bytes.count))
        body = NodeCompiler.compile(compiled.body)
    }
}

/// The outcome of evaluating one declaration or expression.
package struct EvaluationResult: Sendable {
    /// The declaration's name, or the expression's text.
    package var name: String
    package var type: RuleType
    /// The value, or the runtime error located at the failing subexpression.
    package var outcome: Result<Value, Diagnostic>

    package init(name: String, type: RuleType, outcome: Result<Value, Diagnostic>) {
        self.name = name
        self.type = type
        self.outcome = outcome
    }
}

/// One evaluation: a clock, donations and parameters, over which any number of declarations and
/// expressions are evaluated. Each declaration is evaluated at most once, when first needed.
package struct Evaluation {
    private var evaluator: Evaluator
    package var program: CompiledProgram { evaluator.program }

    /// Prepares an evaluation of a program over donations, read from the source as rules need them.
    package init(program: CompiledProgram, donations: some DonationSource, options: EvaluationOptions = EvaluationOptions()) {
        evaluator = Evaluator(context: EvaluationContext(program: program, options: options), source: StreamSource(donations),
                              now: options.now)
    }

    /// An evaluation in a context made for many (see `EvaluationContext`), at a clock, over
    /// donations. The parameters take `parameterValues`, already checked against their types,
    /// in declaration order.
    package init(context: EvaluationContext, donations: any DonationSource, now: Date, parameterValues: [Value]) {
        precondition(parameterValues.count == context.runtime.defaultParameterValues.count, "one value per parameter")
        evaluator = Evaluator(context: context, source: .other(donations), now: now, parameterValues: parameterValues)
    }

    /// The same over a store in memory, read directly rather than through the protocol (an
    /// engine's snapshot of its in-memory donations, or a store a tool loaded). (Written out
    /// rather than delegating to a shared initializer: delegating cost about 140 instructions
    /// of copies and reference counts an evaluation.)
    package init(context: EvaluationContext, store: DonationStore, now: Date, parameterValues: [Value]) {
        precondition(parameterValues.count == context.runtime.defaultParameterValues.count, "one value per parameter")
        evaluator = Evaluator(context: context, source: .store(store), now: now, parameterValues: parameterValues)
    }

    /// A traced evaluation: the declarations run on node trees of their own that record into
    /// `tracer` what every node gave (see `Explainer`). Values and errors are those of an
    /// untraced evaluation. With `declarations`, only those are lowered (they must hold every
    /// declaration they read; see `RuntimeProgram.init`).
    package init(program: CompiledProgram, donations: some DonationSource, options: EvaluationOptions, tracer: Tracer,
                 declarations: Set<Int>? = nil) {
        let runtime = RuntimeProgram(program, tracer: tracer, declarations: declarations)
        evaluator = Evaluator(context: EvaluationContext(program: program, options: options, runtime: runtime, cache: nil),
                              source: StreamSource(donations), now: options.now)
    }

    /// Sets every parameter at once from values already checked against their types (a host's
    /// `RuleEngine` checks them when they are set), in declaration order.
    package mutating func setCheckedParameterValues(_ values: [Value]) {
        precondition(values.count == program.parameters.count, "one value per parameter")
        evaluator.setParameterValues(values)
    }

    /// Sets a parameter (TipKit's `@Parameter`) for this evaluation, in place of its declared
    /// default. Values computed before are forgotten, since they may depend on it.
    ///
    /// ```swift
    /// try evaluation.setParameter("isLoggedIn", .bool(true))
    /// ```
    package mutating func setParameter(_ name: String, _ value: Value) throws(Diagnostic) {
        guard let index = program.parameterIndex(name) else { throw ParameterErrors.unknown(name, in: program) }
        let parameter = program.parameters[index]
        guard value.conforms(to: parameter.type) else { throw ParameterErrors.wrongType(parameter, in: program) }
        evaluator.setParameter(index, value)
    }

    /// The steps every declaration and expression evaluated so far took together (see
    /// `EvaluationOptions.stepBudget`).
    package var stepsTaken: Int { evaluator.stepsTaken }

    /// How many times so far a fused operation met an error, or could not prove its `Int`
    /// arithmetic safe, and ran the calls it stands for instead: what tests read to know that
    /// an evaluation took the fused path.
    package var fusedFallbacks: Int { evaluator.fallbacks }

    /// Evaluates a `let` or `rule` by name; nil when the program has no such declaration.
    package mutating func evaluate(_ name: String) -> EvaluationResult? {
        program.declarationIndex(name).map { evaluate(declarationAt: $0) }
    }

    /// Evaluates the declaration at an index of `program.declarations` (no name lookup).
    package mutating func evaluate(declarationAt index: Int) -> EvaluationResult {
        let runtime = evaluator.runtime
        return EvaluationResult(name: runtime.declarationNames[index], type: runtime.declarationTypes[index],
                                outcome: outcome(ofDeclarationAt: index))
    }

    /// The value of the declaration at an index, or its runtime error: `evaluate(declarationAt:)`
    /// without the name and type around it (for hosts that ask many times a second).
    package mutating func outcome(ofDeclarationAt index: Int) -> Result<Value, Diagnostic> {
        // (The program's tables read through the evaluator at each use, rather than through a
        // local copy of its reference, which would be retained and released.)
        let outcome = outcome(depth: evaluator.runtime.evaluationDepth) { (ev: inout Evaluator) throws(Interrupt) in
            try ev.declarationValue(index)
        }
        guard evaluator.runtime.needsShowing[index] else { return outcome }
        return outcome.flatMap {
            shown($0, evaluator.runtime.declarationTypes[index], at: evaluator.runtime.bodyRanges[index], in: program.file)
        }
    }

    /// Whether a result of this type may need `shown` to change it.
    static func needsShowing(_ type: RuleType) -> Bool {
        type.mentionsDate || type.mentionsParameter
    }

    /// A result as it is shown. A `Parameter<T>` (`$isLoggedIn`) carries its current value, so
    /// it prints as that value rather than as a reference. A date that no ISO 8601 text can
    /// show (NaN, or beyond the years 1 to 9999, which date arithmetic can reach) is a runtime
    /// error here, where it would be shown: Swift's own `print` cannot show it either.
    private func shown(_ value: Value, _ type: RuleType, at range: SourceRange, in file: SourceFile) -> Result<Value, Diagnostic> {
        if type.mentionsDate, let date = value.firstUnprintableDate {
            return .failure(Diagnostic(RuntimeMessages.unprintableDate(date), file: file, range: range))
        }
        guard type.mentionsParameter else { return .success(value) }
        return .success(value.replacingParameters(evaluator.parameterValues))
    }

    /// An event's donations as rules see them: dated at or before now, within `maxAge`, the
    /// newest `limit`.
    package mutating func donations(ofEvent index: Int) -> Result<Value, Diagnostic> {
        let range = program.events[index].range
        return outcome(depth: 0) { (ev: inout Evaluator) throws(Interrupt) in
            .donations(try ev.donations(ofEvent: index, range))
        }
    }

    /// Evaluates every `let` and `rule`, in file order.
    package mutating func evaluateAll() -> [EvaluationResult] {
        program.declarations.indices.map { evaluate(declarationAt: $0) }
    }

    /// Evaluates an expression compiled against this program.
    package mutating func evaluate(_ expression: CompiledExpression) -> EvaluationResult {
        evaluate(PreparedExpression(expression))
    }

    /// Evaluates an expression compiled against this program and lowered once.
    package mutating func evaluate(_ prepared: PreparedExpression) -> EvaluationResult {
        EvaluationResult(name: prepared.name, type: prepared.compiled.type, outcome: outcome(of: prepared))
    }

    /// The value of an expression lowered once, or its runtime error.
    package mutating func outcome(of prepared: PreparedExpression) -> Result<Value, Diagnostic> {
        let expression = prepared.compiled, body = prepared.body
        return outcome(depth: expression.evaluationDepth) { (ev: inout Evaluator) throws(Interrupt) in
            try ev.evaluating(in: expression.file) { (ev: inout Evaluator) throws(Interrupt) in try body.evaluate(&ev) }
        }.flatMap { shown($0, expression.type, at: expression.body.range, in: expression.file) }
    }

    /// Evaluations deeper than this run on a thread with a large stack, so that a deep (but
    /// legal) program cannot exhaust a small host thread's stack; shallower ones, nearly all
    /// real rules, run directly.
    static let inlineDepthLimit = 32

    private mutating func outcome(depth: Int, _ body: (inout Evaluator) throws(Interrupt) -> Value) -> Result<Value, Diagnostic> {
        if depth > Evaluation.inlineDepthLimit {
            return LargeStack.ensuringStack(16 << 20) { outcome(body) }
        }
        return outcome(body)
    }

    private mutating func outcome(_ body: (inout Evaluator) throws(Interrupt) -> Value) -> Result<Value, Diagnostic> {
        evaluator.resetBudget()
        do {
            return .success(try body(&evaluator))
        } catch {
            switch error {
            case .failure(let runtimeError): return .failure(runtimeError)
            case .nilInChain: preconditionFailure("optional chain escaped its expression")
            }
        }
    }
}

/// Builds the diagnostics for refused parameter values. A parameter set in code or on the
/// command line has no text of its own, so the diagnostic's file is the assignment as written
/// (`<parameter>`), and a note points at the declaration.
package enum ParameterErrors {
    /// The error for a name the program does not declare, with the closest parameter name.
    package static func unknown(_ name: String, in program: CompiledProgram) -> Diagnostic {
        let suggestion = Suggestions.closest(to: name, in: program.parameters.map(\.name))
        return .about(name, in: "<parameter>", ParameterMessages.unknown(name, suggestion: suggestion), suggestion: suggestion)
    }

    /// The error for a value that is not of the parameter's declared type.
    package static func wrongType(_ parameter: ParameterInfo, in program: CompiledProgram) -> Diagnostic {
        .about(parameter.name, in: "<parameter>", ParameterMessages.wrongType(parameter.name, expected: parameter.type),
               notes: [Diagnostic.Note(message: "'\(parameter.name)' declared here", file: program.file, range: parameter.range)])
    }
}

/// Messages for refused parameter values (codes P01xx).
enum ParameterMessages {
    static func unknown(_ name: String, suggestion: String?) -> DiagnosticMessage {
        DiagnosticMessage("P0101", "no parameter named '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
    static func wrongType(_ name: String, expected: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("P0102", "parameter '\(name)' needs a value of type '\(expected)'")
    }
}
