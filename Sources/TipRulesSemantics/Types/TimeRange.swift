import TipRulesSyntax

/// A donation time range (TipKit's `DonationTimeRange`): a count of calendar or clock units.
public struct TimeRange: Sendable, Hashable, CustomStringConvertible {
    public enum Unit: String, Sendable, Hashable, CaseIterable {
        case minute, hour, day, week, month, year
    }

    public var unit: Unit
    public var count: Int
    /// Whether it was written with the function form (`.days(1)`) rather than `.day`.
    public var isFunctionForm: Bool

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
