import TipRulesSemantics
import TipRulesSyntax

/// Where an evaluation reads event streams from: a `DonationStore` kept as itself, or any
/// other source.
///
/// A store is what engines over donations in memory and the tools evaluate over. Held as
/// itself, finding a stream calls no protocol witness, and making and destroying an
/// evaluation copies and destroys no existential box. (Two optionals rather than an enum:
/// an enum with an existential payload is copied, read and destroyed through value
/// witnesses, which costs more than the box it saves.)
struct StreamSource {
    private let store: DonationStore?
    private let other: (any DonationSource)?

    /// A store, read directly.
    static func store(_ store: DonationStore) -> StreamSource { StreamSource(store: store) }

    /// Any source, read through the protocol.
    static func other(_ source: any DonationSource) -> StreamSource { StreamSource(other: source) }

    private init(store: DonationStore) {
        self.store = store
        self.other = nil
    }

    private init(other: any DonationSource) {
        self.store = nil
        self.other = other
    }

    /// A source as it is best held: a store as itself.
    init(_ source: some DonationSource) {
        if let store = source as? DonationStore {
            self = .store(store)
        } else {
            self = .other(source)
        }
    }

    /// Where a store's streams are, for the program's `events` (see
    /// `DonationStore.streamAddresses`); nil for another source.
    func streamAddresses(for events: [EventSchema]) -> UnsafePointer<DonationStream>? {
        // (Unwrapped in place, as in `stream(forEventAt:of:)`.)
        store != nil ? store.unsafelyUnwrapped.streamAddresses(for: events) : nil
    }

    /// The stream of the event at `index` of the program's `events` (see `DonationSource`).
    @inline(__always)
    func stream(forEventAt index: Int, of events: [EventSchema]) throws(Diagnostic) -> DonationStream {
        // (Unwrapped in place: `if let` copies the store, retaining its box, at every lookup.)
        if store != nil { return try store.unsafelyUnwrapped.stream(forEventAt: index, of: events) }
        return try other.unsafelyUnwrapped.stream(forEventAt: index, of: events)
    }
}
