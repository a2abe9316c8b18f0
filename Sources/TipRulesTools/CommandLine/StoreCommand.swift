import TipRules
import TipRulesRuntime
import TipRulesSemantics
import TipRulesStore
import TipRulesSyntax

import Foundation

/// `tiprules store import RULES LOG... [--store LOCATION] [--subject ID]` and
/// `tiprules store export [--store LOCATION] [--subject ID]`.
struct StoreCommand {
    let tool: CommandLineTool

    func run(_ arguments: [String]) -> CommandOutput {
        let scanned: ArgumentScanner
        switch ArgumentScanner.scan(arguments, valued: ["--subject", "--store", "--max-source-size", "--color"], flags: ["--help", "-h"]) {
        case .success(let value): scanned = value
        case .failure(let problem): return tool.usageError(problem.description, command: "store")
        }
        if scanned.flags.contains("--help") || scanned.flags.contains("-h") || scanned.operands.isEmpty {
            return CommandOutput(status: scanned.operands.isEmpty && !scanned.flags.contains("--help") && !scanned.flags.contains("-h") ? 2 : 0,
                                 stdout: CommandHelp.store, stderr: "")
        }
        var rest = scanned
        rest.operands.removeFirst()
        switch scanned.operands[0] {
        case "import": return importLogs(rest)
        case "export": return export(rest)
        case let other:
            var message = "unknown store command '\(other)'"
            if let suggestion = Suggestions.closest(to: other, in: ["import", "export"]) { message += "; did you mean '\(suggestion)'?" }
            return tool.usageError(message, command: "store")
        }
    }

    /// Checks every line of the logs against the rules, then writes them all, in batches of
    /// transactions; a log with a bad line writes nothing.
    private func importLogs(_ scanned: ArgumentScanner) -> CommandOutput {
        guard scanned.operands.count >= 2 else { return tool.usageError("give the rule file and at least one donation log", command: "store") }
        let program: CompiledProgram
        switch tool.compileRules(scanned, command: "store") {
        case .success(let compiled): program = compiled
        case .failure(let failure): return failure.output
        }
        var store = DonationStore(program: program)
        var issues: [Diagnostic] = []
        for log in scanned.operands.dropFirst() {
            switch tool.read(log) {
            case .success(let bytes): issues += DonationLog.load(bytes, fileName: log == "-" ? "<stdin>" : log, into: &store)
            case .failure(let problem): return tool.usageError(problem.description, command: "store")
            }
        }
        if !issues.isEmpty {
            return CommandOutput(status: 1, stdout: "", stderr: tool.render(issues)
                + "\(issues.count) rejected donation line\(issues.count == 1 ? "" : "s"); nothing was imported\n")
        }
        let location = StoreAccess.location(scanned, always: true)!
        let subject = StoreAccess.subject(scanned)
        switch StoreAccess.open(location, events: program.events, subject: subject, readOnly: false) {
        case .failure(let problem):
            return CommandOutput(status: 1, stdout: "", stderr: tool.render([problem]))
        case .success(let storage):
            var batch: [(event: EventSchema, date: Date, payload: [Value])] = []
            do {
                for (index, schema) in store.schemas.enumerated() {
                    let stream = store.stream(at: index)
                    for position in 0..<stream.count {
                        batch.append((schema, Date(timeIntervalSinceReferenceDate: stream.dates[position]), stream.columns.map { $0[position] }))
                        if batch.count == 10_000 {
                            try storage.record(batch)
                            batch.removeAll(keepingCapacity: true)
                        }
                    }
                }
                try storage.record(batch)
            } catch {
                return CommandOutput(status: 1, stdout: "", stderr: tool.render([error]))
            }
        }
        let count = store.totalCount
        return CommandOutput(status: 0, stdout: "imported \(count) donation\(count == 1 ? "" : "s") into \(location)" + (subject.isEmpty ? "" : " (subject '\(subject)')") + "\n", stderr: "")
    }

    /// Writes a subject's donations as an NDJSON log on stdout, oldest first.
    private func export(_ scanned: ArgumentScanner) -> CommandOutput {
        guard scanned.operands.isEmpty else { return tool.usageError("'store export' takes no operands; name the store with --store", command: "store") }
        let location = StoreAccess.location(scanned, always: true)!
        let subject = StoreAccess.subject(scanned)
        switch StoreAccess.open(location, events: [], subject: subject, readOnly: true) {
        case .failure(let problem):
            return CommandOutput(status: 1, stdout: "", stderr: tool.render([problem]))
        case .success(let storage):
            do {
                var text = ""
                for row in try storage.allDonations() where row.subject == subject {
                    text += "{\"event\": \(StringLiteral.json(row.event)), \"date\": \(StringLiteral.json(ISO8601.formatLosslessly(row.date)))"
                    if row.payload != "{}" { text += ", \"value\": \(row.payload)" }
                    text += "}\n"
                }
                return CommandOutput(status: 0, stdout: text, stderr: "")
            } catch {
                return CommandOutput(status: 1, stdout: "", stderr: tool.render([error]))
            }
        }
    }
}
