import TipRulesSyntax

/// TipKit's event and donation vocabulary.
extension Builtins {
    static let donationMembers: [Builtin] = [
        Builtin(.eventDonations, "donations", on: .event, result: .array(.element),
                "the event's donations: dated at or before now, within maxAge, the newest limit, oldest first"),
        Builtin(.donationDate, "date", on: .donation, result: .exact(.date), "when the donation was made"),
        Builtin(.donationsDonatedWithin, "donatedWithin", on: .donationArray, labels: [nil], parameters: [.exact(.timeRange)], result: .receiver,
                "the donations dated from now moved back by the range up to now, both ends included"),
        Builtin(.donationsLargestSubset, "largestSubset", on: .donationArray, labels: ["groupedBy"], parameters: [.keyPath(.element, .generic)], result: .receiver,
                constraint: .genericHashable,
                "the largest group of donations with equal keys, in stream order; ties go to the group seen first"),
        Builtin(.donationsSmallestSubset, "smallestSubset", on: .donationArray, labels: ["groupedBy"], parameters: [.keyPath(.element, .generic)], result: .receiver,
                constraint: .genericHashable,
                "the smallest non-empty group of donations with equal keys, in stream order; ties go to the group seen first"),
    ]
}
