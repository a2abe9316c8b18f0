import TipRulesSemantics

/// `[k1, k2, ...].contains($0.field)` for a list of constants (or of `$0.field ?? k` for an
/// optional field and a constant `k`), as a filter: the field's column
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
        case strings(ColumnArray<String>, [StringEquality])
        /// An optional field's values, and whether the fallback that stands for nil is a member.
        case optionalInts(ColumnArray<Int?>, [Int], nilIsMember: Bool)
        case optionalStrings(ColumnArray<String?>, [StringEquality], nilIsMember: Bool)
    }
    private let column: Column
    /// The test of an `Int` column's values (see `IntMembership`).
    private let membership: IntMembership
    private let meter: StepMeter?
    /// The steps one test charges: one per constant.
    private let size: Int

    init(_ column: Column, meter: StepMeter?, size: Int) {
        self.column = column
        switch column {
        case .ints(_, let values), .optionalInts(_, let values, _): membership = IntMembership(values)
        default: membership = IntMembership([])
        }
        self.meter = meter
        self.size = size
    }

    /// The filter for a membership test of a field's values (or of an optional field's,
    /// coalesced with a constant) in constants of its type; nil for another operand or column,
    /// or constants of another type.
    static func make(_ constants: [Constant], _ operand: RowPredicate.Operand, _ binder: RowPredicateBinder) -> MembershipFilter? {
        func values<T>(_ value: (Constant) -> T?) -> [T]? {
            let typed = constants.compactMap(value)
            return typed.count == constants.count ? typed : nil
        }
        let int = { (constant: Constant) -> Int? in if case .int(let x) = constant { x } else { nil } }
        let string = { (constant: Constant) -> String? in if case .string(let x) = constant { x } else { nil } }
        let field: Int
        switch operand {
        case .field(let index):
            field = index
        case .coalesce(.field(let index), .constant(let fallback), false):
            switch binder.stream.columns[index] {
            case .optionalInt(let items):
                guard let ints = values(int), let k = int(fallback) else { return nil }
                return MembershipFilter(.optionalInts(items, ints, nilIsMember: ints.contains(k)), meter: binder.meter, size: constants.count)
            case .optionalString(let items):
                guard let strings = values(string), let k = string(fallback) else { return nil }
                return MembershipFilter(.optionalStrings(items, strings.map(StringEquality.init), nilIsMember: strings.contains(k)),
                                        meter: binder.meter, size: constants.count)
            default:
                return nil
            }
        default:
            return nil
        }
        let column: Column
        switch binder.stream.columns[field] {
        case .int(let items):
            guard let ints = values(int) else { return nil }
            column = .ints(items, ints)
        case .double(let items):
            guard let doubles = values({ if case .double(let x) = $0 { x } else { nil } }) else { return nil }
            column = .doubles(items, doubles)
        case .string(let items):
            guard let strings = values(string) else { return nil }
            column = .strings(items, strings.map(StringEquality.init))
        default:
            return nil
        }
        return MembershipFilter(column, meter: binder.meter, size: constants.count)
    }

    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        meter?.steps += size * input.count
        return withTest { _, holds in RowFilter.keep(input, output, holds) }
    }

    override func select(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        meter?.steps += size * range.count
        return withTest { count, holds in
            precondition(range.lowerBound >= 0 && range.upperBound <= count, "MembershipFilter range out of bounds")
            return RowFilter.keep(range, output) { holds(range.lowerBound &+ $0) }
        }
    }

    override func count(in range: Range<Int>) -> Int? {
        meter?.steps += size * range.count
        return withTest { count, holds in
            precondition(range.lowerBound >= 0 && range.upperBound <= count, "MembershipFilter range out of bounds")
            var passed = 0
            for position in range { passed &+= holds(position).bit }
            return passed
        }
    }

    /// Runs `body` with the column's length and the test of the row at a position (which the
    /// caller checks against that length), the column read in place, specialised for each kind
    /// of column.
    @inline(__always)
    private func withTest<Result>(_ body: (_ count: Int, _ holds: (Int) -> Bool) -> Result) -> Result {
        switch column {
        case .ints(let items, _):
            return items.withUnsafeBufferPointer { column in body(column.count) { membership.contains(column[$0]) } }
        case .doubles(let items, let values):
            // Each constant compared without a branch, as `IntMembership` compares `Int`s.
            return items.withUnsafeBufferPointer { column in
                values.withUnsafeBufferPointer { values in body(column.count) { IntMembership.isAny(of: values, column[$0]) } }
            }
        case .strings(let items, let values):
            return items.withUnsafeBufferPointer { column in body(column.count) { StringEquality.any(of: values, column[$0]) } }
        case .optionalInts(let items, _, let nilIsMember):
            return items.withUnsafeBufferPointer { column in body(column.count) { column[$0].map(membership.contains) ?? nilIsMember } }
        case .optionalStrings(let items, let values, let nilIsMember):
            return items.withUnsafeBufferPointer { column in
                body(column.count) { column[$0].map { StringEquality.any(of: values, $0) } ?? nilIsMember }
            }
        }
    }
}
