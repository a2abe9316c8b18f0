// The checked `Int` arithmetic of computations nothing proved unable to fail (a fold whose step
// computes on its accumulator, see `RowPredicateBinder.failures`): each operation reports
// failure rather than trapping, and the computation records that one occurred.

/// An `Int` operation that reports overflow (and division by zero) rather than trapping.
protocol CheckedIntOperation {
    static func apply(_ x: Int, _ y: Int) -> (partialValue: Int, overflow: Bool)
}

enum CheckedAdd: CheckedIntOperation {
    static func apply(_ x: Int, _ y: Int) -> (partialValue: Int, overflow: Bool) { x.addingReportingOverflow(y) }
}

enum CheckedSubtract: CheckedIntOperation {
    static func apply(_ x: Int, _ y: Int) -> (partialValue: Int, overflow: Bool) { x.subtractingReportingOverflow(y) }
}

enum CheckedMultiply: CheckedIntOperation {
    static func apply(_ x: Int, _ y: Int) -> (partialValue: Int, overflow: Bool) { x.multipliedReportingOverflow(by: y) }
}

enum CheckedDivide: CheckedIntOperation {
    static func apply(_ x: Int, _ y: Int) -> (partialValue: Int, overflow: Bool) { x.dividedReportingOverflow(by: y) }
}

enum CheckedRemainder: CheckedIntOperation {
    static func apply(_ x: Int, _ y: Int) -> (partialValue: Int, overflow: Bool) { x.remainderReportingOverflow(dividingBy: y) }
}

/// Whether a computation bound with `RowPredicateBinder.failures` met an operation that fails
/// (where the calls it stands for would have stopped with an error).
final class ArithmeticFailures {
    var occurred = false
}
