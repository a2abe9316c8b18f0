import Foundation
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// An event of the rules, bound to a Swift payload type, as TipKit's `Tips.Event<DonationInfo>`.
/// Get one from `RuleEngine.event(_:donationInfo:)`; donations go to the engine's storage.
///
/// ```swift
/// struct LandmarkView: Codable, Sendable { var landmarkID: Int; var landmarkName: String }
/// let didView = try engine.event("didViewLandmarkDetail", donationInfo: LandmarkView.self)
/// try didView.donate(LandmarkView(landmarkID: 3, landmarkName: "Alps"))
/// ```
public struct Event<DonationInfo: Codable & Sendable>: Sendable {
    let engine: RuleEngine
    let schema: EventSchema
    let eventIndex: Int

    /// The event's id, as declared.
    public var id: String { schema.id }

    /// How many of the newest donations rules see (the declaration's `limit`, 1000 by default).
    public var donationLimit: Int { schema.limit }

    /// Records a donation dated now (by the engine's clock).
    public func donate(_ donation: DonationInfo) throws(Diagnostic) {
        try donate(donation, at: nil)
    }

    /// Records a donation with a given date.
    public func donate(_ donation: DonationInfo, at date: Date?) throws(Diagnostic) {
        let fields: [String: Value]
        do {
            fields = try ValueEncoder.fields(of: donation)
        } catch {
            throw APIErrors.at(APIMessages.unencodable("\(DonationInfo.self)", "\(error)"), schema.file, schema.range, subject: id)
        }
        // Swift's encoding differs from the declared representation only in form (a `Set`
        // encodes as an array); unknown fields pass through for the check to name them.
        var shaped = fields
        for field in schema.fields {
            if let value = fields[field.name] { shaped[field.name] = value.shaped(as: field.type) }
        }
        try engine.record(schema, fields: shaped, at: date)
    }

    /// Records a donation dated now, from asynchronous code (TipKit's `sendDonation`).
    public func sendDonation(_ donation: DonationInfo) async throws(Diagnostic) {
        try donate(donation)
    }

    /// Forgets every donation of this event.
    public func deleteDonations() throws(Diagnostic) {
        try engine.storage.deleteDonations(of: schema)
    }

    /// The donations as rules see them now: dated at or before the clock, within `maxAge`,
    /// the newest `donationLimit`, oldest first, decoded into `DonationInfo`.
    public var donations: [Donation<DonationInfo>] {
        get throws(Diagnostic) {
            guard case .donations(let list) = try engine.donations(ofEvent: eventIndex) else { return [] }
            var result: [Donation<DonationInfo>] = []
            result.reserveCapacity(list.count)
            for position in list.allPositions {
                let info: DonationInfo
                do {
                    info = try ValueDecoder.decode(DonationInfo.self, from: .donation(list.stream, position), .donation(id))
                } catch {
                    throw APIErrors.at(APIMessages.undecodable(id, .donation(id), swiftType: "\(DonationInfo.self)", "\(error)"),
                                       schema.file, schema.range, subject: id)
                }
                result.append(Donation(date: Date(timeIntervalSinceReferenceDate: list.stream.dates[position]), info: info))
            }
            return result
        }
    }
}

extension Event where DonationInfo == EmptyDonation {
    /// Records a donation of a payload-less event, dated now.
    public func donate() throws(Diagnostic) {
        try donate(EmptyDonation())
    }

    /// Records a donation of a payload-less event, dated now, from asynchronous code.
    public func sendDonation() async throws(Diagnostic) {
        try donate(EmptyDonation())
    }
}

/// Checks a Swift payload type against an event's declaration.
enum PayloadBinding {
    static func check<Info: Decodable>(_ type: Info.Type, against schema: EventSchema) throws(Diagnostic) {
        // A type whose shape cannot be read (custom decoding that rejects placeholders) is
        // still checked donation by donation.
        guard let shape = PayloadShape.of(Info.self) else { return }
        let swiftType = "\(Info.self)"
        for field in schema.fields {
            guard let property = shape.properties.first(where: { $0.name == field.name }) else {
                throw APIErrors.at(APIMessages.missingProperty(field.name, declared: field.type, swiftType: swiftType),
                                   schema.file, field.range, subject: schema.id)
            }
            guard property.type == field.type else {
                let found = property.type.map { "\($0)" } ?? "a type that is not a payload type"
                throw APIErrors.at(APIMessages.fieldTypeMismatch(field.name, declared: field.type, swiftType: swiftType, found: found),
                                   schema.file, field.range, subject: schema.id)
            }
        }
        for property in shape.properties where schema.fieldIndex(property.name) == nil {
            throw APIErrors.at(APIMessages.extraProperty(property.name, swiftType: swiftType, event: schema.id),
                               schema.file, schema.range, subject: schema.id)
        }
    }
}
