import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax

/// Swift a TipKit developer writes, accepted with the value Swift gives (each expected value
/// below was checked with swiftc 6.3), and the Swift that TipRules refuses, refused with the
/// message Swift's own compiler would lead with.
@Suite("Swift fidelity")
struct SwiftFidelityTests {
    @Test("Swift forms within the vocabulary give Swift's values", arguments: [
        // `if` expressions (Swift 5.9), in closures too, with `return` in a branch.
        ("if flag { 1 } else { 2 }", "Int = 1"),
        ("if level > 5 { \"big\" } else if level > 1 { \"medium\" } else { \"small\" }", "String = \"medium\""),
        ("view.donations.filter { if $0.id == 1 { return true } else { return false } }.count", "Int = 2"),
        ("[1, 2].map { if $0 > 1 { \"a\" } else { \"b\" } }", "[String] = [\"b\", \"a\"]"),
        ("[1.5, 3].reduce(0) { if $1 > 2 { $0 + $1 } else { $0 } }", "Double = 3.0"),
        // min(by:) and max(by:), trailing closures and operators; ties keep the first.
        ("[3, 1, 2].min(by: <)", "Int? = 1"),
        ("[3, 1, 2].max { $0 > $1 }", "Int? = 1"),
        ("[\"bb\", \"a\", \"cc\"].max { $0.count < $1.count }", "String? = \"bb\""),
        ("view.donations.min { $0.rating < $1.rating }?.name", "String? = \"Charley Lake\""),
        // Global functions passed by name: Swift's `min` and `max`, signed zeros and NaN included.
        ("[3, -7, 5].reduce(0, max)", "Int = 5"), ("[0.0, -0.0].reduce(0.0, min)", "Double = 0.0"),
        ("[Double.nan, 1].reduce(Double.nan, max)", "Double = nan"), ("[2.5, -0.0].reduce(-0.0, max)", "Double = 2.5"),
        ("[-2.5, 1.0].map(abs)", "[Double] = [2.5, 1.0]"),
        // `-0` is a negative integer literal, zero as an integer, so as a Double it is +0.0;
        // `-0.0` and `-(0)` (the operator on a Double zero) are negative zero.
        ("1.0 / -0", "Double = inf"), ("2.5 * -0", "Double = 0.0"), ("1.0 / (-0)", "Double = inf"),
        ("1.0 / -0x0", "Double = inf"), ("1.0 / -0.0", "Double = -inf"), ("1.0 / -(0)", "Double = -inf"),
        // An integer literal before a member only Double has is a Double, as Swift types it.
        ("(12).rounded()", "Double = 12.0"), ("12.rounded()", "Double = 12.0"), ("(2).isNaN", "Bool = false"),
        ("(-3).isFinite", "Bool = true"), ("(true ? 1 : 2).rounded()", "Double = 1.0"), ("abs(-3).rounded()", "Double = 3.0"),
        // Integer literals in arrays, `reduce`, `min()`, `??` and subscripts become Double when
        // the other side of an operator, `? :`, array literal or generic call is a Double.
        ("[([6, 14].min() ?? 0), (false ? 3.92 : 10745)].reduce(0, +)", "Double = 10751.0"),
        ("min((true ? -0 : 0.1), ([59399, 1_000].min() ?? 0))", "Double = 0.0"), ("max([1, 2].reduce(0, +), 2.5)", "Double = 3.0"),
        ("([-0, 5].reduce(0, +) * (true ? 0.5 : 1.5))", "Double = 2.5"), ("(true ? [1, 2].sorted()[1] : 2.5)", "Double = 2.0"),
        ("([-0, 1_000].min() ?? 0).isNaN", "Bool = false"), ("[(14 / 16), Double(18)].min() ?? 0", "Double = 0.875"),
        ("[1, 2].prefix(1).reduce(0, +) * 0.5", "Double = 0.5"),
        // ... and where the context wants a Double: an argument, a closure declared `-> Double`.
        ("Date.now.addingTimeInterval([60, 120].max()!).timeIntervalSince(Date.now)", "Double = 120.0"),
        ("[1.5, 2].map { v -> Double in v + [1, 2].reduce(0, +) }", "[Double] = [4.5, 5.0]"),
        // Foundation's `TimeInterval` is `Double`.
        ("Date.now.addingTimeInterval(TimeInterval(60 * 60)).timeIntervalSince(Date.now)", "Double = 3600.0"),
        ("[1.5].map { (t: TimeInterval) -> TimeInterval in t * 2 }", "[Double] = [3.0]"), ("-TimeInterval.infinity", "Double = -inf"),
        // ... on the left of `??` when its right side is a `Double` (the value used as a number:
        // alone, Swift makes `[7].max() ?? 0.5` an `Any?`, see the README), and in an array
        // on the left of `+`.
        ("([7].max() ?? 0.5) > 3.5", "Bool = true"), ("[7].first ?? 0.5 > 3.5", "Bool = true"),
        ("([-1].prefix(0).first ?? 1e3) > 2", "Bool = true"), ("([1, 2].last ?? 0.5) * 2", "Double = 4.0"),
        ("[1, 2].sorted() + [0.5]", "[Double] = [1.0, 2.0, 0.5]"), ("[3].prefix(0).map { $0 } + [0.5]", "[Double] = [0.5]"),
        // The empty literal typed from context.
        ("[1, 2] == []", "Bool = false"),
        ("[] == view.donations.map(\\.id)", "Bool = false"),
        ("Set([1]) != []", "Bool = true"),
        ("[1, 2].reduce([]) { $0 + [$1] }", "[Int] = [1, 2]"),
        ("view.donations.reduce([]) { $0 + [$1.name] }.count", "Int = 4"),
        // Empty initialisers.
        ("Set<Int>().isEmpty", "Bool = true"),
        ("[String]().count", "Int = 0"),
        ("Array<Double>() + [1]", "[Double] = [1.0]"),
        ("Set<String>([\"a\", \"a\"]).count", "Int = 1"),
        // Literals typed through generic functions by their context.
        ("1.5 + (flag ? abs(5) : 5)", "Double = 6.5"),
        ("view.donations.map(\\.rating)[0] / abs(0o17)", "Double = 0.3"),
        ("max(1.5, abs(-2))", "Double = 2.0"),
        ("abs(-2) + 1.5", "Double = 3.5"),
        // Operators as functions.
        ("[1, 2, 3].reduce(0, +)", "Int = 6"),
        ("[1, 3, 2].sorted(by: >)", "[Int] = [3, 2, 1]"),
        // Date() is the evaluation's clock; Foundation's Date ± TimeInterval.
        ("Date() == Date.now", "Bool = true"),
        ("Date.now - 3600", "Date = 2026-11-30T11:00:00Z"),
        ("Date.now + 0.25 > Date.now", "Bool = true"),
        ("view.donations.filter { $0.date > Date.now - 86400 * 3 }.count", "Int = 1"),
        // Implicit member chains take their first member from the context (SE-0287).
        ("view.donations.filter { $0.date > .now.addingTimeInterval(-86400 * 3) }.count", "Int = 1"),
        ("(didLogin.donations.last?.date ?? .distantPast) < .now", "Bool = true"),
        // An implicit member whose type a closure or an array's other elements decide.
        ("view.donations.map(\\.rating).reduce(.infinity, min)", "Double = 2.5"),
        ("view.donations.reduce(-.infinity) { max($0, $1.rating) }", "Double = 5.0"),
        ("view.donations.reduce(.distantPast) { max($0, $1.date) } == view.donations.last!.date", "Bool = true"),
        ("[3, 1].reduce(.max, min)", "Int = 1"), ("[1, .max]", "[Int] = [1, 9223372036854775807]"),
        ("[.nan, 1.5].count", "Int = 2"), ("[.infinity, 2]", "[Double] = [inf, 2.0]"),
        // In `min` and `max`, the other arguments decide; after a date's `+` or `-`, a `TimeInterval`.
        ("max(1, .max)", "Int = 9223372036854775807"), ("min(2.5, .infinity)", "Double = 2.5"),
        ("max(.distantPast, Date.now) == Date.now", "Bool = true"), ("(Date.now - .infinity) < .distantPast", "Bool = true"),
        ("min(Date.now, .distantFuture, .distantPast) == .distantPast", "Bool = true"), ("max(1, .infinity)", "Double = inf"),
        ("min(3, .infinity, 2)", "Double = 2.0"), ("max(2, .max)", "Int = 9223372036854775807"),
        ("abs(-.infinity)", "Double = inf"), ("max(.distantPast, .distantFuture) == .distantFuture", "Bool = true"),
        // An implicit member on the left, or beside a literal, takes the other side's type.
        (".distantPast < Date.now", "Bool = true"), ("-(.infinity) < 0.0", "Bool = true"), (".infinity > 3", "Bool = true"),
        ("3 < .max", "Bool = true"), ("(false ? .distantPast : Date.now) > .distantPast", "Bool = true"),
        ("(true ? .infinity : 3)", "Double = inf"), ("(.distantPast...Date.now).contains(.distantFuture)", "Bool = false"),
        ("(.min...0).contains(-5)", "Bool = true"), ("[1, 2].map { .max - $0 }", "[Int] = [9223372036854775806, 9223372036854775805]"),
        // An empty literal takes its type from the other branch or the other elements.
        ("(true ? [] : [1]).count", "Int = 0"), ("(true ? [1] : []).count", "Int = 1"), ("[[], [1]].count", "Int = 2"),
        ("[[1.5], []]", "[[Double]] = [[1.5], []]"), ("(flag ? [] : view.donations.map(\\.name)).count", "Int = 0"),
    ])
    func accepted(expression: String, expected: String) {
        #expect(Fixture.evaluate(expression) == expected)
    }

    @Test("Swift's rejections, with Swift's reasons", arguments: [
        ("let x = if flag { 1 } else { 2.5 }", "1:19: branches have mismatching types 'Int' and 'Double'"),
        ("let x = if flag { nil } else { 2 }", "1:19: 'nil' requires a contextual type"),
        ("let x = if flag { 1 }", "1:9: 'if' must have an unconditional 'else' to be used as an expression"),
        ("let x = max(1, .distantPast)", "1:17: type 'Int' has no member 'distantPast'"),
        ("let x = 1 + if flag { 1 } else { 2 }", "1:13: 'if' may only be used as an expression as the whole value of a 'let', a 'rule', a closure or another 'if' branch"),
        ("let x = [1].reduce([]) { $0 + 1 }", "1:20: empty collection literal requires an explicit type"),
        ("let x = Set<Int>(1, 2)", "1:9: 'Set<Int>(...)' takes no arguments (an empty collection) or one array"),
        ("let x = Date.now - Date.now", "1:9: binary operator '-' cannot be applied to operands of type 'Date' and 'Date'"),
        ("let x = 60 + Date.now", "1:9: binary operator '+' cannot be applied to operands of type 'Int' and 'Date'"),
        ("let x = Date(timeIntervalSince1970: 0)", "1:9: 'Date(timeIntervalSince1970:)' isn't part of TipRules; dates come from donations ('$0.date'), 'Date()' or 'Date.now' (the evaluation's clock), and date arithmetic"),
        // A closure's signature says the types Swift checks.
        ("let x = [1, 2].filter { n -> Int in n }", "1:30: declared closure result 'Int' is incompatible with contextual type 'Bool'"),
        ("let x = [\"a\"].map { (s: Int) in s }", "1:25: closure parameter 's' is declared as 'Int', but the closure is passed 'String'"),
        ("let x = [1].map { (a, b) -> Int in a }", "1:17: contextual closure type expects 1 argument, but 2 were used in the closure"),
        ("let x = [1].map { (a: Tips.Value) in a }", "1:23: cannot find type 'Tips.Value'"),
        ("let x = [1].reduce(0) { (a: Int, a: Int) in a }", "1:34: invalid redeclaration of 'a'"),
        ("let x = [1].reduce(0) { a, a in a }", "1:28: invalid redeclaration of 'a'"),
        ("let x = [1].map { (a) -> in a }", "1:26: expected a type after '->', found 'in'"),
        // A let's written type is the context its value is checked in.
        ("let x: Int = 2.5", "1:14: cannot convert value of type 'Double' to specified type 'Int'"),
        ("let x: Int = nil", "1:14: 'nil' cannot be used where 'Int' is expected; only optionals can be nil"),
        ("let x: [Int] = [1, 2.5]", "1:20: cannot convert value of type 'Double' to expected element type 'Int'"),
        ("let x = [1, 2].prefix(\"3\")", "1:23: cannot convert value of type 'String' to expected argument type 'Int'"),
        ("let x = Date.now.addingTimeInterval(\"x\")", "1:37: cannot convert value of type 'String' to expected argument type 'Double'"),
        ("let x: Strin = \"a\"\nlet y = x + 1", "1:8: cannot find type 'Strin'"),
        ("let x: Int 3", "1:12: expected '=' and a value after the type, found '3'"),
    ])
    func rejected(source: String, expected: String) {
        #expect(Fixture.errors(source + "\nparameter flag: Bool = true") == [expected])
    }

    @Test("a let may write its type, as Swift's 'let x: Double = 3': literals, nil and [] take it (each checked with swiftc)")
    func annotatedLets() throws {
        let rules = """
        event view { id: Int }
        let a: Int = 3
        let b: Double = 3
        let c: [Int] = []
        let d: Int? = nil
        let e: Set<String> = ["x", "x"]
        let f: Double? = 2
        let g: [Double] = [1, 2.5]
        let h = b * 2
        let i: Int? = view.donations.first?.id
        let j: Int? = a
        let k: Array<Date> = view.donations.map(\\.date)
        let l: Double = [1, 2].reduce(0, +)
        let m: [Double] = [1, 2].map { $0 * 2 }
        let n: Double? = [3, 1].min()
        let o: [Double] = [1, 2] + [3]
        let p: TimeInterval = 3600
        let q: Double = .infinity
        let r: TimeRange = .days(3)
        let s: Set<Int> = []
        """
        let program = try #require(Fixture.compile(rules).program)
        #expect(program.declarations.map { "\($0.name): \($0.type)" } == [
            "a: Int", "b: Double", "c: [Int]", "d: Int?", "e: Set<String>", "f: Double?", "g: [Double]", "h: Double",
            "i: Int?", "j: Int?", "k: [Date]", "l: Double", "m: [Double]", "n: Double?", "o: [Double]", "p: Double",
            "q: Double", "r: TimeRange", "s: Set<Int>",
        ])
        let log = "{\"event\": \"view\", \"date\": \"2026-11-20T10:00:00Z\", \"value\": {\"id\": 7}}"
        #expect(Fixture.evaluateAll(rules, log: log) == [
            "a": "3", "b": "3.0", "c": "[]", "d": "nil", "e": "Set([\"x\"])", "f": "2.0", "g": "[1.0, 2.5]", "h": "6.0",
            "i": "7", "j": "3", "k": "[2026-11-20T10:00:00Z]", "l": "3.0", "m": "[2.0, 4.0]", "n": "1.0", "o": "[1.0, 2.0, 3.0]", "p": "3600.0",
            "q": "inf", "r": ".days(3)", "s": "Set([])",
        ])
    }

    @Test("a let of nil or [] alone is Swift's error, with a note on where its type goes")
    func untypedLetNotes() {
        for (source, code, note) in [("let xs = []", "E0331", "write the type after the name, as in 'let xs: [String] = []'"),
                                     ("let n = nil", "E0312", "write the type after the name, as in 'let n: Int? = nil'")] {
            let diagnostics = Fixture.compile(source).diagnostics
            #expect(diagnostics.map(\.code) == [code], "\(source)")
            #expect(diagnostics.first?.notes.map { "\($0.message) \($0.range.start)" } == [note + " 4"], "\(source)")
        }
    }

    @Test("closures pasted with a signature, or calling their parameter 'event', mean what Swift says", arguments: [
        // (Each checked with swiftc: the same values.)
        ("didView.donations.map { (d) -> Double in 1 }.reduce(0, +)", "Double = 3.0"),
        ("didView.donations.reduce(0) { (total: Double, v) -> Double in total + v.score }", "Double = 4.5"),
        ("didView.donations.map { v -> Int in v.landmarkID }", "[Int] = [1, 2, 3]"),
        ("[1, 2].map { (n: Int) -> String in \"x\" }", "[String] = [\"x\", \"x\"]"),
        ("didView.donations.contains { rule in rule.score > 2 }", "Bool = false"),
        ("didView.donations.filter { event in event.landmarkID > 1 }.count", "Int = 2"),
        ("didView.donations.map { (tip: Donation<didView>) -> Int in tip.landmarkID }.max() ?? 0", "Int = 3"),
        ("didView.donations.reduce(0) { (parameter, v) in parameter + v.landmarkID }", "Int = 6"),
        ("#Rule(didView) { (e: Event<didView>) -> Bool in e.donations.count > 2 }", "Bool = true"),
        ("didView.donations.map { (_ v: Donation<didView>, ) -> Int in v.landmarkID }", "[Int] = [1, 2, 3]"),
        ("didView.donations.reduce(0) { _, _ in 1 }", "Int = 1"),
    ])
    func closureSignatures(expression: String, expected: String) {
        let rules = "event didView { landmarkID: Int, score: Double }"
        let log = (1...3).map { "{\"event\": \"didView\", \"date\": \"2026-11-20T10:00:00Z\", \"value\": {\"landmarkID\": \($0), \"score\": 1.5}}" }
        #expect(Fixture.evaluate(expression, rules: rules, log: log.joined(separator: "\n")) == expected)
    }

    @Test("a parameter's default may be a constant, as a TipKit @Parameter writes it", arguments: [
        ("Date = .distantPast", "0000-12-30T00:00:00Z"),
        ("Date = Date.distantFuture", "4001-01-01T00:00:00Z"),
        ("Date? = .distantPast", "0000-12-30T00:00:00Z"),
        ("Int = Int.max", "9223372036854775807"),
        ("Int = -Int.max", "-9223372036854775807"),
        ("Int = .min", "-9223372036854775808"),
        ("Double = -.infinity", "-inf"),
        ("Double = Double.nan", "nan"),
    ])
    func constantParameterDefaults(declared: String, expected: String) {
        #expect(Fixture.evaluateAll("parameter p: \(declared)\nlet x = p", log: "") == ["x": expected])
    }

    @Test("published TipKit rules that name the closure's parameter 'event', or write '-> Bool', paste unchanged")
    func publishedClosureForms() {
        let rules = """
        event saveConcertEvent
        event visitConcertEvent
        parameter isPro: Bool = false
        rule saveConcertTip {
            #Rule(Self.saveConcertEvent) { event in
                event.donations.count == 0
            }

            #Rule(Self.visitConcertEvent) { event in
                event.donations.count > 2
            }
        }
        rule guidesTip {
            #Rule(Self.visitConcertEvent){event in
                //event.donations.count == 0
                event.donations.count >= 3
            }
        }
        rule typed {
            #Rule(SaveConcertTip.visitConcertEvent) { (event) -> Bool in
                event.donations.count >= 3
            }
            #Rule(Self.$isPro) { isPro in
                isPro == false
            }
        }
        """
        let log = (0..<3).map { _ in "{\"event\": \"visitConcertEvent\", \"date\": \"2026-11-20T10:00:00Z\"}" }.joined(separator: "\n")
        #expect(Fixture.evaluateAll(rules, log: log) == ["saveConcertTip": "true", "guidesTip": "true", "typed": "true"])
    }

    @Test("a tip's rules pasted as the builder's lines or as the array it returns: every entry must hold")
    func ruleBlocks() {
        let rules = """
        event itemAdded
        parameter isPro: Bool = true
        rule lines {
            #Rule(Self.itemAdded) {
              $0.donations.count > 3
            }
            #Rule(Self.$isPro) { isPro in
                isPro == true
            }
        }
        rule array {[
            #Rule(Self.itemAdded) { $0.donations.count > 0 },
            #Rule(Self.$isPro) { $0 }
          ]}
        rule empty {[]}
        rule returned {
            return [
        //      #Rule(Self.$isPro) { $0 == false }
              #Rule(Self.itemAdded) { $0.donations.count > 1 },
            ]
        }
        rule returnedFalse { return [#Rule(Self.$isPro) { !$0 }] }
        """
        let log = (0..<2).map { _ in "{\"event\": \"itemAdded\", \"date\": \"2026-11-20T10:00:00Z\"}" }.joined(separator: "\n")
        #expect(Fixture.evaluateAll(rules, log: log) == ["lines": "false", "array": "true", "empty": "true", "returned": "true", "returnedFalse": "false"])
        // Nothing runs after `return`: Swift ignores it, TipRules refuses it.
        #expect(Fixture.errors("event e\nrule r {\n  return [#Rule(e) { true }]\n  #Rule(e) { false }\n}") == ["4:3: expected '}' to end the rule block, found '#Rule'"])
    }

    @Test("sets holding NaN print sorted, NaN last, the same on every run")
    func nanSets() {
        for _ in 0..<20 {
            #expect(Fixture.evaluate("Set([1.0, .nan, 2.0, .nan, -1])") == "Set<Double> = Set([-1.0, 1.0, 2.0, nan, nan])")
        }
    }

    @Test("a date that no ISO 8601 text can show is a runtime error where it would be shown; comparing it works", arguments: [
        ("Date.now.addingTimeInterval(1e300)", "runtime error: the value holds a date that cannot be shown: 'Date(timeIntervalSinceReferenceDate: 1e+300)' is outside the years 0 to 9999"),
        ("[Date.now.addingTimeInterval(-7e10)]", "runtime error: the value holds a date that cannot be shown: 'Date(timeIntervalSinceReferenceDate: -69182267200.0)' is outside the years 0 to 9999"),
        ("Date.now.addingTimeInterval(.nan)", "runtime error: the value holds a date that cannot be shown: 'Date(timeIntervalSinceReferenceDate: nan)' is not a number (NaN)"),
        ("Date.now.addingTimeInterval(1e300) > Date.now", "Bool = true"),
        ("Date.now.addingTimeInterval(2.5e11)", "Date = 9949-02-06T00:26:40Z"),
    ])
    func unprintableDates(expression: String, expected: String) {
        #expect(Fixture.evaluate(expression) == expected)
    }

    @Test("a trailing closure in an if condition is taken, with Swift's warning; a broken condition leaves later declarations alone")
    func trailingClosureInCondition() {
        let compilation = Fixture.compile("""
        let xs = [1, 2]
        let a = if xs.contains { $0 > 1 } { 1 } else { 2 }
        let b = if xs.filter { $0 > 1 }.count > 0 && true { 1 } else { 2 }
        let broken = if xs.contains( { 1 } else { 2 }
        let c = xs.map { $0 * 2 }
        """)
        #expect(compilation.diagnostics.map { "\($0.code) \($0.location.line)" } == ["W0201 2", "W0201 3", "E0201 4"])
        #expect(compilation.diagnostics.first?.fixIts.map(\.replacement) == ["({ $0 > 1 })"])
        #expect(Fixture.evaluateAll("let xs = [1, 2]\nlet a = if xs.contains { $0 > 1 } { 1 } else { 2 }") == ["xs": "[1, 2]", "a": "1"])
    }

    @Test("Swift declarations typed where an expression goes (the REPL, --expr) say what to write instead")
    func declarationsAsExpressions() throws {
        let program = try #require(Fixture.compile("event e").program)
        for (text, code) in [("var x = 1", "E0219"), ("func f() -> Int { 1 }", "E0219"), ("x +", "E0201")] {
            let compiled = RuleCompiler().compileExpression(SourceFile(name: "<repl>", text: text), in: program)
            #expect(compiled.diagnostics.map(\.code) == [code], "\(text)")
        }
    }

    @Test("the if expression's fix-it is the conditional operator")
    func ifFixIt() {
        let diagnostics = Fixture.compile("parameter c: Bool = true\nlet x = 1 + if c { 1 } else if !c { 2 } else { 3 }").diagnostics
        #expect(diagnostics.first?.fixIts.map(\.replacement) == ["(c ? 1 : (!c ? 2 : 3))"])
    }

    @Test("Swift outside the language is one error that says what to write instead", arguments: [
        ("func f() -> Bool { true }", "E0219 1:1", nil),
        ("var x = 1", "E0219 1:1", "let"),
        ("var x: Int = 1", "E0219 1:1", "let"),
        ("rule r: Bool = true", "E0201 1:7", ""),
        ("rule r: [Int]? = true", "E0201 1:7", ""),
        ("guard flag else { return false }", "E0219 1:1", nil),
        ("struct S {}", "E0219 1:1", nil),
        ("import TipKit\nlet a = 1", "E0219 1:1", ""),
        ("static let didOpen = Tips.Event(id: \"didOpen\")", "E0219 1:1", "event didOpen"),
        ("static let didView = Tips.Event<Detail>(id: \"didView\")", "E0219 1:1", "event didView"),
        ("@Parameter static var isLoggedIn: Bool = false", "E0219 1:1", "parameter "),
        ("@Parameter(.transient)\nstatic var shown: Bool = false", "E0219 1:1", "parameter "),
        ("var rules: [Rule] {\n  #Rule(e) { $0.donations.count > 3 }\n}", "E0219 1:1", "rule rules"),
        ("let x = 1 as Double", "E0219 1:11", nil),
        ("let x = 1 is Int", "E0219 1:11", nil),
        ("let x = 1 << 2", "E0219 1:11", nil),
        ("let x = 1 &+ 2", "E0219 1:11", "+"),
        ("let x = \"a\\(1)\"", "E0116 1:11", nil),
        ("let x = 'Alps'", "E0118 1:9", "\"Alps\""),
        ("let if = 1", "E0218 1:5", "`if`"),
        ("let x = [1].map { let in 1 }", "E0218 1:19", "`let`"),
    ] as [(String, String, String?)])
    func outside(source: String, expected: String, fix: String?) {
        let diagnostics = Fixture.compile("event e\n" + source).diagnostics
        #expect(diagnostics.map { "\($0.code) \($0.location.line - 1):\($0.location.column)" } == [expected])
        #expect(diagnostics.first?.fixIts.first?.replacement == fix)
    }

    @Test("a tip pasted whole from an app gets an error and fix-it for each of its Swift declarations, and no cascade")
    func pastedTip() {
        let diagnostics = Fixture.compile("""
        import TipKit

        struct FavoriteTip: Tip {
            @Parameter(.transient)
            static var isLoggedIn: Bool = false
            static let enteredView = Tips.Event(id: "enteredView")
            var title: Text { Text("Save as a Favorite") }
            var rules: [Rule] {
                #Rule(Self.$isLoggedIn) { $0 == true }
            }
        }
        var visits = 3
        func helper() -> Bool { true }
        rule r = isLoggedIn && enteredView.donations.count > visits && helper()
        rule s {
            #Rule(Self.$isLoggedIn) { $0 }
            #Rule(Self.enteredView) { $0.donations.count >= 3 }
        }
        rule t = nope
        """).diagnostics
        // The names pasted declarations declare are known (and unusable) rather than missing;
        // `nope` is not declared anywhere.
        #expect(diagnostics.map { "\($0.code) \($0.location.line):\($0.location.column)" }
                == ["E0219 1:1", "E0219 3:1", "E0219 4:5", "E0219 6:5", "E0219 8:5", "E0219 12:1", "E0219 13:1", "E0301 19:10"])
        #expect(diagnostics.map { $0.fixIts.first?.replacement } == ["", nil, "parameter ", "event enteredView", "rule rules", "let", nil, nil])
    }
}
