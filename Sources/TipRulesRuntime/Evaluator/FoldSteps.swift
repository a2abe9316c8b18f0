import TipRulesSemantics

/// A fold's step as a function of the value accumulated so far and the row's stream position
/// (`$0 * 0.9 + $1.score * 0.1`, `$1.score >= 4 ? $0 + 1 : 0`, `$0 > $1 ? $0 - $1 : $1 - $0`):
/// the accumulated value goes in and comes out of each application in a register, where the
/// step bound as a row operand reads it from a box the fold writes, a store and a load on the
/// chain of operations that each row waits on. The operations are the closure's own, in its
/// order, so the result is the same to the last bit; `Int` arithmetic reports failure as the
/// row operand's does (to the binder's `failures`, where the fold gives way).
extension RowPredicateBinder {
    typealias DoubleFoldStep = (Double, Int) -> Double

    /// The step, or nil when it reads the accumulator other than through `+`, `-`, `*`, `/`,
    /// negation, date arithmetic, `min`, `max` and ternaries whose test does not read it (the
    /// fold then binds the step as a row operand).
    func doubleFoldStep(_ operand: RowPredicate.Operand) -> DoubleFoldStep? {
        guard operand.readsAccumulator else {
            let read = numeric(operand).read
            return { _, position in read(position) }
        }
        switch operand {
        case .accumulator(.double), .accumulator(.date):
            return { accumulated, _ in accumulated }
        case .arithmetic(let op, let a, let b):
            switch op {
            case .doubleAdd: return combined(DoubleAdd.self, a, b)
            case .doubleSubtract: return combined(DoubleSubtract.self, a, b)
            case .doubleMultiply: return combined(DoubleMultiply.self, a, b)
            case .doubleDivide: return combined(DoubleDivide.self, a, b)
            default: return nil
            }
        case .intervalSince(let a, let b):
            return combined(DoubleSubtract.self, a, b)
        case .addingInterval(let a, let b):
            // A date is its seconds since 2001, so moving it is `Double` addition.
            return combined(DoubleAdd.self, a, b)
        case .negate(let a):
            guard let f = doubleFoldStep(a) else { return nil }
            return { accumulated, position in -f(accumulated, position) }
        case .conditional(let predicate, let a, let b):
            guard !predicate.containsOperand(where: \.isAccumulator) else {
                // A test that compares the accumulator itself with what the row alone gives
                // (`$0 > 1000 ? $0 : $0 + $1.price`), compared in place.
                guard case .compare(let l, let op, let r) = predicate, let f = doubleFoldStep(a), let g = doubleFoldStep(b) else { return nil }
                return accumulatorCompared(op, l, r, f, g)
            }
            let test = bind(predicate)
            // A constant branch read in place (`c ? $0 + $1.x : 0`), the other bound alone.
            if !b.readsAccumulator, case .constant(let k) = numeric(b) {
                guard let f = doubleFoldStep(a) else { return nil }
                return { accumulated, position in test(position) ? f(accumulated, position) : k }
            }
            if !a.readsAccumulator, case .constant(let k) = numeric(a) {
                guard let g = doubleFoldStep(b) else { return nil }
                return { accumulated, position in test(position) ? k : g(accumulated, position) }
            }
            guard let f = doubleFoldStep(a), let g = doubleFoldStep(b) else { return nil }
            return { accumulated, position in test(position) ? f(accumulated, position) : g(accumulated, position) }
        case .function(let function, let a, let b?) where function.doubleExtremeIsMax != nil:
            let isMax = function.doubleExtremeIsMax == true
            // What the row alone gives beside the accumulator's side read in place
            // (`min($0 + $1.price, 1000)`), in the argument order, which decides between equal
            // values and NaN as Swift does.
            if !b.readsAccumulator, let f = doubleFoldStep(a) {
                switch numeric(b) {
                case .constant(let k): return { x, position in BuiltinImplementations.swiftExtreme(f(x, position), k, isMax: isMax) }
                case .column(let items): return { x, position in BuiltinImplementations.swiftExtreme(f(x, position), items[position], isMax: isMax) }
                case .computed(let h): return { x, position in BuiltinImplementations.swiftExtreme(f(x, position), h(position), isMax: isMax) }
                }
            }
            if !a.readsAccumulator, let g = doubleFoldStep(b) {
                switch numeric(a) {
                case .constant(let k): return { x, position in BuiltinImplementations.swiftExtreme(k, g(x, position), isMax: isMax) }
                case .column(let items): return { x, position in BuiltinImplementations.swiftExtreme(items[position], g(x, position), isMax: isMax) }
                case .computed(let h): return { x, position in BuiltinImplementations.swiftExtreme(h(position), g(x, position), isMax: isMax) }
                }
            }
            guard let f = doubleFoldStep(a), let g = doubleFoldStep(b) else { return nil }
            return { accumulated, position in BuiltinImplementations.swiftExtreme(f(accumulated, position), g(accumulated, position), isMax: isMax) }
        default:
            return nil
        }
    }

    /// `c ? f : g` where `c` compares the `Double` (or `Date`) accumulator itself with a number
    /// the row alone gives, not optional (mirrored when the accumulator is on the right: exact
    /// for IEEE comparisons, NaN included). Nil for any other test.
    private func accumulatorCompared(_ comparison: ComparisonOperator, _ a: RowPredicate.Operand, _ b: RowPredicate.Operand,
                                     _ f: @escaping DoubleFoldStep, _ g: @escaping DoubleFoldStep) -> DoubleFoldStep? {
        let op: ComparisonOperator, row: RowPredicate.Operand
        switch (a, b) {
        case (.accumulator(.double), _), (.accumulator(.date), _): (op, row) = (comparison, b)
        case (_, .accumulator(.double)), (_, .accumulator(.date)): (op, row) = (comparison.mirrored, a)
        default: return nil
        }
        guard !row.readsAccumulator, let number = plainNumber(row) else { return nil }
        switch op {
        case .equal: return accumulatorCompared(ScalarComparisons.Equal.self, number, f, g)
        case .notEqual: return accumulatorCompared(ScalarComparisons.NotEqual.self, number, f, g)
        case .less: return accumulatorCompared(ScalarComparisons.Less.self, number, f, g)
        case .lessOrEqual: return accumulatorCompared(ScalarComparisons.LessOrEqual.self, number, f, g)
        case .greater: return accumulatorCompared(ScalarComparisons.Greater.self, number, f, g)
        case .greaterOrEqual: return accumulatorCompared(ScalarComparisons.GreaterOrEqual.self, number, f, g)
        }
    }

    private func accumulatorCompared<Comparison: ScalarComparison>(_: Comparison.Type, _ row: Number,
                                                                   _ f: @escaping DoubleFoldStep, _ g: @escaping DoubleFoldStep) -> DoubleFoldStep {
        switch row {
        case .constant(let k): return { x, position in Comparison.holds(x, k) ? f(x, position) : g(x, position) }
        case .column(let items): return { x, position in Comparison.holds(x, items[position]) ? f(x, position) : g(x, position) }
        case .computed(let h): return { x, position in Comparison.holds(x, h(position)) ? f(x, position) : g(x, position) }
        }
    }

    /// One operation of two sides, at least one reading the accumulator; the accumulator
    /// itself, or a side that reads only the row (a column, a constant), read in place rather
    /// than through a call.
    private func combined<Operation: DoubleOperation>(_: Operation.Type, _ a: RowPredicate.Operand,
                                                      _ b: RowPredicate.Operand) -> DoubleFoldStep? {
        switch (a.readsAccumulator, b.readsAccumulator) {
        case (true, false):
            let row = numeric(b)
            if a.isAccumulator {
                switch row {
                case .constant(let k): return { accumulated, _ in Operation.apply(accumulated, k) }
                case .column(let items): return { accumulated, position in Operation.apply(accumulated, items[position]) }
                case .computed(let g): return { accumulated, position in Operation.apply(accumulated, g(position)) }
                }
            }
            guard let f = doubleFoldStep(a) else { return nil }
            switch row {
            case .constant(let k): return { accumulated, position in Operation.apply(f(accumulated, position), k) }
            case .column(let items): return { accumulated, position in Operation.apply(f(accumulated, position), items[position]) }
            case .computed(let g): return { accumulated, position in Operation.apply(f(accumulated, position), g(position)) }
            }
        case (false, true):
            let row = numeric(a)
            if b.isAccumulator {
                switch row {
                case .constant(let k): return { accumulated, _ in Operation.apply(k, accumulated) }
                case .column(let items): return { accumulated, position in Operation.apply(items[position], accumulated) }
                case .computed(let f): return { accumulated, position in Operation.apply(f(position), accumulated) }
                }
            }
            guard let g = doubleFoldStep(b) else { return nil }
            switch row {
            case .constant(let k): return { accumulated, position in Operation.apply(k, g(accumulated, position)) }
            case .column(let items): return { accumulated, position in Operation.apply(items[position], g(accumulated, position)) }
            case .computed(let f): return { accumulated, position in Operation.apply(f(position), g(accumulated, position)) }
            }
        default:
            guard let f = doubleFoldStep(a), let g = doubleFoldStep(b) else { return nil }
            return { accumulated, position in Operation.apply(f(accumulated, position), g(accumulated, position)) }
        }
    }
}

extension RowPredicateBinder {
    typealias IntFoldStep = (Int, Int) -> Int
    typealias IntFoldTest = (Int, Int) -> Bool

    /// For a step `c ? $0 : f` (or `c ? f : $0`) whose test compares the accumulator itself
    /// with a value the same for every row (`$0 > 1000 ? $0 : $0 + $1.price`): whether an
    /// accumulated value is one the step gives back whatever the row, as it then does at every
    /// row after, so that a fold can stop there. The test is the step's own comparison (IEEE's
    /// for `Double`s). Nil for any other step; `number` reads the value compared with.
    func absorbingTest<T: Comparable>(_ step: RowPredicate.Operand, _ number: (Value) -> T?) -> ((T) -> Bool)? {
        guard case .conditional(.compare(let l, let comparison, let r), let pass, let fail) = step,
              pass.isAccumulator || fail.isAccumulator else { return nil }
        let op: ComparisonOperator, bound: RowPredicate.Operand
        if l.isAccumulator, r.isInvariant, !r.readsAccumulator {
            (op, bound) = (comparison, r)
        } else if r.isAccumulator, l.isInvariant, !l.readsAccumulator {
            (op, bound) = (comparison.mirrored, l)
        } else {
            return nil
        }
        guard let k = number(invariant(bound)) else { return nil }
        if pass.isAccumulator && fail.isAccumulator { return { _ in true } }
        let keeps = pass.isAccumulator
        switch op {
        case .equal: return { ($0 == k) == keeps }
        case .notEqual: return { ($0 != k) == keeps }
        case .less: return { ($0 < k) == keeps }
        case .lessOrEqual: return { ($0 <= k) == keeps }
        case .greater: return { ($0 > k) == keeps }
        case .greaterOrEqual: return { ($0 >= k) == keeps }
        }
    }

    /// An `Int` fold's step, or nil when it reads the accumulator other than through `+`, `-`,
    /// `*`, `/`, `%`, `min`, `max` and ternaries (whose test may compare it).
    func intFoldStep(_ operand: RowPredicate.Operand) -> IntFoldStep? {
        switch operand {
        case _ where !operand.readsAccumulator, .accumulator(.int):
            return intSide(operand)?.step
        case .intArithmetic(let op, let a, let b):
            guard let x = intSide(a), let y = intSide(b) else { return nil }
            switch op {
            case .intAdd: return paired(CheckedAdd.self, x, y)
            case .intSubtract: return paired(CheckedSubtract.self, x, y)
            case .intMultiply: return paired(CheckedMultiply.self, x, y)
            case .intDivide: return paired(CheckedDivide.self, x, y)
            case .intRemainder: return paired(CheckedRemainder.self, x, y)
            default: return nil
            }
        case .conditional(let predicate, let a, let b):
            guard predicate.containsOperand(where: \.isAccumulator) else {
                // A row test, called directly; a constant branch read in place (`c ? $0 + 1 : 0`),
                // the other bound alone.
                let test = bind(predicate)
                // (A branch that keeps the accumulator read in place too: `c ? $0 * 2 : $0`.)
                if case .accumulator(.int) = b {
                    guard let f = intFoldStep(a) else { return nil }
                    return { accumulated, position in test(position) ? f(accumulated, position) : accumulated }
                }
                if case .accumulator(.int) = a {
                    guard let g = intFoldStep(b) else { return nil }
                    return { accumulated, position in test(position) ? accumulated : g(accumulated, position) }
                }
                if case .constant(.int(let k)) = b {
                    guard let f = intFoldStep(a) else { return nil }
                    return { accumulated, position in test(position) ? f(accumulated, position) : k }
                }
                if case .constant(.int(let k)) = a {
                    guard let g = intFoldStep(b) else { return nil }
                    return { accumulated, position in test(position) ? k : g(accumulated, position) }
                }
                guard let f = intFoldStep(a), let g = intFoldStep(b) else { return nil }
                return { accumulated, position in test(position) ? f(accumulated, position) : g(accumulated, position) }
            }
            guard let f = intFoldStep(a), let g = intFoldStep(b) else { return nil }
            if case .compare(let l, let op, let r) = predicate, let chosen = chosen(op, l, r, f, g) { return chosen }
            guard let test = intFoldTest(predicate) else { return nil }
            return { accumulated, position in test(accumulated, position) ? f(accumulated, position) : g(accumulated, position) }
        case .function(let function, let a, let b?) where function.intExtremeIsMax != nil:
            guard let x = intSide(a), let y = intSide(b) else { return nil }
            return function.intExtremeIsMax == true ? extreme(IntExtremeIsMax.self, x, y) : extreme(IntExtremeIsMin.self, x, y)
        default:
            return nil
        }
    }

    /// `c ? f : g` where `c` compares the accumulator with a constant or the row's column
    /// (`$0 > 100 ? $0 / 2 : ...`, `$0 > $1 ? $0 - $1 : $1 - $0`): the comparison made in place
    /// rather than through a call of its own. Nil for any other test.
    private func chosen(_ op: ComparisonOperator, _ a: RowPredicate.Operand, _ b: RowPredicate.Operand,
                        _ f: @escaping IntFoldStep, _ g: @escaping IntFoldStep) -> IntFoldStep? {
        guard a.isIntOfAccumulator || b.isIntOfAccumulator, let x = intSide(a), let y = intSide(b) else { return nil }
        switch op {
        case .equal: return chosen(ScalarComparisons.Equal.self, x, y, f, g)
        case .notEqual: return chosen(ScalarComparisons.NotEqual.self, x, y, f, g)
        case .less: return chosen(ScalarComparisons.Less.self, x, y, f, g)
        case .lessOrEqual: return chosen(ScalarComparisons.LessOrEqual.self, x, y, f, g)
        case .greater: return chosen(ScalarComparisons.Greater.self, x, y, f, g)
        case .greaterOrEqual: return chosen(ScalarComparisons.GreaterOrEqual.self, x, y, f, g)
        }
    }

    private func chosen<Comparison: ScalarComparison>(_: Comparison.Type, _ a: IntSide, _ b: IntSide,
                                                   _ f: @escaping IntFoldStep, _ g: @escaping IntFoldStep) -> IntFoldStep? {
        switch (a, b) {
        case (.accumulator, .row(.constant(let k))): return { x, position in Comparison.holds(x, k) ? f(x, position) : g(x, position) }
        case (.accumulator, .row(.column(let items))): return { x, position in Comparison.holds(x, items[position]) ? f(x, position) : g(x, position) }
        case (.row(.constant(let k)), .accumulator): return { x, position in Comparison.holds(k, x) ? f(x, position) : g(x, position) }
        case (.row(.column(let items)), .accumulator): return { x, position in Comparison.holds(items[position], x) ? f(x, position) : g(x, position) }
        default: return nil
        }
    }

    /// `max` or `min` of two `Int` sides, the accumulator and what the row alone gives read in
    /// place beside a step rather than through a call (`max(0, $0 - 1)`, `max($0, $1.x)`), in
    /// the argument order, which Swift's `max` and `min` keep.
    private func extreme<Extreme: IntExtremeChoice>(_: Extreme.Type, _ a: IntSide, _ b: IntSide) -> IntFoldStep {
        switch (a, b) {
        case (.accumulator, .row(.constant(let k))): return { x, _ in Extreme.of(x, k) }
        case (.accumulator, .row(.column(let items))): return { x, position in Extreme.of(x, items[position]) }
        case (.row(.constant(let k)), .accumulator): return { x, _ in Extreme.of(k, x) }
        case (.row(.column(let items)), .accumulator): return { x, position in Extreme.of(items[position], x) }
        case (.step(let f), .row(.constant(let k))): return { x, position in Extreme.of(f(x, position), k) }
        case (.row(.constant(let k)), .step(let g)): return { x, position in Extreme.of(k, g(x, position)) }
        default:
            let f = a.step, g = b.step
            return { x, position in Extreme.of(f(x, position), g(x, position)) }
        }
    }

    /// A ternary's test in an `Int` fold: bound as a row test where it does not read the
    /// accumulator; else `&&`, `||` and `!` of comparisons of `Int`s, which may read it (in the
    /// closure's order, the right side of `&&` and `||` tested only where the left leaves it
    /// open). Nil for anything else.
    private func intFoldTest(_ predicate: RowPredicate) -> IntFoldTest? {
        guard predicate.containsOperand(where: \.isAccumulator) else {
            let test = bind(predicate)
            return { _, position in test(position) }
        }
        switch predicate {
        case .compare(let a, let op, let b):
            // One side that reads the `Int` accumulator and computes an `Int` makes this a
            // comparison of `Int`s.
            guard a.isIntOfAccumulator || b.isIntOfAccumulator, let x = intSide(a), let y = intSide(b) else { return nil }
            switch op {
            case .equal: return compared(ScalarComparisons.Equal.self, x, y)
            case .notEqual: return compared(ScalarComparisons.NotEqual.self, x, y)
            case .less: return compared(ScalarComparisons.Less.self, x, y)
            case .lessOrEqual: return compared(ScalarComparisons.LessOrEqual.self, x, y)
            case .greater: return compared(ScalarComparisons.Greater.self, x, y)
            case .greaterOrEqual: return compared(ScalarComparisons.GreaterOrEqual.self, x, y)
            }
        case .and(let p, let q):
            guard let x = intFoldTest(p), let y = intFoldTest(q) else { return nil }
            return { accumulated, position in x(accumulated, position) && y(accumulated, position) }
        case .or(let p, let q):
            guard let x = intFoldTest(p), let y = intFoldTest(q) else { return nil }
            return { accumulated, position in x(accumulated, position) || y(accumulated, position) }
        case .not(let p):
            guard let x = intFoldTest(p) else { return nil }
            return { accumulated, position in !x(accumulated, position) }
        default:
            return nil
        }
    }

    /// A side of an `Int` operation in a fold: the accumulator, what the row alone gives (a
    /// constant or a column read in place, anything else computed), or a step of its own.
    private enum IntSide {
        case accumulator
        case row(IntOperand)
        case step(IntFoldStep)

        var step: IntFoldStep {
            switch self {
            case .accumulator: return { accumulated, _ in accumulated }
            case .row(.constant(let k)): return { _, _ in k }
            case .row(.column(let items)): return { _, position in items[position] }
            case .row(.computed(let f)): return { _, position in f(position) }
            case .row(.accumulator(let box)): return { _, _ in box.int }
            case .step(let f): return f
            }
        }
    }

    /// Nil for a side of another type (an optional compared with `==`) or a step not handled.
    private func intSide(_ operand: RowPredicate.Operand) -> IntSide? {
        if case .accumulator(.int) = operand { return .accumulator }
        if !operand.readsAccumulator { return intOperand(operand).map { .row($0) } }
        return intFoldStep(operand).map { .step($0) }
    }

    /// Checked arithmetic of two `Int` sides, the accumulator and what the row alone gives read
    /// in place beside a step rather than through a call (`$0 + 1`, `$0 * 3 % 1000003`): an
    /// overflow (or a division by zero) noted in `failures` where the binder has them, as the
    /// row operand's checked arithmetic notes it; without them the fold proved that none can
    /// happen, and the operation that reports rather than traps is used all the same.
    private func paired<Operation: CheckedIntOperation>(_: Operation.Type, _ a: IntSide, _ b: IntSide) -> IntFoldStep {
        let failures = self.failures
        @inline(__always) func apply(_ x: Int, _ y: Int) -> Int {
            let result = Operation.apply(x, y)
            if result.overflow { failures?.occurred = true }
            return result.partialValue
        }
        switch (a, b) {
        case (.accumulator, .row(.constant(let k))): return { x, _ in apply(x, k) }
        case (.accumulator, .row(.column(let items))): return { x, position in apply(x, items[position]) }
        case (.accumulator, .row(.computed(let g))): return { x, position in apply(x, g(position)) }
        case (.row(.constant(let k)), .accumulator): return { x, _ in apply(k, x) }
        case (.row(.column(let items)), .accumulator): return { x, position in apply(items[position], x) }
        case (.row(.computed(let f)), .accumulator): return { x, position in apply(f(position), x) }
        case (.step(let f), .row(.constant(let k))): return { x, position in apply(f(x, position), k) }
        case (.step(let f), .row(.column(let items))): return { x, position in apply(f(x, position), items[position]) }
        case (.step(let f), .row(.computed(let g))): return { x, position in apply(f(x, position), g(position)) }
        case (.row(.constant(let k)), .step(let g)): return { x, position in apply(k, g(x, position)) }
        case (.row(.column(let items)), .step(let g)): return { x, position in apply(items[position], g(x, position)) }
        case (.row(.computed(let f)), .step(let g)): return { x, position in apply(f(position), g(x, position)) }
        default:
            let f = a.step, g = b.step
            return { x, position in apply(f(x, position), g(x, position)) }
        }
    }

    /// A comparison of two `Int` sides, the accumulator and a constant or a column beside it
    /// read in place (`$0 > $1`, `$0 < 10`).
    private func compared<Comparison: ScalarComparison>(_: Comparison.Type, _ a: IntSide, _ b: IntSide) -> IntFoldTest {
        switch (a, b) {
        case (.accumulator, .row(.constant(let k))): return { x, _ in Comparison.holds(x, k) }
        case (.accumulator, .row(.column(let items))): return { x, position in Comparison.holds(x, items[position]) }
        case (.row(.constant(let k)), .accumulator): return { x, _ in Comparison.holds(k, x) }
        case (.row(.column(let items)), .accumulator): return { x, position in Comparison.holds(items[position], x) }
        default:
            let f = a.step, g = b.step
            return { x, position in Comparison.holds(f(x, position), g(x, position)) }
        }
    }
}

/// `max` or `min` of `Int`s as Swift's functions compute them, specialised for each by the
/// type, so that it is inlined into the fold's step rather than chosen at each row.
protocol IntExtremeChoice { static func of(_ x: Int, _ y: Int) -> Int }

enum IntExtremeIsMax: IntExtremeChoice { static func of(_ x: Int, _ y: Int) -> Int { Swift.max(x, y) } }
enum IntExtremeIsMin: IntExtremeChoice { static func of(_ x: Int, _ y: Int) -> Int { Swift.min(x, y) } }

/// A comparison of two values of one scalar type (`Int`s; `Double`s, NaN comparing as Swift
/// compares it), specialised for each by the type, so that it is inlined into the fold's step
/// rather than chosen at each row.
protocol ScalarComparison { static func holds<T: Comparable>(_ x: T, _ y: T) -> Bool }

enum ScalarComparisons {
    enum Equal: ScalarComparison { static func holds<T: Comparable>(_ x: T, _ y: T) -> Bool { x == y } }
    enum NotEqual: ScalarComparison { static func holds<T: Comparable>(_ x: T, _ y: T) -> Bool { x != y } }
    enum Less: ScalarComparison { static func holds<T: Comparable>(_ x: T, _ y: T) -> Bool { x < y } }
    enum LessOrEqual: ScalarComparison { static func holds<T: Comparable>(_ x: T, _ y: T) -> Bool { x <= y } }
    enum Greater: ScalarComparison { static func holds<T: Comparable>(_ x: T, _ y: T) -> Bool { x > y } }
    enum GreaterOrEqual: ScalarComparison { static func holds<T: Comparable>(_ x: T, _ y: T) -> Bool { x >= y } }
}

extension RowPredicate.Operand {
    /// Whether the operand is a fold's accumulator.
    var isAccumulator: Bool {
        if case .accumulator = self { return true }
        return false
    }

    /// Whether the operand reads a fold's accumulator.
    var readsAccumulator: Bool {
        contains(where: \.isAccumulator)
    }

    /// Whether the operand is an `Int` computed from an `Int` accumulator (the accumulator,
    /// `Int` arithmetic, `min` or `max` of `Int`s, a ternary of those, reading it).
    fileprivate var isIntOfAccumulator: Bool {
        switch self {
        case .accumulator(.int): return true
        case .intArithmetic, .function(.minInt, _, _), .function(.maxInt, _, _): return readsAccumulator
        case .conditional(_, let a, let b): return a.isIntOfAccumulator || b.isIntOfAccumulator
        default: return false
        }
    }
}
