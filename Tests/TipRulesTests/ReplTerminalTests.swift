import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

private let executable = tiprulesExecutable

/// A `tiprules repl` on a pseudo-terminal, typed at like a person would.
private final class TerminalSession {
    let master: Int32
    let pid: pid_t
    private(set) var output = ""
    /// Where the next `expect` starts looking.
    private var cursor: String.Index

    init(arguments: [String], environment: [String: String]) throws {
        var master: Int32 = 0
        var slave: Int32 = 0
        var size = winsize(ws_row: 40, ws_col: 200, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw TerminalError("openpty failed") }
        // Close-on-exec (see `runChild`): a process another test starts must not hold them.
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        guard let name = ttyname(slave) else { throw TerminalError("no name for the pseudo-terminal") }
        let slaveName = String(cString: name)
        close(slave)
        self.master = master

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // A new session whose first terminal opened becomes its controlling terminal, so
        // Ctrl-C reaches the REPL as SIGINT.
        posix_spawn_file_actions_addopen(&actions, 0, slaveName, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // glibc's POSIX_SPAWN_SETSID, which its Swift module does not export.
        posix_spawnattr_setflags(&attributes, 0x80)

        let argv = ([executable, "repl"] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw TerminalError("cannot start \(executable): \(String(cString: strerror(status)))") }
        self.pid = pid
        cursor = output.startIndex
    }

    /// Types text (control characters included), once the line editor is reading.
    func type(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        waitUntilEditing(sourceLocation: sourceLocation)
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits until the terminal is in the line editor's raw mode. libedit draws the prompt a
    /// moment before it leaves the terminal's line mode, and a Ctrl-D or Ctrl-C typed in that
    /// moment is taken by the terminal's own line discipline, as it would be from a person
    /// typing ahead.
    private func waitUntilEditing(timeout: Double = 15, sourceLocation: SourceLocation) {
        let deadline = Date().addingTimeInterval(timeout)
        var attributes = termios()
        while Date() < deadline {
            if tcgetattr(master, &attributes) == 0, attributes.c_lflag & tcflag_t(ICANON) == 0 { return }
            usleep(2000)
        }
        Issue.record("the line editor never started reading", sourceLocation: sourceLocation)
    }

    /// Waits until the output after the last match contains `text`; fails after a timeout.
    @discardableResult
    func expect(_ text: String, timeout: Double = 15, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let range = output[cursor...].range(of: text) {
                cursor = range.upperBound
                return true
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, read(waitingAtMost: remaining) else {
                Issue.record("expected '\(text)' in the terminal; it showed:\n\(output[cursor...])", sourceLocation: sourceLocation)
                return false
            }
        }
    }

    /// Reads what the REPL wrote; false at the end of output or the timeout.
    private func read(waitingAtMost seconds: Double) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(min(seconds, 1) * 1000)) >= 0 else { return false }
        if descriptor.revents & Int16(POLLIN) == 0 { return descriptor.revents == 0 }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(master, &buffer, buffer.count)
        guard count > 0 else { return false }
        output += String(decoding: buffer[..<count], as: UTF8.self)
        return true
    }

    /// Waits for the process to end and returns its exit status.
    func exitStatus(timeout: Double = 15) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while Date() < deadline {
            _ = read(waitingAtMost: 0.05)
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid {
                return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
            }
            if reaped < 0 && errno == ECHILD {
                Issue.record("something else in the test process reaped the REPL (Foundation's Process does)")
                return nil
            }
        }
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        return nil
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        close(master)
    }
}

private struct TerminalError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

@Suite("REPL on a terminal")
struct ReplTerminalTests {
    @Test("typing, history with the up arrow, Tab completion, a multi-line entry, Ctrl-C and Ctrl-D")
    func interactive() throws {
        let home = try Scratch.folder("pty")
        let rules = Fixture.root.appendingPathComponent("Examples/landmarks/landmarks.rules").path
        let donations = Fixture.root.appendingPathComponent("Examples/landmarks/donations.ndjson").path
        let environment = ["TERM": "xterm", "HOME": home, "XDG_STATE_HOME": home + "/state", "PATH": "/usr/bin:/bin", "NO_COLOR": "1"]
        let terminal = try TerminalSession(arguments: [rules, "--donations", donations, "--now", "2026-11-29T10:00:00Z"], environment: environment)

        // The banner, then a prompt.
        terminal.expect("loaded \(rules): 3 events, 1 parameter, 2 lets, 6 rules")
        terminal.expect("tiprules> ")
        terminal.type("opensThisWeek\r")
        terminal.expect("Int = 5")
        terminal.expect("tiprules> ")

        // The up arrow recalls the last entry.
        terminal.type("\u{1B}[A\r")
        terminal.expect("Int = 5")
        terminal.expect("tiprules> ")

        // Tab completes a member from the receiver's type.
        // (libedit redraws only the completed part, so the value shows it was completed.)
        terminal.type("didLogin.donations.donatedWi\t")
        terminal.type("(.week).count\r")
        terminal.expect("Int = 3")
        terminal.expect("tiprules> ")

        // An open bracket continues the entry on the next line.
        terminal.type("let pair = [1,\r")
        terminal.expect(ReplPrompt.continuation)
        terminal.type("2]\r")
        terminal.expect("let pair: [Int] = [1, 2]")
        terminal.expect("tiprules> ")

        // Ctrl-C abandons the line being typed, and the session goes on.
        terminal.type("1 + ")
        terminal.type("\u{03}")
        terminal.expect("tiprules> ")
        terminal.type("pair.count * 21\r")
        terminal.expect("Int = 42")
        terminal.expect("tiprules> ")

        // Ctrl-D on an empty line ends the session with status 0.
        terminal.type("\u{04}")
        let status = terminal.exitStatus()
        #expect(status == 0, "the terminal showed:\n\(terminal.output)")
        #expect(!terminal.output.contains("Int = 2\n"), "the abandoned '1 + ' must not have been evaluated")

        // The history is kept for the next session, the multi-line entry as one.
        let history = try String(contentsOfFile: home + "/state/tiprules/history", encoding: .utf8)
        #expect(history.contains("opensThisWeek"))
        #expect(history.contains("pair.count"))
        #expect(history.components(separatedBy: "opensThisWeek").count == 2, "a repeated entry is kept once")

        let second = try TerminalSession(arguments: [rules, "--now", "2026-11-29T10:00:00Z"], environment: environment)
        second.expect("tiprules> ")
        second.type("\u{1B}[A")
        second.expect("pair.count * 21")
        second.type("\r")
        second.expect("cannot find 'pair' in scope")
        second.type(":quit\r")
        #expect(second.exitStatus() == 0)
    }
}

private enum ReplPrompt {
    static let continuation = "      ... "
}
