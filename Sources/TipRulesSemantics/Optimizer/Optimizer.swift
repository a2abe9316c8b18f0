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
    private let mappedDeclarations: [Int: MappedDeclaration]
    /// Whether the expression being optimized is in a closure's body. There a `let` of mapped
    /// values is read as its array: a chain over its list would be a fused node evaluated for
    /// every element the closure is applied to, which keeps the enclosing call from fusing (with
    /// `xs.contains($0.id)` as a membership test, or a subexpression the same for every
    /// element, hoisted), where the array is read once.
    private var insideClosure = false

    private init(mappedDeclarations: [Int: MappedDeclaration]) {
        self.mappedDeclarations = mappedDeclarations
    }

    /// The optimized form of a checked expression, which reads declarations whose values are
    /// described by `mappedDeclarations`.
    static func optimize(_ expression: TypedExpression, mappedDeclarations: [Int: MappedDeclaration] = [:]) -> TypedExpression {
        Optimizer(mappedDeclarations: mappedDeclarations).optimized(expression)
    }

    private func optimized(_ expression: TypedExpression) -> TypedExpression {
        let optimized = rewritten(expression) ?? expression
        return valuesKept(optimized) ?? optimized
    }

    /// A whole declaration (or expression) that is the values a chain keeps, ending in a
    /// `compactMap` or in a `filter` of what a `map` computed (`let discounts =
    /// purchases.compactMap(\.discount)`), a `compactMap` of a function that charges work, or a
    /// `Set` of such values: those values, made from the columns. (Inside a
    /// tree the call that reads such a chain fuses with it, or takes the values the same way,
    /// see `fuseCall`; a declaration's value has no such call.)
    private func valuesKept(_ expression: TypedExpression) -> TypedExpression? {
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
    private func rewritten(_ expression: TypedExpression) -> TypedExpression? {
        if let inlined = subjectInlined(expression) { return rewritten(inlined) ?? inlined }
        var children: TypedExpression?
        if case .closure = expression.node, !insideClosure {
            var inner = self
            inner.insideClosure = true
            children = Self.mapChangedChildren(expression, inner.rewritten)
        } else {
            children = Self.mapChangedChildren(expression, rewritten)
        }
        return fuse(children ?? expression) ?? children
    }

    // MARK: - Patterns

    /// The fused form of an expression whose children are optimized, or nil when no pattern
    /// applies.
    private func fuse(_ expression: TypedExpression) -> TypedExpression? {
        switch expression.node {
        case .builtin(let call):
            return fuseCall(call, expression)
        case .comparison(let op, let lhs, let rhs):
            if case .fused(.scan(let source, let predicate, .count), let steps, _) = lhs.node, case .constant(.int(let k)) = rhs.node {
                return fused(.countCompare(source, predicate, op, k), perElement: steps.perElement + steps.perSourceElement, replacing: expression)
            }
            if case .fused(.scan(let source, let predicate, .count), let steps, _) = rhs.node, case .constant(.int(let k)) = lhs.node {
                return fused(.countCompare(source, predicate, op.mirrored, k), perElement: steps.perElement + steps.perSourceElement,
                             replacing: expression)
            }
            if let sum = CountingSum(lhs), case .constant(.int(let k)) = rhs.node, let threshold = sum.threshold(k) {
                return fused(.countCompare(sum.source, sum.predicate, op, threshold), perElement: sum.perElement, replacing: expression)
            }
            if let sum = CountingSum(rhs), case .constant(.int(let k)) = lhs.node, let threshold = sum.threshold(k) {
                return fused(.countCompare(sum.source, sum.predicate, op.mirrored, threshold), perElement: sum.perElement, replacing: expression)
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
    private func appliesDirectly(_ closure: TypedClosure, _ type: RuleType) -> Bool {
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
    private func subjectInlined(_ expression: TypedExpression) -> TypedExpression? {
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
    /// expression's nodes charge beyond its source and initial value, and `perElement` for each
    /// element the replaced calls go through.
    private func fused(_ operation: FusedOperation, perElement: Int, perSourceElement: Int = 0,
                              replacing expression: TypedExpression) -> TypedExpression {
        let fixed = expression.stepSize - operation.source.stepSize - (operation.initial?.stepSize ?? 0) - 1
        let steps = FusedSteps(fixed: fixed, perElement: perElement, perSourceElement: perSourceElement)
        return TypedExpression(.fused(operation, steps, unfused: expression), expression.type, expression.range)
    }

    /// The steps of one application of a key path: one per step.
    private func keyPathSize(_ expression: TypedExpression) -> Int {
        if case .keyPath(let steps) = expression.node { return steps.count }
        return 0
    }

    /// What a function given to `map` or `compactMap` computes from each donation, when that
    /// is a row operand (which cannot fail, or whose `Int` arithmetic the fused operation
    /// proves cannot fail before it runs): a one-step key path to a field or the date
    /// (`\.score`), or a closure such as `{ $0.score }` or `{ $0.score * 2 + 1 }`; with the
    /// steps one application charges.
    /// With `metered`, also one whose steps depend on each row (`count` of a string): only for
    /// operations that compute it exactly once for every donation, and meter it as they do.
    /// With `known`, a predicate that holds for every donation the mapping sees (a `filter`'s
    /// before it), whose nil tests make the force unwraps they guard safe (`filter { $0.x != nil
    /// }.map { $0.x! }`): read as `x ?? d`, as in one closure (see `RowPredicate.unwrapping`).
    /// With `mapped`, the function applies to what earlier calls of a chain computed from each
    /// donation (see `RowChain`) rather than to the donation.
    private func rowMapping(_ function: TypedExpression, metered: Bool = false, known: RowPredicate? = nil,
                                   after mapped: RowPredicate.Operand? = nil) -> (operand: RowPredicate.Operand, steps: Int)? {
        if let mapped {
            // A closure over an earlier call's result, which that call computed for every
            // element: so the closure must read it when it could fail (see `predicate(_:after:)`).
            guard case .closure(let closure) = function.node, closure.parameterCount == 1,
                  !mapped.hasIntArithmetic || Self.mentions(closure.body, slot: closure.firstSlot),
                  let operand = RowPredicate.rowOperand(closure.body, slot: closure.firstSlot, mapped: mapped, allowingWork: metered)
            else { return nil }
            return chargedPerElement(operand, closure.body.stepSize)
        }
        switch function.node {
        case .keyPath(let steps) where steps.count == 1:
            switch steps[0] {
            case .field(let index): return (.field(index), 1)
            case .property(let property) where property.id == .donationDate: return (.date, 1)
            default: return nil
            }
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
    private func chargedPerElement(_ operand: RowPredicate.Operand, _ steps: Int) -> (operand: RowPredicate.Operand, steps: Int) {
        guard case .function(.charged(let charge), let inner, nil) = operand, !inner.hasIntArithmetic, !inner.chargesWork else {
            return (operand, steps)
        }
        return (inner, steps + charge)
    }

    /// The same for a predicate: a fixed charge read on every application, in the left operand
    /// of its comparison (or the right, when the left cannot fail before it), or on the left
    /// of `&&` and `||`, joins the closure's steps. `[$0.id, 7].contains(12)`, a `Bool` made by
    /// a test (see `literalMembership`), compared with `true` is that test.
    private func chargedPerApplication(_ predicate: RowPredicate, _ steps: Int) -> (RowPredicate, Int) {
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
    private func mappedColumn(_ function: TypedExpression) -> (field: Int?, steps: Int)? {
        switch rowMapping(function) {
        case (.field(let index), let steps)?: return (index, steps)
        case (.date, let steps)?: return (nil, steps)
        default: return nil
        }
    }

    /// `source.map(f)` or `source.compactMap(f)` over donations, for `f` a row mapping (with
    /// `metered`, also one whose steps depend on each row, see `rowMapping`).
    private func mapOverDonations(_ expression: TypedExpression, _ id: BuiltinID, metered: Bool = false)
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

    /// A chain of `map`, `filter` and `compactMap` calls over a donation list, as the donations
    /// whose results it keeps and what it computes from each of them.
    ///
    /// Each `filter` or `compactMap` after a `map` becomes a narrowing of the list (a fused
    /// `FusedOperation.narrowed` scan with the row predicate the call's closure amounts to on the
    /// donations); each `map` composes its function with what came before. So any such chain
    /// ends as a list of donations and one row operand, which the operation that consumes the
    /// chain (`reduce`, `max()`, `contains(where:)`, `count`, ...) computes per donation kept.
    private struct RowChain {
        /// The donations whose results the chain keeps: the source, or a narrowing of it.
        var list: TypedExpression
        /// What the chain computes from each donation of `list`; nil for the donation itself.
        var mapping: RowPredicate.Operand?
        /// The steps per donation of `list` of the `map`s since its last narrowing, which the
        /// consuming operation charges (they go through every element).
        var pendingSteps: Int
    }

    /// The chain `expression` is (see `RowChain`): a donation list itself, or `map`, `filter`
    /// and `compactMap` calls over one whose closures are row operands and predicates. Nil for
    /// anything else, and for a chain whose functions charge work per element (`count` of a
    /// string) before its last call, which a narrowing would not charge on every element.
    private func rowChain(_ expression: TypedExpression) -> RowChain? {
        if case .array(.donation) = expression.type { return RowChain(list: expression, mapping: nil, pendingSteps: 0) }
        // A `let` holding what a mapping computed from a list's donations: that list, read as
        // the `let` is, and the mapping, computed again for each of its donations.
        if !insideClosure, case .declaration(let index) = expression.node, let declared = mappedDeclarations[index] {
            return RowChain(list: TypedExpression(.declarationList(index), declared.list, expression.range), mapping: declared.mapping,
                            pendingSteps: 0)
        }
        // A `map` fused on its own already (the children are fused first): taken apart again.
        if case .fused(.mapped(let source, let mapping, _), let steps, _) = expression.node {
            return mapping.chargesWork ? nil : RowChain(list: source, mapping: mapping, pendingSteps: steps.perElement)
        }
        // A slice of a `map` fused on its own already: the donations it keeps, the `map`
        // charged for every one of the source's (see `FusedOperation.chainSlice`).
        if case .fused(.mappedSlice(let source, let mapping, _, let reversed, let slice, let count), let steps, let unfused) = expression.node {
            guard !mapping.chargesWork else { return nil }
            let kept = FusedOperation.chainSlice(source, mapping: mapping, reversed: reversed, slice: slice, count: count)
            return RowChain(list: TypedExpression(.fused(kept, steps, unfused: unfused), source.type, expression.range), mapping: mapping, pendingSteps: 0)
        }
        guard case .builtin(let call) = expression.node, let receiver = call.receiver, let chain = rowChain(receiver) else { return nil }
        if let mapping = chain.mapping, let (reversed, slice) = chainCut(call) {
            // `reversed()`, `dropFirst()` or `dropLast()` of what a `map` made (a slice by a
            // count after `reversed()`, or after a narrowing): the donations kept.
            guard !mapping.chargesWork else { return nil }
            let kept = fused(.chainSlice(chain.list, mapping: mapping, reversed: reversed, slice: slice, count: call.arguments.first),
                             perElement: chain.pendingSteps + (reversed ? 1 : 0), replacing: expression)
            return RowChain(list: TypedExpression(kept.node, chain.list.type, expression.range), mapping: mapping, pendingSteps: 0)
        }
        guard call.arguments.count == 1 else { return nil }
        switch call.builtin.id {
        case .arrayMap:
            var known: RowPredicate?
            if chain.mapping == nil, case .fused(.scan(_, let predicate, .filter), _, _) = chain.list.node { known = predicate }
            guard let (operand, steps) = rowMapping(call.arguments[0], known: known, after: chain.mapping) else { return nil }
            return RowChain(list: chain.list, mapping: operand, pendingSteps: chain.pendingSteps + steps)
        case .arrayFilter:
            // (A filter of the donations themselves is a donation list, fused on its own.)
            guard let mapping = chain.mapping, let (predicate, size) = predicate(call.arguments.first, after: mapping) else { return nil }
            return RowChain(list: narrowed(chain, predicate, perElement: chain.pendingSteps + size, replacing: expression),
                            mapping: mapping, pendingSteps: 0)
        case .arrayCompactMap:
            if let (test, value, steps) = conditionalValue(call.arguments[0], after: chain.mapping) {
                // `compactMap { c ? x : nil }`: the donations `c` holds for, and `x` of each.
                return RowChain(list: narrowed(chain, test, perElement: chain.pendingSteps + steps, replacing: expression),
                                mapping: value, pendingSteps: 0)
            }
            guard let (operand, steps) = rowMapping(call.arguments[0], after: chain.mapping),
                  case .function(_, .optional(let wrapped)) = call.arguments[0].type, let fallback = RowPredicate.placeholder(of: wrapped)
            else { return nil }
            let kept = narrowed(chain, .compare(operand, .notEqual, .constant(.null)), perElement: chain.pendingSteps + steps, replacing: expression)
            return RowChain(list: kept, mapping: .coalesce(operand, .constant(fallback), keepsOptional: false), pendingSteps: 0)
        default:
            return nil
        }
    }

    /// `{ c ? x : nil }` (or `{ c ? nil : x }`) given to `compactMap`: the row predicate for
    /// which the closure gives a value, that value as a row operand (computed only where it
    /// holds, as the ternary computes it), and the steps one application charges. An optional
    /// `x` (`{ $0.score > 4 ? $0.helpful : nil }`) gives a value where `c` holds and `x` is not
    /// nil, and that value is `x` unwrapped. (After a `map` with `Int` arithmetic, only a
    /// closure that reads its result, as `predicate(_:after:)` requires.)
    private func conditionalValue(_ function: TypedExpression, after mapped: RowPredicate.Operand?)
        -> (RowPredicate, RowPredicate.Operand, Int)? {
        guard case .closure(let closure) = function.node, closure.parameterCount == 1,
              case .ternary(let condition, let then, let otherwise) = closure.body.node else { return nil }
        let slot = closure.firstSlot
        let keepsThen: Bool, value: TypedExpression
        switch (then.node, otherwise.node) {
        case (.wrapOptional(let x), .constant(.null)) where !x.type.isOptional: (keepsThen, value) = (true, x)
        case (.constant(.null), .wrapOptional(let x)) where !x.type.isOptional: (keepsThen, value) = (false, x)
        case (_, .constant(.null)) where then.type.isOptional: (keepsThen, value) = (true, then)
        case (.constant(.null), _) where otherwise.type.isOptional: (keepsThen, value) = (false, otherwise)
        default: return nil
        }
        guard !(mapped?.hasIntArithmetic ?? false) || Self.mentions(closure.body, slot: slot),
              let test = RowPredicate.from(condition, slot: slot, mapped: mapped),
              let operand = RowPredicate.rowOperand(RowPredicate.unwrapping(value, where: test, isNil: !keepsThen, slot: slot, mapped: mapped),
                                                    slot: slot, mapped: mapped) else { return nil }
        let chosen = keepsThen ? test : .not(test)
        guard value.type.isOptional else { return (chosen, operand, closure.body.stepSize) }
        guard case .optional(let wrapped) = value.type, let fallback = RowPredicate.placeholder(of: wrapped) else { return nil }
        return (.and(chosen, .compare(operand, .notEqual, .constant(.null))),
                .coalesce(operand, .constant(fallback), keepsOptional: false), closure.body.stepSize)
    }

    /// The donations of a chain's list that `predicate` holds for, standing for `expression`
    /// (a `filter` or `compactMap` at the chain's end).
    private func narrowed(_ chain: RowChain, _ predicate: RowPredicate, perElement: Int,
                                 replacing expression: TypedExpression) -> TypedExpression {
        let fusedCall = fused(.narrowed(chain.list, predicate), perElement: perElement, replacing: expression)
        // A list of the source's donations, whatever values the calls it stands for make.
        return TypedExpression(fusedCall.node, chain.list.type, expression.range)
    }

    /// A one-parameter closure over the results of a row mapping, as a row predicate on the
    /// donations, with the steps one application charges.
    ///
    /// The unfused `map` computes the mapping for every donation. With `Int` arithmetic, which
    /// can fail, the predicate must read the mapping, so that the scan's proof that it cannot
    /// fail covers it (see `RowPredicate`).
    private func predicate(_ argument: TypedExpression?, after mapping: RowPredicate.Operand) -> (RowPredicate, Int)? {
        guard case .closure(let closure)? = argument?.node, closure.parameterCount == 1,
              !mapping.hasIntArithmetic || Self.mentions(closure.body, slot: closure.firstSlot),
              let predicate = RowPredicate.from(closure.body, slot: closure.firstSlot, mapped: mapping) else { return nil }
        return chargedPerApplication(predicate, closure.body.stepSize)
    }

    /// A predicate of one donation given to `filter`, `contains(where:)` and the like, as a row
    /// predicate with the steps one application charges: a closure (`{ $0.isGift && $0.price > 9 }`),
    /// or a key path to a `Bool` field (`\.isGift`), which is the closure `{ $0.isGift }` but
    /// charges one step per application, as key paths do.
    /// With `known`, a predicate that holds for every donation it sees (a `filter`'s before
    /// it), whose nil tests make the force unwraps they guard safe, as in `rowMapping`.
    private func donationPredicate(_ argument: TypedExpression?, known: RowPredicate? = nil) -> (RowPredicate, Int)? {
        switch argument?.node {
        case .closure(let closure)? where closure.parameterCount == 1:
            // The steps are the closure's as written.
            let body = known.map { RowPredicate.unwrapping(closure.body, where: $0, isNil: false, slot: closure.firstSlot, mapped: nil) } ?? closure.body
            return RowPredicate.from(body, slot: closure.firstSlot).map { chargedPerApplication($0, closure.body.stepSize) }
        case .keyPath(let steps)? where steps.count == 1:
            guard let argument, case .field(let index) = steps[0], case .function(let parameters, .bool) = argument.type,
                  parameters.count == 1 else { return nil }
            // The field read from a parameter of its own, slot 0 (a key path reads nothing else).
            let row = TypedExpression(.local(0), parameters[0], argument.range)
            return RowPredicate.from(TypedExpression(.field(row, index), .bool, argument.range), slot: 0).map { ($0, 1) }
        default:
            return nil
        }
    }

    /// An order `{ f($0) OP f($1) }` that compares the same row mapping of its two donations,
    /// with the steps one application charges. `f` may charge work by what it reads
    /// (`$0.name.count`), charged for the two donations of each comparison (see
    /// `Evaluator.workedOrder`), where it is not unwrapped.
    private func keyComparison(_ argument: TypedExpression?) -> (key: RowPredicate.Operand, op: ComparisonOperator, steps: Int, unwrapsKey: Bool)? {
        guard case .closure(let closure)? = argument?.node, closure.parameterCount == 2,
              case .comparison(let op, var l, var r) = closure.body.node else { return nil }
        // `{ $0.x! OP $1.x! }`: the optional keys, unwrapped when compared (see `FusedOperation.keyOrder`).
        var unwrapsKey = false
        if case .forceUnwrap(let a) = l.node, case .forceUnwrap(let b) = r.node, [.int, .double, .string, .date].contains(l.type) {
            (l, r, unwrapsKey) = (a, b, true)
        }
        let allowingWork = !unwrapsKey
        // `{ f($1) OP f($0) }` is `{ f($0) OP' f($1) }` with the operator mirrored.
        if !Self.mentions(l, slot: closure.firstSlot), !Self.mentions(r, slot: closure.firstSlot + 1),
           let a = RowPredicate.rowOperand(r, slot: closure.firstSlot, allowingWork: allowingWork),
           let b = RowPredicate.rowOperand(l, slot: closure.firstSlot + 1, allowingWork: allowingWork), a == b {
            return (a, op.mirrored, closure.body.stepSize, unwrapsKey)
        }
        guard !Self.mentions(l, slot: closure.firstSlot + 1), !Self.mentions(r, slot: closure.firstSlot),
              let a = RowPredicate.rowOperand(l, slot: closure.firstSlot, allowingWork: allowingWork),
              let b = RowPredicate.rowOperand(r, slot: closure.firstSlot + 1, allowingWork: allowingWork), a == b else { return nil }
        return (a, op, closure.body.stepSize, unwrapsKey)
    }

    /// An order `{ p($0, $1) }` of two donations that is a row predicate of `$1` reading `$0` as
    /// its enclosing row (see `FusedOperation.pairOrder`), with `$0`'s slot and the steps one
    /// application charges. Not one that reads either donation as a whole, computes `Int`
    /// arithmetic (which would have to be proven safe for every pair), nests a scan, or charges
    /// work.
    private func pairComparison(_ argument: TypedExpression?) -> (RowPredicate, Int, Int)? {
        guard case .closure(let closure)? = argument?.node, closure.parameterCount == 2,
              let comparator = RowPredicate.from(closure.body, slot: closure.firstSlot + 1),
              // (`searchesStrings` holds too for operands that charge work, `lowercased()` and the like.)
              !comparator.hasIntArithmetic, !comparator.nestsScan, !comparator.searchesStrings,
              !comparator.containsOperand(where: { operand in
                  switch operand {
                  case .accumulator, .outerLocal(closure.firstSlot, _): return true
                  default: return false
                  }
              }) else { return nil }
        return (comparator, closure.firstSlot, closure.body.stepSize)
    }

    /// `xs.compactMap(f).filter(p).count` (and `.isEmpty`) or `xs.compactMap(f).count(where: p)`
    /// for an optional row mapping `f`: the donations `f != nil && p(f!)` holds for, with the
    /// steps `compactMap` charges per donation and the test per value it keeps.
    private func compactMapTest(_ call: BuiltinCall)
        -> (source: TypedExpression, predicate: RowPredicate, mapping: RowPredicate.Operand, mapSteps: Int, testSteps: Int)? {
        let compacted: TypedExpression?, test: TypedExpression?
        switch call.builtin.id {
        case .arrayCountWhere:
            (compacted, test) = (call.receiver, call.arguments.first)
        case .arrayCount, .arrayIsEmpty:
            guard case .builtin(let filter)? = call.receiver?.node, filter.builtin.id == .arrayFilter else { return nil }
            (compacted, test) = (filter.receiver, filter.arguments.first)
        default:
            return nil
        }
        guard let compacted, let map = mapOverDonations(compacted, .arrayCompactMap),
              case .function(_, .optional(let wrapped)) = map.function.type, let fallback = RowPredicate.placeholder(of: wrapped),
              let (tested, size) = predicate(test, after: .coalesce(map.mapping, .constant(fallback), keepsOptional: false)) else { return nil }
        // The nil test first: the test runs (and charges what it searches) on the values kept.
        return (map.source, .and(.compare(map.mapping, .notEqual, .constant(.null)), tested), map.mapping, map.steps, size)
    }

    /// What an ordering built-in produces: `sorted(by:)`, `min(by:)` or `max(by:)`.
    private func keyOrder(_ id: BuiltinID) -> KeyOrder? {
        switch id {
        case .arraySortedBy: return .sorted
        case .arrayMinBy: return .min
        case .arrayMaxBy: return .max
        default: return nil
        }
    }

    /// An order `{ $0 OP $1 }` (or `{ $1 OP $0 }`, as `$0 OP' $1` with the operator mirrored)
    /// that compares its two parameters themselves, with the steps one application charges.
    private func elementComparison(_ argument: TypedExpression?) -> (ComparisonOperator, Int)? {
        guard case .closure(let closure)? = argument?.node, closure.parameterCount == 2,
              case .comparison(let op, let l, let r) = closure.body.node,
              case .local(let a) = l.node, case .local(let b) = r.node else { return nil }
        let first = closure.firstSlot
        if a == first && b == first + 1 { return (op, closure.body.stepSize) }
        if a == first + 1 && b == first { return (op.mirrored, closure.body.stepSize) }
        return nil
    }

    /// Whether an expression reads the local in `slot`.
    package static func mentions(_ expression: TypedExpression, slot: Int) -> Bool {
        if case .local(slot) = expression.node { return true }
        var found = false
        _ = Self.mapChangedChildren(expression) { child in
            if !found && Self.mentions(child, slot: slot) { found = true }
            return nil
        }
        return found
    }

    /// Whether a predicate computes a mapping exactly once on every row it tests: a comparison
    /// or string test with what is the same for every row on one side, and on the other the
    /// mapping once, in no part evaluated on some rows only (so that a scan's meter charges its
    /// work once a row, as the `map` did).
    private func computesOnce(_ mapping: RowPredicate.Operand, _ predicate: RowPredicate) -> Bool {
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
    private func countable(_ receiver: TypedExpression, everyRow: Bool = false) -> (source: TypedExpression, predicate: RowPredicate, perElement: Int)? {
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

    private func fuseCall(_ call: BuiltinCall, _ expression: TypedExpression) -> TypedExpression? {
        let builtin = call.builtin
        // Set(xs.map(f)).count: the map charges its function per element, `Set` one step per
        // element.
        if builtin.id == .setCount, let receiver = call.receiver, case .builtin(let set) = receiver.node, set.builtin.id == .setFromArray,
           let map = mapOverDonations(set.arguments[0], .arrayMap, metered: true) {
            return fused(.distinctCount(map.source, mapping: map.mapping, skipsNil: false), perElement: map.steps + 1, replacing: expression)
        }
        // Set(xs.compactMap(f)).count: `Set` charges a step per value that is not nil.
        if builtin.id == .setCount, let receiver = call.receiver, case .builtin(let set) = receiver.node, set.builtin.id == .setFromArray,
           let map = mapOverDonations(set.arguments[0], .arrayCompactMap, metered: true), case .function(_, let produced) = map.function.type {
            return fused(.distinctCount(map.source, mapping: map.mapping, skipsNil: produced.isOptional),
                         perElement: 1, perSourceElement: map.steps, replacing: expression)
        }
        // Set(chain).count of a chain that ends in a `filter` or `compactMap` (see `rowChain`),
        // or of a `let` of mapped values: the distinct values of the donations it keeps, which
        // its narrowing (or the `let`'s list) stands for; `Set` charges a step per value.
        if builtin.id == .setCount, let receiver = call.receiver, case .builtin(let set) = receiver.node, set.builtin.id == .setFromArray,
           isNarrowingOrMappedDeclaration(set.arguments[0]), let chain = rowChain(set.arguments[0]), let mapping = chain.mapping {
            return fused(.distinctCount(chain.list, mapping: mapping, skipsNil: false), perElement: chain.pendingSteps + 1, replacing: expression)
        }
        // Set(xs.map(f)).contains(x), for an x the same for every donation: whether a donation
        // has f == x, as `xs.map(f).contains(x)` (a set holds a value equal to x exactly when
        // the array it is made of does, by the same `==`, with which its hashes agree). The map
        // charges f per element, `Set` a step per element, `contains` none per element.
        if builtin.id == .setContains, let receiver = call.receiver, case .builtin(let set) = receiver.node, set.builtin.id == .setFromArray,
           let map = mapOverDonations(set.arguments[0], .arrayMap), let needle = RowPredicate.invariantOperand(call.arguments[0]) {
            return fused(.countCompare(map.source, .compare(map.mapping, .equal, needle), .greaterOrEqual, 1),
                         perElement: map.steps + 1, replacing: expression)
        }
        guard builtin.receiver == .array, let receiver = call.receiver else { return nil }
        let isDonationList: Bool
        if case .array(.donation) = receiver.type { isDonationList = true } else { isDonationList = false }

        // xs.filter(p), xs.count(where: p), xs.contains(where: p), ... with a row predicate.
        var known: RowPredicate?
        if case .fused(.scan(_, let predicate, .filter), _, _) = receiver.node { known = predicate }
        if isDonationList, builtin.parameters.count == 1, let (predicate, size) = donationPredicate(call.arguments.first, known: known) {
            let mode: ScanMode?
            switch builtin.id {
            case .arrayFilter: mode = .filter
            case .arrayCountWhere: mode = .count
            case .arrayContainsWhere: mode = .contains
            case .arrayAllSatisfy: mode = .allSatisfy
            case .arrayFirstWhere: mode = .first
            case .arrayLastWhere: mode = .last
            default: mode = nil
            }
            // `xs.reversed().first(where: p)` is the last of `xs` that `p` holds for, found from
            // the end as `first(where:)` finds it in the reversal (and `last(where:)` the
            // first); `reversed().contains(where: p)` looks from the end too. `reversed()`
            // charges a step for every element.
            if let mode, let reversed = mode.overReversal, case .builtin(let reversal) = receiver.node, reversal.builtin.id == .arrayReversed,
               let inner = reversal.receiver, case .array(.donation) = inner.type {
                return fused(.scan(inner, predicate, reversed), perElement: size, perSourceElement: 1, replacing: expression)
            }
            if let mode {
                return fused(.scan(receiver, predicate, mode), perElement: size, replacing: expression)
            }
        }
        // xs.sorted(by:), xs.min(by:) and xs.max(by:) comparing a key of each donation.
        if isDonationList, let order = keyOrder(builtin.id), let comparison = keyComparison(call.arguments.first) {
            return fused(.keyOrder(receiver, key: comparison.key, op: comparison.op, order: order, unwrapsKey: comparison.unwrapsKey),
                         perElement: comparison.steps, replacing: expression)
        }
        // The same with any other order that is a row predicate of the two donations.
        if isDonationList, let order = keyOrder(builtin.id), let (comparator, firstSlot, size) = pairComparison(call.arguments.first) {
            let keyed = KeyComparisons.make(comparator, firstSlot: firstSlot).map { KeyedComparator(comparisons: $0.0, keys: $0.1) }
            return fused(.pairOrder(receiver, comparator: comparator, firstSlot: firstSlot, keys: keyed, order: order),
                         perElement: size, replacing: expression)
        }
        // xs.map(f).sorted(), and .sorted(by:), .min(by:) and .max(by:) comparing the elements
        // themselves: the values sorted from the columns, without the array `map` makes.
        if case .array(let element) = receiver.type, [.int, .double, .string, .date].contains(element),
           let map = mapOverDonations(receiver, .arrayMap, metered: true) {
            if builtin.id == .arraySorted {
                return fused(.mappedOrder(map.source, mapping: map.mapping, element: element, op: nil, order: .sorted),
                             perElement: 0, perSourceElement: map.steps, replacing: expression)
            }
            if let order = keyOrder(builtin.id), let (op, size) = elementComparison(call.arguments.first) {
                return fused(.mappedOrder(map.source, mapping: map.mapping, element: element, op: op, order: order),
                             perElement: size, perSourceElement: map.steps, replacing: expression)
            }
        }
        // The same after any chain that ends in a `filter` or `compactMap` of what it computed.
        if case .array(let element) = receiver.type, [.int, .double, .string, .date].contains(element),
           builtin.id == .arraySorted || keyOrder(builtin.id) != nil, let chain = rowChain(receiver), let mapping = chain.mapping {
            if builtin.id == .arraySorted {
                return fused(.mappedOrder(chain.list, mapping: mapping, element: element, op: nil, order: .sorted),
                             perElement: 0, perSourceElement: chain.pendingSteps, replacing: expression)
            }
            if let order = keyOrder(builtin.id), let (op, size) = elementComparison(call.arguments.first) {
                return fused(.mappedOrder(chain.list, mapping: mapping, element: element, op: op, order: order),
                             perElement: size, perSourceElement: chain.pendingSteps, replacing: expression)
            }
        }
        // xs.sorted(by:), xs.min(by:) and xs.max(by:) of scalars, comparing the elements themselves.
        if case .array(let element) = receiver.type, [.int, .double, .string, .date].contains(element), let order = keyOrder(builtin.id),
           let (op, size) = elementComparison(call.arguments.first) {
            return fused(.valueOrder(receiver, op: op, order: order), perElement: size, replacing: expression)
        }
        // xs.compactMap(f).filter(p).count and .isEmpty, and xs.compactMap(f).count(where: p).
        if let (source, predicate, mapping, mapSteps, testSteps) = compactMapTest(call) {
            return fused(.compactCount(source, predicate, mapping: mapping, result: builtin.id == .arrayIsEmpty ? .isEmpty : .count),
                         perElement: testSteps, perSourceElement: mapSteps, replacing: expression)
        }
        // xs.compactMap(f).contains(x) for an optional f and an x the same for every donation:
        // whether a donation has f == x (nil is equal to no value). `contains` charges a step
        // for every value kept.
        if builtin.id == .arrayContains, let map = mapOverDonations(receiver, .arrayCompactMap),
           case .function(_, let produced) = map.function.type, produced.isOptional,
           let needle = RowPredicate.invariantOperand(call.arguments[0]) {
            return fused(.compactCount(map.source, .compare(map.mapping, .equal, needle), mapping: map.mapping, result: .contains),
                         perElement: 1, perSourceElement: map.steps, replacing: expression)
        }
        // xs.filter(p).count, xs.map(f).filter(p).count, xs.compactMap(f).count, and isEmpty.
        if builtin.id == .arrayCount || builtin.id == .arrayIsEmpty,
           let (source, predicate, perElement) = countable(receiver, everyRow: builtin.id == .arrayCount) {
            if builtin.id == .arrayCount {
                return fused(.scan(source, predicate, .count), perElement: perElement, replacing: expression)
            }
            return fused(.countCompare(source, predicate, .equal, 0), perElement: perElement, replacing: expression)
        }
        // xs.reversed().first and .last: the last and the first of the donations (`reversed()`
        // charges a step for every one).
        if builtin.id == .arrayFirst || builtin.id == .arrayLast, case .builtin(let reversal) = receiver.node,
           reversal.builtin.id == .arrayReversed, let inner = reversal.receiver, case .array(.donation) = inner.type {
            return fused(.scan(inner, .constant(true), builtin.id == .arrayFirst ? .last : .first), perElement: 0,
                         perSourceElement: 1, replacing: expression)
        }
        // xs.filter(p).first and .last: the filter goes through every donation first. (Not with a
        // string search, whose work on the donations past the answer the scan would not do.)
        if builtin.id == .arrayFirst || builtin.id == .arrayLast,
           case .fused(.scan(let source, let predicate, .filter), let steps, _) = receiver.node, !predicate.searchesStrings {
            return fused(.scan(source, predicate, builtin.id == .arrayFirst ? .first : .last), perElement: 0,
                         perSourceElement: steps.perElement, replacing: expression)
        }
        // xs.map(f).sorted().first and .last: the one value, not the sorted array.
        if builtin.id == .arrayFirst || builtin.id == .arrayLast,
           case .fused(.mappedOrder(let source, let mapping, let element, nil, .sorted), let steps, _) = receiver.node {
            return fused(.sortedEnd(source, mapping: mapping, element: element, last: builtin.id == .arrayLast),
                         perElement: steps.perElement, perSourceElement: steps.perSourceElement, replacing: expression)
        }
        // xs.map(f).first and .last, after any chain: f of the first or last donation the chain
        // keeps, its `map`s charged for every one. (Not for optional results, which `first`
        // wraps once more.)
        if builtin.id == .arrayFirst || builtin.id == .arrayLast, let chain = rowChain(receiver), let mapping = chain.mapping,
           !mapping.chargesWork, case .array(let element) = receiver.type, !element.isOptional {
            return fused(.mappedEnd(chain.list, mapping: mapping, element: element, last: builtin.id == .arrayLast),
                         perElement: chain.pendingSteps, replacing: expression)
        }
        // xs.map(f).count(where: p), .contains(where: p) and .allSatisfy(p), and the same after
        // any chain: p tested on what the chain computed. The chain goes through every donation
        // it keeps; the test, as far as it decides.
        if let chain = rowChain(receiver), let mapping = chain.mapping, let (predicate, size) = predicate(call.arguments.first, after: mapping) {
            switch builtin.id {
            case .arrayCountWhere:
                return fused(.scan(chain.list, predicate, .count), perElement: chain.pendingSteps + size, replacing: expression)
            case .arrayContainsWhere, .arrayAllSatisfy:
                return fused(.scan(chain.list, predicate, builtin.id == .arrayContainsWhere ? .contains : .allSatisfy),
                             perElement: size, perSourceElement: chain.pendingSteps, replacing: expression)
            default:
                break
            }
        }
        // xs.map(f).max() and .min(), of a column, or of `Int`s or `Double`s computed per donation.
        if builtin.id == .arrayMax || builtin.id == .arrayMin, let map = mapOverDonations(receiver, .arrayMap, metered: true),
           mappedColumn(map.function) != nil || expression.type == .optional(.int) || expression.type == .optional(.double) {
            // The mapping once per element, then `max` or `min` once per element.
            return fused(.columnExtreme(map.source, mapping: map.mapping, isMax: builtin.id == .arrayMax, skipsNil: false),
                         perElement: map.steps + 1, replacing: expression)
        }
        // xs.compactMap(f).max() and .min() for an optional f: `compactMap` applies `f` to every
        // donation, `max` or `min` charges a step per value kept.
        if builtin.id == .arrayMax || builtin.id == .arrayMin, let map = mapOverDonations(receiver, .arrayCompactMap, metered: true),
           case .function(_, let produced) = map.function.type, produced.isOptional {
            return fused(.columnExtreme(map.source, mapping: map.mapping, isMax: builtin.id == .arrayMax, skipsNil: true),
                         perElement: 1, perSourceElement: map.steps, replacing: expression)
        }
        // The same after any chain that ends in a `filter` or `compactMap`.
        if builtin.id == .arrayMax || builtin.id == .arrayMin, let chain = rowChain(receiver), let mapping = chain.mapping,
           expression.type == .optional(.int) || expression.type == .optional(.double) {
            return fused(.columnExtreme(chain.list, mapping: mapping, isMax: builtin.id == .arrayMax, skipsNil: false),
                         perElement: chain.pendingSteps + 1, replacing: expression)
        }
        // xs.map(\.field).contains(value), for a value the same for every donation: a count of
        // the donations whose field equals it, at least one. The unfused map reads every
        // element and `contains` charges every one, so all are charged.
        if builtin.id == .arrayContains, let chain = rowChain(receiver), let mapping = chain.mapping,
           let needle = RowPredicate.invariantOperand(call.arguments[0]) {
            return fused(.countCompare(chain.list, .compare(mapping, .equal, needle), .greaterOrEqual, 1),
                         perElement: chain.pendingSteps + 1, replacing: expression)
        }
        // The same of a `map` whose function charges work on each row (`map { $0.name.lowercased() }`):
        // a count whose test charges work goes through every donation (see `Evaluator.countCompare`),
        // so it charges the work for each, as the map does.
        if builtin.id == .arrayContains, let map = mapOverDonations(receiver, .arrayMap, metered: true), map.mapping.chargesWork,
           let needle = RowPredicate.invariantOperand(call.arguments[0]) {
            return fused(.countCompare(map.source, .compare(map.mapping, .equal, needle), .greaterOrEqual, 1),
                         perElement: map.steps + 1, replacing: expression)
        }
        // xs.reduce(initial) { $0 + $1.field } and xs.map(\.field).reduce(initial, +)
        if builtin.id == .arrayReduce, let (sum, perElement, perSourceElement) = columnSum(call, receiver, expression.type) {
            return fused(sum, perElement: perElement, perSourceElement: perSourceElement, replacing: expression)
        }
        // xs.reduce(initial) { f($0, $1) } for any other row mapping f of the accumulator
        if builtin.id == .arrayReduce, let (fold, perElement, perSourceElement) = fold(call, receiver, expression.type) {
            return fused(fold, perElement: perElement, perSourceElement: perSourceElement, replacing: expression)
        }
        // xs.largestSubset(groupedBy: \.field).count and smallestSubset
        if builtin.id == .arrayCount, case .builtin(let subset) = receiver.node,
           subset.builtin.id == .donationsLargestSubset || subset.builtin.id == .donationsSmallestSubset, let source = subset.receiver,
           case .keyPath(let steps) = subset.arguments[0].node, steps.count == 1, case .field(let field) = steps[0] {
            return fused(.groupCount(source, field: field, largest: subset.builtin.id == .donationsLargestSubset),
                         perElement: keyPathSize(subset.arguments[0]), replacing: expression)
        }
        // xs.map(f).suffix(k), .prefix(k), .dropFirst(k), .dropLast(k), also after .reversed():
        // f computed for the elements kept. (`reversed()` charges a step per element.)
        if let slice = self.slice(builtin.id), case .array(let element) = expression.type, let receiver = call.receiver {
            var mapped = receiver, reversed = false
            if case .builtin(let reversal) = receiver.node, reversal.builtin.id == .arrayReversed, let inner = reversal.receiver {
                (mapped, reversed) = (inner, true)
            }
            if let map = mapOverDonations(mapped, .arrayMap) {
                return fused(.mappedSlice(map.source, mapping: map.mapping, element: element, reversed: reversed, slice: slice, count: call.arguments[0]),
                             perElement: map.steps + (reversed ? 1 : 0), replacing: expression)
            }
        }
        // xs.map(f) whose result goes on to calls that are not fused (`sorted()`, `suffix`): the
        // array made from the columns. (A call that fuses with the `map` takes it apart again,
        // see `mapOverDonations`.)
        if builtin.id == .arrayMap, case .array(let element) = expression.type, let map = mapOverDonations(expression, .arrayMap, metered: true) {
            return fused(.mapped(map.source, mapping: map.mapping, element: element), perElement: map.steps, replacing: expression)
        }
        // Any other call on a chain that ends in a `filter` or `compactMap` of what it computed
        // (`.first`, `.suffix(3)`): the values it keeps, made from the columns, for the call to
        // go on with. (Made here rather than for the `filter` itself, which the calls above take
        // apart as it is.) The values' node stands for the same calls as the narrowing it reads,
        // so it gives back at once the step its own node took (`FusedSteps.fixed` is -1): the
        // two nodes charge what the last call's node and the rest charge, in the same order.
        if ![.arrayFilter, .arrayMap, .arrayCompactMap].contains(builtin.id), case .builtin(let last) = receiver.node,
           last.builtin.id == .arrayFilter || last.builtin.id == .arrayCompactMap,
           case .array(let element) = receiver.type, let chain = rowChain(receiver), let mapping = chain.mapping {
            let values = fused(.mapped(chain.list, mapping: mapping, element: element), perElement: chain.pendingSteps, replacing: receiver)
            let rewritten = BuiltinCall(builtin: builtin, receiver: values, arguments: call.arguments, resultType: call.resultType, range: call.range)
            return TypedExpression(.builtin(rewritten), expression.type, expression.range)
        }
        return nil
    }

    /// Whether an array is a `filter` or `compactMap` call, or a `let` of mapped values (see
    /// `MappedDeclaration`): a chain that ends in a list of donations, one per value.
    private func isNarrowingOrMappedDeclaration(_ expression: TypedExpression) -> Bool {
        switch expression.node {
        case .builtin(let call): return call.builtin.id == .arrayFilter || call.builtin.id == .arrayCompactMap
        case .declaration(let index): return !insideClosure && mappedDeclarations[index] != nil
        default: return false
        }
    }

    /// What a call keeps of an array by position, for a chain (see `FusedOperation.chainSlice`):
    /// whether it reverses it, and the slice it takes (`dropFirst()` and `dropLast()` by one).
    private func chainCut(_ call: BuiltinCall) -> (reversed: Bool, slice: Slice?)? {
        switch call.builtin.id {
        case .arrayReversed: return (true, nil)
        case .arrayDropFirstOne: return (false, .dropFirst)
        case .arrayDropLastOne: return (false, .dropLast)
        default: return slice(call.builtin.id).map { (false, $0) }
        }
    }

    /// The part of an array a call with a count keeps, for `prefix`, `suffix`, `dropFirst` and
    /// `dropLast`.
    private func slice(_ id: BuiltinID) -> Slice? {
        switch id {
        case .arrayPrefix: return .prefix
        case .arraySuffix: return .suffix
        case .arrayDropFirst: return .dropFirst
        case .arrayDropLast: return .dropLast
        default: return nil
        }
    }

    /// A `reduce` whose closure is a row mapping of the donation (or of what a `map` made of
    /// it) and the accumulator, of a scalar type, with the steps per element of the calls it
    /// stands for. `Int` arithmetic on the row alone is proven unable to fail before the fold,
    /// as in a scan (`max($0, $1.x * 2)`); on the accumulator, whose values no proof can know
    /// beforehand (`$0 > $1 ? $0 - $1 : $1 - $0`), it checks itself as the fold goes, which
    /// gives way where it failed.
    private func fold(_ call: BuiltinCall, _ receiver: TypedExpression, _ type: RuleType) -> (FusedOperation, Int, Int)? {
        guard [.int, .double, .date, .bool].contains(type), call.arguments.count == 2,
              case .closure(let closure) = call.arguments[1].node, closure.parameterCount == 2 else { return nil }
        let row = closure.firstSlot + 1
        // Over the donations themselves, over what a `map` made of them, or over those of its
        // results a `filter` keeps.
        let source: TypedExpression, mapped: RowPredicate.Operand?, mapSteps: Int
        var filter: RowPredicate?
        if let map = mapOverDonations(receiver, .arrayMap) {
            (source, mapped, mapSteps) = (map.source, map.mapping, map.steps)
        } else if case .builtin(let filtering) = receiver.node, filtering.builtin.id == .arrayFilter, let inner = filtering.receiver,
                  let map = mapOverDonations(inner, .arrayMap), let (predicate, size) = predicate(filtering.arguments.first, after: map.mapping),
                  !predicate.searchesStrings {
            (source, mapped, mapSteps) = (map.source, map.mapping, map.steps + size)
            filter = predicate
        } else if case .array(.donation) = receiver.type {
            (source, mapped, mapSteps) = (receiver, nil, 0)
        } else if let chain = rowChain(receiver), chain.mapping != nil {
            (source, mapped, mapSteps) = (chain.list, chain.mapping, chain.pendingSteps)
        } else {
            return nil
        }
        // Over a `filter`'s donations, the force unwraps its nil tests guard are safe, as in a
        // `map` after it (see `rowMapping`).
        var body = closure.body
        if mapped == nil, case .fused(.scan(_, let known, .filter), _, _) = source.node {
            body = RowPredicate.unwrapping(body, where: known, isNil: false, slot: row, mapped: nil)
        }
        let step: RowPredicate.Operand?
        if type == .bool {
            step = RowPredicate.from(body, slot: row, mapped: mapped).map { .conditional($0, .constant(.bool(true)), .constant(.bool(false))) }
        } else {
            // Work the closure charges (a string's `count`) is metered row by row; not work of a
            // `map` before it, which the step might compute more than once a row where the map
            // computed it once (`$0 > $1 ? $0 : $1`).
            step = RowPredicate.rowOperand(body, slot: row, mapped: mapped, allowingWork: !(mapped?.chargesWork ?? false))
        }
        // (A `Bool` fold's test joined to the accumulator is searched by a filter, which meters
        // no work of its own.)
        guard let step = step?.accumulating(slot: closure.firstSlot), !(step.chargesWork && type == .bool),
              !(mapped?.hasIntArithmetic ?? false) else { return nil }
        // Without a filter every donation takes a step, and the steps are all per element.
        guard let filter else {
            return (.fold(source, initial: call.arguments[0], step: step, filter: nil), mapSteps + closure.body.stepSize, 0)
        }
        return (.fold(source, initial: call.arguments[0], step: step, filter: filter), closure.body.stepSize, mapSteps)
    }

    /// A `reduce` that adds what a row mapping computes from each donation to the accumulator,
    /// in either form, and the steps per element (and per donation of a `compactMap`'s source)
    /// of the calls it stands for.
    private func columnSum(_ call: BuiltinCall, _ receiver: TypedExpression, _ type: RuleType) -> (FusedOperation, Int, Int)? {
        guard type == .int || type == .double, call.arguments.count == 2,
              case .closure(let closure) = call.arguments[1].node, closure.parameterCount == 2 else { return nil }
        if let (mapping, addition) = conditionalAddend(closure, type), case .array(.donation) = receiver.type {
            return (.columnSum(receiver, initial: call.arguments[0], mapping: mapping, addition: addition, skipsNil: false),
                    closure.body.stepSize, 0)
        }
        guard case .arithmetic(let op, let accumulator, let addend) = closure.body.node, op == .intAdd || op == .doubleAdd,
              case .local(closure.firstSlot) = accumulator.node else { return nil }
        // { $0 + f($1) } over the donations themselves, for an `f` that does not read the
        // accumulator (which would make it no row mapping).
        if case .array(.donation) = receiver.type, !Self.mentions(addend, slot: closure.firstSlot),
           let mapping = RowPredicate.rowOperand(addend, slot: closure.firstSlot + 1, allowingWork: true) {
            return (.columnSum(receiver, initial: call.arguments[0], mapping: mapping, addition: closure.body.range, skipsNil: false),
                    closure.body.stepSize, 0)
        }
        // { $0 + f($1) } over map(g), or after any other chain: f of what the chain computes,
        // each donation's `g` and then `f` (the calls compute every `g` before the first `f`,
        // but an error anywhere has the fused node run them, which then report theirs).
        if case .local(let slot) = addend.node, slot == closure.firstSlot + 1 {
            // { $0 + $1 }: below.
        } else if !Self.mentions(addend, slot: closure.firstSlot) {
            if let map = mapOverDonations(receiver, .arrayMap, metered: true),
               let mapping = RowPredicate.rowOperand(addend, slot: closure.firstSlot + 1, mapped: map.mapping, allowingWork: true) {
                return (.columnSum(map.source, initial: call.arguments[0], mapping: mapping, addition: closure.body.range, skipsNil: false),
                        map.steps + closure.body.stepSize, 0)
            }
            if let chain = rowChain(receiver), let mapped = chain.mapping,
               let mapping = RowPredicate.rowOperand(addend, slot: closure.firstSlot + 1, mapped: mapped, allowingWork: true) {
                return (.columnSum(chain.list, initial: call.arguments[0], mapping: mapping, addition: closure.body.range, skipsNil: false),
                        chain.pendingSteps + closure.body.stepSize, 0)
            }
            return nil
        }
        guard case .local(let slot) = addend.node, slot == closure.firstSlot + 1 else { return nil }
        // { $0 + $1 } over map(f) of the donations.
        if let map = mapOverDonations(receiver, .arrayMap, metered: true) {
            return (.columnSum(map.source, initial: call.arguments[0], mapping: map.mapping, addition: closure.body.range, skipsNil: false),
                    map.steps + closure.body.stepSize, 0)
        }
        // { $0 + $1 } over compactMap(f): `compactMap` applies `f` to every donation, `reduce`
        // its closure to the values that are not nil.
        if let map = mapOverDonations(receiver, .arrayCompactMap, metered: true), case .function(_, let produced) = map.function.type {
            return (.columnSum(map.source, initial: call.arguments[0], mapping: map.mapping, addition: closure.body.range,
                               skipsNil: produced.isOptional),
                    closure.body.stepSize, map.steps)
        }
        // { $0 + $1 } after any other chain: the values of the donations it keeps.
        if let chain = rowChain(receiver), let mapping = chain.mapping {
            return (.columnSum(chain.list, initial: call.arguments[0], mapping: mapping, addition: closure.body.range, skipsNil: false),
                    chain.pendingSteps + closure.body.stepSize, 0)
        }
        return nil
    }

    /// `{ c($1) ? a : b }` whose branches each add to the accumulator (`$0 + f($1)`,
    /// `f($1) + $0`), subtract from it (`$0 - g($1)`) or keep it (`$0`), or a subtraction alone
    /// (`{ $0 - g($1) }`): the sum of what each row adds (`c ? f : -g`), with the same partial
    /// sums. For `Int`s, adding 0 never overflows, and `x - g` overflows exactly when
    /// `x + (0 - g)` does, unless `0 - g` itself does (`g` is `Int.min`), which the sum's checked
    /// arithmetic finds and gives way for. (An error has the fused node run the calls it
    /// stands for, which report their own; the range returned is the first change's.) For
    /// `Double`s, `x - g` is `x + (-g)` to the last bit (IEEE 754 defines it so), and a branch
    /// that keeps the accumulator adds -0.0, which leaves every `x` as it is, -0.0, 0.0 and NaN
    /// included (adding 0.0 would not: it turns -0.0 into 0.0).
    private func conditionalAddend(_ closure: TypedClosure, _ type: RuleType) -> (RowPredicate.Operand, SourceRange)? {
        guard type == .int || type == .double else { return nil }
        let accumulator = closure.firstSlot, row = closure.firstSlot + 1
        let (add, subtract): (ArithmeticOperator, ArithmeticOperator) = type == .int ? (.intAdd, .intSubtract) : (.doubleAdd, .doubleSubtract)
        func isAccumulator(_ expression: TypedExpression) -> Bool {
            if case .local(accumulator) = expression.node { return true }
            return false
        }
        /// What a branch does to the accumulator: adds or subtracts a value that does not read
        /// it, or (nil value) keeps it.
        struct Change { let value: TypedExpression?; let subtracts: Bool; let range: SourceRange }
        func change(_ expression: TypedExpression) -> Change? {
            switch expression.node {
            case .local(accumulator):
                return Change(value: nil, subtracts: false, range: expression.range)
            case .arithmetic(add, let lhs, let rhs) where isAccumulator(lhs) && !Self.mentions(rhs, slot: accumulator):
                return Change(value: rhs, subtracts: false, range: expression.range)
            case .arithmetic(add, let lhs, let rhs) where isAccumulator(rhs) && !Self.mentions(lhs, slot: accumulator):
                return Change(value: lhs, subtracts: false, range: expression.range)
            case .arithmetic(subtract, let lhs, let rhs) where isAccumulator(lhs) && !Self.mentions(rhs, slot: accumulator):
                return Change(value: rhs, subtracts: true, range: expression.range)
            default:
                return nil
            }
        }
        /// What a change adds, with `x!` read as `x` where the test shows it is not nil
        /// (`$1.bonus == nil ? $0 : $0 + $1.bonus!`).
        func addend(_ change: Change, where test: RowPredicate? = nil, holds: Bool = true) -> RowPredicate.Operand? {
            guard var value = change.value else { return type == .int ? .constant(.int(0)) : .constant(.double(-0.0)) }
            if let test { value = RowPredicate.unwrapping(value, where: test, isNil: !holds, slot: row, mapped: nil) }
            guard let operand = RowPredicate.rowOperand(value, slot: row) else { return nil }
            guard change.subtracts else { return operand }
            if type == .double { return .negate(operand) }
            if case .constant(.int(let k)) = operand, k != .min { return .constant(.int(-k)) }
            return .intArithmetic(.intSubtract, .constant(.int(0)), operand)
        }
        switch closure.body.node {
        case .ternary(let condition, let then, let otherwise):
            guard let a = change(then), let b = change(otherwise), a.value != nil || b.value != nil,
                  !Self.mentions(condition, slot: accumulator), let test = RowPredicate.from(condition, slot: row), !test.searchesStrings,
                  let x = addend(a, where: test, holds: true), let y = addend(b, where: test, holds: false) else { return nil }
            return (.conditional(test, x, y), a.value != nil ? a.range : b.range)
        case .arithmetic(subtract, _, _):
            guard let subtraction = change(closure.body), let x = addend(subtraction) else { return nil }
            return (x, subtraction.range)
        default:
            return nil
        }
    }

    // MARK: - Traversal

    /// The expression with `transform` applied to each direct child.
    package static func mapChildren(_ expression: TypedExpression, _ transform: (TypedExpression) -> TypedExpression) -> TypedExpression {
        Self.mapChangedChildren(expression) { transform($0) } ?? expression
    }

    /// The expression with `transform` applied to each direct child, where nil from `transform`
    /// keeps a child as it is; nil when every child is kept, so nothing is rebuilt.
    package static func mapChangedChildren(_ expression: TypedExpression, _ transform: (TypedExpression) -> TypedExpression?) -> TypedExpression? {
        var result = expression
        func each(_ children: [TypedExpression]) -> [TypedExpression]? {
            var changed: [TypedExpression]?
            for (index, child) in children.enumerated() {
                guard let new = transform(child) else { continue }
                if changed == nil { changed = children }
                changed![index] = new
            }
            return changed
        }
        func closure(_ c: TypedClosure) -> TypedClosure? {
            transform(c.body).map { body in
                var changed = c
                changed.body = body
                return changed
            }
        }
        func one(_ e: TypedExpression, _ make: (TypedExpression) -> TypedNode) -> TypedExpression? {
            guard let new = transform(e) else { return nil }
            result.node = make(new)
            return result
        }
        func two(_ a: TypedExpression, _ b: TypedExpression, _ make: (TypedExpression, TypedExpression) -> TypedNode) -> TypedExpression? {
            let (newA, newB) = (transform(a), transform(b))
            guard newA != nil || newB != nil else { return nil }
            result.node = make(newA ?? a, newB ?? b)
            return result
        }
        switch expression.node {
        case .constant, .declaration, .declarationList, .parameterValue, .parameterReference, .event, .local, .keyPath, .fused:
            return nil
        case .builtin(let call):
            let receiver = call.receiver.flatMap(transform)
            let arguments = each(call.arguments)
            guard receiver != nil || arguments != nil else { return nil }
            result.node = .builtin(BuiltinCall(builtin: call.builtin, receiver: receiver ?? call.receiver, arguments: arguments ?? call.arguments,
                                               resultType: call.resultType, range: call.range))
            return result
        case .field(let base, let index): return one(base) { .field($0, index) }
        case .closure(let c):
            guard let new = closure(c) else { return nil }
            result.node = .closure(new)
            return result
        case .arrayLiteral(let elements):
            guard let new = each(elements) else { return nil }
            result.node = .arrayLiteral(new)
            return result
        case .negate(let e): return one(e) { .negate($0) }
        case .not(let e): return one(e) { .not($0) }
        case .arithmetic(let op, let l, let r): return two(l, r) { .arithmetic(op, $0, $1) }
        case .comparison(let op, let l, let r): return two(l, r) { .comparison(op, $0, $1) }
        case .and(let l, let r): return two(l, r) { .and($0, $1) }
        case .or(let l, let r): return two(l, r) { .or($0, $1) }
        case .ternary(let c, let a, let b):
            let (newC, newA, newB) = (transform(c), transform(a), transform(b))
            guard newC != nil || newA != nil || newB != nil else { return nil }
            result.node = .ternary(newC ?? c, newA ?? a, newB ?? b)
            return result
        case .nilCoalescing(let l, let r): return two(l, r) { .nilCoalescing($0, $1) }
        case .forceUnwrap(let e): return one(e) { .forceUnwrap($0) }
        case .bindOptional(let e): return one(e) { .bindOptional($0) }
        case .optionalChain(let e): return one(e) { .optionalChain($0) }
        case .wrapOptional(let e): return one(e) { .wrapOptional($0) }
        case .subscriptAccess(let b, let i): return two(b, i) { .subscriptAccess($0, $1) }
        case .range(let l, let u, let closed): return two(l, u) { .range($0, $1, closed: closed) }
        case .ruleMacro(let subject, let c):
            let (newSubject, newClosure) = (transform(subject), closure(c))
            guard newSubject != nil || newClosure != nil else { return nil }
            result.node = .ruleMacro(newSubject ?? subject, newClosure ?? c)
            return result
        }
    }
}

extension RowPredicate.Operand {
    /// This operand and the optionals it is computed from by an optional chain, which are not
    /// nil where it is not: `x` of `x?.count` and of `x?.lowercased()`.
    var chainedOptionals: [RowPredicate.Operand] {
        switch self {
        case .function(.stringCount, let inner, nil), .function(.lowercased, let inner, nil), .function(.uppercased, let inner, nil):
            return [self] + inner.chainedOptionals
        default:
            return [self]
        }
    }
}

extension Constant {
    /// Whether this is a value of a scalar type: not nil, a time range or a collection.
    var isScalar: Bool {
        switch self {
        case .int, .double, .bool, .string, .date: return true
        case .timeRange, .null, .some, .array, .set: return false
        }
    }

    /// `self op other` of two constants of one type, as Swift compares them (strings by
    /// canonical equivalence); nil for other constants. Worked out from `<`, `==` and `>`, of
    /// which NaN makes all three false, as it makes `<=` and `>=`.
    func compared(_ op: ComparisonOperator, _ other: Constant) -> Bool? {
        let less: Bool, equal: Bool, greater: Bool
        switch (self, other) {
        case (.int(let a), .int(let b)): (less, equal, greater) = (a < b, a == b, a > b)
        case (.double(let a), .double(let b)), (.date(let a), .date(let b)): (less, equal, greater) = (a < b, a == b, a > b)
        case (.string(let a), .string(let b)): (less, equal, greater) = (a < b, a == b, a > b)
        case (.bool(let a), .bool(let b)) where op == .equal || op == .notEqual: (less, equal, greater) = (false, a == b, false)
        default: return nil
        }
        switch op {
        case .equal: return equal
        case .notEqual: return !equal
        case .less: return less
        case .lessOrEqual: return less || equal
        case .greater: return greater
        case .greaterOrEqual: return greater || equal
        }
    }
}

extension ComparisonOperator {
    /// The operator with its operands swapped: `k < x` is `x > k`.
    package var mirrored: ComparisonOperator {
        switch self {
        case .equal, .notEqual: return self
        case .less: return .greater
        case .lessOrEqual: return .greaterOrEqual
        case .greater: return .less
        case .greaterOrEqual: return .lessOrEqual
        }
    }
}

extension RowPredicate {
    /// The row predicate a closure body over the donation in `slot` amounts to, or nil when the
    /// body uses anything else (and so might fail, or needs the general evaluator).
    ///
    /// With `mapped`, the closure's parameter in `slot` is not a donation but the result of a
    /// row mapping (`xs.map { $0.score * 2 }.contains { $0 > 5 }`): it stands for that operand.
    static func from(_ body: TypedExpression, slot: Int, mapped: Operand? = nil) -> RowPredicate? {
        switch body.node {
        case .constant(.bool(let flag)):
            return .constant(flag)
        case .and(let l, let r):
            guard let a = from(l, slot: slot, mapped: mapped),
                  let b = from(unwrapping(r, where: a, isNil: false, slot: slot, mapped: mapped), slot: slot, mapped: mapped) else { return nil }
            return .and(a, b)
        case .or(let l, let r):
            guard let a = from(l, slot: slot, mapped: mapped),
                  let b = from(unwrapping(r, where: a, isNil: true, slot: slot, mapped: mapped), slot: slot, mapped: mapped) else { return nil }
            return .or(a, b)
        case .not(let e):
            return from(e, slot: slot, mapped: mapped).map { .not($0) }
        case .comparison(let op, let l, let r):
            if op == .equal || op == .notEqual, let (list, inner, mode, steps) = foundTest(l, r) ?? foundTest(r, l) {
                // `other.last { $0.date < r.date } != nil`: whether the nested search finds a
                // row, found as it finds it (from the end for `last`), so it goes through the
                // same rows.
                guard let scan = nestedScan(list, inner, mode, steps, rowSlot: slot, mapped: mapped) else { return nil }
                return op == .notEqual ? .exists(scan) : .not(.exists(scan))
            }
            if let chained = optionalStringTest(op, l, r, slot: slot, mapped: mapped)
                ?? optionalStringTest(op, r, l, slot: slot, mapped: mapped) { return chained }
            guard let a = operand(l, slot: slot, mapped: mapped), let b = operand(r, slot: slot, mapped: mapped) else { return nil }
            return distance(a, op, b) ?? distance(b, op.mirrored, a) ?? decided(a, op, b) ?? decided(b, op.mirrored, a) ?? .compare(a, op, b)
        case .nilCoalescing(let l, let r) where coalescedStringTest(l, r, slot: slot, mapped: mapped) != nil:
            return coalescedStringTest(l, r, slot: slot, mapped: mapped)
        case .builtin(let call) where stringTest(call.builtin.id) != nil:
            guard let test = stringTest(call.builtin.id), let receiver = call.receiver,
                  let a = operand(receiver, slot: slot, mapped: mapped),
                  let b = stringTestArgument(call, slot: slot, mapped: mapped) else { return nil }
            return .string(a, test, b)
        case .builtin(let call) where call.builtin.id == .doubleIsNaN || call.builtin.id == .doubleIsInfinite
                                      || call.builtin.id == .doubleIsFinite:
            // As comparisons, which IEEE 754 defines for every value: only NaN differs from
            // itself; only an infinity's magnitude equals infinity; the magnitude of a finite
            // value is less (NaN's is neither). The operand is read twice, so it must be one
            // that charges nothing and is not evaluated once per scan (hoisted).
            guard let receiver = call.receiver, let a = operand(receiver, slot: slot, mapped: mapped), a.canBeReadTwice else { return nil }
            let magnitude = Operand.function(.absDouble, a, nil), infinity = Operand.constant(.double(.infinity))
            switch call.builtin.id {
            case .doubleIsNaN: return .compare(a, .notEqual, a)
            case .doubleIsInfinite: return .compare(magnitude, .equal, infinity)
            default: return .compare(magnitude, .less, infinity)
            }
        case .builtin(let call) where call.builtin.id == .rangeContains:
            return rangeTest(call, slot: slot, mapped: mapped)
        case .fused(.scan(let list, let inner, let mode), let steps, _) where mode == .contains || mode == .allSatisfy:
            return nestedScan(list, inner, mode == .allSatisfy ? .allSatisfy : .contains, steps, rowSlot: slot, mapped: mapped).map { .exists($0) }
        case .fused(.scan(_, let inner, .containsFromEnd), let steps, let unfused):
            // `xs.reversed().contains(where: p)` in a closure: a nested scan of the reversal
            // itself, made once per scan, as before it was searched from the end.
            guard case .builtin(let call) = unfused.node, let reversal = call.receiver else { return nil }
            return nestedScan(reversal, inner, .contains, FusedSteps(fixed: steps.fixed, perElement: steps.perElement),
                              rowSlot: slot, mapped: mapped).map { .exists($0) }
        default:
            if let chosen = chosenPredicate(body, slot: slot, mapped: mapped) { return chosen }
            // A Bool operand (a field, an enclosing closure's parameter) as the condition itself.
            guard body.type == .bool, let a = operand(body, slot: slot, mapped: mapped) else { return nil }
            return .compare(a, .equal, .constant(.bool(true)))
        }
    }

    /// `c ? a : b` of `Bool`s as `c && a || !c && b`: the same for every row, and filtered as
    /// `&&` and `||` are, a batch of rows at a time, rather than a choice made row by row through
    /// a conditional operand. Each branch is unwrapped as where Swift evaluates it (`x == nil ? k
    /// : x!.count > 40`). The test is tested twice, so it must charge nothing (no string search,
    /// nested scan or string `count`, whose steps depend on the rows it reaches); the branches
    /// may: `&&` tests its right side only on the rows its left passes, and `||` only on those
    /// it fails, when either charges work (see `RowFilter.cheaperFirst`), so each branch is
    /// charged for exactly the rows Swift evaluates it on. Nil for other expressions.
    private static func chosenPredicate(_ body: TypedExpression, slot: Int, mapped: Operand?) -> RowPredicate? {
        guard case .ternary(let condition, let then, let otherwise) = body.node, body.type == .bool,
              let test = from(condition, slot: slot, mapped: mapped), !test.searchesStrings,
              let a = from(unwrapping(then, where: test, isNil: false, slot: slot, mapped: mapped), slot: slot, mapped: mapped),
              let b = from(unwrapping(otherwise, where: test, isNil: true, slot: slot, mapped: mapped), slot: slot, mapped: mapped)
        else { return nil }
        return .choice(test, a, b)
    }

    /// A fused `contains(where:)`, `allSatisfy`, `first(where:)` or `last(where:)` of another
    /// list in the closure over the rows in `rowSlot`, run for each row (see `NestedScan`):
    /// when the other list reads no closure parameter, and the inner predicate reads nothing
    /// evaluated once per scan, no `Int` arithmetic (which would have to be proven safe for
    /// each outer row) and no scan nested further, and the outer rows are donations, or a
    /// field or the date of each, mapped.
    private static func nestedScan(_ list: TypedExpression, _ inner: RowPredicate, _ mode: NestedScan.Mode, _ steps: FusedSteps,
                                   rowSlot: Int, mapped: Operand?) -> NestedScan? {
        var inner = inner
        if let mapped {
            // The outer rows are what a `map` made of each donation (`map(\.id).filter { id in
            // other.contains { $0.id == id } }`): a field or the date of it, read from the
            // donation in its place as from an outer row (`r.id`).
            let read: Operand
            switch mapped {
            case .field(let index): read = .outerField(slot: rowSlot, field: index)
            case .date: read = .outerDate(slot: rowSlot)
            default: return nil
            }
            inner = inner.replacing(slot: rowSlot) { _ in read }
        }
        guard HoistedExpression.readsNoLocals(list), !inner.hasIntArithmetic, !inner.readsHoisted, !inner.nestsScan,
              !inner.containsOperand(where: { operand in
                  if case .accumulator = operand { return true }
                  if case .outerLocal = operand { return operand.readsEnclosingRow(rowSlot) }
                  return false
              }) else { return nil }
        return NestedScan(list: HoistedExpression(list), predicate: inner, rowSlot: rowSlot, mode: mode,
                          perElement: steps.perElement, perSourceElement: steps.perSourceElement)
    }

    /// `(a...b).contains(x)` (or `a..<b`) of bounds the same for every row, as `a <= x && x <= b`
    /// (`x < b`): what `contains` computes, and for a `Double` NaN too (no comparison with NaN
    /// holds). The range itself can fail (`b < a`, or a NaN bound), which a predicate must not:
    /// constant bounds are checked here, and a range Swift refuses is left to the calls, which
    /// fail where Swift does; other bounds are read through the range (its `lowerBound` and
    /// `upperBound`, hoisted), so a range that fails makes the scan give way to the calls, as
    /// any hoisted expression that fails does. (`x` is read twice, so it must charge nothing
    /// and not be evaluated once per scan, as for `isNaN`.)
    private static func rangeTest(_ call: BuiltinCall, slot: Int, mapped: Operand?) -> RowPredicate? {
        guard let receiver = call.receiver, case .range(let lower, let upper, let closed) = receiver.node,
              [RuleType.int, .double, .date].contains(lower.type), lower.type == upper.type,
              let x = operand(call.arguments[0], slot: slot, mapped: mapped), x.canBeReadTwice else { return nil }
        let low: Operand, high: Operand
        if case .constant(let a) = lower.node, case .constant(let b) = upper.node {
            guard isValidRange(a, b) else { return nil }
            (low, high) = (.constant(a), .constant(b))
        } else {
            guard HoistedExpression.readsNoLocals(receiver) else { return nil }
            let bound = { (id: BuiltinID) in
                HoistedExpression(TypedExpression(.builtin(BuiltinCall(builtin: Builtins[id], receiver: receiver, arguments: [],
                                                                        resultType: lower.type, range: receiver.range)),
                                                  lower.type, receiver.range))
            }
            (low, high) = (.hoisted(bound(.rangeLowerBound)), .hoisted(bound(.rangeUpperBound)))
        }
        return .and(.compare(low, .lessOrEqual, x), .compare(x, closed ? .lessOrEqual : .less, high))
    }

    /// Whether `a...b` (and `a..<b`) of constants is a range Swift makes: `a <= b`, which no
    /// NaN bound passes.
    private static func isValidRange(_ a: Constant, _ b: Constant) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x <= y
        case (.double(let x), .double(let y)), (.date(let x), .date(let y)): return x <= y
        default: return false
        }
    }

    /// `abs(x) < k` of an `x` that moves with the row's date (`abs($0.date.timeIntervalSince(v.date))
    /// < 600`) as `x < k && -x < k`, and `abs(x) > k` as `x > k || -x > k` (`<=` and `>=`
    /// alike): the same for every `x`, NaN included, since `abs(x)` is the larger of `x` and
    /// `-x`. Each side is a date condition, so a list in date order is searched in the window
    /// they allow (see `DateWindowPlan`). Nil for other comparisons. (`x` is read twice, so it
    /// must charge nothing. It may read what a scan evaluates once (`abs($0.date
    /// .timeIntervalSince(purchases.last!.date))`): the second read's use is behind the first
    /// (see `collectHoisted`), and a value evaluated once is the same for both.)
    private static func distance(_ a: Operand, _ op: ComparisonOperator, _ k: Operand) -> RowPredicate? {
        guard case .function(.absDouble, let x, nil) = a, k.isInvariant, x.dateDirection != nil, !x.chargesWork else { return nil }
        switch op {
        case .less, .lessOrEqual: return .and(.compare(x, op, k), .compare(.negate(x), op, k))
        case .greater, .greaterOrEqual: return .or(.compare(x, op, k), .compare(.negate(x), op, k))
        case .equal, .notEqual: return nil
        }
    }

    /// `(c ? x : y) op k` of constants `x`, `y` and `k` (`map { $0.score > 4 ? "good" : "bad" }
    /// .filter { $0 == "good" }`): `c`, `!c`, or the answer both give, as Swift compares the
    /// constants. (A row predicate cannot fail and its steps are the closure's whatever it
    /// tests, so only a test that reads a value evaluated once per scan, whose evaluation may
    /// fail, must stay.) Nil for other comparisons.
    private static func decided(_ a: Operand, _ op: ComparisonOperator, _ b: Operand) -> RowPredicate? {
        guard case .conditional(let test, .constant(let x), .constant(let y)) = a, case .constant(let k) = b,
              let whenTrue = x.compared(op, k), let whenFalse = y.compared(op, k) else { return nil }
        switch (whenTrue, whenFalse) {
        case (true, false): return test
        case (false, true): return .not(test)
        default: return test.readsHoisted ? nil : .constant(whenTrue)
        }
    }

    /// `found` as a fused `first(where:)` or `last(where:)` compared with `nil` (`nilSide`); nil
    /// for anything else.
    private static func foundTest(_ found: TypedExpression, _ nilSide: TypedExpression)
        -> (list: TypedExpression, inner: RowPredicate, mode: NestedScan.Mode, steps: FusedSteps)? {
        guard case .constant(.null) = nilSide.node, case .fused(.scan(let list, let inner, let mode), let steps, _) = found.node,
              mode == .first || mode == .last else { return nil }
        return (list, inner, mode == .first ? .first : .last, steps)
    }

    /// The right side of `x == nil || f(x!)` (with `isNil`) or `x != nil && f(x!)`, or a branch
    /// of `x != nil ? f(x!) : y` or `x == nil ? y : f(x!)`, which Swift evaluates only where `x`
    /// is not nil, with each such `x!` as `x ?? d` for a value `d` of its type: the same
    /// wherever it is evaluated, and unlike `x!` it cannot fail, so the whole can be scanned.
    /// (A scan may test the right side on rows the left decides, whose answer the left then
    /// gives whatever the right computes.)
    static func unwrapping(_ expression: TypedExpression, where condition: RowPredicate, isNil: Bool,
                                   slot: Int, mapped: Operand?) -> TypedExpression {
        // The optionals the condition, known to be false (with `isNil`) or true, shows are not
        // nil: a `||` is false only when each of its operands is, an `&&` true only when each
        // of its operands is, and `!p` is known when `p` is.
        var tested: [Operand] = []
        func collect(_ condition: RowPredicate, holds: Bool) {
            switch condition {
            case .or(let a, let b) where !holds, .and(let a, let b) where holds:
                collect(a, holds: holds)
                collect(b, holds: holds)
            case .not(let a):
                collect(a, holds: !holds)
            case .compare(let x, holds ? .notEqual : .equal, .constant(.null)), .compare(.constant(.null), holds ? .notEqual : .equal, let x):
                tested.append(x)
            case .compare(let a, let op, let b):
                if let x = present(a, op, b, holds: holds) ?? present(b, op.mirrored, a, holds: holds) { tested += x.chainedOptionals }
            case .string(let text, _, _) where holds:
                // A string test of an optional chain is false where the chain ends in nil
                // (`x?.hasPrefix("a") == true`).
                tested += text.chainedOptionals
            default:
                break
            }
        }
        collect(condition, holds: !isNil)
        guard !tested.isEmpty else { return expression }
        func rewrite(_ expression: TypedExpression) -> TypedExpression {
            let rewritten = Optimizer.mapChildren(expression, rewrite)
            guard case .forceUnwrap(let inner) = rewritten.node, let x = operand(inner, slot: slot, mapped: mapped), tested.contains(x),
                  let fallback = placeholder(of: rewritten.type) else { return rewritten }
            let constant = TypedExpression(.constant(fallback), rewritten.type, rewritten.range)
            return TypedExpression(.nilCoalescing(inner, constant), rewritten.type, rewritten.range)
        }
        return rewrite(expression)
    }

    /// The optional that `a op b`, known to be `holds`, shows is not nil: `x` of `(x ?? k) op c`
    /// where `k op c` is not `holds` (`filter { ($0.discount ?? 0) > 0.1 }`, which no nil
    /// passes), or of `x == c` true (or `x != c` false) for a constant `c` that is not nil.
    /// Nil where the comparison says nothing of it.
    private static func present(_ a: Operand, _ op: ComparisonOperator, _ b: Operand, holds: Bool) -> Operand? {
        guard case .constant(let c) = b, c.isScalar else { return nil }
        switch a {
        case .coalesce(let x, .constant(let k), keepsOptional: false):
            guard let fallback = k.compared(op, c), fallback != holds else { return nil }
            return x
        case let x where op == (holds ? .equal : .notEqual):
            return x
        default:
            return nil
        }
    }

    /// A value of a scalar type, any one (see `unwrapping`).
    static func placeholder(of type: RuleType) -> Constant? {
        switch type {
        case .int: return .int(0)
        case .double: return .double(0)
        case .bool: return .bool(false)
        case .string: return .string("")
        case .date: return .date(0)
        default: return nil
        }
    }

    private static func stringTest(_ id: BuiltinID) -> StringTest? {
        switch id {
        case .stringHasPrefix, .stringStartsWith: return .hasPrefix
        case .stringHasSuffix: return .hasSuffix
        case .stringContains: return .contains
        case .stringIsEmpty: return .isEmpty
        default: return nil
        }
    }

    /// What a string test looks for: its argument, or `""` for `isEmpty`, which has none.
    private static func stringTestArgument(_ call: BuiltinCall, slot: Int, mapped: Operand?) -> Operand? {
        guard let argument = call.arguments.first else { return .constant(.string("")) }
        return operand(argument, slot: slot, mapped: mapped)
    }

    /// `x?.hasPrefix(y) == true` (or `!=`, `false`, `nil`): an optional chain ending in a string
    /// test, compared with a literal.
    private static func optionalStringTest(_ op: ComparisonOperator, _ chain: TypedExpression, _ other: TypedExpression,
                                           slot: Int, mapped: Operand?) -> RowPredicate? {
        guard case .constant(let constant)? = operand(other, slot: slot, mapped: mapped) else { return nil }
        return optionalStringTest(op, chain, constant, slot: slot, mapped: mapped)
    }

    /// `x?.hasPrefix(y) ?? false` (or `?? true`): the same as `== true` (or `!= false`).
    private static func coalescedStringTest(_ chain: TypedExpression, _ fallback: TypedExpression, slot: Int, mapped: Operand?) -> RowPredicate? {
        guard case .constant(.bool(let otherwise)) = fallback.node else { return nil }
        return optionalStringTest(otherwise ? .notEqual : .equal, chain, .bool(!otherwise), slot: slot, mapped: mapped)
    }

    private static func optionalStringTest(_ op: ComparisonOperator, _ chain: TypedExpression, _ constant: Constant,
                                           slot: Int, mapped: Operand?) -> RowPredicate? {
        guard op == .equal || op == .notEqual, case .optionalChain(let inner) = chain.node, case .builtin(let call) = inner.node,
              let test = stringTest(call.builtin.id), let receiver = call.receiver,
              let (text, base) = chainedText(receiver, slot: slot, mapped: mapped), let needle = stringTestArgument(call, slot: slot, mapped: mapped)
        else { return nil }
        // The test is false for nil, so `== true` is the test itself.
        let holds = RowPredicate.string(text, test, needle)
        // (Nil tested on the optional itself, so that `== false` computes a conversion, and
        // charges it, once.)
        let isNil = RowPredicate.compare(base, .equal, .constant(.null))
        let result: RowPredicate
        switch constant {
        case .bool(true): result = holds
        case .bool(false): result = .and(.not(isNil), .not(holds))
        case .null:
            // Nil tested on the text, so a conversion is charged where the chain computes it;
            // a search charges steps too, which no test of nil would (the closure runs it then).
            guard test != .contains else { return nil }
            result = RowPredicate.compare(text, .equal, .constant(.null))
        default: return nil
        }
        return op == .equal ? result : .not(result)
    }

    /// The string a call in an optional chain reads, as an optional operand that is nil where
    /// the chain ends: `s` of `s?.hasPrefix(x)`, `s.lowercased()` of `s?.lowercased().hasPrefix(x)`
    /// (a case conversion of nil is nil, as the chain skips it); with the optional the chain
    /// unwraps (`s`), nil exactly where the text is. Nil for any other receiver.
    private static func chainedText(_ receiver: TypedExpression, slot: Int, mapped: Operand?) -> (text: Operand, base: Operand)? {
        switch receiver.node {
        case .bindOptional(let bound):
            return operand(bound, slot: slot, mapped: mapped).map { ($0, $0) }
        case .builtin(let call) where call.builtin.id == .stringLowercased || call.builtin.id == .stringUppercased:
            guard let inner = call.receiver, let (text, base) = chainedText(inner, slot: slot, mapped: mapped) else { return nil }
            return (.function(call.builtin.id == .stringLowercased ? .lowercased : .uppercased, text, nil), base)
        default:
            return nil
        }
    }

    /// `other.last { $0.date < r.date }?.date` (or `first(where:)`, or a field rather than the
    /// date) in the closure over the rows in `slot`, where the search reads the row: the row it
    /// finds for each row, searched as a nested `contains` is (see `RowFunction.nestedFind`).
    /// Nil for anything else; a search that reads no row is hoisted as a whole instead.
    private static func nestedFind(_ chained: TypedExpression, slot: Int, mapped: Operand?) -> Operand? {
        let found: TypedExpression, field: Int?
        switch chained.node {
        case .builtin(let call) where call.builtin.id == .donationDate:
            guard let receiver = call.receiver, case .bindOptional(let bound) = receiver.node else { return nil }
            (found, field) = (bound, nil)
        case .field(let receiver, let index):
            guard case .bindOptional(let bound) = receiver.node else { return nil }
            (found, field) = (bound, index)
        default:
            return nil
        }
        guard case .fused(.scan(let list, let inner, let scanMode), let steps, _) = found.node,
              scanMode == .first || scanMode == .last,
              inner.containsOperand(where: { $0.readsEnclosingRow(slot) }),
              let scan = nestedScan(list, inner, scanMode == .first ? .first : .last, steps, rowSlot: slot, mapped: mapped)
        else { return nil }
        return .function(.nestedFind(scan, field: field), .hoisted(scan.list), nil)
    }

    /// An expression as an operand the same for every row (outside any closure over the rows),
    /// or nil.
    /// (Only one whose evaluation charges its whole `stepSize`, as the fused node does: outside
    /// a closure, `&&`, `||`, `??`, `?:` and optional chains charge only the parts evaluated.)
    static func invariantOperand(_ expression: TypedExpression) -> Operand? {
        guard !skipsParts(expression), let operand = operand(expression, slot: -1, mapped: nil), operand.isInvariant else { return nil }
        return operand
    }

    /// Whether evaluating the expression may skip a part of it.
    private static func skipsParts(_ expression: TypedExpression) -> Bool {
        switch expression.node {
        case .and, .or, .ternary, .nilCoalescing, .optionalChain, .bindOptional: return true
        case .closure: return false
        default:
            var skips = false
            forEachChild(of: expression) { if !skips && skipsParts($0) { skips = true } }
            return skips
        }
    }

    /// What a closure body over the donation in `slot` computes, as an operand; nil when it is
    /// not one (it may fail, or is no scalar).
    /// (Not one whose steps depend on each row unless `allowingWork`: only scans, and the
    /// operations that compute a mapping once for every donation, meter that work.)
    static func rowOperand(_ body: TypedExpression, slot: Int, mapped: Operand? = nil, allowingWork: Bool = false) -> Operand? {
        // (Never one with a nested scan: only a scan's filter meters one.)
        guard let operand = operand(body, slot: slot, mapped: mapped), allowingWork || !operand.chargesWork, !operand.nestsScan else { return nil }
        return operand
    }

    /// An operand: anything that cannot fail (or `Int` arithmetic, proven safe at run time),
    /// read from the row, its enclosing closures' parameters or constants; or, hoisted, what
    /// reads none of them (see `HoistedExpression`).
    private static func operand(_ expression: TypedExpression, slot: Int, mapped: Operand?) -> Operand? {
        if let operand = structuralOperand(expression, slot: slot, mapped: mapped) { return operand }
        return HoistedExpression.accepts(expression) ? .hoisted(HoistedExpression(expression)) : nil
    }

    private static func structuralOperand(_ expression: TypedExpression, slot: Int, mapped: Operand?) -> Operand? {
        let operand = { (child: TypedExpression) in RowPredicate.operand(child, slot: slot, mapped: mapped) }
        switch expression.node {
        case .field(let base, let index):
            guard case .local(let owner) = base.node else { return nil }
            if owner == slot { return mapped == nil ? .field(index) : nil }
            return .outerField(slot: owner, field: index)
        case .local(let owner):
            // The row itself is no operand (a mapped row is); an enclosing closure's scalar
            // parameter is.
            if owner == slot { return mapped }
            guard isScalar(expression.type) else { return nil }
            return .outerLocal(owner, expression.type)
        case .constant(let value):
            return .constant(value)
        case .wrapOptional(let inner):
            // A literal compared with an optional field: wrap it once, here.
            if case .constant(let value) = inner.node { return .constant(Constant.wrap(value, wrapped: inner.type)) }
            // A value that is not optional itself is represented as its optional is, so it can
            // be compared with an optional as it is (`other.last?.id == $0.id`).
            guard !inner.type.isOptional, let a = operand(inner) else { return nil }
            return a
        case .parameterValue(let index):
            return .parameter(index)
        case .nilCoalescing(let l, let r):
            // `[$0.x, 2].max() ?? 0`: never nil, so the fallback is never evaluated.
            if let extreme = literalExtreme(l, slot: slot, mapped: mapped) { return extreme }
            if l.type != r.type, let choice = coalescedChoice(l, r, slot: slot, mapped: mapped) { return choice }
            guard let a = operand(l), let b = operand(r) else { return nil }
            return .coalesce(a, b, keepsOptional: l.type == r.type)
        case .negate(let inner):
            guard let a = operand(inner) else { return nil }
            switch expression.type {
            case .double: return .negate(a)
            // `-x` of an `Int` is `0 - x`: the same value, failing on `Int.min` alone, as `-x` does.
            case .int: return .intArithmetic(.intSubtract, .constant(.int(0)), a)
            default: return nil
            }
        case .arithmetic(let op, let l, let r):
            guard let a = operand(l), let b = operand(r) else { return nil }
            switch op {
            case .doubleAdd, .doubleSubtract, .doubleMultiply, .doubleDivide: return .arithmetic(op, a, b)
            case .intAdd, .intSubtract, .intMultiply, .intDivide, .intRemainder: return .intArithmetic(op, a, b)
            case .stringConcatenate: return .function(.concatenate, a, b)
            case .arrayConcatenate: return nil
            }
        case .builtin(let call):
            switch call.builtin.id {
            case .donationDate:
                guard let receiver = call.receiver, case .local(let owner) = receiver.node else { return nil }
                if owner == slot { return mapped == nil ? .date : nil }
                return .outerDate(slot: owner)
            case .dateNow:
                return .now
            case .dateTimeIntervalSince:
                guard let receiver = call.receiver, let a = operand(receiver),
                      let b = operand(call.arguments[0]) else { return nil }
                return .intervalSince(a, b)
            case .dateAddingTimeInterval:
                guard let receiver = call.receiver, let a = operand(receiver),
                      let b = operand(call.arguments[0]) else { return nil }
                return .addingInterval(a, b)
            case .abs:
                guard let a = operand(call.arguments[0]) else { return nil }
                switch expression.type {
                case .double: return .function(.absDouble, a, nil)
                case .int: return .function(.absInt, a, nil)
                default: return nil
                }
            case .min, .max:
                guard call.arguments.count == 2, let a = operand(call.arguments[0]), let b = operand(call.arguments[1]) else { return nil }
                let isMax = call.builtin.id == .max
                switch expression.type {
                case .int: return .function(isMax ? .maxInt : .minInt, a, b)
                case .double, .date: return .function(isMax ? .maxDouble : .minDouble, a, b)
                default: return nil
                }
            case .doubleFromNumber:
                guard let a = operand(call.arguments[0]) else { return nil }
                switch call.arguments[0].type {
                case .int: return .function(.doubleFromInt, a, nil)
                case .double: return a
                default: return nil
                }
            case .intFromNumber:
                guard let a = operand(call.arguments[0]) else { return nil }
                switch call.arguments[0].type {
                case .double: return .function(.intFromDouble, a, nil)
                case .int: return a
                default: return nil
                }
            case .doubleRounded:
                guard let receiver = call.receiver, let a = operand(receiver) else { return nil }
                return .function(.rounded, a, nil)
            case .stringCount:
                guard let receiver = call.receiver, let a = operand(receiver) else { return nil }
                return .function(.stringCount, a, nil)
            case .stringLowercased, .stringUppercased:
                guard let receiver = call.receiver, !receiver.type.isOptional, let a = operand(receiver) else { return nil }
                return .function(call.builtin.id == .stringLowercased ? .lowercased : .uppercased, a, nil)
            case .stringHasPrefix, .stringStartsWith, .stringHasSuffix, .stringContains, .stringIsEmpty,
                 .doubleIsNaN, .doubleIsInfinite, .doubleIsFinite, .rangeContains:
                // A test as a `Bool` value, as above.
                return boolean(RowPredicate.from(expression, slot: slot, mapped: mapped))
            case .arrayContains, .setContains:
                guard let receiver = call.receiver, let a = operand(call.arguments[0]) else { return nil }
                let element: RuleType
                switch receiver.type {
                case .array(let type), .set(let type): element = type
                default: return nil
                }
                guard isScalar(element), !element.isOptional else { return nil }
                if call.builtin.id == .arrayContains, let constants = RowPredicate.constants(receiver) {
                    // `["Zion", "Alps"].contains($0.name)`: a list of constants.
                    return .function(.memberOf(constants), a, nil)
                }
                if call.builtin.id == .arrayContains, case .arrayLiteral(let elements) = receiver.node {
                    // `[$0.home, $0.away].contains(7)`: a list made per row.
                    return literalMembership(elements, a, slot: slot, mapped: mapped)
                }
                if call.builtin.id == .setContains, case .builtin(let make) = receiver.node, make.builtin.id == .setFromArray,
                   let constants = RowPredicate.constants(make.arguments[0]) {
                    // `Set(["Zion", "Alps"]).contains($0.name)`: the same test, and the same
                    // steps on every row (making the set charges one per element, as the list's
                    // `contains` does; the set's `contains` none).
                    return .function(.memberOf(constants), a, nil)
                }
                // `favorites.contains($0.id)`: a collection the closure computes without its
                // parameters, evaluated once per scan (all of `favorites.contains(7)` is, as any
                // expression that reads no row).
                guard !a.isInvariant, HoistedExpression.readsNoLocals(receiver) else { return nil }
                return .function(.memberOfInvariant(isSet: call.builtin.id == .setContains), a, .hoisted(HoistedExpression(receiver)))
            default:
                return nil
            }
        case .forceUnwrap(let inner):
            // `[$0.x, 2].max()!`: never nil.
            return literalExtreme(inner, slot: slot, mapped: mapped)
        case .optionalChain(let inner):
            if let found = nestedFind(inner, slot: slot, mapped: mapped) { return found }
            // `s?.count`, `s?.lowercased()` or `s?.uppercased()` of an optional string: nil
            // when it is.
            guard case .builtin(let call) = inner.node, let receiver = call.receiver,
                  let a = chainedText(receiver, slot: slot, mapped: mapped)?.text else { return nil }
            switch call.builtin.id {
            case .stringCount: return .function(.stringCount, a, nil)
            case .stringLowercased: return .function(.lowercased, a, nil)
            case .stringUppercased: return .function(.uppercased, a, nil)
            default: return nil
            }
        case .comparison, .and, .or, .not:
            // A test as a `Bool` value (`map { $0.score > 3 }`): true where it holds.
            return boolean(RowPredicate.from(expression, slot: slot, mapped: mapped))
        case .subscriptAccess(let base, let index):
            // `["low", "mid", "high"][$0.level]`: a list of constants indexed per row. (An index
            // the same for every row leaves the whole subscript to be hoisted.)
            guard isScalar(expression.type), !expression.type.isOptional, let constants = RowPredicate.constants(base),
                  !constants.isEmpty, let i = operand(index), !i.isInvariant else { return nil }
            return .function(.element(constants), i, nil)
        case .ternary(let condition, let then, let otherwise):
            // Of a scalar, or an optional one (`c ? $0.price : nil`, nil a value as any other).
            guard isScalar(expression.type), !(expression.type.isOptional && expression.type.unwrapped.isOptional),
                  let test = RowPredicate.from(condition, slot: slot, mapped: mapped),
                  let a = operand(unwrapping(then, where: test, isNil: false, slot: slot, mapped: mapped)),
                  let b = operand(unwrapping(otherwise, where: test, isNil: true, slot: slot, mapped: mapped)) else { return nil }
            return .conditional(test, a, b)
        default:
            return nil
        }
    }

    /// `(c ? x : nil) ?? k` as `c ? x : k`, and `(c ? y : nil) ?? k` of an optional `y` as
    /// `c ? y ?? k : k` (either way round), for a constant `k`: what Swift computes, each row a
    /// value of `k`'s type rather than an optional first. Nil unless the ternary is a row operand
    /// (one the same for every row is left whole, to be evaluated once).
    private static func coalescedChoice(_ l: TypedExpression, _ r: TypedExpression, slot: Int, mapped: Operand?) -> Operand? {
        // (Only a constant `k`: written twice, it must cost and fail nothing.)
        guard case .ternary(let condition, let then, let otherwise) = l.node, case .constant = r.node else { return nil }
        func coalesced(_ branch: TypedExpression) -> TypedExpression? {
            switch branch.node {
            case .constant(.null): return r
            case .wrapOptional(let x) where x.type == r.type: return x
            default: return branch.type == l.type ? TypedExpression(.nilCoalescing(branch, r), r.type, branch.range) : nil
            }
        }
        func isNil(_ branch: TypedExpression) -> Bool {
            if case .constant(.null) = branch.node { return true }
            return false
        }
        guard isNil(then) || isNil(otherwise), let a = coalesced(then), let b = coalesced(otherwise) else { return nil }
        return structuralOperand(TypedExpression(.ternary(condition, a, b), r.type, l.range), slot: slot, mapped: mapped)
    }

    /// `[a, b, ...].min()` or `.max()` of an array literal of `Int`s, `Double`s or `Date`s, which
    /// is never nil: its elements folded in order as `min()` and `max()` fold them (`y < x ? y : x`
    /// and `x < y ? y : x`), charging the step per element the built-in charges. Nil for
    /// anything else.
    private static func literalExtreme(_ expression: TypedExpression, slot: Int, mapped: Operand?) -> Operand? {
        guard case .builtin(let call) = expression.node, call.builtin.id == .arrayMin || call.builtin.id == .arrayMax,
              let receiver = call.receiver, case .arrayLiteral(let elements) = receiver.node, !elements.isEmpty,
              case .array(let element) = receiver.type, element == .int || element == .double || element == .date else { return nil }
        var folded: Operand?
        for item in elements {
            guard let next = RowPredicate.operand(item, slot: slot, mapped: mapped) else { return nil }
            guard let result = folded else {
                folded = next
                continue
            }
            switch (call.builtin.id == .arrayMax, element == .int) {
            case (false, true): folded = .function(.minInt, result, next)
            case (true, true): folded = .function(.maxInt, result, next)
            case (false, false): folded = .function(.minDouble, result, next)
            case (true, false): folded = .function(.arrayMaxDouble, result, next)
            }
        }
        return folded.map { .function(.charged(elements.count), $0, nil) }
    }

    /// `[a, b, ...].contains(x)` of an array literal made per row, as a `Bool`: whether an element
    /// is `==` to `x`, charging the step per element `contains` charges. The elements are all
    /// evaluated before `contains` compares them, so none may fail or charge work of its own
    /// (which the comparisons, stopping at the first equal element, might not reach).
    private static func literalMembership(_ elements: [TypedExpression], _ needle: Operand, slot: Int, mapped: Operand?) -> Operand? {
        guard !needle.hasIntArithmetic, !needle.chargesWork else { return nil }
        var test: RowPredicate?
        for item in elements {
            guard let element = RowPredicate.operand(item, slot: slot, mapped: mapped), !element.hasIntArithmetic,
                  !element.chargesWork else { return nil }
            let equal = RowPredicate.compare(element, .equal, needle)
            test = test.map { .or($0, equal) } ?? equal
        }
        return test.map { .function(.charged(elements.count), .conditional($0, .constant(.bool(true)), .constant(.bool(false))), nil) }
    }

    /// A test's value as a `Bool` operand. (Only for what `from` reads as a test of its own,
    /// never as a `Bool` operand compared with `true`, which would come back here.)
    private static func boolean(_ test: RowPredicate?) -> Operand? {
        test.map { .conditional($0, .constant(.bool(true)), .constant(.bool(false))) }
    }

    /// The constants of an array literal or a folded array constant, or nil.
    private static func constants(_ expression: TypedExpression) -> [Constant]? {
        switch expression.node {
        case .constant(.array(let items)): return items
        case .arrayLiteral(let elements):
            var items: [Constant] = []
            for element in elements {
                guard case .constant(let value) = element.node else { return nil }
                items.append(value)
            }
            return items
        default: return nil
        }
    }

    private static func isScalar(_ type: RuleType) -> Bool {
        switch type {
        case .int, .double, .bool, .string, .date: return true
        case .optional(let wrapped): return isScalar(wrapped)
        default: return false
        }
    }
}
