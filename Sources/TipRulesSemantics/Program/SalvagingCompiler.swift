import TipRulesSyntax

/// A file with errors compiled as far as it can be: the declarations with errors, and every
/// declaration that uses one of them, are left out, and the rest is a program. `tiprules eval
/// --expr` uses it so that one broken rule does not stop an unrelated question.
package struct SalvagedCompilation: Sendable {
    /// The whole file's compilation, with every diagnostic as the file has it.
    package let full: Compilation
    /// The program made of the declarations that compile, or nil when the file has none worth
    /// keeping (or nothing was left out, in which case `full.program` is the program).
    package let program: CompiledProgram?
    /// The names left out: those with errors and those that use them.
    package let omitted: Set<String>
}

extension RuleCompiler {
    /// Compiles a file; when it has errors, also compiles what remains without the declarations
    /// that have errors and those that depend on them (see `SalvagedCompilation`).
    package func compileSalvaging(_ file: SourceFile) -> SalvagedCompilation {
        LargeStack.ensuringStack {
            var diagnostics = DiagnosticBag(limit: limits.maxDiagnostics)
            let syntax = Parser.parse(file, limits: limits, diagnostics: &diagnostics)
            let program = Checker.check(syntax, limits: limits, optimizes: optimizes, diagnostics: &diagnostics)
            let full = Compilation(program: diagnostics.hasErrors ? nil : program, diagnostics: diagnostics.sorted,
                                   suppressedCount: diagnostics.suppressedCount)
            guard full.program == nil, diagnostics.suppressedCount == 0 else {
                return SalvagedCompilation(full: full, program: nil, omitted: [])
            }
            var omitted = Set(syntax.brokenNames)
            var errors = full.diagnostics.filter { $0.severity == .error && $0.file.name == file.name }
            var kept = syntax.declarations
            // Each round leaves out what the errors touch; a round that finds no error is the
            // program. Every round removes at least one declaration, so this ends.
            while true {
                let before = kept.count
                var broken = kept.filter { declaration in errors.contains { declaration.range.contains($0.range.start) } }.map(\.name.name)
                if broken.isEmpty && !errors.isEmpty { return SalvagedCompilation(full: full, program: nil, omitted: omitted) }
                // Dependents, until none is left that names something left out.
                while !broken.isEmpty {
                    omitted.formUnion(broken)
                    kept.removeAll { omitted.contains($0.name.name) }
                    broken = kept.filter { !$0.referencedNames.isDisjoint(with: omitted) }.map(\.name.name)
                }
                var attempt = DiagnosticBag(limit: limits.maxDiagnostics)
                let remaining = SyntaxFile(file: file, declarations: kept, brokenNames: [])
                if let program = Checker.check(remaining, limits: limits, optimizes: optimizes, diagnostics: &attempt), !attempt.hasErrors {
                    return SalvagedCompilation(full: full, program: program, omitted: omitted)
                }
                errors = attempt.diagnostics.filter { $0.severity == .error }
                if kept.count == before && errors.isEmpty { return SalvagedCompilation(full: full, program: nil, omitted: omitted) }
            }
        }
    }
}

extension SourceRange {
    /// Whether an offset lies within the range (its end included, where a missing token is reported).
    func contains(_ offset: Int) -> Bool { start <= offset && offset <= end }
}

extension Declaration {
    /// Every name the declaration's expressions mention: identifiers, `$` names and member
    /// names (which covers qualified references such as `LandmarkTips.x`). A superset of what
    /// it depends on, which is what leaving out dependents needs.
    var referencedNames: Set<String> {
        var names: Set<String> = []
        func visit(_ expression: Expression) {
            switch expression.kind {
            case .identifier(let name): names.insert(name)
            case .dollarIdentifier(let name): names.insert(name)
            case .member(_, let name): names.insert(name.name.hasPrefix("$") ? String(name.name.dropFirst()) : name.name)
            default: break
            }
            expression.kind.children.forEach(visit)
        }
        switch self {
        case .event(let event): event.options.map(\.value).forEach(visit)
        case .parameter(let parameter): visit(parameter.defaultValue)
        case .value(let value): visit(value.value)
        }
        return names
    }
}
