import TipRules
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// `tiprules check FILE...`
struct CheckCommand {
    let tool: CommandLineTool

    func run(_ arguments: [String]) -> CommandOutput {
        let scanned: ArgumentScanner
        switch ArgumentScanner.scan(arguments, valued: ["--max-source-size", "--color"], flags: ["--json", "--help", "-h"]) {
        case .success(let value): scanned = value
        case .failure(let problem): return tool.usageError(problem.description, command: "check")
        }
        if scanned.flags.contains("--help") || scanned.flags.contains("-h") {
            return CommandOutput(status: 0, stdout: CommandHelp.check, stderr: "")
        }
        var tool = tool
        switch scanned.useColor(auto: tool.useColor) {
        case .success(let color): tool.useColor = color
        case .failure(let problem): return tool.usageError(problem.description, command: "check")
        }
        guard !scanned.operands.isEmpty else {
            return tool.usageError("no rule file given", command: "check")
        }
        let json = scanned.flags.contains("--json")
        let limits: CompileLimits
        switch scanned.compileLimits() {
        case .success(let value): limits = value
        case .failure(let problem): return tool.usageError(problem.description, command: "check")
        }
        var output = CommandOutput(status: 0, stdout: "", stderr: "")
        var errorCount = 0
        var warningCount = 0
        for path in scanned.operands {
            let bytes: [UInt8]
            switch tool.read(path) {
            case .success(let data): bytes = data
            case .failure(let problem): return tool.usageError(problem.description, command: "check")
            }
            let file = SourceFile(name: path == "-" ? "<stdin>" : path, bytes: bytes)
            // Without fusing: checking reports what the checker finds, and the optimizer only
            // rewrites trees that passed it (a quarter of checking a file of closures).
            let compilation = RuleCompiler(limits: limits, optimizes: false).compile(file)
            output.keptAlive.append(compilation)
            errorCount += compilation.diagnostics.filter { $0.severity == .error }.count + compilation.suppressedCount
            warningCount += compilation.diagnostics.filter { $0.severity == .warning }.count
            if json {
                output.stdout += DiagnosticJSON.lines(compilation.diagnostics, suppressed: compilation.suppressedCount)
            } else {
                output.stderr += tool.render(compilation.diagnostics, suppressed: compilation.suppressedCount)
            }
        }
        if errorCount > 0 || warningCount > 0, !json {
            output.stderr += DiagnosticRenderer.summary(errors: errorCount, warnings: warningCount) + "\n"
        }
        output.status = errorCount > 0 ? 1 : 0
        return output
    }
}
