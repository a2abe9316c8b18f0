/// A sum that counts: `source.reduce(c) { $0 + (p($1) ? 1 : 0) }`, and the forms fused into
/// the same `columnSum` (`{ p($1) ? $0 + 1 : $0 }`, `map { p ? 1 : 0 }.reduce(c, +)`, and with
/// the branches the other way round, a count of `!p`): `c` plus the number of donations the
/// predicate holds for. Compared with a constant (`> 3`), it is a `countCompare` of the
/// count with the constant less `c`, which stops counting once the answer is known, as
/// `filter(p).count > 3` does.
///
/// The sum cannot overflow for the `c`s taken here (a stream has far fewer than 2^40
/// donations), so the two agree on every stream; the comparison charges what the sum charges
/// for every donation, however early it stops, and the steps of `c` and of the constant stay
/// the fused node's own.
struct CountingSum {
    let source: TypedExpression
    let predicate: RowPredicate
    let initial: Int
    /// The steps per donation of the `reduce` (and the `map`) the sum stands for.
    let perElement: Int

    /// The counting sum an expression is, or nil when it is another expression.
    init?(_ expression: TypedExpression) {
        guard case .fused(.columnSum(let source, let initial, let mapping, _, skipsNil: false), let steps, _) = expression.node,
              case .constant(.int(let c)) = initial.node, c.magnitude <= 1 << 40,
              case .conditional(let test, .constant(.int(let a)), .constant(.int(let b))) = mapping else { return nil }
        switch (a, b) {
        case (1, 0): predicate = test
        case (0, 1): predicate = .not(test)
        default: return nil
        }
        self.source = source
        self.initial = c
        perElement = steps.perElement + steps.perSourceElement
    }

    /// The counting sum an unfused `reduce` is: one whose test the sum's fused form could not
    /// take, because it searches another list (`reduce(0) { acc, r in acc + (logins.contains
    /// { $0.date < r.date } ? 1 : 0) }`), which only a scan meters. Compared with a constant,
    /// it is the same `countCompare` as any counting sum: the scan charges the closure's steps
    /// for every donation (`perElement`, the body's size, the nested search's fixed steps
    /// among them) and meters the nested search's rows as `count(where:)` does.
    init?(reduce expression: TypedExpression) {
        guard case .builtin(let call) = expression.node, call.builtin.id == .arrayReduce, let receiver = call.receiver,
              case .array(.donation) = receiver.type, call.arguments.count == 2,
              case .constant(.int(let c)) = call.arguments[0].node, c.magnitude <= 1 << 40,
              case .closure(let closure) = call.arguments[1].node, closure.parameterCount == 2 else { return nil }
        let accumulator = closure.firstSlot
        func isAccumulator(_ e: TypedExpression) -> Bool {
            if case .local(accumulator) = e.node { return true }
            return false
        }
        func isInt(_ e: TypedExpression, _ k: Int) -> Bool {
            if case .constant(.int(k)) = e.node { return true }
            return false
        }
        /// `acc + 1` or `1 + acc`.
        func isIncrement(_ e: TypedExpression) -> Bool {
            guard case .arithmetic(.intAdd, let a, let b) = e.node else { return false }
            return isAccumulator(a) && isInt(b, 1) || isInt(a, 1) && isAccumulator(b)
        }
        /// The test, and whether the count is of the rows where it holds (else where it fails).
        let counted: (test: TypedExpression, holds: Bool)
        switch closure.body.node {
        case .arithmetic(.intAdd, let a, let b) where isAccumulator(a) || isAccumulator(b):
            // `acc + (t ? 1 : 0)`, `(t ? 0 : 1) + acc`
            guard case .ternary(let test, let then, let otherwise) = (isAccumulator(a) ? b : a).node else { return nil }
            if isInt(then, 1) && isInt(otherwise, 0) { counted = (test, true) }
            else if isInt(then, 0) && isInt(otherwise, 1) { counted = (test, false) }
            else { return nil }
        case .ternary(let test, let then, let otherwise):
            // `t ? acc + 1 : acc`, `t ? acc : acc + 1`
            if isIncrement(then) && isAccumulator(otherwise) { counted = (test, true) }
            else if isAccumulator(then) && isIncrement(otherwise) { counted = (test, false) }
            else { return nil }
        default:
            return nil
        }
        guard !Optimizer.mentions(counted.test, slot: accumulator),
              let test = RowPredicate.from(counted.test, slot: accumulator + 1), test.nestsScan else { return nil }
        predicate = counted.holds ? test : .not(test)
        source = receiver
        initial = c
        perElement = closure.body.stepSize
    }

    /// The count's side of `sum OP k`: `k - c`, or nil when that overflows.
    func threshold(_ k: Int) -> Int? {
        let (difference, overflow) = k.subtractingReportingOverflow(initial)
        return overflow ? nil : difference
    }
}
