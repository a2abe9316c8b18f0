import TipRulesSemantics

/// `abs(x) OP k` and `x OP x` of a `Double` or `Date` column, read in place: the forms the
/// optimizer gives `x.isFinite` (`abs(x) < .infinity`), `x.isInfinite` (`abs(x) == .infinity`)
/// and `x.isNaN` (`x != x`), see `RowPredicate`. Without it they were tests computed a batch
/// at a time into truths and searched there.
final class DoubleClassFilter: RowFilter {
    enum Test {
        /// `abs(x) OP k`.
        case magnitude(ComparisonOperator, Double)
        /// `x OP x`: NaN for `!=`, anything else for `==`, `<=` and `>=`, nothing for `<` and `>`.
        case itself(ComparisonOperator)
    }
    private let items: ColumnArray<Double>
    private let test: Test

    init(_ items: ColumnArray<Double>, _ test: Test) {
        self.items = items
        self.test = test
    }

    override var isColumnar: Bool { true }

    /// Calls `body` with the test as a closure literal, so that each loop is specialised for it.
    @inline(__always)
    private func withTest<R>(_ body: ((Double) -> Bool) -> R) -> R {
        switch test {
        case .magnitude(let op, let k):
            switch op {
            case .equal: return body { abs($0) == k }
            case .notEqual: return body { abs($0) != k }
            case .less: return body { abs($0) < k }
            case .lessOrEqual: return body { abs($0) <= k }
            case .greater: return body { abs($0) > k }
            case .greaterOrEqual: return body { abs($0) >= k }
            }
        case .itself(let op):
            switch op {
            case .equal, .lessOrEqual, .greaterOrEqual: return body { $0 == $0 }
            case .notEqual: return body { $0 != $0 }
            case .less, .greater: return body { _ in false }
            }
        }
    }

    override func count(in range: Range<Int>) -> Int? {
        items.withUnsafeBufferPointer { column in
            precondition(range.lowerBound >= 0 && range.upperBound <= column.count, "DoubleClassFilter range out of bounds")
            return withTest { holds in RowFilter.count(UnsafeBufferPointer(rebasing: column[range]), where: holds) }
        }
    }

    override func firstPassing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        items.withUnsafeBufferPointer { column in
            precondition(range.lowerBound >= 0 && range.upperBound <= column.count, "DoubleClassFilter range out of bounds")
            return withTest { holds in RowFilter.first(in: range) { holds(column[$0]) } }
        }
    }

    override func firstFailing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        items.withUnsafeBufferPointer { column in
            precondition(range.lowerBound >= 0 && range.upperBound <= column.count, "DoubleClassFilter range out of bounds")
            return withTest { holds in RowFilter.first(in: range) { !holds(column[$0]) } }
        }
    }

    override func select(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        items.withUnsafeBufferPointer { column in
            precondition(range.lowerBound >= 0 && range.upperBound <= column.count, "DoubleClassFilter range out of bounds")
            let x = column.baseAddress.unsafelyUnwrapped + range.lowerBound
            return withTest { holds in RowFilter.keep(range, output) { holds(x[$0]) } }
        }
    }

    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        items.withUnsafeBufferPointer { column in
            withTest { holds in RowFilter.keep(input, output) { holds(column[$0]) } }
        }
    }
}
