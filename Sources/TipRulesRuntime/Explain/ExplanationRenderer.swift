import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// Writes an explanation for people (each subexpression underlined in its source line, with
/// its value) or as JSON for editors and tools.
package struct ExplanationRenderer {
    /// Whether to colour the text with ANSI escapes (terminals only).
    package var useColor: Bool
    /// Where a range of the program's text is to be shown: the REPL's declarations come from
    /// several files and are compiled as one text.
    package var locate: (SourceFile, SourceRange) -> (SourceFile, SourceRange)

    package init(useColor: Bool = false, locate: @escaping (SourceFile, SourceRange) -> (SourceFile, SourceRange) = { ($0, $1) }) {
        self.useColor = useColor
        self.locate = locate
    }

    // MARK: - Text

    package func text(_ explanation: Explanation) -> String {
        var blocks: [String] = []
        var referenced: Set<String> = []
        for declaration in explanation.declarations {
            blocks.append(text(declaration, referenced: &referenced))
        }
        return blocks.joined(separator: "\n")
    }

    private func text(_ declaration: ExplainedDeclaration, referenced: inout Set<String>) -> String {
        let (file, nameRange) = locate(declaration.file, declaration.nameRange)
        let location = file.location(of: nameRange.start)
        var out = "\(declaration.kind) \(declaration.name): \(declaration.type) = "
        switch declaration.outcome {
        case .success(let value): out += paint(ExplainText.value(value, declaration.type), color(for: value))
        case .failure(let error): out += paint("error: \(error.message)", "1;31")
        }
        out += "\n  --> \(DiagnosticRenderer.printable(file.name)):\(location.line):\(location.column)\n"
        var writer = RowWriter(renderer: self, declaration: declaration)
        writer.rows(declaration.tree, referenced: &referenced)
        out += writer.text
        if !declaration.changes.isEmpty {
            out += "  what would change it:\n" + declaration.changes.map { "    - \($0)\n" }.joined()
        }
        return out
    }

    /// The rows of one declaration's tree: a source line when a node starts on a new one, then
    /// the node underlined with its value, and its pipeline and notes.
    private struct RowWriter {
        let renderer: ExplanationRenderer
        let declaration: ExplainedDeclaration
        var text = ""
        private var shownLine: (SourceFile, Int)?
        /// The last row written: a node that says the same of the same text adds nothing.
        private var lastRow: (SourceRange, String)?
        private var gutter = 3

        init(renderer: ExplanationRenderer, declaration: ExplainedDeclaration) {
            self.renderer = renderer
            self.declaration = declaration
            let (file, range) = renderer.locate(declaration.file, declaration.tree.range)
            gutter = String(file.location(of: range.end).line).count + 1
        }

        mutating func rows(_ node: ExplainedNode, referenced: inout Set<String>) {
            if !node.isQuiet { row(node, referenced: &referenced) }
            if case .notEvaluated = node.state { return }
            for child in node.children { rows(child, referenced: &referenced) }
        }

        private mutating func row(_ node: ExplainedNode, referenced: inout Set<String>) {
            let (file, range) = renderer.locate(declaration.file, node.range)
            let start = file.location(of: range.start)
            let end = file.location(of: range.end)
            if shownLine.map({ $0.0 != file || $0.1 != start.line }) ?? true {
                text += pad(String(start.line)) + "| " + DiagnosticRenderer.printable(file.lineText(start.line)) + "\n"
                shownLine = (file, start.line)
            }
            let lineLength = file.lineText(start.line).unicodeScalars.count
            let width = end.line == start.line ? max(1, end.column - start.column) : max(1, lineLength + 1 - start.column)
            let indent = String(repeating: " ", count: start.column - 1)
            var value = renderer.describe(node)
            if let last = lastRow, last.0 == range, last.1 == value, node.notes.isEmpty, node.pipeline == nil { return }
            lastRow = (range, value)
            if let reference = node.reference, case .value = node.state {
                value += referenced.contains(reference) ? "  (\(reference), shown above)" : "  (\(reference), explained below)"
                referenced.insert(reference)
            }
            let underline = String(repeating: "~", count: width) + (end.line == start.line ? "" : "…")
            text += pad("") + "| " + indent + renderer.paint(underline, "36") + " " + value + "\n"
            for line in [node.pipeline].compactMap({ $0 }) + node.notes {
                text += pad("") + "| " + indent + "= " + DiagnosticRenderer.printable(line) + "\n"
            }
        }

        private func pad(_ number: String) -> String {
            String(repeating: " ", count: max(0, gutter - number.count)) + number + " "
        }
    }

    /// What a node gave, in words.
    func describe(_ node: ExplainedNode) -> String {
        switch node.state {
        case .value(let value): return paint(ExplainText.value(value, node.type), color(for: value))
        case .notEvaluated: return paint("not evaluated", "2")
        case .failed(let error): return paint("error: \(error.message)", "1;31")
        case .interrupted: return "not finished (an error below)"
        case .endedChain: return "nil (the optional chain stopped here)"
        case .closure(let summary): return summary
        }
    }

    private func color(for value: Value) -> String {
        switch value {
        case .bool(true): return "1;32"
        case .bool(false): return "1;31"
        default: return "1"
        }
    }

    func paint(_ text: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    // MARK: - JSON

    /// The explanation as one JSON object: `{"explanations": [...], "now": ..., "timeZone": ...}`.
    package func json(_ explanation: Explanation) -> String {
        let declarations = explanation.declarations.map(json).joined(separator: ", ")
        let zone = ["UTC", "GMT"].contains(explanation.timeZone.identifier) ? "UTC" : explanation.timeZone.identifier
        return "{\"explanations\": [\(declarations)], \"now\": \(StringLiteral.json(ISO8601.formatLosslessly(explanation.now))), "
            + "\"timeZone\": \(StringLiteral.json(zone))}"
    }

    /// A runtime error located where its text came from.
    private func located(_ error: Diagnostic) -> Diagnostic {
        var located = error
        (located.file, located.range) = locate(error.file, error.range)
        return located
    }

    private func json(_ declaration: ExplainedDeclaration) -> String {
        let (file, nameRange) = locate(declaration.file, declaration.nameRange)
        var members = [
            "\"name\": \(StringLiteral.json(declaration.name))",
            "\"declaration\": \(StringLiteral.json(declaration.kind))",
            "\"type\": \(StringLiteral.json(declaration.type.description))",
            "\"file\": \(StringLiteral.json(file.name))",
            DiagnosticJSON.rangeFields(file, nameRange),
        ]
        switch declaration.outcome {
        case .success(let value): members.append("\"value\": \(ValueFormatter.json(value, declaration.type))")
        case .failure(let error): members.append("\"error\": \(DiagnosticJSON.object(located(error)))")
        }
        members.append("\"tree\": \(json(declaration.tree, declaration.file))")
        members.append("\"changes\": [" + declaration.changes.map(StringLiteral.json).joined(separator: ", ") + "]")
        return "{" + members.joined(separator: ", ") + "}"
    }

    private func json(_ node: ExplainedNode, _ programFile: SourceFile) -> String {
        let (file, range) = locate(programFile, node.range)
        var members = [
            "\"text\": \(StringLiteral.json(file.text(in: range)))",
            "\"range\": {\(DiagnosticJSON.rangeFields(file, range))}",
            "\"type\": \(StringLiteral.json(node.type.description))",
        ]
        switch node.state {
        case .value(.donations(let list)):
            // A stream's donations are told by their count; the log has them all.
            members.append("\"evaluated\": true")
            members.append("\"count\": \(list.count)")
        case .value(let value):
            members.append("\"evaluated\": true")
            members.append("\"value\": \(ValueFormatter.json(value, node.type))")
        case .notEvaluated:
            members.append("\"evaluated\": false")
        case .failed(let error):
            members.append("\"evaluated\": true")
            members.append("\"error\": \(DiagnosticJSON.object(located(error)))")
        case .interrupted:
            members.append("\"evaluated\": true")
            members.append("\"interrupted\": true")
        case .endedChain:
            members.append("\"evaluated\": true")
            members.append("\"value\": null")
        case .closure(let summary):
            members.append("\"evaluated\": true")
            members.append("\"summary\": \(StringLiteral.json(summary))")
        }
        if let pipeline = node.pipeline { members.append("\"pipeline\": \(StringLiteral.json(pipeline))") }
        if let reference = node.reference { members.append("\"declaration\": \(StringLiteral.json(reference))") }
        if !node.notes.isEmpty { members.append("\"note\": [" + node.notes.map(StringLiteral.json).joined(separator: ", ") + "]") }
        members.append("\"children\": [" + node.children.map { json($0, programFile) }.joined(separator: ", ") + "]")
        return "{" + members.joined(separator: ", ") + "}"
    }
}
