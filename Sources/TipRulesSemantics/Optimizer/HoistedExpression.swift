/// A subexpression of a fused closure that reads no closure parameter at all (another event's
/// donations, a `let`, a parameter, the clock: `didLogin.donations.last?.date ?? .distantPast`
/// in `views.filter { $0.date > (didLogin.donations.last?.date ?? .distantPast) }`). Its value is
/// the same on every row of one evaluation, so a scan evaluates it once, before it binds the
/// closure, instead of once per row.
///
/// What the closure would have charged for it is kept exact at run time (see
/// `Evaluator.evaluateHoisted`): an evaluation that charges no steps stands for any number of
/// them; one that charges steps only the first time (a `let` evaluated then) stands for the
/// closure's when every row the closure runs on evaluates it (`conditional` false); anything
/// else, and any error, gives way to the calls the scan stands for.
package final class HoistedExpression: Sendable, Equatable {
    package let expression: TypedExpression

    init(_ expression: TypedExpression) {
        self.expression = expression
    }

    /// The same hoisting (operands compare equal only as the same subexpression of one closure).
    package static func == (lhs: HoistedExpression, rhs: HoistedExpression) -> Bool {
        lhs === rhs
    }

    /// Whether an expression may be hoisted: a scalar (what row operands are) computed without
    /// closure parameters, closures or key paths, whose steps could depend on the row or be
    /// charged per application.
    static func accepts(_ expression: TypedExpression) -> Bool {
        switch expression.type {
        case .int, .double, .bool, .string, .date: break
        case .optional(let wrapped) where [.int, .double, .bool, .string, .date].contains(wrapped): break
        default: return false
        }
        return readsNoLocals(expression)
    }

    private static func readsNoLocals(_ expression: TypedExpression) -> Bool {
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
}

extension FusedOperation.Kernel {
    /// The hoisted expressions the operation's closures read, in the order they appear.
    package var hoistedUses: [HoistedUse] {
        var uses: [HoistedUse] = []
        switch self {
        case .scan(let predicate, _): predicate.collectHoisted(conditional: false, into: &uses)
        case .compactCount(let predicate, let mapping, _):
            mapping.collectHoisted(conditional: false, into: &uses)
            // The test runs on the values `compactMap` keeps only.
            predicate.collectHoisted(conditional: true, into: &uses)
        case .countCompare(let predicate, _, _): predicate?.collectHoisted(conditional: false, into: &uses)
        case .columnExtreme(let mapping, _, _), .distinctCount(let mapping, _), .mappedOrder(let mapping, _, _, _),
             .columnSum(let mapping, _, _), .mapped(let mapping, _):
            mapping.collectHoisted(conditional: false, into: &uses)
        case .keyOrder(let key, _, _):
            // An order's closure runs once per comparison: never for a single donation.
            key.collectHoisted(conditional: true, into: &uses)
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
    func collectHoisted(conditional: Bool, into uses: inout [HoistedUse]) {
        switch self {
        case .constant: break
        case .compare(let a, _, let b), .string(let a, _, let b):
            a.collectHoisted(conditional: conditional, into: &uses)
            b.collectHoisted(conditional: conditional, into: &uses)
        case .and(let a, let b), .or(let a, let b):
            a.collectHoisted(conditional: conditional, into: &uses)
            b.collectHoisted(conditional: true, into: &uses)
        case .not(let a):
            a.collectHoisted(conditional: conditional, into: &uses)
        }
    }
}

extension RowPredicate.Operand {
    func collectHoisted(conditional: Bool, into uses: inout [HoistedUse]) {
        switch self {
        case .hoisted(let hoisted): uses.append(HoistedUse(hoisted: hoisted, conditional: conditional))
        case .field, .date, .constant, .parameter, .now, .outerLocal, .outerField, .outerDate, .accumulator: break
        case .arithmetic(_, let a, let b), .intArithmetic(_, let a, let b), .intervalSince(let a, let b), .addingInterval(let a, let b):
            a.collectHoisted(conditional: conditional, into: &uses)
            b.collectHoisted(conditional: conditional, into: &uses)
        case .negate(let a):
            a.collectHoisted(conditional: conditional, into: &uses)
        case .coalesce(let a, let b, _):
            a.collectHoisted(conditional: conditional, into: &uses)
            b.collectHoisted(conditional: true, into: &uses)
        case .conditional(let p, let a, let b):
            p.collectHoisted(conditional: conditional, into: &uses)
            a.collectHoisted(conditional: true, into: &uses)
            b.collectHoisted(conditional: true, into: &uses)
        case .function(_, let a, let b):
            a.collectHoisted(conditional: conditional, into: &uses)
            b?.collectHoisted(conditional: conditional, into: &uses)
        }
    }
}
