/// What the bits of a `String` tell about a short ASCII string, for tests that answer such
/// strings without calling into the standard library (`StringEquality`, `StringSearch.count`).
///
/// Swift keeps a string of at most 15 UTF-8 bytes inside the `String` value itself (a small
/// string): its bytes in the first word and the low seven bytes of the second, its length in
/// the low four bits of the top byte, and flags in the top four (immortal, ASCII, small, not
/// foreign). Unused bytes are zero, so the same text has the same bits however it was made.
///
/// That layout is the standard library's, not public API, so it is checked once against
/// strings whose form is known (`representationIsKnown`); where it differs, no string is
/// taken for a small ASCII one and every test calls the standard library.
enum SmallASCII {
    /// Whether a `String` is two words (not on 32-bit platforms), which `bits(of:)` needs.
    @inline(__always)
    static var stringIsTwoWords: Bool { MemoryLayout<String>.size == 16 }

    /// The two words of a string, where `stringIsTwoWords`.
    @inline(__always)
    static func bits(of text: String) -> (UInt64, UInt64) {
        unsafeBitCast(text, to: (UInt64, UInt64).self)
    }

    /// Whether the bits are those of a small ASCII string, on a platform where that is known.
    /// (Callers that keep the answer for a constant read `representationIsKnown` once.)
    @inline(__always)
    static func isSmallASCII(_ bits: (UInt64, UInt64)) -> Bool {
        bits.1 >> 60 == 0xE
    }

    /// The number of characters of a small ASCII string without a carriage return (each byte
    /// a character: only `"\r\n"` joins two ASCII bytes into one), or nil for other strings.
    @inline(__always)
    static func characterCount(_ text: String) -> Int? {
        guard stringIsTwoWords else { return nil }
        let bits = bits(of: text)
        guard representationIsKnown, isSmallASCII(bits) else { return nil }
        // A byte equal to 13 in either word (the top byte of the second, the length and
        // flags, left as it is, is never 0). Unused bytes are 0, never 13.
        let carriageReturns: UInt64 = 0x0D0D_0D0D_0D0D_0D0D
        guard !hasZeroByte(bits.0 ^ carriageReturns), !hasZeroByte(bits.1 ^ (carriageReturns >> 8)) else { return nil }
        return Int(truncatingIfNeeded: (bits.1 >> 56) & 0xF)
    }

    /// The first eight bytes of a small ASCII string (with `suffix`, its last eight) as one
    /// word, the first byte in the lowest lane, and its length in bytes; nil for other strings.
    /// A string shorter than eight bytes has its bytes at the word's same end, the other lanes
    /// zero, as `StringSearch.word` reads such a buffer. (Callers read `representationIsKnown`
    /// once, before.)
    @inline(__always)
    static func edgeWord(_ text: String, suffix: Bool) -> (word: UInt64, count: Int)? {
        let bits = bits(of: text)
        guard isSmallASCII(bits) else { return nil }
        let count = Int(truncatingIfNeeded: (bits.1 >> 56) & 0xF)
        guard suffix else { return (bits.0, count) }
        if count <= 8 { return (bits.0 &<< UInt64(truncatingIfNeeded: (8 &- count) &* 8), count) }
        // Bytes `count - 8` to `count - 1`: the first word's high ones, then the second's low
        // ones (its top byte, the length and flags, shifted out, since `count` is below 16).
        let low = bits.0 &>> UInt64(truncatingIfNeeded: (count &- 8) &* 8)
        return (low | bits.1 &<< UInt64(truncatingIfNeeded: (16 &- count) &* 8), count)
    }

    /// Whether any of the eight bytes of `word` is zero.
    @inline(__always)
    static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
    }

    /// Whether strings are laid out as this type reads them: short ASCII strings flagged so,
    /// canonical (the same text, however made, the same bits) and with their length where it
    /// is read, and other strings not flagged so.
    static let representationIsKnown: Bool = {
        guard stringIsTwoWords, UInt.bitWidth == 64, 1.littleEndian == 1 else { return false }
        let short = ["abc", "stove", "", "fifteen bytes.."]
        let flagged = short.allSatisfy { isSmallASCII(bits(of: $0)) && Int((bits(of: $0).1 >> 56) & 0xF) == $0.utf8.count }
        let others = ["é", "e\u{301}", "\u{212A}", String(repeating: "a", count: 40),
                      "a literal of more than fifteen bytes"].allSatisfy { !isSmallASCII(bits(of: $0)) }
        let made = String(["st", "ove"].joined())
        return flagged && others && bits(of: made) == bits(of: "stove")
    }()
}
