import TipRulesSemantics

/// `[k1, k2, ...].contains($0.field)` for a list of constants, as a filter: the field's column
/// read in place and each row's value looked for among the constants in one loop, rather than
/// through a bound closure per row. It charges what the list's `contains` charges as the
/// closure evaluates it, a step per constant on every row tested, to the scan's meter (which
/// charges a search only the rows it needed, see `Evaluator.scanBatches`).
final class MembershipFilter: RowFilter {
    /// The column and the constants, of its type. (Not generic: a generic class's loops were
    /// not specialised, see `AlternativesFilter`.)
    enum Column {
        case ints(ColumnArray<Int>, [Int])
        case doubles(ColumnArray<Double>, [Double])
        case strings(ColumnArray<String>, [String])
    }
    private let column: Column
    private let meter: StepMeter?
    /// The steps one test charges: one per constant.
    private let size: Int

    init(_ column: Column, meter: StepMeter?, size: Int) {
        self.column = column
        self.meter = meter
        self.size = size
    }

    /// The filter for a membership test of a field's values in constants of its type; nil
    /// for another column, or constants of another type.
    static func make(_ constants: [Constant], field: Int, _ binder: RowPredicateBinder) -> MembershipFilter? {
        func values<T>(_ value: (Constant) -> T?) -> [T]? {
            let typed = constants.compactMap(value)
            return typed.count == constants.count ? typed : nil
        }
        let column: Column
        switch binder.stream.columns[field] {
        case .int(let items):
            guard let ints = values({ if case .int(let x) = $0 { x } else { nil } }) else { return nil }
            column = .ints(items, ints)
        case .double(let items):
            guard let doubles = values({ if case .double(let x) = $0 { x } else { nil } }) else { return nil }
            column = .doubles(items, doubles)
        case .string(let items):
            guard let strings = values({ if case .string(let x) = $0 { x } else { nil } }) else { return nil }
            column = .strings(items, strings)
        default:
            return nil
        }
        return MembershipFilter(column, meter: binder.meter, size: constants.count)
    }

    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        meter?.steps += size * input.count
        switch column {
        case .ints(let items, let values):
            return items.withUnsafeBufferPointer { column in RowFilter.keep(input, output) { values.contains(column[$0]) } }
        case .doubles(let items, let values):
            return items.withUnsafeBufferPointer { column in RowFilter.keep(input, output) { values.contains(column[$0]) } }
        case .strings(let items, let values):
            return items.withUnsafeBufferPointer { column in RowFilter.keep(input, output) { values.contains(column[$0]) } }
        }
    }

    override func select(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        meter?.steps += size * range.count
        func keep<T: Equatable>(_ items: ColumnArray<T>, _ values: [T]) -> Int {
            items.withUnsafeBufferPointer { column in
                precondition(range.lowerBound >= 0 && range.upperBound <= column.count, "MembershipFilter range out of bounds")
                let x = column.baseAddress.unsafelyUnwrapped + range.lowerBound
                return RowFilter.keep(range, output) { values.contains(x[$0]) }
            }
        }
        switch column {
        case .ints(let items, let values): return keep(items, values)
        case .doubles(let items, let values): return keep(items, values)
        case .strings(let items, let values): return keep(items, values)
        }
    }

    override func count(in range: Range<Int>) -> Int? {
        meter?.steps += size * range.count
        func count<T: Equatable>(_ items: ColumnArray<T>, _ values: [T]) -> Int {
            items.withUnsafeBufferPointer { column in
                precondition(range.lowerBound >= 0 && range.upperBound <= column.count, "MembershipFilter range out of bounds")
                return RowFilter.count(UnsafeBufferPointer(rebasing: column[range])) { values.contains($0) }
            }
        }
        switch column {
        case .ints(let items, let values): return count(items, values)
        case .doubles(let items, let values): return count(items, values)
        case .strings(let items, let values): return count(items, values)
        }
    }
}
