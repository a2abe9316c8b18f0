import Foundation

/// The clock and time zone of evaluations: what `Date.now` is, which donations exist (those
/// dated at or before now), and where calendar windows such as `.week` begin.
///
/// ```swift
/// engine.clock = .fixed(Date(timeIntervalSince1970: 1_800_000_000))   // tests, "as of" queries
/// engine.clock = .system                                                // the wall clock, UTC
/// ```
public struct EvaluationClock: Sendable {
    /// Reads the current instant; called once per evaluation.
    public var now: @Sendable () -> Date
    /// The time zone for calendar arithmetic (`.day`, `.month`, `maxAge`).
    public var timeZone: TimeZone

    /// A clock reading `now` (the wall clock by default) in a time zone (UTC by default).
    public init(timeZone: TimeZone = TimeZone(identifier: "UTC")!, now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
        self.timeZone = timeZone
    }

    /// The wall clock, in UTC.
    public static var system: EvaluationClock { EvaluationClock() }

    /// A clock stopped at an instant.
    public static func fixed(_ date: Date, timeZone: TimeZone = TimeZone(identifier: "UTC")!) -> EvaluationClock {
        EvaluationClock(timeZone: timeZone) { date }
    }
}
