import TipRulesSemantics
import TipRulesSyntax

/// A row predicate run a batch of rows at a time: each test reads its column in one tight loop
/// over the batch's stream positions and passes on those that hold (a selection), as column
/// stores do. Per row this costs a load and a compare per test, where a tree of closures costs
/// a call per node.
///
/// `select` keeps the order of its input, so every scan sees matches in list order, and since
/// a row predicate cannot fail, testing a whole batch past the first match the scan needed
/// changes nothing it returns.
class RowFilter {
    /// The most rows per batch. A filter bound to a stream of fewer donations makes its
    /// buffers only as large as the stream (see `RowPredicateBinder.batch`): a bound filter is
    /// kept with its fused node, so its buffers are memory every such node holds.
    /// Each batch of a computed column retains and releases its operands (about five atomic
    /// pairs for `$0 + $1.price * (1 - ($1.discount ?? 0))`, a third of its time at 256 rows a
    /// batch): 512 rows took W1099 and W1322 from 2.2 and 2.3 to 2.0 and 2.1 times the closure
    /// at n = 1000; 1024 to 1.9 and 2.0, for twice the buffers again, so 512.
    static let batch = 512

    /// Writes the positions of `input` that pass, in order, to `output`; returns how many.
    func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        preconditionFailure("\(Self.self) does not select")
    }

    /// Writes the positions of a contiguous range that pass, in order, to `output`; returns
    /// how many. The range holds at most a batch; `scratch` has room for one. The default
    /// writes the range's positions to `scratch` and selects them; a filter that can test
    /// consecutive rows in place, without a list of their positions, does.
    func select(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        for offset in 0..<range.count { scratch[offset] = range.lowerBound + offset }
        return select(UnsafeBufferPointer(start: scratch, count: range.count), output)
    }

    /// Whether the filter tests typed columns only, in tight loops (no closure per row).
    var isColumnar: Bool { false }

    /// Whether the filter tests one row at a time whatever the batch (a closure a row, a nested
    /// scan), and searches a range (`firstPassing`, `firstFailing`) testing each row in turn up
    /// to the one that decides: no row past it, so none of the work a test meters is done
    /// twice or for nothing, as in a batch a search stops in.
    var searchesRowAtATime: Bool { false }

    /// The last position of a contiguous range that passes, searched from the end a row at a
    /// time (`last(where:)`); only for a filter that `searchesRowAtATime`.
    func lastPassing(in range: Range<Int>) -> Int? {
        preconditionFailure("\(Self.self) does not search a row at a time")
    }

    /// The index of the first of `positions` that passes, each tested in turn up to it; only
    /// for a filter that `searchesRowAtATime`.
    func firstPassing(among positions: UnsafeBufferPointer<Int>) -> Int? {
        preconditionFailure("\(Self.self) does not search a row at a time")
    }

    /// Whether the filter combines a computed test (`TruthFilter`) with others by `&&`, `||`
    /// or `!`, so that its searches compute that test's truths again at every turn (see
    /// `Evaluator.searcher`).
    var turnsOnComputedTest: Bool { false }

    /// How many positions of a contiguous range pass, counted in one branch-free loop without
    /// listing them; nil for filters that have no such count (`&&`, `||`, `!`, string columns:
    /// the caller selects batches instead). A filter that meters work does it for every row,
    /// as selecting every batch of the range would.
    func count(in range: Range<Int>) -> Int? { nil }

    /// The first position of a contiguous range that does not pass, or nil when all do
    /// (`allSatisfy`). The default selects blocks of rows in `scratch`, room for two batches:
    /// 8 rows first, twice as many each time up to `batch`, so a row found early costs little
    /// more than the rows before it, and a long search about what whole batches cost.
    func firstFailing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        var start = range.lowerBound, size = min(8, batch)
        while start < range.upperBound {
            let end = min(start + size, range.upperBound)
            size = min(2 * size, batch)
            for offset in 0..<(end - start) { scratch[offset] = start + offset }
            let input = UnsafeBufferPointer(start: scratch, count: end - start)
            let output = scratch + batch
            let kept = select(input, output)
            if kept < input.count {
                var index = 0
                while index < kept && output[index] == input[index] { index += 1 }
                return input[index]
            }
            start = end
        }
        return nil
    }

    /// The first position of a contiguous range that passes, or nil when none does
    /// (`contains(where:)`, `first(where:)`). The default selects blocks of rows growing as
    /// `firstFailing`'s do, in `scratch`, room for two batches.
    func firstPassing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        var start = range.lowerBound, size = min(8, batch)
        while start < range.upperBound {
            let end = min(start + size, range.upperBound)
            size = min(2 * size, batch)
            for offset in 0..<(end - start) { scratch[offset] = start + offset }
            if select(UnsafeBufferPointer(start: scratch, count: end - start), scratch + batch) > 0 { return scratch[batch] }
            start = end
        }
        return nil
    }

    /// The filter for a predicate over one stream (see `RowPredicateBinder` for operands).
    static func make(_ predicate: RowPredicate, _ binder: RowPredicateBinder) -> RowFilter {
        switch predicate {
        case .and(let a, let b):
            if let filter = binder.guardedNumberFilter(a, b, holdsOnNil: false) { return filter }
            let (first, second) = cheaperFirst(make(a, binder), make(b, binder), predicate)
            return AndFilter(first, second, batch: binder.batch)
        case .or(let a, let b):
            if let filter = binder.guardedNumberFilter(a, b, holdsOnNil: true) { return filter }
            if let filter = binder.alternativesFilter(predicate) { return filter }
            let (first, second) = cheaperFirst(make(a, binder), make(b, binder), predicate)
            return OrFilter(first, second, batch: binder.batch)
        case .not(let a):
            return NotFilter(make(a, binder), batch: binder.batch)
        case .compare(.function(.memberOf(let constants), let operand, nil), .equal, .constant(.bool(true))):
            // `["stove", "lantern"].contains($0.sku)`, `[5, 10].contains($0.bonus ?? 0)`
            if let filter = MembershipFilter.make(constants, operand, binder) { return filter }
            return TestFilter(binder.bind(predicate))
        case .compare(let a, let op, let b):
            if let filter = binder.nestedScanFilter(predicate) ?? binder.columnFilter(a, op, b) { return filter }
            return TestFilter(binder.bind(predicate))
        case .constant(let flag):
            return ConstantFilter(flag)
        case .exists:
            return binder.nestedScanFilter(predicate) ?? TestFilter(binder.bind(predicate))
        case .string:
            return TestFilter(binder.bind(predicate))
        }
    }
}

extension RowFilter {
    /// How many rows a search tests one at a time before it counts blocks of 64.
    static let rowsOneByOne = 33

    /// The first position of `range` where `found` holds: the first `rowsOneByOne` rows tested
    /// one at a time (a search ends at its first hit, so the branch is mispredicted
    /// once, and `AndFilter`'s searches, each from where the other stopped, usually end soon),
    /// then each block of 64 rows counted without a branch and only the block with a hit
    /// searched.
    @inline(__always)
    static func first(in range: Range<Int>, where found: (Int) -> Bool) -> Int? {
        var start = range.lowerBound
        let scalarEnd = min(start &+ RowFilter.rowsOneByOne, range.upperBound)
        while start < scalarEnd {
            if found(start) { return start }
            start &+= 1
        }
        while start < range.upperBound {
            let end = min(start &+ 64, range.upperBound)
            var hits = 0, position = start
            // A `Bool`'s byte added as it is: `found(p) ? 1 : 0` would be compiled back into a
            // branch. (No range iterator either: its checks cost as much as the test.)
            while position < end {
                hits &+= Int(unsafeBitCast(found(position), to: UInt8.self))
                position &+= 1
            }
            if hits > 0 { return (start..<end).first(where: found) }
            start = end
        }
        return nil
    }

    /// The operands of `&&` or `||` with a columnar one first, so the row-by-row tests run
    /// only on the rows it leaves. A scanned row predicate cannot fail (its `Int` arithmetic is
    /// proven safe before the scan) and its result does not depend
    /// on the order, and without a `contains` search (whose steps depend on the rows it
    /// reaches) neither do the steps: the closure's answers and charges are the same.
    fileprivate static func cheaperFirst(_ a: RowFilter, _ b: RowFilter, _ predicate: RowPredicate) -> (RowFilter, RowFilter) {
        !a.isColumnar && b.isColumnar && !predicate.searchesStrings ? (b, a) : (a, b)
    }
}

/// `x == a || x == b || ...` of one `Int` or `String` field and values the same for every row:
/// one loop over the column, each row compared with every value (a row predicate cannot fail,
/// and equality charges nothing, so testing them all answers as `||` does); `Int`s without a
/// branch (see `IntMembership`).
final class AlternativesFilter: RowFilter {
    /// The column and the values. (Not generic: a generic class's loop was not specialised.)
    enum Column {
        case ints(ColumnArray<Int>, [Int])
        case strings(ColumnArray<String>, [StringEquality])
    }
    private let column: Column
    /// The test of a column of `Int`s.
    private let membership: IntMembership

    init(_ column: Column) {
        self.column = column
        if case .ints(_, let values) = column { membership = IntMembership(values) } else { membership = IntMembership([]) }
    }

    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        switch column {
        case .ints(let items, _):
            return items.withUnsafeBufferPointer { column in
                membership.withTest { passes in RowFilter.keep(input, output) { passes(column[$0]) } }
            }
        case .strings(let items, let values):
            return items.withUnsafeBufferPointer { column in
                AlternativesFilter.select(input, output) { StringEquality.any(of: values, column[$0]) }
            }
        }
    }

    override func count(in range: Range<Int>) -> Int? {
        var count = 0
        switch column {
        case .ints(let items, _):
            items.withUnsafeBufferPointer { column in
                precondition(range.lowerBound >= 0 && range.upperBound <= column.count, "AlternativesFilter range out of bounds")
                count = membership.withTest { passes in RowFilter.count(UnsafeBufferPointer(rebasing: column[range]), where: passes) }
            }
        case .strings(let items, let values):
            items.withUnsafeBufferPointer { column in
                precondition(range.lowerBound >= 0 && range.upperBound <= column.count, "AlternativesFilter range out of bounds")
                for position in range where StringEquality.any(of: values, column[position]) { count += 1 }
            }
        }
        return count
    }

    @inline(__always)
    private static func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>, _ passes: (Int) -> Bool) -> Int {
        var kept = 0
        for position in input where passes(position) {
            output[kept] = position
            kept += 1
        }
        return kept
    }
}

/// A scratch buffer of one batch of positions, owned by a filter.
final class SelectionBuffer {
    let base: UnsafeMutablePointer<Int>
    init(_ batch: Int) { base = .allocate(capacity: batch) }
    deinit { base.deallocate() }

    func prefix(_ count: Int) -> UnsafeBufferPointer<Int> {
        UnsafeBufferPointer(start: base, count: count)
    }
}

/// A test whose answer is the same for every row: what is left of a predicate whose date
/// conditions the scan's window stands for (see `DateWindowPlan`), with no test per row.
final class ConstantFilter: RowFilter {
    private let flag: Bool
    init(_ flag: Bool) { self.flag = flag }

    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        guard flag, let base = input.baseAddress else { return 0 }
        output.update(from: base, count: input.count)
        return input.count
    }

    override var isColumnar: Bool { true }

    override func count(in range: Range<Int>) -> Int? { flag ? range.count : 0 }

    override func firstFailing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        flag || range.isEmpty ? nil : range.lowerBound
    }

    override func firstPassing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        !flag || range.isEmpty ? nil : range.lowerBound
    }
}

/// Any test of one row at a time (string tests, optional operands, mixed operands).
final class TestFilter: RowFilter {
    private let test: (Int) -> Bool
    init(_ test: @escaping (Int) -> Bool) { self.test = test }

    override var searchesRowAtATime: Bool { true }

    override func firstPassing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        range.first(where: test)
    }

    override func firstFailing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        range.first { !test($0) }
    }

    override func lastPassing(in range: Range<Int>) -> Int? {
        range.last(where: test)
    }

    override func firstPassing(among positions: UnsafeBufferPointer<Int>) -> Int? {
        positions.firstIndex(where: test)
    }

    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        RowFilter.keep(input, output, test)
    }

    override func select(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        RowFilter.keep(range, output) { test(range.lowerBound &+ $0) }
    }

    override func count(in range: Range<Int>) -> Int? {
        // Added without a branch: the test's answer varies from row to row unpredictably.
        var count = 0
        for position in range { count &+= test(position) ? 1 : 0 }
        return count
    }
}

/// `x == nil` or `x != nil` of an optional field, read in place from its column.
final class NilFilter: RowFilter {
    /// An optional field's column.
    enum Items {
        case ints(ColumnArray<Int?>)
        /// Doubles, and dates as their seconds.
        case doubles(ColumnArray<Double?>)
        case strings(ColumnArray<String?>)
        /// Other optional fields, as values.
        case values(ColumnArray<Value>)
    }
    private enum Kind { case ints, doubles, strings, values }
    private let kind: Kind
    // (Each kind's column kept apart, the others empty, rather than as an `Items`: taking a
    // column out of an enum's payload retained and released it at every search, 22 reference
    // counts an evaluation of W572.)
    private let ints: ColumnArray<Int?>
    private let doubles: ColumnArray<Double?>
    private let strings: ColumnArray<String?>
    private let values: ColumnArray<Value>
    private let isNil: Bool

    init(_ items: Items, isNil: Bool) {
        var (ints, doubles, strings, values) = (ColumnArray<Int?>(), ColumnArray<Double?>(), ColumnArray<String?>(), ColumnArray<Value>())
        switch items {
        case .ints(let column): (kind, ints) = (.ints, column)
        case .doubles(let column): (kind, doubles) = (.doubles, column)
        case .strings(let column): (kind, strings) = (.strings, column)
        case .values(let column): (kind, values) = (.values, column)
        }
        (self.ints, self.doubles, self.strings, self.values) = (ints, doubles, strings, values)
        self.isNil = isNil
    }

    override var isColumnar: Bool { true }

    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        withNilBit { count, nilBit in
            let flip = isNil ? 0 : 1
            var kept = 0
            for position in input {
                precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "NilFilter position out of bounds")
                output[kept] = position
                kept &+= nilBit(position) ^ flip
            }
            return kept
        }
    }

    override func firstFailing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        first(isNil: !isNil, in: range)
    }

    override func firstPassing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        first(isNil: isNil, in: range)
    }

    /// The first row whose value is nil (or is not).
    private func first(isNil: Bool, in range: Range<Int>) -> Int? {
        withNilBit { count, nilBit in
            precondition(range.lowerBound >= 0 && range.upperBound <= count, "NilFilter range out of bounds")
            let flip = isNil ? 0 : 1
            return RowFilter.first(in: range) { nilBit($0) ^ flip == 1 }
        }
    }

    override func count(in range: Range<Int>) -> Int? {
        withNilBit { count, nilBit in
            precondition(range.lowerBound >= 0 && range.upperBound <= count, "NilFilter range out of bounds")
            var nils = 0
            for position in range { nils &+= nilBit(position) }
            return isNil ? nils : range.count - nils
        }
    }

    /// Runs `body` with the column's length and a test that gives 1 for a nil row and 0 for
    /// another, read in place without a branch: nils fall unpredictably, so a mispredicted
    /// branch per row would cost more than the load.
    @inline(__always)
    private func withNilBit<Result>(_ body: (_ count: Int, _ nilBit: (Int) -> Int) -> Result) -> Result {
        switch kind {
        case .ints: return NilFilter.withNilBit(ints, body)
        case .doubles: return NilFilter.withNilBit(doubles, body)
        case .strings:
            return strings.withUnsafeBufferPointer { column in
                // (Chosen once, outside the loop: a check of the optional at every row cost more
                // than the test.)
                guard let pattern = OptionalStringPattern.current else {
                    return body(column.count) { NilFilter.nilBit(column.baseAddress.unsafelyUnwrapped + $0) }
                }
                return body(column.count) { pattern.nilBit(column.baseAddress.unsafelyUnwrapped + $0) }
            }
        case .values:
            return values.withUnsafeBufferPointer { column in
                guard let pattern = NullPattern.make() else {
                    return body(column.count) { Value.isNull(column.baseAddress.unsafelyUnwrapped + $0) ? 1 : 0 }
                }
                return body(column.count) { pattern.nullBit(column.baseAddress.unsafelyUnwrapped + $0) }
            }
        }
    }

    /// `withNilBit` for an optional number's column.
    @inline(__always)
    private static func withNilBit<Number: OptionalNumberBits.Number, Result>(_ items: ColumnArray<Number?>,
                                                                            _ body: (_ count: Int, _ nilBit: (Int) -> Int) -> Result) -> Result {
        let bits = OptionalNumberBits.make()
        return items.withUnsafeBufferPointer { column in
            body(column.count) { position in
                let value = column.baseAddress.unsafelyUnwrapped + position
                return bits?.nilBit(value) ?? NilFilter.nilBit(value)
            }
        }
    }

    /// 1 when an optional is nil, else 0 (the caller checked the position).
    @inline(__always)
    private static func nilBit<Wrapped>(_ value: UnsafePointer<Wrapped?>) -> Int {
        // Matched in place: a string is not copied out.
        switch value.pointee {
        case .none: return 1
        case .some: return 0
        }
    }
}

/// `(x ?? f) OP k` for an optional `Int`, `Double` or `Date` field `x` and values `f` and `k`
/// the same for every row, and `x == k` and `x != k` as that with an `f` that is not `k`: the
/// column's values read in place (nil as `f`) in tight loops, with no closure per row.
final class OptionalNumberFilter: RowFilter {
    enum Operands {
        case ints(ColumnArray<Int?>, fallback: Int, Int)
        /// Doubles, and dates as their seconds.
        case doubles(ColumnArray<Double?>, fallback: Double, Double)
    }
    private let operands: Operands
    private let op: ComparisonOperator

    init(_ operands: Operands, _ op: ComparisonOperator) {
        self.operands = operands
        self.op = op
    }

    override var isColumnar: Bool { true }

    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        withTest { count, passes in
            RowFilter.keep(input, output) { position in
                precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "OptionalNumberFilter position out of bounds")
                return passes(position)
            }
        }
    }

    override func count(in range: Range<Int>) -> Int? {
        withTest { count, passes in
            precondition(range.lowerBound >= 0 && range.upperBound <= count, "OptionalNumberFilter range out of bounds")
            var passed = 0
            for position in range { passed &+= passes(position) ? 1 : 0 }
            return passed
        }
    }

    override func firstFailing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        withTest { count, passes in
            precondition(range.lowerBound >= 0 && range.upperBound <= count, "OptionalNumberFilter range out of bounds")
            return RowFilter.first(in: range) { !passes($0) }
        }
    }

    override func firstPassing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        withTest { count, passes in
            precondition(range.lowerBound >= 0 && range.upperBound <= count, "OptionalNumberFilter range out of bounds")
            return RowFilter.first(in: range, where: passes)
        }
    }

    /// Runs `body` with the column's length and the test of the row at a position (which the
    /// caller checks against that length), read in place and specialised for the operator.
    @inline(__always)
    private func withTest<Result>(_ body: (_ count: Int, _ passes: (Int) -> Bool) -> Result) -> Result {
        switch operands {
        case .ints(let items, let fallback, let k): return OptionalNumberFilter.withTest(items, fallback, op, k, body)
        case .doubles(let items, let fallback, let k): return OptionalNumberFilter.withTest(items, fallback, op, k, body)
        }
    }

    @inline(__always)
    private static func withTest<Number: OptionalNumberBits.Number & Comparable, Result>(
        _ items: ColumnArray<Number?>, _ fallback: Number, _ op: ComparisonOperator, _ k: Number,
        _ body: (_ count: Int, _ passes: (Int) -> Bool) -> Result
    ) -> Result {
        items.withUnsafeBufferPointer { column in
            let bits = OptionalNumberBits.make()
            // `x ?? 0` tested on the number's bytes alone, nil's being 0 (see `OptionalNumberBits`);
            // so too any fallback the test answers as it answers 0 (`x == nil || x! < 20` is
            // `(x ?? Int.min) < 20`, which holds for a nil as for a 0).
            let zero = withUnsafeBytes(of: UInt64(0)) { $0.load(as: Number.self) }
            if let bits, bits.nilIsZero, ComparisonNode.holds(op, fallback, k) == ComparisonNode.holds(op, zero, k) {
                let base = UnsafeRawPointer(column.baseAddress.unsafelyUnwrapped)
                @inline(__always) func raw(_ position: Int) -> Number { base.load(fromByteOffset: position &* 16, as: Number.self) }
                switch op {
                case .equal: return body(column.count) { raw($0) == k }
                case .notEqual: return body(column.count) { raw($0) != k }
                case .less: return body(column.count) { raw($0) < k }
                case .lessOrEqual: return body(column.count) { raw($0) <= k }
                case .greater: return body(column.count) { raw($0) > k }
                case .greaterOrEqual: return body(column.count) { raw($0) >= k }
                }
            }
            // A nil row is the fallback, whose answer (`nilPasses`) is worked out once.
            @inline(__always) func passes(_ position: Int, _ nilPasses: Bool, _ test: (Number) -> Bool) -> Bool {
                let value = column.baseAddress.unsafelyUnwrapped + position
                guard let bits else { return value.pointee.map(test) ?? nilPasses }
                return bits.test(value, test, nilPasses: nilPasses)
            }
            let nilPasses = ComparisonNode.holds(op, fallback, k)
            switch op {
            case .equal: return body(column.count) { passes($0, nilPasses) { $0 == k } }
            case .notEqual: return body(column.count) { passes($0, nilPasses) { $0 != k } }
            case .less: return body(column.count) { passes($0, nilPasses) { $0 < k } }
            case .lessOrEqual: return body(column.count) { passes($0, nilPasses) { $0 <= k } }
            case .greater: return body(column.count) { passes($0, nilPasses) { $0 > k } }
            case .greaterOrEqual: return body(column.count) { passes($0, nilPasses) { $0 >= k } }
            }
        }
    }
}

/// A column of machine values against a value the same for every row.
final class ColumnFilter: RowFilter {
    enum Operands {
        case ints(ColumnArray<Int>, Int)
        case doubles(ColumnArray<Double>, Double)
        case strings(ColumnArray<String>, String)
        /// `==` (`wanted` true) or `!=` of strings, decided on their bits where they can be
        /// (made by `init` from `strings`).
        case equalStrings(ColumnArray<String>, StringEquality, wanted: Bool)
        /// The same of an optional string and a string: nil is equal to no string, as in Swift.
        case equalOptionalStrings(ColumnArray<String?>, StringEquality, wanted: Bool)
    }
    private let operands: Operands
    private let op: ComparisonOperator

    init(_ operands: Operands, _ op: ComparisonOperator) {
        switch (operands, op) {
        case (.strings(let items, let k), .equal):
            self.operands = .equalStrings(items, StringEquality(k), wanted: true)
        case (.strings(let items, let k), .notEqual):
            self.operands = .equalStrings(items, StringEquality(k), wanted: false)
        default:
            self.operands = operands
        }
        self.op = op
    }

    override var isColumnar: Bool { true }

    override func count(in range: Range<Int>) -> Int? {
        switch operands {
        case .ints(let items, let k): return ColumnFilter.count(items, op, k, range)
        case .doubles(let items, let k): return ColumnFilter.count(items, op, k, range)
        // Strings compare slowly enough that selecting batches costs nothing more.
        case .strings, .equalStrings, .equalOptionalStrings: return nil
        }
    }

    @inline(__always)
    private static func count<T: Comparable>(_ items: ColumnArray<T>, _ op: ComparisonOperator, _ k: T, _ range: Range<Int>) -> Int {
        items.withUnsafeBufferPointer { column in
            // Each row adds 0 or 1, without a branch (the answers vary unpredictably).
            // (Over the buffer's elements rather than positions: no index check per row.)
            func run(_ passes: (T) -> Bool) -> Int {
                RowFilter.count(UnsafeBufferPointer(rebasing: column[range]), where: passes)
            }
            switch op {
            case .equal: return run { $0 == k }
            case .notEqual: return run { $0 != k }
            case .less: return run { $0 < k }
            case .lessOrEqual: return run { $0 <= k }
            case .greater: return run { $0 > k }
            case .greaterOrEqual: return run { $0 >= k }
            }
        }
    }

    override func firstFailing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        first(passing: false, in: range)
    }

    override func firstPassing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        first(passing: true, in: range)
    }

    /// (Inlined, so that each caller's literal `passing` specialises the loops.)
    @inline(__always)
    private func first(passing: Bool, in range: Range<Int>) -> Int? {
        switch operands {
        case .ints(let items, let k): return ColumnFilter.first(passing: passing, items, op, k, range)
        case .doubles(let items, let k): return ColumnFilter.first(passing: passing, items, op, k, range)
        // (Strings one at a time: a comparison of strings is a call, which counting a block
        // first would only make twice for the block that holds the row.)
        case .strings(let items, let k): return ColumnFilter.first(passing: passing, items, op, k, range, countsBlocks: false)
        case .equalStrings(let items, let equality, let wanted):
            let target = wanted == passing
            return items.withUnsafeBufferPointer { column in
                ColumnFilter.firstFailing(column, range, false) { equality.holds($0) != target }
            }
        case .equalOptionalStrings(let items, let equality, let wanted):
            let target = wanted == passing
            return items.withUnsafeBufferPointer { column in
                precondition(range.lowerBound >= 0 && range.upperBound <= column.count, "ColumnFilter range out of bounds")
                let base = column.baseAddress.unsafelyUnwrapped
                for position in range where equality.holds(base + position) == target { return position }
                return nil
            }
        }
    }

    /// The first row whose test is `passing`: the first for which "the test is not `passing`"
    /// fails.
    @inline(__always)
    private static func first<T: Comparable>(passing: Bool, _ items: ColumnArray<T>, _ op: ComparisonOperator, _ k: T,
                                             _ range: Range<Int>, countsBlocks: Bool = true) -> Int? {
        items.withUnsafeBufferPointer { column in
            switch op {
            case .equal: return firstFailing(column, range, countsBlocks) { ($0 == k) != passing }
            case .notEqual: return firstFailing(column, range, countsBlocks) { ($0 != k) != passing }
            case .less: return firstFailing(column, range, countsBlocks) { ($0 < k) != passing }
            case .lessOrEqual: return firstFailing(column, range, countsBlocks) { ($0 <= k) != passing }
            case .greater: return firstFailing(column, range, countsBlocks) { ($0 > k) != passing }
            case .greaterOrEqual: return firstFailing(column, range, countsBlocks) { ($0 >= k) != passing }
            }
        }
    }

    /// The first position of `range` where `holds` is false: the first 8 rows tested one at a
    /// time, then blocks of 16, 32 and then 64 rows each counted without a branch (a loop the
    /// compiler vectorises for numbers) and only the block with a failing row searched, so a
    /// long search costs about what counting its rows costs. Without `countsBlocks`, every row
    /// one at a time.
    @inline(__always)
    private static func firstFailing<T>(_ column: UnsafeBufferPointer<T>, _ range: Range<Int>, _ countsBlocks: Bool,
                                        _ holds: (T) -> Bool) -> Int? {
        guard !range.isEmpty else { return nil }
        precondition(range.lowerBound >= 0 && range.upperBound <= column.count, "ColumnFilter range out of bounds")
        // The first rows one at a time: a search ends at its first failing row, so a branch per
        // row is mispredicted once, and a search that ends within a few rows (the next hop of
        // `AndFilter`'s turns) reads each row once. Then blocks growing to 64: a hop that ends
        // within a few dozen rows counts few rows past it, and a long search counts most of its
        // rows in blocks of 64.
        var start = range.lowerBound
        let scalarEnd = countsBlocks ? min(start &+ 8, range.upperBound) : range.upperBound
        while start < scalarEnd {
            if !holds(column[start]) { return start }
            start &+= 1
        }
        var size = 16
        while start < range.upperBound {
            let end = range.upperBound &- start > size ? start &+ size : range.upperBound
            size = min(size &* 2, 64)
            let failures = RowFilter.count(UnsafeBufferPointer(rebasing: column[start..<end])) { !holds($0) }
            if failures > 0 {
                while holds(column[start]) { start &+= 1 }
                return start
            }
            start = end
        }
        return nil
    }

    override func select(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        switch operands {
        case .ints(let items, let k): return ColumnFilter.select(items, op, k, range, output)
        case .doubles(let items, let k): return ColumnFilter.select(items, op, k, range, output)
        case .strings, .equalStrings, .equalOptionalStrings: return super.select(in: range, scratch, output)
        }
    }

    /// The rows of a contiguous range that pass, the column read in place.
    @inline(__always)
    private static func select<T: Comparable>(_ items: ColumnArray<T>, _ op: ComparisonOperator, _ k: T,
                                              _ range: Range<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        items.withUnsafeBufferPointer { column in
            precondition(range.lowerBound >= 0 && range.upperBound <= column.count, "ColumnFilter range out of bounds")
            let x = column.baseAddress.unsafelyUnwrapped + range.lowerBound
            switch op {
            case .equal: return RowFilter.keep(range, output) { x[$0] == k }
            case .notEqual: return RowFilter.keep(range, output) { x[$0] != k }
            case .less: return RowFilter.keep(range, output) { x[$0] < k }
            case .lessOrEqual: return RowFilter.keep(range, output) { x[$0] <= k }
            case .greater: return RowFilter.keep(range, output) { x[$0] > k }
            case .greaterOrEqual: return RowFilter.keep(range, output) { x[$0] >= k }
            }
        }
    }

    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        switch operands {
        case .ints(let items, let k): return ColumnFilter.select(items, op, k, input, output)
        case .doubles(let items, let k): return ColumnFilter.select(items, op, k, input, output)
        case .strings(let items, let k): return ColumnFilter.select(items, op, k, input, output)
        case .equalStrings(let items, let equality, let wanted):
            return items.withUnsafeBufferPointer { column in RowFilter.keep(input, output) { equality.holds(column[$0]) == wanted } }
        case .equalOptionalStrings(let items, let equality, let wanted):
            return items.withUnsafeBufferPointer { column in
                let base = column.baseAddress.unsafelyUnwrapped, count = column.count
                return RowFilter.keep(input, output) { position in
                    precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "ColumnFilter position out of bounds")
                    return equality.holds(base + position) == wanted
                }
            }
        }
    }

    @inline(__always)
    private static func select<T: Comparable>(_ items: ColumnArray<T>, _ op: ComparisonOperator, _ k: T,
                                              _ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        items.withUnsafeBufferPointer { column in
            switch op {
            case .equal: return RowFilter.keep(input, output) { column[$0] == k }
            case .notEqual: return RowFilter.keep(input, output) { column[$0] != k }
            case .less: return RowFilter.keep(input, output) { column[$0] < k }
            case .lessOrEqual: return RowFilter.keep(input, output) { column[$0] <= k }
            case .greater: return RowFilter.keep(input, output) { column[$0] > k }
            case .greaterOrEqual: return RowFilter.keep(input, output) { column[$0] >= k }
            }
        }
    }
}

extension RowFilter {
    /// How many of the values `test` holds for, counted without a branch: four at a time into
    /// four sums, since comparisons of `Int`s are not vectorised without SSE4.2 and one sum
    /// makes each addition wait for the one before; `Double`s in one plain loop, vectorised.
    @inline(__always)
    static func count<T>(_ values: UnsafeBufferPointer<T>, where test: (T) -> Bool) -> Int {
        if T.self == Double.self {
            // (Known when specialised: the plain loop, which the compiler vectorises.)
            var count = 0
            for value in values { count &+= test(value).bit }
            return count
        }
        var a = 0, b = 0, c = 0, d = 0
        var offset = 0
        let count = values.count, whole = count & ~3
        while offset < whole {
            a &+= test(values[offset]).bit
            b &+= test(values[offset &+ 1]).bit
            c &+= test(values[offset &+ 2]).bit
            d &+= test(values[offset &+ 3]).bit
            offset &+= 4
        }
        while offset < count {
            a &+= test(values[offset]).bit
            offset &+= 1
        }
        return a &+ b &+ c &+ d
    }

    /// The rows of `input` for which `holds` is true, written without a branch per row.
    @inline(__always)
    static func keep(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>, _ holds: (Int) -> Bool) -> Int {
        var kept = 0
        for position in input {
            output[kept] = position
            kept &+= holds(position).bit
        }
        return kept
    }

    /// The same for the positions of a contiguous range, `holds` given each offset into it.
    @inline(__always)
    static func keep(_ range: Range<Int>, _ output: UnsafeMutablePointer<Int>, _ holds: (Int) -> Bool) -> Int {
        var kept = 0
        for offset in 0..<range.count {
            output[kept] = range.lowerBound &+ offset
            kept &+= holds(offset).bit
        }
        return kept
    }
}

/// A filter of two others, tested left to right.
class BinaryFilter: RowFilter {
    let first: RowFilter
    let second: RowFilter

    /// (Both worked out once: a scan asks at every search, and a search of `&&` or `||` at every
    /// turn.)
    private let combinesComputedTest: Bool
    private let bothColumnar: Bool

    init(_ first: RowFilter, _ second: RowFilter) {
        self.first = first
        self.second = second
        combinesComputedTest = first is TruthFilter || second is TruthFilter || first.turnsOnComputedTest || second.turnsOnComputedTest
        bothColumnar = first.isColumnar && second.isColumnar
    }

    override var isColumnar: Bool { bothColumnar }

    override var turnsOnComputedTest: Bool { combinesComputedTest }

    /// The first row of `range` where two conditions both hold, given each one's search for
    /// the first row where it holds: each search starts where the other's found a row, until
    /// both find the same one. Every row skipped fails one of them, and each round moves on by
    /// at least one row.
    @inline(__always)
    static func meet(_ range: Range<Int>, _ a: (Range<Int>) -> Int?, _ b: (Range<Int>) -> Int?) -> Int? {
        var start = range.lowerBound
        while start < range.upperBound {
            guard let x = a(start..<range.upperBound), let y = b(x..<range.upperBound) else { return nil }
            if x == y { return x }
            start = y
        }
        return nil
    }
}

/// `a && b`: the rows that pass `a`, then those of them that pass `b`.
final class AndFilter: BinaryFilter {
    private let passed: SelectionBuffer

    init(_ first: RowFilter, _ second: RowFilter, batch: Int) {
        passed = SelectionBuffer(batch)
        super.init(first, second)
    }

    /// A row fails `a && b` when it fails either: the first to fail is the earlier of the two.
    /// (Testing `b` on rows `a` fails changes nothing: a row predicate scanned cannot fail.)
    override func firstFailing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        guard isColumnar else { return super.firstFailing(in: range, scratch, batch: batch) }
        let a = first.firstFailing(in: range, scratch, batch: batch)
        let b = second.firstFailing(in: range.lowerBound..<(a ?? range.upperBound), scratch, batch: batch)
        return b ?? a
    }

    /// A row passes `a && b` when it passes both: each test's own search finds the next row
    /// it passes from where the other's left off, until they meet, so the rows are read a block
    /// at a time by tight loops rather than selected in batches.
    override func firstPassing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        guard isColumnar else { return super.firstPassing(in: range, scratch, batch: batch) }
        return BinaryFilter.meet(range) { first.firstPassing(in: $0, scratch, batch: batch) } _: { second.firstPassing(in: $0, scratch, batch: batch) }
    }

    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        let count = first.select(input, passed.base)
        return count == 0 ? 0 : second.select(passed.prefix(count), output)
    }
}

/// `a || b`: the rows that pass `a`, and of the rest those that pass `b`, in input order.
final class OrFilter: BinaryFilter {
    private let passedFirst: SelectionBuffer
    private let rest: SelectionBuffer
    private let passedSecond: SelectionBuffer

    init(_ first: RowFilter, _ second: RowFilter, batch: Int) {
        passedFirst = SelectionBuffer(batch)
        rest = SelectionBuffer(batch)
        passedSecond = SelectionBuffer(batch)
        super.init(first, second)
    }

    /// A row passes `a || b` when it passes either: the first to pass is the earlier of the two.
    override func firstPassing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        guard isColumnar else { return super.firstPassing(in: range, scratch, batch: batch) }
        let a = first.firstPassing(in: range, scratch, batch: batch)
        let b = second.firstPassing(in: range.lowerBound..<(a ?? range.upperBound), scratch, batch: batch)
        return b ?? a
    }

    /// A row fails `a || b` when it fails both: found as `AndFilter` finds a row passing both.
    override func firstFailing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        guard isColumnar else { return super.firstFailing(in: range, scratch, batch: batch) }
        return BinaryFilter.meet(range) { first.firstFailing(in: $0, scratch, batch: batch) } _: { second.firstFailing(in: $0, scratch, batch: batch) }
    }

    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        let firstCount = first.select(input, passedFirst.base)
        if firstCount == input.count {
            output.update(from: input.baseAddress!, count: firstCount)
            return firstCount
        }
        let restCount = RowFilter.complement(input, passedFirst.prefix(firstCount), rest.base)
        let secondCount = second.select(rest.prefix(restCount), passedSecond.base)
        // Both are subsequences of the input: interleave them back into its order.
        var a = 0, b = 0, kept = 0
        for position in input {
            if a < firstCount, passedFirst.base[a] == position {
                a += 1
            } else if b < secondCount, passedSecond.base[b] == position {
                b += 1
            } else {
                continue
            }
            output[kept] = position
            kept += 1
        }
        return kept
    }
}

/// `!a`: the rows that do not pass `a`.
final class NotFilter: RowFilter {
    private let inner: RowFilter
    private let passed: SelectionBuffer

    init(_ inner: RowFilter, batch: Int) {
        self.inner = inner
        passed = SelectionBuffer(batch)
    }

    override var isColumnar: Bool { inner.isColumnar }

    override var turnsOnComputedTest: Bool { inner is TruthFilter || inner.turnsOnComputedTest }

    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        let count = inner.select(input, passed.base)
        return RowFilter.complement(input, passed.prefix(count), output)
    }

    override func firstFailing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        inner.firstPassing(in: range, scratch, batch: batch)
    }

    override func firstPassing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        inner.firstFailing(in: range, scratch, batch: batch)
    }
}

extension RowFilter {
    /// The rows of `input` not in `selected`, a subsequence of it, in order. (A position that
    /// occurs twice passes or fails both times, so matching in order is exact.)
    static func complement(_ input: UnsafeBufferPointer<Int>, _ selected: UnsafeBufferPointer<Int>,
                           _ output: UnsafeMutablePointer<Int>) -> Int {
        var next = 0, kept = 0
        for position in input {
            if next < selected.count, selected[next] == position {
                next += 1
            } else {
                output[kept] = position
                kept += 1
            }
        }
        return kept
    }
}

/// A predicate computed a batch at a time as one truth a row (`TestColumn`: comparisons of
/// computed numbers and `Int`s, and `&&`, `||` and `!` of those), passing the rows where it
/// holds; over consecutive rows it counts and searches blocks of them without a branch per row.
/// (Not for `&&` and `||` of tests that have filters of their own: `AndFilter`'s searches
/// each read one column, vectorised, and measured faster than a block of truths.)
final class TruthFilter: RowFilter {
    private let test: TestColumn
    private let truths: UnsafeMutablePointer<Bool>
    private let batch: Int

    init(_ test: TestColumn, batch: Int) {
        self.test = test
        self.batch = batch
        truths = .allocate(capacity: batch)
    }

    override func count(in range: Range<Int>) -> Int? {
        var counted = 0, start = range.lowerBound
        while start < range.upperBound {
            let n = min(batch, range.upperBound - start)
            test.fill(ConsecutiveRows(start: start, count: n), truths)
            counted &+= TruthBytes.count(truths, n, equalTo: true)
            start += n
        }
        return counted
    }

    override func firstPassing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        first(holding: true, in: range)
    }

    override func firstFailing(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, batch: Int) -> Int? {
        first(holding: false, in: range)
    }

    /// The first row of `range` whose truth is `holding`: blocks of 8 rows first, twice as many
    /// each time up to a batch, so a row found early costs little more than the rows before it.
    private func first(holding: Bool, in range: Range<Int>) -> Int? {
        var start = range.lowerBound, size = min(8, batch)
        while start < range.upperBound {
            let n = min(size, range.upperBound - start)
            size = min(2 * size, batch)
            test.fill(ConsecutiveRows(start: start, count: n), truths)
            if let offset = TruthBytes.first(truths, n, equalTo: holding) { return start + offset }
            start += n
        }
        return nil
    }

    override var isColumnar: Bool { true }

    deinit { truths.deallocate() }

    override func select(in range: Range<Int>, _ scratch: UnsafeMutablePointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        test.fill(ConsecutiveRows(start: range.lowerBound, count: range.count), truths)
        let truths = self.truths
        return RowFilter.keep(range, output) { truths[$0] }
    }

    override func select(_ input: UnsafeBufferPointer<Int>, _ output: UnsafeMutablePointer<Int>) -> Int {
        test.fill(input, truths)
        let truths = self.truths
        var offset = 0
        return RowFilter.keep(input, output) { _ in
            defer { offset &+= 1 }
            return truths[offset]
        }
    }
}

/// A `Double` operand computed for a batch of rows.
final class NumberColumn: BatchComputation {
    private indirect enum Source {
        case constant(Double)
        case column(ColumnArray<Double>)
        case arithmetic(ArithmeticOperator, NumberColumn, NumberColumn)
        case negate(NumberColumn)
        /// `Double(i)` of an `Int` column.
        case converted(ColumnArray<Int>)
        /// `Double(i)` of an `Int` computed a batch at a time (into `scratch`).
        case convertedInts(IntColumn)
        /// `x ?? k` of an optional `Double` or `Date` field.
        case coalesce(ColumnArray<Double?>, Double)
        /// `Double(x ?? k)` of an optional `Int` field.
        case convertedCoalesce(ColumnArray<Int?>, Int)
        /// `abs(x)`, `x.rounded()`, or `min` or `max` of two (the second in `scratch`).
        case function(RowPredicate.RowFunction, NumberColumn, NumberColumn?)
        /// `p ? a : b`, each branch computed for the rows it is taken for.
        case conditional(BatchConditional<Double>, NumberColumn, NumberColumn)
    }
    private let source: Source
    /// Where the right operand of arithmetic (or the `Int`s of a conversion) is computed.
    private let scratch: UnsafeMutablePointer<Double>?

    private init(_ source: Source, batch: Int = 0) {
        self.source = source
        switch source {
        case .arithmetic, .function(_, _, _?), .convertedInts: scratch = .allocate(capacity: batch)
        default: scratch = nil
        }
    }

    /// A batch of the operand's values for a sum to add (see `NumberSum`) or a caller to read:
    /// made on first use and kept with the column, which a sum's cache keeps between
    /// evaluations, so a sum allocates nothing. (A column is used by one evaluation at a time.)
    @exclusivity(unchecked) private var batchValues = KeptBuffer<Double>()

    deinit {
        scratch?.deallocate()
        batchValues.deallocate()
    }

    func batchBuffer(batch: Int) -> UnsafeMutablePointer<Double> { batchValues.room(for: batch) }

    static func constant(_ k: Double) -> NumberColumn { NumberColumn(.constant(k)) }

    var constant: Double? {
        if case .constant(let k) = source { k } else { nil }
    }

    /// Whether `withColumnReader` can read the operand in place (over consecutive rows): an
    /// `Int` column converted, an optional field with a fallback, alone or with a constant.
    var readsInPlace: Bool {
        func leaf(_ column: NumberColumn) -> Bool {
            switch column.source {
            case .converted, .convertedCoalesce, .coalesce: true
            default: false
            }
        }
        if case .arithmetic(_, let a, let b) = source, a.constant != nil || b.constant != nil { return leaf(a.constant != nil ? b : a) }
        return leaf(self)
    }

    var storedColumn: ColumnArray<Double>? {
        if case .column(let items) = source { items } else { nil }
    }
    static func column(_ items: ColumnArray<Double>) -> NumberColumn { NumberColumn(.column(items)) }
    static func arithmetic(_ op: ArithmeticOperator, _ a: NumberColumn, _ b: NumberColumn, batch: Int) -> NumberColumn {
        NumberColumn(.arithmetic(op, a, b), batch: batch)
    }
    static func negate(_ a: NumberColumn) -> NumberColumn { NumberColumn(.negate(a)) }
    static func converted(_ items: ColumnArray<Int>) -> NumberColumn { NumberColumn(.converted(items)) }
    static func converted(_ ints: IntColumn, batch: Int) -> NumberColumn { NumberColumn(.convertedInts(ints), batch: batch) }
    static func coalesce(_ items: ColumnArray<Double?>, _ k: Double) -> NumberColumn { NumberColumn(.coalesce(items, k)) }
    static func converted(_ items: ColumnArray<Int?>, coalescing k: Int) -> NumberColumn { NumberColumn(.convertedCoalesce(items, k)) }
    static func function(_ function: RowPredicate.RowFunction, _ a: NumberColumn, _ b: NumberColumn?, batch: Int) -> NumberColumn {
        NumberColumn(.function(function, a, b), batch: batch)
    }
    static func conditional(_ test: BatchConditional<Double>, _ a: NumberColumn, _ b: NumberColumn) -> NumberColumn {
        NumberColumn(.conditional(test, a, b))
    }

    /// Calls `body` with a reader of the operand's value by offset over the consecutive rows of
    /// `input`, read in place, where the operand is an `Int` column converted (`Double(i)`) or
    /// an optional field with a fallback (`x ?? k`, `Double(i ?? k)`), alone or in arithmetic
    /// with a constant; false (and no call) for other operands and rows.
    @inline(__always)
    func withColumnReader<Rows: BatchRows>(_ input: Rows, _ body: ((Int) -> Double) -> Void) -> Bool {
        guard let start = input.consecutiveStart else { return false }
        let count = input.count
        /// Calls `read` with the address of the column's value at the first row.
        func reading<T>(_ items: ColumnArray<T>, _ read: (UnsafePointer<T>) -> Void) {
            items.withElements(from: start, count: count, read)
        }
        // A converted or coalesced column and a constant (`1 - ($0.discount ?? 0)`): the
        // arithmetic in the reader, in the closure's operand order. (Written out for each
        // column and operator: a reader closure that captured another could not be passed on.)
        if case .arithmetic(let op, let a, let b) = source, let (k, constantFirst, leaf) = a.constant.map({ ($0, true, b) }) ?? b.constant.map({ ($0, false, a) }) {
            switch leaf.source {
            case .converted(let items):
                reading(items) { first in
                    switch (op, constantFirst) {
                    case (.doubleAdd, true): body { k + Double(first[$0]) }
                    case (.doubleAdd, false): body { Double(first[$0]) + k }
                    case (.doubleSubtract, true): body { k - Double(first[$0]) }
                    case (.doubleSubtract, false): body { Double(first[$0]) - k }
                    case (.doubleMultiply, true): body { k * Double(first[$0]) }
                    case (.doubleMultiply, false): body { Double(first[$0]) * k }
                    case (.doubleDivide, true): body { k / Double(first[$0]) }
                    case (.doubleDivide, false): body { Double(first[$0]) / k }
                    default: preconditionFailure("row arithmetic with an operator that can fail")
                    }
                }
            case .convertedCoalesce(let items, let fallback):
                guard let bits = OptionalNumberBits.make() else { return false }
                reading(items) { first in
                    switch (op, constantFirst) {
                    case (.doubleAdd, true): body { k + Double(bits.value(first + $0, or: fallback)) }
                    case (.doubleAdd, false): body { Double(bits.value(first + $0, or: fallback)) + k }
                    case (.doubleSubtract, true): body { k - Double(bits.value(first + $0, or: fallback)) }
                    case (.doubleSubtract, false): body { Double(bits.value(first + $0, or: fallback)) - k }
                    case (.doubleMultiply, true): body { k * Double(bits.value(first + $0, or: fallback)) }
                    case (.doubleMultiply, false): body { Double(bits.value(first + $0, or: fallback)) * k }
                    case (.doubleDivide, true): body { k / Double(bits.value(first + $0, or: fallback)) }
                    case (.doubleDivide, false): body { Double(bits.value(first + $0, or: fallback)) / k }
                    default: preconditionFailure("row arithmetic with an operator that can fail")
                    }
                }
            case .coalesce(let items, let fallback):
                guard let bits = OptionalNumberBits.make() else { return false }
                reading(items) { first in
                    switch (op, constantFirst) {
                    case (.doubleAdd, true): body { k + bits.value(first + $0, or: fallback) }
                    case (.doubleAdd, false): body { bits.value(first + $0, or: fallback) + k }
                    case (.doubleSubtract, true): body { k - bits.value(first + $0, or: fallback) }
                    case (.doubleSubtract, false): body { bits.value(first + $0, or: fallback) - k }
                    case (.doubleMultiply, true): body { k * bits.value(first + $0, or: fallback) }
                    case (.doubleMultiply, false): body { bits.value(first + $0, or: fallback) * k }
                    case (.doubleDivide, true): body { k / bits.value(first + $0, or: fallback) }
                    case (.doubleDivide, false): body { bits.value(first + $0, or: fallback) / k }
                    default: preconditionFailure("row arithmetic with an operator that can fail")
                    }
                }
            default:
                return false
            }
            return true
        }
        switch source {
        case .converted(let items):
            reading(items) { first in body { Double(first[$0]) } }
        case .convertedCoalesce(let items, let k):
            guard let bits = OptionalNumberBits.make() else { return false }
            reading(items) { first in body { Double(bits.value(first + $0, or: k)) } }
        case .coalesce(let items, let k):
            guard let bits = OptionalNumberBits.make() else { return false }
            reading(items) { first in body { bits.value(first + $0, or: k) } }
        default:
            return false
        }
        return true
    }

    /// `withValues`, or, where this is `other` (an operand used twice, see
    /// `RowPredicateBinder.numberColumn`), `values`, the ones already computed for it.
    @inline(__always)
    func withValues<Rows: BatchRows>(_ input: Rows, _ buffer: UnsafeMutablePointer<Double>, sameAs other: NumberColumn,
                                     _ values: UnsafePointer<Double>, _ body: (UnsafePointer<Double>) -> Void) {
        if self === other { return body(values) }
        withValues(input, buffer, body)
    }

    /// Whether the operand is computed in at most one loop over a batch: a column, read or
    /// converted or coalesced, or arithmetic of a column and a constant or of two columns.
    var fillsInOneLoop: Bool {
        switch source {
        case .constant, .column, .converted, .coalesce, .convertedCoalesce: return true
        case .arithmetic(_, let a, let b):
            switch (a.source, b.source) {
            case (.column, .column), (.column, .constant), (.constant, .column): return true
            default: return false
            }
        default: return false
        }
    }

    /// Whether `add` does an operation at the operand's root in its adding loop (arithmetic or
    /// a negation), rather than reading values computed before.
    var hasRootOperation: Bool {
        switch source {
        case .arithmetic, .negate: return true
        default: return false
        }
    }

    /// Adds the operand's value for each row of `input` (or those `terms` keeps, negated where
    /// it says) to `sum`, in order, with the operation at its root done in the loop that adds
    /// (see `NumberSum`); `buffer` holds a batch.
    func add<Rows: BatchRows>(_ input: Rows, to sum: inout Double, _ buffer: UnsafeMutablePointer<Double>,
                              _ terms: SumTerms = .every) {
        let count = input.count
        switch source {
        case .arithmetic(let op, let a, let b) where a.constant != nil && b.constant == nil:
            // Of a constant (`1 - x`), likewise, `k op x` in that order.
            let k = a.constant.unsafelyUnwrapped
            b.withValues(input, buffer) { y in
                switch op {
                case .doubleAdd: NumberSum.accumulate(&sum, count, terms) { offset in k + y[offset] }
                case .doubleSubtract: NumberSum.accumulate(&sum, count, terms) { offset in k - y[offset] }
                case .doubleMultiply: NumberSum.accumulate(&sum, count, terms) { offset in k * y[offset] }
                case .doubleDivide: NumberSum.accumulate(&sum, count, terms) { offset in k / y[offset] }
                default: preconditionFailure("row arithmetic with an operator that can fail")
                }
            }
        case .arithmetic(let op, let a, let b) where b.constant == nil && !b.readsInPlace && a.readsInPlace && input.consecutiveStart != nil:
            // A converted or coalesced left operand beside a right one computed in a pass
            // (`Double($1.quantity) * ($1.isGift ? 0 : $1.price)`): the right one filled, the
            // left read in the loop that adds, `a op b` in that order.
            b.withValues(input, buffer) { y in
                let fused = a.withColumnReader(input) { read in
                    switch op {
                    case .doubleAdd: NumberSum.accumulate(&sum, count, terms) { offset in read(offset) + y[offset] }
                    case .doubleSubtract: NumberSum.accumulate(&sum, count, terms) { offset in read(offset) - y[offset] }
                    case .doubleMultiply: NumberSum.accumulate(&sum, count, terms) { offset in read(offset) * y[offset] }
                    case .doubleDivide: NumberSum.accumulate(&sum, count, terms) { offset in read(offset) / y[offset] }
                    default: preconditionFailure("row arithmetic with an operator that can fail")
                    }
                }
                if fused { return }
                a.withValues(input, scratch.unsafelyUnwrapped) { x in NumberColumn.add(op, x, y, to: &sum, count, terms) }
            }
        case .arithmetic(let op, let a, let b):
            a.withValues(input, buffer) { x in
                if let k = b.constant {
                    switch op {
                    case .doubleAdd: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] + k }
                    case .doubleSubtract: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] - k }
                    case .doubleMultiply: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] * k }
                    case .doubleDivide: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] / k }
                    default: preconditionFailure("row arithmetic with an operator that can fail")
                    }
                    return
                }
                // A column converted or coalesced, read in the loop that adds: its reading
                // overlaps the additions, which wait on one another, rather than taking a pass.
                let fused = b.withColumnReader(input) { read in
                    switch op {
                    case .doubleAdd: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] + read(offset) }
                    case .doubleSubtract: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] - read(offset) }
                    case .doubleMultiply: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] * read(offset) }
                    case .doubleDivide: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] / read(offset) }
                    default: preconditionFailure("row arithmetic with an operator that can fail")
                    }
                }
                if fused { return }
                b.withValues(input, scratch.unsafelyUnwrapped, sameAs: a, x) { y in NumberColumn.add(op, x, y, to: &sum, count, terms) }
            }
        case .negate(let a):
            // `s + -x`, as the closure adds it, with the negation in the adding loop.
            a.add(input, to: &sum, buffer, terms.negated)
        case .conditional(let test, let a, let b) where terms.isEvery:
            test.add(input, to: &sum, pass: a, fail: b, buffer)
        default:
            withValues(input, buffer) { x in NumberSum.accumulate(&sum, count, terms) { offset in x[offset] } }
        }
    }

    /// Adds `x op y` of each offset to `sum`, as `terms` keeps them.
    @inline(__always)
    private static func add(_ op: ArithmeticOperator, _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, to sum: inout Double,
                            _ count: Int, _ terms: SumTerms) {
        switch op {
        case .doubleAdd: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] + y[offset] }
        case .doubleSubtract: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] - y[offset] }
        case .doubleMultiply: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] * y[offset] }
        case .doubleDivide: NumberSum.accumulate(&sum, count, terms) { offset in x[offset] / y[offset] }
        default: preconditionFailure("row arithmetic with an operator that can fail")
        }
    }

    /// Writes the operand's value for each row of `input`.
    func fill<Rows: BatchRows>(_ input: Rows, _ output: UnsafeMutablePointer<Double>) {
        switch source {
        case .constant(let k):
            output.update(repeating: k, count: input.count)
        case .column(let items):
            items.gather(input, into: output)
        case .negate(let inner):
            inner.fill(input, output)
            for offset in 0..<input.count { output[offset] = -output[offset] }
        case .converted(let items):
            items.withUnsafeBufferPointer { column in
                for offset in 0..<input.count { output[offset] = Double(column[input[offset]]) }
            }
        case .convertedInts(let ints):
            // The `Int`s in the scratch buffer, as wide as the `Double`s it holds otherwise.
            scratch.unsafelyUnwrapped.withMemoryRebound(to: Int.self, capacity: input.count) { x in
                ints.fill(input, x)
                for offset in 0..<input.count { output[offset] = Double(x[offset]) }
            }
        case .coalesce(let items, let k):
            items.fill(input, coalescing: k, into: output)
        case .convertedCoalesce(let items, let k):
            items.fill(input, coalescing: k, convertingInto: output)
        case .conditional(let test, let a, let b):
            test.fill(input, output, pass: a, fail: b)
        case .function(let function, let a, let b):
            let extremeIsMax = function.doubleExtremeIsMax, isMax = extremeIsMax == true
            if extremeIsMax != nil, let b, let k = a.constant, b.constant == nil {
                // `max(k, x)` of a constant: `x` computed, the constant read as itself, still first.
                b.fill(input, output)
                for offset in 0..<input.count { output[offset] = BuiltinImplementations.swiftExtreme(k, output[offset], isMax: isMax) }
                return
            }
            a.fill(input, output)
            switch function {
            case .absDouble: for offset in 0..<input.count { output[offset] = abs(output[offset]) }
            case .rounded: for offset in 0..<input.count { output[offset] = BranchFreeDouble.rounded(output[offset]) }
            case .minDouble, .maxDouble:
                if let k = b!.constant {
                    for offset in 0..<input.count { output[offset] = BuiltinImplementations.swiftExtreme(output[offset], k, isMax: isMax) }
                    return
                }
                b!.fill(input, scratch!)
                let y = scratch!
                for offset in 0..<input.count { output[offset] = BuiltinImplementations.swiftExtreme(output[offset], y[offset], isMax: isMax) }
            default: preconditionFailure("no batch form of \(function)")
            }
        case .arithmetic(let op, let a, let b):
            if case .constant(let k) = a.source, b.constant == nil {
                // Of a constant (`1 - x`, `now - date`, as `Date.now.timeIntervalSince($0.date)`
                // computes it), without a batch of copies of it; still `k op x`, in that order.
                b.fill(input, output)
                switch op {
                case .doubleAdd: for offset in 0..<input.count { output[offset] = k + output[offset] }
                case .doubleSubtract: for offset in 0..<input.count { output[offset] = k - output[offset] }
                case .doubleMultiply: for offset in 0..<input.count { output[offset] = k * output[offset] }
                case .doubleDivide: for offset in 0..<input.count { output[offset] = k / output[offset] }
                default: preconditionFailure("row arithmetic with an operator that can fail")
                }
                return
            }
            // A stored column on either side is read in place over consecutive rows (see
            // `withValues`), not copied a batch at a time first.
            let count = input.count
            a.withValues(input, output) { x in
                if case .constant(let k) = b.source {
                    // By a constant (`x * 2`), without a batch of copies of it.
                    switch op {
                    case .doubleAdd: for offset in 0..<count { output[offset] = x[offset] + k }
                    case .doubleSubtract: for offset in 0..<count { output[offset] = x[offset] - k }
                    case .doubleMultiply: for offset in 0..<count { output[offset] = x[offset] * k }
                    case .doubleDivide: for offset in 0..<count { output[offset] = x[offset] / k }
                    default: preconditionFailure("row arithmetic with an operator that can fail")
                    }
                    return
                }
                // A converted or coalesced column (`$0.price * Double($0.quantity)`) read in the
                // loop that combines, rather than in a pass of its own.
                let fused = b.withColumnReader(input) { read in
                    switch op {
                    case .doubleAdd: for offset in 0..<count { output[offset] = x[offset] + read(offset) }
                    case .doubleSubtract: for offset in 0..<count { output[offset] = x[offset] - read(offset) }
                    case .doubleMultiply: for offset in 0..<count { output[offset] = x[offset] * read(offset) }
                    case .doubleDivide: for offset in 0..<count { output[offset] = x[offset] / read(offset) }
                    default: preconditionFailure("row arithmetic with an operator that can fail")
                    }
                }
                if fused { return }
                b.withValues(input, scratch.unsafelyUnwrapped, sameAs: a, x) { y in
                    switch op {
                    case .doubleAdd: for offset in 0..<count { output[offset] = x[offset] + y[offset] }
                    case .doubleSubtract: for offset in 0..<count { output[offset] = x[offset] - y[offset] }
                    case .doubleMultiply: for offset in 0..<count { output[offset] = x[offset] * y[offset] }
                    case .doubleDivide: for offset in 0..<count { output[offset] = x[offset] / y[offset] }
                    default: preconditionFailure("row arithmetic with an operator that can fail")
                    }
                }
            }
        }
    }
}
