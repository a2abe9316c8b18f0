import Foundation
import TipRulesSemantics
import TipRulesSyntax

/// The last outcome of each declaration a host asked for (and of each expression its owner
/// keeps compiled, by slot), with what it was computed from, so that asking again over the
/// same donations, parameters and options costs a comparison rather than an evaluation.
/// (TipKit, too, re-evaluates a rule only when its inputs change.)
///
/// A memo serves one in-memory storage. An outcome is reused for a snapshot of the same
/// generation (no donation recorded, deleted or evicted since) when the clock has not moved,
/// or when the declaration does not read `Date.now` and, with the clock moved, every window it
/// applies and the clock itself still fall between the same donations (see
/// `ClockDependence`): then the new evaluation would read exactly the donations the remembered
/// one read and compute the same thing, so the outcome, value or error, is the one it would
/// give. The owner calls `forget()` whenever parameters or options change.
package struct ResultMemo {
    /// An evaluation's outcome, shared by reference: handing out a remembered one copies no
    /// value or diagnostic, and the engine's lock guards no enum with a payload to destroy.
    /// (Immutable: a read of a variable of another module's class takes a run-time
    /// exclusivity check, which costs more than the object.)
    package final class Outcome: Sendable {
        package let outcome: Result<Value, Diagnostic>

        package init(_ outcome: Result<Value, Diagnostic>) {
            self.outcome = outcome
        }
    }

    /// Where a date (the clock, or a window's start) may move without passing a donation of
    /// the events read: above `lower` (or at it, for the clock) and below `upper` (or at it,
    /// for a window's start).
    private struct Gap {
        var lower = -Double.infinity
        var upper = Double.infinity
    }

    /// A class, so that checking an entry reads its fields in place, and an entry of a
    /// declaration that reads the clock is updated in place at every evaluation.
    /// (Unchecked: the memo's owner holds a lock around every use.)
    private final class Entry {
        // (Variables for a declaration that reads the clock, whose entry is updated in place
        // at every evaluation.)
        @exclusivity(unchecked) var generation: Int
        @exclusivity(unchecked) var now: Double
        /// The clock the declaration was last asked at (see `remembersOutcome`).
        @exclusivity(unchecked) var askedNow: Double
        /// Whether the outcome may change with any move of the clock (see `ClockDependence`).
        let readsNow: Bool
        /// The clock may move within it: no donation is dated in `lower...now` or `now..<upper`
        /// other than at `lower`.
        let clock: Gap
        /// The declaration's windows, each with the gap around its start at `now`.
        let windows: [(window: TimeRange, gap: Gap)]
        @exclusivity(unchecked) var outcome: Outcome

        init(generation: Int, now: Double, readsNow: Bool, clock: Gap, windows: [(window: TimeRange, gap: Gap)],
             outcome: Outcome) {
            self.generation = generation
            self.now = now
            self.askedNow = now
            self.readsNow = readsNow
            self.clock = clock
            self.windows = windows
            self.outcome = outcome
        }

        /// A clock-reading entry's new outcome, computed at `now` over a snapshot of `generation`.
        func update(_ outcome: Result<Value, Diagnostic>, generation: Int, now: Date) -> Outcome {
            self.generation = generation
            self.now = now.timeIntervalSinceReferenceDate
            self.outcome = Outcome(outcome)
            return self.outcome
        }
    }

    private var entries: [Entry?] = []
    /// The outcomes of expressions compiled against the program (`RuleEngine.evaluate(expression:)`),
    /// by the slot the owner keeps each expression in.
    private var expressionEntries: [Entry?] = []
    /// How the declarations depend on the clock, worked out for those asked for (the program
    /// never changes for an engine, so they are kept across `forget()`).
    private var dependences: ClockDependence.Finder?
    /// Changes at every `forget()`, so an outcome computed before it is not remembered after.
    package private(set) var generation = 0
    /// The context the remembered outcomes were computed in (the owner's until its options
    /// change, when it forgets them): what a window's start is worked out with once the clock
    /// moved. Kept here so that asking for a remembered outcome needs no context of the
    /// owner's, whose reference would be retained and released at every ask.
    private var context: EvaluationContext?

    package init() {}

    /// Forgets every outcome (parameters or options changed).
    package mutating func forget() {
        entries = []
        expressionEntries = []
        context = nil
        generation &+= 1
    }

    /// Forgets the outcome of the expression in a slot (the owner put another expression there).
    package mutating func forgetExpression(inSlot slot: Int) {
        if slot < expressionEntries.count { expressionEntries[slot] = nil }
    }

    /// The outcome an evaluation of a declaration would give now over a snapshot of the
    /// storage's `generation`, when a remembered one is known to be it.
    package func outcome(ofDeclarationAt index: Int, generation: Int, now: Date) -> Outcome? {
        guard index < entries.count, let entry = entries[index] else { return nil }
        return ResultMemo.outcome(entry, generation: generation, now: now, in: context)
    }

    /// The same for the expression in a slot.
    package func outcome(ofExpressionInSlot slot: Int, generation: Int, now: Date) -> Outcome? {
        guard slot < expressionEntries.count, let entry = expressionEntries[slot] else { return nil }
        return ResultMemo.outcome(entry, generation: generation, now: now, in: context)
    }

    private static func outcome(_ entry: Entry, generation: Int, now: Date, in context: EvaluationContext?) -> Outcome? {
        guard entry.generation == generation else { return nil }
        let seconds = now.timeIntervalSinceReferenceDate
        if seconds == entry.now { return entry.outcome }
        // The set of donations dated at or before the clock is the same...
        guard !entry.readsNow, entry.clock.lower <= seconds, seconds < entry.clock.upper else { return nil }
        // ...and so is the set dated at or after each window's start.
        for (window, gap) in entry.windows {
            guard let context, let start = ResultMemo.start(of: window, at: seconds, in: context),
                  gap.lower < start, start <= gap.upper else { return nil }
        }
        return entry.outcome
    }

    /// Whether to remember the outcome of a declaration the memo had none for at `now`: not
    /// when the declaration reads `Date.now` and was asked last at another clock (a clock that
    /// moves between asks, as the system clock does), since its outcome serves that very clock
    /// alone; remembering it would take the owner's lock again and allocate, for nothing. Once
    /// the clock stands still, the second ask at it remembers again.
    package func remembersOutcome(ofDeclarationAt index: Int, now: Date) -> Bool {
        index < entries.count ? ResultMemo.remembers(entries[index], now: now) : true
    }

    /// The same for the expression in a slot.
    package func remembersOutcome(ofExpressionInSlot slot: Int, now: Date) -> Bool {
        slot < expressionEntries.count ? ResultMemo.remembers(expressionEntries[slot], now: now) : true
    }

    private static func remembers(_ entry: Entry?, now: Date) -> Bool {
        guard let entry, entry.readsNow else { return true }
        let seconds = now.timeIntervalSinceReferenceDate
        defer { entry.askedNow = seconds }
        return entry.askedNow == seconds
    }

    /// Remembers an outcome computed over `snapshot` at `now`, unless `forget()` was called
    /// since `generation` was read; returns it as remembered (nil when it is not).
    @discardableResult
    package mutating func remember(_ outcome: Result<Value, Diagnostic>, ofDeclarationAt index: Int,
                                   over snapshot: StoreSnapshot, now: Date, in context: EvaluationContext,
                                   generation: Int) -> Outcome? {
        remember(outcome, in: .declarations, at: index, tableSize: context.runtime.bodies.count, over: snapshot, now: now,
                 in: context, generation: generation) { $0.dependence(ofDeclaration: index) }
    }

    /// The same for an expression compiled against the program, kept in a slot.
    @discardableResult
    package mutating func remember(_ outcome: Result<Value, Diagnostic>, ofExpression expression: PreparedExpression, inSlot slot: Int,
                                   over snapshot: StoreSnapshot, now: Date, in context: EvaluationContext,
                                   generation: Int) -> Outcome? {
        remember(outcome, in: .expressions, at: slot, tableSize: slot + 1, over: snapshot, now: now,
                 in: context, generation: generation) { $0.dependence(of: expression.compiled.body) }
    }

    /// Which of the memo's tables an outcome goes to.
    private enum Table {
        case declarations, expressions
    }

    private mutating func remember(_ outcome: Result<Value, Diagnostic>, in table: Table, at position: Int, tableSize: Int,
                                   over snapshot: StoreSnapshot, now: Date, in context: EvaluationContext, generation: Int,
                                   dependence: (inout ClockDependence.Finder) -> ClockDependence) -> Outcome? {
        guard generation == self.generation else { return nil }
        if self.context !== context { self.context = context }
        // One that reads the clock is reused only at this very clock: its entry is updated in
        // place, with nothing else to work out.
        let known = table == .declarations ? entries : expressionEntries
        if position < known.count, let entry = known[position], entry.readsNow {
            return entry.update(outcome, generation: snapshot.generation, now: now)
        }
        if dependences == nil { dependences = ClockDependence.Finder(program: context.program) }
        guard let entry = ResultMemo.entry(outcome, dependence(&dependences!), over: snapshot, now: now, in: context) else { return nil }
        switch table {
        case .declarations: ResultMemo.put(entry, at: position, in: &entries, size: tableSize)
        case .expressions: ResultMemo.put(entry, at: position, in: &expressionEntries, size: tableSize)
        }
        return entry.outcome
    }

    private static func put(_ entry: Entry, at position: Int, in table: inout [Entry?], size: Int) {
        if table.count <= position { table.append(contentsOf: repeatElement(nil, count: size - table.count)) }
        table[position] = entry
    }

    /// A new entry for an outcome computed over `snapshot` at `now`: the gaps the clock and
    /// each window's start may move within. Nil when a window's start cannot be computed.
    private static func entry(_ outcome: Result<Value, Diagnostic>, _ dependence: ClockDependence, over snapshot: StoreSnapshot,
                              now: Date, in context: EvaluationContext) -> Entry? {
        let seconds = now.timeIntervalSinceReferenceDate
        if dependence.readsNow {
            return Entry(generation: snapshot.generation, now: seconds, readsNow: true, clock: Gap(), windows: [],
                         outcome: Outcome(outcome))
        }
        let runtime = context.runtime
        var starts: [Double] = []
        for window in dependence.windows {
            guard let start = ResultMemo.start(of: window, at: seconds, in: context) else { return nil }
            starts.append(start)
        }
        var clock = Gap()
        var gaps = Array(repeating: Gap(), count: starts.count)
        for event in dependence.events {
            guard let stream = try? snapshot.stream(forEventAt: event, of: runtime.events) else { return nil }
            let dates = stream.dates
            // The donations dated at or before the clock end at `cut`; a window's at `first`.
            let cut = stream.upperBound(of: seconds)
            if cut > 0 { clock.lower = max(clock.lower, dates[cut - 1]) }
            if cut < dates.count { clock.upper = min(clock.upper, dates[cut]) }
            for (offset, start) in starts.enumerated() {
                let first = stream.lowerBound(of: start)
                if first > 0 { gaps[offset].lower = max(gaps[offset].lower, dates[first - 1]) }
                if first < dates.count { gaps[offset].upper = min(gaps[offset].upper, dates[first]) }
            }
        }
        let windows = Array(zip(dependence.windows, gaps)).map { (window: $0.0, gap: $0.1) }
        return Entry(generation: snapshot.generation, now: seconds, readsNow: false, clock: clock, windows: windows,
                     outcome: Outcome(outcome))
    }

    /// Where a window starts at a clock, as the evaluator computes it; nil where evaluating
    /// it would fail.
    private static func start(of window: TimeRange, at now: Double, in context: EvaluationContext) -> Double? {
        guard window.count >= 0 else { return nil }
        return CalendarSteps.back(from: now, window.unit, window.count, fixedOffset: context.fixedOffset) { context.calendar }
    }
}
