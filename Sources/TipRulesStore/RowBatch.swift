import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// Donations read from a store's rows, gathered per event with a column per payload field and
/// added to a `DonationStore` in one go: far cheaper than one by one, and no array is made per
/// row. Payloads are read in place the fast way, and by the general decoder when that gives up.
struct RowBatch {
    private let schemas: [EventSchema]
    private let readers: [PayloadReader]
    private var dates: [[Double]]
    private var columns: [[[Value]]]

    init(schemas: [EventSchema], readers: [PayloadReader]) {
        self.schemas = schemas
        self.readers = readers
        dates = [[Double]](repeating: [], count: schemas.count)
        columns = schemas.map { [[Value]](repeating: [], count: $0.fields.count) }
    }

    /// Adds one row: its event (by index in `schemas`), date and payload bytes (a JSON object,
    /// `{}` for an event without fields).
    mutating func add(eventIndex index: Int, date: Double, payload: UnsafeBufferPointer<UInt8>, location: String) throws(Diagnostic) {
        // A date no donation can have (written to the store by other means: NaN, an infinity,
        // beyond the years a log can show) would break the streams' date order.
        guard ISO8601.isPrintable(date) else {
            throw .about(location, in: "<store>", StoreMessages.unreadableDonation(location, schemas[index].id,
                                                                                  "its date (\(date) seconds since 2001) is no date a donation can have"))
        }
        if !schemas[index].fields.isEmpty, !readers[index].read(payload, appendingTo: &columns[index]) {
            let values = try StoredEvents.decodePayload(Array(payload), schemas[index], location: location)
            for field in values.indices { columns[index][field].append(values[field]) }
        }
        dates[index].append(date)
    }

    /// Whether any row was added.
    var isEmpty: Bool { dates.allSatisfy(\.isEmpty) }

    /// Adds the rows to `store`, and puts them in place there.
    func append(to store: inout DonationStore) {
        guard !isEmpty else { return }
        for index in schemas.indices where !dates[index].isEmpty {
            store.appendUnordered(eventIndex: index, dates: dates[index], columns: columns[index])
        }
        store.compact()
    }
}
