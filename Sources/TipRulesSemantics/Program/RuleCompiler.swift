import Foundation
import TipRulesSyntax

/// The result of compiling a rule file: the program when there were no errors, and every
/// diagnostic (errors and warnings) in source order.
package struct Compilation: Sendable {
    package let program: CompiledProgram?
    package let diagnostics: [Diagnostic]
    /// Errors beyond the diagnostic limit, counted but not kept.
    package let suppressedCount: Int

    package var hasErrors: Bool { program == nil }
}

/// An expression compiled in the context of a program (`tiprules eval --expr`).
package struct CompiledExpression: Sendable {
    package let file: SourceFile
    package let body: TypedExpression
    /// How deeply evaluating it may recurse (its own depth plus the declarations it may reach).
    package let evaluationDepth: Int
    package var type: RuleType { body.type }

    /// A part of a program's declaration evaluated on its own (an explanation re-checks what
    /// a subexpression would give); `evaluationDepth` as for the whole program.
    package init(file: SourceFile, body: TypedExpression, evaluationDepth: Int) {
        self.file = file
        self.body = body
        self.evaluationDepth = evaluationDepth
    }
}

/// The result of compiling an expression.
package struct ExpressionCompilation: Sendable {
    package let expression: CompiledExpression?
    package let diagnostics: [Diagnostic]
    package let suppressedCount: Int
}

/// Compiles rule text: lexes, parses and type-checks it.
///
/// ```swift
/// let compilation = RuleCompiler().compile(SourceFile(name: "app.rules", text: text))
/// guard let program = compilation.program else { print(DiagnosticRenderer().render(compilation.diagnostics)); return }
/// ```
package struct RuleCompiler: Sendable {
    package var limits: CompileLimits
    /// Whether to fuse chains of built-in calls into faster equivalent operations (on by
    /// default; tests turn it off to compare both forms).
    package var optimizes: Bool

    package init(limits: CompileLimits = CompileLimits(), optimizes: Bool = true) {
        self.limits = limits
        self.optimizes = optimizes
    }

    /// Compiles a whole rule file.
    package func compile(_ file: SourceFile) -> Compilation {
        LargeStack.ensuringStack { compileOnThisThread(file) }
    }

    private func compileOnThisThread(_ file: SourceFile) -> Compilation {
        var diagnostics = DiagnosticBag(limit: limits.maxDiagnostics)
        let syntax = Parser.parse(file, limits: limits, diagnostics: &diagnostics)
        // A file with syntax errors is still checked, so one run reports its other errors too.
        let program = Checker.check(syntax, limits: limits, optimizes: optimizes, diagnostics: &diagnostics)
        SyntaxFile.release(consume syntax)
        return Compilation(program: diagnostics.hasErrors ? nil : program, diagnostics: diagnostics.sorted,
                           suppressedCount: diagnostics.suppressedCount)
    }

    /// `program` with the `let`s and `rule`s in `range` of `file` appended, where `file` is the
    /// program's own text followed by theirs (`range`): only they are parsed and checked, so
    /// a REPL session of thousands of declarations adds one for what that one costs. With
    /// `replacingLast`, `range` starts where the program's last declaration did, which none
    /// of the others reads and after which nothing is declared: it is left out (typed again).
    ///
    /// Nil when a whole compile of `file` is needed instead: the text before `range` is not
    /// the program's, or the new declarations are anything but new `let`s and `rule`s that
    /// compile without a diagnostic (see `Checker.appending`). A program given is the one
    /// `compile(file)` gives.
    package func compile(appending range: SourceRange, of file: SourceFile, to program: CompiledProgram,
                         replacingLast: Bool = false) -> CompiledProgram? {
        let before = program.file.bytes
        if replacingLast {
            // Everything else is declared before the last declaration (declarations never overlap).
            guard let last = program.declarations.last, last.range.start == range.start,
                  program.events.allSatisfy({ $0.range.start < range.start }),
                  program.parameters.allSatisfy({ $0.range.start < range.start }) else { return nil }
        } else {
            guard range.start == before.count else { return nil }
        }
        guard file.bytes.count <= limits.maxSourceBytes, range.start <= before.count, range.end == file.bytes.count,
              range.start < range.end else { return nil }
        let samePrefix = range.start == 0 || file.bytes.withUnsafeBytes { all in
            before.withUnsafeBytes { memcmp($0.baseAddress!, all.baseAddress!, range.start) == 0 }
        }
        guard samePrefix else { return nil }
        return LargeStack.ensuringStack {
            var diagnostics = DiagnosticBag(limit: limits.maxDiagnostics)
            let syntax = Parser.parse(file, in: range, limits: limits, diagnostics: &diagnostics)
            guard diagnostics.diagnostics.isEmpty, diagnostics.suppressedCount == 0 else { return nil }
            return Checker.appending(syntax, to: program, replacingLast: replacingLast, limits: limits, optimizes: optimizes)
        }
    }

    /// A program with the values of declarations `roots`, and of those they read directly or
    /// through others, compiled again from its file with this compiler's `optimizes` (an
    /// explanation walks unfused trees). Only those values are parsed and checked again, each
    /// against the program, so a file of thousands of declarations costs what they do. Nil
    /// when one no longer compiles (only under tighter limits than the program had).
    package func recompiled(_ program: CompiledProgram, reading roots: [Int]) -> CompiledProgram? {
        LargeStack.ensuringStack {
            var bodies: [Int: TypedExpression] = [:]
            var pending = roots.filter(program.declarations.indices.contains)
            while let index = pending.popLast() {
                guard bodies[index] == nil else { continue }
                let declaration = program.declarations[index]
                var diagnostics = DiagnosticBag(limit: limits.maxDiagnostics)
                guard let syntax = Parser.parseExpression(program.file, in: declaration.body.range, limits: limits, diagnostics: &diagnostics),
                      let body = Checker.checkExpression(syntax, file: program.file, program: program,
                                                         expected: declaration.kind == .rule ? .bool : nil,
                                                         limits: limits, optimizes: optimizes, diagnostics: &diagnostics),
                      body.type == declaration.type else { return nil }
                bodies[index] = body
                body.forEachDeclarationRead { if bodies[$0] == nil { pending.append($0) } }
            }
            return CompiledProgram(program, replacingBodies: bodies)
        }
    }

    /// Compiles one expression against a compiled program. Names in `unavailable` (declarations
    /// a salvaged program left out) are errors that say why.
    package func compileExpression(_ file: SourceFile, in program: CompiledProgram, unavailable: Set<String> = []) -> ExpressionCompilation {
        LargeStack.ensuringStack { compileExpressionOnThisThread(file, in: program, unavailable: unavailable) }
    }

    private func compileExpressionOnThisThread(_ file: SourceFile, in program: CompiledProgram, unavailable: Set<String>) -> ExpressionCompilation {
        var diagnostics = DiagnosticBag(limit: limits.maxDiagnostics)
        guard let syntax = Parser.parseExpression(file, limits: limits, diagnostics: &diagnostics) else {
            return ExpressionCompilation(expression: nil, diagnostics: diagnostics.sorted, suppressedCount: diagnostics.suppressedCount)
        }
        let typed = Checker.checkExpression(syntax, file: file, program: program, unavailable: unavailable, limits: limits, optimizes: optimizes, diagnostics: &diagnostics)
        let depth = syntax.depth + program.evaluationDepth
        return ExpressionCompilation(expression: typed.map { CompiledExpression(file: file, body: $0, evaluationDepth: depth) },
                                     diagnostics: diagnostics.sorted, suppressedCount: diagnostics.suppressedCount)
    }

    /// The member names the checker offers at a place in an expression: the text has
    /// `RuleCompiler.completionProbe` as the member name being completed (`didLogin.donations.PROBE`,
    /// `filter { $0.PROBE }`, `donatedWithin(.PROBE)`). Nil when the place has no receiver with
    /// members, or the text does not parse.
    package func memberCompletions(_ file: SourceFile, in program: CompiledProgram) -> [String]? {
        LargeStack.ensuringStack {
            var diagnostics = DiagnosticBag(limit: limits.maxDiagnostics)
            guard let syntax = Parser.parseExpression(file, limits: limits, diagnostics: &diagnostics) else { return nil }
            return Checker.probeMembers(syntax, file: file, program: program)
        }
    }

    /// The member name completion puts where the cursor is (see `memberCompletions`).
    package static var completionProbe: String { Checker.completionProbe }
}

extension RuleCompiler {
    /// The errors for names a parsed file declares twice, as the checker reports them (the
    /// REPL adds a file's declarations to others, where a later one replaces an earlier one,
    /// but within one file a name is still declared once).
    package func redeclarations(in syntax: SyntaxFile) -> [Diagnostic] {
        var seen: [String: SourceRange] = [:]
        var errors: [Diagnostic] = []
        for declaration in syntax.declarations {
            let name = declaration.name
            if let previous = seen[name.name] {
                errors.append(Diagnostic(CheckerMessages.redeclaration(name.name), file: syntax.file, range: name.range,
                                         notes: [Diagnostic.Note(message: CheckerMessages.previousDeclaration, file: syntax.file, range: previous)]))
            } else {
                seen[name.name] = name.range
            }
        }
        return errors
    }
}
