import TipRules
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// `tiprules explain FILE NAME [--donations LOG]... [--now DATE] [--time-zone TZ] [--parameter NAME=VALUE]... [--json]`
struct ExplainCommand {
    let tool: CommandLineTool

    func run(_ arguments: [String]) -> CommandOutput {
        let scanned: ArgumentScanner
        switch ArgumentScanner.scan(arguments, valued: ["--donations", "--now", "--time-zone", "--parameter", "--max-source-size", "--color", "--store", "--subject"],
                                    flags: ["--json", "--help", "-h"]) {
        case .success(let value): scanned = value
        case .failure(let problem): return tool.usageError(problem.description, command: "explain")
        }
        if scanned.flags.contains("--help") || scanned.flags.contains("-h") {
            return CommandOutput(status: 0, stdout: CommandHelp.explain, stderr: "")
        }
        guard scanned.operands.count == 2 else {
            return tool.usageError(scanned.operands.count < 2 ? "give a rule file and the name of a let or rule" : "explain one name at a time", command: "explain")
        }
        // The explanation goes to stdout, so `auto` colours it when stdout is a terminal.
        let colorsOutput: Bool
        switch scanned.useColor(auto: tool.colorsOutput) {
        case .success(let color): colorsOutput = color
        case .failure(let problem): return tool.usageError(problem.description, command: "explain")
        }
        // The session the REPL would have: the file, the logs, the clock and the parameters.
        var arguments = [scanned.operands[0]]
        for (option, values) in scanned.values where option != "--color" {
            for value in values { arguments += [option, value] }
        }
        switch ReplCommand(tool: tool).prepare(arguments, interactive: false, command: "explain") {
        case .exit(let output):
            return output
        case .run(let driver, _):
            let name = scanned.operands[1]
            let answer = driver.session.explain(name, json: scanned.flags.contains("--json"), useColor: colorsOutput)
            if answer.kind == .error {
                let message = answer.diagnostics.first?.message ?? "cannot explain '\(name)'"
                return tool.usageError(message, command: "explain")
            }
            return CommandOutput(status: 0, stdout: answer.text, stderr: tool.render(answer.diagnostics))
        }
    }
}
