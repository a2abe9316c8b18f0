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
        let json = scanned.flags.contains("--json")
        let reporter = Reporter(tool: tool, json: json)
        let file = SourceFile(name: path == "-" ? "<stdin>" : path, bytes: source)
        let compiled: CompiledFile
        switch compile(file, expressions: expressions, compiler: compiler, reporter: reporter) {
        case .success(let result): compiled = result
        case .failure(let failed): return failed.output
        }
        let program = compiled.program
        // With its node trees, which the evaluation attaches to it: freeing them one node at a
        // time as the command returns took longer than making them (see `keptAlive`).
        output.keptAlive.append(program)
        // Expressions compile before anything is loaded: one that needs a declaration left out
        // turns that declaration's warnings back into the errors they are.
        var compiledExpressions: [CompiledExpression] = []
        var expressionDiagnostics: [Diagnostic] = []
        for (index, text) in expressions.enumerated() {
            let file = SourceFile(name: expressions.count == 1 ? "<expr>" : "<expr \(index + 1)>", text: text)
            let expressionCompilation = compiler.compileExpression(file, in: program, unavailable: compiled.omitted)
            expressionDiagnostics += expressionCompilation.diagnostics
            guard let expression = expressionCompilation.expression else {
                reporter.report(compiled.errors + expressionDiagnostics, into: &output)
                output.status = 1
                return output
            }
            compiledExpressions.append(expression)
        }
        reporter.report(compiled.warnings, into: &output)
        output.stderr += omissionNote(compiled.omitted)
        reporter.report(expressionDiagnostics, into: &output)
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
            reporter.report(issues, into: &output)
            output.stderr += "\(issues.count) rejected donation line\(issues.count == 1 ? "" : "s"); nothing was evaluated\n"
            output.status = 1
            return output
        }

        if let location = StoreAccess.location(scanned), let problem = StoreAccess.read(location, subject: StoreAccess.subject(scanned), into: &store) {
            reporter.report([problem], into: &output)
            output.status = 1
            return output
        }

        // Donations no rule can see at --now only take memory.
        store.evict(for: program.events, asOf: options)
        output.keptAlive.append(store)
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
        for (result, isExpression) in results {
            output.stdout += json ? jsonLine(result, isExpression: isExpression) : textLine(result)
            if case .failure(let error) = result.outcome {
                output.stderr += tool.render([error])
            }
        }
        return output
    }

    /// A rule file compiled for evaluation, with what to report about it.
    private struct CompiledFile {
        var program: CompiledProgram
        /// Declarations left out because they (or what they use) have errors.
        var omitted: Set<String>
        /// The file's diagnostics as reported when the evaluation goes ahead: warnings, and with
        /// `--expr` the errors of declarations left out, shown as warnings.
        var warnings: [Diagnostic]
        /// The same diagnostics with errors as errors, for when an expression needs a
        /// declaration that was left out.
        var errors: [Diagnostic]
    }

    /// Where diagnostics go: rendered for people on stderr and, with `--json`, as NDJSON
    /// objects on stdout too, so that an editor reading stdout sees every problem.
    private struct Reporter {
        let tool: CommandLineTool
        let json: Bool

        func report(_ diagnostics: [Diagnostic], suppressed: Int = 0, into output: inout CommandOutput) {
            output.stderr += tool.render(diagnostics, suppressed: suppressed)
            if json { output.stdout += DiagnosticJSON.lines(diagnostics, suppressed: suppressed) }
        }
    }

    /// Compiles the rule file. With `--expr`, a declaration with errors does not stop the
    /// evaluation: it and whatever uses it are left out, its errors become warnings, and an
    /// expression that needs it is the error instead. Fails with the output to give.
    private func compile(_ file: SourceFile, expressions: [String], compiler: RuleCompiler, reporter: Reporter) -> Result<CompiledFile, CommandOutputFailure> {
        let salvaged = expressions.isEmpty ? nil : compiler.compileSalvaging(file)
        let compilation = salvaged?.full ?? compiler.compile(file)
        if let program = compilation.program {
            return .success(CompiledFile(program: program, omitted: [], warnings: compilation.diagnostics, errors: compilation.diagnostics))
        }
        guard let salvaged, let program = salvaged.program else {
            var output = CommandOutput(status: 1, stdout: "", stderr: "")
            reporter.report(compilation.diagnostics, suppressed: compilation.suppressedCount, into: &output)
            return .failure(CommandOutputFailure(output: output))
        }
        let demoted = compilation.diagnostics.map { diagnostic in
            var warning = diagnostic
            warning.severity = diagnostic.severity == .error ? .warning : diagnostic.severity
            return warning
        }
        return .success(CompiledFile(program: program, omitted: salvaged.omitted, warnings: demoted, errors: compilation.diagnostics))
    }

    /// Says which declarations `--expr` left out.
    private func omissionNote(_ omitted: Set<String>) -> String {
        guard !omitted.isEmpty else { return "" }
        let one = omitted.count == 1
        let names = omitted.sorted().map { "'\($0)'" }.joined(separator: ", ")
        return "tiprules: note: left out \(names), which \(one ? "has" : "have") errors or use\(one ? "s" : "") one that has; the expressions are evaluated without \(one ? "it" : "them")\n"
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
            // The runtime error in full, as compile errors are: code, file and its whole range.
            line += "\"error\": " + DiagnosticJSON.object(error)
        }
        return line + "}\n"
    }
}

