import TipRulesSyntax

/// A donation time range (TipKit's `DonationTimeRange`): a count of calendar or clock units.
public struct TimeRange: Sendable, Hashable, CustomStringConvertible {
    /// The calendar or clock unit of a range.
    public enum Unit: String, Sendable, Hashable, CaseIterable {
        case minute, hour, day, week, month, year
    }

    /// The unit counted.
    public var unit: Unit
    /// How many units (1 for `.week`).
    public var count: Int
    /// Whether it was written with the function form (`.days(1)`) rather than `.day`.
    public var isFunctionForm: Bool

    /// A range of `count` units.
    public init(unit: Unit, count: Int, isFunctionForm: Bool) {
        self.unit = unit
        self.count = count
        self.isFunctionForm = isFunctionForm
    }

    /// The source form, as the JSON output writes it: `.week`, `.days(3)`.
    public var description: String {
        isFunctionForm ? ".\(unit.rawValue)s(\(count))" : ".\(unit.rawValue)"
    }
}
