import TipRulesSemantics

/// A fold's step `c ? u : v` whose test compares the accumulator with a row operand `r` and
/// whose branches are each the accumulator or `r`: a running maximum or minimum written as a
/// ternary (`reduce(0.0) { $0 > $1.score ? $0 : $1.score }`). The row operand is computed a
/// batch at a time, and each step chooses between two machine values with the closure's own
/// comparison, so the result is the closure's, NaN and equal values included.
struct SelectStep {
    let op: ComparisonOperator
    /// Whether the test reads the accumulator on its left (`$0 > r` rather than `r < $0`).
    let accumulatorFirst: Bool
    let row: RowPredicate.Operand
    /// Whether each branch is the accumulator (otherwise it is `row`).
    let thenAccumulator: Bool
    let elseAccumulator: Bool

    /// The step's parts, or nil for any other step.
    init?(_ step: RowPredicate.Operand) {
        guard case .conditional(.compare(let a, let op, let b), let then, let otherwise) = step else { return nil }
        let row: RowPredicate.Operand, accumulatorFirst: Bool
        if case .accumulator = a {
            (row, accumulatorFirst) = (b, true)
        } else if case .accumulator = b {
            (row, accumulatorFirst) = (a, false)
        } else {
            return nil
        }
        func isAccumulator(_ operand: RowPredicate.Operand) -> Bool? {
            if case .accumulator = operand { return true }
            return operand == row ? false : nil
        }
        guard let thenAccumulator = isAccumulator(then), let elseAccumulator = isAccumulator(otherwise) else { return nil }
        self.op = op
        self.accumulatorFirst = accumulatorFirst
        self.row = row
        self.thenAccumulator = thenAccumulator
        self.elseAccumulator = elseAccumulator
    }

    /// The accumulator after a step for each `Int` of `values` in turn, from `start`. `Int`s
    /// are totally ordered and equal ones indistinguishable, so the step is the greater of the
    /// two, the lesser, the row's or the accumulator's, whichever it chooses when they differ:
    /// loops of selects (see `IntExtremes`).
    func fold(_ start: Int, _ values: UnsafeBufferPointer<Int>) -> Int {
        let (whenLess, whenGreater) = (step(1, 2), step(2, 1))
        switch (whenLess, whenGreater) {
        case (2, 2): return IntExtremes.fold(start, values, isMax: true)
        case (1, 1): return IntExtremes.fold(start, values, isMax: false)
        case (2, 1): return values.last ?? start
        default: return start
        }
    }

    /// One step with `Int`s, as the closure takes it.
    private func step(_ accumulator: Int, _ row: Int) -> Int {
        let (left, right) = accumulatorFirst ? (accumulator, row) : (row, accumulator)
        let holds: Bool
        switch op {
        case .equal: holds = left == right
        case .notEqual: holds = left != right
        case .less: holds = left < right
        case .lessOrEqual: holds = left <= right
        case .greater: holds = left > right
        case .greaterOrEqual: holds = left >= right
        }
        return holds ? (thenAccumulator ? accumulator : row) : (elseAccumulator ? accumulator : row)
    }

    /// The accumulator after a step for each value of `values` in turn, from `start`.
    @inline(__always)
    func fold<T: Comparable>(_ start: T, _ values: UnsafeBufferPointer<T>) -> T {
        // Both branches the same: the test decides nothing.
        if thenAccumulator == elseAccumulator { return thenAccumulator ? start : (values.last ?? start) }
        // The accumulator is kept where the test holds (`then`), or where it fails. Each loop
        // below has its comparison inlined and no test of the step's shape per row.
        let keepsWhereHolds = thenAccumulator
        @inline(__always) func run(_ holds: (_ accumulator: T, _ row: T) -> Bool) -> T {
            var result = start
            if keepsWhereHolds {
                for value in values { result = holds(result, value) ? result : value }
            } else {
                for value in values { result = holds(result, value) ? value : result }
            }
            return result
        }
        // `r > a` is `a < r` (for NaN too: neither holds), and so on, so the test is one of
        // six comparisons of the accumulator with the row.
        switch (op, accumulatorFirst) {
        case (.equal, _): return run { $0 == $1 }
        case (.notEqual, _): return run { $0 != $1 }
        case (.less, true), (.greater, false): return run { $0 < $1 }
        case (.lessOrEqual, true), (.greaterOrEqual, false): return run { $0 <= $1 }
        case (.greater, true), (.less, false): return run { $0 > $1 }
        case (.greaterOrEqual, true), (.lessOrEqual, false): return run { $0 >= $1 }
        }
    }
}
