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

    /// The count's side of `sum OP k`: `k - c`, or nil when that overflows.
    func threshold(_ k: Int) -> Int? {
        let (difference, overflow) = k.subtractingReportingOverflow(initial)
        return overflow ? nil : difference
    }
}
