import TipRulesSyntax

/// `reduce` and sums fused into one pass over the columns.
extension Optimizer {
    /// A `reduce` whose closure is a row mapping of the donation (or of what a `map` made of
    /// it) and the accumulator, of a scalar type, with the steps per element of the calls it
    /// stands for. `Int` arithmetic on the row alone is proven unable to fail before the fold,
    /// as in a scan (`max($0, $1.x * 2)`); on the accumulator, whose values no proof can know
    /// beforehand (`$0 > $1 ? $0 - $1 : $1 - $0`), it checks itself as the fold goes, which
    /// gives way where it failed.
    func fold(_ call: BuiltinCall, _ receiver: TypedExpression, _ type: RuleType) -> (FusedOperation, Int, Int)? {
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
    func columnSum(_ call: BuiltinCall, _ receiver: TypedExpression, _ type: RuleType) -> (FusedOperation, Int, Int)? {
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
    func conditionalAddend(_ closure: TypedClosure, _ type: RuleType) -> (RowPredicate.Operand, SourceRange)? {
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
