import TipRulesSyntax

/// A predicate over one donation (the row): comparisons, `Double` and `Int` arithmetic,
/// `timeIntervalSince`, string tests (also through an optional chain), nil tests, and `&&`,
/// `||`, `!`, over the row's fields and date, literals, parameters, `Date.now`, and the
/// parameters of enclosing closures. Scans run it over stream columns directly and stop as
/// soon as the answer is known, with exactly the closure's result.
///
/// Only `Int` arithmetic can fail (overflow, division by zero). Before a scan tests a
/// predicate with `Int` arithmetic, it bounds every operand over the rows it will read (a
/// column's least and greatest values, the values of invariants); unless the bounds prove
/// that no row can fail, the scan gives up and the calls it stands for run instead, failing
/// where Swift would. So a predicate that is scanned never fails, and the scan may test its
/// operands in any order and stop early.
package enum RowPredicate: Sendable {
    /// An operand of a row comparison.
    // Only the cases that hold other operands are boxed: an operand that is a field, a
    // constant or a parameter is copied without a reference count (scans copy operands as
    // they match them, at every evaluation).
    package enum Operand: Sendable {
        /// A payload field of the row.
        case field(Int)
        /// The row's date.
        case date
        case constant(Constant)
        case parameter(Int)
        case now
        /// A non-donation parameter of an enclosing closure (the same for every row).
        /// (Its type says how the evaluator keeps it: unboxed for `Int`, `Double`, `Date`, `Bool`.)
        case outerLocal(Int, RuleType)
        /// A payload field of an enclosing closure's donation parameter.
        case outerField(slot: Int, field: Int)
        /// The date of an enclosing closure's donation parameter.
        case outerDate(slot: Int)
        /// `Double` arithmetic (which never traps).
        indirect case arithmetic(ArithmeticOperator, Operand, Operand)
        /// `-x` of a `Double`.
        indirect case negate(Operand)
        /// `a ?? b`: `a` unwrapped, or `b` when `a` is nil; with `keepsOptional` (`b` is optional
        /// as `a` is) `a` itself when it is not nil.
        indirect case coalesce(Operand, Operand, keepsOptional: Bool)
        /// `Int` arithmetic (`+`, `-`, `*`, `/`, `%`), which traps on overflow and division by
        /// zero (see the type's comment). Computed for every row, never taken as invariant.
        indirect case intArithmetic(ArithmeticOperator, Operand, Operand)
        /// `a.timeIntervalSince(b)`: `a - b` in seconds.
        indirect case intervalSince(Operand, Operand)
        /// `date.addingTimeInterval(seconds)` (and `date + seconds`): a date.
        indirect case addingInterval(Operand, Operand)
        /// `c ? a : b`. Computed for every row, never taken as invariant.
        indirect case conditional(RowPredicate, Operand, Operand)
        /// A built-in function of one or two operands (the second nil for one). Computed for
        /// every row, never taken as invariant.
        indirect case function(RowFunction, Operand, Operand?)
        /// The value a fold has accumulated before this row (`$0` of `reduce`'s closure), of
        /// the given type (see `FusedOperation.fold`).
        case accumulator(RuleType)
        /// A subexpression of the closure that reads no closure parameter (another event's
        /// donations, a `let`, a parameter, the clock), the same for every row: evaluated once
        /// per scan (see `HoistedExpression`).
        case hoisted(HoistedExpression)

        /// Whether the operand only grows (1) or only shrinks (-1) as the row's date grows,
        /// depending on nothing else of the row: the date itself, moved by or subtracted from
        /// values the same for every row, negated, or scaled by a constant (`scaledDate`). Nil
        /// for anything else.
        package var dateDirection: Int? {
            switch self {
            case .date: return 1
            case .intervalSince(let a, let b), .arithmetic(.doubleSubtract, let a, let b):
                if b.isInvariant { return a.dateDirection }
                if a.isInvariant { return b.dateDirection.map { -$0 } }
                return nil
            case .addingInterval(let a, let b), .arithmetic(.doubleAdd, let a, let b):
                if b.isInvariant { return a.dateDirection }
                if a.isInvariant { return b.dateDirection }
                return nil
            case .negate(let a): return a.dateDirection.map { -$0 }
            case .arithmetic(let op, let a, let b) where op == .doubleMultiply || op == .doubleDivide:
                // Multiplying or dividing by a positive constant keeps the order (IEEE 754 rounds
                // monotonically); by a negative one, reverses it.
                guard let (x, k) = Self.scaledDate(op, a, b), case .constant(.double(let factor)) = k else { return nil }
                return x.dateDirection.map { factor > 0 ? $0 : -$0 }
            default: return nil
            }
        }

        /// `x * k`, `k * x` or `x / k` for a finite constant `k` other than zero, as `x` and
        /// `k`: a function of the date scaled, in the same order or the reverse (a zero or an
        /// infinity would make every date one value, or NaN). Nil for anything else.
        package static func scaledDate(_ op: ArithmeticOperator, _ a: Self, _ b: Self) -> (Self, Self)? {
            func isFactor(_ operand: Self) -> Bool {
                if case .constant(.double(let k)) = operand { return k.isFinite && k != 0 }
                return false
            }
            switch op {
            case .doubleMultiply: return isFactor(b) ? (a, b) : isFactor(a) ? (b, a) : nil
            case .doubleDivide: return isFactor(b) ? (a, b) : nil
            default: return nil
            }
        }

        /// Whether the operand is the same for every row.
        package var isInvariant: Bool {
            switch self {
            case .field, .date, .intArithmetic, .conditional, .function, .accumulator: return false
            case .constant, .parameter, .now, .outerLocal, .outerField, .outerDate, .hoisted: return true
            case .arithmetic(_, let a, let b), .intervalSince(let a, let b), .addingInterval(let a, let b), .coalesce(let a, let b, _):
                return a.isInvariant && b.isInvariant
            case .negate(let a): return a.isInvariant
            }
        }

        /// Whether a predicate may read the operand twice where the closure computes it once
        /// (`x != x` for `x.isNaN`, `a <= x && x <= b` for a range's `contains`): it charges
        /// nothing, so reading it again changes no step, and nothing in it is evaluated once per
        /// scan (hoisted), whose one value stands for one use.
        package var canBeReadTwice: Bool {
            !chargesWork && !readsHoisted
        }
        /// Whether the operand reads a subexpression evaluated once per scan (`.hoisted`).
        package var readsHoisted: Bool {
            contains { if case .hoisted = $0 { true } else { false } }
        }

        /// Whether the operand has a nested scan (a nested `first`/`last(where:)`, or one in a
        /// test of a `conditional`).
        package var nestsScan: Bool {
            contains { operand in
                switch operand {
                case .conditional(let p, _, _): return p.nestsScan
                case .function(.nestedFind, _, _): return true
                default: return false
                }
            }
        }

        /// Whether the operand computes `Int` arithmetic, which can fail.
        package var hasIntArithmetic: Bool {
            switch self {
            case .intArithmetic: return true
            case .arithmetic(_, let a, let b), .intervalSince(let a, let b), .addingInterval(let a, let b), .coalesce(let a, let b, _):
                return a.hasIntArithmetic || b.hasIntArithmetic
            case .negate(let a): return a.hasIntArithmetic
            case .conditional(let p, let a, let b): return p.hasIntArithmetic || a.hasIntArithmetic || b.hasIntArithmetic
            case .function(let f, let a, let b): return f.canFail || a.hasIntArithmetic || (b?.hasIntArithmetic ?? false)
            case .field, .date, .constant, .parameter, .now, .outerLocal, .outerField, .outerDate, .accumulator, .hoisted: return false
            }
        }

        /// Whether the operand's value is never a string (nor an optional one): it is computed
        /// by arithmetic, date arithmetic or a built-in whose value is a number or a `Bool`.
        /// (False for any other operand, which may be one.) A runtime that would try binding
        /// it as a string first skips that attempt, which binds the whole operand to discard it.
        package var isNeverString: Bool {
            switch self {
            case .date, .arithmetic, .negate, .intArithmetic, .intervalSince, .addingInterval: return true
            case .function(let function, _, _):
                switch function {
                case .absDouble, .absInt, .rounded, .doubleFromInt, .intFromDouble, .stringCount, .memberOf,
                     .memberOfInvariant, .minInt, .maxInt, .minDouble, .maxDouble, .maxDate, .arrayMaxDouble:
                    return true
                case .lowercased, .uppercased, .concatenate, .nestedFind, .element, .charged:
                    return false
                }
            case .field, .constant, .parameter, .now, .outerLocal, .outerField, .outerDate, .coalesce, .conditional,
                 .accumulator, .hoisted:
                return false
            }
        }

        /// Whether computing the operand charges steps for its work on each row (`count` of a
        /// string, or a string search in a ternary's test): only scans, which meter that work,
        /// take such operands.
        package var chargesWork: Bool {
            switch self {
            case .function(.stringCount, _, _), .function(.memberOf, _, _), .function(.lowercased, _, _), .function(.uppercased, _, _),
                 .function(.concatenate, _, _), .function(.memberOfInvariant(isSet: false), _, _), .function(.nestedFind, _, _),
                 .function(.charged, _, _):
                return true
            case .function(_, let a, let b): return a.chargesWork || (b?.chargesWork ?? false)
            case .conditional(let p, let a, let b): return p.searchesStrings || a.chargesWork || b.chargesWork
            case .arithmetic(_, let a, let b), .intArithmetic(_, let a, let b), .intervalSince(let a, let b), .addingInterval(let a, let b),
                 .coalesce(let a, let b, _):
                return a.chargesWork || b.chargesWork
            case .negate(let a): return a.chargesWork
            case .field, .date, .constant, .parameter, .now, .outerLocal, .outerField, .outerDate, .accumulator, .hoisted: return false
            }
        }

        /// The operand with an enclosing closure's parameter in `slot` read as a fold's
        /// accumulator instead.
        package func accumulating(slot: Int) -> Operand {
            replacing(slot: slot) { .accumulator($0) }
        }

        /// The operand with an enclosing closure's scalar parameter in `slot` read as `read` of
        /// its type gives.
        package func replacing(slot: Int, with read: (RuleType) -> Operand) -> Operand {
            func next(_ operand: Operand) -> Operand { operand.replacing(slot: slot, with: read) }
            switch self {
            case .outerLocal(slot, let type): return read(type)
            case .field, .date, .constant, .parameter, .now, .outerLocal, .outerField, .outerDate, .accumulator, .hoisted: return self
            case .arithmetic(let op, let a, let b): return .arithmetic(op, next(a), next(b))
            case .intArithmetic(let op, let a, let b): return .intArithmetic(op, next(a), next(b))
            case .intervalSince(let a, let b): return .intervalSince(next(a), next(b))
            case .addingInterval(let a, let b): return .addingInterval(next(a), next(b))
            case .coalesce(let a, let b, let keeps): return .coalesce(next(a), next(b), keepsOptional: keeps)
            case .negate(let a): return .negate(next(a))
            case .conditional(let p, let a, let b): return .conditional(p.replacing(slot: slot, with: read), next(a), next(b))
            case .function(let f, let a, let b): return .function(f, next(a), b.map(next))
            }
        }
    }

    /// The built-in functions a row operand may call. All are Swift's own functions on the
    /// operands' machine values; only `absInt` (on `Int.min`) and `intFromDouble` (on NaN, an
    /// infinity or a value beyond `Int`'s range) can fail, and are proven not to before a
    /// scan, as `Int` arithmetic is.
    package enum RowFunction: Sendable, Equatable {
        /// `abs(x)` of a `Double`, and of an `Int`.
        case absDouble, absInt
        /// `x.rounded()`.
        case rounded
        /// `Double(i)` of an `Int`.
        case doubleFromInt
        /// `Int(d)` of a `Double`: towards zero.
        case intFromDouble
        /// `s.count` of a `String`, or nil of a nil `String?` (`s?.count`). It charges steps
        /// for its work, as a string search does (see `RowPredicate.searchesStrings`).
        case stringCount
        /// `s.lowercased()` and `s.uppercased()` of a `String`: a `String`. They charge steps
        /// for their work (a step per UTF-8 byte), as a string search does.
        case lowercased, uppercased
        /// `[k1, k2, ...].contains(x)` of constants: a `Bool`. It charges a step per constant,
        /// as `contains` does (see `RowPredicate.searchesStrings`).
        case memberOf([Constant])
        /// `c.contains(x)` of `x` (the first operand) in an array or a set the closure computes
        /// without its parameters (the second operand, hoisted: a `let`'s set of ids): a
        /// `Bool`. An array's charges a step per element, as `contains` does; a set's nothing.
        case memberOfInvariant(isSet: Bool)
        /// `a + b` of two `String`s. It charges a step per UTF-8 byte of both, as `+` does.
        case concatenate
        /// The row another list's `first(where:)` or `last(where:)` finds for this row (see
        /// `NestedScan`), read through an optional chain: its date (`field` nil) or a field of
        /// it, nil when there is none. The first operand is the other list (hoisted). It charges
        /// the steps of the search, as a nested `contains` does.
        indirect case nestedFind(NestedScan, field: Int?)

        /// `[k1, k2, ...][i]` of constants of one scalar type, indexed by the first operand, an
        /// `Int` that changes from row to row: one of the constants. It fails where `i` is out
        /// of range, and is proven not to before a scan, as `Int` arithmetic is.
        case element([Constant])

        /// Whether the function can fail, as `Int` arithmetic can.
        package var canFail: Bool {
            switch self {
            case .element, .absInt, .intFromDouble: true
            default: false
            }
        }
        /// For `min(x, y)` and `max(x, y)` of `Int`s, whether it is `max`; nil for any other
        /// function. (Matched rather than compared: `==` of this type, whose cases carry
        /// payloads, is a call through its `Equatable` witness, which evaluations would make
        /// at every batch.)
        package var intExtremeIsMax: Bool? {
            switch self {
            case .maxInt: true
            case .minInt: false
            default: nil
            }
        }
        /// The same for `min` and `max` of `Double`s.
        package var doubleExtremeIsMax: Bool? {
            switch self {
            case .maxDouble: true
            case .minDouble: false
            default: nil
            }
        }
        /// `min(x, y)` and `max(x, y)` of `Int`s, and of `Double`s or `Date`s (as seconds;
        /// `max` of dates only where neither may be NaN, see `RowPredicate.dateExtreme`).
        case minInt, maxInt, minDouble, maxDouble
        /// `max(x, y)` of dates either of which may be NaN, as `Date` orders them: `!(y < x) ?
        /// y : x` (see `DateOrder`).
        case maxDate
        /// A step of `max()` of an array of `Double`s or `Date`s: `x < y ? y : x`, which keeps
        /// the first of equal values where `max(x, y)` keeps the second (-0.0 and 0.0 tell them
        /// apart). (`min()`'s step is `min(x, y)`'s, and for `Int`s equal values are the same.)
        case arrayMaxDouble
        /// What its operand computes, charging a fixed number of steps on each row for work a
        /// built-in does that its closure's nodes do not count: `[a, b].max()!` charges a step
        /// per element, as `max()` does.
        case charged(Int)
    }

    /// The string tests a row predicate may use.
    package enum StringTest: Sendable {
        case hasPrefix, hasSuffix, contains
        /// `isEmpty`, whose second operand is always `""`.
        case isEmpty
    }

    case constant(Bool)
    case compare(Operand, ComparisonOperator, Operand)
    /// A string test; false when the receiver is `nil` (an optional field), so that
    /// `x?.hasPrefix(y) == true` is this test itself.
    case string(Operand, StringTest, Operand)
    indirect case and(RowPredicate, RowPredicate)
    indirect case or(RowPredicate, RowPredicate)
    indirect case not(RowPredicate)
    /// `list.contains { p }` or `list.allSatisfy { p }` of another list, in a closure over this
    /// list's rows (see `NestedScan`); or `list.first { p } != nil` (`last`), whose mode is
    /// `first` (`last`): found as they find it. Its steps depend on each row, as a string
    /// search's do.
    indirect case exists(NestedScan)
}

/// A scan of another list nested in the closure over a scan's rows (`views.filter { v in
/// logins.contains { $0.date > v.date } }`, or `logins.last { $0.date < v.date }?.date`): run
/// row by row as part of the outer predicate, so each outer row costs its inner scan and no
/// more.
///
/// The other list is evaluated once per outer scan (hoisted: it reads no closure parameter),
/// and the inner predicate reads the outer row as the enclosing element in `rowSlot`. It
/// charges, per outer row it is tested on, what the fused inner scan charges inside the
/// closure: its closure's steps for each inner row gone through, and the per-element steps of
/// its source, into the scan's meter; the outer scan charges the meter.
package struct NestedScan: Sendable, Equatable {
    /// The other list.
    package let list: HoistedExpression
    /// The inner closure's predicate over the other list's rows.
    package let predicate: RowPredicate
    /// The slot of the outer closure's parameter, which the inner predicate reads as
    /// `.outerField(slot:field:)` and `.outerDate(slot:)`.
    package let rowSlot: Int
    /// What the inner scan looks for.
    package let mode: Mode
    /// What the inner scan charges per inner row gone through and per row of its source.
    package let perElement: Int
    package let perSourceElement: Int

    /// The inner call: each goes through the other list up to the row that decides it.
    package enum Mode: Sendable, Equatable {
        /// `contains(where:)`: the first row that holds decides.
        case contains
        /// `allSatisfy(_:)`: the first row that does not hold decides.
        case allSatisfy
        /// `first(where:)`, found from the start, and `last(where:)`, found from the end: the
        /// row found is the value.
        case first, last
    }
}

extension RowPredicate {
    /// The predicate with an enclosing closure's parameter in `slot` read as a fold's
    /// accumulator (see `Operand.accumulating(slot:)`).
    package func accumulating(slot: Int) -> RowPredicate {
        replacing(slot: slot) { .accumulator($0) }
    }

    /// The predicate with an enclosing closure's scalar parameter in `slot` read as `read` of
    /// its type gives. (Not inside a nested scan: neither a fold's step nor a nested scan's
    /// predicate has one.)
    package func replacing(slot: Int, with read: (RuleType) -> Operand) -> RowPredicate {
        switch self {
        case .constant: return self
        case .compare(let a, let op, let b): return .compare(a.replacing(slot: slot, with: read), op, b.replacing(slot: slot, with: read))
        case .string(let a, let test, let b): return .string(a.replacing(slot: slot, with: read), test, b.replacing(slot: slot, with: read))
        case .and(let a, let b): return .and(a.replacing(slot: slot, with: read), b.replacing(slot: slot, with: read))
        case .or(let a, let b): return .or(a.replacing(slot: slot, with: read), b.replacing(slot: slot, with: read))
        case .not(let a): return .not(a.replacing(slot: slot, with: read))
        case .exists: return self
        }
    }

    /// Whether the predicate computes `Int` arithmetic, which a scan must prove cannot fail
    /// before it tests any row (see the type's comment).
    /// (An inner predicate with `Int` arithmetic is not nested, see `Optimizer`.)
    package var hasIntArithmetic: Bool {
        anyOperand(nestedScan: false) { $0.hasIntArithmetic }
    }

    /// `c ? a : b` of `Bool`s as a predicate: `c && a || !c && b`, the same for every row, and
    /// filtered as `&&` and `||` are (see `RowPredicate.from`). `choice` reads it back.
    package static func choice(_ test: RowPredicate, _ then: RowPredicate, _ otherwise: RowPredicate) -> RowPredicate {
        .or(.and(test, then), .and(.not(test), otherwise))
    }

    /// The test and branches of a predicate `choice` made, or nil for another.
    package var choice: (test: RowPredicate, then: RowPredicate, otherwise: RowPredicate)? {
        guard case .or(.and(let test, let then), .and(.not(let negated), let otherwise)) = self, test == negated else { return nil }
        return (test, then, otherwise)
    }

    /// Whether the predicate runs a `contains` string search, or another operation whose steps
    /// depend on each row (`count` of a string; see `Operand.chargesWork`).
    package var searchesStrings: Bool {
        switch self {
        case .constant: return false
        case .compare(let a, _, let b): return a.chargesWork || b.chargesWork
        case .string(let a, let test, let b): return test == .contains || a.chargesWork || b.chargesWork
        case .and(let a, let b), .or(let a, let b): return a.searchesStrings || b.searchesStrings
        case .not(let a): return a.searchesStrings
        case .exists: return true
        }
    }

    /// Whether the predicate has a nested scan (`exists`).
    package var nestsScan: Bool {
        anyOperand(nestedScan: true) { $0.nestsScan }
    }

    /// Whether an operand the predicate compares or tests passes `test`; a nested scan answers
    /// `nestedScan` whatever its own operands.
    private func anyOperand(nestedScan: Bool, _ test: (Operand) -> Bool) -> Bool {
        switch self {
        case .constant: return false
        case .compare(let a, _, let b), .string(let a, _, let b): return test(a) || test(b)
        case .and(let a, let b), .or(let a, let b): return a.anyOperand(nestedScan: nestedScan, test) || b.anyOperand(nestedScan: nestedScan, test)
        case .not(let a): return a.anyOperand(nestedScan: nestedScan, test)
        case .exists: return nestedScan
        }
    }
}

extension RowPredicate {
    /// Whether an operand of the predicate, or one inside an operand, passes `test`.
    package func containsOperand(where test: (Operand) -> Bool) -> Bool {
        switch self {
        case .constant: return false
        case .compare(let a, _, let b), .string(let a, _, let b): return a.contains(where: test) || b.contains(where: test)
        case .and(let a, let b), .or(let a, let b): return a.containsOperand(where: test) || b.containsOperand(where: test)
        case .not(let a): return a.containsOperand(where: test)
        case .exists(let scan): return test(.hoisted(scan.list)) || scan.predicate.containsOperand(where: test)
        }
    }
}

extension RowPredicate.Operand {
    /// Whether the operand, or one inside it (also in a predicate inside it), passes `test`.
    package func contains(where test: (Self) -> Bool) -> Bool {
        if test(self) { return true }
        switch self {
        case .arithmetic(_, let a, let b), .intArithmetic(_, let a, let b), .intervalSince(let a, let b), .addingInterval(let a, let b),
             .coalesce(let a, let b, _):
            return a.contains(where: test) || b.contains(where: test)
        case .negate(let a): return a.contains(where: test)
        case .conditional(let p, let a, let b): return p.containsOperand(where: test) || a.contains(where: test) || b.contains(where: test)
        case .function(.nestedFind(let scan, _), let a, let b):
            // Its other list is the first operand; its predicate reads the other list's rows.
            return a.contains(where: test) || (b?.contains(where: test) ?? false) || scan.predicate.containsOperand(where: test)
        case .function(_, let a, let b): return a.contains(where: test) || (b?.contains(where: test) ?? false)
        case .field, .date, .constant, .parameter, .now, .outerLocal, .outerField, .outerDate, .accumulator, .hoisted: return false
        }
    }

    /// Whether the operand reads the enclosing closure's parameter in `slot` (itself, or a field
    /// or the date of it).
    package func readsEnclosingRow(_ slot: Int) -> Bool {
        contains { operand in
            switch operand {
            case .outerField(let owner, _), .outerDate(let owner), .outerLocal(let owner, _): return owner == slot
            default: return false
            }
        }
    }

    /// Whether the operand is an enclosing closure's parameter, or a field or the date of one.
    package var isEnclosingElement: Bool {
        switch self {
        case .outerLocal, .outerField, .outerDate: return true
        default: return false
        }
    }
}

extension RowPredicate.Operand: Equatable {}
extension RowPredicate: Equatable {}

/// An order's comparisons of keys and the keys (see `KeyComparisons`).
package struct KeyedComparator: Sendable, Equatable {
    package let comparisons: KeyComparisons
    package let keys: [RowPredicate.Operand]
    /// The comparisons as a chain of keys, when they are one (see `KeyComparisons.chain`).
    package let chain: [KeyChainLink]?

    init(comparisons: KeyComparisons, keys: [RowPredicate.Operand]) {
        self.comparisons = comparisons
        self.keys = keys
        self.chain = comparisons.chain
    }
}

/// What an order by key (`FusedOperation.keyOrder`) produces.
package enum KeyOrder: Sendable {
    /// `sorted(by:)`: the donations in order.
    case sorted
    /// `min(by:)`: the donation Swift's loop keeps, which replaces its choice with each
    /// donation that comes before it (the first least by `<`, the last by `<=`).
    case min
    /// `max(by:)`: the same, replacing its choice when the choice comes before the donation
    /// (the first greatest by `<`, the last by `<=`).
    case max
}

/// What `FusedOperation.compactCount` produces from the count of donations its predicate holds for.
package enum CompactCountResult: Sendable {
    /// The count (`filter(p).count`, `count(where:)`).
    case count
    /// Whether it is zero (`filter(p).isEmpty`).
    case isEmpty
    /// Whether it is not (`contains(x)`).
    case contains
}

/// What a scan with a row predicate produces.
package enum ScanMode: Sendable {
    /// `filter(_:)`: the matching donations.
    case filter
    /// `count(where:)`, or `filter(_:).count`.
    case count
    /// `contains(where:)`.
    case contains
    /// `allSatisfy(_:)`.
    case allSatisfy
    /// `first(where:)`.
    case first
    /// `last(where:)`.
    case last
    /// `reversed().contains(where:)`: whether one holds, looked for from the end as the
    /// reversal's `contains` looks (so it goes through the same donations).
    case containsFromEnd

    /// The scan of a list that does what this one does over the list's `reversed()`: `first`
    /// of the reversal is `last`, and so on; nil when there is none.
    package var overReversal: ScanMode? {
        switch self {
        case .first: return .last
        case .last: return .first
        case .contains: return .containsFromEnd
        case .filter, .count, .allSatisfy, .containsFromEnd: return nil
        }
    }
}

/// What the calls a fused operation stands for charge, so that it charges the same steps.
package struct FusedSteps: Sendable, Equatable {
    /// The node steps of the replaced calls beyond the one the fused node itself charges (its
    /// source and initial value charge their own).
    package var fixed: Int
    /// The steps per element of the replaced calls' closures and key paths, and of `min` and
    /// `max`, which charge one per element they compare. A scan that stops early (`contains`,
    /// `first`, ...) charges them for the elements it went through.
    package var perElement: Int
    /// The steps per element of the source that the replaced calls charge for every element,
    /// however early the scan stops: a `map` or `filter` ahead of `contains(where:)` or `first`
    /// goes through all of them first.
    package var perSourceElement: Int
    /// The step size of the calls a fused node stands for (its unfused tree's
    /// `TypedExpression.stepSize`), kept so that the size of a tree that holds it is found
    /// without walking those calls again (the optimizer asks it at every call it fuses, and
    /// chains fuse call by call). 0 where the steps charge a scan rather than stand in a node.
    package var size: Int

    package init(fixed: Int, perElement: Int, perSourceElement: Int = 0, size: Int = 0) {
        self.fixed = fixed
        self.perElement = perElement
        self.perSourceElement = perSourceElement
        self.size = size
    }
}

/// A call that keeps part of an array by a count: which part (see `FusedOperation.mappedSlice`).
package enum Slice: Sendable {
    case prefix, suffix, dropFirst, dropLast

    /// The offsets of an array of `count` elements the call keeps with argument `n` (at
    /// least 0).
    package func kept(of count: Int, _ n: Int) -> Range<Int> {
        switch self {
        case .prefix: return 0..<min(n, count)
        case .suffix: return max(0, count - n)..<count
        case .dropFirst: return min(n, count)..<count
        case .dropLast: return 0..<max(0, count - n)
        }
    }
}

/// Operations the optimizer fuses from several built-in calls; each computes exactly what the
/// calls would, without building intermediate arrays.
package enum FusedOperation: Sendable {
    /// A scan of a donation list with a row predicate.
    case scan(TypedExpression, RowPredicate, ScanMode)
    /// `source.compactMap(f).filter(p).count` (`.isEmpty`) or `source.compactMap(f).count(where: p)`,
    /// for an optional row mapping `f`: how many donations the predicate `f != nil && p(f!)` holds
    /// for (whether none does); and `source.compactMap(f).contains(x)` for a value `x` the same for
    /// every donation: whether one has `f == x`. `compactMap` charges its steps per donation
    /// (`FusedSteps.perSourceElement`), the test (or `contains`) per value that is not nil (`perElement`).
    case compactCount(TypedExpression, RowPredicate, mapping: RowPredicate.Operand, result: CompactCountResult)
    /// `source.filter(p).count OP k` (or `count(where:)`) with a constant `k`: counting stops as
    /// soon as the comparison's answer is known.
    case countCompare(TypedExpression, RowPredicate?, ComparisonOperator, Int)
    /// `source.map(f).max()` or `.min()` for a row mapping `f`: the extreme of what it computes
    /// from each donation (a field, the date, or an `Int` or `Double` computed from them), in
    /// Swift's order of comparisons.
    /// With `skipsNil`, `source.compactMap(f).max()` or `.min()` for an optional `f`: the extreme
    /// of the values that are not nil; the mapping's steps are charged per donation
    /// (`FusedSteps.perSourceElement`), `max`'s or `min`'s per value kept.
    case columnExtreme(TypedExpression, mapping: RowPredicate.Operand, isMax: Bool, skipsNil: Bool)
    /// `source.largestSubset(groupedBy: \.field).count` or `smallestSubset`: the size of the
    /// group, without collecting it.
    case groupCount(TypedExpression, field: Int, largest: Bool)
    /// `Set(source.map(f)).count` for a row mapping `f`: how many distinct values it computes
    /// from the donations, without building the array or the set.
    /// With `skipsNil`, `Set(source.compactMap(f)).count`: nils are not counted, and `Set`'s step
    /// per element is charged for the values that are not nil (`FusedSteps.perElement`), the
    /// mapping's for every donation (`perSourceElement`).
    case distinctCount(TypedExpression, mapping: RowPredicate.Operand, skipsNil: Bool)
    /// `source.sorted(by:)`, `min(by:)` or `max(by:)` with an order that compares what a row
    /// mapping computes from each donation (`{ $0.score > $1.score }`): each donation's key
    /// computed once, compared with `op` as the closure compares, by the standard library's
    /// own algorithms, so that the same comparisons in the same order give the same answer.
    /// With `unwrapsKey`, the closure force-unwraps an optional key on both sides (`{ $0.x! >
    /// $1.x! }`): the keys are compared unwrapped, and where any is nil the operation gives way
    /// to the calls it stands for (which stop or not as the standard library's comparisons
    /// reach that donation).
    case keyOrder(TypedExpression, key: RowPredicate.Operand, op: ComparisonOperator, order: KeyOrder, unwrapsKey: Bool)
    /// `source.sorted(by:)`, `min(by:)` or `max(by:)` with any other order that is a row
    /// predicate of its two donations (`{ $0.score == $1.score ? $0.id < $1.id : $0.score >
    /// $1.score }`): the predicate reads `$1` as the row and `$0` as the enclosing row in
    /// `firstSlot` (`.outerField`, `.outerDate`), and is tested on the pairs the standard
    /// library's own algorithms compare, in their order, so the same answers give the same
    /// result; charged per comparison as the closure is (`FusedSteps.perElement`). With `keys`,
    /// the predicate compares keys of the two (see `KeyComparisons`): each computed once per
    /// donation, and the comparisons made on them.
    case pairOrder(TypedExpression, comparator: RowPredicate, firstSlot: Int, keys: KeyedComparator?, order: KeyOrder)
    /// `xs.sorted(by:)`, `min(by:)` or `max(by:)` of an array of `Int`s, `Double`s, `String`s
    /// or `Date`s with an order that compares the two elements themselves (`{ $0 > $1 }`,
    /// `by: >`): the machine values compared with `op` by the standard library's own
    /// algorithms, so the same comparisons in the same order give the same answer; charged per
    /// comparison (`FusedSteps.perElement`), as the closure is.
    case valueOrder(TypedExpression, op: ComparisonOperator, order: KeyOrder)
    /// `source.map(f).sorted()` (`op` nil), or `.sorted(by:)`, `.min(by:)` or `.max(by:)` with an
    /// order that compares the elements themselves, for a row mapping `f` of a scalar `element`
    /// type: the values `f` computes, sorted (or the one chosen) as machine values by the
    /// standard library, without the array `map` would make. `map` charges its steps per
    /// donation (`FusedSteps.perSourceElement`), an order per comparison (`perElement`), and
    /// `sorted()` what the built-in charges.
    case mappedOrder(TypedExpression, mapping: RowPredicate.Operand, element: RuleType, op: ComparisonOperator?, order: KeyOrder)
    /// `source.reduce(initial) { $0 + f($1) }`, or `source.map(f).reduce(initial, +)`, for `f` a
    /// row mapping (`\.score`, `{ $0.id * 2 }`): the sum of what it computes from each
    /// donation, added left to right from `initial` as the closure would (so a `Double` sum is
    /// the same to the last bit, and an `Int` overflow is the same runtime error, at
    /// `addition`, the closure's `+`). `Int` arithmetic in `f` is proven unable to fail first,
    /// as in a scan (see `RowPredicate`). With `skipsNil`, `source.compactMap(f).reduce(initial, +)`
    /// for an optional `f`: the values that are not nil, added in order; the mapping's steps are
    /// charged per donation (`FusedSteps.perSourceElement`), the closure's per value added.
    case columnSum(TypedExpression, initial: TypedExpression, mapping: RowPredicate.Operand, addition: SourceRange, skipsNil: Bool)
    /// `source.reduce(initial) { f($0, $1) }`, or `source.map(g).reduce(initial) { f($0, $1) }`,
    /// for `f` a row mapping that may also read the accumulator (`{ max($0, $1.score) }`) and
    /// computes no `Int` arithmetic: each donation's step computed in turn from the previous
    /// result, with the closure's own operations on machine values. A `Bool` fold's step is
    /// `.conditional(p, true, false)` for the closure's predicate `p`. With `filter`
    /// (`source.map(g).filter(p).reduce(...)`), only the donations it holds for take a step:
    /// the steps for `map` and `filter` are charged per donation of the source
    /// (`FusedSteps.perSourceElement`), the closure's per donation kept.
    case fold(TypedExpression, initial: TypedExpression, step: RowPredicate.Operand, filter: RowPredicate?)

    /// `source.map(f)` for a row mapping `f` whose result nothing else fused takes
    /// (`map(\.score).sorted()`): the array of what it computes, made from the columns.
    case mapped(TypedExpression, mapping: RowPredicate.Operand, element: RuleType)

    /// `source.compactMap(f)` for a row mapping `f` of optional results whose work is charged
    /// per row (`{ $0.comment?.count }`), as a whole declaration's value (see
    /// `Optimizer.valuesKept`): the values that are not nil, made from the columns, `f`'s
    /// steps and work charged for every donation, as `compactMap` charges them.
    case compactMapped(TypedExpression, mapping: RowPredicate.Operand, element: RuleType)

    /// `Set(chain)` of what a chain computes from each donation of `source`, as a whole
    /// declaration's value (`let ratedIDs = Set(didRate.donations.map(\.landmarkID))`, see
    /// `Optimizer.valuesKept`): the set made from the columns, `Int`s gathered in a typed set
    /// first. The chain's `map`s and `Set` charge per donation, as the calls do.
    case distinctValues(TypedExpression, mapping: RowPredicate.Operand, element: RuleType)

    /// `source.map(f).prefix(k)` (or `suffix`, `dropFirst`, `dropLast`), also with `reversed()`
    /// before the slice, for a row mapping `f`: `f` computed for the donations the slice keeps
    /// alone, and charged for every donation, as `map` charges it (the mapping cannot fail, or
    /// its `Int` arithmetic is proven safe on every donation first). `count` is the slice's
    /// argument, evaluated after `source` as the calls evaluate it after the `map`.
    case mappedSlice(TypedExpression, mapping: RowPredicate.Operand, element: RuleType, reversed: Bool, slice: Slice, count: TypedExpression)

    /// The donations of `source` a row predicate holds for: a `filter` or `compactMap` in a
    /// chain over what earlier calls made of each donation (`xs.map(f).filter(p)` keeps the
    /// donations for which `p(f($0))` holds, `xs.compactMap(f)` those for which `f($0) != nil`),
    /// as a scan in `filter` mode. It charges per donation of `source` what the calls it stands
    /// for charge per element (the earlier `map`s' functions and its own closure).
    ///
    /// It is only ever the source of another fused operation, which computes the chain's
    /// values from the donations kept. Its `unfused` calls make those values, not donations, so
    /// when it cannot finish (a give-way, the step budget) it leaves the enclosing operation to
    /// run the whole chain unfused.
    case narrowed(TypedExpression, RowPredicate)

    /// The donations of `source` that a slice (`prefix`, `suffix`, `dropFirst`, `dropLast`, by
    /// `count`, or by one without it) or `reversed()` keeps in a chain over what earlier `map`s
    /// computed from each (`xs.map(f).dropFirst(10)`, `xs.map(f).reversed()`, a slice after
    /// `reversed()`), in the order kept. It charges per donation of `source` what the `map`s
    /// since the last narrowing charge per element (and `reversed()` its step per element),
    /// proves their `Int` arithmetic (`mapping`) cannot fail on any of them, as `map` computes
    /// it for every one, then evaluates `count`, as the calls evaluate it after the `map`.
    ///
    /// Like `narrowed`, only ever the source of another fused operation, which computes the
    /// chain's values from the donations kept, and which runs the whole chain unfused when
    /// this one cannot finish (a negative count, arithmetic it cannot prove safe).
    case chainSlice(TypedExpression, mapping: RowPredicate.Operand, reversed: Bool, slice: Slice?, count: TypedExpression?)

    /// `first` or `last` of what a chain computed from each donation of `source`
    /// (`xs.map(f).last`, `xs.compactMap(f).first`), for results that are not optional: `f` of
    /// the first (last) donation, nil for none. The chain's `map`s are charged for every
    /// donation, and their `Int` arithmetic proven unable to fail on each, as `map` computes it
    /// for each.
    case mappedEnd(TypedExpression, mapping: RowPredicate.Operand, element: RuleType, last: Bool)

    /// `first(where:)` or `last(where:)` of what a chain computed from each donation of `source`
    /// (`xs.map(\.score).first { $0 > 4 }`), for results that are not optional: `f` of the first
    /// (last) donation whose value passes `predicate`, which reads the chain's value (see
    /// `Optimizer.predicate(_:after:)`); nil for none. The chain's `map`s are charged for every
    /// donation, and their `Int` arithmetic proven unable to fail on each, as `map` computes it
    /// for each; the test, as far as it decides.
    case mappedFind(TypedExpression, RowPredicate, mapping: RowPredicate.Operand, element: RuleType, last: Bool)

    /// `source.map(f).sorted().first` or `.last`, for a row mapping `f` of a scalar `element`
    /// type (`map(\.date).sorted().last`): the values sorted as `mappedOrder` sorts them, by the
    /// standard library on machine values, and the first or last of them alone made a value
    /// (nil for none), without the array of all of them. Charged as `mappedOrder` charges, and
    /// `first` or `last` as they do.
    case sortedEnd(TypedExpression, mapping: RowPredicate.Operand, element: RuleType, last: Bool)

    /// The subexpression the operation reads.
    package var source: TypedExpression {
        switch self {
        case .scan(let source, _, _), .countCompare(let source, _, _, _), .compactCount(let source, _, _, _), .columnExtreme(let source, _, _, _),
             .groupCount(let source, _, _), .distinctCount(let source, _, _), .columnSum(let source, _, _, _, _),
             .keyOrder(let source, _, _, _, _), .pairOrder(let source, _, _, _, _), .fold(let source, _, _, _), .mapped(let source, _, _), .compactMapped(let source, _, _), .distinctValues(let source, _, _),
             .valueOrder(let source, _, _),
             .mappedOrder(let source, _, _, _, _), .narrowed(let source, _), .mappedSlice(let source, _, _, _, _, _),
             .chainSlice(let source, _, _, _, _), .mappedEnd(let source, _, _, _), .mappedFind(let source, _, _, _, _), .sortedEnd(let source, _, _, _):
            return source
        }
    }

    /// The operation without the subexpressions it reads (which evaluation holds as nodes of
    /// their own): what an evaluation matches at every run. Matching a case of the operation
    /// itself copies its `TypedExpression`s, through their type's metadata, each time.
    package enum Kernel: Sendable {
        case scan(RowPredicate, ScanMode)
        case compactCount(RowPredicate, mapping: RowPredicate.Operand, result: CompactCountResult)
        case countCompare(RowPredicate?, ComparisonOperator, Int)
        case columnExtreme(mapping: RowPredicate.Operand, isMax: Bool, skipsNil: Bool)
        case groupCount(field: Int, largest: Bool)
        case distinctCount(mapping: RowPredicate.Operand, skipsNil: Bool)
        case keyOrder(key: RowPredicate.Operand, op: ComparisonOperator, order: KeyOrder, unwrapsKey: Bool)
        case pairOrder(comparator: RowPredicate, firstSlot: Int, keys: KeyedComparator?, order: KeyOrder)
        case valueOrder(op: ComparisonOperator, order: KeyOrder)
        case mappedOrder(mapping: RowPredicate.Operand, element: RuleType, op: ComparisonOperator?, order: KeyOrder)
        case columnSum(mapping: RowPredicate.Operand, addition: SourceRange, skipsNil: Bool)
        case fold(step: RowPredicate.Operand, filter: RowPredicate?)
        case mapped(mapping: RowPredicate.Operand, element: RuleType)
        case compactMapped(mapping: RowPredicate.Operand, element: RuleType)
        case distinctValues(mapping: RowPredicate.Operand, element: RuleType)
        case mappedSlice(mapping: RowPredicate.Operand, element: RuleType, reversed: Bool, slice: Slice)
        case chainSlice(mapping: RowPredicate.Operand, reversed: Bool, slice: Slice?)
        case mappedEnd(mapping: RowPredicate.Operand, element: RuleType, last: Bool)
        case mappedFind(RowPredicate, mapping: RowPredicate.Operand, element: RuleType, last: Bool)
        case sortedEnd(mapping: RowPredicate.Operand, element: RuleType, last: Bool)
    }

    /// The operation's kernel (see `Kernel`).
    package var kernel: Kernel {
        switch self {
        case .scan(_, let predicate, let mode): return .scan(predicate, mode)
        case .compactCount(_, let predicate, let mapping, let result): return .compactCount(predicate, mapping: mapping, result: result)
        case .countCompare(_, let predicate, let op, let k): return .countCompare(predicate, op, k)
        case .columnExtreme(_, let mapping, let isMax, let skipsNil): return .columnExtreme(mapping: mapping, isMax: isMax, skipsNil: skipsNil)
        case .groupCount(_, let field, let largest): return .groupCount(field: field, largest: largest)
        case .distinctCount(_, let mapping, let skipsNil): return .distinctCount(mapping: mapping, skipsNil: skipsNil)
        case .keyOrder(_, let key, let op, let order, let unwrapsKey): return .keyOrder(key: key, op: op, order: order, unwrapsKey: unwrapsKey)
        case .pairOrder(_, let comparator, let firstSlot, let keys, let order):
            return .pairOrder(comparator: comparator, firstSlot: firstSlot, keys: keys, order: order)
        case .valueOrder(_, let op, let order): return .valueOrder(op: op, order: order)
        case .mappedOrder(_, let mapping, let element, let op, let order):
            return .mappedOrder(mapping: mapping, element: element, op: op, order: order)
        case .columnSum(_, _, let mapping, let addition, let skipsNil): return .columnSum(mapping: mapping, addition: addition, skipsNil: skipsNil)
        case .fold(_, _, let step, let filter): return .fold(step: step, filter: filter)
        case .mapped(_, let mapping, let element): return .mapped(mapping: mapping, element: element)
        case .compactMapped(_, let mapping, let element): return .compactMapped(mapping: mapping, element: element)
        case .distinctValues(_, let mapping, let element): return .distinctValues(mapping: mapping, element: element)
        case .mappedSlice(_, let mapping, let element, let reversed, let slice, _):
            return .mappedSlice(mapping: mapping, element: element, reversed: reversed, slice: slice)
        case .narrowed(_, let predicate): return .scan(predicate, .filter)
        case .chainSlice(_, let mapping, let reversed, let slice, _): return .chainSlice(mapping: mapping, reversed: reversed, slice: slice)
        case .mappedEnd(_, let mapping, let element, let last): return .mappedEnd(mapping: mapping, element: element, last: last)
        case .mappedFind(_, let predicate, let mapping, let element, let last):
            return .mappedFind(predicate, mapping: mapping, element: element, last: last)
        case .sortedEnd(_, let mapping, let element, let last): return .sortedEnd(mapping: mapping, element: element, last: last)
        }
    }

    /// A second subexpression, evaluated after `source`: the initial value of a sum or a fold.
    package var initial: TypedExpression? {
        switch self {
        case .columnSum(_, let initial, _, _, _), .fold(_, let initial, _, _), .mappedSlice(_, _, _, _, _, let initial): return initial
        case .chainSlice(_, _, _, _, let count): return count
        default: return nil
        }
    }
}
