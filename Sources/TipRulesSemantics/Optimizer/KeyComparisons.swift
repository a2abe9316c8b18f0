/// An order's predicate of two elements (`sorted(by:)`, `min(by:)`, `max(by:)`) written as
/// comparisons of keys of each, `k($0) OP k($1)` (or `k($1) OP k($0)`, the operator
/// mirrored), combined by `&&`, `||`, `!` and `?:`: the usual way to order by several keys
/// (`$0.score == $1.score ? $0.id < $1.id : $0.score > $1.score`, `$0.a > $1.a || ($0.a ==
/// $1.a && $0.b < $1.b)`).
///
/// Each key is computed once per element; a comparison of two elements then compares their
/// keys with the same operators, in the same structure, so it answers what the closure answers
/// on every pair (NaN included), without evaluating the closure.
package indirect enum KeyComparisons: Sendable, Equatable {
    case constant(Bool)
    /// `keys[key]` of the first element `op` that of the second.
    case compare(key: Int, ComparisonOperator)
    case and(KeyComparisons, KeyComparisons)
    case or(KeyComparisons, KeyComparisons)
    case not(KeyComparisons)
    /// `c ? a : b`.
    case choose(KeyComparisons, KeyComparisons, KeyComparisons)

    /// The comparator's structure and its keys (operands of the row), or nil when some part of
    /// it is not a comparison of one key of both elements. The comparator reads the second
    /// element as the row and the first as the enclosing row in `firstSlot`.
    package static func make(_ comparator: RowPredicate, firstSlot: Int) -> (KeyComparisons, [RowPredicate.Operand])? {
        var keys: [RowPredicate.Operand] = []
        func key(_ operand: RowPredicate.Operand) -> Int {
            if let index = keys.firstIndex(of: operand) { return index }
            keys.append(operand)
            return keys.count - 1
        }
        func test(_ predicate: RowPredicate) -> KeyComparisons? {
            if let (c, a, b) = predicate.choice {
                // `c ? a : b` as `RowPredicate.from` writes a ternary of `Bool`s: `c` tested
                // once, and the usual orders by several keys seen as chains (`$0.a == $1.a ?
                // $0.b < $1.b : $0.a > $1.a`, see `chain`).
                guard let x = test(c), let y = test(a), let z = test(b) else { return nil }
                return .choose(x, y, z)
            }
            switch predicate {
            case .constant(let flag): return .constant(flag)
            case .and(let a, let b): return test(a).flatMap { x in test(b).map { .and(x, $0) } }
            case .or(let a, let b): return test(a).flatMap { x in test(b).map { .or(x, $0) } }
            case .not(let a): return test(a).map { .not($0) }
            case .compare(let a, .equal, .constant(.bool(let flag))):
                guard let truth = truth(a) else { break }
                return flag ? truth : .not(truth)
            case .compare(let a, let op, let b):
                // `k($0) OP k($1)`, or `k($1) OP k($0)` as `k($0) OP' k($1)`.
                if let first = a.asRow(readingEnclosing: firstSlot, sharing: b.hoistings), !b.readsEnclosingRow(firstSlot), first == b,
                   !a.readsRow { return .compare(key: key(b), op) }
                if let first = b.asRow(readingEnclosing: firstSlot, sharing: a.hoistings), !a.readsEnclosingRow(firstSlot), first == a,
                   !b.readsRow { return .compare(key: key(a), op.mirrored) }
            case .string, .exists:
                break
            }
            return nil
        }
        // A `Bool` operand that is a test's value (`c ? a < b : a > b` inside a comparison).
        func truth(_ operand: RowPredicate.Operand) -> KeyComparisons? {
            switch operand {
            case .constant(.bool(let flag)): return .constant(flag)
            case .conditional(let p, let a, let b):
                guard let c = test(p), let x = truth(a), let y = truth(b) else { return nil }
                // A test's value as a `Bool` (`c ? true : false`) is the test.
                if x == .constant(true) && y == .constant(false) { return c }
                if x == .constant(false) && y == .constant(true) { return .not(c) }
                return .choose(c, x, y)
            default: return nil
            }
        }
        guard let structure = test(comparator), !keys.isEmpty else { return nil }
        return (structure, keys)
    }
}

extension RowPredicate.Operand {
    /// The operand with the enclosing row in `slot` read as the row (`.outerField` as
    /// `.field`, `.outerDate` as `.date`), or nil when it reads that row as a whole or has a
    /// test inside (where it could read both). A hoisted expression that has the same value as
    /// one of `shared` (the same static member, or the same `let`) becomes that one, so that
    /// `($0.due ?? Date.distantPast) > ($1.due ?? Date.distantPast)` compares one key.
    func asRow(readingEnclosing slot: Int, sharing shared: [HoistedExpression]) -> Self? {
        switch self {
        case .outerField(slot, let field): return .field(field)
        case .outerDate(slot): return .date
        case .outerLocal(slot, _), .conditional: return nil
        case .hoisted(let hoisted): return .hoisted(shared.first { $0.hasSameValue(as: hoisted) } ?? hoisted)
        case .field, .date, .constant, .parameter, .now, .outerLocal, .outerField, .outerDate, .accumulator: return self
        case .arithmetic(let op, let a, let b):
            guard let x = a.asRow(readingEnclosing: slot, sharing: shared), let y = b.asRow(readingEnclosing: slot, sharing: shared) else { return nil }
            return .arithmetic(op, x, y)
        case .intArithmetic(let op, let a, let b):
            guard let x = a.asRow(readingEnclosing: slot, sharing: shared), let y = b.asRow(readingEnclosing: slot, sharing: shared) else { return nil }
            return .intArithmetic(op, x, y)
        case .intervalSince(let a, let b):
            guard let x = a.asRow(readingEnclosing: slot, sharing: shared), let y = b.asRow(readingEnclosing: slot, sharing: shared) else { return nil }
            return .intervalSince(x, y)
        case .addingInterval(let a, let b):
            guard let x = a.asRow(readingEnclosing: slot, sharing: shared), let y = b.asRow(readingEnclosing: slot, sharing: shared) else { return nil }
            return .addingInterval(x, y)
        case .coalesce(let a, let b, let keeps):
            guard let x = a.asRow(readingEnclosing: slot, sharing: shared), let y = b.asRow(readingEnclosing: slot, sharing: shared) else { return nil }
            return .coalesce(x, y, keepsOptional: keeps)
        case .negate(let a): return a.asRow(readingEnclosing: slot, sharing: shared).map { .negate($0) }
        case .function(let f, let a, let b):
            guard let x = a.asRow(readingEnclosing: slot, sharing: shared) else { return nil }
            guard let b else { return .function(f, x, nil) }
            return b.asRow(readingEnclosing: slot, sharing: shared).map { .function(f, x, $0) }
        }
    }

    /// The hoisted expressions the operand reads.
    var hoistings: [HoistedExpression] {
        var found: [HoistedExpression] = []
        _ = contains { operand in
            if case .hoisted(let hoisted) = operand { found.append(hoisted) }
            return false
        }
        return found
    }

    /// Whether the operand reads the row (a field or the date of it).
    var readsRow: Bool {
        contains { operand in
            switch operand {
            case .field, .date: return true
            default: return false
            }
        }
    }
}

extension HoistedExpression {
    /// Whether the two are sure to have the same value in one evaluation: the same one, the
    /// same static member (`Date.distantPast`), or the same declaration (evaluated once).
    func hasSameValue(as other: HoistedExpression) -> Bool {
        if self === other { return true }
        switch (expression.node, other.expression.node) {
        case (.builtin(let a), .builtin(let b)):
            return a.builtin.id == b.builtin.id && a.receiver == nil && b.receiver == nil && a.arguments.isEmpty && b.arguments.isEmpty
        case (.declaration(let a), .declaration(let b)):
            return a == b
        default:
            return false
        }
    }
}
