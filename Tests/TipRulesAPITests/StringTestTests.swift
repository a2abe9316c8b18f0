import Foundation
import Testing
import TipRules

/// `hasPrefix` and `hasSuffix` over stored strings, and tests of their `lowercased()` and
/// `uppercased()` against a constant, which rules answer from UTF-8 bytes where that gives
/// Swift's answer, checked against the standard library itself on texts built to
/// sit on every edge of that shortcut: ASCII of every length around a word of eight bytes,
/// carriage returns and line feeds (CR LF is one character), combining marks after the compared
/// span, and non-ASCII characters canonically equivalent to ASCII ones (U+212A KELVIN SIGN is
/// `K`, U+037E GREEK QUESTION MARK is `;`).
@Suite("String tests over stored strings")
struct StringTestTests {
    struct Row: Codable, Sendable {
        var i: Int
        var s: String
        var o: String?
    }

    static let pieces = ["a", "b", "ab", "K", "\u{212A}", ";", "\u{37E}", "\r", "\n", "\r\n", "e\u{301}", "\u{301}", "é", "日本", "🇯🇵", " "]

    /// Every text of up to two pieces, each padded with ASCII on either side to lengths around
    /// eight and sixteen bytes.
    static let texts: [String] = {
        var result = [""]
        let ascii = "abcdefghijklmnopqrstuvwxyzABCDEF"
        for first in pieces {
            result.append(first)
            for second in pieces { result.append(first + second) }
        }
        var padded = result
        for text in result.prefix(60) {
            for length in [1, 5, 6, 7, 8, 9, 14, 15, 16] {
                padded.append(String(ascii.prefix(length)) + text)
                padded.append(text + String(ascii.prefix(length)))
            }
        }
        for length in 0...20 { padded.append(String(ascii.prefix(length))) }
        return padded
    }()

    static let needles = ["", "a", "b", "ab", "K", ";", "\r", "\n", "b\r", "e", "\u{301}", "é", "abcdefg", "abcdefgh", "abcdefghi",
                          "abcdefghijklmnop", "ABCDEF", "DEF", "CDEFab", "F;", "FK", "日本", "🇯🇵", "a\r\n", "mnopqrs", "xyzABCDEF"]

    /// A Swift string literal for a text.
    static func literal(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0 != "\"" && $0 != "\\" ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined() + "\""
    }

    @Test("hasPrefix and hasSuffix of a stored String and String? agree with the standard library on every edge of the byte comparison")
    func affixes() throws {
        var source = "event e(limit: 10000) { i: Int, s: String, o: String? }\n"
        for (index, needle) in Self.needles.enumerated() {
            let n = Self.literal(needle)
            source += "let prefix\(index) = e.donations.filter { $0.s.hasPrefix(\(n)) }.map(\\.i)\n"
            source += "let suffix\(index) = e.donations.filter { $0.s.hasSuffix(\(n)) }.map(\\.i)\n"
            source += "let optionalPrefix\(index) = e.donations.filter { $0.o?.hasPrefix(\(n)) ?? false }.map(\\.i)\n"
            source += "let optionalSuffix\(index) = e.donations.filter { $0.o?.hasSuffix(\(n)) == true }.map(\\.i)\n"
            source += "let counted\(index) = e.donations.reduce(0) { $0 + ($1.s.hasSuffix(\(n)) ? 1 : 0) }\n"
        }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let engine = RuleEngine(rules: try RuleSet(source: source, name: "strings.rules"), clock: .fixed(now))
        let event = try engine.event("e", donationInfo: Row.self)
        let texts = Self.texts
        for (index, text) in texts.enumerated() {
            try event.donate(Row(i: index, s: text, o: index % 3 == 0 ? nil : text))
        }
        for (index, needle) in Self.needles.enumerated() {
            let prefixed = texts.indices.filter { texts[$0].hasPrefix(needle) }
            let suffixed = texts.indices.filter { texts[$0].hasSuffix(needle) }
            #expect(try engine.value(of: "prefix\(index)", as: [Int].self) == prefixed, "hasPrefix(\(Self.literal(needle)))")
            #expect(try engine.value(of: "suffix\(index)", as: [Int].self) == suffixed, "hasSuffix(\(Self.literal(needle)))")
            #expect(try engine.value(of: "optionalPrefix\(index)", as: [Int].self) == prefixed.filter { $0 % 3 != 0 }, "o?.hasPrefix(\(Self.literal(needle)))")
            #expect(try engine.value(of: "optionalSuffix\(index)", as: [Int].self) == suffixed.filter { $0 % 3 != 0 }, "o?.hasSuffix(\(Self.literal(needle)))")
            #expect(try engine.value(of: "counted\(index)", as: Int.self) == suffixed.count, "count of hasSuffix(\(Self.literal(needle)))")
        }
    }

    /// Needles for tests of texts mapped to lowercase (`lower`) or uppercase: each needle as it
    /// is and as mapped, so that many of them can match.
    static func mappedNeedles(lower: Bool) -> [String] {
        var seen = Set<String>(), result: [String] = []
        for needle in needles + ["k", "\u{212A}", "ß", "SS", "Ε\u{301}", "A\r\nB", "abcdefghijklmnopqrstuvwxyzabcdef", "@az[`az{", "z[", "Z{", "`a", "@A", "abcdefghk", "k;"] {
            for variant in [needle, lower ? needle.lowercased() : needle.uppercased()] where seen.insert(variant).inserted {
                result.append(variant)
            }
        }
        return result
    }

    /// Whether `needle`'s characters occur in `text` in a row, as the rules' `contains` finds
    /// them (Foundation's answer in an app: whole characters, no empty needle).
    static func containsCharacters(_ text: String, _ needle: String) -> Bool {
        let t = Array(text), n = Array(needle)
        guard !n.isEmpty, n.count <= t.count else { return false }
        return (0...(t.count - n.count)).contains { start in t[start..<(start + n.count)].elementsEqual(n) }
    }

    @Test("lowercased() and uppercased() tested against a constant agree with the standard library on every edge of the byte comparison")
    func caseMapped() throws {
        var source = "event e(limit: 10000) { i: Int, s: String, o: String? }\n"
        let tests = ["==", "!=", "hasPrefix", "hasSuffix", "contains"]
        let mappings = [("lowercased", Self.mappedNeedles(lower: true)), ("uppercased", Self.mappedNeedles(lower: false))]
        for (mapping, needles) in mappings {
            for (index, needle) in needles.enumerated() {
                let n = Self.literal(needle)
                for (number, test) in tests.enumerated() {
                    let (string, optional) = test.count == 2
                        ? ("$0.s.\(mapping)() \(test) \(n)", "$0.o?.\(mapping)() \(test) \(n)")
                        : ("$0.s.\(mapping)().\(test)(\(n))", "$0.o?.\(mapping)().\(test)(\(n)) ?? false")
                    source += "let \(mapping)_\(number)_\(index) = e.donations.filter { \(string) }.map(\\.i)\n"
                    source += "let optional_\(mapping)_\(number)_\(index) = e.donations.filter { \(optional) }.map(\\.i)\n"
                }
            }
        }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let engine = RuleEngine(rules: try RuleSet(source: source, name: "mapped.rules"), clock: .fixed(now))
        let event = try engine.event("e", donationInfo: Row.self)
        // Also the bytes on either side of each case's letters (`@`, `[`, `` ` ``, `{`).
        let texts = Self.texts + ["STRASSE", "straße", "\u{212A}ELVIN", "kelvin", "ΈΛΑ", "έλα", "A\r\nB", "a\r\nb",
                                  "@AZ[`az{", "@az[`AZ{", "日本@AZ[", "日本`az{", "Zz", "zZ", "é@Z[`z{", "abcdefgh\u{212A}", "ABCDEFGH\u{212A};"]
        for (index, text) in texts.enumerated() {
            try event.donate(Row(i: index, s: text, o: index % 3 == 0 ? nil : text))
        }
        let nils = texts.indices.filter { $0 % 3 == 0 }
        for (mapping, needles) in mappings {
            let mapped = texts.map { mapping == "lowercased" ? $0.lowercased() : $0.uppercased() }
            let characters = mapped.map(Array.init)
            for (index, needle) in needles.enumerated() {
                let n = Array(needle)
                let answers: [[Int]] = [
                    texts.indices.filter { mapped[$0] == needle }, texts.indices.filter { mapped[$0] != needle },
                    texts.indices.filter { mapped[$0].hasPrefix(needle) }, texts.indices.filter { mapped[$0].hasSuffix(needle) },
                    // As the rules' `contains` finds it (Foundation's answer in an app): whole
                    // characters in a row, and no empty needle.
                    texts.indices.filter { t in
                        !n.isEmpty && n.count <= characters[t].count
                            && (0...(characters[t].count - n.count)).contains { characters[t][$0..<($0 + n.count)].elementsEqual(n) }
                    },
                ]
                for (number, expected) in answers.enumerated() {
                    let what = "\(mapping)() \(tests[number]) \(Self.literal(needle))"
                    #expect(try engine.value(of: "\(mapping)_\(number)_\(index)", as: [Int].self) == expected, "s.\(what)")
                    // A nil receiver passes no test but `!=`.
                    let optional = expected.filter { $0 % 3 != 0 } + (number == 1 ? nils : [])
                    #expect(try engine.value(of: "optional_\(mapping)_\(number)_\(index)", as: [Int].self) == optional.sorted(), "o?.\(what)")
                }
            }
        }
    }
}
