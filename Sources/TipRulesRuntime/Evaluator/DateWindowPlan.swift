import TipRulesSemantics

/// The date conditions of a scan's predicate, worked out once per fused node: the conjuncts of
/// its top-level `&&` that compare a function of the row's date alone (`$0.date > x`,
/// `Date.now.timeIntervalSince($0.date) < 3 * 86400`, `$0.date.addingTimeInterval(60) >= x`)
/// with a value the same for every row, and the rest of the predicate without them.
///
/// Over a list in date order such a conjunct holds on a prefix or a suffix of it (IEEE
/// addition and subtraction are monotonic), which a binary search finds with the operations
/// the scan would compute. Inside the window every one of them holds, so the scan tests only
/// the rest (`residual`): it neither depends on the clock nor on the values the conditions
/// compare with, and its binding is kept across evaluations whose clock moves, and across the
/// elements of an enclosing closure (`logins.contains { l in rates.contains { $0.date > l.date } }`),
/// where binding the whole predicate again cost more than the scan. A conjunct is a
/// comparison, which cannot fail and charges no steps of its own, so leaving it out of the
/// tests changes neither the answer nor the steps; one after a string search stays in the
/// residual (see `split`).
final class DateWindowPlan: Sendable {
    /// One conjunct: `function(date) op bound`, its function as a chain of steps from the date
    /// outwards.
    struct Condition: Sendable {
        /// One step of the function: the value so far combined with an invariant.
        enum Step: Sendable {
            /// `x + k`
            case add(RowPredicate.Operand)
            /// `x - k`
            case subtract(RowPredicate.Operand)
            /// `k - x`
            case subtractFrom(RowPredicate.Operand)
            /// `-x`
            case negate
            /// `x * k` (or `k * x`, the same product), for a finite constant `k` that is not zero
            case multiply(RowPredicate.Operand)
            /// `x / k`, for a finite constant `k` that is not zero
            case divide(RowPredicate.Operand)
        }
        let steps: [Step]
        let op: ComparisonOperator
        let bound: RowPredicate.Operand
        /// Whether the condition holds on a prefix of a list in date order (else a suffix).
        let holdsOnPrefix: Bool
        /// Whether the comparison itself does: the condition is the comparison, or with
        /// `complemented` its negation (`!($0.date < x)`), which holds exactly where the
        /// comparison fails, so on the other side of the same edge (a NaN included).
        let comparisonHoldsOnPrefix: Bool
        /// How many invariant values the condition reads (each step's, and the bound).
        let invariantCount: Int
        /// The function when it has no step or one (nearly every condition), or one negated (the
        /// second condition of `abs(x) < k`, `-x < k`); nil for others.
        enum Single { case date, add, subtract, subtractFrom, negate, negatedAdd, negatedSubtract, negatedSubtractFrom }
        let single: Single?

        init(steps: [Step], op: ComparisonOperator, bound: RowPredicate.Operand, comparisonHoldsOnPrefix: Bool, complemented: Bool) {
            (self.steps, self.op, self.bound) = (steps, op, bound)
            (self.comparisonHoldsOnPrefix, holdsOnPrefix) = (comparisonHoldsOnPrefix, comparisonHoldsOnPrefix != complemented)
            invariantCount = steps.count { if case .negate = $0 { false } else { true } } + 1
            switch steps.first {
            case nil: single = .date
            case _ where steps.count == 2:
                guard case .negate = steps[1] else { single = nil; break }
                switch steps[0] {
                case .add: single = .negatedAdd
                case .subtract: single = .negatedSubtract
                case .subtractFrom: single = .negatedSubtractFrom
                case .negate, .multiply, .divide: single = nil
                }
            case _ where steps.count > 2: single = nil
            case .add?: single = .add
            case .subtract?: single = .subtract
            case .subtractFrom?: single = .subtractFrom
            case .multiply?, .divide?: single = nil
            case .negate?: single = .negate
            }
        }
    }

    let conditions: [Condition]
    /// What `window(of:_:_:hints:)` reads of each condition.
    struct Search {
        let single: Condition.Single?
        let op: ComparisonOperator
        let holdsOnPrefix: Bool
        let comparisonHoldsOnPrefix: Bool
        let invariantCount: Int
    }
    let searches: [Search]
    /// A condition with no step or one (`Condition.Single`) as `sweptWindow` searches it: the
    /// function `(negated ? -date : date) + shift`, its shift and bound at these offsets of the
    /// values `invariants` read.
    struct LinearSearch {
        let op: ComparisonOperator
        let holdsOnPrefix: Bool
        let comparisonHoldsOnPrefix: Bool
        let negated: Bool
        let shift: Condition.Single.Shift
        let shiftIndex: Int
        let boundIndex: Int
    }
    /// Every condition as a `LinearSearch`, when each has no step or one (nearly every plan);
    /// nil otherwise.
    let linearSearches: [LinearSearch]?
    /// The predicate without the conditions (`true` when nothing else is left), and the cache
    /// of its bindings.
    let residual: RowPredicate
    let residualFilters: BoundFilterCache
    /// Whether the predicate is its date conditions alone (every row of the window passes).
    let residualHolds: Bool
    /// The operands the conditions read (each step's, then the bound, condition by condition):
    /// the order `window(of:_:_:)` takes their values in.
    let invariants: [RowPredicate.Operand]

    /// The plan of a predicate; nil when it has no date condition ahead of its first string
    /// search (see `split`).
    init?(_ predicate: RowPredicate) {
        var conditions: [Condition] = []
        var searched = false
        let rest = DateWindowPlan.split(predicate, into: &conditions, searched: &searched)
        guard !conditions.isEmpty else { return nil }
        self.conditions = conditions
        searches = conditions.map {
            Search(single: $0.single, op: $0.op, holdsOnPrefix: $0.holdsOnPrefix, comparisonHoldsOnPrefix: $0.comparisonHoldsOnPrefix,
                   invariantCount: $0.invariantCount)
        }
        var linear: [LinearSearch] = []
        var offset = 0
        for search in searches {
            guard let single = search.single else { break }
            let (negated, shift) = single.linear
            linear.append(LinearSearch(op: search.op, holdsOnPrefix: search.holdsOnPrefix, comparisonHoldsOnPrefix: search.comparisonHoldsOnPrefix,
                                       negated: negated, shift: shift,
                                       shiftIndex: offset, boundIndex: offset + search.invariantCount - 1))
            offset += search.invariantCount
        }
        linearSearches = linear.count == searches.count ? linear : nil
        residual = rest ?? .constant(true)
        residualHolds = rest == nil
        residualFilters = BoundFilterCache(residual, windows: false)
        invariants = conditions.flatMap { condition in
            condition.steps.compactMap { step -> RowPredicate.Operand? in
                switch step {
                case .add(let k), .subtract(let k), .subtractFrom(let k), .multiply(let k), .divide(let k): return k
                case .negate: return nil
                }
            } + [condition.bound]
        }
    }

    /// The predicate without its date conditions (nil when nothing is left), appending them.
    /// Only conditions ahead of every conjunct that searches strings (or does other work whose
    /// steps depend on the row, see `RowPredicate.searchesStrings`) are taken: the closure runs
    /// such a search only on the rows the conjuncts before it pass, so a scan of the window
    /// runs it on exactly those, where a condition after it would leave rows out that the
    /// closure searches.
    private static func split(_ predicate: RowPredicate, into conditions: inout [Condition], searched: inout Bool) -> RowPredicate? {
        switch predicate {
        case .and(let a, let b):
            let left = split(a, into: &conditions, searched: &searched), right = split(b, into: &conditions, searched: &searched)
            switch (left, right) {
            case (let l?, let r?): return .and(l, r)
            case (let l?, nil): return l
            case (nil, let r?): return r
            case (nil, nil): return nil
            }
        case .compare(let a, let op, let b) where op != .equal && op != .notEqual && !searched:
            guard let condition = condition(a, op, b, complemented: false) else {
                if predicate.searchesStrings { searched = true }
                return predicate
            }
            conditions.append(condition)
            return nil
        case .not(.compare(let a, let op, let b)) where op != .equal && op != .notEqual && !searched:
            guard let condition = condition(a, op, b, complemented: true) else {
                if predicate.searchesStrings { searched = true }
                return predicate
            }
            conditions.append(condition)
            return nil
        case .compare(let a, .equal, let b) where !searched, .not(.compare(let a, .notEqual, let b)) where !searched:
            // `x == k` is `x <= k && x >= k` for every pair of doubles (a NaN fails all three):
            // over a list in date order, a window that starts and ends with it.
            guard let atMost = condition(a, .lessOrEqual, b, complemented: false),
                  let atLeast = condition(a, .greaterOrEqual, b, complemented: false) else {
                if predicate.searchesStrings { searched = true }
                return predicate
            }
            conditions += [atMost, atLeast]
            return nil
        case .not(.not(let inner)):
            return split(inner, into: &conditions, searched: &searched)
        case .not(.or(let a, let b)):
            // `!(a || b)` is `!a && !b`, each part reached when the closure reaches it: it stops
            // at the first of `a` and `b` that holds, this at the first whose negation fails.
            return split(.and(.not(a), .not(b)), into: &conditions, searched: &searched)
        default:
            if predicate.searchesStrings { searched = true }
            return predicate
        }
    }

    /// `a op b` (with `complemented`, its negation) as a condition: one side a function of the
    /// date alone, the other the same for every row; nil otherwise.
    private static func condition(_ a: RowPredicate.Operand, _ op: ComparisonOperator, _ b: RowPredicate.Operand,
                                  complemented: Bool) -> Condition? {
        let (function, op, bound) = b.isInvariant ? (a, op, b) : (b, op.mirrored, a)
        guard bound.isInvariant, let direction = function.dateDirection, let steps = chain(function) else { return nil }
        // With the function growing with the date, `<` and `<=` hold on a prefix.
        let holdsOnPrefix = (op == .less || op == .lessOrEqual) == (direction > 0)
        return Condition(steps: steps, op: op, bound: bound, comparisonHoldsOnPrefix: holdsOnPrefix, complemented: complemented)
    }

    /// A function of the date alone as steps from the date outwards; nil for anything else.
    private static func chain(_ operand: RowPredicate.Operand) -> [Condition.Step]? {
        switch operand {
        case .date: return []
        case .intervalSince(let a, let b), .arithmetic(.doubleSubtract, let a, let b):
            if b.isInvariant { return chain(a).map { $0 + [.subtract(b)] } }
            if a.isInvariant { return chain(b).map { $0 + [.subtractFrom(a)] } }
            return nil
        case .addingInterval(let a, let b), .arithmetic(.doubleAdd, let a, let b):
            if b.isInvariant { return chain(a).map { $0 + [.add(b)] } }
            if a.isInvariant { return chain(b).map { $0 + [.add(a)] } }
            return nil
        case .negate(let a):
            return chain(a).map { $0 + [.negate] }
        case .arithmetic(.doubleMultiply, _, _), .arithmetic(.doubleDivide, _, _):
            // (Only by the finite constants other than zero that `dateDirection` takes.)
            guard case .arithmetic(let op, let a, let b) = operand, let (x, k) = RowPredicate.Operand.scaledDate(op, a, b) else { return nil }
            return chain(x).map { $0 + [op == .doubleMultiply ? .multiply(k) : .divide(k)] }
        default:
            return nil
        }
    }
}

extension DateWindowPlan.Condition.Single {
    /// What the function adds to the date (or to its negation): nothing, the invariant it
    /// reads, or that invariant negated.
    enum Shift { case none, k, minusK }

    /// The function as `(negated ? -date : date) + shift`.
    ///
    /// The same values, as far as a comparison can tell: IEEE 754 defines `x - k` as
    /// `x + (-k)`, rounding to nearest is symmetric (`-(x + k)` is `(-x) + (-k)`), and
    /// `x + 0` is `x` but for the sign of a zero, which no comparison sees; a NaN stays a NaN.
    /// One loop of a search then serves every function with no step or one.
    var linear: (negated: Bool, shift: Shift) {
        switch self {
        case .date: return (false, .none)
        case .add: return (false, .k)
        case .subtract: return (false, .minusK)
        case .subtractFrom: return (true, .k)
        case .negate: return (true, .none)
        case .negatedAdd: return (true, .minusK)
        case .negatedSubtract: return (true, .k)
        case .negatedSubtractFrom: return (false, .minusK)
        }
    }
}

extension DateWindowPlan {
    /// The rows of `whole` (in date order) where every condition holds, found by binary search
    /// with the values the conditions read (those of `invariants`, in order).
    ///
    /// With `hints` (one per condition), each condition's edge is looked for outwards from the
    /// one found last, which is kept there: a scan nested in a closure over rows in date order
    /// finds the next edge a few rows on, in a few tests rather than a search of the whole.
    func window(of whole: Range<Int>, _ dates: ColumnArray<Double>, _ values: UnsafeBufferPointer<Double>,
                hints: UnsafeMutableBufferPointer<Int>? = nil) -> Range<Int> {
        dates.withUnsafeBufferPointer { dates in
            var window = whole
            var offset = 0
            for index in searches.indices {
                // (What the search needs, without references: a condition copied would be
                // retained and released at every search.)
                let condition = searches[index]
                let constants = UnsafeBufferPointer(rebasing: values[offset..<(offset + condition.invariantCount)])
                offset += condition.invariantCount
                let bound = constants[constants.count - 1]
                let hint = hints?[index]
                let edge: Int
                if let single = condition.single {
                    // The usual conditions, with no step or one, in one loop of plain arithmetic.
                    let (negated, form) = single.linear
                    let shift = switch form { case .none: 0.0; case .k: constants[0]; case .minusK: -constants[0] }
                    edge = DateWindowPlan.linearEdge(window, dates, negated: negated, shift: shift, condition, bound: bound, near: hint)
                } else {
                    edge = DateWindowPlan.edge(window, condition.op, holdsOnPrefix: condition.comparisonHoldsOnPrefix, bound: bound,
                                               near: hint) { position in
                        var y = dates[position]
                        var next = 0
                        for step in conditions[index].steps {
                            switch step {
                            case .add: y = y + constants[next]; next += 1
                            case .subtract: y = y - constants[next]; next += 1
                            case .subtractFrom: y = constants[next] - y; next += 1
                            case .multiply: y = y * constants[next]; next += 1
                            case .divide: y = y / constants[next]; next += 1
                            case .negate: y = -y
                            }
                        }
                        return y
                    }
                }
                hints?[index] = edge
                window = condition.holdsOnPrefix ? window.lowerBound..<edge : edge..<window.upperBound
            }
            return window
        }
    }

    /// `edge(_:_:bound:near:_:)` of `(negated ? -date : date) + shift` (see `Single.linear`).
    private static func linearEdge(_ range: Range<Int>, _ dates: UnsafeBufferPointer<Double>, negated: Bool, shift: Double,
                                   _ condition: Search, bound: Double, near hint: Int?) -> Int {
        negated
            ? edge(range, condition.op, holdsOnPrefix: condition.comparisonHoldsOnPrefix, bound: bound, near: hint) { -dates[$0] + shift }
            : edge(range, condition.op, holdsOnPrefix: condition.comparisonHoldsOnPrefix, bound: bound, near: hint) { dates[$0] + shift }
    }

    /// Where a comparison of `y(position)` starts to fail along `range` (it holds on a prefix)
    /// or to hold (on a suffix), looked for outwards from `hint` when there is one: the edge of
    /// the comparison's complement too, which holds on the other side of it.
    @inline(__always)
    private static func edge(_ range: Range<Int>, _ op: ComparisonOperator, holdsOnPrefix: Bool, bound: Double, near hint: Int?,
                             _ y: (Int) -> Double) -> Int {
        @inline(__always) func split(_ flips: (Double) -> Bool) -> Int {
            guard let hint else { return Evaluator.partition(range) { flips(y($0)) } }
            return sweepEdge(range, from: hint) { flips(y($0)) }
        }
        switch (op, holdsOnPrefix) {
        case (.less, true): return split { !($0 < bound) }
        case (.lessOrEqual, true): return split { !($0 <= bound) }
        case (.greater, true): return split { !($0 > bound) }
        case (.greaterOrEqual, true): return split { !($0 >= bound) }
        case (.less, false): return split { $0 < bound }
        case (.lessOrEqual, false): return split { $0 <= bound }
        case (.greater, false): return split { $0 > bound }
        case (.greaterOrEqual, false): return split { $0 >= bound }
        case (.equal, _), (.notEqual, _): preconditionFailure("no window for equality")
        }
    }

    /// `window(of:_:_:hints:)` of a plan whose conditions are `linearSearches`, each edge
    /// looked for from its hint by `sweep`: a scan nested in a closure over rows in date order
    /// finds each edge where it was or a row or two on.
    @inline(__always)
    func sweptWindow(of whole: Range<Int>, _ searches: UnsafeBufferPointer<LinearSearch>, _ dates: UnsafeBufferPointer<Double>,
                     _ values: UnsafeBufferPointer<Double>, hints: UnsafeMutableBufferPointer<Int>) -> Range<Int> {
        var lower = whole.lowerBound, upper = whole.upperBound
        for index in 0..<searches.count {
            let search = searches[index]
            let bound = values[search.boundIndex]
            let shift = switch search.shift {
            case .none: 0.0
            case .k: values[search.shiftIndex]
            case .minusK: -values[search.shiftIndex]
            }
            let range = Range(uncheckedBounds: (lower, upper)), hint = hints[index], negated = search.negated
            // (The sign tested at every row rather than a loop for each: one branch that always
            // goes the same way, in half the code.)
            @inline(__always) func y(_ position: Int) -> Double { (negated ? -dates[position] : dates[position]) + shift }
            let found = DateWindowPlan.edge(range, search.op, holdsOnPrefix: search.comparisonHoldsOnPrefix, bound: bound, near: hint) { y($0) }
            hints[index] = found
            if search.holdsOnPrefix { upper = found } else { lower = found }
        }
        return Range(uncheckedBounds: (lower, upper))
    }
}

/// The first position of `range` from which `flipped` holds (`range.upperBound` when it
/// holds nowhere), for a test that is false and then true along it, looked for from `hint`:
/// at the hint, a row on or a row back (where the next outer row of a nested scan usually
/// finds it), else in steps that double away from there, then by binary search between the
/// last two. (Any hint gives the same position; a near one takes fewer tests.)
@inline(__always)
func sweepEdge(_ range: Range<Int>, from hint: Int, _ flipped: (Int) -> Bool) -> Int {
    let low = range.lowerBound, high = range.upperBound
    var edge = hint < low ? low : (hint > high ? high : hint)
    if edge < high && !flipped(edge) {
        edge &+= 1
        guard edge < high && !flipped(edge) else { return edge }
        // Not at `edge` or before: from `edge + 1` up.
        var from = edge &+ 1, step = 1
        while from < high {
            let probe = from &+ step &- 1 < high ? from &+ step &- 1 : high &- 1
            if flipped(probe) { return Evaluator.partition(Range(uncheckedBounds: (from, probe)), flipped) }
            from = probe &+ 1
            step &<<= 1
        }
        return high
    }
    guard edge > low && flipped(edge &- 1) else { return edge }
    edge &-= 1
    guard edge > low && flipped(edge &- 1) else { return edge }
    // At `edge - 1` or before: from there down.
    var to = edge &- 1, step = 1
    while to > low {
        let probe = to &- step > low ? to &- step : low
        if !flipped(probe) { return Evaluator.partition(Range(uncheckedBounds: (probe &+ 1, to)), flipped) }
        to = probe
        step &<<= 1
    }
    return low
}

extension Evaluator {
    /// The rows of a contiguous list where every date condition of the plan holds, as the
    /// residual's entry kept it for the same list and the same values of everything the
    /// conditions read, else found by binary search and kept there; with how many rows precede
    /// and follow it. Nil when a condition compares with a value that is not a number (the
    /// caller then scans the whole predicate).
    func dateWindow(_ plan: DateWindowPlan, _ whole: Range<Int>, _ dates: ColumnArray<Double>,
                    _ entry: BoundFilterCache.Entry) -> (rows: Range<Int>, before: Int, after: Int)? {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: plan.invariants.count) { values in
            for (index, operand) in plan.invariants.enumerated() {
                guard let x = invariantNumber(operand) else { return nil }
                values[index] = x
            }
            if let kept = entry.windows.window(for: whole, UnsafeBufferPointer(values)) { return kept }
            let window = plan.window(of: whole, dates, UnsafeBufferPointer(values))
            let result = (rows: window, before: window.lowerBound - whole.lowerBound, after: whole.upperBound - window.upperBound)
            entry.windows.keep(result, for: whole, UnsafeBufferPointer(values))
            return result
        }
    }

    /// The first position of a range from which `isTrue` holds, for a test that is false and
    /// then true along it.
    @inline(__always)
    fileprivate static func partition(_ range: Range<Int>, _ isTrue: (Int) -> Bool) -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let mid = low + (high - low) / 2
            if isTrue(mid) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
