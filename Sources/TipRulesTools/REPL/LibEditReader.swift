#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// Line editing with libedit, loaded when the REPL starts (`dlopen`), so TipRules neither
/// links it nor needs its headers: arrow keys, Ctrl-R history search, Tab completion, and a
/// history kept across sessions. Nil when the library is not installed.
///
/// libedit's readline interface calls back through plain C function pointers without a
/// context argument, so the completer and the Ctrl-C flag they reach are process-wide
/// (`LibEditHooks`); one reader exists per process.
package struct LibEditReader: LineReader {
    private typealias Readline = @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
    private typealias StringFunction = @convention(c) (UnsafePointer<CChar>?) -> Int32
    private typealias IntFunction = @convention(c) (Int32) -> Void
    private typealias VoidFunction = @convention(c) () -> Int32

    private let readline: Readline
    private let addHistoryFunction: StringFunction
    private let writeHistory: StringFunction
    private let historyPath: String?
    /// The last entry added, so repeating it does not fill the history.
    private var lastEntry: String?

    /// The most entries the history file keeps.
    package static let historyLimit: Int32 = 1000

    /// Loads libedit and sets it up, reading the history from `historyPath`.
    package init?(historyPath: String?) {
        var library: UnsafeMutableRawPointer?
        for name in ["libedit.so.2", "libedit.so", "libedit.3.dylib", "libedit.dylib"] {
            library = dlopen(name, RTLD_NOW | RTLD_LOCAL)
            if library != nil { break }
        }
        guard let library,
              let readline = dlsym(library, "readline"), let addHistory = dlsym(library, "add_history"),
              let readHistory = dlsym(library, "read_history"), let writeHistory = dlsym(library, "write_history"),
              let stifle = dlsym(library, "stifle_history"), let initialize = dlsym(library, "rl_initialize"),
              let getcFunction = dlsym(library, "rl_getc_function"), let catchSignals = dlsym(library, "rl_catch_signals"),
              let completion = dlsym(library, "rl_attempted_completion_function"),
              let lineBuffer = dlsym(library, "rl_line_buffer")
        else { return nil }
        self.readline = unsafeBitCast(readline, to: Readline.self)
        self.addHistoryFunction = unsafeBitCast(addHistory, to: StringFunction.self)
        self.writeHistory = unsafeBitCast(writeHistory, to: StringFunction.self)
        self.historyPath = historyPath

        // Ctrl-C: our read returns end of input after it (`InterruptSignal`), so readline
        // returns and the REPL abandons the line (libedit's own signal handling would resend
        // the signal to the whole process group).
        catchSignals.storeBytes(of: 0, as: Int32.self)
        getcFunction.storeBytes(of: LibEditHooks.readByte, as: (@convention(c) (UnsafeMutableRawPointer?) -> Int32).self)
        completion.storeBytes(of: LibEditHooks.complete, as: LibEditHooks.CompletionFunction.self)
        LibEditHooks.state.withLock { state in
            state.lineBuffer = lineBuffer
        }
        if let breaks = dlsym(library, "rl_basic_word_break_characters") {
            // Completion replaces names: a member after `.`, a `$parameter`, a `:command`, a path.
            breaks.storeBytes(of: UnsafePointer(strdup(" \t\n\"'`@><=;|&{}()[],!+-*/%?.")), as: UnsafePointer<CChar>?.self)
        }
        if let append = dlsym(library, "rl_completion_append_character") {
            append.storeBytes(of: 0, as: Int32.self)
        }
        if let name = dlsym(library, "rl_readline_name") {
            name.storeBytes(of: UnsafePointer(strdup("tiprules")), as: UnsafePointer<CChar>?.self)
        }
        _ = unsafeBitCast(initialize, to: VoidFunction.self)()
        InterruptSignal.install()
        unsafeBitCast(stifle, to: IntFunction.self)(LibEditReader.historyLimit)
        if let historyPath {
            _ = unsafeBitCast(readHistory, to: StringFunction.self)(historyPath)
        }
    }

    package mutating func readLine(prompt: String) -> LineInput {
        InterruptSignal.reset()
        guard let line = prompt.withCString({ readline($0) }) else {
            return InterruptSignal.take() ? .interrupted : .end
        }
        defer { free(line) }
        return .line(String(cString: line))
    }

    package mutating func addHistory(_ entry: String) {
        guard entry != lastEntry else { return }
        lastEntry = entry
        _ = entry.withCString { addHistoryFunction($0) }
        guard let historyPath else { return }
        // Written after every entry, so a session that is killed keeps its history.
        _ = historyPath.withCString { writeHistory($0) }
    }

    package mutating func setCompleter(_ completer: ReplCompleter) {
        LibEditHooks.state.withLock { $0.completer = completer }
    }

    /// `$XDG_STATE_HOME/tiprules/history`, by default `~/.local/state/tiprules/history`; the
    /// folder is made when missing. Nil when there is no home to keep it in.
    package static func defaultHistoryPath(environment: [String: String]) -> String? {
        let state: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            state = xdg
        } else if let home = environment["HOME"], !home.isEmpty {
            state = home + "/.local/state"
        } else {
            return nil
        }
        let folder = state + "/tiprules"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/history"
    }
}

/// What libedit's C callbacks reach: the completer of the moment, and where libedit keeps the
/// line.
enum LibEditHooks {
    typealias CompletionFunction = @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

    struct State: @unchecked Sendable {
        // `@unchecked`: the pointers are libedit's variables, read only on the thread that
        // runs readline, and only under the mutex.
        var completer: ReplCompleter?
        var lineBuffer: UnsafeMutableRawPointer?
    }

    static let state = Mutex(State())
    /// Reads one byte of input for libedit; end of input on Ctrl-C, so readline returns.
    static let readByte: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { _ in
        InterruptSignal.readByte().map { Int32($0) } ?? -1
    }

    /// libedit's attempted-completion callback: the matches for the word from `start` to
    /// `end`, as a malloc'd array (the common prefix first, then each match, then NULLs).
    static let complete: CompletionFunction = { _, start, end in
        let (completer, line) = LibEditHooks.state.withLock { state -> (ReplCompleter?, [UInt8]) in
            guard let buffer = state.lineBuffer?.load(as: UnsafeMutablePointer<CChar>?.self) else { return (state.completer, []) }
            let length = Int(end)
            return (state.completer, (0..<length).map { UInt8(bitPattern: buffer[$0]) })
        }
        guard let completer, start >= 0, Int(start) <= line.count else { return nil }
        let completion = completer.complete(String(decoding: line, as: UTF8.self))
        // libedit replaces the text from `start`; the completer's words start at its own start.
        let words: [[UInt8]] = completion.candidates.compactMap { candidate in
            let bytes = Array(candidate.utf8)
            let from = Int(start)
            if completion.start >= from {
                return Array(line[from..<completion.start]) + bytes
            }
            let overlap = from - completion.start
            guard bytes.count >= overlap, Array(bytes[..<overlap]) == Array(line[completion.start..<from]) else { return nil }
            return Array(bytes[overlap...])
        }
        guard !words.isEmpty else { return nil }
        var common = words[0]
        for word in words.dropFirst() {
            common = Array(zip(common, word).prefix { $0 == $1 }.map(\.0))
        }
        let entries = words.count == 1 ? words : [common] + words
        // libedit frees the array and its strings with free().
        let size = MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (entries.count + 3)
        guard let memory = malloc(size) else { return nil }
        let array = memory.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: entries.count + 3)
        for (index, entry) in entries.enumerated() {
            array[index] = strdup(String(decoding: entry, as: UTF8.self))
        }
        for index in entries.count..<(entries.count + 3) { array[index] = nil }
        return array
    }
}
