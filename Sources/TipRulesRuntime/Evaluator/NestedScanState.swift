import TipRulesSemantics

// What a nested scan (`RowPredicate.exists`, see `NestedScan`) keeps while it tests the rows of
// the scan it is nested in: the outer row being tested, the date window of its inner list, and
// the join index it may build.

/// The row of an outer scan a nested scan's predicate reads (see `RowPredicateBinder.enclosingRow`).
struct EnclosingRow {
    let slot: Int
    let stream: DonationStream
    /// The outer row being tested.
    let cursor: RowCursor
}

/// A position set before each test that reads it.
final class RowCursor {
    var position = 0
}

/// A nested scan of a contiguous list in the window its date conditions allow for the outer
/// row at the cursor (see `RowPredicateBinder.windowedScan`): the rows before and after the
/// window count as gone through where the scan would have tested them (as in `Evaluator.scan`).
final class NestedWindow {
    /// Where the value of each operand the conditions read comes from.
    enum Read {
        case constant(Double)
        /// A column of the outer row's (its dates, a `Double` or `Date` field), at the cursor.
        case outer(ColumnArray<Double>)
        case computed((Int) -> Double)
    }

    let plan: DateWindowPlan
    let reads: [Read]
    let residual: (Int) -> Bool
    let dates: ColumnArray<Double>
    let whole: Range<Int>
    let cursor: RowCursor
    let allSatisfy: Bool

    init(plan: DateWindowPlan, reads: [Read], residual: @escaping (Int) -> Bool, dates: ColumnArray<Double>, whole: Range<Int>,
         cursor: RowCursor, allSatisfy: Bool) {
        (self.plan, self.reads, self.residual, self.dates, self.whole, self.cursor, self.allSatisfy)
            = (plan, reads, residual, dates, whole, cursor, allSatisfy)
    }

    /// How many inner rows the scan goes through, and its answer.
    func scan() -> (examined: Int, result: Bool) {
        let window = withUnsafeTemporaryAllocation(of: Double.self, capacity: reads.count) { values in
            let position = cursor.position
            reads.withUnsafeBufferPointer { reads in
                for index in 0..<reads.count {
                    switch reads[index] {
                    case .constant(let k): values[index] = k
                    case .outer(let column): values[index] = column[position]
                    case .computed(let read): values[index] = read(position)
                    }
                }
            }
            return plan.window(of: whole, dates, UnsafeBufferPointer(values))
        }
        let before = window.lowerBound - whole.lowerBound, after = whole.upperBound - window.upperBound
        if allSatisfy {
            if before > 0 { return (1, false) }
            if let failing = window.first(where: { !residual($0) }) { return (failing - window.lowerBound + 1, false) }
            return after > 0 ? (window.count + 1, false) : (window.count, true)
        }
        if let match = window.first(where: residual) { return (before + match - window.lowerBound + 1, true) }
        return (whole.count, false)
    }
}

/// A nested scan's join index, built once the outer rows have gone through enough of the list
/// (see `RowPredicateBinder.joinedScan`).
final class JoinState {
    /// The inner rows gone through so far.
    var work = 0
    var index: JoinIndex?
    /// How many times the list the outer rows go through before the index is built: an entry
    /// of it costs about as much as comparing this many rows (of `String` keys; of `Int` keys,
    /// usually in a dense table).
    static let indexAfter = 16
    static let intIndexAfter = 4
}
