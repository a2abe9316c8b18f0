/// Comparisons and `max` of dates in row predicates, as `Date` defines them (see `DateOrder`):
/// for a NaN date `a <= b` and `a >= b` hold, and `max(a, b)` is `b`, where a `Double`'s
/// comparisons fail and its `max` keeps `a`.
extension RowPredicate.Operand {
    /// Whether this operand, a date, is never NaN: a donation's date (never NaN, see D0113),
    /// the clock, a constant that is not NaN, or such a date moved by a finite constant number
    /// of seconds (which may reach an infinity but never NaN: an infinity moved by finite
    /// seconds stays one). Any other date (a parameter, a value evaluated once per scan, an
    /// enclosing closure's date, arithmetic with a row's number) may be NaN.
    package var isNeverNaNDate: Bool {
        switch self {
        case .date, .outerDate, .now: return true
        case .constant(.date(let seconds)): return !seconds.isNaN
        case .addingInterval(let date, .constant(.double(let seconds))): return seconds.isFinite && date.isNeverNaNDate
        default: return false
        }
    }
}

extension RowPredicate {
    /// `a op b` of two dates. `<=` and `>=` are `Date`'s, `!(b < a)` and `!(a < b)`, where
    /// either side may be NaN; elsewhere, and for the other operators, the same as a
    /// `Double`'s comparison, which the scans' column tests and date windows read directly.
    /// (`!(a > b)` is found as a date window as `a <= b` is: see `DateWindowPlan`.)
    static func comparingDates(_ a: Operand, _ op: ComparisonOperator, _ b: Operand) -> RowPredicate {
        guard op == .lessOrEqual || op == .greaterOrEqual, !(a.isNeverNaNDate && b.isNeverNaNDate) else { return .compare(a, op, b) }
        return .not(.compare(a, op == .lessOrEqual ? .greater : .less, b))
    }

    /// `max(a, b)` (or, with `isMax` false, `min`) of two dates: `Date`'s `max`, `!(b < a) ? b :
    /// a`, where either may be NaN (`maxDate`); a `Double`'s otherwise, which is the same. (`min`
    /// is `b < a ? b : a` for both.)
    static func dateExtreme(_ a: Operand, _ b: Operand, isMax: Bool) -> Operand {
        guard isMax else { return .function(.minDouble, a, b) }
        return a.isNeverNaNDate && b.isNeverNaNDate ? .function(.maxDouble, a, b) : .function(.maxDate, a, b)
    }
}
