import TipRulesSemantics
import TipRulesSyntax

/// Turns a `RowPredicate` into a test of stream positions, bound once per scan to the stream's
/// columns and to the values that are the same for every row (constants, parameters, the clock
/// and the parameters of enclosing closures).
///
/// Operands keep their machine type where the column has one, so the usual comparisons (a
/// field or the date against a value, `Double` arithmetic on a field) run as closures over
/// plain arrays, without `Value`s or reference counting per row. The result is the closure's
/// result exactly: the same operators on the same machine values, in the same order.
struct RowPredicateBinder {
    let stream: DonationStream

    /// Where row-invariant operands are read from.
    let invariants: RowInvariants

    /// Where `contains` tests add the steps the `contains` built-in charges for its work, row
    /// by row, so a fused scan charges what the closure would have (see `StepMeter`).
    var meter: StepMeter? = nil

    /// What a fold has accumulated so far, which `.accumulator` operands read.
    var accumulator: FoldAccumulator? = nil

    /// When set, `Int` arithmetic, `abs` of an `Int` and `Int(d)` are computed with the
    /// operations that report failure and record one here, instead of having been proven
    /// unable to fail before the scan: a fold whose step computes on its accumulator, whose
    /// values no proof can bound beforehand, gives way when one did (see `Evaluator.fold`).
    var failures: ArithmeticFailures? = nil

    /// For the predicate of a nested scan, the outer scan's row it reads as its enclosing
    /// element (see `NestedScan`).
    var enclosingRow: EnclosingRow? = nil

    /// The value of a row-invariant operand.
    func invariant(_ operand: RowPredicate.Operand) -> Value {
        invariants.value(operand)
    }

    /// The most rows a batch of a scan over this stream holds: no list of it is longer than
    /// the stream.
    var batch: Int { RowPredicateBinder.batch(for: stream) }

    static func batch(for stream: DonationStream) -> Int {
        min(RowFilter.batch, max(1, stream.count))
    }

    /// A `Double` (or `Date`, as seconds since 2001) operand.
    enum Number {
        case constant(Double)
        case column(ColumnArray<Double>)
        case computed((Int) -> Double)

        var read: (Int) -> Double {
            switch self {
            case .constant(let k): return { _ in k }
            case .column(let items): return { items[$0] }
            case .computed(let f): return f
            }
        }
    }

    /// An operand bound to the stream.
    enum Bound {
        /// The same for every row.
        case value(Value)
        case number(Number)
        case ints(ColumnArray<Int>)
        case strings(ColumnArray<String>)
        case bools(ColumnArray<Bool>)
        /// `Int` arithmetic, computed per row.
        case computedInts((Int) -> Int)
        /// A `Bool` computed per row (membership in a list of constants).
        case computedBools((Int) -> Bool)
        /// An optional `Int` field's column.
        case optionalInts(ColumnArray<Int?>)
        /// An optional `Int` computed per row (`s?.count` of an optional string field).
        case computedOptionalInts((Int) -> Int?)
        /// An optional `Double` or `Date` field's column (dates as seconds).
        case optionalNumbers(ColumnArray<Double?>, isDate: Bool)
        /// An optional `Double` or `Date` computed per row (a nested `first(where:)`'s date).
        case computedOptionalNumbers((Int) -> Double?, isDate: Bool)
        /// An optional `String` field's column.
        case optionalStrings(ColumnArray<String?>)
        /// `s ?? k` of an optional `String` field and a constant.
        case coalescedStrings(ColumnArray<String?>, String)
        /// A `String` computed per row (`s ?? t`, `name.lowercased()`).
        case computedStrings((Int) -> String)
        /// An optional `String` computed per row (`s?.lowercased()` of an optional field).
        case computedOptionalStrings((Int) -> String?)
        /// Another optional field's column (`Bool?`), whose values a nil test reads in place.
        case optionals(ColumnArray<Value>)
        /// Anything else, as values.
        case values((Int) -> Value)
    }

    func bind(_ predicate: RowPredicate) -> (Int) -> Bool {
        switch predicate {
        case .constant(let flag):
            return { _ in flag }
        case .and(let a, let b):
            let first = bind(a), second = bind(b)
            return { first($0) && second($0) }
        case .or(let a, let b):
            let first = bind(a), second = bind(b)
            return { first($0) || second($0) }
        case .not(let a):
            let inner = bind(a)
            return { !inner($0) }
        case .compare(.function(.stringCount, let text, nil), let op, let b) where op == .equal || op == .notEqual:
            // (Not `??` of the two closures: see below.)
            if let test = optionalCount(of: text, op, bind(b)) { return test }
            return compare(bind(.function(.stringCount, text, nil)), op, bind(b))
        case .compare(let a, let op, .function(.stringCount, let text, nil)) where op == .equal || op == .notEqual:
            if let test = optionalCount(of: text, op, bind(a)) { return test }
            return compare(bind(a), op, bind(.function(.stringCount, text, nil)))
        case .compare(let a, let op, let b):
            if op == .equal || op == .notEqual {
                // (Not `??` of the two: a closure through a generic function is reabstracted,
                // which costs a thunk on each call.)
                if let test = caseMapped(a, .equal, inverted: op == .notEqual, b) { return test }
                if let test = caseMapped(b, .equal, inverted: op == .notEqual, a) { return test }
            }
            return compare(bind(a), op, bind(b))
        case .string(let a, let test, let b):
            let mappedTest: CaseMappedTest.Test? = switch test {
            case .hasPrefix: .hasPrefix
            case .hasSuffix: .hasSuffix
            case .contains: .contains
            case .isEmpty: nil
            }
            if let mappedTest, let test = caseMapped(a, mappedTest, inverted: false, b) { return test }
            return string(bind(a), test, bind(b))
        case .exists(let scan):
            let search = nestedSearch(scan, over: RowPredicateBinder.donations(invariant(.hoisted(scan.list))))
            // `allSatisfy` is decided by a row that fails, `contains` by one that holds.
            return scan.mode == .allSatisfy ? { search.match(at: $0) == nil } : { search.match(at: $0) != nil }
        }
    }

    /// `s?.count == k` (or `!=`, or against nil) of an optional string field, counted in place
    /// without an optional value per row: Swift's `Int? == Int`, nil equal to no number. Nil
    /// for anything else.
    func optionalCount(of text: RowPredicate.Operand, _ op: ComparisonOperator, _ other: Bound) -> ((Int) -> Bool)? {
        guard case .optionalStrings(let items) = bind(text) else { return nil }
        let meter = self.meter, equal = op == .equal
        switch other {
        case .value(.int(let k)):
            return { position in
                guard let text = items[position] else { return !equal }
                meter?.charge(counting: text)
                return (StringSearch.count(text) == k) == equal
            }
        case .value(.null):
            // A string is still counted (and charged) before it is found not nil.
            return { position in
                guard let text = items[position] else { return equal }
                meter?.charge(counting: text)
                return !equal
            }
        default:
            return nil
        }
    }

    func bind(_ operand: RowPredicate.Operand) -> Bound {
        if operand.isInvariant, enclosingRow.map({ !operand.readsEnclosingRow($0.slot) }) ?? true { return .value(invariant(operand)) }
        switch operand {
        case .outerField(let slot, _) where slot == enclosingRow?.slot, .outerDate(let slot) where slot == enclosingRow?.slot:
            return enclosing(operand, enclosingRow!)
        case .field(let index):
            switch stream.columns[index] {
            case .int(let items): return .ints(items)
            case .double(let items), .date(let items): return .number(.column(items))
            case .string(let items): return .strings(items)
            case .bool(let items): return .bools(items)
            case .optionalInt(let items): return .optionalInts(items)
            case .optionalDouble(let items): return .optionalNumbers(items, isDate: false)
            case .optionalDate(let items): return .optionalNumbers(items, isDate: true)
            case .optionalString(let items): return .optionalStrings(items)
            case .values(let items): return .optionals(items)
            }
        case .date:
            return .number(.column(stream.dates))
        case .arithmetic(let op, let a, let b):
            return .number(.computed(arithmetic(op, numeric(a), numeric(b))))
        case .intervalSince(let a, let b):
            return .number(.computed(arithmetic(.doubleSubtract, numeric(a), numeric(b))))
        case .addingInterval(let a, let b):
            // A date is its seconds since 2001, so moving it is `Double` addition.
            return .number(.computed(arithmetic(.doubleAdd, numeric(a), numeric(b))))
        case .negate(let a):
            let read = numeric(a).read
            return .number(.computed { -read($0) })
        case .intArithmetic(let op, let a, let b):
            let x = foldInteger(a), y = foldInteger(b)
            if let failures { return .computedInts(RowPredicateBinder.checkedIntArithmetic(op, x, y, failures)) }
            return .computedInts(RowPredicateBinder.intArithmetic(op, x, y))
        case .conditional(let predicate, let a, let b):
            let test = bind(predicate)
            let x = bind(a), y = bind(b)
            if let f = number(x)?.read, let g = number(y)?.read {
                return .number(.computed { test($0) ? f($0) : g($0) })
            }
            if case .value(.int(let k)) = x, case .value(.int(let l)) = y {
                // `c ? 1 : 0`, the usual way to count with `reduce`: no call for the branches.
                return .computedInts { test($0) ? k : l }
            }
            if let f = intOperand(x)?.read, let g = intOperand(y)?.read {
                return .computedInts { test($0) ? f($0) : g($0) }
            }
            if let f = truths(x), let g = truths(y) {
                // A test's value (`c ? a < b : a > b`, `c ? true : false`).
                return .computedBools { test($0) ? f($0) : g($0) }
            }
            if let f = text(x), let g = text(y) {
                // `c ? $0.name : "other"`: a string per row, without a value.
                return .computedStrings { test($0) ? f($0) : g($0) }
            }
            if case .value(.null) = y, let chosen = optionalChoice(test, x, a) { return chosen }
            if case .value(.null) = x, let chosen = optionalChoice({ !test($0) }, y, b) { return chosen }
            let f = values(x), g = values(y)
            return .values { test($0) ? f($0) : g($0) }
        case .function(.stringCount, .coalesce(let text, .constant(.string(let fallback)), false), nil):
            // `(s ?? "").count`, and `s!.count` where a nil test guards it (see
            // `RowPredicate.unwrapping`): an optional field counted in place, as `Int`s.
            guard case .optionalStrings(let items) = bind(text) else {
                return RowPredicateBinder.function(.stringCount, bind(.coalesce(text, .constant(.string(fallback)), keepsOptional: false)), nil, self)
            }
            let meter = self.meter
            return .computedInts { position in
                let counted = items[position] ?? fallback
                meter?.charge(counting: counted)
                return StringSearch.count(counted)
            }
        case .function(.nestedFind(let scan, let field), let list, nil):
            return nestedFind(scan, field: field, list)
        case .function(let function, let a, let b):
            return RowPredicateBinder.function(function, bind(a), b.map(bind), self)
        case .accumulator(let type):
            guard let box = accumulator else { preconditionFailure("an accumulator read outside a fold") }
            switch type {
            case .int: return .computedInts { _ in box.int }
            case .double, .date: return .number(.computed { _ in box.double })
            case .bool: return .computedBools { _ in box.bool }
            default: return .values { _ in box.value }
            }
        case .coalesce(.function(.stringCount, let text, nil), let b, false):
            // `s?.count ?? k` of an optional field: counted in place, as `Int`s.
            guard case .optionalStrings(let items) = bind(text), let fallback = intOperand(bind(b))?.read else {
                return bindCoalesce(operand)
            }
            let meter = self.meter
            return .computedInts { position in
                guard let text = items[position] else { return fallback(position) }
                meter?.charge(counting: text)
                return StringSearch.count(text)
            }
        case .coalesce(let a, let b, false):
            // `x ?? k` of an optional `Int`, `Double` or `Date` field: read in place as a
            // machine value, so comparisons, sums and keys of it stay typed.
            let fallback = bind(b), left = bind(a)
            // `s ?? "none"` of an optional string: a string per row, without a value.
            if case .optionalStrings(let items) = left, case .value(.string(let k)) = fallback { return .coalescedStrings(items, k) }
            if let read = optionalText(left) {
                if case .value(.string(let k)) = fallback { return .computedStrings { read($0) ?? k } }
                if let other = text(fallback) { return .computedStrings { read($0) ?? other($0) } }
            }
            switch (left, intOperand(fallback), number(fallback)) {
            case (.optionalInts(let items), .constant(let k)?, _): return .computedInts { items[$0] ?? k }
            case (.optionalInts(let items), let other?, _):
                let read = other.read
                return .computedInts { items[$0] ?? read($0) }
            case (.optionalNumbers(let items, _), _, .constant(let k)?): return .number(.computed { items[$0] ?? k })
            case (.optionalNumbers(let items, _), _, let other?):
                let read = other.read
                return .number(.computed { items[$0] ?? read($0) })
            case (.computedOptionalNumbers(let read, _), _, .constant(let k)?): return .number(.computed { read($0) ?? k })
            case (.computedOptionalNumbers(let read, _), _, let other?):
                let fallback = other.read
                return .number(.computed { read($0) ?? fallback($0) })
            case (.computedOptionalInts(let read), .constant(let k)?, _): return .computedInts { read($0) ?? k }
            case (.computedOptionalInts(let read), let other?, _):
                let fallback = other.read
                return .computedInts { read($0) ?? fallback($0) }
            default:
                return bindCoalesce(operand)
            }
        case .coalesce:
            return bindCoalesce(operand)
        case .constant, .parameter, .now, .outerLocal, .outerField, .outerDate, .hoisted:
            preconditionFailure("an invariant operand is bound as a value")
        }
    }

    /// `a ?? b`, as values.
    func bindCoalesce(_ operand: RowPredicate.Operand) -> Bound {
        guard case .coalesce(let a, let b, let keepsOptional) = operand else { preconditionFailure("not a coalescing") }
        let left = values(bind(a)), right = values(bind(b))
        return .values { position in
            let value = left(position)
            if let unwrapped = value.unwrapped() { return keepsOptional ? value : unwrapped }
            return right(position)
        }
    }
}

extension RowPredicateBinder {
    /// A comparison as a filter over batches of rows, when its operands have machine types:
    /// a typed column against an invariant value, or `Double` and `Date` operands computed
    /// per row. Nil for the rest, which are tested row by row.
    func columnFilter(_ a: RowPredicate.Operand, _ op: ComparisonOperator, _ b: RowPredicate.Operand) -> RowFilter? {
        if a.isInvariant && b.isInvariant { return nil }
        // `x != x` of a number column (`x.isNaN`).
        switch (a, b) {
        case (.field(let i), .field(let j)) where i == j:
            if let items = stream.columns[i].numbers { return DoubleClassFilter(items, .itself(op)) }
        case (.date, .date):
            return DoubleClassFilter(stream.dates, .itself(op))
        default:
            break
        }
        if b.isInvariant, let filter = typedColumn(a, op, invariant(b)) { return filter }
        if a.isInvariant, let filter = typedColumn(b, op.mirrored, invariant(a)) { return filter }
        // (Any `Int` arithmetic in a predicate is proven not to fail before it is scanned.)
        return TestColumn.make(.compare(a, op, b), self).map { TruthFilter($0, batch: batch) }
    }

    /// `x == nil || x! OP k` (with `holdsOnNil`) or `x != nil && x! OP k` of an optional
    /// number field `x` and a `k` the same for every row, where the optimizer reads `x!` as
    /// `x ?? d` (see `RowPredicate.unwrapping`): one filter `(x ?? f) OP k`, for an `f` whose
    /// test gives what the nil test gives on a nil row. Nil for other predicates, or when no
    /// such `f` exists (`x! < Int.min`).
    /// `x == a || x == b || ...` of one `Int` or `String` field (see `AlternativesFilter`); nil
    /// for any other predicate.
    func alternativesFilter(_ predicate: RowPredicate) -> RowFilter? {
        var field: Int?
        var values: [Value] = []
        func collect(_ predicate: RowPredicate) -> Bool {
            switch predicate {
            case .or(let a, let b):
                return collect(a) && collect(b)
            case .compare(.field(let index), .equal, let k) where k.isInvariant && (field ?? index) == index,
                 .compare(let k, .equal, .field(let index)) where k.isInvariant && (field ?? index) == index:
                field = index
                values.append(invariant(k))
                return true
            default:
                return false
            }
        }
        guard collect(predicate), let field else { return nil }
        switch stream.columns[field] {
        case .int(let items):
            let ints = values.compactMap { value -> Int? in if case .int(let x) = value { x } else { nil } }
            return ints.count == values.count ? AlternativesFilter(.ints(items, ints)) : nil
        case .string(let items):
            let strings = values.compactMap { value -> String? in if case .string(let x) = value { x } else { nil } }
            return strings.count == values.count ? AlternativesFilter(.strings(items, strings.map(StringEquality.init))) : nil
        default:
            return nil
        }
    }

    func guardedNumberFilter(_ nilTest: RowPredicate, _ test: RowPredicate, holdsOnNil: Bool) -> RowFilter? {
        let nilOp: ComparisonOperator = holdsOnNil ? .equal : .notEqual
        let field: Int
        switch nilTest {
        case .compare(.field(let index), nilOp, .constant(.null)), .compare(.constant(.null), nilOp, .field(let index)): field = index
        default: return nil
        }
        let op: ComparisonOperator, bound: RowPredicate.Operand
        switch test {
        case .compare(.coalesce(.field(field), _, false), let o, let k) where k.isInvariant: (op, bound) = (o, k)
        case .compare(let k, let o, .coalesce(.field(field), _, false)) where k.isInvariant: (op, bound) = (o.mirrored, k)
        default: return nil
        }
        switch (stream.columns[field], invariant(bound)) {
        case (.optionalInt(let items), .int(let k)):
            guard let f = [k, k &+ 1, k &- 1].first(where: { Evaluator.compare(op, .int($0), .int(k)) == holdsOnNil }) else { return nil }
            return OptionalNumberFilter(.ints(items, fallback: f, k), op)
        case (let column, .double(let k)), (let column, .date(let k)):
            guard let items = column.optionalNumbers else { return nil }
            let candidates = [k, k.nextUp, k.nextDown, .infinity, -.infinity, .nan]
            guard let f = candidates.first(where: { Evaluator.compare(op, .double($0), .double(k)) == holdsOnNil }) else { return nil }
            return OptionalNumberFilter(.doubles(items, fallback: f, k), op)
        default:
            return nil
        }
    }

    /// A field or the date against a value of its machine type.
    func typedColumn(_ operand: RowPredicate.Operand, _ op: ComparisonOperator, _ value: Value) -> RowFilter? {
        let column: Column
        switch operand {
        case .coalesce(.field(let index), let fallback, false) where fallback.isInvariant:
            // `(x ?? f) OP k` of an optional number.
            switch (stream.columns[index], invariant(fallback), value) {
            case (.optionalInt(let items), .int(let f), .int(let k)): return OptionalNumberFilter(.ints(items, fallback: f, k), op)
            case (let column, .double(let f), .double(let k)), (let column, .date(let f), .date(let k)),
                 (let column, .date(let f), .double(let k)), (let column, .double(let f), .date(let k)):
                guard let items = column.optionalNumbers else { return nil }
                return OptionalNumberFilter(.doubles(items, fallback: f, k), op)
            default: return nil
            }
        case .field(let index): column = stream.columns[index]
        case .date: column = .date(stream.dates)
        case .function(.absDouble, .field(let index), nil):
            // `abs(x) OP k` (`x.isFinite`, `x.isInfinite`).
            guard let items = stream.columns[index].numbers, case .double(let k) = value else { return nil }
            return DoubleClassFilter(items, .magnitude(op, k))
        default: return nil
        }
        switch (column, value) {
        case (.int(let items), .int(let k)): return ColumnFilter(.ints(items, k), op)
        case (.double(let items), .double(let k)), (.date(let items), .date(let k)), (.date(let items), .double(let k)):
            return ColumnFilter(.doubles(items, k), op)
        case (.string(let items), .string(let k)): return ColumnFilter(.strings(items, k), op)
        case (.values(let items), .null) where op == .equal || op == .notEqual:
            return NilFilter(.values(items), isNil: op == .equal)
        case (.optionalString(let items), .null) where op == .equal || op == .notEqual:
            return NilFilter(.strings(items), isNil: op == .equal)
        // `x == k` and `x != k` of an optional string: nil is equal to no string, as in Swift.
        case (.optionalString(let items), .string(let k)) where op == .equal || op == .notEqual,
             (.optionalString(let items), .some(.string(let k))) where op == .equal || op == .notEqual:
            return ColumnFilter(.equalOptionalStrings(items, StringEquality(k), wanted: op == .equal), op)
        case (.optionalInt(let items), .null) where op == .equal || op == .notEqual:
            return NilFilter(.ints(items), isNil: op == .equal)
        case (.optionalDouble(let items), .null) where op == .equal || op == .notEqual,
             (.optionalDate(let items), .null) where op == .equal || op == .notEqual:
            return NilFilter(.doubles(items), isNil: op == .equal)
        // `x == k` and `x != k` of an optional number: nil, taken as a number that is not `k`
        // (`k + 1`, NaN), is equal to no number, as in Swift.
        case (.optionalInt(let items), .int(let k)) where op == .equal || op == .notEqual:
            return OptionalNumberFilter(.ints(items, fallback: k &+ 1, k), op)
        case (.optionalDouble(let items), .double(let k)) where op == .equal || op == .notEqual,
             (.optionalDate(let items), .date(let k)) where op == .equal || op == .notEqual,
             (.optionalDate(let items), .double(let k)) where op == .equal || op == .notEqual:
            return OptionalNumberFilter(.doubles(items, fallback: .nan, k), op)
        default: return nil
        }
    }

    /// A `Double` or `Date` operand computed a batch at a time; nil for other operands.
    func numberColumn(_ operand: RowPredicate.Operand) -> NumberColumn? {
        if operand.isInvariant {
            switch invariant(operand) {
            case .double(let k), .date(let k): return .constant(k)
            default: return nil
            }
        }
        switch operand {
        case .field(let index):
            switch stream.columns[index] {
            case .double(let items), .date(let items): return .column(items)
            default: return nil
            }
        case .date:
            return .column(stream.dates)
        case .arithmetic(let op, let a, let b):
            // The same operand twice (`(x - m) * (x - m)`): one column, computed once a batch.
            guard let x = numberColumn(a), let y = a == b ? x : numberColumn(b) else { return nil }
            return .arithmetic(op, x, y, batch: batch)
        case .intervalSince(let a, let b):
            guard let x = numberColumn(a), let y = numberColumn(b) else { return nil }
            return .arithmetic(.doubleSubtract, x, y, batch: batch)
        case .addingInterval(let a, let b):
            guard let x = numberColumn(a), let y = numberColumn(b) else { return nil }
            return .arithmetic(.doubleAdd, x, y, batch: batch)
        case .negate(let a):
            return numberColumn(a).map { .negate($0) }
        case .function(.doubleFromInt, .field(let index), nil):
            guard case .int(let items) = stream.columns[index] else { return nil }
            return .converted(items)
        case .function(.doubleFromInt, .coalesce(.field(let index), let fallback, false), nil) where fallback.isInvariant:
            // `Double(x ?? k)` of an optional `Int` field, in one loop.
            guard case .optionalInt(let items) = stream.columns[index], case .int(let k) = invariant(fallback) else { return nil }
            return .converted(items, coalescing: k)
        case .function(.doubleFromInt, let a, nil):
            return IntColumn.make(a, self).map { .converted($0, batch: batch) }
        case .coalesce(.field(let index), let fallback, false) where fallback.isInvariant:
            guard let items = stream.columns[index].optionalNumbers else { return nil }
            switch invariant(fallback) {
            case .double(let k), .date(let k): return .coalesce(items, k)
            default: return nil
            }
        case .function(.absDouble, let a, nil):
            return numberColumn(a).map { .function(.absDouble, $0, nil, batch: batch) }
        case .function(.rounded, let a, nil):
            return numberColumn(a).map { .function(.rounded, $0, nil, batch: batch) }
        case .function(let function, let a, let b?) where function.doubleExtremeIsMax != nil:
            guard let x = numberColumn(a), let y = numberColumn(b) else { return nil }
            return .function(function, x, y, batch: batch)
        case .conditional(let p, let a, let b):
            guard let x = numberColumn(a), let y = numberColumn(b), let test = BatchConditional<Double>.make(p, self, branchesCanFail: false, filler: 0) else { return nil }
            return .conditional(test, x, y)
        case .constant, .parameter, .now, .outerLocal, .outerField, .outerDate, .intArithmetic, .coalesce, .function,
             .accumulator, .hoisted:
            return nil
        }
    }
}

/// What a fold (`FusedOperation.fold`) has accumulated before the row it is at: the
/// accumulator of its type (an `Int`, a `Double` or a date's seconds, or any other value).
final class FoldAccumulator {
    var int = 0
    var double = 0.0
    var bool = false
    var value = Value.null
}

/// What a row mapping computes for each donation of a list, for orders, extremes and distinct
/// counts: `Double`s and dates (as seconds), `Int`s, or anything else as values.
enum OrderKeys {
    case numbers([Double])
    case ints([Int])
    case values([Value])
}

/// The steps string searches in a fused scan charged for their work, as the `contains`
/// built-in charges them when a closure calls it.
final class StepMeter {
    var steps = 0
    /// The steps the evaluation has left: past them a nested scan stops working (the scan's
    /// charge then fails, and the calls it stands for run and fail where they would).
    var limit: Int

    init(limit: Int = .max) {
        self.limit = limit
    }

    /// A meter for what a fused operation's row operand computes for every donation, when its
    /// steps depend on each row (see `RowPredicate.Operand.chargesWork`, which the node worked
    /// out once: `BoundFilterCache.operandChargesWork`); nil for one that charges nothing.
    static func forWork(of mapping: RowPredicate.Operand, _ filters: BoundFilterCache) -> StepMeter? {
        assert(filters.operandChargesWork == mapping.chargesWork, "the node's facts are of another operand")
        return filters.operandChargesWork ? StepMeter() : nil
    }

    func charge(searching text: String, for needle: String) {
        steps += StringSearch.containsSteps(text, needle)
    }

    func charge(counting text: String) {
        steps += BuiltinImplementations.countSteps(text)
    }
}
