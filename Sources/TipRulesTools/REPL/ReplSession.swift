import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// The state of a `tiprules repl` session and what it answers to each input: the declarations
/// (from files and typed), the donations, the clock and the parameters set.
///
/// Every input either changes the session completely or not at all: a line with an error, or a
/// declaration that would break what depends on it, leaves everything as it was.
package struct ReplSession {
    /// The declarations and the program compiled from them.
    var source = SessionSource()
    var combined: CombinedSource
    package private(set) var program: CompiledProgram
    /// Whether a new `let` or `rule` (or the latest typed again) is checked alone against the
    /// program rather than with the whole session (see `appended`); tests turn it off to
    /// compare both.
    package var checksDeclarationsAlone = true
    /// The diagnostics compiling `program` gave (warnings: it has no errors), located, each
    /// with where it is in `combined`; nil when the limit suppressed some.
    private var programWarnings: [(offset: Int, diagnostic: Diagnostic)]? = []
    /// Every donation made or loaded, as the current declarations read them.
    package var store: DonationStore
    /// The clock, the time zone and the step budgets.
    package var options: EvaluationOptions
    /// Parameters given a value with `:set` (or `--parameter`), by name.
    var parameterValues: [String: Value] = [:]
    /// The files loaded, by path, in load order (for `:reload`).
    var loadedFiles: [String] = []
    let compiler: RuleCompiler
    /// Reads a file by path (the command line's reader, so tests can stand in for the disk).
    let readFile: (String) -> Result<[UInt8], UsageProblem>
    /// Writes a file by path.
    let writeFile: (String, [UInt8]) -> Result<Void, UsageProblem>

    /// An empty session: no declarations and no donations, the clock at `now`.
    package init(options: EvaluationOptions, compiler: RuleCompiler = RuleCompiler(),
                 readFile: @escaping (String) -> Result<[UInt8], UsageProblem>,
                 writeFile: @escaping (String, [UInt8]) -> Result<Void, UsageProblem>) {
        self.options = options
        self.compiler = compiler
        self.readFile = readFile
        self.writeFile = writeFile
        combined = source.combined
        program = compiler.compile(combined.file).program!
        store = DonationStore(program: program)
    }

    /// The file name diagnostics give typed input.
    static let inputName = "<repl>"

    /// Answers one complete input: an expression, declarations, or a `:command`.
    package mutating func answer(_ input: String) -> ReplAnswer {
        let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return ReplAnswer(kind: .empty, input: input) }
        let file = SourceFile(name: ReplSession.inputName, text: input)
        if trimmed.hasPrefix(":") { return command(input, file) }
        if InputShape.startsWithDeclaration(input) { return declare(file, input: input) }
        return evaluate(file, input: input)
    }

    // MARK: - Expressions

    /// Compiles and evaluates an expression against the session.
    mutating func evaluate(_ file: SourceFile, input: String) -> ReplAnswer {
        let compiled = compiler.compileExpression(file, in: program)
        guard let expression = compiled.expression else {
            return ReplAnswer(kind: .error, input: input, diagnostics: compiled.diagnostics.map { combined.located($0) })
        }
        var evaluation = makeEvaluation()
        let result = evaluation.evaluate(expression)
        var answer = ReplAnswer(kind: .value, input: input, diagnostics: compiled.diagnostics)
        answer.fields = [("type", StringLiteral.json(expression.type.description))]
        switch result.outcome {
        case .success(let value):
            answer.text = "\(expression.type) = \(ValueFormatter.text(value, expression.type))\n"
            answer.fields.append(("value", ValueFormatter.json(value, expression.type)))
        case .failure(let error):
            answer.diagnostics.append(combined.located(error))
        }
        return answer
    }

    /// An evaluation of the session's program at its clock, with its parameters set.
    func makeEvaluation() -> Evaluation {
        var evaluation = Evaluation(program: program, donations: store, options: options)
        for (name, value) in parameterValues.sorted(by: { $0.key < $1.key }) {
            // Values are checked when set and again whenever the declarations change.
            try? evaluation.setParameter(name, value)
        }
        return evaluation
    }

    // MARK: - Declarations

    /// Adds typed declarations, replacing any of the same names.
    mutating func declare(_ file: SourceFile, input: String) -> ReplAnswer {
        var diagnostics = DiagnosticBag(limit: compiler.limits.maxDiagnostics)
        let syntax = Parser.parse(file, limits: compiler.limits, diagnostics: &diagnostics)
        guard !diagnostics.hasErrors else {
            return ReplAnswer(kind: .error, input: input, diagnostics: diagnostics.sorted)
        }
        let entries = SessionSource.entries(of: syntax, origin: .typed)
        var answer = ReplAnswer(kind: .declaration, input: input)
        var next = source
        for entry in entries {
            if let replaced = next.add(entry) {
                answer.diagnostics.append(replacementNote(entry, replacing: replaced))
            }
        }
        switch adopt(next, inputs: [file]) {
        case .failure(let refusal):
            var diagnostics = refusal.diagnostics
            // Errors elsewhere come from what depends on the new declarations: say so.
            if let entry = entries.first, diagnostics.contains(where: { $0.file != file }) {
                diagnostics.append(Diagnostic(ReplMessages.breaksDependents(entry.kind, entry.name), severity: .note,
                                              file: file, range: entry.nameRange))
            }
            return ReplAnswer(kind: .error, input: input, diagnostics: diagnostics)
        case .success(let notes):
            answer.diagnostics += notes
        }
        var evaluation = makeEvaluation()
        var described: [String] = []
        for entry in entries {
            let (text, json) = describe(entry.name, kind: entry.kind, in: &evaluation, diagnostics: &answer.diagnostics)
            answer.text += text + "\n"
            described.append(json)
        }
        answer.fields = [("declarations", "[" + described.joined(separator: ", ") + "]")]
        return answer
    }

    /// The note for a declaration that replaces another.
    func replacementNote(_ entry: SessionSource.Entry, replacing replaced: SessionSource.Entry) -> Diagnostic {
        Diagnostic(ReplMessages.replaces(entry.kind, entry.name), severity: .note, file: entry.file, range: entry.nameRange,
                   notes: [Diagnostic.Note(message: "the earlier \(replaced.kind) '\(replaced.name)'", file: replaced.file, range: replaced.nameRange)])
    }

    /// Compiles the declarations and, when everything still checks and the donations still fit,
    /// makes them the session's. Returns the notes of the change (warnings, dropped parameter
    /// values), or every reason it was refused.
    ///
    /// A warning is a note of the change (or of its refusal) when it is in `inputs` (the text
    /// typed or loaded) or new: one the session's program already had was shown when its
    /// declaration was made, so it is not shown again at every change, as the whole compile
    /// would report it.
    mutating func adopt(_ next: SessionSource, inputs: [SourceFile]) -> Result<[Diagnostic], Refusal> {
        let nextCombined = next.combined
        // New `let`s and `rule`s alone: the events (declared at the same places of the new
        // text), parameters and donations are as they were.
        if let warnings = programWarnings, case let (extended, replacedFrom)? = appended(next, nextCombined),
           case .success(let carried) = store.carried(into: extended.events) {
            program.shareNodeTrees(keeping: program.declarations.count - (replacedFrom == nil ? 0 : 1), with: extended)
            // The new declarations have none, so the program's warnings are the others' (not the
            // replaced one's), all shown before: the change has no notes.
            source = next
            combined = nextCombined
            program = extended
            store = carried
            programWarnings = warnings.filter { $0.offset < replacedFrom ?? .max }
            return .success([])
        }
        let compilation = compiler.compile(nextCombined.file)
        let located = compilation.diagnostics.map(nextCombined.located)
        let shown = Set(programWarnings?.map(\.diagnostic) ?? [])
        func isNote(_ diagnostic: Diagnostic) -> Bool {
            diagnostic.severity != .warning || !shown.contains(diagnostic) || inputs.contains(diagnostic.file)
        }
        guard let nextProgram = compilation.program else { return .failure(Refusal(diagnostics: located.filter(isNote))) }
        let nextStore: DonationStore
        switch store.carried(into: nextProgram.events) {
        case .success(let carried): nextStore = carried
        case .failure(let conflict): return .failure(Refusal(diagnostics: conflict.events.map { refusal($0.held, $0.declared, in: nextCombined) }))
        }
        var notes = located
        var nextValues: [String: Value] = [:]
        for (name, value) in parameterValues.sorted(by: { $0.key < $1.key }) {
            guard let index = nextProgram.parameterIndex(name) else { continue }
            let parameter = nextProgram.parameters[index]
            if value.conforms(to: parameter.type) {
                nextValues[name] = value
            } else {
                notes.append(Diagnostic(ReplMessages.parameterReset(name, parameter.type), severity: .note,
                                        file: nextCombined.file, range: parameter.range).located(in: nextCombined))
            }
        }
        source = next
        combined = nextCombined
        program = nextProgram
        store = nextStore
        parameterValues = nextValues
        programWarnings = compilation.suppressedCount > 0 ? nil : zip(compilation.diagnostics, located).map { ($0.range.start, $1) }
        return .success(notes.filter(isNote))
    }

    /// The session's program with the declarations `next` adds after its own, checked alone,
    /// when that is all `next` changes besides typing its latest declaration again (see
    /// `RuleCompiler.compile(appending:of:to:)`), and where that one's text was when it
    /// replaced it; nil when the whole text must be compiled.
    private func appended(_ next: SessionSource, _ nextCombined: CombinedSource) -> (CompiledProgram, replacedFrom: Int?)? {
        let kept = source.entries.count
        guard checksDeclarationsAlone, next.entries.count >= kept else { return nil }
        // (Nothing added: some declaration was typed again, perhaps the same text; whether it
        // was the last one, the compiler tells by the text before it.)
        let replacesLast = kept > 0 && (next.entries.count == kept || next.entries[kept - 1] != source.entries[kept - 1])
        let start = replacesLast ? combined.pieces[kept - 1].start : combined.file.bytes.count
        return compiler.compile(appending: SourceRange(start: start, end: nextCombined.file.bytes.count), of: nextCombined.file,
                                to: program, replacingLast: replacesLast).map { ($0, replacesLast ? start : nil) }
    }

    /// Why donations held of an event do not fit its new declaration.
    private func refusal(_ held: EventSchema, _ declared: EventSchema?, in nextCombined: CombinedSource) -> Diagnostic {
        let count = store.count(of: held.id)
        guard let declared else {
            return .about(held.id, in: ReplSession.inputName, ReplMessages.donationsNotDeclared(held.id, count: count))
        }
        let change: String
        if let removed = held.fields.first(where: { declared.fieldIndex($0.name) == nil }) {
            change = "has field '\(removed.name)', which the new declaration removes"
        } else if let added = declared.fields.first(where: { held.fieldIndex($0.name) == nil }) {
            change = "has no field '\(added.name)', which the new declaration adds"
        } else if let changed = declared.fields.first(where: { field in held.fields.first { $0.name == field.name }?.type != field.type }),
                  let old = held.fields.first(where: { $0.name == changed.name }) {
            change = "field '\(changed.name)' is '\(old.type)', and the new declaration makes it '\(changed.type)'"
        } else {
            change = "fields are in another order"
        }
        // The new declaration is in the combined text being adopted.
        return nextCombined.located(Diagnostic(ReplMessages.donationsChangedFields(held.id, count: count, change),
                                               file: nextCombined.file, range: declared.range))
    }

    /// `let name: Type = value` for a declaration just made, with its JSON.
    func describe(_ name: String, kind: String, in evaluation: inout Evaluation, diagnostics: inout [Diagnostic]) -> (String, String) {
        let nameJSON = "\"name\": \(StringLiteral.json(name)), \"declaration\": \(StringLiteral.json(kind))"
        if let index = program.eventIndex(name) {
            let fields = program.events[index].fields
            let text = fields.isEmpty ? "event \(name)" : "event \(name) { " + fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + " }"
            let json = "[" + fields.map { "{\"name\": \(StringLiteral.json($0.name)), \"type\": \(StringLiteral.json($0.type.description))}" }.joined(separator: ", ") + "]"
            return (text, "{\(nameJSON), \"fields\": \(json)}")
        }
        if let index = program.parameterIndex(name) {
            let parameter = program.parameters[index]
            let value = parameterValues[name] ?? Value(parameter.defaultValue)
            return ("parameter \(name): \(parameter.type) = \(ValueFormatter.text(value, parameter.type))",
                    "{\(nameJSON), \"type\": \(StringLiteral.json(parameter.type.description)), \"value\": \(ValueFormatter.json(value, parameter.type))}")
        }
        guard let result = evaluation.evaluate(name) else { return (name, "{\(nameJSON)}") }
        return describe(result, kind: kind, diagnostics: &diagnostics)
    }

    /// `rule name: Type = value`, or the error evaluating it, with its JSON.
    func describe(_ result: EvaluationResult, kind: String, diagnostics: inout [Diagnostic]) -> (String, String) {
        let head = "\"name\": \(StringLiteral.json(result.name)), \"declaration\": \(StringLiteral.json(kind)), \"type\": \(StringLiteral.json(result.type.description))"
        switch result.outcome {
        case .success(let value):
            return ("\(kind) \(result.name): \(result.type) = \(ValueFormatter.text(value, result.type))",
                    "{\(head), \"value\": \(ValueFormatter.json(value, result.type))}")
        case .failure(let error):
            let located = combined.located(error)
            diagnostics.append(located)
            return ("\(kind) \(result.name): \(result.type) = error: \(located.message)",
                    "{\(head), \"error\": \(StringLiteral.json(located.message))}")
        }
    }
}

/// Why a change to the session's declarations was refused.
struct Refusal: Error {
    var diagnostics: [Diagnostic]
}

extension Diagnostic {
    /// The diagnostic located in the file its declaration came from (see `CombinedSource`).
    func located(in combined: CombinedSource) -> Diagnostic {
        combined.located(self)
    }
}
