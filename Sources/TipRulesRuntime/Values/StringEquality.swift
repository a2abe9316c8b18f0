/// Equality with one constant string, decided on the bits of the strings' representation where
/// those bits settle it, and by Swift's `==` otherwise.
///
/// Swift keeps a string of at most 15 UTF-8 bytes inside the `String` value itself (a small
/// string: its bytes, its length and flags, no storage). Two small ASCII strings are equal
/// exactly when their bits are: ASCII text is canonically equivalent only to itself, which is
/// what `==` tests. So with a small ASCII constant, a row whose string has the same bits is
/// equal, a small ASCII row with other bits is not, and only other rows (long strings,
/// non-ASCII text, which may be equivalent to ASCII: the Kelvin sign to "K") call `==`. Over
/// a column of short names or codes that is a few instructions a row rather than a call into
/// the standard library's comparison of about forty.
///
/// The representation is the standard library's, not public API, so it is checked once
/// against strings whose form is known; where it differs, every row calls `==`.
package struct StringEquality {
    private let constant: String
    private let bits: (UInt64, UInt64)
    /// Whether a small ASCII row with other bits is known to differ.
    package let decidesOnBits: Bool

    package init(_ constant: String) {
        self.constant = constant
        bits = StringEquality.bits(of: constant)
        decidesOnBits = StringEquality.representationIsKnown && StringEquality.isSmallASCII(bits)
    }

    /// `text == constant`.
    @inline(__always)
    package func holds(_ text: String) -> Bool {
        let textBits = StringEquality.bits(of: text)
        if textBits == bits { return true }
        if decidesOnBits && StringEquality.isSmallASCII(textBits) { return false }
        return text == constant
    }

    /// Whether `text` equals any of the constants.
    @inline(__always)
    static func any(of constants: [StringEquality], _ text: String) -> Bool {
        for constant in constants where constant.holds(text) { return true }
        return false
    }

    @inline(__always)
    private static func bits(of text: String) -> (UInt64, UInt64) {
        unsafeBitCast(text, to: (UInt64, UInt64).self)
    }

    /// Whether the bits are those of a small ASCII string: the top four bits of the second
    /// word flag it (immortal, ASCII, small, not foreign).
    @inline(__always)
    private static func isSmallASCII(_ bits: (UInt64, UInt64)) -> Bool {
        bits.1 >> 60 == 0xE
    }

    /// Whether strings are laid out as `isSmallASCII` reads them: short ASCII strings flagged
    /// so and canonical (the same text, however made, the same bits), and other strings not.
    private static let representationIsKnown: Bool = {
        guard MemoryLayout<String>.size == 16, UInt.bitWidth == 64, 1.littleEndian == 1 else { return false }
        let made = String(["st", "ove"].joined())
        let short = ["abc", "stove", "", "fifteen bytes.."].allSatisfy { isSmallASCII(bits(of: $0)) }
        let others = ["é", "e\u{301}", "\u{212A}", String(repeating: "a", count: 40),
                      "a literal of more than fifteen bytes"].allSatisfy { !isSmallASCII(bits(of: $0)) }
        return short && others && bits(of: made) == bits(of: "stove")
    }()
}
