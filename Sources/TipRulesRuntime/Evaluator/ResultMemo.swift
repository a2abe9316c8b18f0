import Foundation
import TipRulesSyntax

/// The last outcome of each declaration a host asked for, with what it was computed from, so
/// that asking again over the same donations, parameters and options costs a comparison rather
/// than an evaluation. (TipKit, too, re-evaluates a rule only when its inputs change.)
///
/// A memo serves one in-memory storage. An outcome is reused for a snapshot of the same
/// generation (no donation recorded, deleted or evicted since) when the clock has not moved,
/// or when the declaration does not read the clock and every donation of the events it reads is
/// dated at or before both clocks (see `ClockDependence`): then the two evaluations would read
/// the same donations and compute the same thing, so the outcome, value or error, is exactly
/// the one an evaluation would give. The owner calls `forget()` whenever parameters or options
/// change.
package struct ResultMemo {
    /// An evaluation's outcome, shared by reference: handing out a remembered one copies no
    /// value or diagnostic.
    package final class Outcome: Sendable {
        package let outcome: Result<Value, Diagnostic>

        package init(_ outcome: Result<Value, Diagnostic>) {
            self.outcome = outcome
        }
    }

    /// A class, so that checking an entry reads its fields in place.
    private final class Entry {
        let generation: Int
        let now: Double
        /// The newest donation date of the events the declaration reads (-infinity for none).
        let newest: Double
        let outcome: Outcome

        init(generation: Int, now: Double, newest: Double, outcome: Outcome) {
            self.generation = generation
            self.now = now
            self.newest = newest
            self.outcome = outcome
        }
    }

    private var entries: [Entry?] = []
    /// Changes at every `forget()`, so an outcome computed before it is not remembered after.
    package private(set) var generation = 0

    package init() {}

    /// Forgets every outcome (parameters or options changed).
    package mutating func forget() {
        entries = []
        generation &+= 1
    }

    /// The outcome an evaluation of a declaration would give now over a snapshot of the
    /// storage's `generation`, when a remembered one is known to be it.
    package func outcome(ofDeclarationAt index: Int, generation: Int, now: Date, in context: EvaluationContext) -> Outcome? {
        guard index < entries.count, let entry = entries[index], entry.generation == generation else { return nil }
        let seconds = now.timeIntervalSinceReferenceDate
        if seconds == entry.now { return entry.outcome }
        guard !context.runtime.clockDependences[index].readsClock,
              entry.newest <= seconds, entry.newest <= entry.now else { return nil }
        return entry.outcome
    }

    /// Remembers an outcome computed over `snapshot` at `now`, unless `forget()` was called
    /// since `generation` was read.
    package mutating func remember(_ outcome: Outcome, ofDeclarationAt index: Int,
                                   over snapshot: StoreSnapshot, now: Date, in context: EvaluationContext,
                                   generation: Int) {
        guard generation == self.generation else { return }
        let runtime = context.runtime
        var newest = -Double.infinity
        for event in runtime.clockDependences[index].events {
            guard let stream = try? snapshot.stream(forEventAt: event, of: runtime.events) else { return }
            if let last = stream.dates.last { newest = max(newest, last) }
        }
        if entries.count <= index {
            entries.append(contentsOf: repeatElement(nil, count: runtime.bodies.count - entries.count))
        }
        entries[index] = Entry(generation: snapshot.generation, now: now.timeIntervalSinceReferenceDate,
                               newest: newest, outcome: outcome)
    }
}
