import TipRulesSemantics
import TipRulesSyntax

/// Comparisons of bound operands, of the machine type the operands have.
extension RowPredicateBinder {
    func compare(_ a: Bound, _ op: ComparisonOperator, _ b: Bound) -> (Int) -> Bool {
        // Numbers (`Double`s and dates, as seconds) compare as numbers, whatever tag an
        // invariant value carries (a date moved by `addingTimeInterval` is computed as one).
        if let x = number(a), let y = number(b) {
            if case .constant(let p) = x, case .constant(let q) = y {
                let result = Evaluator.compare(op, .double(p), .double(q))
                return { _ in result }
            }
            return RowPredicateBinder.compare(op, x, y)
        }
        // Computed `Int`s compare as machine integers.
        // (Against a constant without a call for it: `(x ?? 0) > k`, `s.count > k`.)
        if case .computedInts(let f) = a, case .constant(let k)? = intOperand(b) { return RowPredicateBinder.compare(op, f, k) }
        if case .computedInts(let f) = b, case .constant(let k)? = intOperand(a) { return RowPredicateBinder.compare(op.mirrored, f, k) }
        if case .computedInts = a, let x = intOperand(b) { return RowPredicateBinder.compare(op, integer(a).read, x.read) }
        if case .computedInts = b, let x = intOperand(a) { return RowPredicateBinder.compare(op, x.read, integer(b).read) }
        switch (a, b) {
        case (.value(let x), .value(let y)):
            let result = Evaluator.compare(op, x, y)
            return { _ in result }
        case (.ints(let items), .value(.int(let k))):
            return RowPredicateBinder.compare(op, items, k)
        case (.value(.int(let k)), .ints(let items)):
            return RowPredicateBinder.compare(op.mirrored, items, k)
        case (.strings(let items), .value(.string(let k))):
            return RowPredicateBinder.compareStrings(op, items, k)
        case (.value(.string(let k)), .strings(let items)):
            return RowPredicateBinder.compareStrings(op.mirrored, items, k)
        case (.coalescedStrings(let items, let fallback), .value(.string(let k))):
            return RowPredicateBinder.compare(op, { items[$0] ?? fallback }, k)
        case (.value(.string(let k)), .coalescedStrings(let items, let fallback)):
            return RowPredicateBinder.compare(op.mirrored, { items[$0] ?? fallback }, k)
        case (.computedStrings(let read), .value(.string(let k))):
            return RowPredicateBinder.compare(op, read, k)
        case (.value(.string(let k)), .computedStrings(let read)):
            return RowPredicateBinder.compare(op.mirrored, read, k)
        case (.computedOptionalStrings(let read), .value(.null)), (.value(.null), .computedOptionalStrings(let read)):
            return op == .equal ? { read($0) == nil } : { read($0) != nil }
        case (.computedOptionalStrings(let read), .value(.string(let k))) where op == .equal || op == .notEqual,
             (.value(.string(let k)), .computedOptionalStrings(let read)) where op == .equal || op == .notEqual:
            let equality = StringEquality(k)
            return op == .equal ? { read($0).map(equality.holds) ?? false } : { !(read($0).map(equality.holds) ?? false) }
        case (.bools(let items), .value(.bool(let k))) where op == .equal || op == .notEqual:
            return op == .equal ? { items[$0] == k } : { items[$0] != k }
        case (.computedBools(let f), .value(.bool(let k))) where op == .equal || op == .notEqual,
             (.value(.bool(let k)), .computedBools(let f)) where op == .equal || op == .notEqual:
            return op == .equal ? { f($0) == k } : { f($0) != k }
        case (.optionals(let items), .value(.null)), (.value(.null), .optionals(let items)):
            // `x == nil` without copying the value out (`nil` compares only by `==` and `!=`).
            return op == .equal ? { items.isNull(at: $0) } : { !items.isNull(at: $0) }
        case (.optionalStrings(let items), .value(.null)), (.value(.null), .optionalStrings(let items)):
            return op == .equal ? { items.isNil(at: $0) } : { !items.isNil(at: $0) }
        case (.optionalStrings(let items), .value(.string(let k))) where op == .equal || op == .notEqual,
             (.value(.string(let k)), .optionalStrings(let items)) where op == .equal || op == .notEqual:
            // Swift's `String? == String`: nil equal to no string.
            let equality = StringEquality(k)
            return op == .equal ? { items[$0].map(equality.holds) ?? false } : { !(items[$0].map(equality.holds) ?? false) }
        case (.optionalInts(let items), .value(.null)), (.value(.null), .optionalInts(let items)):
            return op == .equal ? { items[$0] == nil } : { items[$0] != nil }
        case (.optionalNumbers(let items, _), .value(.null)), (.value(.null), .optionalNumbers(let items, _)):
            return op == .equal ? { items[$0] == nil } : { items[$0] != nil }
        case (.computedOptionalNumbers(let read, _), .value(.null)), (.value(.null), .computedOptionalNumbers(let read, _)):
            return op == .equal ? { read($0) == nil } : { read($0) != nil }
        case (.computedOptionalInts(let read), .value(.null)), (.value(.null), .computedOptionalInts(let read)):
            return op == .equal ? { read($0) == nil } : { read($0) != nil }
        case (.optionalInts(let items), .value(.int(let k))), (.value(.int(let k)), .optionalInts(let items)):
            // An optional `Int` field against an `Int` (only `==` and `!=` take an optional):
            // Swift's `Int? == Int`, nil equal to no number.
            return op == .equal ? { items[$0] == k } : { items[$0] != k }
        case (.optionalNumbers(let items, _), .value(.double(let k))), (.value(.double(let k)), .optionalNumbers(let items, _)),
             (.optionalNumbers(let items, _), .value(.date(let k))), (.value(.date(let k)), .optionalNumbers(let items, _)):
            return op == .equal ? { items[$0] == k } : { items[$0] != k }
        case (.computedOptionalInts(let read), .value(.int(let k))) where op == .equal || op == .notEqual,
             (.value(.int(let k)), .computedOptionalInts(let read)) where op == .equal || op == .notEqual:
            // `(c ? $0.id : nil) == 3`: nil equal to no number, as for a column.
            return op == .equal ? { read($0) == k } : { read($0) != k }
        case (.computedOptionalNumbers(let read, _), .value(.double(let k))) where op == .equal || op == .notEqual,
             (.value(.double(let k)), .computedOptionalNumbers(let read, _)) where op == .equal || op == .notEqual,
             (.computedOptionalNumbers(let read, _), .value(.date(let k))) where op == .equal || op == .notEqual,
             (.value(.date(let k)), .computedOptionalNumbers(let read, _)) where op == .equal || op == .notEqual:
            return op == .equal ? { read($0) == k } : { read($0) != k }
        default:
            break
        }
        let left = values(a), right = values(b)
        if number(a) != nil || number(b) != nil {
            // A number computed per row against a value read as one (a date, or a number, of an
            // enclosing row's optional field): compared as numbers, whichever tag each carries.
            return { Evaluator.compare(op, left($0).asNumber, right($0).asNumber) }
        }
        return { Evaluator.compare(op, left($0), right($0)) }
    }

    /// Two `Int` operands read per row. (Not generic over the type, for the same reason.)
    static func compare(_ op: ComparisonOperator, _ f: @escaping (Int) -> Int, _ g: @escaping (Int) -> Int) -> (Int) -> Bool {
        switch op {
        case .equal: return { f($0) == g($0) }
        case .notEqual: return { f($0) != g($0) }
        case .less: return { f($0) < g($0) }
        case .lessOrEqual: return { f($0) <= g($0) }
        case .greater: return { f($0) > g($0) }
        case .greaterOrEqual: return { f($0) >= g($0) }
        }
    }

    /// An `Int` computed per row against a constant.
    static func compare(_ op: ComparisonOperator, _ f: @escaping (Int) -> Int, _ k: Int) -> (Int) -> Bool {
        switch op {
        case .equal: return { f($0) == k }
        case .notEqual: return { f($0) != k }
        case .less: return { f($0) < k }
        case .lessOrEqual: return { f($0) <= k }
        case .greater: return { f($0) > k }
        case .greaterOrEqual: return { f($0) >= k }
        }
    }

    static func compare(_ op: ComparisonOperator, _ a: Number, _ b: Number) -> (Int) -> Bool {
        switch (a, b) {
        case (.column(let items), .constant(let k)): return compare(op, items, k)
        case (.constant(let k), .column(let items)): return compare(op.mirrored, items, k)
        case (.computed(let f), .constant(let k)):
            switch op {
            case .equal: return { f($0) == k }
            case .notEqual: return { f($0) != k }
            case .less: return { f($0) < k }
            case .lessOrEqual: return { f($0) <= k }
            case .greater: return { f($0) > k }
            case .greaterOrEqual: return { f($0) >= k }
            }
        case (.constant, .computed): return compare(op.mirrored, b, a)
        default:
            let f = a.read, g = b.read
            switch op {
            case .equal: return { f($0) == g($0) }
            case .notEqual: return { f($0) != g($0) }
            case .less: return { f($0) < g($0) }
            case .lessOrEqual: return { f($0) <= g($0) }
            case .greater: return { f($0) > g($0) }
            case .greaterOrEqual: return { f($0) >= g($0) }
            }
        }
    }

    /// A `Bool` operand's value per row, or nil for an operand of another type.
    func truths(_ bound: Bound) -> ((Int) -> Bool)? {
        switch bound {
        case .value(.bool(let flag)): return { _ in flag }
        case .bools(let items): return { items[$0] }
        case .computedBools(let read): return read
        default: return nil
        }
    }

    /// A string computed per row against a constant.
    static func compare(_ op: ComparisonOperator, _ read: @escaping (Int) -> String, _ k: String) -> (Int) -> Bool {
        switch op {
        case .equal:
            let equality = StringEquality(k)
            return { equality.holds(read($0)) }
        case .notEqual:
            let equality = StringEquality(k)
            return { !equality.holds(read($0)) }
        case .less: return { read($0) < k }
        case .lessOrEqual: return { read($0) <= k }
        case .greater: return { read($0) > k }
        case .greaterOrEqual: return { read($0) >= k }
        }
    }
}

private extension Value {
    /// A date as the number of its seconds (which is how row operands compute dates); any
    /// other value as itself.
    var asNumber: Value {
        if case .date(let seconds) = self { return .double(seconds) }
        return self
    }
}
