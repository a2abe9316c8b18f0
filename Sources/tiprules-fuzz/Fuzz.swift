import Foundation
import TipRulesTools

// The fuzz harness. Built with `Fuzz/run` (libFuzzer, `-DFUZZING`) it is a fuzzer for the target
// named by TIPRULES_FUZZ_TARGET; built normally it replays inputs: `tiprules-fuzz TARGET FILE...`.

#if FUZZING
let fuzzTarget = ProcessInfo.processInfo.environment["TIPRULES_FUZZ_TARGET"] ?? "check"

/// libFuzzer's entry point: one input through the chosen target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTargets.run(fuzzTarget, Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#else
@main
struct Replay {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let target = arguments.first, FuzzTargets.names.contains(target) else {
            print("usage: tiprules-fuzz TARGET FILE...   (TARGET: \(FuzzTargets.names.joined(separator: ", ")))")
            print("Replays inputs through a fuzz target; see Fuzz/README.md to fuzz.")
            exit(arguments.contains("--help") || arguments.contains("-h") ? 0 : 2)
        }
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("cannot read \(path)")
                exit(2)
            }
            FuzzTargets.run(target, [UInt8](data))
        }
        print("replayed \(arguments.count - 1) input(s) through '\(target)'")
    }
}
#endif
