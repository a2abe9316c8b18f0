import Foundation
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// `tiprules help CODE`, as `rustc --explain`: what a diagnostic code means, and its example
/// run now, so the output shown is exactly what TipRules reports. `tiprules help codes` lists
/// them all.
package enum CodeHelp {
    /// Whether a help topic looks like a diagnostic code (`E0302`, `r0105`).
    static func isCode(_ topic: String) -> Bool {
        topic.count == 5 && topic.first!.isLetter && topic.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Every code with its title, one per line.
    static var index: String {
        "Diagnostic codes (run 'tiprules help CODE' for one):\n"
            + CodeBook.entries.map { "  \($0.code)  \($0.title)\n" }.joined()
    }

    /// The explanation of one code.
    static func explain(_ entry: CodeEntry) -> String {
        var text = "\(entry.code): \(entry.title)\n\n\(wrap(entry.explanation))\n"
        switch entry.example {
        case .rules(let rules):
            text += "\nFor example, this file:\n\n" + indent(rules) + "\nis reported as:\n\n" + indent(report(entry.example))
        case .evaluation(let rules, let log, let expression):
            text += "\nFor example, with these rules:\n\n" + indent(rules)
            if !log.isEmpty { text += "\nand this donation log:\n\n" + indent(log) }
            text += "\nevaluating '\(expression)' gives:\n\n" + indent(report(entry.example))
        case .donations(let rules, let log):
            text += "\nFor example, with these rules:\n\n" + indent(rules) + "\nthis donation log line:\n\n" + indent(log)
                + "\nis rejected with:\n\n" + indent(report(entry.example))
        case .session(let session):
            text += "\nFor example:\n\n" + indent(session)
        }
        return text
    }

    /// The diagnostics a runnable example produces, rendered as the command line renders them.
    package static func diagnostics(_ example: CodeEntry.Example) -> [Diagnostic] {
        let compiler = RuleCompiler()
        switch example {
        case .rules(let rules):
            return compiler.compile(SourceFile(name: "example.rules", text: rules + "\n")).diagnostics
        case .evaluation(let rules, let log, let expression):
            guard let program = compiler.compile(SourceFile(name: "example.rules", text: rules + "\n")).program else { return [] }
            var store = DonationStore(program: program)
            _ = DonationLog.load(Array((log + "\n").utf8), fileName: "example.ndjson", into: &store)
            let compiled = compiler.compileExpression(SourceFile(name: "<expr>", text: expression), in: program)
            guard let body = compiled.expression else { return compiled.diagnostics }
            // A fixed clock, so the example gives the same answer on every day.
            var evaluation = Evaluation(program: program, donations: store,
                                        options: EvaluationOptions(now: Date(timeIntervalSinceReferenceDate: 817_732_800)))
            if case .failure(let error) = evaluation.evaluate(body).outcome { return [error] }
            return []
        case .donations(let rules, let log):
            guard let program = compiler.compile(SourceFile(name: "example.rules", text: rules + "\n")).program else { return [] }
            var store = DonationStore(program: program)
            return DonationLog.load(Array((log + "\n").utf8), fileName: "example.ndjson", into: &store)
        case .session:
            return []
        }
    }

    private static func report(_ example: CodeEntry.Example) -> String {
        DiagnosticRenderer().render(diagnostics(example))
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
            .trimmingTrailingNewlines() + "\n"
    }

    /// Words wrapped at 96 columns.
    private static func wrap(_ text: String) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > 96 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
