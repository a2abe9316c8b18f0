import TipRulesSyntax

/// Rewrites a checked tree into an equivalent one that evaluates faster, by fusing chains of
/// built-in calls over donation lists into single scans (see `FusedOperation`).
///
/// Every rewrite keeps the exact result, including runtime errors: a scan only replaces a
/// closure that cannot fail (a `RowPredicate`, whose `Int` arithmetic the scan first proves
/// cannot fail on its rows), so stopping early can never hide an error the unfused code would
/// have raised.
package struct Optimizer {
    /// The program's declarations whose values a reader can compute again from the columns,
    /// by index (see `MappedDeclaration`).
    let mappedDeclarations: [Int: MappedDeclaration]

    /// Whether the expression being optimized is in a closure's body. There a `let` of mapped
    /// values is read as its array: a chain over its list would be a fused node evaluated for
    /// every element the closure is applied to, which keeps the enclosing call from fusing (with
    /// `xs.contains($0.id)` as a membership test, or a subexpression the same for every
    /// element, hoisted), where the array is read once.
    private(set) var insideClosure = false

    private init(mappedDeclarations: [Int: MappedDeclaration]) {
        self.mappedDeclarations = mappedDeclarations
    }

    /// The optimized form of a checked expression, which reads declarations whose values are
    /// described by `mappedDeclarations`.
    static func optimize(_ expression: TypedExpression, mappedDeclarations: [Int: MappedDeclaration] = [:]) -> TypedExpression {
        Optimizer(mappedDeclarations: mappedDeclarations).optimized(expression)
    }

    func optimized(_ expression: TypedExpression) -> TypedExpression {
        let optimized = rewritten(expression) ?? expression
        return valuesKept(optimized) ?? optimized
    }

    /// A whole declaration (or expression) that is the values a chain keeps, ending in a
    /// `compactMap` or in a `filter` of what a `map` computed (`let discounts =
    /// purchases.compactMap(\.discount)`), a `compactMap` of a function that charges work, or a
    /// `Set` of such values: those values, made from the columns. (Inside a
    /// tree the call that reads such a chain fuses with it, or takes the values the same way,
    /// see `fuseCall`; a declaration's value has no such call.)
    func valuesKept(_ expression: TypedExpression) -> TypedExpression? {
        guard case .builtin(let call) = expression.node else { return nil }
        // `Set(chain)`: the set made from the columns. `Set` charges a step per value.
        if call.builtin.id == .setFromArray, case .set(let element) = expression.type, let chain = rowChain(call.arguments[0]),
           let mapping = chain.mapping {
            return fused(.distinctValues(chain.list, mapping: mapping, element: element), perElement: chain.pendingSteps + 1, replacing: expression)
        }
        guard call.builtin.id == .arrayCompactMap || call.builtin.id == .arrayFilter, case .array(let element) = expression.type else { return nil }
        if let chain = rowChain(expression), let mapping = chain.mapping {
            return fused(.mapped(chain.list, mapping: mapping, element: element), perElement: chain.pendingSteps, replacing: expression)
        }
        // A `compactMap` whose function charges work per row (`{ $0.comment?.count }`), which a
        // chain would compute twice: its values made in one pass, the work metered once.
        guard call.builtin.id == .arrayCompactMap, !element.isOptional,
              let map = mapOverDonations(expression, .arrayCompactMap, metered: true),
              case .function(_, let produced) = map.function.type, produced.isOptional else { return nil }
        return fused(.compactMapped(map.source, mapping: map.mapping, element: element), perElement: map.steps, replacing: expression)
    }

    /// The optimized form of an expression, or nil when optimizing changes nothing: subtrees
    /// with nothing to fuse are kept as they are rather than rebuilt node by node (most of a
    /// large file's trees).
    func rewritten(_ expression: TypedExpression) -> TypedExpression? {
        var children: TypedExpression?
        switch expression.node {
        case .constant, .declaration, .declarationList, .parameterValue, .parameterReference, .event, .local, .keyPath, .fused:
            // (Leaves, which no pattern rewrites: most of a tree's nodes, and the commonest.)
            return nil
        case .closure where !insideClosure:
            var inner = self
            inner.insideClosure = true
            children = Self.mapChangedChildren(expression, inner.rewritten)
        case .ruleMacro:
            if let inlined = subjectInlined(expression) { return rewritten(inlined) ?? inlined }
            children = Self.mapChangedChildren(expression, rewritten)
        default:
            children = Self.mapChangedChildren(expression, rewritten)
        }
        return fuse(children ?? expression) ?? children
    }

    // MARK: - Patterns

    /// The fused form of an expression whose children are optimized, or nil when no pattern
    /// applies.
    func fuse(_ expression: TypedExpression) -> TypedExpression? {
        switch expression.node {
        case .builtin(let call):
            return fuseCall(call, expression)
        case .comparison(let op, let lhs, let rhs):
            // (The constant side first: it is the cheaper test, and most comparisons have none.)
            if case .constant(.int(let k)) = rhs.node {
                if case .fused(.scan(let source, let predicate, .count), let steps, _) = lhs.node {
                    return fused(.countCompare(source, predicate, op, k), perElement: steps.perElement + steps.perSourceElement, replacing: expression)
                }
                if let sum = CountingSum(lhs) ?? CountingSum(reduce: lhs), let threshold = sum.threshold(k) {
                    return fused(.countCompare(sum.source, sum.predicate, op, threshold), perElement: sum.perElement, replacing: expression)
                }
            }
            if case .constant(.int(let k)) = lhs.node {
                if case .fused(.scan(let source, let predicate, .count), let steps, _) = rhs.node {
                    return fused(.countCompare(source, predicate, op.mirrored, k), perElement: steps.perElement + steps.perSourceElement,
                                 replacing: expression)
                }
                if let sum = CountingSum(rhs) ?? CountingSum(reduce: rhs), let threshold = sum.threshold(k) {
                    return fused(.countCompare(sum.source, sum.predicate, op.mirrored, threshold), perElement: sum.perElement, replacing: expression)
                }
            }
            return nil
        case .closure(let closure) where !closure.appliesDirectly && appliesDirectly(closure, expression.type):
            var marked = closure
            marked.appliesDirectly = true
            var result = expression
            result.node = .closure(marked)
            return result
        default:
            return nil
        }
    }

    /// Whether a closure's body is one `Int` or `Double` arithmetic operation, `min` or `max` of
    /// two `Int`s or `Double`s, or one comparison of `Int`s, `Double`s or dates, whose operands
    /// are the closure's parameters (of those types or `Bool`, which the evaluator keeps
    /// unboxed), constants, or one arithmetic operation of those (`$0 + $1 * $1`). The evaluator applies
    /// such a body with the body node's own operation, charging the application's steps as
    /// usual, so marking it changes no value, error or step; unoptimized programs keep the tree
    /// walk, and the tests that compare the two cover it.
    func appliesDirectly(_ closure: TypedClosure, _ type: RuleType) -> Bool {
        guard case .function(let parameters, _) = type, !parameters.isEmpty, parameters.count <= 2,
              parameters.allSatisfy({ [.int, .double, .date, .bool].contains($0) }) else { return false }
        func isLeaf(_ operand: TypedExpression) -> Bool {
            switch operand.node {
            case .local(let slot): return slot == closure.firstSlot || (slot == closure.firstSlot + 1 && parameters.count == 2)
            case .constant(.int), .constant(.double), .constant(.date): return true
            default: return false
            }
        }
        /// Whether `expression` is `Int` or `Double` arithmetic of two sides that pass `test`.
        func isNumberArithmetic(_ expression: TypedExpression, of test: (TypedExpression) -> Bool) -> Bool {
            guard case .arithmetic(let op, let lhs, let rhs) = expression.node else { return false }
            switch op {
            case .intAdd, .intSubtract, .intMultiply, .intDivide, .intRemainder,
                 .doubleAdd, .doubleSubtract, .doubleMultiply, .doubleDivide:
                return test(lhs) && test(rhs)
            case .stringConcatenate, .arrayConcatenate:
                return false
            }
        }
        func isOperand(_ operand: TypedExpression) -> Bool {
            isLeaf(operand) || isNumberArithmetic(operand, of: isLeaf)
        }
        switch closure.body.node {
        case .arithmetic:
            return isNumberArithmetic(closure.body, of: isOperand)
        case .comparison(_, let lhs, let rhs):
            switch (lhs.type, rhs.type) {
            case (.int, .int), (.double, .double), (.date, .date): return isOperand(lhs) && isOperand(rhs)
            default: return false
            }
        case .builtin(let call) where (call.builtin.id == .min || call.builtin.id == .max) && call.receiver == nil && call.arguments.count == 2:
            switch (call.arguments[0].type, call.arguments[1].type) {
            case (.int, .int), (.double, .double): return isOperand(call.arguments[0]) && isOperand(call.arguments[1])
            default: return false
            }
        default:
            return false
        }
    }

    /// `#Rule(subject) { body }` with the body reading the subject itself where it read the
    /// closure's parameter: `Self.didView.donations` for `$0.donations` (the event, the same on
    /// every evaluation), or the parameter's value for `$0` of `#Rule(Self.$isLoggedIn)`. The
    /// body is then what the same test written outside a block is, and fuses as it does; the
    /// closure stays, so the block charges what it charged (a parameter read is one node, as the
    /// local it replaces), and the evaluator no longer binds a parameter nothing reads. Nil for
    /// any other expression, and for a body that does not read its parameter.
    func subjectInlined(_ expression: TypedExpression) -> TypedExpression? {
        guard case .ruleMacro(let subject, let closure) = expression.node, closure.parameterCount == 1,
              Self.mentions(closure.body, slot: closure.firstSlot) else { return nil }
        let read: TypedNode
        switch subject.node {
        case .event(let index): read = .event(index)
        case .parameterReference(let index): read = .parameterValue(index)
        default: return nil
        }
        func substituted(_ e: TypedExpression) -> TypedExpression {
            if case .local(closure.firstSlot) = e.node { return TypedExpression(read, e.type, e.range) }
            return Self.mapChildren(e, substituted)
        }
        var inlined = expression
        inlined.node = .ruleMacro(subject, TypedClosure(firstSlot: closure.firstSlot, parameterCount: 1, body: substituted(closure.body)))
        return inlined
    }

    /// A fused node for an operation that stands for `expression`: it charges what the
    /// expression's nodes charge beyond its source, initial value and hoisted arguments (which
    /// charge their own, see `HoistedExpression.isArgument`), and `perElement` for each element
    /// the replaced calls go through.
    func fused(_ operation: FusedOperation, perElement: Int, perSourceElement: Int = 0,
                              replacing expression: TypedExpression) -> TypedExpression {
        let arguments = operation.kernel.hoistedUses.reduce(0) { $0 + ($1.hoisted.isArgument ? $1.hoisted.expression.stepSize : 0) }
        let size = expression.stepSize
        let fixed = size - operation.source.stepSize - (operation.initial?.stepSize ?? 0) - arguments - 1
        let steps = FusedSteps(fixed: fixed, perElement: perElement, perSourceElement: perSourceElement, size: size)
        return TypedExpression(.fused(operation, steps, unfused: expression), expression.type, expression.range)
    }

    /// The steps of one application of a key path: one per step.
    func keyPathSize(_ expression: TypedExpression) -> Int {
        if case .keyPath(let steps) = expression.node { return steps.count }
        return 0
    }

    /// The body of the closure a key path stands for, reading its argument from local `slot`:
    /// `\.name.count` is `{ $0.name.count }`, and means what it means. (An application of the
    /// path charges one step per step rather than the body's nodes: see `keyPathSize`.) Nil for
    /// anything but a key path.
    func keyPathBody(_ expression: TypedExpression, slot: Int) -> TypedExpression? {
        guard case .keyPath(let steps) = expression.node else { return nil }
        let root: RuleType
        switch expression.type {
        case .function(let parameters, _) where parameters.count == 1: root = parameters[0]
        case .keyPath(let type, _): root = type
        default: return nil
        }
        let range = expression.range
        var body = TypedExpression(.local(slot), root, range)
        for step in steps {
            switch step {
            case .field(let index, let type):
                body = TypedExpression(.field(body, index), type, range)
            case .property(let builtin, let type):
                let call = BuiltinCall(builtin: builtin, receiver: body, arguments: [], resultType: type, range: range)
                body = TypedExpression(.builtin(call), type, range)
            }
        }
        return body
    }

    /// What a function given to `map` or `compactMap` computes from each donation, when that
    /// is a row operand (which cannot fail, or whose `Int` arithmetic the fused operation
    /// proves cannot fail before it runs): a key path (`\.score`, `\.name.count`), or a
    /// closure such as `{ $0.score }` or `{ $0.score * 2 + 1 }`; with the steps one application
    /// charges.
    /// With `metered`, also one whose steps depend on each row (`count` of a string): only for
    /// operations that compute it exactly once for every donation, and meter it as they do.
    /// With `known`, a predicate that holds for every donation the mapping sees (a `filter`'s
    /// before it), whose nil tests make the force unwraps they guard safe (`filter { $0.x != nil
    /// }.map { $0.x! }`): read as `x ?? d`, as in one closure (see `RowPredicate.unwrapping`).
    /// With `mapped`, the function applies to what earlier calls of a chain computed from each
    /// donation (see `RowChain`) rather than to the donation.
    func rowMapping(_ function: TypedExpression, metered: Bool = false, known: RowPredicate? = nil,
                                   after mapped: RowPredicate.Operand? = nil) -> (operand: RowPredicate.Operand, steps: Int)? {
        if let mapped {
            // A key path over an earlier call's result (`map(\.name).map(\.count)`): the
            // closure it stands for, which reads that result.
            if let body = keyPathBody(function, slot: 0) {
                return RowPredicate.rowOperand(body, slot: 0, mapped: mapped, allowingWork: metered).map { ($0, keyPathSize(function)) }
            }
            // A closure over an earlier call's result, which that call computed for every
            // element: so the closure must read it when it could fail (see `predicate(_:after:)`).
            guard case .closure(let closure) = function.node, closure.parameterCount == 1,
                  !mapped.hasIntArithmetic || Self.mentions(closure.body, slot: closure.firstSlot),
                  let operand = RowPredicate.rowOperand(closure.body, slot: closure.firstSlot, mapped: mapped, allowingWork: metered)
            else { return nil }
            return chargedPerElement(operand, closure.body.stepSize)
        }
        switch function.node {
        case .keyPath(let steps):
            // The closure the path stands for (`\.score` is `{ $0.score }`, `\.name.count`
            // `{ $0.name.count }`), charging a step per step of the path.
            guard let body = keyPathBody(function, slot: 0),
                  let operand = RowPredicate.rowOperand(body, slot: 0, allowingWork: metered) else { return nil }
            return (operand, steps.count)
        case .closure(let closure) where closure.parameterCount == 1:
            // The steps are the closure's as written.
            let body = known.map { RowPredicate.unwrapping(closure.body, where: $0, isNil: false, slot: closure.firstSlot, mapped: nil) } ?? closure.body
            guard let operand = RowPredicate.rowOperand(body, slot: closure.firstSlot, allowingWork: metered) else { return nil }
            return chargedPerElement(operand, closure.body.stepSize)
        default:
            return nil
        }
    }

    /// A mapping whose whole value is a built-in's fixed charge around an operand that cannot
    /// fail (`map { [$0.score, 2.5].min()! }`, see `literalExtreme`) charges it for every
    /// element the mapping is applied to, as the closure's own steps are: so it joins them,
    /// and the operand is one that batches compute (an operand that charges work is computed
    /// row by row). One that can fail keeps its charge where the built-in makes it, after its
    /// elements were computed.
    func chargedPerElement(_ operand: RowPredicate.Operand, _ steps: Int) -> (operand: RowPredicate.Operand, steps: Int) {
        guard case .function(.charged(let charge), let inner, nil) = operand, !inner.hasIntArithmetic, !inner.chargesWork else {
            return (operand, steps)
        }
        return (inner, steps + charge)
    }

    /// The same for a predicate: a fixed charge read on every application, in the left operand
    /// of its comparison (or the right, when the left cannot fail before it), or on the left
    /// of `&&` and `||`, joins the closure's steps. `[$0.id, 7].contains(12)`, a `Bool` made by
    /// a test (see `literalMembership`), compared with `true` is that test.
    func chargedPerApplication(_ predicate: RowPredicate, _ steps: Int) -> (RowPredicate, Int) {
        switch predicate {
        case .compare(let a, let op, let b):
            var (left, total) = chargedPerElement(a, steps)
            var right = b
            if !left.hasIntArithmetic { (right, total) = chargedPerElement(b, total) }
            if case .conditional(let test, .constant(.bool(true)), .constant(.bool(false))) = left,
               case .constant(.bool(let flag)) = right, op == .equal || op == .notEqual {
                return ((op == .equal) == flag ? test : .not(test), total)
            }
            return (.compare(left, op, right), total)
        case .and(let a, let b):
            let (left, total) = chargedPerApplication(a, steps)
            return (.and(left, b), total)
        case .or(let a, let b):
            let (left, total) = chargedPerApplication(a, steps)
            return (.or(left, b), total)
        default:
            return (predicate, steps)
        }
    }

    /// The column a `map` function reads as it is (a field, or nil for the date), with its steps.
    func mappedColumn(_ function: TypedExpression) -> (field: Int?, steps: Int)? {
        switch rowMapping(function) {
        case (.field(let index), let steps)?: return (index, steps)
        case (.date, let steps)?: return (nil, steps)
        default: return nil
        }
    }

    /// `source.map(f)` or `source.compactMap(f)` over donations, for `f` a row mapping (with
    /// `metered`, also one whose steps depend on each row, see `rowMapping`).
    func mapOverDonations(_ expression: TypedExpression, _ id: BuiltinID, metered: Bool = false)
        -> (source: TypedExpression, mapping: RowPredicate.Operand, steps: Int, function: TypedExpression)? {
        // `xs.map(f).compactMap { $0 }` for an optional `f` is `xs.compactMap(f)`: `f` applied to
        // every donation, and the identity to every value it made, a step each.
        if id == .arrayCompactMap, case .builtin(let compact) = expression.node, compact.builtin.id == .arrayCompactMap,
           case .closure(let identity) = compact.arguments[0].node, identity.parameterCount == 1,
           case .local(identity.firstSlot) = identity.body.node, let receiver = compact.receiver,
           let map = mapOverDonations(receiver, .arrayMap, metered: metered),
           case .function(_, let produced) = map.function.type, produced.isOptional {
            return (map.source, map.mapping, map.steps + identity.body.stepSize, map.function)
        }
        // A `map` fused on its own already (the children are fused first): taken apart again.
        if id == .arrayMap, case .fused(.mapped(let source, let mapping, _), let steps, let unfused) = expression.node,
           case .builtin(let map) = unfused.node, metered || !mapping.chargesWork {
            return (source, mapping, steps.perElement, map.arguments[0])
        }
        guard case .builtin(let map) = expression.node, map.builtin.id == id, let receiver = map.receiver,
              let chain = rowChain(receiver) else { return nil }
        // `compactMap { c ? x : nil }` is left to the row chain, which narrows the donations by
        // `c` (tested a batch at a time) and reads `x` of those it keeps, rather than computing
        // an optional for every donation.
        if id == .arrayCompactMap, conditionalValue(map.arguments[0], after: chain.mapping) != nil { return nil }
        var known: RowPredicate?
        if chain.mapping == nil, case .fused(.scan(_, let predicate, .filter), _, _) = chain.list.node { known = predicate }
        guard let (operand, steps) = rowMapping(map.arguments[0], metered: metered, known: known, after: chain.mapping) else { return nil }
        return (chain.list, operand, chain.pendingSteps + steps, map.arguments[0])
    }

    /// Whether a predicate computes a mapping exactly once on every row it tests: a comparison
    /// or string test with what is the same for every row on one side, and on the other the
    /// mapping once, in no part evaluated on some rows only (so that a scan's meter charges its
    /// work once a row, as the `map` did).
    func computesOnce(_ mapping: RowPredicate.Operand, _ predicate: RowPredicate) -> Bool {
        // How many times the operand computes the mapping; nil when one is in a part evaluated
        // on some rows only (the right of `??`, anything in a ternary).
        func count(_ operand: RowPredicate.Operand) -> Int? {
            if operand == mapping { return 1 }
            func sum(_ a: RowPredicate.Operand, _ b: RowPredicate.Operand?) -> Int? {
                guard let x = count(a), let y = b.map(count) ?? 0 else { return nil }
                return x + y
            }
            switch operand {
            case .arithmetic(_, let a, let b), .intArithmetic(_, let a, let b), .intervalSince(let a, let b), .addingInterval(let a, let b):
                return sum(a, b)
            case .negate(let a): return count(a)
            case .function(_, let a, let b): return sum(a, b)
            case .coalesce(let a, let b, _): return b.contains { $0 == mapping } ? nil : count(a)
            case .conditional: return operand.contains { $0 == mapping } ? nil : 0
            case .field, .date, .constant, .parameter, .now, .outerLocal, .outerField, .outerDate, .accumulator, .hoisted: return 0
            }
        }
        func once(_ operand: RowPredicate.Operand) -> Bool { count(operand) == 1 }
        switch predicate {
        case .compare(let a, _, let b), .string(let a, _, let b):
            return (once(a) && b.isInvariant) || (once(b) && a.isInvariant)
        default:
            return false
        }
    }

    /// What a counting call (`count`, `isEmpty`) over `receiver` can count instead: the
    /// donations of a source for which a row predicate holds, with the steps per donation of the
    /// calls that made `receiver`, all of which go through every donation. With `everyRow` (a
    /// `count`, which tests every donation, where `isEmpty` stops at the first), also a `map`
    /// whose function charges work per donation (`lowercased()`): the scan's meter charges it
    /// for every donation, as `map` does.
    func countable(_ receiver: TypedExpression, everyRow: Bool = false) -> (source: TypedExpression, predicate: RowPredicate, perElement: Int)? {
        // source.filter(p), fused already.
        if case .fused(.scan(let source, let predicate, .filter), let steps, _) = receiver.node {
            return (source, predicate, steps.perElement)
        }
        // source.map(f).filter(p)
        if case .builtin(let filter) = receiver.node, filter.builtin.id == .arrayFilter, let mapped = filter.receiver,
           let map = mapOverDonations(mapped, .arrayMap, metered: everyRow), let (predicate, size) = predicate(filter.arguments.first, after: map.mapping),
           !map.mapping.chargesWork || computesOnce(map.mapping, predicate) {
            return (map.source, predicate, map.steps + size)
        }
        // source.compactMap(f): the donations for which f is not nil. (Not when f computes `Int`
        // arithmetic: a count of every donation would not compute it, and it can fail. An f that
        // charges work is taken for `count` alone, whose scan computes f on every donation, as
        // the `compactMap` does, and meters that work.)
        if let map = mapOverDonations(receiver, .arrayCompactMap, metered: everyRow), case .function(_, let produced) = map.function.type,
           !map.mapping.hasIntArithmetic {
            let predicate: RowPredicate = produced.isOptional ? .compare(map.mapping, .notEqual, .constant(.null)) : .constant(true)
            return (map.source, predicate, map.steps)
        }
        // source.map(f): every donation, charged f's steps, when computing f could change
        // nothing else: no `Int` arithmetic (which can fail), no work charged by size, nothing
        // evaluated once per scan (which can fail too).
        if let map = mapOverDonations(receiver, .arrayMap), !map.mapping.hasIntArithmetic, map.mapping.canBeReadTwice {
            return (map.source, .constant(true), map.steps)
        }
        // Any other chain that ends in a `filter` or `compactMap` of what it computed: the
        // donations its last narrowing keeps.
        if let chain = rowChain(receiver), chain.mapping != nil, chain.pendingSteps == 0,
           case .fused(.narrowed(let source, let predicate), let steps, _) = chain.list.node {
            return (source, predicate, steps.perElement)
        }
        // A chain that ends in a slice or `reversed()` of what it computed: the donations kept.
        if let chain = rowChain(receiver), chain.mapping != nil, chain.pendingSteps == 0, case .fused(.chainSlice, _, _) = chain.list.node {
            return (chain.list, .constant(true), 0)
        }
        // A `let` of mapped values: the donations they were computed from, one per value, so
        // that counting them needs no values made (see `MappedDeclaration`).
        if case .declaration = receiver.node, let chain = rowChain(receiver), case .declarationList = chain.list.node {
            return (chain.list, .constant(true), 0)
        }
        return nil
    }
}
