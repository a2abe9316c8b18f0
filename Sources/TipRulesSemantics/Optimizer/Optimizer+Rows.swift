import TipRulesSyntax

/// What a closure over donations amounts to, row by row: the chain of mappings it reads, and the
/// predicates, comparisons and keys the fused scans and orders test.
extension Optimizer {
    /// A chain of `map`, `filter` and `compactMap` calls over a donation list, as the donations
    /// whose results it keeps and what it computes from each of them.
    ///
    /// Each `filter` or `compactMap` after a `map` becomes a narrowing of the list (a fused
    /// `FusedOperation.narrowed` scan with the row predicate the call's closure amounts to on the
    /// donations); each `map` composes its function with what came before. So any such chain
    /// ends as a list of donations and one row operand, which the operation that consumes the
    /// chain (`reduce`, `max()`, `contains(where:)`, `count`, ...) computes per donation kept.
    struct RowChain {
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
    func rowChain(_ expression: TypedExpression) -> RowChain? {
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
    func conditionalValue(_ function: TypedExpression, after mapped: RowPredicate.Operand?)
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
    func narrowed(_ chain: RowChain, _ predicate: RowPredicate, perElement: Int,
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
    func predicate(_ argument: TypedExpression?, after mapping: RowPredicate.Operand) -> (RowPredicate, Int)? {
        // A key path (`map(\.name).filter(\.isEmpty)`): the closure it stands for, which reads
        // the mapping.
        if let argument, case .function(_, .bool) = argument.type, let body = keyPathBody(argument, slot: 0) {
            return RowPredicate.from(body, slot: 0, mapped: mapping).map { ($0, keyPathSize(argument)) }
        }
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
    func donationPredicate(_ argument: TypedExpression?, known: RowPredicate? = nil) -> (RowPredicate, Int)? {
        switch argument?.node {
        case .closure(let closure)? where closure.parameterCount == 1:
            // The steps are the closure's as written.
            let body = known.map { RowPredicate.unwrapping(closure.body, where: $0, isNil: false, slot: closure.firstSlot, mapped: nil) } ?? closure.body
            return RowPredicate.from(body, slot: closure.firstSlot).map { chargedPerApplication($0, closure.body.stepSize) }
        case .keyPath(let steps)?:
            // The closure the path stands for, its argument in a slot of its own, 0 (a key path
            // reads nothing else), charging a step per step of the path.
            guard let argument, case .function(_, .bool) = argument.type, let body = keyPathBody(argument, slot: 0) else { return nil }
            return RowPredicate.from(body, slot: 0).map { ($0, steps.count) }
        default:
            return nil
        }
    }

    /// An order `{ f($0) OP f($1) }` that compares the same row mapping of its two donations,
    /// with the steps one application charges. `f` may charge work by what it reads
    /// (`$0.name.count`), charged for the two donations of each comparison (see
    /// `Evaluator.workedOrder`), where it is not unwrapped.
    func keyComparison(_ argument: TypedExpression?) -> (key: RowPredicate.Operand, op: ComparisonOperator, steps: Int, unwrapsKey: Bool)? {
        guard case .closure(let closure)? = argument?.node, closure.parameterCount == 2,
              case .comparison(let op, var l, var r) = closure.body.node else { return nil }
        // `{ $0.x! OP $1.x! }`: the optional keys, unwrapped when compared (see `FusedOperation.keyOrder`).
        var unwrapsKey = false
        if case .forceUnwrap(let a) = l.node, case .forceUnwrap(let b) = r.node, l.type.isOrderedScalar {
            (l, r, unwrapsKey) = (a, b, true)
        }
        let allowingWork = !unwrapsKey
        // Dates that may be NaN, whose `<=` and `>=` are `Date`'s own (see `DateOrder`), are
        // left to the calls: the orders compare keys as numbers.
        let comparesAsDates = l.type == .date && (op == .lessOrEqual || op == .greaterOrEqual)
        // `{ f($1) OP f($0) }` is `{ f($0) OP' f($1) }` with the operator mirrored.
        if !Self.mentions(l, slot: closure.firstSlot), !Self.mentions(r, slot: closure.firstSlot + 1),
           let a = RowPredicate.rowOperand(r, slot: closure.firstSlot, allowingWork: allowingWork),
           let b = RowPredicate.rowOperand(l, slot: closure.firstSlot + 1, allowingWork: allowingWork), a == b {
            guard !comparesAsDates || a.isNeverNaNDate else { return nil }
            return (a, op.mirrored, closure.body.stepSize, unwrapsKey)
        }
        guard !Self.mentions(l, slot: closure.firstSlot + 1), !Self.mentions(r, slot: closure.firstSlot),
              let a = RowPredicate.rowOperand(l, slot: closure.firstSlot, allowingWork: allowingWork),
              let b = RowPredicate.rowOperand(r, slot: closure.firstSlot + 1, allowingWork: allowingWork), a == b,
              !comparesAsDates || a.isNeverNaNDate else { return nil }
        return (a, op, closure.body.stepSize, unwrapsKey)
    }

    /// An order `{ p($0, $1) }` of two donations that is a row predicate of `$1` reading `$0` as
    /// its enclosing row (see `FusedOperation.pairOrder`), with `$0`'s slot and the steps one
    /// application charges. Not one that reads either donation as a whole, computes `Int`
    /// arithmetic (which would have to be proven safe for every pair), nests a scan, or charges
    /// work.
    func pairComparison(_ argument: TypedExpression?) -> (RowPredicate, Int, Int)? {
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
    func compactMapTest(_ call: BuiltinCall)
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
    func keyOrder(_ id: BuiltinID) -> KeyOrder? {
        switch id {
        case .arraySortedBy: return .sorted
        case .arrayMinBy: return .min
        case .arrayMaxBy: return .max
        default: return nil
        }
    }

    /// An order `{ $0 OP $1 }` (or `{ $1 OP $0 }`, as `$0 OP' $1` with the operator mirrored)
    /// that compares its two parameters themselves, with the steps one application charges.
    /// (The elements compare as numbers: dates by `<=` or `>=` are left to the calls unless
    /// `neverNaN`, as `Date`'s own comparisons differ for NaN, see `DateOrder`.)
    func elementComparison(_ argument: TypedExpression?, neverNaN: Bool = false) -> (ComparisonOperator, Int)? {
        guard case .closure(let closure)? = argument?.node, closure.parameterCount == 2,
              case .comparison(let op, let l, let r) = closure.body.node,
              case .local(let a) = l.node, case .local(let b) = r.node,
              neverNaN || !(l.type == .date && (op == .lessOrEqual || op == .greaterOrEqual)) else { return nil }
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
}
