import TipRulesSyntax

/// Checking `let`s and `rule`s appended to a program already checked (a REPL session's new
/// declaration), without checking the program's own declarations again.
extension Checker {
    /// `program` with the value declarations of `syntax` appended, each checked against the
    /// program and the others, dependencies first. `syntax.file` is the program's text with the
    /// new declarations after it, so every earlier range still holds. With `replacingLast`, the
    /// program's last declaration, whose text `syntax.file` no longer has, is left out first
    /// (a REPL session's latest declaration typed again): only when no other declaration reads
    /// it.
    ///
    /// Nil when the new declarations are not only new `let`s and `rule`s that check without
    /// any diagnostic (an event, a name already declared, a cycle, a depth past the limit, an
    /// error or a warning): the caller then checks the whole text, which reports them exactly
    /// as it always does. So whenever this gives a program, it is the one checking the whole
    /// text gives: each declaration's result depends only on the types and mappings of those
    /// it reads, which appending does not change.
    static func appending(_ syntax: SyntaxFile, to program: CompiledProgram, replacingLast: Bool, limits: CompileLimits,
                          optimizes: Bool) -> CompiledProgram? {
        guard syntax.brokenNames.isEmpty else { return nil }
        var added: [ValueDeclaration] = []
        for declaration in syntax.declarations {
            guard case .value(let value) = declaration else { return nil }
            added.append(value)
        }
        var checker = Checker(program: program, file: syntax.file, limits: limits, diagnostics: DiagnosticBag(limit: limits.maxDiagnostics))
        checker.optimizes = optimizes
        checker.mappedDeclarations = program.mappedDeclarations
        checker.effectiveDepths = program.declarationDepths
        checker.readerCounts = program.readerCounts
        checker.evaluationDepth = program.evaluationDepth
        var declarations = program.declarations
        if replacingLast {
            guard let last = declarations.popLast(), checker.readerCounts.last == 0 else { return nil }
            guard checker.forgetLast(last) else { return nil }
        }
        let base = declarations.count
        for (offset, value) in added.enumerated() {
            guard checker.symbols.updateValue(.declaration(base + offset), forKey: value.name.name) == nil else { return nil }
        }
        checker.declarationTypes += Array(repeating: .error, count: added.count)
        checker.compiledBodies = Array(repeating: nil, count: base + added.count)
        checker.effectiveDepths += Array(repeating: 0, count: added.count)
        checker.readerCounts += Array(repeating: 0, count: added.count)

        let references = added.map { checker.declarationReferences($0.value) }
        guard let order = dependenciesFirst(references.map { $0.map(\.target) }, base: base) else { return nil }
        Checker.countReaders(references, firstReader: base, into: &checker.readerCounts)
        for offset in order {
            let index = base + offset
            let depth = added[offset].value.depth + (references[offset].map { checker.effectiveDepths[$0.target] }.max() ?? 0)
            guard depth <= limits.maxNestingDepth * 4 else { return nil }
            checker.effectiveDepths[index] = depth
            checker.evaluationDepth = max(checker.evaluationDepth, depth)
            let result = checker.checkDeclaration(added[offset])
            guard checker.diagnostics.diagnostics.isEmpty, checker.diagnostics.suppressedCount == 0 else { return nil }
            checker.finishChecking(index, result)
        }

        declarations.reserveCapacity(base + added.count)
        for (offset, value) in added.enumerated() {
            declarations.append(CompiledDeclaration(name: value.name.name, kind: value.kind, type: checker.declarationTypes[base + offset],
                                                    body: checker.compiledBodies[base + offset]!, nameRange: value.name.range,
                                                    range: value.range))
        }
        // The events the program's text declares are declared at the same places of the new text.
        let events = program.events.map { event in
            var moved = event
            if event.file == program.file { moved.file = syntax.file }
            return moved
        }
        return CompiledProgram(file: syntax.file, events: events, parameters: program.parameters, declarations: declarations,
                               evaluationDepth: checker.evaluationDepth, declarationDepths: checker.effectiveDepths,
                               readerCounts: checker.readerCounts, symbols: checker.symbols, mappedDeclarations: checker.mappedDeclarations)
    }

    /// Leaves out the program's last declaration, which no other reads: its name, type,
    /// mapping and depth, and its reads from the counts of the declarations it read. False
    /// when those counts do not hold its reads (the whole text is then checked).
    private mutating func forgetLast(_ last: CompiledDeclaration) -> Bool {
        let index = declarationTypes.count - 1
        symbols[last.name] = nil
        declarationTypes.removeLast()
        mappedDeclarations[index] = nil
        effectiveDepths.removeLast()
        readerCounts.removeLast()
        evaluationDepth = effectiveDepths.max() ?? 0
        var read: Set<Int> = []
        last.body.forEachDeclarationRead { read.insert($0) }
        for target in read {
            guard target != index, readerCounts.indices.contains(target), readerCounts[target] > 0 else { return false }
            readerCounts[target] -= 1
        }
        return true
    }

    /// An order of the appended declarations (by offset from `base`) in which each comes after
    /// the appended ones it reads, or nil when they read each other in a cycle.
    private static func dependenciesFirst(_ references: [[Int]], base: Int) -> [Int]? {
        var waitingOn = Array(repeating: 0, count: references.count)
        var readers = Array(repeating: [Int](), count: references.count)
        for (offset, targets) in references.enumerated() {
            for target in Set(targets) where target >= base {
                waitingOn[offset] += 1
                readers[target - base].append(offset)
            }
        }
        var ready = waitingOn.indices.filter { waitingOn[$0] == 0 }
        var order: [Int] = []
        order.reserveCapacity(references.count)
        while let next = ready.popLast() {
            order.append(next)
            for reader in readers[next] {
                waitingOn[reader] -= 1
                if waitingOn[reader] == 0 { ready.append(reader) }
            }
        }
        return order.count == references.count ? order : nil
    }
}
