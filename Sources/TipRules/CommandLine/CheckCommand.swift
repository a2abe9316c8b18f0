/// `tiprules check FILE...`
struct CheckCommand {
    let tool: CommandLineTool

    func run(_ arguments: [String]) -> CommandOutput {
        let scanned: ArgumentScanner
        switch ArgumentScanner.scan(arguments, valued: [], flags: ["--json", "--help", "-h"]) {
        case .success(let value): scanned = value
        case .failure(let problem): return tool.usageError(problem.description, command: "check")
        }
        if scanned.flags.contains("--help") || scanned.flags.contains("-h") {
            return CommandOutput(status: 0, stdout: CommandHelp.check, stderr: "")
        }
        guard !scanned.operands.isEmpty else {
            return tool.usageError("no rule file given", command: "check")
        }
        let json = scanned.flags.contains("--json")
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
            let compilation = RuleCompiler().compile(file)
            errorCount += compilation.diagnostics.filter { $0.severity == .error }.count + compilation.suppressedCount
            warningCount += compilation.diagnostics.filter { $0.severity == .warning }.count
            if json {
                output.stdout += compilation.diagnostics.map(DiagnosticJSON.object).joined()
            } else {
                output.stderr += tool.render(compilation.diagnostics, suppressed: compilation.suppressedCount)
            }
        }
        if errorCount > 0 || warningCount > 0, !json {
            output.stderr += DiagnosticJSON.summary(errors: errorCount, warnings: warningCount) + "\n"
        }
        output.status = errorCount > 0 ? 1 : 0
        return output
    }
}

/// Diagnostics as JSON lines, for editors and scripts.
enum DiagnosticJSON {
    static func object(_ diagnostic: Diagnostic) -> String {
        let location = diagnostic.location
        let end = diagnostic.file.location(of: diagnostic.range.end)
        var fields = [
            "\"file\": " + ValueFormatter.jsonString(diagnostic.file.name),
            "\"line\": \(location.line)", "\"column\": \(location.column)",
            "\"endLine\": \(end.line)", "\"endColumn\": \(end.column)",
            "\"severity\": " + ValueFormatter.jsonString(diagnostic.severity.rawValue),
            "\"code\": " + ValueFormatter.jsonString(diagnostic.code),
            "\"message\": " + ValueFormatter.jsonString(diagnostic.message),
        ]
        if !diagnostic.fixIts.isEmpty {
            fields.append("\"fixIts\": [" + diagnostic.fixIts.map {
                "{\"message\": \(ValueFormatter.jsonString($0.message)), \"replacement\": \(ValueFormatter.jsonString($0.replacement))}"
            }.joined(separator: ", ") + "]")
        }
        return "{" + fields.joined(separator: ", ") + "}\n"
    }

    static func summary(errors: Int, warnings: Int) -> String {
        "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
    }
}
