import TipRulesSemantics

/// What a row predicate reads that is the same for every row: constants, parameters, the clock,
/// the parameters of enclosing closures and hoisted subexpressions, taken from the evaluator
/// without the rest of it.
///
/// A binder used to hold a closure over the evaluator, which captured a copy of all of it (its
/// program, stream cuts, declaration states...) and retained each reference the copy held, at
/// every scan; this holds the four arrays the values are read from.
struct RowInvariants {
    let parameterValues: [Value]
    /// The evaluation clock, as seconds since 2001.
    let now: Double
    /// The evaluator's locals and the frame of the closure being evaluated (see `Evaluator`).
    let locals: [Value]
    let scalarSlots: [UInt64]
    let donationSlots: [Evaluator.DonationSlot]
    let frameBase: Int
    /// The values of the hoisted subexpressions of the scan being bound (see `HoistedExpression`).
    let hoistedValues: [HoistedValue]

    /// The value of an operand that is the same for every row.
    func value(_ operand: RowPredicate.Operand) -> Value {
        switch operand {
        case .constant(let value): return Value(value)
        case .parameter(let index): return parameterValues[index]
        case .now: return .date(now)
        case .outerLocal(let slot, let type):
            guard let kind = ScalarKind(type) else { return locals[frameBase + slot] }
            return kind.value(scalarSlots[frameBase + slot])
        case .outerField(let slot, let field):
            let bound = donationSlots[frameBase + slot]
            return bound.stream!.columns[field][bound.position]
        case .outerDate(let slot):
            let bound = donationSlots[frameBase + slot]
            return .date(bound.stream!.dates[bound.position])
        case .arithmetic, .intervalSince, .addingInterval, .negate:
            return operand.invariantArithmetic(number)
        case .hoisted(let hoisted):
            return hoistedValues.value(of: hoisted)
        case .coalesce(let a, let b, let keepsOptional):
            let left = value(a)
            if let unwrapped = left.unwrapped() { return keepsOptional ? left : unwrapped }
            return value(b)
        case .field, .date, .intArithmetic, .conditional, .function, .accumulator:
            preconditionFailure("a row operand is not invariant")
        }
    }

    private func number(_ operand: RowPredicate.Operand) -> Double {
        switch value(operand) {
        case .double(let x), .date(let x): return x
        default: preconditionFailure("row arithmetic on a value that is no number")
        }
    }
}

extension RowPredicate.Operand {
    /// The value of invariant `Double` arithmetic: `+ - * /` of `Double`s, an interval between
    /// dates, a date moved by an interval, a negation, with its operands' values read by
    /// `number`. (Row arithmetic that can fail, `Int`'s, is never invariant.)
    @inline(__always)
    func invariantArithmetic(_ number: (RowPredicate.Operand) -> Double) -> Value {
        switch self {
        case .arithmetic(let op, let a, let b):
            let x = number(a), y = number(b)
            switch op {
            case .doubleAdd: return .double(x + y)
            case .doubleSubtract: return .double(x - y)
            case .doubleMultiply: return .double(x * y)
            case .doubleDivide: return .double(x / y)
            default: preconditionFailure("row arithmetic with an operator that can fail")
            }
        case .intervalSince(let a, let b): return .double(number(a) - number(b))
        case .addingInterval(let a, let b): return .date(number(a) + number(b))
        case .negate(let a): return .double(-number(a))
        default: preconditionFailure("no invariant arithmetic")
        }
    }
}

/// A hoisted subexpression's value for the scan being bound.
struct HoistedValue {
    let hoisted: HoistedExpression
    let value: Value
}

extension Array where Element == HoistedValue {
    /// The value a scan's hoisted subexpression was evaluated to (see `Evaluator.evaluateHoisted`).
    func value(of hoisted: HoistedExpression) -> Value {
        for index in indices where self[index].hoisted === hoisted { return self[index].value }
        preconditionFailure("a hoisted subexpression read before its scan evaluated it")
    }
}

/// What a scan's hoisted expressions leave it to charge, or in a search to give back once it
/// knows the rows it went through, as its closure would have charged them (see
/// `Evaluator.evaluateHoisted`).
struct HoistedCharges {
    /// Steps at each row the scan's closure runs on.
    var perRow = 0
    /// Steps at each row a search goes through that reaches the slot's expression (see
    /// `Evaluator.chargeReaching`).
    var perReachingRow: [(slot: HoistedSlot, steps: Int)] = []
    /// Steps charged already, by an expression read behind `&&` or `||` in a search that
    /// charges only at its first evaluation (a `let` evaluated then), and the declarations it
    /// evaluated, from `since` to `until`: kept when a row the search goes through reaches it,
    /// otherwise given back and forgotten (see `Evaluator.chargeReaching`).
    var firstReachingRow: [(slot: HoistedSlot, steps: Int, since: Evaluator.DeclarationMark, until: Evaluator.DeclarationMark)] = []

    /// Whether the search has anything to charge or give back once it is done.
    var needsSearchedRows: Bool { !perReachingRow.isEmpty || !firstReachingRow.isEmpty }
}

/// A hoisted subexpression a fused node reads, compiled to nodes.
struct HoistedSlot {
    let use: HoistedUse
    let node: Node
    /// The bindings of `use.reach` that the test of whether a row reaches the expression keeps
    /// between evaluations (see `Evaluator.evaluateHoisted`); nil when there is no such test,
    /// or it reads what a scan would first have to evaluate or prove (hoisted values, `Int`
    /// arithmetic), or does work a scan meters (string searches, nested scans).
    let reachFilters: BoundFilterCache?

    init(use: HoistedUse, node: Node) {
        self.use = use
        self.node = node
        if let reach = use.reach, !reach.hasIntArithmetic, !reach.readsHoisted, !reach.searchesStrings, !reach.nestsScan {
            reachFilters = BoundFilterCache(reach, windows: false)
        } else {
            reachFilters = nil
        }
    }
}
