import Synchronization
import TipRulesSemantics

/// A fold's step bound to a stream's columns for the fold that goes row by row (see
/// `Evaluator.fold`), in every form that fold may take for the accumulator's type: the step
/// that passes the accumulator in a register, the test that lets the fold stop early, the
/// parts of a step that starts over, and the step that reads the accumulator from its box.
/// Which of them a fold uses may depend on its list and start (a counting run's bound, a
/// proof), so all are bound, the same way a fold binds each.
///
/// A binding holds no state between folds but its accumulator's box, which every fold that
/// reads it sets first, and the note of a failed `Int` operation, cleared when it is reused.
final class FoldBinding {
    /// What the step reads as the accumulator, for the forms that read it from a box.
    let accumulator: FoldAccumulator
    /// Where failed `Int` arithmetic is noted (see `RowPredicateBinder.failures`), when the
    /// step's is not proven safe.
    let failures: ArithmeticFailures?
    /// The filter's test, for a fold of the rows it holds for.
    let test: ((Int) -> Bool)?
    /// The forms of the step for the accumulator's type (one of these four): `Int`s,
    /// `Double`s (and dates as their seconds), a `Bool` fold's predicate, or any other
    /// accumulator as values read from the box. (Concrete types, not one generic over the
    /// accumulator's: a closure kept in a generic field is called through a thunk that
    /// converts its arguments, at every row. And optional fields rather than an enum: taking
    /// the forms out of an enum's payload copied, and so retained, every closure they hold.)
    let ints: IntForms?
    let doubles: DoubleForms?
    let bools: ((Int) -> Bool)?
    let values: ((Int) -> Value)?

    /// The step as a function of the accumulator (nil when it has none), with the test that
    /// stops it early, the parts of a step that starts over, and the step over the box, bound
    /// only where `next` is not.
    struct IntForms {
        let next: RowPredicateBinder.IntFoldStep?
        let absorbed: ((Int) -> Bool)?
        let restart: IntRestart?
        let boxed: ((Int) -> Int)?
    }

    /// The same for `Double`s.
    struct DoubleForms {
        let next: RowPredicateBinder.DoubleFoldStep?
        let absorbed: ((Double) -> Bool)?
        let restart: DoubleRestart?
        let boxed: ((Int) -> Double)?
    }

    /// An `Int` step that starts over on some rows (see `RestartingFoldStep`): its test, the
    /// value it starts over from, the branch that carries on; what bounds its values (see
    /// `RestartingFoldStep.intRun`), and its test when that computes `Int` arithmetic, which
    /// must be proven unable to fail on a fold's list.
    struct IntRestart {
        let test: (Int) -> Bool
        let restartsWhen: Bool
        let restart: (Int) -> Int
        let carry: RowPredicateBinder.IntFoldStep
        let run: (step: Int, restart: Int)
        let testToProve: RowPredicate?
    }

    /// A `Double` step that starts over on some rows.
    struct DoubleRestart {
        let test: (Int) -> Bool
        let restartsWhen: Bool
        let restart: (Int) -> Double
        let carry: RowPredicateBinder.DoubleFoldStep
    }

    /// Binds `step` (and `filter`) to the stream for a fold from a value like `start`, with the
    /// parts of `restarting`, the step as one that starts over, if it is one. With
    /// `notesFailures`, `Int` arithmetic notes its failures rather than having been proven safe.
    init(_ step: RowPredicate.Operand, _ filter: RowPredicate?, restarting: RestartingFoldStep?, stream: DonationStream,
         invariants: RowInvariants, meter: StepMeter?, notesFailures: Bool, startingFrom start: Value) {
        let box = FoldAccumulator()
        var binder = RowPredicateBinder(stream: stream, invariants: invariants, meter: meter)
        binder.accumulator = box
        if notesFailures { binder.failures = ArithmeticFailures() }
        accumulator = box
        failures = binder.failures
        test = filter.map { binder.bind($0) }
        var ints: IntForms?, doubles: DoubleForms?, bools: ((Int) -> Bool)?, values: ((Int) -> Value)?
        // (A step that starts over goes from its last restart when nothing else is in its way.)
        let restarting = filter == nil && meter == nil ? restarting : nil
        switch start {
        case .int:
            let next = binder.intFoldStep(step)
            var restart: IntRestart?
            if let restarting, let run = restarting.intRun, let carry = binder.intFoldStep(restarting.carry) {
                restart = IntRestart(test: binder.bind(restarting.test), restartsWhen: restarting.restartsWhen,
                                     restart: binder.ints(restarting.restart), carry: carry, run: run,
                                     testToProve: restarting.test.hasIntArithmetic ? restarting.test : nil)
            }
            let absorbed = next == nil ? nil : binder.absorbingTest(step) { (value: Value) -> Int? in
                if case .int(let k) = value { k } else { nil }
            }
            ints = IntForms(next: next, absorbed: absorbed, restart: restart, boxed: next == nil ? binder.ints(step) : nil)
        case .double, .date:
            let next = binder.doubleFoldStep(step)
            var restart: DoubleRestart?
            if let restarting, !notesFailures, let carry = binder.doubleFoldStep(restarting.carry) {
                restart = DoubleRestart(test: binder.bind(restarting.test), restartsWhen: restarting.restartsWhen,
                                        restart: binder.doubles(restarting.restart), carry: carry)
            }
            let absorbed = next == nil ? nil : binder.absorbingTest(step) { (value: Value) -> Double? in
                switch value {
                case .double(let k), .date(let k): k
                default: nil
                }
            }
            doubles = DoubleForms(next: next, absorbed: absorbed, restart: restart, boxed: next == nil ? binder.doubles(step) : nil)
        case .bool:
            // A `Bool` fold's step is its closure's predicate (see `FusedOperation.fold`).
            if case .conditional(let predicate, .constant(.bool(true)), .constant(.bool(false))) = step {
                bools = binder.bind(predicate)
            } else {
                values = binder.values(step)
            }
        default:
            values = binder.values(step)
        }
        (self.ints, self.doubles, self.bools, self.values) = (ints, doubles, bools, values)
    }

    /// Whether the binding is for a fold from a value like `start`.
    func folds(from start: Value) -> Bool {
        switch start {
        case .int: ints != nil
        case .double, .date: doubles != nil
        case .bool: bools != nil || values != nil
        default: values != nil
        }
    }
}

/// The binding of an unfiltered fold's step (`reduce(0) { $0 > 100 ? $0 / 2 : $0 + $1.x }`)
/// made last, kept for the next evaluation over the same donations, as `BoundFilterCache`
/// keeps a filter and on the same terms: the same state of the same stream, and the same
/// values of the step's variable invariants. Binding a step makes a closure for each of its
/// operations and reads its operands' columns, which for a fold that stops early (a step
/// that starts over, or one capped by its own accumulator) costs more than the fold.
///
/// A step that charges steps for its work (a string's `count`, whose meter the binding holds)
/// or nests a scan (whose binding keeps the state of its search) is bound at every fold.
final class BoundFoldCache: Sendable {
    /// One binding. (Sendable as the cache hands it out: one fold at a time has it, taken out of
    /// the cache while in use.)
    final class Entry: @unchecked Sendable {
        let state: StreamState
        let invariants: [Value]
        let binding: FoldBinding
        /// The rows of the list over which the step's `Int` arithmetic was last proven safe (the
        /// binding then notes no failures), or could not be (it notes them): the proof reads
        /// only those rows' values and the invariants', so it holds again for the same rows.
        /// Nil where no proof was made, or over a list that is not a range of rows.
        let provenRows: Range<Int>?

        init(stream: DonationStream, invariants: [Value], binding: FoldBinding, provenRows: Range<Int>?) {
            state = StreamState(stream)
            self.invariants = invariants
            self.binding = binding
            self.provenRows = provenRows
        }

        /// Whether the entry binds the step to this stream with these values, for a fold from
        /// a value like `start`.
        func matches(_ stream: DonationStream, _ invariants: UnsafeBufferPointer<Value>, startingFrom start: Value) -> Bool {
            state.holds(for: stream) && binding.folds(from: start)
                && self.invariants.count == invariants.count && zip(self.invariants, invariants).allSatisfy { $0.isIdentical(to: $1) }
        }

        /// Whether the binding notes failures.
        var notesFailures: Bool { binding.failures != nil }
    }

    /// The operands whose values the binding depends on besides the stream.
    let variableInvariants: [RowPredicate.Operand]
    /// The address of the entry, retained; 0 while none is kept or one is in use.
    private let slot = Atomic<Int>(0)

    /// A cache for the bindings of `step`, or nil when it is to be bound at every fold.
    init?(step: RowPredicate.Operand) {
        guard !step.chargesWork, !step.nestsScan else { return nil }
        variableInvariants = step.variableInvariants
    }

    deinit {
        if let raw = UnsafeMutableRawPointer(bitPattern: slot.load(ordering: .acquiring)) {
            Unmanaged<Entry>.fromOpaque(raw).release()
        }
    }

    /// Takes out the kept binding if it binds the step to this stream with these values for a
    /// fold like this one, its note of failures cleared.
    func take(matching stream: DonationStream, _ invariants: UnsafeBufferPointer<Value>, startingFrom start: Value) -> Entry? {
        guard let raw = UnsafeMutableRawPointer(bitPattern: slot.exchange(0, ordering: .acquiring)) else { return nil }
        let entry = Unmanaged<Entry>.fromOpaque(raw).takeRetainedValue()
        guard entry.matches(stream, invariants, startingFrom: start) else { return nil }
        entry.binding.failures?.occurred = false
        return entry
    }

    /// Keeps a binding for the next fold, in place of any other.
    func put(_ entry: Entry) {
        let raw = Int(bitPattern: Unmanaged.passRetained(entry).toOpaque())
        if let old = UnsafeMutableRawPointer(bitPattern: slot.exchange(raw, ordering: .acquiringAndReleasing)) {
            Unmanaged<Entry>.fromOpaque(old).release()
        }
    }
}
