/// The date windows a binding of a plan's residual worked out (see `Evaluator.dateWindow`), all
/// for one contiguous list, by the values of the conditions each was for: a window depends on
/// nothing else the binding is not bound to.
///
/// A small table addressed by a hash of those values, one window per slot, a later one taking
/// a slot in place of another. Finding one costs the same however many are kept: a scan nested
/// in a closure over another list asks once per element of it (each with its own values), and a
/// scan at a clock that moves asks with new values at every evaluation, so a list searched from
/// the most recent would be gone through whole at almost every miss.
struct DateWindowCache {
    typealias Window = (rows: Range<Int>, before: Int, after: Int)

    /// The list the windows are for; nil while none is kept.
    private var list: Range<Int>?
    /// How many values a key has (`DateWindowPlan.invariants.count`).
    private var width = 0
    /// The keys' bit patterns, `width` per slot, and the windows; `rows.lowerBound < 0` marks a
    /// free slot.
    private var keys: [UInt64] = []
    private var windows: [Window] = []

    /// Slots in the table (a power of two).
    static let capacity = 64
    private static let free: Window = (rows: -1 ..< -1, before: 0, after: 0)

    /// The window kept for this list and these values, if any.
    func window(for list: Range<Int>, _ values: UnsafeBufferPointer<Double>) -> Window? {
        guard self.list == list, values.count == width else { return nil }
        let slot = DateWindowCache.slot(values)
        let window = windows[slot]
        guard window.rows.lowerBound >= 0 else { return nil }
        return keys.withUnsafeBufferPointer { keys in
            for offset in 0..<width where keys[slot * width + offset] != values[offset].bitPattern { return nil }
            return window
        }
    }

    /// Keeps a window for this list and these values, in place of those of another list and of
    /// any in the same slot.
    mutating func keep(_ window: Window, for list: Range<Int>, _ values: UnsafeBufferPointer<Double>) {
        if self.list != list || width != values.count {
            self.list = list
            width = values.count
            keys = Array(repeating: 0, count: DateWindowCache.capacity * width)
            windows = Array(repeating: DateWindowCache.free, count: DateWindowCache.capacity)
        }
        let slot = DateWindowCache.slot(values)
        keys.withUnsafeMutableBufferPointer { keys in
            for offset in 0..<width { keys[slot * width + offset] = values[offset].bitPattern }
        }
        windows[slot] = window
    }

    /// A slot for the values: a multiplicative hash of their bit patterns.
    private static func slot(_ values: UnsafeBufferPointer<Double>) -> Int {
        var hash: UInt64 = 0
        for value in values { hash = (hash ^ value.bitPattern) &* 0x9E37_79B9_7F4A_7C15 }
        return Int(truncatingIfNeeded: hash >> UInt64(UInt64.bitWidth - capacity.trailingZeroBitCount))
    }
}
