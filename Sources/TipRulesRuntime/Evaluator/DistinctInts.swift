/// The distinct `Int`s among values read by offset, found as `Set` finds them, over a bitmap of
/// their range where that range is small against how many values there are: the ids, days,
/// hours and quantities rules count distinct values of (`Set(views.map(\.landmarkID)).count`).
/// Setting a bit a value, and counting the bits once, takes about 6 instructions a value where
/// a set hashes each (about 130).
enum DistinctInts {
    /// Counts the distinct values among `count` values, `read(offset)` for each offset, leaving
    /// out nils: the number of distinct values that are not nil, how many values were not nil,
    /// and whether any was nil. `bounds`, when known, holds every value (a column's written
    /// bounds, see `ColumnArray.writtenBounds`); otherwise a first pass finds them. Nil when
    /// the values spread over more than 64 values a value (and 4096 in all), which a bitmap
    /// would take more memory and time to count than a set.
    @inline(__always)
    static func count(_ count: Int, within bounds: (low: Int, high: Int)?,
                      _ read: (Int) -> Int?) -> (distinct: Int, present: Int, sawNil: Bool)? {
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
        guard low <= high else {
            // None present: every value was nil, or there were none.
            return (0, 0, count > 0)
        }
        // (The span as an unsigned number: `high - low` may pass `Int.max`.)
        let span = UInt(bitPattern: high &- low)
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
}
