import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// Scratch files and folders for tests, all in one folder per test process that is removed
/// when the process exits, so a test run leaves nothing behind in the temporary directory.
enum Scratch {
    private static let root: String = {
        let root = NSTemporaryDirectory() + "tiprules-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "tiprules-tests-\(getpid())") }
        return root
    }()

    /// A new path in the scratch folder, named from `prefix`; nothing is made there.
    static func path(_ prefix: String) -> String {
        root + "/" + prefix + "-" + UUID().uuidString
    }

    /// A new empty folder in the scratch folder, named from `prefix`.
    static func folder(_ prefix: String) throws -> String {
        let folder = path(prefix)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// Shared declarations and helpers for the tests.
enum Fixture {
    /// Declarations most expression tests run against.
    static let header = """
    event didLogin
    event appOpen(limit: 3)
    event view { id: Int, name: String, rating: Double, note: String?, seen: Date? }
    parameter flag: Bool = true
    parameter level: Int = 2
    parameter nickname: String? = nil
    """

    /// A donation log for `header`.
    static let log = """
    {"event": "didLogin", "date": "2026-11-20T10:00:00Z"}
    {"event": "didLogin", "date": "2026-11-28T10:00:00Z"}
    {"event": "didLogin", "date": "2026-11-30T11:00:00Z"}
    {"event": "appOpen", "date": "2026-11-01T10:00:00Z"}
    {"event": "appOpen", "date": "2026-11-02T10:00:00Z"}
    {"event": "appOpen", "date": "2026-11-03T10:00:00Z"}
    {"event": "appOpen", "date": "2026-11-04T10:00:00Z"}
    {"event": "view", "date": "2026-11-10T10:00:00Z", "value": {"id": 1, "name": "Alps", "rating": 4.5}}
    {"event": "view", "date": "2026-11-11T10:00:00Z", "value": {"id": 2, "name": "Wilbere Bowl", "rating": 3, "note": "wet"}}
    {"event": "view", "date": "2026-11-12T10:00:00Z", "value": {"id": 1, "name": "Alps", "rating": 5, "seen": "2026-11-12T09:00:00Z"}}
    {"event": "view", "date": "2026-11-29T10:00:00Z", "value": {"id": 3, "name": "Charley Lake", "rating": 2.5, "note": null}}
    """

    static let now = "2026-11-30T12:00:00Z"

    static func compile(_ text: String, name: String = "test.rules") -> Compilation {
        RuleCompiler().compile(SourceFile(name: name, text: text))
    }

    static func date(_ text: String) -> Date {
        guard case .success(let seconds) = ISO8601.parse(text) else { fatalError("bad test date \(text)") }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    /// Evaluates an expression against `rules` and `log`, as `tiprules eval --expr` does, and
    /// returns `Type = value` or the runtime error's message, or the first compile error.
    /// `optimizes: false` evaluates without fused operations (the general evaluator alone).
    static func evaluate(_ expression: String, rules: String = header, log: String = log, now: String = now,
                         timeZone: String = "UTC", stepBudget: Int = EvaluationOptions.defaultStepBudget,
                         optimizes: Bool = true) -> String {
        let compilation = RuleCompiler(optimizes: optimizes).compile(SourceFile(name: "test.rules", text: rules))
        guard let program = compilation.program else {
            return "rules error: " + compilation.diagnostics.map(\.description).joined(separator: "; ")
        }
        let compiled = RuleCompiler(optimizes: optimizes).compileExpression(SourceFile(name: "<expr>", text: expression), in: program)
        guard let compiledExpression = compiled.expression else {
            return "error: " + (compiled.diagnostics.first { $0.severity == .error }?.message ?? "?")
        }
        var store = DonationStore(program: program)
        let issues = DonationLog.load(Array(log.utf8), fileName: "log.ndjson", into: &store)
        guard issues.isEmpty else { return "log error: \(issues)" }
        let options = EvaluationOptions(now: date(now), timeZone: TimeZone(identifier: timeZone)!, stepBudget: stepBudget)
        var evaluation = Evaluation(program: program, donations: store, options: options)
        let result = evaluation.evaluate(compiledExpression)
        switch result.outcome {
        case .success(let value): return "\(result.type) = " + ValueFormatter.text(value, result.type)
        case .failure(let error): return "runtime error: " + error.message
        }
    }

    /// Evaluates every declaration of a file; names map to `value` text or `error: message`.
    static func evaluateAll(_ rules: String, log: String = "", now: String = now, timeZone: String = "UTC") -> [String: String] {
        guard let program = compile(rules).program else { return ["compile": "failed: \(compile(rules).diagnostics)"] }
        var store = DonationStore(program: program)
        let issues = DonationLog.load(Array(log.utf8), fileName: "log.ndjson", into: &store)
        guard issues.isEmpty else { return ["log": "\(issues)"] }
        var evaluation = Evaluation(program: program, donations: store,
                                    options: EvaluationOptions(now: date(now), timeZone: TimeZone(identifier: timeZone)!))
        var results: [String: String] = [:]
        for result in evaluation.evaluateAll() {
            switch result.outcome {
            case .success(let value): results[result.name] = ValueFormatter.text(value, result.type)
            case .failure(let error): results[result.name] = "error: " + error.message
            }
        }
        return results
    }

    /// Lexes and parses a source, returning the tree and the syntax diagnostics.
    static func parse(_ text: String) -> (SyntaxFile, [Diagnostic]) {
        var bag = DiagnosticBag()
        let syntax = Parser.parse(SourceFile(name: "t", text: text), diagnostics: &bag)
        return (syntax, bag.diagnostics)
    }

    /// Errors of a source as `line:column: message`, in order.
    static func errors(_ text: String) -> [String] {
        compile(text).diagnostics.filter { $0.severity == .error }.map { "\($0.location): \($0.message)" }
    }

    /// The project's root directory, for Examples/, Grammar/ and README.md.
    static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ relativePath: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }
}

/// glibc's `pipe2`, which its Swift module does not export: a pipe whose ends are
/// close-on-exec from the start, with no moment at which a process another thread spawns could
/// inherit them.
@_silgen_name("pipe2")
private func pipe2(_ descriptors: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32

/// Runs a program to its end and returns its exit status and standard output.
///
/// Not Foundation's `Process`: on Linux it reaps every child of the test process, including
/// those other tests wait for themselves (the REPL's terminal test).
func runChild(_ path: String, _ arguments: [String]) throws -> (status: Int32, stdout: String) {
    var pipe: [Int32] = [-1, -1]
    // Close-on-exec, so that a process another test starts meanwhile (a PostgreSQL server)
    // does not inherit the write end and keep the read below from ever ending; the child's
    // own copy, made by `dup2` onto its fd 1, is not close-on-exec.
    guard pipe2(&pipe, O_CLOEXEC) == 0 else { throw ChildError(description: "pipe failed") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // Only fd 1 may hold the pipe: a daemon the child starts must not keep it open.
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    posix_spawn_file_actions_addclose(&actions, pipe[1])
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    close(pipe[1])
    defer { close(pipe[0]) }
    guard spawned == 0 else { throw ChildError(description: "cannot start \(path)") }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(pipe[0], &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        output += buffer[..<count]
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
        guard errno == EINTR else { throw ChildError(description: "waitpid failed: errno \(errno)") }
    }
    return ((status & 0x7f) == 0 ? (status >> 8) & 0xff : -1, String(decoding: output, as: UTF8.self))
}

struct ChildError: Error, CustomStringConvertible {
    var description: String
}

/// The `tiprules` executable, which `swift test` builds beside the test bundle.
let tiprulesExecutable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tiprules").path

/// A child process in its own process group, with its output on a pipe.
final class Child {
    let pid: pid_t
    let output: Int32
    private var buffer: [UInt8] = []

    private init(pid: pid_t, output: Int32) {
        self.pid = pid
        self.output = output
    }

    static func start(_ path: String, _ arguments: [String], stderrToStdout: Bool = false) throws -> Child {
        var pipe: [Int32] = [-1, -1]
        // (Close-on-exec, as in `runChild`.)
        guard pipe2(&pipe, O_CLOEXEC) == 0 else { throw ChildError(description: "pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        if stderrToStdout {
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        close(pipe[1])
        guard status == 0 else { throw ChildError(description: "cannot start \(path)") }
        return Child(pid: pid, output: pipe[0])
    }

    /// The complete lines read within about a second.
    func readLines() -> [String] {
        var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 1000) > 0 {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(output, &chunk, chunk.count)
            if count > 0 { buffer += chunk[..<count] }
        }
        guard let last = buffer.lastIndex(of: 0x0A) else { return [] }
        let lines = buffer[...last].split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        buffer.removeSubrange(...last)
        return lines
    }

    /// Every line until the output closes.
    func readAll() -> [String] {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(output, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            buffer += chunk[..<count]
        }
        let lines = buffer.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        buffer = []
        return lines
    }

    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    }

    /// SIGKILL to the child and everything it started.
    func killGroup() {
        kill(-pid, SIGKILL)
        _ = wait()
    }

    deinit {
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, WNOHANG)
        close(output)
    }
}
