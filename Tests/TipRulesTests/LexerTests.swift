import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

@Suite("Lexer")
struct LexerTests {
    private func tokens(_ text: String) -> [Token] {
        var bag = DiagnosticBag()
        return Lexer.tokenize(SourceFile(name: "t", text: text), into: &bag).dropLast()
    }

    private func lexErrors(_ text: String) -> [String] {
        var bag = DiagnosticBag()
        _ = Lexer.tokenize(SourceFile(name: "t", text: text), into: &bag)
        return bag.diagnostics.map { "\($0.location): \($0.message)" }
    }

    @Test("a single-quoted string is one error with a fix-it to double quotes, and nothing cascades")
    func singleQuotes() {
        let diagnostics = Fixture.compile("event didLogin\nrule r = didLogin.donations.isEmpty || 'Alps' == \"Alps\"").diagnostics
        #expect(diagnostics.map { "\($0.code) \($0.location) \($0.message)" } == ["E0118 2:40 single-quoted strings aren't part of TipRules; write strings in double quotes, as Swift does"])
        #expect(diagnostics.first?.fixIts.map(\.replacement) == ["\"Alps\""])
        // A lone quote is a stray character, as before.
        #expect(Fixture.errors("let x = 1'") == ["1:10: unexpected character '''"])
    }

    @Test("a range of a file lexes to the tokens in it, at their places in the file, and stops at its end")
    func range() {
        let file = SourceFile(name: "t", text: "let a = \"x\"\nrule r = -a.count < 2 // c\nrule s = true")
        var bag = DiagnosticBag()
        // From `-a` to just before the comment: a string cut off by the range's end would be
        // an error, so the range ending inside the file must stop lexing there.
        let tokens = Lexer.tokenize(file, in: SourceRange(start: 21, end: 33), into: &bag)
        #expect(tokens.map { file.text(in: $0.range) } == ["-", "a", ".", "count", "<", "2", ""])
        #expect(tokens.first?.range == SourceRange(start: 21, end: 22))
        #expect(tokens.first?.kind == .prefixOperator)
        #expect(tokens.last?.kind == .endOfFile)
        #expect(tokens.last?.range == SourceRange(start: 33, end: 33))
        #expect(bag.diagnostics.isEmpty)
        // A range from the file's start skips a byte order mark, as lexing the whole file does.
        let marked = SourceFile(name: "t", bytes: [0xEF, 0xBB, 0xBF] + Array("rule r = true\nrule s = false".utf8))
        let first = Lexer.tokenize(marked, in: SourceRange(start: 0, end: 17), into: &bag)
        #expect(first.map { marked.text(in: $0.range) } == ["rule", "r", "=", "true", ""])
        #expect(bag.diagnostics.isEmpty)
        // A string the range cuts is unterminated there, as at the end of a file.
        _ = Lexer.tokenize(file, in: SourceRange(start: 8, end: 10), into: &bag)
        #expect(bag.diagnostics.map(\.message) == ["unterminated string literal; add '\"' before the end of the line"])
    }

    @Test("integer literals in every base, with separators", arguments: [
        ("42", "42"), ("1_000_000", "1000000"), ("0x1F", "0x1F"), ("0xff_ff", "0xffff"),
        ("0o17", "0o17"), ("0b1010_1010", "0b10101010"), ("007", "007"),
    ])
    func integers(source: String, text: String) {
        let lexed = tokens(source)
        #expect(lexed.map(\.kind) == [.integerLiteral])
        #expect(lexed.first?.text == text)
    }

    @Test("float literals with fractions and exponents", arguments: [
        ("2.5", "2.5"), ("1e10", "1e10"), ("1.5e-3", "1.5e-3"), ("6.02E+23", "6.02E+23"), ("1_0.2_5", "10.25"), ("0x1.8p1", "0x1.8p1"),
    ])
    func floats(source: String, text: String) {
        let lexed = tokens(source)
        #expect(lexed.map(\.kind) == [.floatLiteral])
        #expect(lexed.first?.text == text)
    }

    @Test("a dot after an integer without a digit is member access")
    func integerMember() {
        #expect(tokens("1.description").map(\.kind) == [.integerLiteral, .dot, .identifier])
    }

    @Test("string escapes decode as Swift does", arguments: [
        (#""a\tb""#, "a\tb"), (#""q\"q""#, "q\"q"), (#""\\""#, "\\"), (#""\u{1F600}""#, "😀"), (#""e\u{301}""#, "e\u{301}"),
        (#""\0""#, "\0"), (#""it\'s""#, "it's"), (#""\n\r""#, "\n\r"), ("\"café\"", "café"),
    ])
    func strings(source: String, value: String) {
        let lexed = tokens(source)
        #expect(lexed.map(\.kind) == [.stringLiteral])
        #expect(lexed.first?.text == value)
    }

    @Test("identifiers: Unicode, backticks and keywords")
    func identifiers() {
        let lexed = tokens("café _x `rule` rule $0 $isLoggedIn #Rule")
        #expect(lexed.map(\.kind) == [.identifier, .identifier, .identifier, .keyword(.rule), .dollarIdentifier, .dollarIdentifier, .hashIdentifier])
        #expect(lexed.map(\.text) == ["café", "_x", "rule", "rule", "0", "isLoggedIn", "Rule"])
    }

    @Test("comments, including nested block comments, are skipped")
    func comments() {
        #expect(tokens("a // line\n/* outer /* inner */ still */ b").map(\.text) == ["a", "b"])
    }

    @Test("whitespace decides prefix, postfix and binary operators", arguments: [
        ("a - b", [TokenKind.identifier, .binaryOperator, .identifier]),
        ("a-b", [.identifier, .binaryOperator, .identifier]),
        ("-a", [.prefixOperator, .identifier]),
        ("a!", [.identifier, .postfixOperator]),
        ("a!.b", [.identifier, .postfixOperator, .dot, .identifier]),
        ("a?.b", [.identifier, .postfixQuestion, .dot, .identifier]),
        ("a ? b : c", [.identifier, .ternaryQuestion, .identifier, .colon, .identifier]),
        ("a ?? b", [.identifier, .binaryOperator, .identifier]),
        ("x...y", [.identifier, .binaryOperator, .identifier]),
        ("(a)-b", [.leftParen, .identifier, .rightParen, .binaryOperator, .identifier]),
        ("f(-1)", [.identifier, .leftParen, .prefixOperator, .integerLiteral, .rightParen]),
        ("\\.id", [.backslash, .dot, .identifier]),
        ("x = 1", [.identifier, .equals, .integerLiteral]),
    ])
    func operators(source: String, kinds: [TokenKind]) {
        #expect(tokens(source).map(\.kind) == kinds)
    }

    @Test("lexical errors are located", arguments: [
        ("a @ b", ["1:3: unexpected character '@'"]),
        ("\"abc", ["1:1: unterminated string literal; add '\"' before the end of the line"]),
        ("/* never closed", ["1:1: unterminated '/*' comment; add '*/' to close it"]),
        ("0x", ["1:1: expected digits after '0x'"]),
        ("0b102", ["1:5: '2' is not a valid binary digit in this literal"]),
        ("1e", ["1:1: expected a digit in the exponent of a floating-point literal"]),
        ("\"\\q\"", ["1:2: invalid escape sequence '\\q' in string literal; use '\\\\' for a backslash"]),
        ("\"\\u{110000}\"", ["1:2: '\\u{110000}' is not a valid Unicode scalar"]),
        ("\"\\u{}\"", ["1:2: expected 1 to 8 hexadecimal digits in braces after '\\u', as in '\\u{1F600}'"]),
        ("\"a\\(b)\"", ["1:3: string interpolation isn't part of TipRules; join strings with '+'"]),
        ("x\n  \u{0}", ["2:3: unexpected character 'U+0'"]),
        ("`rule", ["1:1: expected an identifier between backticks, as in `name`"]),
        ("$", ["1:1: expected a number or parameter name after '$', as in '$0' or '$isLoggedIn'"]),
    ])
    func errors(source: String, expected: [String]) {
        #expect(lexErrors(source) == expected)
    }

    @Test("invalid UTF-8 is reported at its line and column")
    func invalidUTF8() {
        var bag = DiagnosticBag()
        let file = SourceFile(name: "t", bytes: Array("let a = 1\nlet b = ".utf8) + [0xFF, 0xFE] + Array(" 2".utf8))
        _ = Lexer.tokenize(file, into: &bag)
        #expect(bag.diagnostics.map { "\($0.location): \($0.message)" } == ["2:9: invalid UTF-8 in source text"])
    }
}

@Suite("Byte order marks")
struct ByteOrderMarkTests {
    @Test("a UTF-8 byte order mark at the start of a rule file or log is skipped")
    func bom() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let compilation = RuleCompiler().compile(SourceFile(name: "b", bytes: bom + Array("event e\nrule r = e.donations.isEmpty".utf8)))
        let program = try #require(compilation.program)
        var store = DonationStore(program: program)
        let issues = DonationLog.load(bom + Array("{\"event\": \"e\", \"date\": \"2026-11-29T10:00:00Z\"}\r\n".utf8), fileName: "l", into: &store)
        #expect(issues.isEmpty)
        #expect(store.count(of: "e") == 1)
        // Anywhere else it is a stray character.
        #expect(Fixture.errors("let x = 1\n\u{FEFF}let y = 2") == ["2:1: unexpected character '\u{FEFF}'"])
    }
}
