#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What reading a line gave.
package enum LineInput: Equatable {
    /// A line, without its line break.
    case line(String)
    /// Ctrl-C: abandon what was being typed.
    case interrupted
    /// End of input (Ctrl-D on an empty line, or the end of a pipe).
    case end
}

/// Where the REPL's lines come from: a line editor on a terminal, a pipe, or a test's script.
package protocol LineReader {
    /// Reads one line, showing the prompt where there is a person to see it.
    mutating func readLine(prompt: String) -> LineInput
    /// Remembers a finished entry (several lines for a multi-line one) for recall.
    mutating func addHistory(_ entry: String)
    /// Tells the reader what completion offers now (names, members, commands).
    mutating func setCompleter(_ completer: ReplCompleter)
}

extension LineReader {
    package mutating func addHistory(_ entry: String) {}
    package mutating func setCompleter(_ completer: ReplCompleter) {}
}

/// Lines from standard input without editing, for pipes and terminals without libedit.
package struct PlainLineReader: LineReader {
    /// Whether to print prompts (a terminal without libedit).
    let showsPrompt: Bool

    /// A reader of standard input; on a terminal (`showsPrompt`), Ctrl-C abandons the line
    /// instead of ending the process.
    package init(showsPrompt: Bool) {
        self.showsPrompt = showsPrompt
        if showsPrompt { InterruptSignal.install() }
    }

    package mutating func readLine(prompt: String) -> LineInput {
        if showsPrompt { Terminal.write(prompt, to: 1) }
        InterruptSignal.reset()
        guard let line = Swift.readLine(strippingNewline: true) else {
            // glibc keeps reading after an interrupted read; only end of file is sticky.
            return InterruptSignal.take() ? .interrupted : .end
        }
        return .line(line)
    }
}

/// Lines from a list, for tests and transcripts.
package struct ScriptedLineReader: LineReader {
    private var lines: [String]
    private var index = 0
    /// The history entries added, in order.
    package private(set) var history: [String] = []

    package init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
    }

    package mutating func readLine(prompt: String) -> LineInput {
        guard index < lines.count else { return .end }
        defer { index += 1 }
        return .line(lines[index])
    }

    package mutating func addHistory(_ entry: String) {
        history.append(entry)
    }
}

/// Writes to file descriptors directly, so prompts and answers interleave in order without
/// the C library's buffers.
package enum Terminal {
    /// Writes all of the text, retrying after interruptions; a closed reader is not an error
    /// here (the caller's status says what happened).
    package static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
        bytes.removeAll()
    }
}
