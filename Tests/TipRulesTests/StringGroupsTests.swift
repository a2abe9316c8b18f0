import Testing
import TipRulesRuntime

/// Group sizes of equal strings counted partly on their bits (`StringGroups`) are those of a
/// `Dictionary` keyed by `String`: Swift's `==`, canonical equivalence included, whatever mix
/// of short ASCII, long and non-ASCII strings, and however many distinct ones.
@Suite("Groups of equal strings")
struct StringGroupsTests {
    static let cases: [(String, [String])] = [
        ("none", []),
        ("names with repeats", ["Alps", "Zion", "Alps", "Yosemite", "Zion", "Alps", ""]),
        ("the Kelvin sign and K", ["K", "\u{212A}", "K", "k", "\u{212A}"]),
        ("é composed and decomposed", ["\u{E9}", "e\u{301}", "\u{E9}t\u{E9}", "e\u{301}te\u{301}", "ete"]),
        ("fifteen bytes differing in the last", ["fifteen bytes.a", "fifteen bytes.b", "fifteen bytes.a", "fifteen bytes.."]),
        ("long and short", [String(repeating: "long ", count: 10), "long", String(repeating: "long ", count: 10), "long"]),
        ("carriage returns", ["a\r\nb", "a\r\nb", "a\rb", "a\nb"]),
        ("more distinct than the table holds", (0..<2000).map { "s\($0 % 1500)" }),
        // The same first word, so that keys meet in the table's probes and only the second
        // word tells them apart.
        ("one first word", (0..<600).map { "prefix__\($0 % 150)" }),
        ("a table filled before an equivalent", (0..<700).map { "n\($0)" } + ["K", "\u{212A}", "K"]),
    ]

    @Test("optional strings: the groups of the strings, and the nils counted apart", arguments: cases.indices)
    func optionalSizes(index: Int) {
        let (name, strings) = StringGroupsTests.cases[index]
        // Every third string nil.
        let optionals: [String?] = strings.enumerated().map { $0.offset % 3 == 1 ? nil : $0.element }
        let present = optionals.compactMap { $0 }
        let expected = Dictionary(grouping: present, by: { $0 }).values.map(\.count).sorted()
        let found = StringGroups.sizes(optionals.count, optional: { optionals[$0] })
        #expect(found.sizes.sorted() == expected && found.nils == optionals.count - present.count, "\(name)")
    }

    @Test("sizes agree with a Dictionary's groups", arguments: cases.indices)
    func sizes(index: Int) {
        let (name, strings) = StringGroupsTests.cases[index]
        let expected = Dictionary(grouping: strings, by: { $0 }).values.map(\.count).sorted()
        let found = StringGroups.sizes(strings.count) { strings[$0] }.sorted()
        #expect(found == expected, "\(name)")
    }
}
