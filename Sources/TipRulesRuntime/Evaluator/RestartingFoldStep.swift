import TipRulesSemantics

/// A fold's step that starts over on some rows: `c ? f($0, $1) : r($1)` (or the branches the
/// other way round), whose test `c` and restart `r` do not read the accumulator: a run reset by
/// a test (`$1.score >= 4 ? $0 + 1 : 0`, the current streak), a sum since the last marker. Only
/// the rows from the last one that starts over change the result: the fold starts there, from
/// what `r` gives for it, and goes on over the rows after it. The last such row is found from
/// the end, so a fold over a long list reads little more than its last run.
///
/// Skipping the rows before is exact only where their steps cannot fail and charge nothing of
/// their own (see `Evaluator.fold` and `lastRestart`): `Double` steps, and an `Int` run that
/// adds a constant from a constant start and restart, whose values stay within a bound that
/// the list's length proves.
struct RestartingFoldStep {
    let test: RowPredicate
    /// The test's answer on the rows that start over.
    let restartsWhen: Bool
    let restart: RowPredicate.Operand
    /// The branch that carries the accumulator on.
    let carry: RowPredicate.Operand

    /// The step's parts, or nil for any other step.
    init?(_ step: RowPredicate.Operand) {
        guard case .conditional(let test, let a, let b) = step, !test.containsOperand(where: \.isAccumulator) else { return nil }
        switch (a.readsAccumulator, b.readsAccumulator) {
        case (true, false): (restartsWhen, restart, carry) = (false, b, a)
        case (false, true): (restartsWhen, restart, carry) = (true, a, b)
        default: return nil
        }
        self.test = test
    }

    /// For an `Int` run, the constant its carry adds to (or takes from) the accumulator and the
    /// constant it restarts from; nil for other steps. From a start, no value then exceeds the
    /// greater of the start's and the restart's magnitudes plus the step's for each row, which
    /// `Evaluator.countingCannotOverflow` bounds.
    var intRun: (step: Int, restart: Int)? {
        guard case .constant(.int(let restarted)) = restart else { return nil }
        switch carry {
        case .intArithmetic(.intAdd, .accumulator, .constant(.int(let k))), .intArithmetic(.intAdd, .constant(.int(let k)), .accumulator),
             .intArithmetic(.intSubtract, .accumulator, .constant(.int(let k))):
            return (k, restarted)
        default:
            return nil
        }
    }
}
