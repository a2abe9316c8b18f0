/// Whether an `Int` is one of a few values the same for every row (`x == a || x == b || ...`,
/// `[a, b, ...].contains(x)`), tested without a branch: the answer varies from row to row
/// unpredictably, and a mispredicted branch costs more than the comparisons.
///
/// Two values are compared both at once; values all in `0..<64` are the bits of one mask, a
/// shift and a mask a row whatever their number (landmark ids, ratings, quantities); others are
/// compared each in turn, their answers or-ed. (`values.contains(x)` cost about 31
/// instructions a row for three values, W635, with a branch at each.)
struct IntMembership {
    private enum Form {
        case pair(Int, Int)
        case mask(UInt64)
        case each([Int])
    }
    private let form: Form

    init(_ values: [Int]) {
        if values.count == 2 {
            form = .pair(values[0], values[1])
        } else if values.allSatisfy({ (0..<64).contains($0) }) {
            form = .mask(values.reduce(0) { $0 | 1 << UInt64($1) })
        } else {
            form = .each(values)
        }
    }

    /// Whether `x` is one of the values, the form chosen at each call (a loop's optimizer may
    /// take the choice out of the loop; `withTest` makes sure of it where it can be used).
    @inline(__always)
    func contains(_ x: Int) -> Bool {
        switch form {
        case .pair(let a, let b): return (x == a).bit | (x == b).bit != 0
        case .mask(let mask): return IntMembership.inMask(mask, x)
        case .each(let values): return values.withUnsafeBufferPointer { IntMembership.isAny(of: $0, x) }
        }
    }

    /// Whether `x` equals one of `values`, each compared and the answers or-ed without a
    /// branch (`==` as `contains` compares: for `Double`s NaN is never one, -0.0 is 0.0).
    @inline(__always)
    static func isAny<T: Equatable>(of values: UnsafeBufferPointer<T>, _ x: T) -> Bool {
        var hit = 0
        for value in values { hit |= (x == value).bit }
        return hit != 0
    }

    /// Whether `x` is in `0..<64` and its bit of `mask` is set (the shift of any other `x` is
    /// masked off).
    @inline(__always)
    private static func inMask(_ mask: UInt64, _ x: Int) -> Bool {
        (UInt(bitPattern: x) < 64).bit & Int(truncatingIfNeeded: mask &>> UInt64(truncatingIfNeeded: x & 63)) & 1 != 0
    }

    /// `body` with the test of an `Int`, specialised for the form.
    @inline(__always)
    func withTest<R>(_ body: ((Int) -> Bool) -> R) -> R {
        switch form {
        case .pair(let a, let b): return body { ($0 == a).bit | ($0 == b).bit != 0 }
        case .mask(let mask): return body { IntMembership.inMask(mask, $0) }
        case .each(let values):
            return values.withUnsafeBufferPointer { values in body { IntMembership.isAny(of: values, $0) } }
        }
    }
}
