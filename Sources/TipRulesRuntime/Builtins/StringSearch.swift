import TipRulesSemantics
import TipRulesSyntax

/// Character-wise string tests, as the standard library's `contains(_:)`, `hasPrefix(_:)` and
/// `hasSuffix(_:)` on `String` (Foundation's `NSString` versions differ on combining marks).
///
/// Fast paths compare UTF-8 bytes where that is provably the same: when every byte involved,
/// plus the byte next to the compared span, is ASCII other than a carriage return. Then each
/// byte is one character, the span ends on a character boundary, and no canonically
/// equivalent spelling exists (an ASCII character is equivalent only to itself, and only
/// non-ASCII text can decompose to ASCII, as U+037E does to ';'). Anything else compares whole
/// characters.
package enum StringSearch {
    /// Whether the bytes are ASCII other than CR. (One loop without early exits: the spans
    /// checked are short, and a branch per byte costs more than the bytes.)
    private static func simple(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
        var high: UInt8 = 0, carriageReturns = 0
        for byte in bytes {
            high |= byte
            carriageReturns &+= byte == 0x0D ? 1 : 0
        }
        return high < 0x80 && carriageReturns == 0
    }

    /// Whether `text` holds the bytes of `part` from `offset` on (which it has room for).
    @inline(__always)
    private static func bytesEqual(_ text: UnsafeBufferPointer<UInt8>, from offset: Int, _ part: UnsafeBufferPointer<UInt8>) -> Bool {
        var differ: UInt8 = 0
        for index in 0..<part.count { differ |= text[offset + index] ^ part[index] }
        return differ == 0
    }

    /// `count` (0 to 8) bytes of `bytes` from `offset` in a word's low bytes, the rest zero:
    /// one unaligned load where the buffer has eight bytes.
    @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, _ count: Int) -> UInt64 {
        if bytes.count >= 8 {
            // The eight bytes at or before `offset` that stay within the buffer.
            let base = min(offset, bytes.count &- 8)
            let loaded = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
                .loadUnaligned(fromByteOffset: base, as: UInt64.self))
            let shifted = loaded &>> UInt64(truncatingIfNeeded: (offset &- base) &* 8)
            return count >= 8 ? shifted : shifted & ((1 &<< UInt64(truncatingIfNeeded: count &* 8)) &- 1)
        }
        var value: UInt64 = 0
        for index in 0..<count { value |= UInt64(bytes[offset &+ index]) &<< UInt64(truncatingIfNeeded: index &* 8) }
        return value
    }

    /// Whether a word's bytes (zero in lanes that hold none) are ASCII other than CR: no high
    /// bit, and no zero byte in `word ^ CRs` (a zero lane is not a CR).
    @inline(__always)
    static func isSimple(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, high = ones &* 0x80, x = word ^ (ones &* 0x0D)
        return (word & high) | ((x &- ones) & ~x & high) == 0
    }

    /// Runs `body` on the UTF-8 bytes of two strings (copying only strings not stored as UTF-8).
    private static func withBytes<R>(_ a: String, _ b: String, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> R) -> R {
        // Read in place where the strings allow it (native and small strings do), which costs
        // less than `withUTF8`, a mutating method, on copies.
        if let result = a.utf8.withContiguousStorageIfAvailable({ x in b.utf8.withContiguousStorageIfAvailable { y in body(x, y) } }),
           let result {
            return result
        }
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in body(x, y) } }
    }

    /// `hasPrefix` (or, with `suffix`, `hasSuffix`) of many texts with one needle, a constant a
    /// scan binds: the needle's bytes, and whether they allow the fast path, worked out once
    /// rather than for every text.
    package struct AffixTest {
        private let needle: String
        private let bytes: [UInt8]
        private let simpleNeedle: Bool
        private let suffix: Bool
        /// For a needle of at most seven bytes (nearly every one), the text's last eight bytes
        /// (with `suffix`; its first eight otherwise) are read as one word, in which these
        /// select the lanes of the window checked for ASCII, and of the needle, which they
        /// must equal `needleWord` in.
        private let windowMask: UInt64, needleMask: UInt64, needleWord: UInt64
        /// Whether a short ASCII text's bytes are read from its bits (see `SmallASCII`), for
        /// a simple needle of fewer than eight bytes.
        private let readsBits: Bool

        package init(_ needle: String, suffix: Bool) {
            self.needle = needle
            self.suffix = suffix
            bytes = Array(needle.utf8)
            simpleNeedle = bytes.withUnsafeBufferPointer { StringSearch.simple($0[...]) }
            (windowMask, needleMask, needleWord) = StringSearch.shortAffixLanes(bytes, suffix: suffix) ?? (0, 0, 0)
            readsBits = simpleNeedle && bytes.count < 8 && SmallASCII.stringIsTwoWords && SmallASCII.representationIsKnown
        }

        package func holds(_ text: String) -> Bool {
            // A short ASCII text (most) and a needle of fewer than eight bytes: the text's
            // bits are its bytes, read without asking the standard library for them.
            if readsBits, let (word, count) = SmallASCII.edgeWord(text, suffix: suffix), let answer = shortAffix(word, count: count) {
                return answer
            }
            if simpleNeedle {
                let fast: Bool?? = text.utf8.withContiguousStorageIfAvailable { t in
                    if bytes.count < 8 { return shortAffix(t) }
                    return bytes.withUnsafeBufferPointer { p in StringSearch.affix(t, p, suffix: suffix) }
                }
                if let answer = fast ?? nil { return answer }
            }
            return suffix ? StringSearch.hasSuffix(text, needle) : StringSearch.hasPrefix(text, needle)
        }

        /// `affix` for a needle shorter than eight bytes: the window and the needle in one word.
        @inline(__always)
        private func shortAffix(_ t: UnsafeBufferPointer<UInt8>) -> Bool? {
            let text: UInt64
            if t.count >= 8 {
                text = StringSearch.word(t, suffix ? t.count &- 8 : 0, 8)
            } else {
                // A short text's bytes at the same end of the word; the lanes it lacks are
                // zero, which the ASCII check passes (and it is too short when the needle
                // needs them).
                let word = StringSearch.word(t, 0, t.count)
                text = suffix ? word &<< UInt64(truncatingIfNeeded: (8 &- t.count) &* 8) : word
            }
            return shortAffix(text, count: t.count)
        }

        /// `affix` of a text of `count` bytes whose first eight (with `suffix`, last eight) are
        /// `text`, for a needle shorter than eight bytes; nil where the window is not simple.
        @inline(__always)
        private func shortAffix(_ text: UInt64, count: Int) -> Bool? {
            guard StringSearch.isSimple(text & windowMask) else { return nil }
            return count >= bytes.count && text & needleMask == needleWord
        }
    }

    /// For a needle of fewer than eight bytes, the lanes of a text's first eight bytes (with
    /// `suffix`, its last eight) that an affix test reads as one word: those that must be
    /// simple (the needle's and the byte next to them), those that must equal the needle, and
    /// the needle in them. Nil for a longer needle.
    static func shortAffixLanes(_ bytes: [UInt8], suffix: Bool) -> (window: UInt64, needle: UInt64, word: UInt64)? {
        let count = bytes.count
        guard count < 8 else { return nil }
        func lanes(_ n: Int) -> UInt64 { n >= 8 ? ~0 : (1 << UInt64(n * 8)) - 1 }
        // A suffix's lanes are the high ones: the word's last byte is the text's.
        let shift = suffix ? UInt64((8 - count) * 8) : 0
        let word = bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << UInt64($1.offset * 8) }
        return (suffix ? ~lanes(8 - (count + 1)) : lanes(count + 1), lanes(count) << shift, word << shift)
    }

    /// Whether the text's bytes begin (with `suffix`, end) with the needle's, for a needle of
    /// ASCII other than CR; nil when the text's bytes there, and the one next to them, are not
    /// (then only whole characters tell).
    @inline(__always)
    private static func affix(_ t: UnsafeBufferPointer<UInt8>, _ p: UnsafeBufferPointer<UInt8>, suffix: Bool) -> Bool? {
        let window = min(t.count, p.count + 1), start = suffix ? t.count - window : 0
        guard simple(t[start..<(start + window)]) else { return nil }
        return t.count >= p.count && bytesEqual(t, from: suffix ? t.count - p.count : 0, p)
    }

    static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        let fast: Bool? = withBytes(text, prefix) { t, p in simple(p[...]) ? affix(t, p, suffix: false) : nil }
        return fast ?? text.starts(with: prefix)
    }

    static func hasSuffix(_ text: String, _ suffix: String) -> Bool {
        let fast: Bool? = withBytes(text, suffix) { t, s in simple(s[...]) ? affix(t, s, suffix: true) : nil }
        return fast ?? text.reversed().starts(with: suffix.reversed())
    }

    /// `text.count`, the number of characters: for ASCII text its bytes, but a CR LF pair is
    /// one character (the only ASCII grapheme cluster of two); otherwise the standard library's
    /// count.
    package static func count(_ text: String) -> Int {
        func asciiCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
            // Most text has no carriage return: one byte a character, found eight at a time.
            if isASCIIWithoutCarriageReturn(bytes) { return bytes.count }
            var pairs = 0
            var previous: UInt8 = 0
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte == 0x0A && previous == 0x0D { pairs += 1 }
                previous = byte
            }
            return bytes.count - pairs
        }
        // A short ASCII string from its bits; others in place where the string allows it (see
        // `withBytes`).
        if let small = SmallASCII.characterCount(text) { return small }
        if let fast = text.utf8.withContiguousStorageIfAvailable(asciiCount) { return fast ?? text.count }
        var copy = text
        return copy.withUTF8(asciiCount) ?? text.count
    }

    /// Whether every byte is ASCII and none a carriage return, as `simple` tells of a short
    /// span: eight bytes at a time, then the last few one by one, stopping at the first that
    /// is not (for whole texts to count; `simple`'s single loop is the faster for needles and
    /// windows of a few bytes, and a count through it took 5% more on W105).
    private static func isASCIIWithoutCarriageReturn(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base), count = bytes.count
        let carriageReturns: UInt64 = 0x0D0D_0D0D_0D0D_0D0D
        var offset = 0
        while offset &+ 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if word & 0x8080_8080_8080_8080 != 0 || SmallASCII.hasZeroByte(word ^ carriageReturns) { return false }
            offset &+= 8
        }
        while offset < count {
            let byte = base[offset]
            if byte >= 0x80 || byte == 0x0D { return false }
            offset &+= 1
        }
        return true
    }

    /// The steps `contains` charges for a search: its worst-case byte comparisons, in 64s.
    @inline(__always)
    static func containsSteps(_ text: String, _ needle: String) -> Int {
        text.utf8.count * max(1, needle.utf8.count) / 64
    }

    /// `text.contains(needle)` as Swift gives it in an app: Foundation's `contains(_:)`, which
    /// Swift picks over the standard library's wherever Foundation is imported (every TipKit
    /// app), compares characters as the standard library's does but finds an empty needle in
    /// no string (`"abc".contains("")` is `false`; the standard library alone says `true`).
    static func contains(_ text: String, _ needle: String) -> Bool {
        if needle.isEmpty { return false }
        let fast: Bool? = withBytes(text, needle) { t, n in
            guard simple(n[...]), simple(t[...]) else { return nil }
            return contains(t, n)
        }
        return fast ?? contains(Array(text), Array(needle))
    }

    /// Whether `needle` occurs in `text`, compared element by element in place.
    static func contains<C: RandomAccessCollection>(_ text: C, _ needle: C) -> Bool where C.Element: Equatable, C.Index == Int {
        if needle.isEmpty { return true }
        guard needle.count <= text.count else { return false }
        let first = needle[needle.startIndex]
        for start in text.startIndex...(text.endIndex - needle.count) where text[start] == first {
            if text[start..<(start + needle.count)].elementsEqual(needle[...]) { return true }
        }
        return false
    }
}

extension Evaluator {
    mutating func string(_ call: CompiledCall) throws(Interrupt) -> String {
        guard case .string(let text) = try receiver(call) else { preconditionFailure("string expected") }
        return text
    }

    mutating func stringArgument(_ call: CompiledCall) throws(Interrupt) -> String {
        guard case .string(let text) = try argument(call, 0) else { preconditionFailure("string expected") }
        return text
    }

    mutating func double(_ call: CompiledCall) throws(Interrupt) -> Double {
        guard case .double(let value) = try receiver(call) else { preconditionFailure("double expected") }
        return value
    }
}
