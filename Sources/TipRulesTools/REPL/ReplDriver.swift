import TipRulesSyntax

/// The read-answer loop: reads lines until an input is finished, answers it, and writes the
/// answer as text (a person) or JSON (a program).
package struct ReplDriver {
    package var session: ReplSession
    /// Answer with one JSON object per line read instead of text.
    package let json: Bool
    /// Show prompts (a person at a terminal).
    let showsPrompts: Bool
    let renderer: DiagnosticRenderer
    /// What loading the command line's files found short of an error (their warnings), written
    /// to standard error when the session starts: once, as `tiprules check` would report them.
    package var startupDiagnostics: [Diagnostic] = []

    package static let prompt = "tiprules> "
    package static let continuationPrompt = "      ... "

    package init(session: ReplSession, json: Bool, showsPrompts: Bool, useColor: Bool) {
        self.session = session
        self.json = json
        self.showsPrompts = showsPrompts && !json
        self.renderer = DiagnosticRenderer(useColor: useColor)
    }

    /// Runs until the input ends or `:quit`. Returns the exit status: 1 when a piped input had
    /// an error, 0 otherwise (a person's mistakes at a terminal are not the session's failure).
    package mutating func run(_ reader: inout some LineReader, write: (_ text: String, _ isError: Bool) -> Void) -> Int32 {
        var pending: [String] = []
        var failed = false
        if !startupDiagnostics.isEmpty {
            write(renderer.render(startupDiagnostics), true)
            startupDiagnostics = []
        }
        while true {
            reader.setCompleter(ReplCompleter(session: session, pending: pending))
            let input = reader.readLine(prompt: showsPrompts ? (pending.isEmpty ? ReplDriver.prompt : ReplDriver.continuationPrompt) : "")
            switch input {
            case .end:
                if !pending.isEmpty {
                    // The input ended inside an entry: answer it as it is, which says what is missing.
                    let answer = session.answer(pending.joined(separator: "\n"))
                    failed = failed || answer.failed
                    emit(answer, write)
                }
                if showsPrompts { write("\n", false) }
                return failed && !showsPrompts ? 1 : 0
            case .interrupted:
                if !pending.isEmpty && json { emit(ReplAnswer(kind: .abandoned, input: pending.joined(separator: "\n")), write) }
                pending = []
                if showsPrompts { write("\n", false) }
            case .line(let line):
                if !pending.isEmpty && line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                    let abandoned = pending.joined(separator: "\n")
                    pending = []
                    if json { emit(ReplAnswer(kind: .abandoned, input: abandoned), write) }
                    continue
                }
                pending.append(line)
                let text = pending.joined(separator: "\n")
                if InputShape.isUnfinished(text) {
                    if json { emit(ReplAnswer(kind: .incomplete, input: text), write) }
                    continue
                }
                pending = []
                if !text.allSatisfy(\.isWhitespace) { reader.addHistory(text) }
                let answer = session.answer(text)
                failed = failed || answer.failed
                emit(answer, write)
                if answer.quits { return failed && !showsPrompts ? 1 : 0 }
            }
        }
    }

    private func emit(_ answer: ReplAnswer, _ write: (String, Bool) -> Void) {
        if json {
            write(answer.json, false)
            return
        }
        if !answer.text.isEmpty { write(DiagnosticRenderer.printableLines(answer.text), false) }
        if !answer.diagnostics.isEmpty { write(renderer.render(answer.diagnostics), true) }
    }
}

extension DiagnosticRenderer {
    /// Text safe for a terminal, keeping its line breaks.
    static func printableLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { printable(String($0)) }.joined(separator: "\n")
    }
}
