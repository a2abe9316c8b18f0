import Testing
import TipRulesRuntime

/// `StringEquality` and `StringSearch.count` answer short ASCII strings from their bits (see
/// `SmallASCII`); every answer must be Swift's, whatever form the strings take.
@Suite("Short ASCII strings read from their bits")
struct SmallASCIITests {
    /// A string of `text` in heap storage, though short enough to be a small string.
    static func stored(_ text: String) -> String {
        var string = ""
        string.reserveCapacity(64)
        string += text
        return string
    }

    static let constants = ["stove", "", "K", "é", "Wilbere Bowl", "fifteen bytes..", "sixteen bytes...",
                            "a constant longer than a small string"]
    static let texts = constants + constants.map(stored) + [
        "stoves", "Stove", "stov", "\u{212A}", "e\u{301}", "\u{212A}".lowercased(), "Wilbere Bowl ", "fifteen bytes.!",
        String(repeating: "a", count: 40), stored("a constant longer") + " than a small string", "sixteen " + "bytes...",
    ]

    @Test("agrees with == on short, long, stored, ASCII and canonically equivalent strings", arguments: constants)
    func agrees(constant: String) {
        let equality = StringEquality(constant)
        for text in SmallASCIITests.texts {
            #expect(equality.holds(text) == (text == constant), "\(text.debugDescription) == \(constant.debugDescription)")
        }
    }

    @Test("hasPrefix and hasSuffix with one needle agree with Swift's on texts of every short length, read from their bits or not",
          arguments: ["", "a", "ab", "abc", "Zion", "great", "GREAT 1", "tent-2p", "\r", "a\r", "\n", "é", "e", "7", "st0ve!!x"])
    func affixes(needle: String) {
        // Every length a small string has (0 to 15 bytes), as a literal and in heap storage;
        // carriage returns before a line feed (one character), combining marks, and texts
        // whose last eight bytes straddle the small string's two words.
        var texts = (0...16).map { String("GREAT 1234567890abc".prefix($0)) } + (0...16).map { String("tent-2p Zion big 7".suffix($0)) }
        texts += ["\r\n", "a\r\n", "a\r", "\r\nab", "ab\r", "e\u{301}", "e\u{301}x", "xe\u{301}", "é", "Zion\u{301}", "great 17",
                  "a\ra", "abc\r\n", "0123456\r\n89", "012345678\r\nab", "st0ve!!x", "st0ve!!xy", "yst0ve!!x", "\u{212A}"]
        texts += texts.map(SmallASCIITests.stored)
        for suffix in [false, true] {
            let test = StringSearch.AffixTest(needle, suffix: suffix)
            for text in texts {
                let swift = suffix ? text.hasSuffix(needle) : text.hasPrefix(needle)
                #expect(test.holds(text) == swift, "\(text.debugDescription).\(suffix ? "hasSuffix" : "hasPrefix")(\(needle.debugDescription))")
            }
        }
    }

    @Test("the Kelvin sign equals K, and a decomposed é the precomposed one, as Swift says")
    func equivalence() {
        #expect(StringEquality("K").holds("\u{212A}"))
        #expect(StringEquality("\u{212A}").holds("K"))
        #expect(StringEquality("é").holds("e\u{301}"))
        #expect(!StringEquality("k").holds("\u{212A}"))
    }

    @Test("short ASCII constants are decided on bits on this platform; others by ==")
    func decidesOnBits() {
        #expect(StringEquality("stove").decidesOnBits && StringEquality("").decidesOnBits)
        #expect(!StringEquality("é").decidesOnBits && !StringEquality("sixteen bytes...").decidesOnBits)
    }

    @Test("counts characters as Swift does: CR LF one character, a lone CR one, any length and form")
    func counts() {
        let texts = SmallASCIITests.texts + ["a\r\nb", "\r\n", "abc\r", "\r", "\n\r", "a\r\n\r\nb", "fourteen\r\nbyt",
                                               "\r\n\r\n\r\n\r\n\r\n\r\n\r", "\u{D}", "tab\there", "\u{7F}\u{0}",
                                               "longer than a word\r\nand more", "a lone\rcarriage return here", "sixteen bytes..\r",
                                               "sixteen bytes...é", "twenty-four bytes of it\r\n"]
        for text in texts + texts.map(SmallASCIITests.stored) {
            #expect(StringSearch.count(text) == text.count, "\(text.debugDescription)")
        }
    }
}
