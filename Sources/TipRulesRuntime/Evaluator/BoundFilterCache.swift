import Synchronization
import TipRulesSemantics

/// The row filter a fused scan bound last, kept for the next evaluation over the same
/// donations: binding a predicate to a stream's columns makes several objects and closures,
/// which for a scan that stops after a few rows costs more than the scan.
///
/// An entry is reused only when nothing the binding read can have changed: the same stream
/// object (by its identity token, see `DonationStream.identity`), as many
/// donations, no donation moved or removed since (`DonationStream.rewrites`), and the same
/// values, bit for bit, for every operand that is the same for every row but not a constant
/// (parameters, the clock, an enclosing closure's parameters). A filter holds no state between
/// scans except its string-search meter, which is reset, and its scratch buffers. An entry keeps
/// the columns it read alive until the node's next scan replaces it: one binding per fused
/// node, whose columns the stream it came from shares; a predicate with variable invariants
/// keeps one per set of their values, within a memory budget (see `put`).
///
/// A fused node is shared by every evaluation of its program, on any thread: an evaluation
/// takes the entry out (an atomic exchange), so no two scans use one filter at once, and puts
/// back the one it used.
final class BoundFilterCache: Sendable {
    /// One binding of a predicate. (Sendable as the cache hands it out: one scan at a time
    /// has it, taken out of the cache while in use.)
    final class Entry: @unchecked Sendable {
        let state: StreamState
        /// The clock, for a predicate whose invariants read it (0 otherwise): part of the state
        /// an entry is bound to, like the stream's, since the clock of a later evaluation is
        /// almost never this one again.
        let clock: Double
        let invariants: [Value]
        let filter: RowFilter
        let meter: StepMeter?
        /// The most rows a batch holds (see `RowPredicateBinder.batch`).
        let batch: Int
        /// Whether a scan that stops at a row tests the rows one at a time: each test of a
        /// nested scan is a scan itself, which a batch would run past the row that decides.
        let testsRowByRow: Bool
        /// Room for a batch of positions to test and a batch of those that pass, kept with the
        /// filter so a scan allocates nothing.
        let scratch: UnsafeMutablePointer<Int>
        /// A digest of `invariants`, compared before them (see `BoundFilterCache.digest`).
        let digest: Int
        /// The date windows worked out with this binding of a plan's residual (see
        /// `Evaluator.dateWindow`). (Unchecked: one scan at a time has the entry, see
        /// `BoundFilterCache`.)
        @exclusivity(unchecked) var windows = DateWindowCache()
        /// What counts the rows that pass over a contiguous range where `filter` has no count
        /// of its own (see `Evaluator.rowCounter`): worked out on the first count, then kept.
        @exclusivity(unchecked) var counter = Counter.unknown
        /// Keeps the counter alive where it is not `filter` (`counter` holds it unretained, so
        /// that reading it costs no atomic retain and release at every count).
        @exclusivity(unchecked) var counterOwner: RowFilter?

        enum Counter {
            case unknown
            /// Neither the filter nor its predicate as truths counts: batches are selected.
            case none
            case filter(Unmanaged<RowFilter>)
        }

        init(stream: DonationStream, clock: Double, invariants: [Value], filter: RowFilter, meter: StepMeter?, testsRowByRow: Bool = false) {
            self.testsRowByRow = testsRowByRow
            state = StreamState(stream)
            self.clock = clock
            self.invariants = invariants
            self.filter = filter
            self.meter = meter
            batch = RowPredicateBinder.batch(for: stream)
            scratch = .allocate(capacity: 2 * batch)
            digest = invariants.withUnsafeBufferPointer { BoundFilterCache.digest($0) }
        }

        deinit {
            scratch.deallocate()
        }

        /// Whether the two entries bind the same state of the same stream, at the same clock.
        func isSameState(as other: Entry) -> Bool {
            state.isSame(as: other.state) && clock.bitPattern == other.clock.bitPattern
        }

        /// Whether the entry is a binding of the predicate to this stream with these values.
        func matches(_ stream: DonationStream, _ invariants: UnsafeBufferPointer<Value>, digest: Int) -> Bool {
            guard self.digest == digest && state.holds(for: stream) && self.invariants.count == invariants.count else { return false }
            // (Most predicates have none: then nothing to go through.)
            return invariants.isEmpty || zip(self.invariants, invariants).allSatisfy { $0.isIdentical(to: $1) }
        }
    }

    /// The operands whose values the binding depends on besides the stream: those the same
    /// for every row that are not constants, in the predicate's order.
    let variableInvariants: [RowPredicate.Operand]
    /// The predicate the entries bind.
    let predicate: RowPredicate?
    /// Whether there is one (asked without copying it).
    let hasPredicate: Bool
    /// Whether a variable invariant reads the clock (see `Entry.clock`).
    let readsClock: Bool
    /// Whether the predicate computes `Int` arithmetic, which a scan must first prove cannot
    /// fail (see `Evaluator.intArithmeticCannotFail`).
    let computesInts: Bool
    /// Whether the predicate searches strings (see `RowPredicate.searchesStrings`), which a
    /// scan asks at every evaluation.
    let searchesStrings: Bool
    /// Whether the predicate has a nested scan (`RowPredicate.exists`): each of its tests is a
    /// scan itself (see `Entry.testsRowByRow`). Its binding is kept for the same other list
    /// (the list is one of the variable invariants).
    let nestsScan: Bool
    /// The predicate's date conditions and the rest of it, which a scan over a list in date
    /// order tests on the window the conditions allow; nil when it has none.
    let windowPlan: DateWindowPlan?
    /// For a predicate that compares a field with the element of an enclosing closure, how to
    /// answer from an index of the list (see `JoinPlan`), and the index kept.
    let joinPlan: JoinPlan?
    let joins = JoinIndexCache()
    /// For a sum of a mapping computed a batch at a time, or the row operand of a fold's step
    /// (`foldExtreme`, `foldSelect`, `foldAffine`), the computation bound last.
    let columns: BoundColumnCache?
    /// What the operation computes for every row (see `FusedOperation.Kernel.rowOperand`),
    /// worked out once here: each is a walk of the operand's tree, which every evaluation of
    /// the operation would otherwise repeat. Whether it has `Int` arithmetic, which a scan must
    /// first prove cannot fail...
    let operandHasIntArithmetic: Bool
    /// ...whether that arithmetic checks itself when computed a batch at a time
    /// (`IntColumn.checksItself`)...
    let operandChecksItself: Bool
    /// ...and whether its steps depend on each row (`RowPredicate.Operand.chargesWork`).
    let operandChargesWork: Bool
    /// A fold's step as a running selection (`$0 > r ? $0 : r`), when it is one.
    let foldSelect: SelectStep?
    /// A fold's step as `max($0, r)` or `min($0, r)`, when it is one: `r`, and which (see
    /// `FoldExtreme`).
    let foldExtreme: FoldExtreme?
    /// A `Double` fold's step as `$0 * k + r`, when it is one.
    let foldAffine: AffineFoldStep?
    /// A fold's step as one that starts over on some rows, when it is one.
    let foldRestart: RestartingFoldStep?
    /// For an unfiltered fold's step, its binding kept for the fold that goes row by row; nil
    /// for other operations, and for a step bound at every fold (see `BoundFoldCache`).
    let folds: BoundFoldCache?
    /// For a sum of nested ternaries of `Int` constants (`p ? 2 : (q ? 1 : 0)`), each constant
    /// with the cache of the test that chooses it (`p`, `!p && q`, `!p && !q`), in order; empty
    /// for any other operation (see `Evaluator.countedSumByScan`).
    let leafCounts: [(value: Int, filters: BoundFilterCache)]
    /// A `Bool` fold's step as `$0 && p($1)` or `$0 || p($1)` (see `junction(ofFoldStep:)`):
    /// `p`, and whether it is a conjunction.
    let foldJunction: (test: RowPredicate, conjunction: Bool)?

    /// The address of the entry put last, retained; 0 while none is kept or one is in use. (A
    /// predicate without variable invariants has one binding per stream; one with them keeps
    /// the others in `bindings`.)
    private let slot = Atomic<Int>(0)
    /// The entries of a predicate that reads variable invariants, by the digest of their values:
    /// a scan nested in a closure over another list (`logins.contains { l in rates.contains {
    /// $0.date > l.date } }`) binds the inner predicate once per outer element, each with other
    /// values, and finds those bindings again (one hash lookup) at the next outer element with
    /// the same values and at the next evaluation.
    private let bindings = Mutex(Bindings())

    /// The kept entries of a predicate with variable invariants, all bound to one state of one
    /// stream (a binding to another state evicts them: they can never match again). Two values
    /// with one digest keep the later binding only.
    private struct Bindings: Sendable {
        var entries: [Int: Entry] = [:]
    }
    /// The cache of a fold's node: the facts of its step, and, for a `Bool` step joined to the
    /// accumulator, the bindings of its test, kept as a scan's are.
    convenience init(foldStep step: RowPredicate.Operand) {
        self.init(BoundFilterCache.junction(ofFoldStep: step)?.test, windows: false, operand: step, foldStep: step)
    }

    /// A fold's step `max($0, r)` or `min($0, r)` of `Int`s or `Double`s, or `max($0, r)` of
    /// dates with an `r` never NaN: `r`, and which; nil for any other step.
    static func extreme(ofFoldStep step: RowPredicate.Operand) -> FoldExtreme? {
        guard case .function(let function, .accumulator, let row?) = step else { return nil }
        switch function {
        case .maxInt, .maxDouble: return FoldExtreme(row: row, isMax: true, ordersDates: false)
        case .minInt, .minDouble: return FoldExtreme(row: row, isMax: false, ordersDates: false)
        case .maxDate where row.isNeverNaNDate: return FoldExtreme(row: row, isMax: true, ordersDates: true)
        default: return nil
        }
    }

    /// The `Int` constants of nested ternaries (at least two deep, at most eight constants) and
    /// the test that chooses each: the conjunction of the conditions on its path, each negated
    /// where the path takes the `else` branch. Every row meets exactly one of the tests. Nil
    /// for any other operand.
    static func constantLeaves(of operand: RowPredicate.Operand) -> [(value: Int, test: RowPredicate)]? {
        guard case .conditional(_, let a, let b) = operand else { return nil }
        switch (a, b) {
        case (.conditional, _), (_, .conditional): break
        default: return nil
        }
        var leaves: [(value: Int, test: RowPredicate)] = []
        func walk(_ operand: RowPredicate.Operand, _ path: RowPredicate?) -> Bool {
            switch operand {
            case .constant(.int(let k)):
                guard let path else { return false }
                leaves.append((k, path))
                return leaves.count <= 8
            case .conditional(let p, let a, let b):
                return walk(a, path.map { .and($0, p) } ?? p) && walk(b, path.map { .and($0, .not(p)) } ?? .not(p))
            default:
                return false
            }
        }
        return walk(operand, nil) ? leaves : nil
    }

    /// A `Bool` fold's step (`$0 && p($1)` as `.conditional(acc && p, true, false)`) as the
    /// test it joins to the accumulator: `acc && p` or `p && acc` (a conjunction), or `acc || p`
    /// or `p || acc`, for a `p` that does not read the accumulator; nil for any other step.
    static func junction(ofFoldStep step: RowPredicate.Operand) -> (test: RowPredicate, conjunction: Bool)? {
        guard case .conditional(let predicate, .constant(.bool(true)), .constant(.bool(false))) = step else { return nil }
        func isAccumulator(_ p: RowPredicate) -> Bool {
            if case .compare(.accumulator(.bool), .equal, .constant(.bool(true))) = p { true } else { false }
        }
        func readsAccumulator(_ p: RowPredicate) -> Bool {
            p.containsOperand(where: \.isAccumulator)
        }
        let (a, b, conjunction): (RowPredicate, RowPredicate, Bool)
        switch predicate {
        case .and(let x, let y): (a, b, conjunction) = (x, y, true)
        case .or(let x, let y): (a, b, conjunction) = (x, y, false)
        default: return nil
        }
        if isAccumulator(a), !readsAccumulator(b) { return (b, conjunction) }
        if isAccumulator(b), !readsAccumulator(a) { return (a, conjunction) }
        return nil
    }

    /// The bytes of scratch buffers the entries of one predicate may keep between evaluations.
    static let scratchBudget = 256 * 1024

    /// A cache of the predicate's bindings; with `windows`, also of the bindings of the rest
    /// of it besides its date conditions (see `DateWindowPlan`).
    /// With `summing`, also of the computation of a sum's or an extreme's mapping (see `BoundColumnCache`).
    /// With `operand`, the facts of what the operation computes for every row; with
    /// `foldStep`, a fold's step as a selection or as a test joined to the accumulator.
    init(_ predicate: RowPredicate?, windows: Bool = true, summing mapping: RowPredicate.Operand? = nil,
         operand: RowPredicate.Operand? = nil, foldStep: RowPredicate.Operand? = nil) {
        foldSelect = foldStep.flatMap(SelectStep.init)
        foldExtreme = foldStep.flatMap(BoundFilterCache.extreme(ofFoldStep:))
        foldJunction = foldStep.flatMap(BoundFilterCache.junction(ofFoldStep:))
        foldAffine = foldStep.flatMap(AffineFoldStep.init)
        foldRestart = foldStep.flatMap(RestartingFoldStep.init)
        folds = foldStep.flatMap(BoundFoldCache.init(step:))
        // (A fold computes its step's row operand a batch at a time only when that operand does
        // not read the accumulator, which changes from row to row.)
        let foldRow = (foldExtreme?.row ?? foldSelect?.row ?? foldAffine?.row).flatMap { row in
            row.readsAccumulator ? nil : row
        }
        columns = (mapping ?? foldRow).map(BoundColumnCache.init)
        leafCounts = mapping.flatMap(BoundFilterCache.constantLeaves)?.map { ($0.value, BoundFilterCache($0.test)) } ?? []
        operandHasIntArithmetic = operand?.hasIntArithmetic ?? false
        operandChecksItself = operand.map(IntColumn.checksItself) ?? true
        operandChargesWork = operand?.chargesWork ?? false
        var operands: [RowPredicate.Operand] = []
        predicate?.collectVariableInvariants(into: &operands)
        variableInvariants = operands
        readsClock = operands.contains { $0.readsClock }
        self.predicate = predicate
        hasPredicate = predicate != nil
        computesInts = predicate?.hasIntArithmetic ?? false
        searchesStrings = predicate?.searchesStrings ?? false
        nestsScan = predicate?.nestsScan ?? false
        windowPlan = windows ? predicate.flatMap(DateWindowPlan.init) : nil
        joinPlan = operands.isEmpty ? nil : predicate.flatMap(JoinPlan.init)
    }

    deinit {
        if let raw = UnsafeMutableRawPointer(bitPattern: slot.load(ordering: .acquiring)) {
            Unmanaged<Entry>.fromOpaque(raw).release()
        }
    }

    /// Takes out an entry that binds the predicate to this stream with these invariant values,
    /// if one is kept.
    func take(matching stream: DonationStream, _ invariants: UnsafeBufferPointer<Value>) -> Entry? {
        let digest = BoundFilterCache.digest(invariants)
        guard variableInvariants.isEmpty else {
            // The entry put last waits in `slot`, taken without hashing or a lock: a scan whose
            // invariant is a `let` or a parameter sees the same values at every evaluation. The
            // others (one per outer value of a nested scan) are kept by digest.
            if let raw = UnsafeMutableRawPointer(bitPattern: slot.exchange(0, ordering: .acquiring)) {
                let last = Unmanaged<Entry>.fromOpaque(raw).takeRetainedValue()
                if last.matches(stream, invariants, digest: digest) { return last }
                file(last)
            }
            let entry = bindings.withLock { $0.entries.removeValue(forKey: digest) }
            return entry?.matches(stream, invariants, digest: digest) == true ? entry : nil
        }
        guard let raw = UnsafeMutableRawPointer(bitPattern: slot.exchange(0, ordering: .acquiring)) else { return nil }
        let entry = Unmanaged<Entry>.fromOpaque(raw).takeRetainedValue()
        return entry.matches(stream, invariants, digest: digest) ? entry : nil
    }

    /// A digest of invariant values: equal for values `Value.isIdentical` calls identical.
    static func digest(_ invariants: UnsafeBufferPointer<Value>) -> Int {
        var digest = invariants.count
        for value in invariants {
            let bits: Int
            switch value {
            case .int(let x): bits = x
            case .double(let x), .date(let x): bits = Int(truncatingIfNeeded: x.bitPattern)
            case .bool(let x): bits = x ? 1 : 2
            case .string(let x): bits = x.utf8.count
            case .donations(let list): bits = list.count &* 31 &+ (list.count > 0 ? list.position(at: 0) : 0)
            default: bits = 3
            }
            digest = (digest &* 31) ^ bits
        }
        return digest
    }

    /// Keeps an entry for the next scan, in `slot`: in place of any other, or, for a predicate
    /// with variable invariants, filing the one it displaces by its digest (see `file`).
    func put(_ entry: Entry) {
        let raw = Int(bitPattern: Unmanaged.passRetained(entry).toOpaque())
        guard let old = UnsafeMutableRawPointer(bitPattern: slot.exchange(raw, ordering: .acquiringAndReleasing)) else { return }
        let displaced = Unmanaged<Entry>.fromOpaque(old).takeRetainedValue()
        if !variableInvariants.isEmpty { file(displaced) }
    }

    /// Keeps an entry of a predicate with variable invariants by its digest, besides the
    /// others while their scratch buffers stay within `scratchBudget` (past it, some other
    /// goes), and in place of those bound to another state of the stream or another clock,
    /// which will not match again.
    private func file(_ entry: Entry) {
        let capacity = max(1, BoundFilterCache.scratchBudget / (2 * entry.batch * MemoryLayout<Int>.stride))
        let evicted: Bindings? = bindings.withLock { bindings in
            var evicted: Bindings?
            if let kept = bindings.entries.first?.value, !kept.isSameState(as: entry) {
                evicted = bindings
                bindings = Bindings()
            } else if bindings.entries.count >= capacity, bindings.entries[entry.digest] == nil {
                // Full: one goes (which one matters little, a scan binds again in one pass).
                var one = Bindings()
                one.entries[entry.digest] = bindings.entries.remove(at: bindings.entries.startIndex).value
                evicted = one
            }
            bindings.entries[entry.digest] = entry
            return evicted
        }
        _ = evicted  // Released here, outside the lock.
    }
}

/// The `NumberColumn` (or `IntColumn`) a fused sum bound last, kept for the next evaluation over the same
/// donations, as `BoundFilterCache` keeps a filter and on the same terms: the same state of the
/// same stream, and the same values of the mapping's variable invariants. (Binding a mapping
/// makes an object per operation and its buffers, which for a sum over a thousand donations
/// costs a third of the sum.) A column holds no state between sums but its buffers, and
/// whether its `Int` arithmetic failed: one that did is not kept.
final class BoundColumnCache: Sendable {
    /// One binding of the mapping. (Sendable as the cache hands it out: one sum at a time has
    /// it, taken out of the cache while in use.)
    final class Entry: @unchecked Sendable {
        let state: StreamState
        let invariants: [Value]
        /// The binding of a `Double` sum's mapping, or of an `Int` sum's.
        let numbers: NumberColumn?
        let ints: IntColumn?

        init(stream: DonationStream, invariants: [Value], numbers: NumberColumn? = nil, ints: IntColumn? = nil) {
            state = StreamState(stream)
            self.invariants = invariants
            self.numbers = numbers
            self.ints = ints
        }

        func matches(_ stream: DonationStream, _ invariants: UnsafeBufferPointer<Value>) -> Bool {
            state.holds(for: stream) && self.invariants.count == invariants.count
                && zip(self.invariants, invariants).allSatisfy { $0.isIdentical(to: $1) }
        }
    }

    /// The operands whose values the binding depends on besides the stream.
    let variableInvariants: [RowPredicate.Operand]
    /// The address of the entry, retained; 0 while none is kept or one is in use.
    private let slot = Atomic<Int>(0)

    init(_ mapping: RowPredicate.Operand) {
        variableInvariants = mapping.variableInvariants
    }

    deinit {
        if let raw = UnsafeMutableRawPointer(bitPattern: slot.load(ordering: .acquiring)) {
            Unmanaged<Entry>.fromOpaque(raw).release()
        }
    }

    /// Takes out the kept binding if it binds the mapping to this stream with these values.
    func take(matching stream: DonationStream, _ invariants: UnsafeBufferPointer<Value>) -> Entry? {
        guard let raw = UnsafeMutableRawPointer(bitPattern: slot.exchange(0, ordering: .acquiring)) else { return nil }
        let entry = Unmanaged<Entry>.fromOpaque(raw).takeRetainedValue()
        return entry.matches(stream, invariants) ? entry : nil
    }

    /// Keeps a binding for the next sum, in place of any other.
    func put(_ entry: Entry) {
        let raw = Int(bitPattern: Unmanaged.passRetained(entry).toOpaque())
        if let old = UnsafeMutableRawPointer(bitPattern: slot.exchange(raw, ordering: .acquiringAndReleasing)) {
            Unmanaged<Entry>.fromOpaque(old).release()
        }
    }
}

extension RowPredicate {
    /// Appends the invariant operands, at their largest, that are not constants (see
    /// `RowPredicateBinder`, which reads each such operand's value once).
    fileprivate func collectVariableInvariants(into operands: inout [Operand]) {
        switch self {
        case .constant: break
        case .compare(let a, _, let b), .string(let a, _, let b):
            a.collectVariableInvariants(into: &operands)
            b.collectVariableInvariants(into: &operands)
        case .and(let a, let b), .or(let a, let b):
            a.collectVariableInvariants(into: &operands)
            b.collectVariableInvariants(into: &operands)
        case .not(let a):
            a.collectVariableInvariants(into: &operands)
        case .exists(let scan):
            // The other list, as the binding reads it; and the inner predicate's, except those
            // of the outer row, which vary from row to row.
            operands.append(.hoisted(scan.list))
            var inner: [Operand] = []
            scan.predicate.collectVariableInvariants(into: &inner)
            operands += inner.filter { !$0.readsEnclosingRow(scan.rowSlot) }
        }
    }
}

extension RowPredicate.Operand {
    /// Whether the operand reads the evaluation clock. (A hoisted subexpression may read it;
    /// its value is part of the key all the same.)
    fileprivate var readsClock: Bool {
        contains { operand in
            switch operand {
            case .now, .hoisted: return true
            default: return false
            }
        }
    }

    /// The invariant operands, at their largest, that are not constants, whose values a
    /// binding of the operand reads once (see `RowPredicateBinder`).
    var variableInvariants: [RowPredicate.Operand] {
        var operands: [RowPredicate.Operand] = []
        collectVariableInvariants(into: &operands)
        return operands
    }

    fileprivate func collectVariableInvariants(into operands: inout [RowPredicate.Operand]) {
        if isInvariant {
            if !isConstant { operands.append(self) }
            return
        }
        switch self {
        case .arithmetic(_, let a, let b), .intervalSince(let a, let b), .addingInterval(let a, let b), .intArithmetic(_, let a, let b),
             .coalesce(let a, let b, _):
            a.collectVariableInvariants(into: &operands)
            b.collectVariableInvariants(into: &operands)
        case .negate(let a):
            a.collectVariableInvariants(into: &operands)
        case .conditional(let p, let a, let b):
            p.collectVariableInvariants(into: &operands)
            a.collectVariableInvariants(into: &operands)
            b.collectVariableInvariants(into: &operands)
        case .function(.nestedFind(let scan, _), _, _):
            // The other list (its first operand) and its predicate's, as a nested `contains`'s.
            RowPredicate.exists(scan).collectVariableInvariants(into: &operands)
        case .function(_, let a, let b):
            a.collectVariableInvariants(into: &operands)
            b?.collectVariableInvariants(into: &operands)
        case .field, .date, .constant, .parameter, .now, .outerLocal, .outerField, .outerDate, .accumulator, .hoisted:
            break
        }
    }

    /// Whether the operand is made of constants only.
    private var isConstant: Bool {
        switch self {
        case .constant: return true
        case .arithmetic(_, let a, let b), .intervalSince(let a, let b), .addingInterval(let a, let b), .coalesce(let a, let b, _):
            return a.isConstant && b.isConstant
        case .negate(let a): return a.isConstant
        case .field, .date, .parameter, .now, .outerLocal, .outerField, .outerDate, .intArithmetic, .conditional, .function, .accumulator,
             .hoisted:
            return false
        }
    }
}
