import Foundation
import Synchronization
import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

/// Inputs at the nesting limits compile and evaluate without exhausting the stack, on the
/// test runner's threads as in the command line.
@Suite("Nesting at the limits")
struct DepthTests {
    private let limit = CompileLimits().maxNestingDepth

    @Test("parentheses and operators nested just under the limit evaluate")
    func deepParentheses() {
        let depth = limit / 2 - 2
        let expression = String(repeating: "(1 + ", count: depth) + "1" + String(repeating: ")", count: depth)
        #expect(Fixture.evaluate(expression) == "Int = \(depth + 1)")
    }

    @Test("a long operator chain just under the limit evaluates")
    func longChain() {
        let terms = limit - 4
        #expect(Fixture.evaluate(Array(repeating: "level", count: terms).joined(separator: " + ")) == "Int = \(terms * 2)")
        #expect(Fixture.evaluate(Array(repeating: "flag", count: terms).joined(separator: " && ")) == "Bool = true")
    }

    @Test("closures nested deeply evaluate")
    func deepClosures() {
        let depth = 30
        var expression = "x0 > 0"
        for level in (0..<depth).reversed() {
            expression = "[1].contains { x\(level) in \(expression) }"
        }
        #expect(Fixture.evaluate(expression) == "Bool = true")
    }

    @Test("a chain of lets at the dependency limit evaluates, one past it is rejected")
    func letChain() {
        // Each link `let aN = aN+1 + 1` adds two levels (the `+` and its operand) and the last
        // `let` one, against a limit of four times the nesting depth: 255 links fit, 256 do not.
        let length = (limit * 4 - 1) / 2
        var source = (0..<length).map { "let a\($0) = a\($0 + 1) + 1" }.joined(separator: "\n")
        source += "\nlet a\(length) = 0"
        let results = Fixture.evaluateAll(source)
        #expect(results["a0"] == "\(length)")
        // One more link puts a0 past the limit: rejected at compile time, naming it.
        var longer = (0...length).map { "let a\($0) = a\($0 + 1) + 1" }.joined(separator: "\n")
        longer += "\nlet a\(length + 1) = 0"
        let errors = Fixture.errors(longer)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("1:5: ") == true)
        #expect(errors.first?.contains("'a0'") == true)
    }

    @Test("deeply nested optionals and arrays type-check and print")
    func deepTypes() {
        let depth = 40
        let expression = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        #expect(Fixture.evaluate(expression).hasSuffix(String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)))
    }
}

@Suite("Host threads")
struct HostThreadTests {
    @Test("work handed to a detached thread runs, with the stack a compilation needs")
    func detachedThread() {
        let done = DispatchSemaphore(value: 0)
        let stack = Mutex<Int?>(nil)
        LargeStack.detached {
            stack.withLock { $0 = LargeStack.remainingStack() }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 60) == .success)
        // (More than a default thread's 8 MiB: the compiler's own stack size.)
        #expect(stack.withLock { $0 }.map { $0 >= LargeStack.compilationStackSize / 2 } == true)
    }

    @Test("compiling and evaluating a deep program works from a thread with a small stack")
    func smallStackHost() {
        let depth = CompileLimits().maxNestingDepth / 2 - 2
        let source = "let x = " + String(repeating: "(1 + ", count: depth) + "1" + String(repeating: ")", count: depth)
            + "\nlet y = x + 1\nrule z = y > 0"
        let result = LargeStack.run(stackSize: 1 << 20) { () -> String in
            guard let program = RuleCompiler().compile(SourceFile(name: "t", text: source)).program else { return "compile failed" }
            var evaluation = Evaluation(program: program, donations: DonationStore(program: program))
            return evaluation.evaluateAll().map { "\($0.name)=\($0.outcome)" }.joined(separator: " ")
        }
        #expect(result == "x=success(TipRulesRuntime.Value.int(\(depth + 1))) y=success(TipRulesRuntime.Value.int(\(depth + 2))) z=success(TipRulesRuntime.Value.bool(true))")
    }
}
