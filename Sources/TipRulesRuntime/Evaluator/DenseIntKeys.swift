/// Distinct values and group sizes of `Int` keys, found as `Set` and `Dictionary` find them, but
/// over a table indexed by the key's offset in their range where that range is small against
/// how many keys there are: the ids, days, hours and quantities rules count distinct values of
/// (`Set(views.map(\.landmarkID)).count`) or group by (`largestSubset(groupedBy: \.landmarkID)`).
/// A key then costs a few instructions where hashing it costs about 130.
///
/// Each function reads `count` keys, `read(offset)` for each offset, nil for a key that is nil
/// (an optional field's), and takes `bounds` holding every key when they are known (a column's
/// written bounds, see `ColumnArray.writtenBounds`), finding them in a first pass otherwise. Each
/// gives nil when the range is too wide for a table, for the caller to hash instead.
enum DenseIntKeys {
    /// The number of distinct keys that are not nil, how many keys were not nil, and whether any
    /// was nil: a bit set for each key, then the bits counted. Nil when the keys spread over more
    /// than 64 values a key (and 4096 in all), whose bitmap would take longer to count than a
    /// set to fill.
    @inline(__always)
    static func distinct(_ count: Int, within bounds: (low: Int, high: Int)?,
                         _ read: (Int) -> Int?) -> (distinct: Int, present: Int, sawNil: Bool)? {
        guard let (low, span) = range(count, bounds, read) else { return (0, 0, count > 0) }
        guard span < UInt(max(4096, 64 * count)) else { return nil }
        let words = Int(span >> 6) + 1
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words) { bits in
            bits.initialize(repeating: 0)
            let base = bits.baseAddress.unsafelyUnwrapped
            var present = 0
            for offset in 0..<count {
                guard let x = read(offset) else { continue }
                let bit = UInt(bitPattern: x &- low)
                base[Int(bitPattern: bit >> 6)] |= 1 &<< UInt64(bit & 63)
                present += 1
            }
            var distinct = 0
            for word in bits { distinct += word.nonzeroBitCount }
            return (distinct, present, present < count)
        }
    }

    /// Calls `body` with each distinct key that is not nil, at its first occurrence, in order;
    /// false, calling nothing, when the range is too wide for a bitmap (as for `distinct`).
    @inline(__always)
    static func forEachDistinct(_ count: Int, within bounds: (low: Int, high: Int)?,
                                _ read: (Int) -> Int?, _ body: (Int) -> Void) -> Bool {
        guard let (low, span) = range(count, bounds, read) else { return true }
        guard span < UInt(max(4096, 64 * count)) else { return false }
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: Int(span >> 6) + 1) { bits in
            bits.initialize(repeating: 0)
            let base = bits.baseAddress.unsafelyUnwrapped
            for offset in 0..<count {
                guard let x = read(offset) else { continue }
                let bit = UInt(bitPattern: x &- low)
                let word = base[Int(bitPattern: bit >> 6)], mask: UInt64 = 1 &<< UInt64(bit & 63)
                guard word & mask == 0 else { continue }
                base[Int(bitPattern: bit >> 6)] = word | mask
                body(x)
            }
        }
        return true
    }

    /// The size of the largest (or smallest) group of equal keys, nil keys a group of their
    /// own: a count for each key of the range, then the extreme of those not zero. Nil when the
    /// keys spread over more than two values a key (and 1024 in all), whose counts would take
    /// longer to go through than a dictionary to fill.
    @inline(__always)
    static func extremeGroupSize(_ count: Int, within bounds: (low: Int, high: Int)?, largest: Bool,
                                 _ read: (Int) -> Int?) -> Int? {
        guard count > 0 else { return 0 }
        guard let (low, span) = range(count, bounds, read) else { return count }
        guard span < UInt(max(1024, 2 * count)) else { return nil }
        return groupSizes(count, low, span, read) { sizes, _, nils in
            var extreme = nils
            for size in sizes where size > 0 {
                if extreme == 0 || (largest ? size > extreme : size < extreme) { extreme = size }
            }
            return extreme
        }
    }

    /// Calls `body` with each key present and the size of its group, in ascending order, then
    /// nil with the number of nil keys if there are any: a count for each key of the range, then
    /// those not zero. False, calling nothing, when the range is too wide (as for
    /// `extremeGroupSize`).
    @inline(__always)
    static func forEachGroup(_ count: Int, within bounds: (low: Int, high: Int)?,
                             _ read: (Int) -> Int?, _ body: (Int?, Int) -> Void) -> Bool {
        guard let (low, span) = range(count, bounds, read) else {
            if count > 0 { body(nil, count) }
            return true
        }
        guard span < UInt(max(1024, 2 * count)) else { return false }
        groupSizes(count, low, span, read) { sizes, _, nils in
            for (slot, size) in sizes.enumerated() where size > 0 { body(low &+ slot, size) }
            if nils > 0 { body(nil, nils) }
        }
        return true
    }

    /// The largest (or smallest) group of equal keys, nil keys a group of their own, on a tie
    /// the one whose first key comes first: its key, size and first offset (of `count` > 0
    /// keys). A count for each key of the range, then, in order, each key's group weighed at
    /// its first key (marked seen by negating its count). Nil, as `extremeGroupSize`, when the
    /// range is too wide.
    @inline(__always)
    static func bestGroup(_ count: Int, within bounds: (low: Int, high: Int)?, largest: Bool,
                          _ read: (Int) -> Int?) -> (key: Int?, size: Int, first: Int)? {
        guard let (low, span) = range(count, bounds, read) else { return (nil, count, 0) }
        guard span < UInt(max(1024, 2 * count)) else { return nil }
        return groupSizes(count, low, span, read) { sizes, base, nils in
            var best: (key: Int?, size: Int, first: Int)?
            for offset in 0..<count {
                let key = read(offset)
                let size: Int
                if let x = key {
                    let slot = Int(bitPattern: UInt(bitPattern: x &- low))
                    guard base[slot] > 0 else { continue }
                    size = base[slot]
                    base[slot] = -size
                } else {
                    guard nils > 0 else { continue }
                    size = nils
                    nils = -nils
                }
                if let current = best, largest ? size <= current.size : size >= current.size { continue }
                best = (key, size, offset)
            }
            return best
        }
    }

    /// Counts each key's group in a table over the range from `low` (`span` + 1 slots) and the
    /// nil keys, then calls `body` with the table, its first slot and the number of nils.
    @inline(__always)
    private static func groupSizes<Result>(_ count: Int, _ low: Int, _ span: UInt, _ read: (Int) -> Int?,
                                           _ body: (UnsafeMutableBufferPointer<Int>, UnsafeMutablePointer<Int>, inout Int) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: Int(span) + 1) { sizes in
            sizes.initialize(repeating: 0)
            let base = sizes.baseAddress.unsafelyUnwrapped
            var nils = 0
            for offset in 0..<count {
                if let x = read(offset) { base[Int(bitPattern: UInt(bitPattern: x &- low))] += 1 } else { nils += 1 }
            }
            return body(sizes, base, &nils)
        }
    }

    /// The least key and how far the greatest lies above it (unsigned: it may pass `Int.max`),
    /// from `bounds` or a pass over the keys; nil when no key is present.
    @inline(__always)
    private static func range(_ count: Int, _ bounds: (low: Int, high: Int)?, _ read: (Int) -> Int?) -> (low: Int, span: UInt)? {
        var low = Int.max, high = Int.min
        if let bounds {
            (low, high) = bounds
        } else {
            for offset in 0..<count {
                guard let x = read(offset) else { continue }
                low = min(low, x)
                high = max(high, x)
            }
        }
        guard low <= high else { return nil }
        return (low, UInt(bitPattern: high &- low))
    }
}
