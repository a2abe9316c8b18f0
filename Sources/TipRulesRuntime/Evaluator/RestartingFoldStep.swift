import TipRulesSemantics

/// A fold's step that starts over on some rows: `c ? f($0, $1) : r($1)` (or the branches the
/// other way round), whose test `c` and restart `r` do not read the accumulator: a run reset by
/// a test (`$1.score >= 4 ? $0 + 1 : 0`, the current streak), a sum since the last marker. Only
/// the rows from the last one that starts over change the result: the fold starts there, from
/// what `r` gives for it, and goes on over the rows after it. The last such row is found from
/// the end, so a fold over a long list reads little more than its last run.
///
/// Skipping the rows before is exact only where their steps cannot fail and charge nothing of
/// their own (see `Evaluator.restartedFold`): `Double` steps, and an `Int` run that adds a
/// constant from a constant start and restart, whose values stay within a bound that the
/// list's length proves.
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

    /// For an `Int` fold from `start` over `count` rows, whether no step can overflow: the
    /// carry adds (or subtracts) a constant to the accumulator and the restart is a constant,
    /// so no value exceeds the greater of the start's and the restart's magnitudes plus the
    /// constant's for each row.
    func cannotOverflow(from start: Int, rows count: Int) -> Bool {
        guard case .constant(.int(let restarted)) = restart else { return false }
        let step: Int
        switch carry {
        case .intArithmetic(.intAdd, .accumulator, .constant(.int(let k))), .intArithmetic(.intAdd, .constant(.int(let k)), .accumulator),
             .intArithmetic(.intSubtract, .accumulator, .constant(.int(let k))):
            step = k
        default:
            return false
        }
        let (growth, overflow) = step.magnitude.multipliedReportingOverflow(by: UInt(count))
        let (bound, overflowAgain) = max(start.magnitude, restarted.magnitude).addingReportingOverflow(growth)
        return !overflow && !overflowAgain && bound <= UInt(Int.max)
    }
}
