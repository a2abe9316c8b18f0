import TipRulesSyntax

/// Ordering and checking of `let` and `rule` declarations.
extension Checker {
    /// A reference from one declaration to another, with where it is written.
    struct Reference {
        var target: Int
        var range: SourceRange
    }

    mutating func checkValueDeclarations() {
        let references = allDeclarationReferences()
        let (order, cyclic) = orderDeclarations(references)
        readerCounts = Array(repeating: 0, count: valueDeclarations.count)
        Checker.countReaders(references, firstReader: 0, into: &readerCounts)
        effectiveDepths = Array(repeating: 0, count: valueDeclarations.count)
        var checkable: [Int] = []
        for index in order where !cyclic.contains(index) {
            let declaration = valueDeclarations[index]
            // The evaluator recurses into referenced declarations, so their depths add up.
            let dependencyDepth = references[index].map { effectiveDepths[$0.target] }.max() ?? 0
            effectiveDepths[index] = declaration.value.depth + dependencyDepth
            evaluationDepth = max(evaluationDepth, effectiveDepths[index])
            if effectiveDepths[index] > limits.maxNestingDepth * 4 {
                error(CheckerMessages.dependencyTooDeep(declaration.name.name, limits.maxNestingDepth * 4), declaration.name.range)
                continue
            }
            checkable.append(index)
        }
        if checkConcurrently(checkable, references) { return }
        for index in checkable {
            finishChecking(index, checkDeclaration(at: index))
        }
    }

    /// Adds to `counts` the declarations each of `references`' readers reads (the reader at
    /// position `p` is declaration `firstReader + p`), counting each reader once per
    /// declaration it reads.
    static func countReaders(_ references: [[Reference]], firstReader: Int, into counts: inout [Int]) {
        var lastReader = Array(repeating: -1, count: counts.count)
        for (position, targets) in references.enumerated() {
            for reference in targets where lastReader[reference.target] != firstReader + position {
                lastReader[reference.target] = firstReader + position
                counts[reference.target] += 1
            }
        }
    }

    /// Checks one `let` or `rule` whose references are checked: its type and its (optimized)
    /// typed tree.
    private mutating func checkDeclaration(at index: Int) -> (RuleType, TypedExpression) {
        checkDeclaration(valueDeclarations[index])
    }

    mutating func checkDeclaration(_ declaration: ValueDeclaration) -> (RuleType, TypedExpression) {
        beginDeclaration()
        declarationBeingChecked = declaration.name.name
        defer { declarationBeingChecked = nil }
        var typed: TypedExpression
        let annotated = declaration.annotation.map { resolveType($0) }
        if let annotated, !annotated.containsError {
            // `let x: Double = 3`: the written type is the context the value is checked in, as
            // in Swift, so literals, `nil` and `[]` take it.
            typed = checkExpecting(declaration.value, annotated, .specified)
        } else if declaration.kind == .let, annotated == nil, isEmptyArrayLiteral(declaration.value) {
            // `let xs = []`: Swift's error, and where the type it needs goes.
            error(CheckerMessages.emptyArrayNeedsContext, declaration.value.range,
                  notes: [note(CheckerMessages.writeLetType(declaration.name.name, example: "[String] = []"), declaration.name.range)])
            typed = errorNode(declaration.value.range)
        } else {
            typed = check(declaration.value, expected: declaration.kind == .rule ? .bool : nil)
            typed = defaultLiteral(typed)
            // (An unknown written type is reported; readers see an error type, not a guess.)
            if annotated != nil { typed.type = .error }
        }
        if declaration.kind == .rule, typed.type != .bool, !typed.type.containsError {
            error(CheckerMessages.ruleNotBool(typed.type), declaration.value.range)
            typed.type = .error
        } else if typed.type == .nilLiteral {
            let notes = declaration.kind == .let && annotated == nil
                ? [note(CheckerMessages.writeLetType(declaration.name.name, example: "Int? = nil"), declaration.name.range)] : []
            error(CheckerMessages.nilNeedsContext, declaration.value.range, notes: notes)
            typed.type = .error
        }
        finishDeclaration(typed)
        guard optimizes && !typed.type.containsError else { return (typed.type, typed) }
        return (typed.type, Optimizer.optimize(typed, mappedDeclarations: mappedDeclarations))
    }

    /// Keeps a checked declaration's type and typed tree, and what its readers can compute
    /// again of its value.
    mutating func finishChecking(_ index: Int, _ result: (RuleType, TypedExpression)) {
        (declarationTypes[index], compiledBodies[index]) = result
        if let mapped = MappedDeclaration(body: result.1) { mappedDeclarations[index] = mapped }
    }

    /// How many declarations one wave needs before it is split over two threads: checking
    /// one takes a few microseconds, starting a thread about 60.
    static let concurrentWaveSize = 1024

    /// How many declarations of a wave a thread checks before it takes more: a fraction of a
    /// millisecond's work, so neither thread waits long for the other at the end.
    static let concurrentChunkSize = 64

    /// Checks a file of thousands of declarations on two threads (when the machine has two
    /// processors). Declarations fall into waves: a declaration's wave is one past the latest
    /// wave it references, so one wave's declarations need only earlier waves' types. Each
    /// thread checks chunks of a wave, taking the next when done, with its own copy of the
    /// checker. A declaration's result does not depend on what was checked before it, so the
    /// program is the one the sequential order gives. Any diagnostic makes this give up
    /// (returning false, to check in the sequential order): which diagnostics a file reports,
    /// and which the limit suppresses, stay exactly as they are.
    private mutating func checkConcurrently(_ checkable: [Int], _ references: [[Reference]]) -> Bool {
        guard checkable.count >= Checker.concurrentWaveSize, LargeStack.processorCount > 1 else { return false }
        var waveOf = Array(repeating: 0, count: valueDeclarations.count)
        var waves: [[Int]] = []
        for index in checkable {
            let wave = references[index].map { waveOf[$0.target] + 1 }.max() ?? 0
            waveOf[index] = wave
            while waves.count <= wave { waves.append([]) }
            waves[wave].append(index)
        }
        let before = (diagnostics.diagnostics.count, diagnostics.suppressedCount)
        for wave in waves {
            var (first, second) = (self, self)
            let results: [[(RuleType, TypedExpression)]]
            if wave.count >= Checker.concurrentWaveSize {
                results = LargeStack.inChunks(count: wave.count, chunkSize: Checker.concurrentChunkSize, { range in
                    wave[range].map { first.checkDeclaration(at: $0) }
                }, alongside: { range in
                    wave[range].map { second.checkDeclaration(at: $0) }
                })
            } else {
                results = [wave.map { first.checkDeclaration(at: $0) }]
            }
            for checker in [first, second] where (checker.diagnostics.diagnostics.count, checker.diagnostics.suppressedCount) != before {
                return false
            }
            // (Chunk by chunk, in wave order, rather than through one array of them all: each
            // copy of a typed tree is a reference count taken and dropped.)
            var position = wave.startIndex
            for chunk in results {
                for result in chunk {
                    finishChecking(wave[position], result)
                    position += 1
                }
            }
        }
        return true
    }

    /// Each declaration's references, found on two threads for a file of thousands (the
    /// walk reads only the syntax and the symbol table).
    private func allDeclarationReferences() -> [[Reference]] {
        let declarations = valueDeclarations
        guard declarations.count >= 2 * Checker.concurrentWaveSize, LargeStack.processorCount > 1 else {
            return declarations.map { declarationReferences($0.value) }
        }
        let half = declarations.count / 2
        let (later, earlier) = LargeStack.concurrently({
            declarations[half...].map { declarationReferences($0.value) }
        }, alongside: {
            declarations[..<half].map { declarationReferences($0.value) }
        })
        return earlier + later
    }

    /// The declarations an expression names, ignoring names that closure parameters shadow.
    func declarationReferences(_ expression: Expression) -> [Reference] {
        var found: [Reference] = []
        collectReferences(expression, shadowed: [], into: &found)
        return found
    }

    /// `shadowed` holds the parameter names of the enclosing closures (few, so an array).
    private func collectReferences(_ expression: Expression, shadowed: [String], into found: inout [Reference]) {
        switch expression.kind {
        case .identifier(let name):
            if case .declaration(let index)? = symbols[name], !shadowed.contains(name) {
                found.append(Reference(target: index, range: expression.range))
            }
        case .closure(let parameters, let body, _):
            collectReferences(body, shadowed: parameters.isEmpty ? shadowed : shadowed + parameters.map(\.name), into: &found)
        default:
            expression.kind.forEachChild { collectReferences($0, shadowed: shadowed, into: &found) }
        }
    }

    /// A dependencies-first order of the declarations, found without recursion, and the set of
    /// declarations on a cycle (each cycle is reported once).
    private mutating func orderDeclarations(_ references: [[Reference]]) -> (order: [Int], cyclic: Set<Int>) {
        enum Mark { case unvisited, active, done }
        var marks = Array(repeating: Mark.unvisited, count: references.count)
        var order: [Int] = []
        var cyclic: Set<Int> = []
        for root in references.indices where marks[root] == .unvisited {
            // Each frame: the declaration and how many of its references were followed.
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            marks[root] = .active
            while let (node, next) = stack.last {
                if next < references[node].count {
                    stack[stack.count - 1].next += 1
                    let reference = references[node][next]
                    switch marks[reference.target] {
                    case .unvisited:
                        marks[reference.target] = .active
                        stack.append((reference.target, 0))
                    case .active:
                        let start = stack.firstIndex { $0.node == reference.target }!
                        let members = stack[start...].map(\.node)
                        if cyclic.isDisjoint(with: members) {
                            let names = members.map { valueDeclarations[$0].name.name } + [valueDeclarations[reference.target].name.name]
                            error(CheckerMessages.cycle(names), reference.range, notes: members.map {
                                note("'\(valueDeclarations[$0].name.name)' declared here", valueDeclarations[$0].name.range)
                            })
                        }
                        cyclic.formUnion(members)
                    case .done:
                        if cyclic.contains(reference.target) { cyclic.insert(node) }
                    }
                } else {
                    marks[node] = .done
                    order.append(node)
                    stack.removeLast()
                }
            }
        }
        return (order, cyclic)
    }
}
