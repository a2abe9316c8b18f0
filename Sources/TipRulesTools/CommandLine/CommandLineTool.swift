import TipRules
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

import Foundation

/// What a command run produced: its exit status and the text for stdout and stderr.
package struct CommandOutput: Sendable, Equatable {
    package var status: Int32
    package var stdout: String
    package var stderr: String
    /// What the command built (compiled programs, their node trees, donation stores), handed
    /// back rather than freed: the executable exits right after printing, and freeing the
    /// trees of 100,000 rules one node at a time would take a tenth as long as compiling them
    /// (their node trees, longer than lowering them). Not part of equality.
    package var keptAlive: [any Sendable] = []

    package init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    package static func == (a: CommandOutput, b: CommandOutput) -> Bool {
        a.status == b.status && a.stdout == b.stdout && a.stderr == b.stderr
    }
}

/// The `tiprules` command line, as a library type so tests run it in-process. The executable
/// only forwards `CommandLine.arguments` and prints the result.
///
/// Exit status: 0 when everything asked for ran (a rule's runtime error is output, not a
/// failure), 1 on compile errors or rejected donations, 2 on a usage error.
package struct CommandLineTool: Sendable {
    /// Whether diagnostics on stderr use ANSI colours.
    package var useColor: Bool
    /// Whether text on stdout may use ANSI colours (`explain`): stdout is a terminal.
    package var colorsOutput = false
    /// Reads standard input when a file is given as `-`.
    package var readStandardInput: @Sendable () -> [UInt8]
    /// The folder relative paths are read from (the process's own when nil); tests set it.
    package var workingDirectory: String?

    package init(useColor: Bool = false, readStandardInput: @escaping @Sendable () -> [UInt8] = { [] }) {
        self.useColor = useColor
        self.readStandardInput = readStandardInput
    }

    /// Runs the tool with arguments (without the program name).
    package func run(_ arguments: [String]) -> CommandOutput {
        var output = CommandOutput(status: 0, stdout: "", stderr: "")
        guard let command = arguments.first else {
            output.stderr = CommandHelp.tool
            output.status = 2
            return output
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help":
            output.stdout = CommandHelp.tool
        case "help":
            switch rest.first {
            case nil: output.stdout = CommandHelp.tool
            case "check": output.stdout = CommandHelp.check
            case "eval": output.stdout = CommandHelp.eval
            case "repl": output.stdout = CommandHelp.repl
            case "explain": output.stdout = CommandHelp.explain
            case "donate": output.stdout = CommandHelp.donate
            case "store": output.stdout = CommandHelp.store
            case "codes": output.stdout = CodeHelp.index
            case let code? where CodeHelp.isCode(code):
                guard let entry = CodeBook.entry(code) else {
                    return usageError("no diagnostic code '\(code)'; 'tiprules help codes' lists them")
                }
                output.stdout = CodeHelp.explain(entry)
            case let other?: return usageError("unknown command '\(other)'")
            }
        case "--version":
            output.stdout = "tiprules \(CommandHelp.version)\n"
        case "check":
            return CheckCommand(tool: self).run(rest)
        case "eval":
            return EvalCommand(tool: self).run(rest)
        case "repl":
            return runRepl(rest)
        case "explain":
            return ExplainCommand(tool: self).run(rest)
        case "donate":
            return DonateCommand(tool: self).run(rest)
        case "store":
            return StoreCommand(tool: self).run(rest)
        default:
            var message = "unknown command '\(command)'"
            if let suggestion = Suggestions.closest(to: command, in: ["check", "eval", "explain", "repl", "donate", "store", "help"]) {
                message += "; did you mean '\(suggestion)'?"
            }
            return usageError(message)
        }
        return output
    }

    /// Runs the REPL over lines read with `readStandardInput` (all of it, as a pipe gives it):
    /// the in-process form the tests use. The executable runs the REPL on the terminal itself
    /// (`ReplCommand.runOnStandardInput`).
    func runRepl(_ arguments: [String]) -> CommandOutput {
        switch ReplCommand(tool: self).prepare(arguments, interactive: false) {
        case .exit(let output):
            return output
        case .run(var driver, _):
            var reader = ScriptedLineReader(String(decoding: readStandardInput(), as: UTF8.self))
            var output = CommandOutput(status: 0, stdout: "", stderr: "")
            output.status = driver.run(&reader) { text, isError in
                if isError { output.stderr += text } else { output.stdout += text }
            }
            return output
        }
    }

    /// A usage error: one line and a pointer to the help, exit status 2.
    func usageError(_ message: String, command: String? = nil) -> CommandOutput {
        let help = command.map { "tiprules \($0) --help" } ?? "tiprules --help"
        return CommandOutput(status: 2, stdout: "", stderr: "tiprules: error: \(message)\nsee '\(help)'\n")
    }

    /// Reads a file (or standard input for `-`), or explains why it cannot.
    func read(_ path: String) -> Result<[UInt8], UsageProblem> {
        if path == "-" { return .success(readStandardInput()) }
        let resolved = workingDirectory.map { path.hasPrefix("/") ? path : $0 + "/" + path } ?? path
        guard let data = FileManager.default.contents(atPath: resolved) else {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory) {
                return .failure(UsageProblem(description: isDirectory.boolValue ? "'\(path)' is a directory" : "cannot read '\(path)'"))
            }
            return .failure(UsageProblem(description: "no such file '\(path)'"))
        }
        return .success([UInt8](data))
    }

    func render(_ diagnostics: [Diagnostic], suppressed: Int = 0) -> String {
        DiagnosticRenderer(useColor: useColor).render(diagnostics, suppressed: suppressed)
    }
}

/// Splits command arguments into options and operands: `--name value`, `--name=value`,
/// flags, and `--` to end options.
struct ArgumentScanner {
    var operands: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    /// Scans arguments given the options that take a value and the flags; returns an error
    /// message for anything unknown or incomplete.
    static func scan(_ arguments: [String], valued: Set<String>, flags allowedFlags: Set<String>) -> Result<ArgumentScanner, UsageProblem> {
        var result = ArgumentScanner()
        var index = 0
        var onlyOperands = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyOperands || !argument.hasPrefix("-") || argument == "-" {
                result.operands.append(argument)
                continue
            }
            if argument == "--" {
                onlyOperands = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if valued.contains(name) {
                if let inlineValue {
                    result.values[name, default: []].append(inlineValue)
                } else if index < arguments.count {
                    result.values[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    return .failure(UsageProblem(description: "option '\(name)' needs a value"))
                }
            } else if allowedFlags.contains(name) && inlineValue == nil {
                result.flags.insert(name)
            } else {
                var message = "unknown option '\(name)'"
                if let suggestion = Suggestions.closest(to: name, in: Array(valued) + Array(allowedFlags)) {
                    message += "; did you mean '\(suggestion)'?"
                }
                return .failure(UsageProblem(description: message))
            }
        }
        return .success(result)
    }
}

extension ArgumentScanner {
    /// The CLI's default for the largest rule file: generated files of 100,000 rules are
    /// several megabytes, and a file named on the command line is trusted more than text an
    /// app loads from the network (the library's default stays 1 MiB).
    static let defaultMaxSourceBytes = 64 << 20

    /// Compile limits from `--max-source-size BYTES` (a plain number, or with a `K`, `M` or `G`
    /// suffix for KiB, MiB and GiB).
    func compileLimits() -> Result<CompileLimits, UsageProblem> {
        guard let text = values["--max-source-size"]?.last else {
            return .success(CompileLimits(maxSourceBytes: ArgumentScanner.defaultMaxSourceBytes))
        }
        let multipliers: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(text)
        var multiplier = 1
        if let last = digits.last?.uppercased().first, let factor = multipliers[last] {
            multiplier = factor
            digits = digits.dropLast()
        }
        guard let value = Int(digits), value > 0, value <= Int.max / multiplier else {
            return .failure(UsageProblem(description: "bad --max-source-size '\(text)'; give a number of bytes such as 8M or 1048576"))
        }
        return .success(CompileLimits(maxSourceBytes: value * multiplier))
    }
}

extension ArgumentScanner {
    /// Whether to colour diagnostics, from `--color auto|always|never`; `auto` (the default)
    /// is the tool's own choice: a terminal, without `NO_COLOR`.
    func useColor(auto: Bool) -> Result<Bool, UsageProblem> {
        switch values["--color"]?.last {
        case nil, "auto"?: return .success(auto)
        case "always"?: return .success(true)
        case "never"?: return .success(false)
        case let other?: return .failure(UsageProblem(description: "bad --color '\(other)'; use auto, always or never"))
        }
    }
}

/// A command-line problem: its message.
package struct UsageProblem: Error, CustomStringConvertible {
    package var description: String

    package init(description: String) {
        self.description = description
    }
}
