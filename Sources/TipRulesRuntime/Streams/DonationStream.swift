import TipRulesSemantics
import TipRulesSyntax

/// The donations of one event, oldest first, stored by column for scanning.
///
/// Equal dates keep donation order. Instances are shared by reference between values during an
/// evaluation and are never mutated while shared: `DonationStore` copies a stream before
/// changing it unless it holds the only reference (copy on write), which is why the class may
/// be `Sendable`. The copy shares the columns, and appending to it writes past what the
/// original sees (see `ColumnArray`), so donating while a snapshot is alive copies no donations.
public final class DonationStream: @unchecked Sendable {
    /// The event, as declared where the donations were recorded.
    public let schema: EventSchema

    /// Whether the stream's payload fields are these, compared without copying the schema
    /// (the same array, as a store made for the program holds, compares at once).
    func hasFields(_ fields: [EventSchema.Field]) -> Bool {
        schema.fields == fields
    }
    // Reads of `dates` and `columns` skip the run-time exclusivity check: a stream is changed
    // only while one owner holds it (see above), so a read never overlaps a write, and the
    // check would otherwise cost more than the read itself on every element a rule scans.

    /// Seconds since 2001-01-01T00:00:00Z, ascending.
    @exclusivity(unchecked) package private(set) var dates: ColumnArray<Double>
    /// One column per payload field, each as long as `dates`.
    @exclusivity(unchecked) package private(set) var columns: [Column]
    /// This instance, for caches that remember which stream they computed from: they hold the
    /// token, so its address is never reused while they remember it, without holding the stream
    /// (which would keep its donations alive and make every donation copy it) or a weak
    /// reference to it (which would slow every reference count of the stream).
    package let identity = StreamIdentity()
    /// Counts the changes that move or remove donations already held (an insertion before the
    /// end, a reordering, dropping the oldest). Appending leaves it alone, so a reader that
    /// remembers it knows whether positions it saw still mean the same donations.
    /// (Unchecked like the columns: a stream changes only where one owner holds it.)
    @exclusivity(unchecked) package private(set) var rewrites = 0

    init(schema: EventSchema) {
        self.schema = schema
        self.dates = []
        self.columns = schema.fields.map { Column(for: $0.type) }
    }

    init(copying other: DonationStream) {
        self.schema = other.schema
        self.dates = other.dates
        self.columns = other.columns
        self.sortedCount = other.sortedCount
        self.rewrites = other.rewrites
    }

    /// How many donations the stream holds.
    public var count: Int { dates.count }

    /// The value of a payload field of the donation at a position.
    @inline(__always)
    func field(_ field: Int, at position: Int) -> Value {
        columns[field][position]
    }

    /// Inserts a donation after every donation dated at or before it.
    func insert(date: Double, payload: [Value]) {
        putInOrder()
        defer { sortedCount = dates.count }
        var position = dates.count
        if let last = dates.last, date < last {
            position = upperBound(of: date)
            rewrites += 1
        }
        dates.insert(date, at: position)
        for (index, value) in payload.enumerated() {
            columns[index].insert(value, at: position)
        }
    }


    /// How many donations from the start are in date order: all of them, except after an
    /// out-of-order `appendUnordered` until `putInOrder`.
    private var sortedCount = 0
    /// Whether `dates` ascend.
    private var isOrdered: Bool { sortedCount == dates.count }

    /// Appends a donation at the end, in arrival order, for bulk loads: O(1) amortised however
    /// its date compares. The stream must be `compact`ed before it is read.
    func appendUnordered(date: Double, payload: [Value]) {
        let ordered = isOrdered && !(date < (dates.last ?? date))
        dates.append(date)
        if ordered { sortedCount = dates.count }
        for (index, value) in payload.enumerated() {
            columns[index].insert(value, at: dates.count - 1)
        }
    }

    /// Appends many donations in arrival order (bulk loads); `compact` puts them in place.
    func appendUnordered(dates newDates: [Double], rows: [[Value]]) {
        guard !newDates.isEmpty else { return }
        appendDates(newDates)
        for index in columns.indices { columns[index].append(contentsOf: rows, field: index) }
    }

    /// The same, with the payloads as one array of values per field.
    func appendUnordered(dates newDates: [Double], columns newColumns: [[Value]]) {
        guard !newDates.isEmpty else { return }
        precondition(newColumns.count == columns.count && newColumns.allSatisfy { $0.count == newDates.count }, "one value per donation and field")
        appendDates(newDates)
        for index in columns.indices { columns[index].append(contentsOf: newColumns[index]) }
    }

    /// Appends dates, noting how far the stream stays in date order.
    private func appendDates(_ newDates: [Double]) {
        var ordered = isOrdered
        dates.append(contentsOf: newDates)
        guard ordered else { return }
        var end = sortedCount
        while ordered && end < dates.count {
            if end > 0 && dates[end] < dates[end - 1] { ordered = false } else { end += 1 }
        }
        sortedCount = end
    }

    /// Whether donations appended out of order wait to be put in place (`putInOrder`).
    var needsOrdering: Bool { !isOrdered }

    /// Puts donations appended out of order in place, keeping arrival order among equal dates,
    /// and drops spare capacity.
    func compact() {
        if isOrdered { dates.compact() } else { putInOrder() }
        for index in columns.indices { columns[index].compact() }
    }

    /// Puts donations appended out of order in place, keeping arrival order among equal dates.
    ///
    /// The donations before the first one out of order are sorted already; only the rest are
    /// sorted (stably), then the two runs are merged, from the first place a late donation
    /// goes. So `k` donations appended out of order between two reads cost O(k log k) plus a
    /// move of the donations after where they belong (in place when no snapshot shares the
    /// stream), not an O(n) insertion each.
    func putInOrder() {
        guard !isOrdered else { return }
        let sortedEnd = sortedCount
        let tail = (sortedEnd..<dates.count).sorted { dates[$0] < dates[$1] || (dates[$0] == dates[$1] && $0 < $1) }
        // On equal dates the sorted run goes first: its donations arrived earlier. Those dated
        // at or before the earliest late one stay where they are.
        let start = upperBound(of: dates[tail[0]], in: 0..<sortedEnd)
        var order: [Int] = []
        order.reserveCapacity(dates.count - start)
        var head = start
        var next = 0
        while head < sortedEnd || next < tail.count {
            if next == tail.count || (head < sortedEnd && dates[head] <= dates[tail[next]]) {
                order.append(head)
                head += 1
            } else {
                order.append(tail[next])
                next += 1
            }
        }
        rewrites += 1
        dates.reorderSuffix(from: start, order)
        for index in columns.indices { columns[index].reorderSuffix(from: start, order) }
        sortedCount = dates.count
    }

    /// The index of the first donation rules can still see at `now` or any later clock: the
    /// older ones are past `limit` (newer donations dated at or before `now` outnumber them) or
    /// past `maxAge` (dated before `cutoff`). Donations dated after `now` are all still to come.
    func firstVisible(now: Double, limit: Int, cutoff: Double?) -> Int {
        let end = upperBound(of: now)
        var start = max(0, end - limit)
        if let cutoff { start = max(start, lowerBound(of: cutoff, in: 0..<end)) }
        return start
    }

    /// Drops the donations before a position.
    func dropFirst(_ count: Int) {
        guard count > 0 else { return }
        rewrites += 1
        sortedCount = max(0, sortedCount - count)
        dates.removeFirst(count)
        for index in columns.indices { columns[index].removeFirst(count) }
    }

    /// The first index whose date is greater than `date`.
    func upperBound(of date: Double, in range: Range<Int>? = nil) -> Int {
        dates.withUnsafeBufferPointer { dates in
            var low = range?.lowerBound ?? 0
            var high = range?.upperBound ?? dates.count
            // Usually every donation is at or before the clock: no search.
            if low < high && dates[high - 1] <= date { return high }
            while low < high {
                let mid = (low + high) / 2
                if dates[mid] <= date { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }

    /// The first index whose date is at or after `date`.
    func lowerBound(of date: Double, in range: Range<Int>? = nil) -> Int {
        dates.withUnsafeBufferPointer { dates in
            var low = range?.lowerBound ?? 0
            var high = range?.upperBound ?? dates.count
            while low < high {
                let mid = (low + high) / 2
                if dates[mid] < date { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }
}

/// A selection of donations from one stream, in stream order: the value of a `[Donation<E>]`.
public struct DonationList: Sendable {
    /// Positions in the stream: a contiguous run (a time window) or any ordered subset.
    package enum Positions: Sendable, Equatable {
        case contiguous(Range<Int>)
        case scattered([Int])
    }

    package let stream: DonationStream
    package var positions: Positions

    package var count: Int {
        switch positions {
        case .contiguous(let range): return range.count
        case .scattered(let list): return list.count
        }
    }

    /// The stream position of the `offset`-th donation in the list.
    package func position(at offset: Int) -> Int {
        switch positions {
        case .contiguous(let range): return range.lowerBound + offset
        case .scattered(let list): return list[offset]
        }
    }

    /// All stream positions, in order.
    package var allPositions: [Int] {
        switch positions {
        case .contiguous(let range): return Array(range)
        case .scattered(let list): return list
        }
    }
}

/// A token that stands for one `DonationStream` instance (see `DonationStream.identity`).
package final class StreamIdentity: Sendable {
    init() {}
}
