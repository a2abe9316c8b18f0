/// A subexpression of a fused closure that reads no closure parameter at all (another event's
/// donations, a `let`, a parameter, the clock: `didLogin.donations.last?.date ?? .distantPast`
/// in `views.filter { $0.date > (didLogin.donations.last?.date ?? .distantPast) }`). Its value is
/// the same on every row of one evaluation, so a scan evaluates it once, before it binds the
/// closure, instead of once per row.
///
/// What the closure would have charged for it is kept exact at run time (see
/// `Evaluator.evaluateHoisted`): an evaluation that charges no steps stands for any number of
/// them; one that charges steps only the first time (a `let` evaluated then) stands for the
/// closure's when every row the closure runs on evaluates it (`conditional` false), or when a
/// row of the list reaches it (`HoistedUse.reach`); anything else, and any error, gives way to
/// the calls the scan stands for.
///
/// An argument of the fused calls themselves, outside any closure (`contains(x ?? 0)`), is
/// hoisted too when its nodes may skip a part of it (`??`, `?.`, `&&`): it is then evaluated
/// once as its own nodes, as the calls evaluate it, charging the nodes it visits, over an empty
/// list too (`isArgument`), and the fused node's fixed charge leaves it out.
package final class HoistedExpression: Sendable, Equatable {
    package let expression: TypedExpression
    /// Whether this is an argument of the fused calls evaluated once as its own nodes, rather
    /// than a subexpression of a closure.
    package let isArgument: Bool

    init(_ expression: TypedExpression, isArgument: Bool = false) {
        self.expression = expression
        self.isArgument = isArgument
    }

    /// The same hoisting (operands compare equal only as the same subexpression of one closure).
    package static func == (lhs: HoistedExpression, rhs: HoistedExpression) -> Bool {
        lhs === rhs
    }

    /// Whether an expression may be hoisted: a scalar (what row operands are) that reads no
    /// closure parameter outside the closures it has itself (`didRate.donations.map(\.score).max()`).
    /// One whose evaluation charges steps every time (its own closures', its calls' work) is
    /// charged per row by the scan that reads it, or the scan gives way (see
    /// `Evaluator.evaluateHoisted`).
    static func accepts(_ expression: TypedExpression) -> Bool {
        switch expression.type {
        case .int, .double, .bool, .string, .date: break
        case .optional(let wrapped) where [.int, .double, .bool, .string, .date].contains(wrapped): break
        default: return false
        }
        // (A `#Rule` is a rule's condition rather than a value a closure computes: never hoisted,
        // as before.)
        if case .ruleMacro = expression.node { return false }
        return !readsFreeLocals(expression)
    }

    /// Whether an expression reads a closure parameter other than those of the closures in it
    /// (`bound`, their slots): whether its value may differ between applications of a closure
    /// it is in.
    package static func readsFreeLocals(_ expression: TypedExpression, bound: [Range<Int>] = []) -> Bool {
        switch expression.node {
        case .local(let slot):
            return !bound.contains { $0.contains(slot) }
        case .closure(let closure):
            return readsFreeLocals(closure.body, bound: bound + [closure.firstSlot..<closure.firstSlot + closure.parameterCount])
        case .ruleMacro(let subject, let closure):
            return readsFreeLocals(subject, bound: bound)
                || readsFreeLocals(closure.body, bound: bound + [closure.firstSlot..<closure.firstSlot + closure.parameterCount])
        case .fused(_, _, let unfused):
            // The calls it stands for read what the fused form reads (whose row predicates may
            // read an enclosing closure's element).
            return readsFreeLocals(unfused, bound: bound)
        default:
            var found = false
            forEachChild(of: expression) { child in
                if !found && readsFreeLocals(child, bound: bound) { found = true }
            }
            return found
        }
    }

    static func readsNoLocals(_ expression: TypedExpression) -> Bool {
        switch expression.node {
        case .local, .closure, .keyPath, .fused, .ruleMacro: return false
        default:
            var found = false
            forEachChild(of: expression) { child in
                if !found && !readsNoLocals(child) { found = true }
            }
            return !found
        }
    }
}

/// A hoisted expression and whether the closure evaluates it on only some of the rows it runs
/// on (behind `&&`, `||`, `??` or `?:`, or in a closure that runs on some rows only).
package struct HoistedUse: Sendable {
    package let hoisted: HoistedExpression
    package let conditional: Bool
    /// For a conditional use in a scan, a row predicate that holds on exactly the rows whose
    /// closure evaluates the expression (`a` for `h` in `a && h > 1`), of the rows the scan
    /// runs its closure on: every row of its list for `filter` and `count(where:)`, those up to
    /// the one that decides it for a search (see `searched`); nil when not known.
    package let reach: RowPredicate?
    /// Whether the use is in a search (`contains(where:)`, `first(where:)`, `last(where:)`,
    /// `allSatisfy`), whose closure runs on the rows up to the one that decides it, known only
    /// once it is found: the rows that reach the expression are then among those.
    package let searched: Bool

    init(hoisted: HoistedExpression, conditional: Bool, reach: RowPredicate? = nil, searched: Bool = false) {
        self.hoisted = hoisted
        self.conditional = conditional
        self.reach = conditional ? reach : nil
        self.searched = searched
    }

    /// The same use in a search (see `searched`).
    var inSearch: HoistedUse {
        HoistedUse(hoisted: hoisted, conditional: conditional, reach: reach, searched: true)
    }
}

extension FusedOperation.Kernel {
    /// The hoisted expressions the operation's closures read, in the order they appear.
    package var hoistedUses: [HoistedUse] {
        var uses: [HoistedUse] = []
        switch self {
        case .scan(let predicate, let mode):
            // A filter and a count run the closure on every row, a search on those up to the
            // one that decides it.
            predicate.collectHoisted(conditional: false, reach: .constant(true), into: &uses)
            if mode != .filter && mode != .count { uses = uses.map(\.inSearch) }
        case .compactCount(let predicate, let mapping, _):
            mapping.collectHoisted(conditional: false, into: &uses)
            // The test runs on the values `compactMap` keeps only.
            predicate.collectHoisted(conditional: true, into: &uses)
        case .countCompare(let predicate, _, _): predicate?.collectHoisted(conditional: false, reach: .constant(true), into: &uses)
        case .columnExtreme(let mapping, _, _), .distinctCount(let mapping, _), .mappedOrder(let mapping, _, _, _),
             .columnSum(let mapping, _, _), .mapped(let mapping, _), .compactMapped(let mapping, _), .distinctValues(let mapping, _), .mappedSlice(let mapping, _, _, _), .chainSlice(let mapping, _, _),
             .mappedEnd(let mapping, _, _), .sortedEnd(let mapping, _, _):
            mapping.collectHoisted(conditional: false, into: &uses)
        case .mappedFind(let predicate, let mapping, _, _):
            // The map runs on every row; the test, as a search, as far as it decides.
            mapping.collectHoisted(conditional: false, into: &uses)
            predicate.collectHoisted(conditional: false, reach: nil, into: &uses)
        case .keyOrder(let key, _, _, _):
            // An order's closure runs once per comparison: never for a single donation.
            key.collectHoisted(conditional: true, into: &uses)
        case .pairOrder(let comparator, _, _, _):
            comparator.collectHoisted(conditional: true, into: &uses)
        case .fold(let step, let filter):
            filter?.collectHoisted(conditional: false, into: &uses)
            step.collectHoisted(conditional: filter != nil, into: &uses)
        case .groupCount, .valueOrder:
            break
        }
        return uses
    }
}

extension RowPredicate {
    /// Appends the hoisted expressions the predicate reads; `reach` holds on the rows where the
    /// predicate itself is evaluated (see `HoistedUse.reach`).
    func collectHoisted(conditional: Bool, reach: RowPredicate? = nil, into uses: inout [HoistedUse]) {
        switch self {
        case .constant: break
        case .compare(let a, _, let b), .string(let a, _, let b):
            a.collectHoisted(conditional: conditional, reach: reach, into: &uses)
            b.collectHoisted(conditional: conditional, reach: reach, into: &uses)
        case .and(let a, let b):
            a.collectHoisted(conditional: conditional, reach: reach, into: &uses)
            // The right side runs where the left holds.
            b.collectHoisted(conditional: true, reach: reach.map { $0.meeting(a) }, into: &uses)
        case .or(let a, let b):
            a.collectHoisted(conditional: conditional, reach: reach, into: &uses)
            b.collectHoisted(conditional: true, reach: reach.map { $0.meeting(.not(a)) }, into: &uses)
        case .not(let a):
            a.collectHoisted(conditional: conditional, reach: reach, into: &uses)
        case .exists(let scan):
            // The other list; its predicate reads nothing hoisted (see `Optimizer`).
            uses.append(HoistedUse(hoisted: scan.list, conditional: conditional, reach: reach))
        }
    }

    /// Whether the predicate reads a hoisted expression.
    package var readsHoisted: Bool {
        containsOperand { operand in
            if case .hoisted = operand { return true }
            return false
        }
    }

    /// `self && other`, without a `true` that changes nothing.
    private func meeting(_ other: RowPredicate) -> RowPredicate {
        if case .constant(true) = self { return other }
        return .and(self, other)
    }
}

extension RowPredicate.Operand {
    /// Appends the hoisted expressions the operand reads; `reach` as for a predicate (a branch
    /// of `??` or `?:` has none: it is not kept track of).
    func collectHoisted(conditional: Bool, reach: RowPredicate? = nil, into uses: inout [HoistedUse]) {
        switch self {
        case .hoisted(let hoisted): uses.append(HoistedUse(hoisted: hoisted, conditional: conditional, reach: reach))
        case .field, .date, .constant, .parameter, .now, .outerLocal, .outerField, .outerDate, .accumulator: break
        case .arithmetic(_, let a, let b), .intArithmetic(_, let a, let b), .intervalSince(let a, let b), .addingInterval(let a, let b):
            a.collectHoisted(conditional: conditional, reach: reach, into: &uses)
            b.collectHoisted(conditional: conditional, reach: reach, into: &uses)
        case .negate(let a):
            a.collectHoisted(conditional: conditional, reach: reach, into: &uses)
        case .coalesce(let a, let b, _):
            a.collectHoisted(conditional: conditional, reach: reach, into: &uses)
            b.collectHoisted(conditional: true, into: &uses)
        case .conditional(let p, let a, let b):
            p.collectHoisted(conditional: conditional, reach: reach, into: &uses)
            a.collectHoisted(conditional: true, into: &uses)
            b.collectHoisted(conditional: true, into: &uses)
        case .function(_, let a, let b):
            a.collectHoisted(conditional: conditional, reach: reach, into: &uses)
            b?.collectHoisted(conditional: conditional, reach: reach, into: &uses)
        }
    }
}
