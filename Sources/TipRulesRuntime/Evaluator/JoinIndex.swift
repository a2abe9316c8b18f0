import Synchronization
import TipRulesSemantics

/// How a scan nested in a closure over another list finds the donations whose field equals a
/// value of the enclosing element (`views.filter { v in ratings.contains { $0.landmarkID ==
/// v.landmarkID } }`, optionally `&& rest` with a `rest` that reads nothing of the enclosing
/// element): by looking the value up in an index of the list, built once, instead of scanning
/// the list again for every element of the other.
///
/// The index keeps, for each value of the field among the donations `rest` holds for, the
/// offsets of the first and last of them and how many there are: all a `contains`, `first`,
/// `last` or count needs, and, since the predicate cannot fail and searches no string, the
/// elements the unfused call goes through (up to the first match, from the last, or all), so
/// the steps are exactly the closure's.
struct JoinPlan: Sendable {
    /// The field compared (an `Int` or `String` column).
    let field: Int
    /// The enclosing element's value it is compared with.
    let key: RowPredicate.Operand
    /// The rest of the conjunction, with its bindings; nil when the equality is all.
    let rest: BoundFilterCache?

    /// The plan for a predicate of the form `field == key` (either way round), alone or in a
    /// conjunction with a `rest` that does not read the enclosing element; nil for any other
    /// predicate, and for one that computes `Int` arithmetic or searches strings (whose work
    /// depends on each row tested).
    init?(_ predicate: RowPredicate) {
        guard !predicate.hasIntArithmetic, !predicate.searchesStrings else { return nil }
        func equality(_ predicate: RowPredicate) -> (field: Int, key: RowPredicate.Operand)? {
            switch predicate {
            case .compare(.field(let field), .equal, let key) where key.isInvariant && key.contains(where: \.isEnclosingElement),
                 .compare(let key, .equal, .field(let field)) where key.isInvariant && key.contains(where: \.isEnclosingElement):
                return (field, key)
            default:
                return nil
            }
        }
        guard let (join, rest) = predicate.keyedConjunct(equality) else { return nil }
        (field, key, self.rest) = (join.field, join.key, rest.map { BoundFilterCache($0) })
    }
}

extension RowPredicate {
    /// The predicate as a test `match` recognises, alone or in a conjunction with a rest that
    /// reads nothing of the enclosing element: the test, and that rest (nil when the test is
    /// all). Nil for any other predicate. (How `JoinPlan` and `ComparisonPlan` find theirs.)
    func keyedConjunct<Test>(_ match: (RowPredicate) -> Test?) -> (test: Test, rest: RowPredicate?)? {
        if let test = match(self) { return (test, nil) }
        guard case .and(let a, let b) = self else { return nil }
        let test: Test, other: RowPredicate
        if let found = match(a) {
            (test, other) = (found, b)
        } else if let found = match(b) {
            (test, other) = (found, a)
        } else {
            return nil
        }
        guard !other.containsOperand(where: \.isEnclosingElement) else { return nil }
        return (test, other)
    }
}

/// Where the first and last donations with one value of the field are (offsets in the list),
/// and how many there are.
struct JoinMatches: Sendable {
    var first: Int
    var last: Int
    var count: Int
}

/// An index of a list by a field (see `JoinPlan`), for one state of its stream, one range of
/// it, and the values `rest` read. Immutable once built: evaluations share it.
final class JoinIndex: Sendable {
    let state: StreamState
    let rows: Range<Int>
    let clock: Double
    let restValues: [Value]
    private let ints: [Int: JoinMatches]
    /// For `Int` keys within a range not much wider than the list (ids, codes): the matches
    /// of `denseBase + i` at `dense[i]` (a count of 0 for none), without hashing.
    private let dense: [JoinMatches]
    private let denseBase: Int
    private let strings: [String: JoinMatches]

    init(stream: DonationStream, rows: Range<Int>, clock: Double, restValues: [Value], field: Int, kept: [Int]) {
        state = StreamState(stream)
        self.rows = rows
        self.clock = clock
        self.restValues = restValues
        func index<Key: Hashable>(_ items: ColumnArray<Key>) -> [Key: JoinMatches] {
            var matches: [Key: JoinMatches] = [:]
            items.withUnsafeBufferPointer { column in
                for position in kept {
                    JoinIndex.add(position - rows.lowerBound, to: &matches[column[position], default: JoinMatches(first: 0, last: 0, count: 0)])
                }
            }
            return matches
        }
        switch stream.columns[field] {
        case .int(let items):
            let (table, base) = JoinIndex.dense(items, kept, from: rows.lowerBound)
            (ints, dense, denseBase, strings) = (table.isEmpty ? index(items) : [:], table, base, [:])
        case .string(let items): (ints, dense, denseBase, strings) = ([:], [], 0, index(items))
        default: preconditionFailure("a join index over a column that is neither Int nor String")
        }
    }

    /// The table of `dense`, and its base; empty when the keys are too spread out for one.
    private static func dense(_ items: ColumnArray<Int>, _ kept: [Int], from start: Int) -> ([JoinMatches], Int) {
        items.withUnsafeBufferPointer { column in
            var low = Int.max, high = Int.min
            for position in kept {
                low = min(low, column[position])
                high = max(high, column[position])
            }
            let (width, overflow) = high.subtractingReportingOverflow(low)
            guard !kept.isEmpty, !overflow, width < 4 * kept.count + 64 else { return ([], 0) }
            var table = Array(repeating: JoinMatches(first: 0, last: 0, count: 0), count: width + 1)
            for position in kept {
                add(position - start, to: &table[column[position] - low])
            }
            return (table, low)
        }
    }

    /// Records a donation at `offset` (offsets growing) among those with one value.
    private static func add(_ offset: Int, to matches: inout JoinMatches) {
        if matches.count == 0 { matches.first = offset }
        matches.last = offset
        matches.count += 1
    }

    /// Whether the index is for this state of the stream, this range, clock and `rest` values.
    func matches(_ stream: DonationStream, _ rows: Range<Int>, clock: Double, _ restValues: [Value]) -> Bool {
        state.holds(for: stream) && self.rows == rows
            && self.clock.bitPattern == clock.bitPattern && self.restValues.count == restValues.count
            && zip(self.restValues, restValues).allSatisfy { $0.isIdentical(to: $1) }
    }

    /// The donations whose field has the value; nil when none has.
    func matches(of key: Value) -> JoinMatches? {
        switch key {
        case .int(let k): return matches(ofInt: k)
        case .string(let k): return strings[k]
        default: return nil
        }
    }

    /// The same for an `Int` value.
    @inline(__always)
    func matches(ofInt k: Int) -> JoinMatches? {
        guard !dense.isEmpty else { return ints[k] }
        let (slot, overflow) = k.subtractingReportingOverflow(denseBase)
        guard !overflow, slot >= 0, slot < dense.count else { return nil }
        return dense.withUnsafeBufferPointer { table in table[slot].count > 0 ? table[slot] : nil }
    }
}

/// The join index a fused node built last, and how often its list was scanned since without
/// one: an index is built only for a list scanned a second time in one state (a scan nested in
/// a closure over another list), where it pays for itself.
final class JoinIndexCache: Sendable {
    private struct State: Sendable {
        var index: JoinIndex?
        /// The list scanned last without an index, and how many times.
        var pending: (state: StreamState, rows: Range<Int>)?
        var pendingScans = 0
    }
    private let state = Mutex(State())

    /// The kept index, when it is for this state; otherwise whether to build one now.
    func lookUp(_ stream: DonationStream, _ rows: Range<Int>, clock: Double, _ restValues: [Value]) -> (index: JoinIndex?, build: Bool) {
        state.withLock { state in
            if let index = state.index, index.matches(stream, rows, clock: clock, restValues) { return (index, false) }
            if let pending = state.pending, pending.state.holds(for: stream), pending.rows == rows {
                state.pendingScans += 1
            } else {
                state.pending = (StreamState(stream), rows)
                state.pendingScans = 1
            }
            return (nil, state.pendingScans >= 2)
        }
    }

    func keep(_ index: JoinIndex) {
        state.withLock { $0.index = index }
    }
}
