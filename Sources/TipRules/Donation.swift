import Foundation

/// The payload of an event that carries none, as TipKit's `Tips.Event<EmptyDonation>`.
public struct EmptyDonation: Codable, Sendable, Hashable {
    /// The empty payload.
    public init() {}
}

/// One donation as the host sees it: when it was made, and its payload decoded into the
/// host's type. Payload properties read through it directly (`donation.landmarkID`).
@dynamicMemberLookup
public struct Donation<DonationInfo: Sendable>: Sendable {
    /// When the donation was made.
    public let date: Date
    /// The payload.
    public let info: DonationInfo

    /// A donation made at `date` with a payload.
    public init(date: Date, info: DonationInfo) {
        self.date = date
        self.info = info
    }

    /// A payload property.
    public subscript<T>(dynamicMember keyPath: KeyPath<DonationInfo, T>) -> T {
        info[keyPath: keyPath]
    }
}
