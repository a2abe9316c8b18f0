import TipRulesSemantics

/// A `Double` fold's step that scales the accumulator by a factor the same for every row and
/// adds a term of the row: `$0 * 0.9 + $1.score * 0.1` (an exponential average), `0.5 * $0 +
/// $1.x`, `$1.x + $0 * k`. The row's terms are computed a batch at a time (see
/// `NumberColumn`), then folded in a loop of one multiplication and one addition a row: the
/// closure's own operations on its operands in its order (so a NaN's sign comes out as the
/// closure's), without a call or a box per row.
struct AffineFoldStep {
    /// The term added, which does not read the accumulator.
    let row: RowPredicate.Operand
    /// The factor, the same for every row.
    let factor: RowPredicate.Operand
    /// Whether the product reads the accumulator on its left (`$0 * k` rather than `k * $0`).
    let accumulatorFirst: Bool
    /// Whether the sum has the product on its left (`$0 * k + r` rather than `r + $0 * k`).
    let productFirst: Bool

    /// The step's parts, or nil for any other step.
    init?(_ step: RowPredicate.Operand) {
        guard case .arithmetic(.doubleAdd, let left, let right) = step else { return nil }
        func product(_ operand: RowPredicate.Operand) -> (factor: RowPredicate.Operand, accumulatorFirst: Bool)? {
            guard case .arithmetic(.doubleMultiply, let a, let b) = operand else { return nil }
            if case .accumulator = a, b.isInvariant { return (b, true) }
            if case .accumulator = b, a.isInvariant { return (a, false) }
            return nil
        }
        if let (factor, accumulatorFirst) = product(left), !right.readsAccumulator {
            (row, self.factor, self.accumulatorFirst, productFirst) = (right, factor, accumulatorFirst, true)
        } else if let (factor, accumulatorFirst) = product(right), !left.readsAccumulator {
            (row, self.factor, self.accumulatorFirst, productFirst) = (left, factor, accumulatorFirst, false)
        } else {
            return nil
        }
    }

    /// The accumulator after a step for each of `values` (the row's terms) in turn, from
    /// `start`, with `k` the factor's value.
    func fold(_ start: Double, factor k: Double, _ values: UnsafeBufferPointer<Double>) -> Double {
        var result = start
        switch (accumulatorFirst, productFirst) {
        case (true, true): for r in values { result = result * k + r }
        case (false, true): for r in values { result = k * result + r }
        case (true, false): for r in values { result = r + result * k }
        case (false, false): for r in values { result = r + k * result }
        }
        return result
    }
}
