import Synchronization

/// The values of one column of a donation stream (or its dates): an array that a stream and
/// the snapshots taken of it share, and that grows at its end without copying what they see.
///
/// A Swift `Array` copies its whole buffer on the first append while a snapshot holds it, so
/// donating while an evaluation is alive would cost O(n). Here every array is a prefix of a
/// shared buffer: its `count` says how much of the buffer it sees. Appending writes past that
/// prefix, into spare capacity, when no other array has already claimed the slot (an atomic
/// claim, so copies appended to on two threads never write the same slot). Nothing an array
/// sees ever changes: any other change (inserting before the end, removing, reordering) copies
/// unless the array holds the buffer's only reference. So appending is amortised O(1) however
/// many snapshots are alive.
package struct ColumnArray<Element>: RandomAccessCollection {
    /// The shared buffer: elements `0..<initialized` are initialized.
    final class Storage {
        let elements: UnsafeMutablePointer<Element>
        let capacity: Int
        /// How many elements from the start are initialized: the end of the longest array that
        /// used the buffer. Only an array at that end may append in place.
        let initialized = Atomic<Int>(0)
        /// A summary of every element ever written to the buffer, which bounds what any array
        /// sharing it sees: for `Int` and `Int?` elements the least and greatest value, for
        /// `Double` elements the same as their ordered keys (see `ColumnArray.orderedKey`), for
        /// `String` and `String?` the most UTF-8 bytes in `high` (see `ColumnArray.writtenBounds`).
        /// Only ever widened (an element dropped stays counted), so a reader sees bounds at
        /// least as wide as the elements of its array.
        let low = Atomic<Int>(.max)
        let high = Atomic<Int>(.min)

        init(capacity: Int) {
            self.capacity = capacity
            elements = .allocate(capacity: capacity)
        }

        deinit {
            elements.deinitialize(count: initialized.load(ordering: .relaxed))
            elements.deallocate()
        }

        /// Widens the summary to take in `value`.
        @inline(__always)
        func widen(_ value: Int) {
            if value < low.load(ordering: .relaxed) { low.min(value, ordering: .relaxed) }
            if value > high.load(ordering: .relaxed) { high.max(value, ordering: .relaxed) }
        }

        /// Takes in the summary of another buffer (whose elements this one copied).
        func widen(to other: Storage) {
            low.min(other.low.load(ordering: .relaxed), ordering: .relaxed)
            high.max(other.high.load(ordering: .relaxed), ordering: .relaxed)
        }
    }

    /// Nil while the array has never held anything, so an empty array allocates nothing.
    private var storage: Storage?
    /// How many elements of `storage` this array sees.
    package private(set) var count: Int

    package init() {
        storage = nil
        count = 0
    }

    package init<Source: Sequence<Element>>(_ source: Source) {
        self.init()
        append(contentsOf: source)
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(position: Int) -> Element {
        @inline(__always) get {
            precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "ColumnArray index out of range")
            return storage.unsafelyUnwrapped.elements[position]
        }
    }

    /// Calls `body` with the address of the element at `start`, of `count` consecutive ones
    /// (checked to lie within the array): a batch of consecutive rows read in place.
    @inline(__always)
    func withElements<Result>(from start: Int, count: Int, _ body: (UnsafePointer<Element>) -> Result) -> Result {
        withUnsafeBufferPointer { elements in
            precondition(start >= 0 && start + count <= elements.count, "rows past a column's end")
            return body(elements.baseAddress.unsafelyUnwrapped + start)
        }
    }

    /// Calls `body` with the elements this array sees, contiguous in memory.
    package func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<Element>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard storage != nil else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        // (The array, borrowed for the call, keeps its buffer alive; kept alive to the end of
        // the body, past its last use, without a local copy of the reference, which retained and
        // released it at every call: a filter's search of a batch, a row of a nested scan.)
        defer { _fixLifetime(self) }
        return try body(UnsafeBufferPointer(start: storage.unsafelyUnwrapped.elements, count: count))
    }

    // MARK: - Growing at the end

    /// Appends an element: in place when this array ends where its buffer's initialized
    /// elements end and there is room, otherwise into a new buffer of twice the size.
    package mutating func append(_ element: Element) {
        if !claimSlot() {
            moveToNewStorage(capacity: Swift.max(16, 2 * count))
            storage.unsafelyUnwrapped.initialized.store(count + 1, ordering: .relaxed)
        }
        (storage.unsafelyUnwrapped.elements + count).initialize(to: element)
        noteWritten(element)
        count += 1
    }

    /// Takes a written element into its buffer's summary (see `Storage.low`); nothing for
    /// element types without one. (The type tests fold away where the array is specialised.)
    @inline(__always)
    private func noteWritten(_ element: Element) {
        let storage = storage.unsafelyUnwrapped
        if Element.self == Int.self {
            storage.widen(unsafeBitCast(element, to: Int.self))
        } else if Element.self == Int?.self {
            if let value = unsafeBitCast(element, to: Int?.self) { storage.widen(value) }
        } else if Element.self == Double.self {
            storage.widen(ColumnArray<Double>.orderedKey(unsafeBitCast(element, to: Double.self)))
        } else if Element.self == String.self {
            storage.widen(unsafeBitCast(element, to: String.self).utf8.count)
        } else if Element.self == String?.self {
            if let text = unsafeBitCast(element, to: String?.self) { storage.widen(text.utf8.count) }
        }
    }

    /// Appends elements, growing the buffer once for a collection of known size.
    package mutating func append<Source: Sequence<Element>>(contentsOf source: Source) {
        reserveCapacity(count + source.underestimatedCount)
        for element in source { append(element) }
    }

    /// Makes room for `minimumCapacity` elements without a new buffer.
    package mutating func reserveCapacity(_ minimumCapacity: Int) {
        guard minimumCapacity > (storage?.capacity ?? 0) else { return }
        moveToNewStorage(capacity: Swift.max(minimumCapacity, 2 * count))
    }

    /// Claims the slot at `count` of the current buffer for this array, when it is free and
    /// in the buffer's capacity; false when the array must move to a buffer of its own.
    private mutating func claimSlot() -> Bool {
        guard storage != nil, count < storage.unsafelyUnwrapped.capacity else { return false }
        if storage.unsafelyUnwrapped.initialized.compareExchange(expected: count, desired: count + 1, ordering: .relaxed).exchanged {
            return true
        }
        // Another array appended past this one's end. If that array is gone (the buffer is
        // ours alone), its elements are dropped and the slot is free again.
        guard isKnownUniquelyReferenced(&storage) else { return false }
        dropElementsPastCount()
        storage.unsafelyUnwrapped.initialized.store(count + 1, ordering: .relaxed)
        return true
    }

    /// Copies the elements this array sees into a new buffer of its own.
    private mutating func moveToNewStorage(capacity: Int) {
        let fresh = Storage(capacity: capacity)
        if let storage {
            fresh.elements.initialize(from: storage.elements, count: count)
            fresh.widen(to: storage)
        }
        fresh.initialized.store(count, ordering: .relaxed)
        storage = fresh
    }

    /// With the buffer known to be this array's alone: forgets elements past `count`.
    private func dropElementsPastCount() {
        guard let storage else { return }
        let initialized = storage.initialized.load(ordering: .relaxed)
        if initialized > count {
            (storage.elements + count).deinitialize(count: initialized - count)
            storage.initialized.store(count, ordering: .relaxed)
        }
    }

    /// Makes the buffer this array's alone, with room for `minimumCapacity` elements, before a
    /// change to elements other arrays may see.
    private mutating func makeUnique(minimumCapacity: Int) {
        let capacity = storage?.capacity ?? 0
        if capacity >= minimumCapacity, isKnownUniquelyReferenced(&storage) {
            dropElementsPastCount()
        } else {
            moveToNewStorage(capacity: minimumCapacity > capacity ? Swift.max(16, 2 * count, minimumCapacity) : Swift.max(minimumCapacity, count))
        }
    }

    // MARK: - Other changes

    /// Inserts an element at a position; at the end this is `append`.
    package mutating func insert(_ element: Element, at position: Int) {
        precondition(position >= 0 && position <= count, "ColumnArray insertion position out of range")
        guard position < count else { return append(element) }
        makeUnique(minimumCapacity: count + 1)
        let elements = storage.unsafelyUnwrapped.elements
        (elements + position + 1).moveInitialize(from: elements + position, count: count - position)
        (elements + position).initialize(to: element)
        noteWritten(element)
        count += 1
        storage.unsafelyUnwrapped.initialized.store(count, ordering: .relaxed)
    }

    /// Puts the elements from `start` on in a new order: `order` lists, for each position from
    /// `start`, the position whose element goes there. In place when the buffer is this
    /// array's alone, so a reordering near the end costs what it moves.
    package mutating func reorderSuffix(from start: Int, _ order: [Int]) {
        precondition(start >= 0 && start + order.count == count, "ColumnArray reordering out of range")
        let moved = order.map { self[$0] }
        makeUnique(minimumCapacity: count)
        let elements = storage.unsafelyUnwrapped.elements
        for (offset, element) in moved.enumerated() { elements[start + offset] = element }
    }

    /// Removes the first `k` elements.
    package mutating func removeFirst(_ k: Int) {
        precondition(k >= 0 && k <= count, "ColumnArray cannot remove more elements than it has")
        guard k > 0 else { return }
        makeUnique(minimumCapacity: count)
        let elements = storage.unsafelyUnwrapped.elements
        elements.deinitialize(count: k)
        elements.moveInitialize(from: elements + k, count: count - k)
        count -= k
        storage.unsafelyUnwrapped.initialized.store(count, ordering: .relaxed)
    }

    /// Drops spare capacity (after a bulk load), keeping the buffer when it has none.
    package mutating func compact() {
        guard let storage, storage.capacity > count else { return }
        moveToNewStorage(capacity: count)
    }
}

// The buffer is only ever written past the end of every array that can see it, or when one
// array holds it alone (see above), so arrays of sendable elements may cross threads.
extension ColumnArray: @unchecked Sendable where Element: Sendable {}

extension ColumnArray: ExpressibleByArrayLiteral {
    package init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension ColumnArray: Equatable where Element: Equatable {
    /// Element by element, as `Array`'s `==`.
    package static func == (lhs: ColumnArray, rhs: ColumnArray) -> Bool {
        lhs.elementsEqual(rhs)
    }
}

extension ColumnArray {
    /// Writes the element at each position of `input` to `output`, in order: a batch of a
    /// column read for a tight loop over it.
    @inline(__always)
    func gather<Rows: BatchRows>(_ input: Rows, into output: UnsafeMutablePointer<Element>) {
        withUnsafeBufferPointer { column in
            for offset in 0..<input.count { output[offset] = column[input[offset]] }
        }
    }

    /// Whether the optional at a position is nil, read in place (a string is not copied out).
    @inline(__always)
    func isNil<Wrapped>(at position: Int) -> Bool where Element == Wrapped? {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "ColumnArray index out of range")
        switch (storage.unsafelyUnwrapped.elements + position).pointee {
        case .none: return true
        case .some: return false
        }
    }
}

extension ColumnArray where Element == Value {
    /// Whether the value at a position is `.null`, read through the buffer so the value (and
    /// what it references) is not copied out.
    @inline(__always)
    func isNull(at position: Int) -> Bool {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "ColumnArray index out of range")
        return Value.isNull(storage.unsafelyUnwrapped.elements + position)
    }
}

extension Value {
    /// Whether the value a pointer addresses is `.null`, read in place.
    @inline(__always)
    static func isNull(_ value: UnsafePointer<Value>) -> Bool {
        if case .null = value.pointee { return true }
        return false
    }
}

/// A test of `.null` that compares a value's bytes, in place, with those of `.null`, without a
/// branch: counting the nils of an optional column whose nils fall unpredictably then costs a
/// few loads per row rather than a mispredicted branch.
///
/// Distinct values of an enum never share a representation. `Value` is laid out as 24 bytes of
/// payload and a tag byte: each case with a payload has a tag of its own, and the cases without
/// one (`.null` alone) share a tag and are told apart by an index in the payload's first word,
/// the rest zero. So a value is `.null` exactly when its tag byte and first word are `.null`'s.
/// Made only for the layout it reads (checked on `.null` itself); nil for any other.
package struct NullPattern {
    private let first: UInt64
    private let tag: UInt8

    /// The pattern for this build's layout of `Value`, or nil when it is not the one read here.
    package static func make() -> NullPattern? {
        guard MemoryLayout<Value>.size == 25 else { return nil }
        return withUnsafeBytes(of: Value.null) { bytes in
            // The rest of `.null`'s payload is zero where this layout is the one described.
            guard bytes.load(fromByteOffset: 8, as: UInt64.self) == 0, bytes.load(fromByteOffset: 16, as: UInt64.self) == 0 else { return nil }
            return NullPattern(first: bytes.load(as: UInt64.self), tag: bytes.load(fromByteOffset: 24, as: UInt8.self))
        }
    }

    /// 1 when the value is `.null`, 0 otherwise, computed without a branch (a compiler turns a
    /// `Bool` added as `b ? 1 : 0` back into one).
    @inline(__always)
    package func nullBit(_ value: UnsafePointer<Value>) -> Int {
        let raw = UnsafeRawPointer(value)
        let difference = (raw.load(as: UInt64.self) ^ first) | UInt64(raw.load(fromByteOffset: 24, as: UInt8.self) ^ tag)
        // The top bit of `d | -d` is set exactly when `d` is not zero.
        return Int(truncatingIfNeeded: ((difference | (0 &- difference)) >> 63) ^ 1)
    }
}

/// A test of a `String?`'s nil that reads, in place and without a branch (see `NullPattern`),
/// the one word that tells it: Swift keeps an optional string's nil in a value of the string's
/// object word that no string has. The other word of a nil is not always nil's: code that is
/// not specialised writes nil through the type's metadata, which sets only the marker word and
/// leaves the other as it found it (a debug build's column inserts did), so comparing both words
/// would take such a nil for a string. Made only once the layout is confirmed (two words, a
/// generic write of nil sets the marker, no sample string has it); nil otherwise.
package struct OptionalStringPattern {
    private let marker: UInt64

    /// The pattern for this build's layout of `String?` (worked out once: `make` writes and
    /// reads sample strings), or nil when it is not the one read here.
    package static let current = make()

    /// Works out the pattern (see `current`).
    package static func make() -> OptionalStringPattern? {
        guard MemoryLayout<String?>.size == 16 else { return nil }
        let marker = withUnsafeBytes(of: String?.none) { $0.load(fromByteOffset: 8, as: UInt64.self) }
        // Written generically over other bytes: the marker word must be what makes it nil.
        let written = UnsafeMutablePointer<String?>.allocate(capacity: 1)
        defer { written.deallocate() }
        UnsafeMutableRawPointer(written).initializeMemory(as: UInt8.self, repeating: 0xA5, count: 16)
        storeNil(written)
        guard UnsafeRawPointer(written).load(fromByteOffset: 8, as: UInt64.self) == marker else { return nil }
        let samples = ["", "a", "é", "e\u{301}", "short", String(repeating: "x", count: 15), "a string too long to be stored inline, on the heap",
                       String("substring of a longer string".dropFirst(3))]
        for sample in samples where withUnsafeBytes(of: Optional(sample), { $0.load(fromByteOffset: 8, as: UInt64.self) }) == marker {
            return nil
        }
        return OptionalStringPattern(marker: marker)
    }

    /// Stores nil through `T?`'s metadata (never specialised, so as unspecialised code does).
    @inline(never) @_optimize(none)
    private static func storeNil<T>(_ pointer: UnsafeMutablePointer<T?>) {
        pointer.initialize(to: nil)
    }

    /// 1 when the optional string is nil, 0 otherwise, computed without a branch.
    @inline(__always)
    package func nilBit(_ value: UnsafePointer<String?>) -> Int {
        let difference = UnsafeRawPointer(value).load(fromByteOffset: 8, as: UInt64.self) ^ marker
        return Int(truncatingIfNeeded: ((difference | (0 &- difference)) >> 63) ^ 1)
    }
}

extension ColumnArray where Element == Int {
    /// Bounds of the array's values, from every value written to its buffer (so perhaps
    /// wider than its own, never narrower): read without going through the values. Nil for an
    /// empty buffer.
    package var writtenBounds: (low: Int, high: Int)? {
        guard let storage else { return nil }
        let low = storage.low.load(ordering: .relaxed), high = storage.high.load(ordering: .relaxed)
        return low <= high ? (low, high) : nil
    }
}

extension ColumnArray where Element == Double {
    /// An `Int` that orders as the `Double` does (its bits, the magnitude's flipped for a
    /// negative value): -0.0 just before 0.0, and a NaN beyond the infinities of its sign.
    @inline(__always)
    package static func orderedKey(_ value: Double) -> Int {
        let bits = Int(bitPattern: UInt(value.bitPattern))
        return bits >= 0 ? bits : bits ^ Int.max
    }

    /// The `Double` of an ordered key (the same flip undoes it).
    @inline(__always)
    package static func value(ofOrderedKey key: Int) -> Double {
        Double(bitPattern: UInt64(UInt(bitPattern: key >= 0 ? key : key ^ Int.max)))
    }

    /// Bounds of the array's values, from every value written to its buffer (so perhaps wider
    /// than its own, never narrower), read without going through the values; nil for an
    /// empty buffer. A NaN written makes a bound a NaN (a key beyond an infinity's).
    package var writtenBounds: (low: Double, high: Double)? {
        guard let storage else { return nil }
        let low = storage.low.load(ordering: .relaxed), high = storage.high.load(ordering: .relaxed)
        return low <= high ? (Self.value(ofOrderedKey: low), Self.value(ofOrderedKey: high)) : nil
    }
}

extension ColumnArray where Element == Int? {
    /// The same for the values that are not nil (nil for a buffer without one).
    package var writtenBounds: (low: Int, high: Int)? {
        guard let storage else { return nil }
        let low = storage.low.load(ordering: .relaxed), high = storage.high.load(ordering: .relaxed)
        return low <= high ? (low, high) : nil
    }
}

extension ColumnArray where Element == String {
    /// The most UTF-8 bytes of any value written to the buffer (so of any of the array's):
    /// nil for an empty buffer.
    package var writtenMostBytes: Int? {
        guard let storage else { return nil }
        let high = storage.high.load(ordering: .relaxed)
        return high >= 0 ? high : nil
    }
}

extension ColumnArray where Element == String? {
    /// The same for the values that are not nil (nil for a buffer without one).
    package var writtenMostBytes: Int? {
        guard let storage else { return nil }
        let high = storage.high.load(ordering: .relaxed)
        return high >= 0 ? high : nil
    }
}
