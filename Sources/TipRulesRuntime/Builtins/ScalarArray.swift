/// The elements of an array value as one typed Swift array, when they are all `Int`, `Double`,
/// `String` or `Date` values.
///
/// Sorting then runs the standard library's own algorithm on machine values (`[Double].sorted()`
/// is `sorted(by: <)`), so the order, equal and NaN elements included, is exactly Swift's,
/// without comparing boxed values through a switch at every step. Finding an extreme needs no
/// typed copy: `extreme(of:greatest:)` compares the values in place, in Swift's loop.
enum ScalarArray {
    case ints([Int])
    case doubles([Double])
    case strings([String])
    case dates([Double])

    /// The typed array, or nil when the elements are of another kind (or the array is empty,
    /// where there is nothing to gain).
    init?(_ items: [Value]) {
        switch items.first {
        case .int?:
            guard let typed = items.allMapped({ if case .int(let x) = $0 { x } else { nil } }) else { return nil }
            self = .ints(typed)
        case .double?:
            guard let typed = items.allMapped({ if case .double(let x) = $0 { x } else { nil } }) else { return nil }
            self = .doubles(typed)
        case .date?:
            guard let typed = items.allMapped({ if case .date(let x) = $0 { x } else { nil } }) else { return nil }
            self = .dates(typed)
        case .string?:
            guard let typed = items.allMapped({ if case .string(let x) = $0 { x } else { nil } }) else { return nil }
            self = .strings(typed)
        default:
            return nil
        }
    }

    /// The elements in increasing order, as Swift's `sorted()` puts them. (The typed array,
    /// made for this, sorted in place: `sorted()` made and filled another.)
    consuming func sorted() -> [Value] {
        switch consume self {
        case .ints(var items):
            items.sort()
            return Value.boxed(items)
        case .doubles(var items):
            items.sort()
            return Value.boxed(items, asDates: false)
        case .strings(var items):
            items.sort()
            return Value.boxed(items) { .string($0) }
        case .dates(var items):
            items.sort()
            return Value.boxed(items, asDates: true)
        }
    }

    /// The greatest of values of one scalar kind as Swift's `max()` finds it, or the least as
    /// `min()` does, compared in place as machine values; nil when they are of another kind, or
    /// of several, or there are none.
    ///
    /// Swift's loop: an element replaces the result when the result is less than it (`max`), or
    /// it is less than the result (`min`), so of equal elements (`0.0` and `-0.0`) the first is
    /// kept, and a NaN first is never replaced.
    static func extreme(of items: [Value], greatest: Bool) -> Value? {
        func pick<T: Comparable>(_ first: T, _ extract: (Value) -> T?, _ make: (T) -> Value) -> Value? {
            var result = first
            if greatest {
                for item in items.dropFirst() {
                    guard let x = extract(item) else { return nil }
                    if result < x { result = x }
                }
            } else {
                for item in items.dropFirst() {
                    guard let x = extract(item) else { return nil }
                    if x < result { result = x }
                }
            }
            return make(result)
        }
        switch items.first {
        case .int(let first)?: return pick(first, { if case .int(let x) = $0 { x } else { nil } }, Value.int)
        case .double(let first)?: return pick(first, { if case .double(let x) = $0 { x } else { nil } }, Value.double)
        case .date(let first)?: return pick(first, { if case .date(let x) = $0 { x } else { nil } }, Value.date)
        case .string(let first)?: return pick(first, { if case .string(let x) = $0 { x } else { nil } }, Value.string)
        default: return nil
        }
    }
}
