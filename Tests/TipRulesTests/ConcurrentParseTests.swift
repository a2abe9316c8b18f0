import Testing
import TipRulesSyntax

/// A file of a megabyte or more is cut in two at a line that starts a declaration, and the
/// halves are lexed and parsed on two threads. These files put what a cut could get wrong
/// exactly where the cut is tried: the result must be that of one parse of the whole.
@Suite("Concurrent parsing")
struct ConcurrentParseTests {
    /// The rules before the part a cut is tried in (about 0.7 MB).
    private static let ruleCount = 12_000

    private static func rule(_ index: Int) -> String {
        "rule r\(index) = e.donations.filter { $0.n > \(index % 9) }.count >= 2\n"
    }

    /// Rules, then `special`, then rules and a comment filling the file out so that its
    /// middle byte is `special`'s byte at `marker` (the newline before the keyword a cut
    /// would be tried at); and the names of the rules.
    private static func file(special: String, marker: String) -> (text: String, rules: [String]) {
        var prefix = "event e { n: Int }\n"
        var names: [String] = []
        for index in 0..<ruleCount {
            prefix += rule(index)
            names.append("r\(index)")
        }
        let offset = special.utf8.count - special.split(separator: marker, maxSplits: 1, omittingEmptySubsequences: false)[1].utf8.count - marker.utf8.count
        let middle = prefix.utf8.count + offset
        var suffix = ""
        var index = ruleCount
        while prefix.utf8.count + special.utf8.count + suffix.utf8.count + rule(index).utf8.count + 5 < 2 * middle {
            suffix += rule(index)
            names.append("r\(index)")
            index += 1
        }
        let missing = 2 * middle - prefix.utf8.count - special.utf8.count - suffix.utf8.count
        suffix += "//" + String(repeating: "x", count: missing - 3) + "\n"
        let text = prefix + special + suffix
        precondition(text.utf8.count / 2 == middle && text.utf8.count >= Parser.concurrentParseBytes)
        return (text, names)
    }

    private static func parse(_ text: String) -> (SyntaxFile, [String]) {
        var bag = DiagnosticBag()
        let syntax = Parser.parse(SourceFile(name: "t", text: text), limits: CompileLimits(maxSourceBytes: 16 << 20), diagnostics: &bag)
        return (syntax, bag.diagnostics.map { "\($0.location): \($0.message)" })
    }

    private static func names(_ syntax: SyntaxFile) -> [String] {
        syntax.declarations.map(\.name.name)
    }

    @Test("a cut between declarations gives every declaration, in order, at its place in the file")
    func plainCut() {
        let (text, rules) = Self.file(special: "rule before = true\nrule after = false\n", marker: "\nrule after")
        let (syntax, diagnostics) = Self.parse(text)
        #expect(diagnostics.isEmpty)
        let expected = ["e"] + rules[..<Self.ruleCount] + ["before", "after"] + rules[Self.ruleCount...]
        #expect(Self.names(syntax) == expected)
        for declaration in syntax.declarations {
            #expect(syntax.file.text(in: declaration.name.range) == declaration.name.name)
        }
        // The declaration the second half starts with, and one of each half, parse as alone.
        for name in ["after", "r0", rules[rules.count - 1]] {
            guard case .value(let declaration)? = syntax.declarations.first(where: { $0.name.name == name }) else {
                Issue.record("no \(name)")
                continue
            }
            let line = syntax.file.text(in: SourceRange(start: declaration.name.range.start - 5, end: declaration.value.range.end))
            let (alone, _) = Self.parse(line)
            guard case .value(let single)? = alone.declarations.first else {
                Issue.record("\(line) does not parse alone")
                continue
            }
            #expect(ASTPrinter.sExpression(single.value) == ASTPrinter.sExpression(declaration.value))
        }
    }

    @Test("a cut inside a block comment is no cut: the lines in the comment stay comment")
    func cutInComment() {
        let (text, rules) = Self.file(special: "/* rule a = true\nrule b = true\nrule c = true */\nrule d = true\n", marker: "\nrule b")
        let (syntax, diagnostics) = Self.parse(text)
        #expect(diagnostics.isEmpty)
        let names = Self.names(syntax)
        #expect(names.count == 1 + rules.count + 1)
        #expect(!names.contains("b") && !names.contains("c") && names.contains("d"))
    }

    @Test("a cut at a closure parameter named like a keyword is no cut: the closure stays whole")
    func cutInClosure() {
        // (Parsed only: a line that starts `event ` is where a cut is tried.)
        let (text, rules) = Self.file(special: "rule m = e.donations.contains { event in\nevent != nil }\n", marker: "\nevent !=")
        let (syntax, diagnostics) = Self.parse(text)
        #expect(diagnostics.isEmpty)
        #expect(Self.names(syntax).count == 1 + rules.count + 1)
        #expect(Self.names(syntax).contains("m"))
    }

    @Test("an error in either half is reported once, where it is, and the other declarations remain")
    func errorInHalf() {
        let (text, rules) = Self.file(special: "rule bad = (true\nrule after = false\n", marker: "\nrule after")
        let (syntax, diagnostics) = Self.parse(text)
        // The line of `rule after`, just past the middle: where one parse of the whole finds it.
        let line = text.utf8.prefix(text.utf8.count / 2 + 1).filter { $0 == UInt8(ascii: "\n") }.count + 1
        #expect(diagnostics == ["\(line):1: expected ')', found 'rule'"])
        #expect(Self.names(syntax).count == 1 + rules.count + 1)
        #expect(Self.names(syntax).contains("after"))
    }
}
