import TipRulesSemantics

/// A fold's step `max($0, r)` or `min($0, r)`, folded over a column of `r` (see
/// `BoundFilterCache.extreme(ofFoldStep:)`).
struct FoldExtreme {
    /// What the row gives.
    let row: RowPredicate.Operand
    let isMax: Bool
    /// Whether it is `max` of dates, with an `r` never NaN (a donation's date): `Date`'s
    /// `max(x, y)` is `!(y < x) ? y : x`, so a NaN start gives way to the first row's date,
    /// where a `Double`'s stays (see `DateOrder`); after that the two are the same.
    let ordersDates: Bool

    /// `values` folded in order from `start`, as the step folds them.
    func fold(_ values: UnsafeBufferPointer<Double>, from start: Double) -> Double {
        if ordersDates, start.isNaN, let first = values.first {
            return BuiltinImplementations.swiftExtreme(of: UnsafeBufferPointer(rebasing: values.dropFirst()), from: first, isMax: isMax)
        }
        return BuiltinImplementations.swiftExtreme(of: values, from: start, isMax: isMax)
    }
}
