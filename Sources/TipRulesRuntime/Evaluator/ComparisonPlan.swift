import TipRulesSemantics

/// How a scan nested in a closure over another list compares a field of its rows with a value
/// of the enclosing element (`ratings.contains { r in ratings.contains { $0.score > r.score + 4 } }`,
/// optionally `&& rest` with a `rest` that reads nothing of the enclosing element): the value
/// computed once for each enclosing element, and the field compared with it in a loop over the
/// rows, rather than every operand of the predicate read through a closure at every row.
///
/// Like a join (`JoinPlan`), the predicate can neither fail nor search a string nor nest a
/// scan, so each row's test charges nothing of its own and testing the comparison and the rest
/// in either order finds the same row after going through the same rows: the steps are the
/// closure's.
struct ComparisonPlan {
    /// The field compared: `.field` of an `Int`, `Double` or `Date` column, or `.date`.
    let column: RowPredicate.Operand
    /// The comparison, with the row's field on its left.
    let op: ComparisonOperator
    /// The enclosing element's value (or one computed from it) the field is compared with.
    let key: RowPredicate.Operand
    /// The rest of the conjunction; nil when the comparison is all.
    let rest: RowPredicate?

    /// The plan for a predicate of the form `field op key` (either way round), alone or in a
    /// conjunction with a `rest` that does not read the enclosing element; nil otherwise.
    init?(_ predicate: RowPredicate) {
        guard !predicate.hasIntArithmetic, !predicate.searchesStrings, !predicate.nestsScan else { return nil }
        func comparison(_ predicate: RowPredicate) -> (RowPredicate.Operand, ComparisonOperator, RowPredicate.Operand)? {
            guard case .compare(let a, let op, let b) = predicate else { return nil }
            func isKey(_ operand: RowPredicate.Operand) -> Bool {
                operand.isInvariant && operand.contains(where: \.isEnclosingElement) && !operand.readsHoisted
            }
            func isColumn(_ operand: RowPredicate.Operand) -> Bool {
                switch operand {
                case .field, .date: return true
                default: return false
                }
            }
            // `k op x` is `x op' k` with the operator mirrored, for every pair of values (a NaN
            // fails both).
            if isColumn(a), isKey(b) { return (a, op, b) }
            if isColumn(b), isKey(a) { return (b, op.mirrored, a) }
            return nil
        }
        guard let ((column, op, key), rest) = predicate.keyedConjunct(comparison) else { return nil }
        (self.column, self.op, self.key, self.rest) = (column, op, key, rest)
    }
}

extension RowPredicateBinder {
    /// For a comparison with a value of the outer row (see `ComparisonPlan`): a search of rows
    /// for the first (or last) that passes it, the value computed once and the field compared
    /// in a loop. Nil for a field of another type.
    func comparedSearch(_ plan: ComparisonPlan) -> ((Range<Int>, _ fromEnd: Bool) -> Int?)? {
        let bound = bind(plan.key), op = plan.op
        let rest = plan.rest.map { bind($0) } ?? { _ in true }
        let numbers: ColumnArray<Double>
        switch plan.column {
        case .date:
            numbers = stream.dates
        case .field(let field):
            switch stream.columns[field] {
            case .double(let items), .date(let items):
                numbers = items
            case .int(let items):
                let key: (Int) -> Int
                switch bound {
                case .computedInts(let read): key = read
                case .value(.int(let k)): key = { _ in k }
                default: return nil
                }
                return { rows, fromEnd in RowPredicateBinder.firstComparing(items, op, key(0), rows, fromEnd: fromEnd, rest) }
            default:
                return nil
            }
        default:
            return nil
        }
        guard let key = number(bound)?.read else { return nil }
        return { rows, fromEnd in RowPredicateBinder.firstComparing(numbers, op, key(0), rows, fromEnd: fromEnd, rest) }
    }

    /// The first position of `rows` (the last, `fromEnd`) whose field compares with `k` as
    /// `op` says and where `rest` holds: the operator chosen once, each row one comparison.
    @inline(__always)
    static func firstComparing<T: Comparable>(_ items: ColumnArray<T>, _ op: ComparisonOperator, _ k: T, _ rows: Range<Int>,
                                              fromEnd: Bool, _ rest: (Int) -> Bool) -> Int? {
        items.withUnsafeBufferPointer { column in
            precondition(rows.isEmpty || rows.upperBound <= column.count, "a compared search past its column")
            @inline(__always) func first(_ holds: (T) -> Bool) -> Int? {
                if fromEnd {
                    for position in rows.reversed() where holds(column[position]) && rest(position) { return position }
                } else {
                    for position in rows where holds(column[position]) && rest(position) { return position }
                }
                return nil
            }
            switch op {
            case .less: return first { $0 < k }
            case .lessOrEqual: return first { $0 <= k }
            case .greater: return first { $0 > k }
            case .greaterOrEqual: return first { $0 >= k }
            case .equal: return first { $0 == k }
            case .notEqual: return first { $0 != k }
            }
        }
    }
}
