import TipRules
import TipRulesRuntime
import TipRulesSemantics
import TipRulesStore
import TipRulesSyntax

import Foundation

/// `tiprules donate RULES EVENT [JSON] [--at DATE] [--subject ID] [--store LOCATION]`
struct DonateCommand {
    let tool: CommandLineTool

    func run(_ arguments: [String]) -> CommandOutput {
        let scanned: ArgumentScanner
        switch ArgumentScanner.scan(arguments, valued: ["--at", "--subject", "--store", "--max-source-size", "--color"], flags: ["--help", "-h"]) {
        case .success(let value): scanned = value
        case .failure(let problem): return tool.usageError(problem.description, command: "donate")
        }
        if scanned.flags.contains("--help") || scanned.flags.contains("-h") {
            return CommandOutput(status: 0, stdout: CommandHelp.donate, stderr: "")
        }
        guard (2...3).contains(scanned.operands.count) else {
            return tool.usageError("give the rule file, the event and, for an event with a payload, its JSON", command: "donate")
        }
        let program: CompiledProgram
        switch tool.compileRules(scanned, command: "donate") {
        case .success(let compiled): program = compiled
        case .failure(let failure): return failure.output
        }
        let eventName = scanned.operands[1]
        guard let eventIndex = program.eventIndex(eventName) else {
            var message = "no event named '\(eventName)' in \(scanned.operands[0])"
            if let suggestion = Suggestions.closest(to: eventName, in: program.events.map(\.id)) { message += "; did you mean '\(suggestion)'?" }
            return tool.usageError(message, command: "donate")
        }
        let schema = program.events[eventIndex]
        var payload: JSONValue?
        var located: LocatedJSON?
        if scanned.operands.count == 3 {
            let text = scanned.operands[2]
            switch JSONParser.parseLocated(Array(text.utf8)) {
            case .success(let json): (payload, located) = (json.value, json)
            case .failure(let failure):
                let file = SourceFile(name: "<payload>", text: text)
                let offset = min(failure.column - 1, text.utf8.count)
                let diagnostic = Diagnostic(ReplMessages.badJSON(failure.message), file: file, range: SourceRange(start: offset, end: min(offset + 1, text.utf8.count)))
                return CommandOutput(status: 1, stdout: "", stderr: tool.render([diagnostic]))
            }
        }
        let values: [Value]
        switch DonationLog.decodePayload(payload, of: schema) {
        case .success(let decoded): values = decoded
        case .failure(let problem):
            let text = scanned.operands.count == 3 ? scanned.operands[2] : eventName
            var diagnostic = Diagnostic.about(text, in: "<payload>", problem.message)
            if let field = located?.range(of: problem.place, payloadKey: nil) {
                // At the field the problem is about.
                diagnostic.range = SourceRange(start: field.lowerBound, end: field.upperBound)
            }
            if let file = schema.file { diagnostic.notes = [Diagnostic.Note(message: "'\(eventName)' declared here", file: file, range: schema.range)] }
            return CommandOutput(status: 1, stdout: "", stderr: tool.render([diagnostic]))
        }
        var date = Date()
        if let at = scanned.values["--at"]?.last {
            switch ISO8601.parse(at) {
            case .success(let seconds): date = Date(timeIntervalSinceReferenceDate: seconds)
            case .failure(let error): return tool.usageError("bad --at: \(error)", command: "donate")
            }
        }
        let location = StoreAccess.location(scanned, always: true)!
        let subject = StoreAccess.subject(scanned)
        switch StoreAccess.open(location, events: program.events, subject: subject, readOnly: false) {
        case .failure(let problem):
            return CommandOutput(status: 1, stdout: "", stderr: tool.render([problem]))
        case .success(let storage):
            do {
                try storage.record(schema, date: date, payload: values)
            } catch {
                return CommandOutput(status: 1, stdout: "", stderr: tool.render([error]))
            }
        }
        var line = "donated \(eventName) at \(ISO8601.formatLosslessly(date.timeIntervalSinceReferenceDate))"
        if !schema.fields.isEmpty { line += " " + DonationRecord.payloadJSON(values, schema) }
        line += " to \(location)" + (subject.isEmpty ? "" : " (subject '\(subject)')")
        return CommandOutput(status: 0, stdout: DiagnosticRenderer.printable(line) + "\n", stderr: "")
    }
}

extension CommandLineTool {
    /// Reads and compiles the rule file named first, or the output that says why not.
    func compileRules(_ scanned: ArgumentScanner, command: String) -> Result<CompiledProgram, CommandOutputFailure> {
        let path = scanned.operands[0]
        let bytes: [UInt8]
        switch read(path) {
        case .success(let data): bytes = data
        case .failure(let problem): return .failure(CommandOutputFailure(output: usageError(problem.description, command: command)))
        }
        let limits: CompileLimits
        switch scanned.compileLimits() {
        case .success(let value): limits = value
        case .failure(let problem): return .failure(CommandOutputFailure(output: usageError(problem.description, command: command)))
        }
        let compilation = RuleCompiler(limits: limits).compile(SourceFile(name: path == "-" ? "<stdin>" : path, bytes: bytes))
        guard let program = compilation.program else {
            return .failure(CommandOutputFailure(output: CommandOutput(status: 1, stdout: "", stderr: render(compilation.diagnostics, suppressed: compilation.suppressedCount))))
        }
        return .success(program)
    }
}

/// A command's output when it stops early.
struct CommandOutputFailure: Error {
    var output: CommandOutput
}
