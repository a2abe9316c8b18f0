import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// `tiprules repl [FILE...] [--donations LOG]... [--now DATE] [--time-zone TZ] [--parameter NAME=VALUE]... [--json] [--color WHEN]`
package struct ReplCommand {
    let tool: CommandLineTool

    package init(tool: CommandLineTool) {
        self.tool = tool
    }

    /// What starting the REPL gave: a session to run, or output and a status to exit with.
    package enum Start {
        /// Run this driver; print the banner first when there is one (a person at a terminal).
        case run(ReplDriver, banner: String)
        case exit(CommandOutput)
    }

    /// Reads the arguments, the files and the donation logs into a session.
    ///
    /// `interactive` is whether a person is at a terminal (stdin and stdout both are one):
    /// then there are prompts and a banner.
    ///
    /// `command` names the command the arguments were given to (`explain` starts a session
    /// too), for usage errors and their pointer to its help.
    package func prepare(_ arguments: [String], interactive: Bool, command: String = "repl") -> Start {
        let scanned: ArgumentScanner
        switch ArgumentScanner.scan(arguments, valued: ["--donations", "--now", "--time-zone", "--parameter", "--max-source-size", "--color", "--store", "--subject"],
                                    flags: ["--json", "--help", "-h"]) {
        case .success(let value): scanned = value
        case .failure(let problem): return .exit(tool.usageError(problem.description, command: command))
        }
        if scanned.flags.contains("--help") || scanned.flags.contains("-h") {
            return .exit(CommandOutput(status: 0, stdout: CommandHelp.repl, stderr: ""))
        }
        // The REPL reads its lines from standard input, so nothing else may; explain may use it once.
        if let problem = scanned.standardInputConflict(files: scanned.operands, allowed: command == "repl" ? 0 : 1) {
            return .exit(tool.usageError(problem.description, command: command))
        }
        let useColor: Bool
        switch scanned.useColor(auto: tool.useColor) {
        case .success(let color): useColor = color
        case .failure(let problem): return .exit(tool.usageError(problem.description, command: command))
        }
        var options = EvaluationOptions(now: Date(timeIntervalSinceReferenceDate: Date().timeIntervalSinceReferenceDate.rounded(.down)))
        switch scanned.evaluationClock(into: &options) {
        case .success: break
        case .failure(let problem): return .exit(tool.usageError(problem.description, command: command))
        }
        let compiler: RuleCompiler
        switch scanned.compileLimits() {
        case .success(let limits): compiler = RuleCompiler(limits: limits)
        case .failure(let problem): return .exit(tool.usageError(problem.description, command: command))
        }
        let tool = self.tool
        var session = ReplSession(options: options, compiler: compiler, readFile: { tool.read($0) }, writeFile: ReplCommand.write)
        var output = CommandOutput(status: 0, stdout: "", stderr: "")
        let renderer = DiagnosticRenderer(useColor: useColor)
        var banner = "tiprules \(CommandHelp.version): type an expression or a declaration, :help for commands, Ctrl-D to quit\n"
        var startupDiagnostics: [Diagnostic] = []
        for path in scanned.operands {
            let answer = session.answer(":load \(path)")
            if answer.kind == .error {
                output.stderr += renderer.render(startupDiagnostics + answer.diagnostics)
                output.status = 1
                return .exit(output)
            }
            startupDiagnostics += answer.diagnostics
            banner += answer.text
        }
        for log in scanned.values["--donations"] ?? [] {
            let bytes: [UInt8]
            switch tool.read(log) {
            case .success(let read): bytes = read
            case .failure(let problem): return .exit(tool.usageError(problem.description, command: command))
            }
            let before = session.store.totalCount
            let issues = DonationLog.load(bytes, fileName: log == "-" ? "<stdin>" : log, into: &session.store)
            if !issues.isEmpty {
                output.stderr += renderer.render(startupDiagnostics + issues)
                output.stderr += "\(issues.count) rejected donation line\(issues.count == 1 ? "" : "s"); \(command == "repl" ? "the REPL did not start" : "nothing was explained")\n"
                output.status = 1
                return .exit(output)
            }
            let count = session.store.totalCount - before
            banner += "read \(count) donation\(count == 1 ? "" : "s") from \(log)\n"
        }
        if let location = StoreAccess.location(scanned) {
            let before = session.store.totalCount
            if let problem = StoreAccess.read(location, subject: StoreAccess.subject(scanned), into: &session.store) {
                output.stderr += renderer.render(startupDiagnostics + [problem])
                output.status = 1
                return .exit(output)
            }
            let count = session.store.totalCount - before
            banner += "read \(count) donation\(count == 1 ? "" : "s") from \(location)\n"
        }
        for assignment in scanned.values["--parameter"] ?? [] {
            guard let equals = assignment.firstIndex(of: "=") else {
                return .exit(tool.usageError("--parameter needs NAME=VALUE, as in --parameter isLoggedIn=true", command: command))
            }
            let answer = session.answer(":set \(assignment[..<equals]) \(assignment[assignment.index(after: equals)...])")
            if answer.kind == .error {
                return .exit(tool.usageError(answer.diagnostics.first?.message ?? "bad --parameter", command: command))
            }
        }
        banner += session.answer(":now").text
        var driver = ReplDriver(session: session, json: scanned.flags.contains("--json"), showsPrompts: interactive, useColor: useColor)
        driver.startupDiagnostics = startupDiagnostics
        return .run(driver, banner: interactive && !scanned.flags.contains("--json") ? banner : "")
    }

    /// Runs the REPL on the process's own standard input and output: with libedit on a
    /// terminal (plain reading when it is missing), plain reading from a pipe. Returns the
    /// exit status.
    package func runOnStandardInput(_ arguments: [String]) -> Int32 {
        let interactive = isatty(0) != 0 && isatty(1) != 0
        switch prepare(arguments, interactive: interactive) {
        case .exit(let output):
            Terminal.write(output.stdout, to: 1)
            Terminal.write(output.stderr, to: 2)
            return output.status
        case .run(var driver, let banner):
            Terminal.write(banner, to: 1)
            let write: (String, Bool) -> Void = { text, isError in Terminal.write(text, to: isError ? 2 : 1) }
            if interactive && !driver.json {
                setlocale(LC_ALL, "")
                let history = LibEditReader.defaultHistoryPath(environment: ProcessInfo.processInfo.environment)
                if var editor = LibEditReader(historyPath: history) {
                    return driver.run(&editor, write: write)
                }
            }
            var reader = PlainLineReader(showsPrompt: interactive && !driver.json)
            return driver.run(&reader, write: write)
        }
    }

    /// Writes a file (`:save`), or says why it could not.
    static func write(_ path: String, _ bytes: [UInt8]) -> Result<Void, UsageProblem> {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
            return .success(())
        } catch let error as CocoaError {
            switch error.code {
            case .fileWriteNoPermission: return .failure(UsageProblem(description: "permission denied"))
            case .fileWriteOutOfSpace: return .failure(UsageProblem(description: "the disk is full"))
            case .fileNoSuchFile, .fileWriteInvalidFileName: return .failure(UsageProblem(description: "no such folder"))
            default: return .failure(UsageProblem(description: error.localizedDescription))
            }
        } catch {
            return .failure(UsageProblem(description: "\(error)"))
        }
    }
}

extension ArgumentScanner {
    /// A problem when standard input (`-`) is named more often than `allowed` among the rule
    /// files and the `--donations` logs: it can be read only once.
    func standardInputConflict(files: [String], allowed: Int) -> UsageProblem? {
        let readers = (files + (values["--donations"] ?? [])).filter { $0 == "-" }.count
        guard readers > allowed else { return nil }
        if allowed == 0 {
            return UsageProblem(description: "the REPL reads its input from standard input, so '-' cannot name a rule file or donation log; give a file")
        }
        return UsageProblem(description: "standard input ('-') can be read only once, but \(readers) of the rule file and donation logs name it; save all but one to a file")
    }

    /// Applies `--now DATE` and `--time-zone TZ`.
    func evaluationClock(into options: inout EvaluationOptions) -> Result<Void, UsageProblem> {
        // The zone first: a date alone means midnight there.
        if let zone = values["--time-zone"]?.last {
            switch ClockText.timeZone(zone) {
            case .success(let timeZone): options.timeZone = timeZone
            case .failure(let problem): return .failure(problem)
            }
        }
        if let now = values["--now"]?.last {
            switch ClockText.date(now, timeZone: options.timeZone) {
            case .success(let seconds): options.now = Date(timeIntervalSinceReferenceDate: seconds)
            case .failure(let problem): return .failure(UsageProblem(description: "bad --now: \(problem.description)"))
            }
        }
        return .success(())
    }
}
