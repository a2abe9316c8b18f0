/// A date's seconds (since the reference date), ordered as Foundation's `Date` orders dates.
///
/// `Date` defines only `<` and `==`, on its seconds; `<=`, `>` and `>=` are `Comparable`'s
/// defaults (`a <= b` is `!(b < a)`), and so is `Swift.max`'s `y >= x` test. For every date
/// but NaN this is how a `Double` compares; a NaN date (from `addingTimeInterval(.nan)`, or
/// `.distantFuture + .infinity - .infinity`) is `<=` and `>=` every date, where a NaN `Double`
/// is neither. This type declares the same two operators and takes the same defaults, so each
/// comparison of dates (the evaluator's, a constant folded by the optimizer, a range's bounds)
/// is Foundation's by construction. (Donation dates are never NaN; only a computed date is.)
package struct DateOrder: Comparable {
    package var seconds: Double

    @inline(__always)
    package init(_ seconds: Double) { self.seconds = seconds }

    @inline(__always)
    package static func < (a: DateOrder, b: DateOrder) -> Bool { a.seconds < b.seconds }

    @inline(__always)
    package static func == (a: DateOrder, b: DateOrder) -> Bool { a.seconds == b.seconds }

    /// `a op b` of two dates' seconds, as `Date` compares them.
    @inline(__always)
    package static func holds(_ op: ComparisonOperator, _ a: Double, _ b: Double) -> Bool {
        let (x, y) = (DateOrder(a), DateOrder(b))
        switch op {
        case .equal: return x == y
        case .notEqual: return x != y
        case .less: return x < y
        case .lessOrEqual: return x <= y
        case .greater: return x > y
        case .greaterOrEqual: return x >= y
        }
    }
}
