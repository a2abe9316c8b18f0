/// The elements of an array value as one typed Swift array, when they are all `Int`, `Double`,
/// `String` or `Date` values.
///
/// Sorting and finding extremes then run the standard library's own algorithms on machine values
/// (`[Double].sorted()` is `sorted(by: <)`), so the order, equal and NaN elements included, is
/// exactly Swift's, without comparing boxed values through a switch at every step.
enum ScalarArray {
    case ints([Int])
    case doubles([Double])
    case strings([String])
    case dates([Double])

    /// The typed array, or nil when the elements are of another kind (or the array is empty,
    /// where there is nothing to gain).
    init?(_ items: [Value]) {
        guard let first = items.first else { return nil }
        switch first {
        case .int:
            var typed: [Int] = []
            typed.reserveCapacity(items.count)
            for item in items {
                guard case .int(let value) = item else { return nil }
                typed.append(value)
            }
            self = .ints(typed)
        case .double, .date:
            let isDate: Bool
            if case .date = first { isDate = true } else { isDate = false }
            var typed: [Double] = []
            typed.reserveCapacity(items.count)
            for item in items {
                switch item {
                case .double(let value) where !isDate, .date(let value) where isDate: typed.append(value)
                default: return nil
                }
            }
            self = isDate ? .dates(typed) : .doubles(typed)
        case .string:
            var typed: [String] = []
            typed.reserveCapacity(items.count)
            for item in items {
                guard case .string(let value) = item else { return nil }
                typed.append(value)
            }
            self = .strings(typed)
        default:
            return nil
        }
    }

    /// The elements in increasing order, as Swift's `sorted()` puts them.
    var sorted: [Value] {
        switch self {
        case .ints(let items): return items.sorted().map(Value.int)
        case .doubles(let items): return items.sorted().map(Value.double)
        case .strings(let items): return items.sorted().map(Value.string)
        case .dates(let items): return items.sorted().map(Value.date)
        }
    }

    /// The greatest element as Swift's `max()` finds it, or the least as `min()` does.
    func extreme(greatest: Bool) -> Value? {
        switch self {
        case .ints(let items): return (greatest ? items.max() : items.min()).map(Value.int)
        case .doubles(let items): return (greatest ? items.max() : items.min()).map(Value.double)
        case .strings(let items): return (greatest ? items.max() : items.min()).map(Value.string)
        case .dates(let items): return (greatest ? items.max() : items.min()).map(Value.date)
        }
    }
}
