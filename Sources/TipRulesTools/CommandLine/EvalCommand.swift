import TipRules
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// `tiprules eval FILE [--donations LOG]... [--now DATE] [--time-zone TZ] [--json] [--expr EXPR | NAME...]`
struct EvalCommand {
    let tool: CommandLineTool

    func run(_ arguments: [String]) -> CommandOutput {
        let scanned: ArgumentScanner
        switch ArgumentScanner.scan(arguments, valued: ["--donations", "--now", "--time-zone", "--expr", "--parameter", "--max-source-size", "--color", "--store", "--subject"],
                                    flags: ["--json", "--help", "-h"]) {
        case .success(let value): scanned = value
        case .failure(let problem): return tool.usageError(problem.description, command: "eval")
        }
        if scanned.flags.contains("--help") || scanned.flags.contains("-h") {
            return CommandOutput(status: 0, stdout: CommandHelp.eval, stderr: "")
        }
        var tool = tool
        switch scanned.useColor(auto: tool.useColor) {
        case .success(let color): tool.useColor = color
        case .failure(let problem): return tool.usageError(problem.description, command: "eval")
        }
        guard let path = scanned.operands.first else { return tool.usageError("no rule file given", command: "eval") }
        let names = Array(scanned.operands.dropFirst())
        let expressions = scanned.values["--expr"] ?? []
        if !expressions.isEmpty && !names.isEmpty {
            return tool.usageError("give either names or --expr, not both", command: "eval")
        }
        if let problem = scanned.standardInputConflict(files: [path], allowed: 1) {
            return tool.usageError(problem.description, command: "eval")
        }
        var options = EvaluationOptions()
        if case .failure(let problem) = scanned.evaluationClock(into: &options) {
            return tool.usageError(problem.description, command: "eval")
        }

        let source: [UInt8]
        switch tool.read(path) {
        case .success(let data): source = data
        case .failure(let problem): return tool.usageError(problem.description, command: "eval")
        }
        var output = CommandOutput(status: 0, stdout: "", stderr: "")
        let compiler: RuleCompiler
        switch scanned.compileLimits() {
        case .success(let limits): compiler = RuleCompiler(limits: limits)
        case .failure(let problem): return tool.usageError(problem.description, command: "eval")
        }
        let file = SourceFile(name: path == "-" ? "<stdin>" : path, bytes: source)
        let compiled: CompiledFile
        switch compile(file, expressions: expressions, compiler: compiler, tool: tool) {
        case .success(let result): compiled = result
        case .failure(let failed): return failed.output
        }
        let program = compiled.program
        // Expressions compile before anything is loaded: one that needs a declaration left out
        // turns that declaration's warnings back into the errors they are.
        var compiledExpressions: [CompiledExpression] = []
        var expressionDiagnostics = ""
        for (index, text) in expressions.enumerated() {
            let file = SourceFile(name: expressions.count == 1 ? "<expr>" : "<expr \(index + 1)>", text: text)
            let expressionCompilation = compiler.compileExpression(file, in: program, unavailable: compiled.omitted)
            expressionDiagnostics += tool.render(expressionCompilation.diagnostics, suppressed: expressionCompilation.suppressedCount)
            guard let expression = expressionCompilation.expression else {
                output.stderr += compiled.errors + expressionDiagnostics
                output.status = 1
                return output
            }
            compiledExpressions.append(expression)
        }
        output.stderr += compiled.warnings + expressionDiagnostics
        for name in names where program.declarationIndex(name) == nil {
            var message = "no 'let' or 'rule' named '\(name)' in \(path)"
            if let suggestion = Suggestions.closest(to: name, in: program.declarations.map(\.name)) {
                message += "; did you mean '\(suggestion)'?"
            }
            return tool.usageError(message, command: "eval")
        }

        var store = DonationStore(program: program)
        var issues: [Diagnostic] = []
        for log in scanned.values["--donations"] ?? [] {
            switch tool.read(log) {
            case .success(let bytes):
                issues += DonationLog.load(bytes, fileName: log == "-" ? "<stdin>" : log, into: &store)
            case .failure(let problem):
                return tool.usageError(problem.description, command: "eval")
            }
        }
        if !issues.isEmpty {
            output.stderr += tool.render(issues)
            output.stderr += "\(issues.count) rejected donation line\(issues.count == 1 ? "" : "s"); nothing was evaluated\n"
            output.status = 1
            return output
        }

        if let location = StoreAccess.location(scanned), let problem = StoreAccess.read(location, subject: StoreAccess.subject(scanned), into: &store) {
            output.stderr += tool.render([problem])
            output.status = 1
            return output
        }

        // Donations no rule can see at --now only take memory.
        store.evict(for: program.events, asOf: options)
        var evaluation = Evaluation(program: program, donations: store, options: options)
        for assignment in scanned.values["--parameter"] ?? [] {
            if let problem = setParameter(assignment, in: &evaluation) {
                return tool.usageError(problem, command: "eval")
            }
        }
        var results: [(EvaluationResult, isExpression: Bool)] = []
        if expressions.isEmpty {
            let selected = names.isEmpty ? program.declarations.map(\.name) : names
            results = selected.compactMap { evaluation.evaluate($0) }.map { ($0, false) }
        } else {
            results = compiledExpressions.map { (evaluation.evaluate($0), true) }
        }
        let json = scanned.flags.contains("--json")
        for (result, isExpression) in results {
            output.stdout += json ? jsonLine(result, isExpression: isExpression) : textLine(result)
            if case .failure(let error) = result.outcome {
                output.stderr += tool.render([error])
            }
        }
        return output
    }

    /// A rule file compiled for evaluation, with what to print about it.
    private struct CompiledFile {
        var program: CompiledProgram
        /// Declarations left out because they (or what they use) have errors.
        var omitted: Set<String>
        /// The rendered diagnostics: warnings, and with `--expr` the errors of declarations
        /// left out, shown as warnings.
        var warnings: String
        /// The same diagnostics with errors shown as errors, for when an expression needs a
        /// declaration that was left out.
        var errors: String
    }

    /// Compiles the rule file. With `--expr`, a declaration with errors does not stop the
    /// evaluation: it and whatever uses it are left out, its errors become warnings, and an
    /// expression that needs it is the error instead. Fails with the output to give.
    private func compile(_ file: SourceFile, expressions: [String], compiler: RuleCompiler, tool: CommandLineTool) -> Result<CompiledFile, CommandOutputFailure> {
        let salvaged = expressions.isEmpty ? nil : compiler.compileSalvaging(file)
        let compilation = salvaged?.full ?? compiler.compile(file)
        if let program = compilation.program {
            let rendered = tool.render(compilation.diagnostics, suppressed: compilation.suppressedCount)
            return .success(CompiledFile(program: program, omitted: [], warnings: rendered, errors: rendered))
        }
        guard let salvaged, let program = salvaged.program else {
            return .failure(CommandOutputFailure(output: CommandOutput(status: 1, stdout: "", stderr: tool.render(compilation.diagnostics, suppressed: compilation.suppressedCount))))
        }
        let demoted = compilation.diagnostics.map { diagnostic in
            var warning = diagnostic
            warning.severity = diagnostic.severity == .error ? .warning : diagnostic.severity
            return warning
        }
        let names = salvaged.omitted.sorted().map { "'\($0)'" }.joined(separator: ", ")
        let note = "tiprules: note: left out \(names), which \(salvaged.omitted.count == 1 ? "has" : "have") errors or use\(salvaged.omitted.count == 1 ? "s" : "") one that has; the expressions are evaluated without \(salvaged.omitted.count == 1 ? "it" : "them")\n"
        return .success(CompiledFile(program: program, omitted: salvaged.omitted, warnings: tool.render(demoted) + note,
                                     errors: tool.render(compilation.diagnostics)))
    }

    /// Applies `--parameter NAME=VALUE`, the value written as JSON (`true`, `3`, `"Ann"`, `null`,
    /// `["a"]`); a bare word is taken as a string. Returns the problem, if any.
    private func setParameter(_ assignment: String, in evaluation: inout Evaluation) -> String? {
        guard let equals = assignment.firstIndex(of: "=") else {
            return "--parameter needs NAME=VALUE, as in --parameter isLoggedIn=true"
        }
        let name = String(assignment[..<equals])
        let text = String(assignment[assignment.index(after: equals)...])
        guard let index = evaluation.program.parameterIndex(name) else {
            return ParameterErrors.unknown(name, in: evaluation.program).message
        }
        switch ParameterText.value(text, for: evaluation.program.parameters[index]) {
        case .success(let value):
            do {
                try evaluation.setParameter(name, value)
                return nil
            } catch {
                return error.message
            }
        case .failure(let problem):
            return problem.description
        }
    }

    /// `name: Type = value`, with control characters (from an `--expr` string, say) made safe.
    private func textLine(_ result: EvaluationResult) -> String {
        let value: String
        switch result.outcome {
        case .success(let computed): value = ValueFormatter.text(computed, result.type)
        case .failure(let error): value = "error: \(error.message) (\(error.file.name):\(error.location))"
        }
        return DiagnosticRenderer.printable("\(result.name): \(result.type) = \(value)") + "\n"
    }

    private func jsonLine(_ result: EvaluationResult, isExpression: Bool) -> String {
        var line = "{\"\(isExpression ? "expr" : "name")\": \(StringLiteral.json(result.name)), \"type\": \(StringLiteral.json(result.type.description)), "
        switch result.outcome {
        case .success(let value):
            line += "\"value\": \(ValueFormatter.json(value, result.type))"
        case .failure(let error):
            let location = error.location
            line += "\"error\": {\"message\": \(StringLiteral.json(error.message)), \"line\": \(location.line), \"column\": \(location.column)}"
        }
        return line + "}\n"
    }
}

