/// Equality with one constant string, decided on the bits of the strings' representation where
/// those bits settle it, and by Swift's `==` otherwise.
///
/// Two small ASCII strings (see `SmallASCII`) are equal exactly when their bits are: ASCII
/// text is canonically equivalent only to itself, which is what `==` tests. So with a small
/// ASCII constant, a row whose string has the same bits is equal, a small ASCII row with other
/// bits is not, and only other rows (long strings, non-ASCII text, which may be equivalent to
/// ASCII: the Kelvin sign to "K") call `==`. Over a column of short names or codes that is a
/// few instructions a row rather than a call into the standard library's comparison of about
/// forty.
///
/// Where the layout `SmallASCII` reads is not the platform's, every row calls `==`.
package struct StringEquality {
    private let constant: String
    /// The constant's bits where a `String` is two words (`SmallASCII.stringIsTwoWords`). The
    /// same bits are the same string, whatever its form.
    private let bits: (UInt64, UInt64)
    /// Whether a small ASCII row with other bits is known to differ.
    package let decidesOnBits: Bool

    package init(_ constant: String) {
        self.constant = constant
        bits = SmallASCII.stringIsTwoWords ? SmallASCII.bits(of: constant) : (0, 0)
        decidesOnBits = SmallASCII.stringIsTwoWords && SmallASCII.representationIsKnown && SmallASCII.isSmallASCII(bits)
    }

    /// `text == constant`.
    @inline(__always)
    package func holds(_ text: String) -> Bool {
        if SmallASCII.stringIsTwoWords {
            let textBits = SmallASCII.bits(of: text)
            if textBits == bits { return true }
            if decidesOnBits && SmallASCII.isSmallASCII(textBits) { return false }
        }
        return text == constant
    }

    /// Whether the optional string at `value` equals the constant (nil equals no string, as in
    /// Swift), matched in place: copying an optional string out is an outlined call per row.
    @inline(__always)
    func holds(_ value: UnsafePointer<String?>) -> Bool {
        switch value.pointee {
        case .some(let text): return holds(text)
        case .none: return false
        }
    }

    /// Whether `text` equals any of the constants.
    @inline(__always)
    static func any(of constants: [StringEquality], _ text: String) -> Bool {
        for constant in constants where constant.holds(text) { return true }
        return false
    }
}
