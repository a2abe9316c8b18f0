/// `text.lowercased()` (or `uppercased()`) tested against a constant (`==`, `hasPrefix`,
/// `hasSuffix`, `contains`), as Swift answers it, without building the mapped string where
/// the bytes tell: case-insensitive matches are common in rules, and the mapped string (its
/// allocation, its case tables) costs more than the test.
///
/// The fast path holds when the needle is ASCII (for the searches, also without CR) and so is
/// the text (the searches: as `StringSearch` requires, the span it compares and the byte next
/// to it). An ASCII character's mapping is ASCII (only `A`-`Z` and `a`-`z` change, whatever the
/// locale, as the standard library maps without one) and keeps the byte count, so the mapped
/// text's bytes are the text's with those letters moved, and `StringSearch`'s reasoning for
/// comparing bytes holds for them unchanged. Any other text is mapped and tested as before.
/// The bytes are read eight at a time, and mapped in the word.
struct CaseMappedTest {
    enum Test {
        case equal, hasPrefix, hasSuffix, contains
    }

    private let needle: String
    private let bytes: [UInt8]
    /// The needle's bytes eight to a word, the last word's missing lanes zero.
    private let words: [UInt64]
    /// The first of them (zero for an empty needle).
    private let firstWord: UInt64
    private let lower: Bool
    private let test: Test
    /// Whether the needle allows the fast path at all.
    private let fastNeedle: Bool
    /// For an affix test of a needle shorter than eight bytes (nearly every one), as in
    /// `StringSearch.AffixTest`: the lanes of the text's first (with a suffix, last) eight
    /// bytes that must be simple, those that must equal the needle, and the needle in them.
    private let windowMask: UInt64, needleMask: UInt64, needleWord: UInt64

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = ones &* 0x80

    init(lower: Bool, _ test: Test, needle: String) {
        self.needle = needle
        self.lower = lower
        self.test = test
        let bytes = Array(needle.utf8)
        self.bytes = bytes
        words = stride(from: 0, to: bytes.count, by: 8).map { start in
            bytes[start..<min(start + 8, bytes.count)].enumerated()
                .reduce(0) { $0 | UInt64($1.element) << UInt64($1.offset * 8) }
        }
        // Equality compares whole strings, where CR LF needs no care (an ASCII string equals
        // only itself); the searches find a span, whose ends must be character boundaries.
        fastNeedle = bytes.allSatisfy { $0 < 0x80 && (test == .equal || $0 != 0x0D) }
        firstWord = words.first ?? 0
        (windowMask, needleMask, needleWord) = StringSearch.shortAffixLanes(bytes, suffix: test == .hasSuffix) ?? (0, 0, 0)
    }

    /// Whether the mapped text passes the test, charging `meter` what the mapping and the test
    /// charge apart: a step per byte mapped, and `contains`'s search of the mapped text.
    @inline(__always)
    func holds(_ text: String, charging meter: StepMeter?) -> Bool {
        meter?.steps += text.utf8.count
        if fastNeedle, let answer = text.utf8.withContiguousStorageIfAvailable({ fastAnswer($0) }), let answer {
            // (An answer from the bytes is of an ASCII text for `contains`: as many bytes mapped.)
            if test == .contains { meter?.charge(searching: text, for: needle) }
            return answer
        }
        return slowAnswer(text, charging: meter)
    }

    /// The text mapped as Swift maps it, and tested.
    private func slowAnswer(_ text: String, charging meter: StepMeter?) -> Bool {
        let mapped = lower ? text.lowercased() : text.uppercased()
        switch test {
        case .equal: return mapped == needle
        case .hasPrefix: return StringSearch.hasPrefix(mapped, needle)
        case .hasSuffix: return StringSearch.hasSuffix(mapped, needle)
        case .contains:
            meter?.charge(searching: mapped, for: needle)
            return StringSearch.contains(mapped, needle)
        }
    }

    /// A word of ASCII bytes (zero lanes stay zero) as mapped.
    @inline(__always)
    private func map(_ word: UInt64) -> UInt64 {
        // A lane's high bit, after adding `0x80 - c` to a byte below 0x80 (no carry leaves the
        // lane), says whether the byte is at least `c`.
        let ones = CaseMappedTest.ones, high = CaseMappedTest.highBits
        if lower {
            let letters = (word &+ ones &* (0x80 - 0x41)) & ~(word &+ ones &* (0x80 - 0x5B)) & high
            return word | letters &>> 2
        }
        let letters = (word &+ ones &* (0x80 - 0x61)) & ~(word &+ ones &* (0x80 - 0x7B)) & high
        return word & ~(letters &>> 2)
    }

    /// Whether the text's bytes from `offset`, mapped, are the needle's (the span ASCII).
    @inline(__always)
    private func spanMatches(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        var differ: UInt64 = 0, start = 0
        for word in words {
            differ |= map(StringSearch.word(text, offset &+ start, min(8, bytes.count &- start))) ^ word
            start &+= 8
        }
        return differ == 0
    }

    /// Whether the bytes in `range` are ASCII, and (`noCR`) none is a carriage return.
    @inline(__always)
    private static func ascii(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, noCR: Bool) -> Bool {
        var start = range.lowerBound, all: UInt64 = 0, simple = true
        while start < range.upperBound {
            let word = StringSearch.word(text, start, min(8, range.upperBound &- start))
            all |= word
            if noCR { simple = simple && StringSearch.isSimple(word) }
            start &+= 8
        }
        return all & highBits == 0 && simple
    }

    /// The answer from the bytes, or nil where only the mapped string tells.
    private func fastAnswer(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        let count = text.count, n = bytes.count
        switch test {
        case .equal:
            // An ASCII text maps to as many bytes; others may map to any number.
            if count == n, n <= 8 {
                let word = StringSearch.word(text, 0, count)
                return word & CaseMappedTest.highBits == 0 ? map(word) == firstWord : nil
            }
            guard CaseMappedTest.ascii(text, 0..<count, noCR: false) else { return nil }
            return count == n && spanMatches(text, at: 0)
        case .hasPrefix, .hasSuffix:
            if n < 8 {
                // One word: the text's first eight bytes (last, for a suffix), or a shorter text's
                // bytes at the same end, the lanes it lacks zero (see `StringSearch.AffixTest`).
                let suffix = test == .hasSuffix, word: UInt64
                if count >= 8 {
                    word = StringSearch.word(text, suffix ? count &- 8 : 0, 8)
                } else {
                    let short = StringSearch.word(text, 0, count)
                    word = suffix ? short &<< UInt64(truncatingIfNeeded: (8 &- count) &* 8) : short
                }
                // (Masked before mapping, so that no byte outside the window carries into it.)
                let window = word & windowMask
                guard StringSearch.isSimple(window) else { return nil }
                return count >= n && map(window) & needleMask == needleWord
            }
            // The compared span and the byte after it (before it, for a suffix) must be simple:
            // then the span ends on a character boundary (see `StringSearch`).
            let window = min(count, n &+ 1), start = test == .hasSuffix ? count &- window : 0
            guard CaseMappedTest.ascii(text, start..<(start &+ window), noCR: true) else { return nil }
            return count >= n && spanMatches(text, at: test == .hasSuffix ? count &- n : 0)
        case .contains:
            guard CaseMappedTest.ascii(text, 0..<count, noCR: true) else { return nil }
            // Foundation's `contains` finds an empty needle nowhere (see `StringSearch.contains`).
            guard n > 0, n <= count else { return false }
            let first = UInt64(bytes[0])
            for start in 0...(count &- n) where map(UInt64(text[start])) == first {
                if spanMatches(text, at: start) { return true }
            }
            return false
        }
    }
}
