#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CMalloc
import Foundation
import TipRulesTools

#if canImport(Glibc)
// A compile of a large rule file makes millions of small tree nodes. glibc's defaults suit
// long-lived servers, not a run that builds a few hundred megabytes and exits: growing the heap
// in 128 KiB steps, and consolidating fast bins whenever a large block is asked for, cost about
// a sixth of compiling 100,000 rules. Grow the heap in 64 MiB steps (address space only: pages
// are still touched only when used) and keep freed small blocks in the ordinary bins.
mallopt(M_TOP_PAD, 64 << 20)
mallopt(M_MXFAST, 0)
#endif

// A thin shell around the library's CommandLineTool: arguments in, text and a status out.
let colorEnvironment = ProcessInfo.processInfo.environment
let colorAllowed = (colorEnvironment["NO_COLOR"] ?? "").isEmpty && colorEnvironment["TERM"] != "dumb"
var tool = CommandLineTool(useColor: colorAllowed && isatty(2) != 0, readStandardInput: {
    [UInt8](FileHandle.standardInput.readDataToEndOfFile())
})
tool.colorsOutput = colorAllowed && isatty(1) != 0
// A reader that goes away early (`| head`) must not kill the process with SIGPIPE: the status
// is still the command's own.
signal(SIGPIPE, SIG_IGN)
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "repl" {
    // The REPL reads and answers line by line on the terminal, rather than all at once.
    exit(ReplCommand(tool: tool).runOnStandardInput(Array(arguments.dropFirst())))
}
let output = tool.run(arguments)
try? FileHandle.standardOutput.write(contentsOf: Data(output.stdout.utf8))
try? FileHandle.standardError.write(contentsOf: Data(output.stderr.utf8))
exit(output.status)
