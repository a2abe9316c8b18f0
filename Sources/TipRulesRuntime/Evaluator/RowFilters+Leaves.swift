import TipRulesSemantics
import TipRulesSyntax

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
        // (`Int`s one at a time too: their blocks are counted four rows at a time but not
        // vectorised (no `Int` comparison without SSE4.2), so counting a block and then searching
        // it cost more than the plain loop, whose branch is mispredicted once: W292 5,466 → 4,465
        // instructions, a search of all 1,000 rows 7,595 → 7,192.)
        case .ints(let items, let k): return ColumnFilter.first(passing: passing, items, op, k, range, countsBlocks: false)
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
    /// compiler vectorises for `Double`s) and only the block with a failing row searched, so a
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
