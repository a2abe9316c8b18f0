import TipRulesSemantics
import TipRulesSyntax

/// `Double` and `Date` operands, as plain machine numbers where the row allows.
extension RowPredicateBinder {
    /// `c ? a : nil` (`chosen` tells where `a` is taken) as an optional of `a`'s type, so that
    /// nil tests, sums and searches of it stay typed; nil for what only values can hold
    /// (`Bool`s, or a number whose kind, `Double` or `Date`, the operand does not tell).
    func optionalChoice(_ chosen: @escaping (Int) -> Bool, _ bound: Bound, _ operand: RowPredicate.Operand) -> Bound? {
        if let read = text(bound) { return .computedOptionalStrings { chosen($0) ? read($0) : nil } }
        if let read = optionalText(bound) { return .computedOptionalStrings { chosen($0) ? read($0) : nil } }
        if let read = intOperand(bound)?.read { return .computedOptionalInts { chosen($0) ? read($0) : nil } }
        switch bound {
        case .optionalInts(let items): return .computedOptionalInts { chosen($0) ? items[$0] : nil }
        case .computedOptionalInts(let read): return .computedOptionalInts { chosen($0) ? read($0) : nil }
        case .optionalNumbers(let items, let isDate): return .computedOptionalNumbers({ chosen($0) ? items[$0] : nil }, isDate: isDate)
        case .computedOptionalNumbers(let read, let isDate): return .computedOptionalNumbers({ chosen($0) ? read($0) : nil }, isDate: isDate)
        case .value(.double(let k)): return .computedOptionalNumbers({ chosen($0) ? k : nil }, isDate: false)
        case .value(.date(let k)): return .computedOptionalNumbers({ chosen($0) ? k : nil }, isDate: true)
        case .number(let number):
            guard let isDate = RowPredicateBinder.isDate(operand, in: stream) else { return nil }
            let read = number.read
            return .computedOptionalNumbers({ chosen($0) ? read($0) : nil }, isDate: isDate)
        default:
            return nil
        }
    }

    /// Whether a number operand over `stream` is a `Date` (true) or a `Double` (false), where its
    /// form tells; nil for other operands (`Int`s, strings) and numbers it does not tell.
    static func isDate(_ operand: RowPredicate.Operand, in stream: DonationStream) -> Bool? {
        switch operand {
        case .date, .outerDate, .addingInterval: return true
        case .arithmetic, .intervalSince, .negate: return false
        case .field(let index):
            switch stream.columns[index] {
            case .date, .optionalDate: return true
            case .double, .optionalDouble: return false
            default: return nil
            }
        case .constant(.date): return true
        case .constant(.double): return false
        case .outerLocal(_, let type): return RowPredicateBinder.isDate(type)
        case .hoisted(let hoisted): return RowPredicateBinder.isDate(hoisted.expression.type)
        case .conditional(_, let a, let b), .coalesce(let a, let b, _): return isDate(a, in: stream) ?? isDate(b, in: stream)
        default: return nil
        }
    }

    static func isDate(_ type: RuleType) -> Bool? {
        switch type.unwrapped {
        case .date: return true
        case .double: return false
        default: return nil
        }
    }

    /// A `Double` or `Date` operand that is not optional, or nil for any other.
    func plainNumber(_ operand: RowPredicate.Operand) -> Number? {
        number(bind(operand))
    }

    /// An operand of `Double` arithmetic (the optimizer accepts only `Double` and `Date` ones).
    func numeric(_ operand: RowPredicate.Operand) -> Number {
        let bound = bind(operand)
        if let number = number(bound) { return number }
        // A number computed as values (`(c ? $0.price : nil) ?? 0`), read as numbers, as
        // `integer` reads `Int`s.
        guard case .values(let read) = bound else { preconditionFailure("row arithmetic on a value that is no number") }
        return .computed { position in
            switch read(position) {
            case .double(let x), .date(let x): return x
            default: preconditionFailure("row arithmetic on a value that is no number")
            }
        }
    }

    /// A `Double` or `Date` operand as a number; nil for other operands (an optional column,
    /// `nil`, other types).
    func number(_ bound: Bound) -> Number? {
        switch bound {
        case .number(let number): return number
        case .value(.double(let k)), .value(.date(let k)): return .constant(k)
        default: return nil
        }
    }

    /// Any operand as values.
    func values(_ bound: Bound) -> (Int) -> Value {
        switch bound {
        case .value(let value): return { _ in value }
        case .number(let number):
            // Per-row numbers meet values only in a comparison with `nil` (an optional operand
            // that varies by row is never a number), where `Double` or `Date` makes no difference.
            let read = number.read
            return { .double(read($0)) }
        case .ints(let items): return { .int(items[$0]) }
        case .strings(let items): return { .string(items[$0]) }
        case .bools(let items): return { .bool(items[$0]) }
        case .computedInts(let read): return { .int(read($0)) }
        case .computedBools(let read): return { .bool(read($0)) }
        case .optionalInts(let items): return { items[$0].map(Value.int) ?? .null }
        case .computedOptionalInts(let read): return { read($0).map(Value.int) ?? .null }
        case .optionalNumbers(let items, let isDate):
            return isDate ? { items[$0].map(Value.date) ?? .null } : { items[$0].map(Value.double) ?? .null }
        case .computedOptionalNumbers(let read, let isDate):
            return isDate ? { read($0).map(Value.date) ?? .null } : { read($0).map(Value.double) ?? .null }
        case .optionalStrings(let items): return { items[$0].map(Value.string) ?? .null }
        case .coalescedStrings(let items, let k): return { .string(items[$0] ?? k) }
        case .computedStrings(let read): return { .string(read($0)) }
        case .computedOptionalStrings(let read): return { read($0).map(Value.string) ?? .null }
        case .optionals(let items): return { items[$0] }
        case .values(let read): return read
        }
    }

    func arithmetic(_ op: ArithmeticOperator, _ a: Number, _ b: Number) -> (Int) -> Double {
        switch op {
        case .doubleAdd: return RowPredicateBinder.combined(DoubleAdd.self, a, b)
        case .doubleSubtract: return RowPredicateBinder.combined(DoubleSubtract.self, a, b)
        case .doubleMultiply: return RowPredicateBinder.combined(DoubleMultiply.self, a, b)
        case .doubleDivide: return RowPredicateBinder.combined(DoubleDivide.self, a, b)
        default: preconditionFailure("row arithmetic with an operator that can fail")
        }
    }

    /// One `Double` operation over two operands, specialised for the operation (inlined, no
    /// call per row for it), with a column or a constant read in place beside the other side
    /// (`x * 2`, a fold's `$0 * 0.9 + $1.score`): a call less per row than a closure for each.
    static func combined<Operation: DoubleOperation>(_: Operation.Type, _ a: Number, _ b: Number) -> (Int) -> Double {
        switch (a, b) {
        case (.column(let x), .constant(let k)): return { Operation.apply(x[$0], k) }
        case (.constant(let k), .column(let x)): return { Operation.apply(k, x[$0]) }
        case (.column(let x), .column(let y)): return { Operation.apply(x[$0], y[$0]) }
        case (.computed(let f), .column(let x)): return { Operation.apply(f($0), x[$0]) }
        case (.column(let x), .computed(let f)): return { Operation.apply(x[$0], f($0)) }
        case (.computed(let f), .constant(let k)): return { Operation.apply(f($0), k) }
        case (.constant(let k), .computed(let f)): return { Operation.apply(k, f($0)) }
        default:
            let f = a.read, g = b.read
            return { Operation.apply(f($0), g($0)) }
        }
    }

    // MARK: - Tests
}
