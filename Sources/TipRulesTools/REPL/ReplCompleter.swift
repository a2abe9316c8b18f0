import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// Tab completion that knows the session's declarations and types: commands, declared names,
/// the members of whatever is before a `.` (typed by the checker, so `$0.` inside a closure
/// offers the payload fields), time ranges, event names after `:donate`, lets and rules after
/// `:explain`, and files after `:load` and `:save`.
package struct ReplCompleter: Sendable {
    /// Where the completed word starts in the line (a UTF-8 offset), and the words that may
    /// replace it.
    package struct Completion: Equatable, Sendable {
        package var start: Int
        package var candidates: [String]
    }

    let program: CompiledProgram
    let compiler: RuleCompiler
    /// The earlier lines of an unfinished entry, which give the current line its context.
    let pending: [String]

    package init(session: ReplSession, pending: [String]) {
        self.program = session.program
        self.compiler = session.compiler
        self.pending = pending
    }

    /// Completions for a line whose cursor is at its end (`line` is the text before the cursor).
    package func complete(_ line: String) -> Completion {
        let bytes = Array(line.utf8)
        if pending.isEmpty, line.trimmingLeadingWhitespace().hasPrefix(":") {
            return completeCommand(bytes)
        }
        let context = pending.map { $0 + "\n" }.joined()
        return completeExpression(bytes, context: Array(context.utf8))
    }

    // MARK: - Commands

    private func completeCommand(_ bytes: [UInt8]) -> Completion {
        let line = ReplSession.split(String(decoding: bytes, as: UTF8.self))
        let hasArgument = line.argumentRange.start > line.nameRange.end || (line.nameRange.end < bytes.count)
        if !hasArgument {
            let names = ReplSession.commands.map(\.name).filter { $0.hasPrefix(line.name) }
            return Completion(start: line.nameRange.start, candidates: names.map { ":" + $0 })
        }
        let matches = ReplSession.commands.filter { $0.name.hasPrefix(line.name) }
        guard let command = ReplSession.commands.first(where: { $0.name == line.name }) ?? (matches.count == 1 ? matches[0] : nil) else {
            return Completion(start: bytes.count, candidates: [])
        }
        let argumentStart = line.argumentRange.start
        let argument = Array(bytes[min(argumentStart, bytes.count)...])
        switch command.name {
        case "load", "save":
            return files(String(decoding: argument, as: UTF8.self), start: argumentStart)
        case "donate" where !argument.contains(0x20) && !argument.contains(UInt8(ascii: "{")):
            return names(program.events.map(\.id), prefix: argument, start: argumentStart)
        case "explain" where !argument.contains(0x20):
            return names(program.declarations.map(\.name), prefix: argument, start: argumentStart)
        case "set" where !argument.contains(0x20):
            return names(program.parameters.map(\.name), prefix: argument, start: argumentStart)
        case "type":
            // The expression keeps its columns: everything before it is blanked.
            let blanked = [UInt8](repeating: 0x20, count: argumentStart) + argument
            return completeExpression(blanked, context: [])
        default:
            return Completion(start: bytes.count, candidates: [])
        }
    }

    /// Paths starting with the typed text: entries of its folder, folders ending in `/`.
    private func files(_ typed: String, start: Int) -> Completion {
        let expanded = ReplSession.expandingHome(typed)
        let slash = expanded.lastIndex(of: "/")
        let folder = slash.map { String(expanded[...$0]) } ?? ""
        let namePrefix = slash.map { String(expanded[expanded.index(after: $0)...]) } ?? expanded
        let typedFolder = typed.lastIndex(of: "/").map { String(typed[...$0]) } ?? ""
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else {
            return Completion(start: start, candidates: [])
        }
        var candidates: [String] = []
        for entry in entries.sorted() where entry.hasPrefix(namePrefix) && (namePrefix.hasPrefix(".") || !entry.hasPrefix(".")) {
            var isDirectory: ObjCBool = false
            _ = manager.fileExists(atPath: folder + entry, isDirectory: &isDirectory)
            candidates.append(typedFolder + entry + (isDirectory.boolValue ? "/" : ""))
        }
        return Completion(start: start, candidates: candidates)
    }

    // MARK: - Expressions

    private func completeExpression(_ bytes: [UInt8], context: [UInt8]) -> Completion {
        var wordStart = bytes.count
        while wordStart > 0, ReplCompleter.isWordByte(bytes[wordStart - 1]) { wordStart -= 1 }
        let word = Array(bytes[wordStart...])
        if wordStart > 0, bytes[wordStart - 1] == UInt8(ascii: "$") {
            return names(program.parameters.map { "$" + $0.name }, prefix: [UInt8(ascii: "$")] + word, start: wordStart - 1)
        }
        if wordStart > 0, bytes[wordStart - 1] == UInt8(ascii: ".") {
            let members = memberNames(before: context + bytes[..<wordStart], offset: context.count) ?? []
            return names(members, prefix: word, start: wordStart)
        }
        guard !word.isEmpty, !(word.first.map { $0 >= 0x30 && $0 <= 0x39 } ?? false) else {
            return Completion(start: wordStart, candidates: [])
        }
        var known = program.events.map(\.id) + program.parameters.map(\.name) + program.declarations.map(\.name)
        known += Array(Builtins.globalFunctionNames) + Array(RuleType.named.keys) + ["true", "false", "nil"]
        return names(known, prefix: word, start: wordStart)
    }

    /// The members the checker finds on the receiver before the final `.` of `text`.
    private func memberNames(before text: ArraySlice<UInt8>, offset: Int) -> [String]? {
        var probe = Array(ReplCompleter.expressionPart(Array(text)))
        probe += Array(RuleCompiler.completionProbe.utf8)
        probe += ReplCompleter.closers(for: probe)
        return compiler.memberCompletions(SourceFile(name: "<completion>", bytes: probe), in: program)
    }

    /// The expression of a declaration being typed (`let x = EXPR`, `rule r { ENTRY`), with
    /// what comes before it blanked so offsets stay put; other text as it is.
    static func expressionPart(_ text: [UInt8]) -> [UInt8] {
        var diagnostics = DiagnosticBag()
        let tokens = Lexer.tokenize(SourceFile(name: "<completion>", bytes: text), into: &diagnostics)
        guard let first = tokens.first, case .keyword(let keyword) = first.kind,
              keyword == .let || keyword == .rule || keyword == .parameter else { return text }
        // The expression starts after the declaration's `=`, or its block's `{` and the
        // current line of the block.
        var start = text.count
        for token in tokens {
            if token.kind == .equals { start = token.range.end; break }
            if token.kind == .leftBrace {
                start = (text.lastIndex(of: 0x0A).map { $0 + 1 } ?? token.range.end)
                start = max(start, token.range.end)
                break
            }
        }
        return [UInt8](repeating: 0x20, count: start) + text[start...]
    }

    /// The brackets that close what is open at the end of the text, innermost first.
    static func closers(for text: [UInt8]) -> [UInt8] {
        var diagnostics = DiagnosticBag()
        var open: [UInt8] = []
        for token in Lexer.tokenize(SourceFile(name: "<completion>", bytes: text), into: &diagnostics) {
            switch token.kind {
            case .leftParen: open.append(UInt8(ascii: ")"))
            case .leftBracket: open.append(UInt8(ascii: "]"))
            case .leftBrace: open.append(UInt8(ascii: "}"))
            case .rightParen, .rightBracket, .rightBrace: if !open.isEmpty { open.removeLast() }
            default: break
            }
        }
        return Array(open.reversed())
    }

    private func names(_ candidates: some Sequence<String>, prefix: [UInt8], start: Int) -> Completion {
        let prefixText = String(decoding: prefix, as: UTF8.self)
        let matching = Set(candidates.filter { $0.hasPrefix(prefixText) && $0 != RuleCompiler.completionProbe })
        return Completion(start: start, candidates: matching.sorted())
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
    }
}
