import TipRulesSemantics

/// A row predicate computed for a batch of rows as one `Bool` a row, each test in a loop of
/// its own (the comparisons of numbers and `Int`s that `NumberColumn` and `IntColumn` compute,
/// nil tests of optional fields, a `String` field against a constant, `isEmpty`, `hasPrefix` and
/// `hasSuffix` of a stored string (`StringColumnTest`), and `&&`, `||` and `!` of those),
/// without a branch per row: what a ternary whose branches cannot fail chooses its value
/// by (see `BatchConditional`), and what counts and searches of such a predicate go through
/// (see `Evaluator.rowCounter`). Other tests, where a caller allows them, run row by row.
///
/// The tests of `&&` and `||` of typed tests are computed for every row while many rows are
/// open, and for the open rows alone once few are (see `fillJunction`); a test run row by row
/// only on the rows the other side leaves open. Either changes nothing: no test here fails or
/// charges work (any `Int` arithmetic in a predicate is proven safe, or checked, before it is
/// computed).
final class TestColumn: BatchComputation {
    /// What the test computes. Every payload is a plain value: operands and stored values are
    /// referred to without being retained (`owned` keeps them, values in a `Held` box), so
    /// reading the test's source at each batch copies no reference. (Bound from payloads of
    /// references, or from an indirect case's box, each was retained and released around its
    /// use: about a dozen atomic operations a batch for a junction of two comparisons.)
    private enum Source {
        case constant(Bool)
        case numbers(Unmanaged<NumberColumn>, ComparisonOperator, Unmanaged<NumberColumn>)
        case ints(Unmanaged<IntColumn>, ComparisonOperator, Unmanaged<IntColumn>)
        /// `a && b` (or, with `isAnd` false, `a || b`) of a `b` too cheap to compute for a list of
        /// rows: both computed for every row.
        case pair(Unmanaged<TestColumn>, Unmanaged<TestColumn>, isAnd: Bool)
        /// `a && b && ...` (or, with `isAnd` false, `a || b || ...`), flattened (see `fillJunction`).
        case junction(UnsafeMutableBufferPointer<Unmanaged<TestColumn>>, isAnd: Bool)
        case not(Unmanaged<TestColumn>)
        /// `x == nil` (or, with `isNil` false, `x != nil`) of an optional number field.
        case nilTest(Unmanaged<Held<ColumnArray<Int?>>>, isNil: Bool)
        case nilNumberTest(Unmanaged<Held<ColumnArray<Double?>>>, isNil: Bool)
        case nilStringTest(Unmanaged<Held<ColumnArray<String?>>>, isNil: Bool)
        /// A `String` field compared with a value the same for every row.
        case strings(Unmanaged<Held<(ColumnArray<String>, String)>>, ComparisonOperator)
        /// A `String` field `==` (`wanted` true) or `!=` a constant (see `StringEquality`).
        case equalStrings(Unmanaged<Held<(ColumnArray<String>, StringEquality)>>, wanted: Bool)
        /// The same of a `String?` field: nil is equal to no string, as in Swift.
        case equalOptionalStrings(Unmanaged<Held<(ColumnArray<String?>, StringEquality)>>, wanted: Bool)
        /// A test of a stored string that charges no work (see `StringColumnTest`).
        case stringTest(Unmanaged<Held<StringColumnTest>>)
        /// A `Bool` field (`$0.isGift`, `$0.isGift == false`): whether it is `holdsWhen`.
        case bools(Unmanaged<Held<ColumnArray<Bool>>>, holdsWhen: Bool)
        /// `a && b` (or, with `isAnd` false, `a || b`) where `b` is run row by row: only on the
        /// rows whose answer `a` leaves open, as the closure runs it, so a string test after a
        /// selective column test costs what the closure's does.
        case leaving(Unmanaged<TestColumn>, Unmanaged<HeldRowTest>, isAnd: Bool)
        /// Any other test, bound to be run row by row (a string test, a comparison of strings).
        case rows(Unmanaged<HeldRowTest>)
    }

    /// What a `Source` is made with: its references, which the test keeps alive.
    private struct Keeper {
        var owned: [AnyObject] = []
        mutating func reference<T: AnyObject>(_ object: T) -> Unmanaged<T> {
            owned.append(object)
            return .passUnretained(object)
        }
        mutating func held<T>(_ value: T) -> Unmanaged<Held<T>> { reference(Held(value)) }
        mutating func held(_ test: @escaping (Int) -> Bool) -> Unmanaged<HeldRowTest> { reference(HeldRowTest(test)) }
    }
    private let source: Source
    /// The operands `source` refers to, kept alive.
    private let owned: [AnyObject]
    /// The compared operands' values; or, for a junction, the rows still open and their
    /// offsets in the batch (two batches of `Int`s), then a test's truths for them.
    private let scratch: UnsafeMutableRawPointer?
    /// A batch of truths for a caller to read (see `BatchComputation.batchBuffer`).
    @exclusivity(unchecked) private var batchValues = KeptBuffer<Bool>()
    private let batch: Int
    /// About how many instructions the test takes a row when computed for a whole batch: what
    /// a junction weighs against listing the rows its first tests leave open (see
    /// `fillJunction`). Rough by design; it only chooses between two ways to the same truths.
    private let rowCost: Int

    private convenience init(batch: Int, _ make: (inout Keeper) -> Source) {
        var keeper = Keeper()
        let source = make(&keeper)
        self.init(source, owning: keeper.owned, batch: batch)
    }

    private init(_ source: Source, owning owned: [AnyObject], batch: Int) {
        self.source = source
        self.owned = owned
        self.batch = batch
        switch source {
        case .numbers: scratch = UnsafeMutableRawPointer(UnsafeMutablePointer<Double>.allocate(capacity: 2 * batch))
        case .ints: scratch = UnsafeMutableRawPointer(UnsafeMutablePointer<Int>.allocate(capacity: 2 * batch))
        case .pair: scratch = UnsafeMutableRawPointer(UnsafeMutablePointer<Bool>.allocate(capacity: batch))
        case .junction:
            scratch = UnsafeMutableRawPointer.allocate(byteCount: 2 * batch * MemoryLayout<Int>.stride + batch, alignment: MemoryLayout<Int>.alignment)
        case .constant, .not, .nilTest, .nilNumberTest, .nilStringTest, .strings, .equalStrings, .equalOptionalStrings, .stringTest, .bools,
             .leaving, .rows: scratch = nil
        }
        rowCost = TestColumn.rowCost(of: source)
    }

    private static func rowCost(of source: Source) -> Int {
        func operand<Column: BatchComputation>(_ column: Column) -> Int {
            column.constant != nil || column.storedColumn != nil ? 1 : 6
        }
        switch source {
        case .constant: return 0
        case .bools: return 1
        case .numbers(let a, _, let b): return operand(a.takeUnretainedValue()) + operand(b.takeUnretainedValue())
        case .ints(let a, _, let b): return operand(a.takeUnretainedValue()) + operand(b.takeUnretainedValue())
        case .nilTest, .nilNumberTest, .nilStringTest: return 8
        case .not(let a): return a.takeUnretainedValue().rowCost + 1
        case .pair(let a, let b, _): return a.takeUnretainedValue().rowCost + b.takeUnretainedValue().rowCost + 2
        case .junction(let tests, _): return tests.reduce(0) { $0 + $1.takeUnretainedValue().rowCost + 1 }
        case .strings, .stringTest: return 12
        case .equalStrings, .equalOptionalStrings: return 4
        case .leaving(let a, _, _): return a.takeUnretainedValue().rowCost + 12
        case .rows: return 20
        }
    }

    deinit {
        scratch?.deallocate()
        batchValues.deallocate()
        if case .junction(let tests, _) = source { tests.deallocate() }
    }

    func batchBuffer(batch: Int) -> UnsafeMutablePointer<Bool> { batchValues.room(for: batch) }

    var constant: Bool? {
        if case .constant(let flag) = source { flag } else { nil }
    }

    /// The test (of `predicate`) as one run a row at a time, for one that is (a string test,
    /// though it has a loop of its own, is run only on the rows the other side of `&&` or `||`
    /// leaves open, as the closure runs it, and is bound as the closure tests it); nil for a
    /// typed test.
    private func rowTest(_ predicate: RowPredicate, _ binder: RowPredicateBinder) -> ((Int) -> Bool)? {
        switch source {
        case .rows(let test): return test.takeUnretainedValue().test
        case .stringTest: return binder.bind(predicate)
        default: return nil
        }
    }

    /// The most a test can cost a row (see `rowCost`) for a junction never to list rows for it
    /// alone: listing rows costs more.
    private static let cheap = 2

    /// The tests of a junction of the same kind (`a && b` within `a && b && c`), else the test.
    private func terms(isAnd: Bool) -> [TestColumn] {
        switch source {
        case .junction(let tests, isAnd): tests.map { $0.takeUnretainedValue() }
        case .pair(let a, let b, isAnd): [a.takeUnretainedValue(), b.takeUnretainedValue()]
        default: [self]
        }
    }

    var storedColumn: ColumnArray<Bool>? {
        if case .bools(let items, holdsWhen: true) = source { items.takeUnretainedValue().value } else { nil }
    }

    /// The predicate computed a batch at a time, or nil when some test of it has no such form
    /// (string tests, other optionals than `x ?? k` and nil tests, nested scans). With
    /// `allowingRows`, such a test (but a nested scan) is run row by row into the batch's
    /// truths, as a scan would run it, and a `String` field is compared with a constant in a
    /// loop: only for a predicate that charges no work, so that testing rows past the ones a
    /// caller needs changes nothing.
    static func make(_ predicate: RowPredicate, _ binder: RowPredicateBinder, allowingRows: Bool = false) -> TestColumn? {
        let batch = binder.batch
        // A string test alone, negated, or with the nil test that guards it, in a loop of its own.
        if allowingRows, let test = StringColumnTest.make(predicate, binder) { return TestColumn(batch: batch) { .stringTest($0.held(test)) } }
        switch predicate {
        case .constant(let flag):
            return TestColumn(.constant(flag), owning: [], batch: batch)
        case .compare(.field(let index), let op, .constant(.null)) where op == .equal || op == .notEqual,
             .compare(.constant(.null), let op, .field(let index)) where op == .equal || op == .notEqual:
            switch binder.stream.columns[index] {
            case .optionalInt(let items): return TestColumn(batch: batch) { .nilTest($0.held(items), isNil: op == .equal) }
            case .optionalDouble(let items), .optionalDate(let items):
                return TestColumn(batch: batch) { .nilNumberTest($0.held(items), isNil: op == .equal) }
            case .optionalString(let items): return TestColumn(batch: batch) { .nilStringTest($0.held(items), isNil: op == .equal) }
            default: return allowingRows ? rowByRow(predicate, binder) : nil
            }
        case .compare(let a, let op, let b):
            if let (items, holdsWhen) = boolComparison(a, op, b, binder) {
                return TestColumn(batch: batch) { .bools($0.held(items), holdsWhen: holdsWhen) }
            }
            if let x = binder.numberColumn(a), let y = binder.numberColumn(b) {
                return TestColumn(batch: batch) { .numbers($0.reference(x), op, $0.reference(y)) }
            }
            if let x = IntColumn.make(a, binder), let y = IntColumn.make(b, binder) {
                return TestColumn(batch: batch) { .ints($0.reference(x), op, $0.reference(y)) }
            }
            guard allowingRows else { return nil }
            if let (items, op, k) = stringComparison(a, op, b, binder) {
                switch op {
                case .equal: return TestColumn(batch: batch) { .equalStrings($0.held((items, StringEquality(k))), wanted: true) }
                case .notEqual: return TestColumn(batch: batch) { .equalStrings($0.held((items, StringEquality(k))), wanted: false) }
                default: return TestColumn(batch: batch) { .strings($0.held((items, k)), op) }
                }
            }
            if let (items, k) = optionalStringEquality(a, op, b, binder) {
                return TestColumn(batch: batch) { .equalOptionalStrings($0.held((items, StringEquality(k))), wanted: op == .equal) }
            }
            return rowByRow(predicate, binder)
        case .and(let a, let b), .or(let a, let b):
            guard let x = make(a, binder, allowingRows: allowingRows), let y = make(b, binder, allowingRows: allowingRows) else { return nil }
            let isAnd = if case .and = predicate { true } else { false }
            // A test run row by row goes last and runs only where the other leaves the answer
            // open; both run row by row: the whole of it as one test, which stops where the
            // closure stops. (The order of the operands changes no answer: a scanned predicate
            // cannot fail, and one run row by row here charges no work.)
            switch (x.rowTest(a, binder), y.rowTest(b, binder)) {
            case (_?, _?): return rowByRow(predicate, binder)
            case (let test?, nil): return TestColumn(batch: batch) { .leaving($0.reference(y), $0.held(test), isAnd: isAnd) }
            case (nil, let test?): return TestColumn(batch: batch) { .leaving($0.reference(x), $0.held(test), isAnd: isAnd) }
            default:
                let tests = x.terms(isAnd: isAnd) + y.terms(isAnd: isAnd)
                if tests.count == 2 && y.rowCost <= TestColumn.cheap {
                    return TestColumn(batch: batch) { .pair($0.reference(x), $0.reference(y), isAnd: isAnd) }
                }
                let references = UnsafeMutableBufferPointer<Unmanaged<TestColumn>>.allocate(capacity: tests.count)
                _ = references.initialize(from: tests.lazy.map { .passUnretained($0) })
                return TestColumn(.junction(references, isAnd: isAnd), owning: tests, batch: batch)
            }
        case .not(let a):
            guard let x = make(a, binder, allowingRows: allowingRows) else { return nil }
            if case .rows = x.source { return rowByRow(predicate, binder) }
            return TestColumn(batch: batch) { .not($0.reference(x)) }
        case .string:
            return allowingRows ? rowByRow(predicate, binder) : nil
        case .exists:
            return nil
        }
    }

    /// The predicate bound to be run row by row.
    private static func rowByRow(_ predicate: RowPredicate, _ binder: RowPredicateBinder) -> TestColumn {
        TestColumn(batch: binder.batch) { .rows($0.held(binder.bind(predicate))) }
    }

    /// `a op b` as a `String` field compared with a value the same for every row, the field
    /// first; nil for other operands.
    private static func stringComparison(_ a: RowPredicate.Operand, _ op: ComparisonOperator, _ b: RowPredicate.Operand,
                                         _ binder: RowPredicateBinder) -> (ColumnArray<String>, ComparisonOperator, String)? {
        if case .field(let index) = a, b.isInvariant, case .string(let items) = binder.stream.columns[index],
           case .string(let k) = binder.invariant(b) {
            return (items, op, k)
        }
        if case .field(let index) = b, a.isInvariant, case .string(let items) = binder.stream.columns[index],
           case .string(let k) = binder.invariant(a) {
            return (items, op.mirrored, k)
        }
        return nil
    }

    /// `a == k` or `a != k` of a `String?` field and a string the same for every row (either
    /// operand may be the field); nil for other operands and operators.
    private static func optionalStringEquality(_ a: RowPredicate.Operand, _ op: ComparisonOperator, _ b: RowPredicate.Operand,
                                               _ binder: RowPredicateBinder) -> (ColumnArray<String?>, String)? {
        guard op == .equal || op == .notEqual else { return nil }
        let (field, constant): (Int, RowPredicate.Operand)
        switch (a, b) {
        case (.field(let index), let k) where k.isInvariant, (let k, .field(let index)) where k.isInvariant: (field, constant) = (index, k)
        default: return nil
        }
        guard case .optionalString(let items) = binder.stream.columns[field] else { return nil }
        switch binder.invariant(constant) {
        case .string(let k), .some(.string(let k)): return (items, k)
        default: return nil
        }
    }

    /// `a == k` or `a != k` as a `Bool` field and the `Bool` its rows must hold to pass (either
    /// operand may be the field); nil for other operands.
    private static func boolComparison(_ a: RowPredicate.Operand, _ op: ComparisonOperator, _ b: RowPredicate.Operand,
                                       _ binder: RowPredicateBinder) -> (ColumnArray<Bool>, Bool)? {
        guard op == .equal || op == .notEqual else { return nil }
        let field: Int, k: Bool
        switch (a, b) {
        case (.field(let index), .constant(.bool(let flag))), (.constant(.bool(let flag)), .field(let index)): (field, k) = (index, flag)
        default: return nil
        }
        guard case .bool(let items) = binder.stream.columns[field] else { return nil }
        return (items, op == .equal ? k : !k)
    }

    /// Writes whether the predicate holds for each row of `input`.
    func fill<Rows: BatchRows>(_ input: Rows, _ output: UnsafeMutablePointer<Bool>) {
        let count = input.count
        switch source {
        case .constant(let flag):
            output.update(repeating: flag, count: count)
        case .numbers(let a, let op, let b):
            a._withUnsafeGuaranteedRef { a in b._withUnsafeGuaranteedRef { b in compareOperands(a, op, b, input, output) } }
        case .ints(let a, let op, let b):
            a._withUnsafeGuaranteedRef { a in b._withUnsafeGuaranteedRef { b in compareOperands(a, op, b, input, output) } }
        case .pair(let a, let b, let isAnd):
            let y = scratch.unsafelyUnwrapped.assumingMemoryBound(to: Bool.self)
            a._withUnsafeGuaranteedRef { $0.fill(input, output) }
            b._withUnsafeGuaranteedRef { $0.fill(input, y) }
            // (Inlined, unlike a junction's `combine(_:_:_:isAnd:)`: a pair has no other loop
            // whose set-up the call would spare, and a search's small first blocks pay for it.)
            isAnd ? TestColumn.combine(output, y, count, &) : TestColumn.combine(output, y, count, |)
        case .junction(let tests, let isAnd):
            fillJunction(tests, isAnd: isAnd, input, output)
        case .not(let a):
            a._withUnsafeGuaranteedRef { $0.fill(input, output) }
            for offset in 0..<count { output[offset] = !output[offset] }
        case .nilTest(let items, let isNil):
            items.withValue { items in
                if !TestColumn.testNilTags(items, isNil, input, output) { TestColumn.testNil(items, isNil, input, output) }
            }
        case .nilNumberTest(let items, let isNil):
            items.withValue { items in
                if !TestColumn.testNilTags(items, isNil, input, output) { TestColumn.testNil(items, isNil, input, output) }
            }
        case .nilStringTest(let items, let isNil):
            items.withValue { TestColumn.testNilStrings($0, isNil, input, output) }
        case .strings(let comparison, let op):
            comparison.withValue { (items: ColumnArray<String>, k: String) in
                items.withUnsafeBufferPointer { column in
                    TestColumn.compare(op, count, output) { column[input[$0]] } _: { _ in k }
                }
            }
        case .equalStrings(let comparison, let wanted):
            comparison.withValue { (items: ColumnArray<String>, equality: StringEquality) in
                items.withUnsafeBufferPointer { column in
                    for offset in 0..<count { output[offset] = equality.holds(column[input[offset]]) == wanted }
                }
            }
        case .equalOptionalStrings(let comparison, let wanted):
            comparison.withValue { (items: ColumnArray<String?>, equality: StringEquality) in
                items.withUnsafeBufferPointer { column in
                    let base = column.baseAddress.unsafelyUnwrapped, rows = column.count
                    for offset in 0..<count {
                        let position = input[offset]
                        precondition(UInt(bitPattern: position) < UInt(bitPattern: rows), "TestColumn position out of bounds")
                        output[offset] = equality.holds(base + position) == wanted
                    }
                }
            }
        case .stringTest(let test):
            test.withValue { $0.fill(input, output) }
        case .bools(let items, let holdsWhen):
            items.withValue { $0.withUnsafeBufferPointer { column in
                guard let start = input.consecutiveStart, count > 0 else {
                    for offset in 0..<count { output[offset] = column[input[offset]] == holdsWhen }
                    return
                }
                // Consecutive rows: their bytes (0 or 1) as they are, or flipped, in a loop of
                // bytes that vectorises (one of `Bool`s compares each and does not).
                precondition(start >= 0 && start + count <= column.count, "rows past a column's end")
                let bytes = UnsafeRawPointer(column.baseAddress.unsafelyUnwrapped + start).assumingMemoryBound(to: UInt8.self)
                let flip: UInt8 = holdsWhen ? 0 : 1
                UnsafeMutableRawPointer(output).withMemoryRebound(to: UInt8.self, capacity: count) { truths in
                    for offset in 0..<count { truths[offset] = bytes[offset] ^ flip }
                }
            } }
        case .leaving(let a, let test, let isAnd):
            a._withUnsafeGuaranteedRef { $0.fill(input, output) }
            // (A branch a row: the closure's own, taken where it calls the test.)
            test._withUnsafeGuaranteedRef { held in
                for offset in 0..<count where output[offset] == isAnd { output[offset] = held.test(input[offset]) }
            }
        case .rows(let test):
            test._withUnsafeGuaranteedRef { held in
                for offset in 0..<count { output[offset] = held.test(input[offset]) }
            }
        }
    }

    /// `a && b && ...` (`a || b || ...` unless `isAnd`) for each row of `input`. The first test
    /// is computed for every row; each next one too, and combined with the truths so far, while
    /// many rows are still open (true for `&&`, false for `||`). Once few are, as after a
    /// selective first test, the open rows are listed and each next test computed for those
    /// alone, the list narrowed after each: the closure's short-circuit, a batch at a time.
    /// (Either way gives the same truths: no test here fails or charges work.)
    private func fillJunction<Rows: BatchRows>(_ tests: UnsafeMutableBufferPointer<Unmanaged<TestColumn>>, isAnd: Bool, _ input: Rows,
                                               _ output: UnsafeMutablePointer<Bool>) {
        let count = input.count
        let offsets = scratch.unsafelyUnwrapped.assumingMemoryBound(to: Int.self)
        let rows = offsets + batch
        let truths = UnsafeMutableRawPointer(rows + batch).assumingMemoryBound(to: Bool.self)
        tests[0]._withUnsafeGuaranteedRef { $0.fill(input, output) }
        var remaining = rowCost - tests[0]._withUnsafeGuaranteedRef { $0.rowCost } - 1
        var next = 1
        while next < tests.count {
            // Listing the open rows costs about an instruction a row of the batch and six a
            // listed row, and a test computed for listed rows about eight more a row (its
            // operands gathered, the list narrowed): never worth it (nor counting them) for
            // tests left that cost less than two a row, such as one column compared, nor for
            // a small batch, such as a search's first blocks.
            if remaining > TestColumn.cheap + 1 && count >= 32 {
                let open = TruthBytes.count(output, count, equalTo: isAnd)
                if open == 0 { return }
                if count + (remaining + 6 + 8 * (tests.count - next)) * open < remaining * count { break }
            }
            tests[next]._withUnsafeGuaranteedRef { $0.fill(input, truths) }
            TestColumn.combine(output, truths, count, isAnd: isAnd)
            remaining -= tests[next]._withUnsafeGuaranteedRef { $0.rowCost } + 1
            next += 1
        }
        guard next < tests.count else { return }
        var open = TruthBytes.list(output, equalTo: isAnd, input, offsets: offsets, rows: rows)
        while next < tests.count && open > 0 {
            tests[next]._withUnsafeGuaranteedRef { $0.fill(UnsafeBufferPointer(start: rows, count: open), truths) }
            open = TestColumn.narrow(open, truths, output, offsets, rows, isAnd: isAnd)
            next += 1
        }
    }

    /// Writes the truths of the `open` listed rows to their places in `output`, and narrows the
    /// list to the rows still open (true for `&&`, false for `||`); returns how many are.
    /// (Not inlined, as nor are the other loops of a junction: each inlined loop's set-up runs at
    /// every batch, whether the batch needs the loop or not.)
    @inline(never)
    private static func narrow(_ open: Int, _ truths: UnsafeMutablePointer<Bool>, _ output: UnsafeMutablePointer<Bool>,
                               _ offsets: UnsafeMutablePointer<Int>, _ rows: UnsafeMutablePointer<Int>, isAnd: Bool) -> Int {
        var kept = 0
        for index in 0..<open {
            let truth = truths[index]
            output[offsets[index]] = truth
            offsets[kept] = offsets[index]
            rows[kept] = rows[index]
            kept &+= (truth == isAnd).bit
        }
        return kept
    }

    /// `combine` by `&` for `&&`, by `|` for `||`.
    @inline(never)
    private static func combine(_ output: UnsafeMutablePointer<Bool>, _ other: UnsafeMutablePointer<Bool>, _ count: Int, isAnd: Bool) {
        isAnd ? combine(output, other, count, &) : combine(output, other, count, |)
    }

    /// Whether each row's value is nil (with `isNil`; not nil otherwise).
    @inline(__always)
    private static func testNil<T>(_ items: ColumnArray<T?>, _ isNil: Bool, _ input: some BatchRows, _ output: UnsafeMutablePointer<Bool>) {
        items.withUnsafeBufferPointer { column in
            for offset in 0..<input.count { output[offset] = (column[input[offset]] == nil) == isNil }
        }
    }

    /// `testNil` of a `String?` column, each row's nil told by its marker word
    /// (`OptionalStringPattern`): `== nil` on a `String?` compiled to about 12 instructions a
    /// row, this to about 8 (W1876).
    private static func testNilStrings(_ items: ColumnArray<String?>, _ isNil: Bool, _ input: some BatchRows,
                                       _ output: UnsafeMutablePointer<Bool>) {
        let count = input.count
        guard count > 0, let pattern = OptionalStringPattern.current else { return testNil(items, isNil, input, output) }
        let flip = isNil ? 0 : 1
        items.withUnsafeBufferPointer { column in
            if let start = input.consecutiveStart { precondition(start >= 0 && start + count <= column.count, "rows past a column's end") }
            let base = column.baseAddress.unsafelyUnwrapped
            UnsafeMutableRawPointer(output).withMemoryRebound(to: UInt8.self, capacity: count) { truths in
                for offset in 0..<count { truths[offset] = UInt8(truncatingIfNeeded: pattern.nilBit(base + input[offset]) ^ flip) }
            }
        }
    }

    /// Whether `withRowTest` has a test of a row for this test (over consecutive rows).
    var hasRowTest: Bool {
        switch source {
        case .bools, .nilStringTest, .nilTest, .nilNumberTest: return true
        default: return false
        }
    }

    /// Calls `body` with the test of the row at an offset of `input`'s consecutive rows, read in
    /// place, where the test is of one column (a `Bool` field, or whether an optional field is
    /// nil), so that a loop that waits on something else (a `Double` sum's additions) can test
    /// each row as it goes rather than after a pass of its own; false (and no call) otherwise.
    @inline(__always)
    func withRowTest<Rows: BatchRows>(_ input: Rows, _ body: ((Int) -> Bool) -> Void) -> Bool {
        guard hasRowTest else { return false }
        guard let start = input.consecutiveStart else { return false }
        let count = input.count
        func reading<T>(_ items: ColumnArray<T>, _ read: (UnsafePointer<T>) -> Void) {
            items.withElements(from: start, count: count, read)
        }
        switch source {
        case .bools(let items, let holdsWhen):
            items.withValue { reading($0) { first in body { first[$0] == holdsWhen } } }
        case .nilStringTest(let items, let isNil):
            guard let pattern = OptionalStringPattern.current else {
                items.withValue { reading($0) { first in body { (first[$0] == nil) == isNil } } }
                break
            }
            let flip = isNil ? 0 : 1
            items.withValue { reading($0) { first in body { pattern.nilBit(first + $0) ^ flip == 1 } } }
        case .nilTest(let items, let isNil):
            guard let bits = OptionalNumberBits.make() else { return false }
            items.withValue { reading($0) { first in body { (bits.nilBit(first + $0) == 1) == isNil } } }
        case .nilNumberTest(let items, let isNil):
            guard let bits = OptionalNumberBits.make() else { return false }
            items.withValue { reading($0) { first in body { (bits.nilBit(first + $0) == 1) == isNil } } }
        default:
            return false
        }
        return true
    }

    /// `testNil` of an optional number over consecutive rows: each row's tag byte (1 for nil,
    /// see `OptionalNumberBits`) as it is or flipped, read at its stride, without comparing
    /// optionals. False, writing nothing, for other rows or another layout.
    @inline(__always)
    private static func testNilTags<T: OptionalNumberBits.Number>(_ items: ColumnArray<T?>, _ isNil: Bool, _ input: some BatchRows,
                                                                  _ output: UnsafeMutablePointer<Bool>) -> Bool {
        let count = input.count
        guard let start = input.consecutiveStart, count > 0, OptionalNumberBits.make() != nil else { return false }
        let flip: UInt8 = isNil ? 0 : 1
        items.withUnsafeBufferPointer { column in
            precondition(start >= 0 && start + count <= column.count, "rows past a column's end")
            let tags = UnsafeRawPointer(column.baseAddress.unsafelyUnwrapped + start) + 8
            let stride = MemoryLayout<T?>.stride
            UnsafeMutableRawPointer(output).withMemoryRebound(to: UInt8.self, capacity: count) { truths in
                for offset in 0..<count { truths[offset] = tags.load(fromByteOffset: offset &* stride, as: UInt8.self) ^ flip }
            }
        }
        return true
    }

    /// `a op b` for each row of `input`, both computed into the scratch buffer (two batches of
    /// their values) unless a column is compared with a constant over consecutive rows; a
    /// computed operand compared with a constant (`abs($0.score - 2.5) < 0.05`) without a batch
    /// of copies of the constant.
    @inline(__always)
    private func compareOperands<Column: BatchComputation, Rows: BatchRows>(
        _ a: Column, _ op: ComparisonOperator, _ b: Column, _ input: Rows, _ output: UnsafeMutablePointer<Bool>
    ) where Column.Value: Comparable {
        if TestColumn.compareInPlace(a, op, b, input, output) { return }
        let count = input.count
        let x = scratch.unsafelyUnwrapped.assumingMemoryBound(to: Column.Value.self)
        if let k = b.constant {
            a.fill(input, x)
            TestColumn.compare(op, count, output, x, k)
        } else if let k = a.constant {
            b.fill(input, x)
            // `k op x` is `x op' k` for the mirrored operator, NaN included (both are false).
            TestColumn.compare(op.mirrored, count, output, x, k)
        } else {
            a.fill(input, x)
            b.fill(input, x + count)
            TestColumn.compare(op, count, output) { x[$0] } _: { x[count + $0] }
        }
    }

    /// A column compared with a constant over consecutive rows (`$0.score > 4`), read in
    /// place; false, writing nothing, for other operands or rows.
    @inline(__always)
    private static func compareInPlace<Column: BatchComputation, Rows: BatchRows>(
        _ a: Column, _ op: ComparisonOperator, _ b: Column, _ input: Rows, _ output: UnsafeMutablePointer<Bool>
    ) -> Bool where Column.Value: Comparable {
        guard let start = input.consecutiveStart, let k = b.constant, let column = a.storedColumn else { return false }
        let count = input.count
        column.withUnsafeBufferPointer { buffer in
            precondition(start >= 0 && start + count <= buffer.count, "rows past a column's end")
            TestColumn.compare(op, count, output, buffer.baseAddress.unsafelyUnwrapped + start, k)
        }
        return true
    }

    /// Each of `count` truths combined with another's by `operation` on their bytes (`&`, `|`),
    /// which, unlike `&&` and `||` on loaded values, compiles to no branch.
    @inline(__always)
    private static func combine(_ output: UnsafeMutablePointer<Bool>, _ other: UnsafeMutablePointer<Bool>, _ count: Int,
                                _ operation: (UInt8, UInt8) -> UInt8) {
        output.withMemoryRebound(to: UInt8.self, capacity: count) { x in
            other.withMemoryRebound(to: UInt8.self, capacity: count) { y in
                for offset in 0..<count { x[offset] = operation(x[offset], y[offset]) }
            }
        }
    }

    /// Whether `x[i] op k` for each offset `i` below `count`: for `Double`s (and dates) and
    /// `Int`s, eight at a time in vector registers, whose comparisons are Swift's (IEEE's for
    /// `Double`s: a NaN equal to nothing, unequal to everything); the compiler leaves the loop
    /// of one `Bool` a row unvectorised.
    @inline(__always)
    private static func compare<T: Comparable>(_ op: ComparisonOperator, _ count: Int, _ output: UnsafeMutablePointer<Bool>,
                                               _ x: UnsafePointer<T>, _ k: T) {
        let whole = count & ~7
        if T.self == Double.self {
            compareWide(op, whole, output, UnsafeRawPointer(x), SIMD8<Double>(repeating: unsafeBitCast(k, to: Double.self)))
        } else if T.self == Int.self && MemoryLayout<Int>.size == MemoryLayout<Int64>.size {
            compareWide(op, whole, output, UnsafeRawPointer(x), SIMD8<Int64>(repeating: Int64(unsafeBitCast(k, to: Int.self))))
        } else {
            TestColumn.compare(op, count, output) { x[$0] } _: { _ in k }
            return
        }
        // The last rows, fewer than eight, one at a time.
        TestColumn.compare(op, count - whole, output + whole) { x[whole + $0] } _: { _ in k }
    }

    /// `compare` of the first `count` (a multiple of eight) `Double`s at `values` with `constant`.
    @inline(__always)
    private static func compareWide(_ op: ComparisonOperator, _ count: Int, _ output: UnsafeMutablePointer<Bool>,
                                    _ values: UnsafeRawPointer, _ constant: SIMD8<Double>) {
        @inline(__always) func row(_ offset: Int) -> SIMD8<Double> { values.loadUnaligned(fromByteOffset: offset &* 8, as: SIMD8<Double>.self) }
        switch op {
        case .equal: storeTruths(count, output) { row($0) .== constant }
        case .notEqual: storeTruths(count, output) { row($0) .!= constant }
        case .less: storeTruths(count, output) { row($0) .< constant }
        case .lessOrEqual: storeTruths(count, output) { row($0) .<= constant }
        case .greater: storeTruths(count, output) { row($0) .> constant }
        case .greaterOrEqual: storeTruths(count, output) { row($0) .>= constant }
        }
    }

    /// The same for `Int`s.
    @inline(__always)
    private static func compareWide(_ op: ComparisonOperator, _ count: Int, _ output: UnsafeMutablePointer<Bool>,
                                    _ values: UnsafeRawPointer, _ constant: SIMD8<Int64>) {
        @inline(__always) func row(_ offset: Int) -> SIMD8<Int64> { values.loadUnaligned(fromByteOffset: offset &* 8, as: SIMD8<Int64>.self) }
        switch op {
        case .equal: storeTruths(count, output) { row($0) .== constant }
        case .notEqual: storeTruths(count, output) { row($0) .!= constant }
        case .less: storeTruths(count, output) { row($0) .< constant }
        case .lessOrEqual: storeTruths(count, output) { row($0) .<= constant }
        case .greater: storeTruths(count, output) { row($0) .> constant }
        case .greaterOrEqual: storeTruths(count, output) { row($0) .>= constant }
        }
    }

    /// Writes the truths of `mask(offset)` for each eight rows from offset 0 to `count`.
    @inline(__always)
    private static func storeTruths(_ count: Int, _ output: UnsafeMutablePointer<Bool>, _ mask: (Int) -> SIMDMask<SIMD8<Int64>>) {
        let truths = UnsafeMutableRawPointer(output)
        var offset = 0
        while offset < count {
            let bytes = SIMD8<UInt8>(truncatingIfNeeded: SIMD8<Int64>(repeating: 0).replacing(with: 1, where: mask(offset)))
            truths.storeBytes(of: bytes, toByteOffset: offset, as: SIMD8<UInt8>.self)
            offset &+= 8
        }
    }

    /// Whether `left(i) op right(i)` for each offset `i` below `count`, each operator in a loop
    /// of its own.
    @inline(__always)
    private static func compare<T: Comparable>(_ op: ComparisonOperator, _ count: Int, _ output: UnsafeMutablePointer<Bool>,
                                               _ left: (Int) -> T, _ right: (Int) -> T) {
        @inline(__always) func run(_ holds: (T, T) -> Bool) {
            for offset in 0..<count { output[offset] = holds(left(offset), right(offset)) }
        }
        switch op {
        case .equal: run { $0 == $1 }
        case .notEqual: run { $0 != $1 }
        case .less: run { $0 < $1 }
        case .lessOrEqual: run { $0 <= $1 }
        case .greater: run { $0 > $1 }
        case .greaterOrEqual: run { $0 >= $1 }
        }
    }
}
