import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

@Suite("Parser")
struct ParserTests {
    private func parse(_ text: String) -> (SyntaxFile, [Diagnostic]) {
        Fixture.parse(text)
    }

    private func shape(_ expression: String) -> String {
        let (syntax, diagnostics) = parse("let x = " + expression)
        guard diagnostics.isEmpty, case .value(let declaration)? = syntax.declarations.first else {
            return "error: " + diagnostics.map(\.message).joined(separator: "; ")
        }
        return ASTPrinter.sExpression(declaration.value)
    }

    @Test("a payload field written as a Swift property is one error per field, with the fix, and the fields still count")
    func fieldWithLet() {
        let diagnostics = Fixture.compile("event v { let landmarkID: Int\n var name: String }\nrule r = v.donations.contains { $0.landmarkID == 3 && $0.name == \"Alps\" }").diagnostics
        #expect(diagnostics.map { "\($0.location): \($0.message)" } == [
            "1:11: payload fields are written 'name: Type', without 'let'",
            "2:2: payload fields are written 'name: Type', without 'var'",
        ])
        #expect(diagnostics.flatMap { $0.fixIts.map(\.replacement) } == ["", ""])
    }

    @Test("a keyword as a closure parameter is one error that says so, with the backtick fix")
    func keywordClosureParameter() {
        let diagnostics = Fixture.compile("rule b = [1].contains { if in if > 0 }\nlet t = [1].contains { $0 == 1 }").diagnostics
        #expect(diagnostics.map { "\($0.location): \($0.message)" } == ["1:25: 'if' is a reserved word in TipRules and cannot be a closure parameter; escape it with backticks to use it as a name"])
        #expect(diagnostics.first?.fixIts.map(\.replacement) == ["`if`"])
        // A declaration keyword is a name there, as in Swift, which has no such keywords.
        #expect(Fixture.compile("rule b = [1].contains { event in event > 0 }").diagnostics.isEmpty)
    }

    @Test("precedence and associativity follow Swift", arguments: [
        ("a + b * c", "(+ a (* b c))"),
        ("a - b - c", "(- (- a b) c)"),
        ("a * b % c", "(% (* a b) c)"),
        ("a ?? b ?? c", "(?? a (?? b c))"),
        ("a || b && c", "(|| a (&& b c))"),
        ("a && b || c && d", "(|| (&& a b) (&& c d))"),
        ("a == b && c != d", "(&& (== a b) (!= c d))"),
        ("a + 1 < b * 2", "(< (+ a 1) (* b 2))"),
        ("a ?? 0 > 3", "(> (?? a 0) 3)"),
        ("c ? a : b ? d : e", "(?: c a (?: b d e))"),
        ("x || y ? 1 : 2", "(?: (|| x y) 1 2)"),
        ("1...5", "(... 1 5)"),
        ("0..<n + 1", "(..< 0 (+ n 1))"),
        ("-a * b", "(* (-pre a) b)"),
        ("!a && b", "(&& (!pre a) b)"),
        ("!a.b", "(!pre (. a b))"),
        ("-3", "-3"),
        ("- 3", "error: unary operator '-' cannot be separated from its operand"),
        ("-9223372036854775808", "-9223372036854775808"),
        ("(a + b) * c", "(* (paren (+ a b)) c)"),
    ])
    func precedence(expression: String, expected: String) {
        #expect(shape(expression) == expected)
    }

    @Test("postfix forms: members, calls, closures, optionals, subscripts", arguments: [
        ("a.b.c", "(. (. a b) c)"),
        ("f(1, x: 2)", "(call f 1 x: 2)"),
        ("xs.filter { $0 > 1 }", "(call (. xs filter) (closure [] (> $0 1)))"),
        ("xs.reduce(0) { a, b in a + b }", "(call (. xs reduce) 0 (closure [a b] (+ a b)))"),
        ("xs.reduce(0) { (a, b) in a }", "(call (. xs reduce) 0 (closure [a b] a))"),
        ("xs.map(\\.id)", "(call (. xs map) \\.id)"),
        ("x.y?.z", "(?chain (. (? (. x y)) z))"),
        ("x?.y.z", "(?chain (. (. (? x) y) z))"),
        ("x!.y", "(. (! x) y)"),
        ("x!!", "(! (! x))"),
        ("xs[0]", "([] xs 0)"),
        ("xs.first?[0]", "(?chain ([] (? (. xs first)) 0))"),
        ("[1, 2, 3,]", "(array 1 2 3)"),
        ("[]", "(array)"),
        ("#Rule(e) { $0.donations.count > 3 }", "(#Rule e (closure [] (> (. (. $0 donations) count) 3)))"),
        ("#Rule($p) { $0 == true }", "(#Rule $p (closure [] (== $0 true)))"),
        (".days(3)", "(call .days 3)"),
        ("\\.a.b", "\\.a.b"),
        ("`rule`.x", "(. `rule` x)"),
        ("x.rule", "(. x rule)"),
        ("f { x in x }", "(call f (closure [x] x))"),
    ])
    func postfix(expression: String, expected: String) {
        #expect(shape(expression) == expected)
    }

    @Test("declarations of every kind")
    func declarations() {
        let (syntax, diagnostics) = parse("""
        event plain
        event limited(limit: 10, maxAge: .days(30))
        event view { id: Int, name: String
            note: String?, when: Date? }
        parameter flag: Bool = false
        parameter tags: [String] = ["a"]
        let total = view.donations.count
        let seen: [Int?] = []
        rule busy = total > 3
        """)
        #expect(diagnostics.isEmpty)
        #expect(ASTPrinter.source(syntax) == """
        event plain
        event limited(limit: 10, maxAge: .days(30))
        event view { id: Int, name: String, note: String?, when: Date? }
        parameter flag: Bool = false
        parameter tags: [String] = ["a"]
        let total = view.donations.count
        let seen: [Int?] = []
        rule busy = total > 3

        """)
    }

    @Test("types: optionals, arrays and Set")
    func types() {
        let (syntax, diagnostics) = parse("parameter a: Set<Int>? = nil\nparameter b: [Int?]? = nil\nparameter c: Int?? = nil")
        #expect(diagnostics.isEmpty)
        #expect(syntax.declarations.map(ASTPrinter.source) == ["parameter a: Set<Int>? = nil", "parameter b: [Int?]? = nil", "parameter c: Int?? = nil"])
    }

    @Test("syntax errors are located and explained", arguments: [
        ("let = 3", ["1:5: expected a name after 'let', found '='"]),
        ("rule r = (1 + 2", ["1:16: expected ')', found end of file"]),
        ("rule r = 1 < 2 < 3", ["1:16: adjacent operators are in non-associative precedence group 'ComparisonPrecedence'; add parentheses"]),
        ("let x = 1 ... 2 ... 3", ["1:17: adjacent operators are in non-associative precedence group 'RangeFormationPrecedence'; add parentheses"]),
        ("let x = a <> b", ["1:11: unknown binary operator '<>'"]),
        ("let x = a = b", ["1:11: expected an operator, found '='"]),
        ("let x = a -b", ["1:11: '-' is not a binary operator here; put spaces on both sides of it, or on neither"]),
        ("let x = a- b", ["1:10: unknown postfix operator '-'"]),
        ("x = 1", ["1:1: expected a declaration ('event', 'parameter', 'let' or 'rule'), found 'x'"]),
        ("tip T", ["1:1: 'tip' declarations are not supported yet; declare the rules with 'rule'"]),
        ("let event = 1", ["1:5: 'event' is a reserved word in TipRules and cannot be a name after 'let'; escape it with backticks to use it as a name"]),
        ("let x = #Foo(a) { true }", ["1:9: expected '#Rule', found '#Foo'"]),
        ("let x = a?", ["1:10: '?' must be followed by a member access or subscript, as in 'x?.count'"]),
        ("event e { a: Int b: Int }", ["1:18: expected ',' or a new line between fields, found 'b'"]),
        ("let x = \\id", ["1:10: expected '.' and a property name in the key path, as in '\\.landmarkID', found 'id'"]),
        ("let x = 1 let y = 2", []),
        ("let x = 1 2", ["1:11: expected the end of the declaration; start each declaration on its own line with 'event', 'parameter', 'let' or 'rule'"]),
    ])
    func errors(source: String, expected: [String]) {
        #expect(parse(source).1.map { "\($0.location): \($0.message)" } == expected)
    }

    @Test("one run reports every broken declaration")
    func recovery() {
        let (syntax, diagnostics) = parse("""
        let a = (1 +
        rule b = true
        let c = ]
        event d { x: }
        rule e = false
        """)
        #expect(diagnostics.map(\.location.line) == [2, 3, 4])
        #expect(syntax.declarations.map(\.name.name) == ["b", "e"])
        #expect(syntax.brokenNames == ["a", "c", "d"])
    }

    @Test("recovery skips what a broken declaration's braces hold, but not a declaration at the start of a line after a brace left open")
    func recoveryInsideBraces() {
        let (syntax, diagnostics) = parse("""
        rule a {
            #Rule(e) { event in
                let recent = event.donations.count
                return recent > 2
            }
        }
        let b = 1
        rule c = [1].contains { $0 >
        let d = 2
        """)
        #expect(diagnostics.map { "\($0.code) \($0.location)" } == ["E0219 3:9", "E0201 9:1"])
        #expect(diagnostics.first?.message.hasPrefix("'let' inside a closure isn't part of TipRules") == true)
        #expect(syntax.declarations.map(\.name.name) == ["b", "d"])
        #expect(syntax.brokenNames == ["a", "c"])
    }

    @Test("every pasted Swift declaration is read from its own head: lines of attributes and of arguments left open are an error each")
    func pastedHeadsAreBounded() {
        // Each line is a declaration of its own; read to its end, each would read the rest of
        // the file (20,000 lines took minutes in a debug build).
        for line in ["@A", "@A(", "static let x = Event(", "@Parameter(.a,"] {
            var bag = DiagnosticBag()
            let syntax = Parser.parse(SourceFile(name: "t", text: String(repeating: line + "\n", count: 20_000) + "rule ok = true"), diagnostics: &bag)
            #expect(bag.errorCount == 20_000, "\(line)")
            #expect(bag.diagnostics.allSatisfy { $0.fixIts.isEmpty }, "\(line)")
            #expect(syntax.declarations.map(\.name.name) == ["ok"], "\(line)")
        }
    }

    @Test("an unclosed bracket notes where it was opened")
    func openingNote() {
        let (_, diagnostics) = parse("let x = [1, 2\nlet y = 3")
        #expect(diagnostics.first?.notes.first?.message == "to match this opening '['")
        #expect(diagnostics.first?.notes.first.map { $0.file.location(of: $0.range.start).description } == "1:9")
    }

    /// Deeply nested or very long inputs, built inside the test so they do not flood the log.
    static let deepInputs: [String: @Sendable () -> String] = [
        "parentheses": { String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000) },
        "arrays": { String(repeating: "[", count: 5000) + "1" + String(repeating: "]", count: 5000) },
        "prefix operators in parentheses": { String(repeating: "!(", count: 5000) + "true" + String(repeating: ")", count: 5000) },
        "200,000 additions": { (0..<200_000).map { "a\($0 % 10)" }.joined(separator: " + ") },
        "nil-coalescing chain": { (0..<50_000).map { _ in "a" }.joined(separator: " ?? ") },
        "member chain": { "x" + String(repeating: ".y", count: 50_000) },
        "closures": { String(repeating: "{ ", count: 3000) + "1" + String(repeating: " }", count: 3000) },
        "ternaries": { String(repeating: "c ? ", count: 3000) + "1" + String(repeating: " : 2", count: 3000) },
    ]

    @Test("nesting beyond the limit is an error, not a crash", arguments: Array(deepInputs.keys).sorted())
    func depthLimit(kind: String) {
        let (syntax, diagnostics) = parse("let deep = " + ParserTests.deepInputs[kind]!() + "\nlet ok = 1")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("nested more than") == true)
        #expect(syntax.declarations.map(\.name.name) == ["ok"])
    }

    @Test("oversized source is rejected up front")
    func sourceLimit() {
        var bag = DiagnosticBag()
        let syntax = Parser.parse(SourceFile(name: "t", text: "let x = 1"), limits: CompileLimits(maxSourceBytes: 4), diagnostics: &bag)
        #expect(syntax.declarations.isEmpty)
        #expect(bag.diagnostics.first?.message == "source is 9 bytes, more than the limit of 4")
    }

    @Test("printing and parsing again gives the same tree", arguments: [
        "a + b * (c - d) / e % f",
        "xs.filter { $0.x != \"q\\n\" }.map(\\.y).reduce(0) { a, b in a + b } >= 3 ? -1 : 2.5e3",
        "#Rule(e) { $0.donations.donatedWithin(.days(3)).largestSubset(groupedBy: \\.id).count >= 5 }",
        "x?.y.z ?? [1, 2][0]! && !flag || `rule` == nil",
        "Date.now.addingTimeInterval(-60) < d.date && (1...5).contains(3)",
    ])
    func roundTrip(expression: String) {
        let (first, firstErrors) = parse("let x = " + expression)
        let printed = ASTPrinter.source(first)
        let (second, secondErrors) = parse(printed)
        #expect(firstErrors.isEmpty && secondErrors.isEmpty)
        #expect(ASTPrinter.source(second) == printed)
        if case .value(let a)? = first.declarations.first, case .value(let b)? = second.declarations.first {
            #expect(ASTPrinter.sExpression(a.value) == ASTPrinter.sExpression(b.value))
        } else {
            Issue.record("expected one 'let' declaration in both parses, got \(first.declarations.count) and \(second.declarations.count)")
        }
    }
}
