/// Group sizes of equal strings, as a `Dictionary` keyed by `String` finds them (Swift's `==`:
/// canonical equivalence), for `largestSubset(groupedBy: \.name)` and `Set(xs.map(\.name)).count`.
///
/// Hashing a string costs about 250 instructions (SipHash over its bytes, normalised). Most
/// strings a rule groups by are short ASCII names and codes, which Swift keeps inside the
/// `String` value, so that two of them are equal exactly when their two words are (see
/// `SmallASCII`). Those are counted in a small open-addressing table keyed on their words, a
/// few instructions each; every other string (long, non-ASCII, or one that finds the table
/// full) is counted in a `Dictionary`. The two are merged at the end by `==`, one entry of the
/// table at a time, so a short ASCII string and a string equal to it in another form (the
/// Kelvin sign and "K") are one group, as in the `Dictionary` alone.
///
/// A key probes at most `maxProbes` slots before it goes to the `Dictionary`, so no set of
/// strings makes the table slow; the `Dictionary`'s hashing is seeded per process.
package enum StringGroups {
    /// The most slots the table has (a power of two), and the most a key probes.
    static let maxSlots = 512
    static let maxProbes = 16

    /// The sizes of the groups of equal strings among `count` strings, `read(offset)` for each
    /// offset, in no particular order.
    @inline(__always)
    package static func sizes(_ count: Int, _ read: (Int) -> String) -> [Int] {
        sizes(count, optional: { Optional(read($0)) }).sizes
    }

    /// The same of optional strings, `read(offset)` nil for a nil: the groups of the strings,
    /// and how many were nil.
    @inline(__always)
    package static func sizes(_ count: Int, optional read: (Int) -> String?) -> (sizes: [Int], nils: Int) {
        var nils = 0
        guard SmallASCII.stringIsTwoWords, SmallASCII.representationIsKnown, count > 0 else {
            var counts: [String: Int] = [:]
            for offset in 0..<count {
                guard let text = read(offset) else {
                    nils += 1
                    continue
                }
                counts[text, default: 0] += 1
            }
            return (Array(counts.values), nils)
        }
        // Twice as many slots as strings, up to `maxSlots`, so that a list of a few strings
        // clears a few slots.
        var slots = 16
        while slots < maxSlots && slots < 2 * count { slots &<<= 1 }
        let mask = slots - 1
        return withUnsafeTemporaryAllocation(of: (UInt64, UInt64, Int).self, capacity: slots) { table in
            // A slot is free while its count is 0.
            table.initialize(repeating: (0, 0, 0))
            let base = table.baseAddress.unsafelyUnwrapped
            var others: [String: Int] = [:]
            for offset in 0..<count {
                guard let text = read(offset) else {
                    nils += 1
                    continue
                }
                let bits = SmallASCII.bits(of: text)
                if SmallASCII.isSmallASCII(bits) {
                    var slot = Int(truncatingIfNeeded: mix(bits) >> 32) & mask
                    var counted = false
                    for _ in 0..<min(maxProbes, slots) {
                        let entry = base + slot
                        if entry.pointee.2 == 0 {
                            entry.pointee = (bits.0, bits.1, 1)
                            counted = true
                            break
                        }
                        if entry.pointee.0 == bits.0 && entry.pointee.1 == bits.1 {
                            entry.pointee.2 &+= 1
                            counted = true
                            break
                        }
                        slot = (slot &+ 1) & mask
                    }
                    if counted { continue }
                }
                others[text, default: 0] += 1
            }
            if others.isEmpty {
                return (table.compactMap { $0.2 == 0 ? nil : $0.2 }, nils)
            }
            // A short ASCII string's words are a whole `String` (no reference in them), made
            // again here to be merged by `==`.
            for entry in table where entry.2 > 0 {
                others[unsafeBitCast((entry.0, entry.1), to: String.self), default: 0] += entry.2
            }
            return (Array(others.values), nils)
        }
    }

    /// A hash of a short string's two words: their bits mixed (a multiply and shifts), so that
    /// strings that differ in any byte spread over the table.
    @inline(__always)
    private static func mix(_ bits: (UInt64, UInt64)) -> UInt64 {
        var x = bits.0 &* 0x9E37_79B9_7F4A_7C15 ^ bits.1
        x ^= x >> 29
        x &*= 0xBF58_476D_1CE4_E5B9
        x ^= x >> 32
        return x
    }
}
