import Testing
import TipRulesRuntime
import TipRulesSemantics
import TipRulesSyntax
import TipRulesTools

@Suite("Checker")
struct CheckerTests {
    /// The static type of an expression over `Fixture.header`, or its first error.
    private func type(_ expression: String) -> String {
        let program = Fixture.compile(Fixture.header).program!
        let compiled = RuleCompiler().compileExpression(SourceFile(name: "<expr>", text: expression), in: program)
        if let typed = compiled.expression { return typed.type.description }
        return "error: " + (compiled.diagnostics.first { $0.severity == .error }?.message ?? "")
    }

    @Test("expressions get Swift's types", arguments: [
        ("1", "Int"), ("1.5", "Double"), ("1 + 2", "Int"), ("1 + 2.5", "Double"), ("(1 + 2) * 2.5", "Double"),
        ("-3", "Int"), ("-(3) + 0.5", "Double"), ("\"a\" + \"b\"", "String"), ("true && false", "Bool"),
        ("[1, 2]", "[Int]"), ("[1, 2.5]", "[Double]"), ("[1, nil]", "[Int?]"), ("[[1], [2, 3]]", "[[Int]]"),
        ("view.donations", "[Donation<view>]"), ("view", "Event<view>"), ("$flag", "Parameter<Bool>"), ("flag", "Bool"),
        ("view.donations.first", "Donation<view>?"), ("view.donations.first?.name", "String?"),
        ("view.donations.first?.note", "String?"), ("view.donations.last!.rating", "Double"),
        ("view.donations.map(\\.id)", "[Int]"), ("view.donations.map { $0.rating > 3 }", "[Bool]"),
        ("view.donations.compactMap(\\.note)", "[String]"), ("view.donations.compactMap { $0.id }", "[Int]"),
        ("view.donations.map(\\.name.count)", "[Int]"), ("view.donations.map(\\.date)", "[Date]"),
        ("view.donations.reduce(0) { $0 + $1.id }", "Int"), ("view.donations.reduce(0) { $0 + $1.rating }", "Double"),
        ("view.donations.reduce(\"\") { a, d in a + d.name }", "String"),
        ("view.donations.map(\\.id).min()", "Int?"), ("view.donations.map(\\.name).sorted()", "[String]"),
        ("Set(view.donations.map(\\.id))", "Set<Int>"), ("Set([1, 2]).contains(1)", "Bool"),
        ("view.donations.donatedWithin(.week)", "[Donation<view>]"), ("view.donations.donatedWithin(week)", "[Donation<view>]"),
        ("view.donations.donatedWithin(days(3))", "[Donation<view>]"),
        ("view.donations.largestSubset(groupedBy: \\.id)", "[Donation<view>]"),
        ("view.donations.prefix(2)", "[Donation<view>]"), ("view.donations.dropFirst()", "[Donation<view>]"),
        ("view.donations.count(where: { $0.id == 1 })", "Int"), ("view.donations.contains { $0.id == 1 }", "Bool"),
        ("view.donations.first(where: { $0.id == 1 })", "Donation<view>?"), ("view.donations.first { $0.id == 1 }", "Donation<view>?"),
        ("[1, 2].contains(2)", "Bool"), ("[1, 2][0]", "Int"), ("view.donations[0]", "Donation<view>"),
        ("abs(-2)", "Int"), ("abs(-2.5)", "Double"), ("min(1, 2)", "Int"), ("min(1, 2.5)", "Double"), ("max(1, 2, 3)", "Int"),
        ("min(\"a\", \"b\")", "String"), ("Double(3)", "Double"), ("Int(2.5)", "Int"), ("Double(level)", "Double"),
        ("Date.now", "Date"), ("Date.now.timeIntervalSince(Date.now)", "Double"), ("Int.max", "Int"), ("Double.infinity", "Double"),
        ("nickname ?? \"x\"", "String"), ("nickname ?? nil", "String?"), ("nickname == nil", "Bool"), ("nickname == \"x\"", "Bool"),
        ("view.donations.first?.seen ?? Date.now", "Date"), ("flag ? 1 : 2.5", "Double"), ("flag ? 1 : nil", "Int?"),
        ("1...5", "ClosedRange<Int>"), ("0..<level", "Range<Int>"), ("(1...5).contains(3)", "Bool"),
        ("#Rule(view) { $0.donations.count > 3 }", "Bool"), ("#Rule($flag) { $0 == true }", "Bool"),
        ("\"é\".count", "Int"), ("\"abc\".hasPrefix(\"a\")", "Bool"), ("\"abc\".uppercased()", "String"),
        ("(2.5).rounded()", "Double"), ("(2.5).isNaN", "Bool"), ("nil ?? 3", "Int"),
        ("view.donations.filter { d in d.rating > 3 }.count > 1", "Bool"),
        ("view.donations.sorted { $0.id < $1.id }", "[Donation<view>]"),
        ("view.donations.sorted { $0.id }", "error: cannot convert value of type 'Int' to expected type 'Bool'"),
    ])
    func types(expression: String, expected: String) {
        #expect(type(expression) == expected)
    }

    @Test("type errors name the problem and the fix", arguments: [
        ("didLogin.donations.count > 2.5", "binary operator '>' cannot be applied to operands of type 'Int' and 'Double'"),
        ("1 + \"a\"", "binary operator '+' cannot be applied to operands of type 'Int' and 'String'"),
        ("level + 1.5", "binary operator '+' cannot be applied to operands of type 'Int' and 'Double'"),
        // An initial value that cannot be the `Double` the closure needs (`%` has no `Double`
        // form): the closure's error as written, not a crash (a fuzzing finding).
        ("view.donations.reduce(7 % 2) { $0 > $1.rating ? $0 : $1.rating }", "binary operator '>' cannot be applied to operands of type 'Int' and 'Double'"),
        ("nickname + \"a\"", "binary operator '+' cannot be applied to operands of type 'String?' and 'String'"),
        ("nickname < \"a\"", "binary operator '<' cannot be applied to operands of type 'String?' and 'String'"),
        ("nickname.count", "value of optional type 'String?' must be unwrapped to refer to member 'count' of wrapped base type 'String'"),
        ("level!", "cannot force unwrap value of non-optional type 'Int'"),
        ("level?.x", "cannot use optional chaining on non-optional value of type 'Int'"),
        ("nil", "'nil' requires a contextual type"),
        ("[]", "empty collection literal requires an explicit type"),
        ("[1, \"a\"]", "array literal mixes elements of type 'Int' and 'String'"),
        ("flag ? 1 : \"a\"", "result values in '? :' expression have mismatching types 'Int' and 'String'"),
        ("view.donations.count()", "cannot call value of non-function type 'Int' ('count' is a property)"),
        ("view.donations.sorted", "'sorted()' is a method; call it with '()'"),
        ("view.donations.donatedWithin(.weeks).count", "'weeks(_:)' needs a count, as in '.weeks(2)'; one week is '.week'"),
        ("view.donations.donatedWithin(days).count", "'days(_:)' needs a count, as in '.days(2)'; one day is '.day'"),
        ("view.donations.filter(3)", "expected a closure or key path of type '(Donation<view>) -> Bool', found a value of type 'Int'"),
        ("view.donations.filter { $0.id }", "cannot convert value of type 'Int' to expected type 'Bool'"),
        ("view.donations.filter { true }", "contextual type for closure argument list expects 1 argument, which cannot be implicitly ignored"),
        ("view.donations.filter { a, b in true }", "contextual closure type expects 1 argument, but 2 were used in the closure"),
        ("view.donations.filter { $1.id > 1 }", "contextual closure type expects 1 argument, but 2 were used in the closure"),
        ("view.donations.filter { d in $0.id > 1 }", "anonymous closure arguments cannot be used inside a closure that has explicit arguments"),
        ("$0", "anonymous closure argument not contained in a closure"),
        ("$nope", "cannot find parameter '$nope'; '$name' refers to a declared parameter"),
        ("view.donations.largestSubset(groupedBy: \\.nope)", "value of type 'Donation<view>' has no member 'nope'"),
        ("view.donations.largestSubset(by: \\.id)", "no 'largestSubset(by:)' on '[Donation<view>]'; expected 'largestSubset(groupedBy:)'"),
        ("view.donations.map(\\.name.lowercased)", "key path cannot refer to method 'lowercased()'; use a closure instead"),
        ("view.donations.donatedWithin(3)", "cannot convert value of type 'Int' to expected argument type 'TimeRange'"),
        ("view.donations.donatedWithin(.fortnight)", "type 'TimeRange' has no member 'fortnight'"),
        ("didLogin.donations.donatedWithin(.week).sorted()", "'sorted()' requires 'Donation<didLogin>' to be Comparable ('Int', 'Double', 'String' or 'Date')"),
        ("Set(view.donations)", "'Set(_:)' requires 'Donation<view>' to be Hashable"),
        ("Int(\"3\")", "'Int(_:)' requires 'String' to be 'Int' or 'Double'"),
        ("abs(\"x\")", "'abs(_:)' requires 'String' to be 'Int' or 'Double'"),
        ("min(1, \"a\")", "conflicting arguments to generic parameter ('Int' vs. 'String')"),
        (".week", "cannot infer contextual base in reference to member 'week'"),
        ("Date", "type 'Date' cannot be used as a value; call it as 'Date(...)' or use one of its members"),
        ("abs", "'abs' is a function; call it with arguments"),
        ("{ $0 }", "a closure can only be an argument of a member such as 'filter' or 'map'"),
        ("\\.id", "a key path can only be an argument of a member such as 'map' or 'largestSubset(groupedBy:)'"),
        ("level[0]", "value of type 'Int' has no subscripts"),
        ("[1][\"a\"]", "cannot convert value of type 'String' to expected type 'Int'"),
        ("5 % 2.0", "'%' is unavailable for 'Double'; use 'truncatingRemainder(dividingBy:)' in Swift, or convert to 'Int'"),
        ("!level", "cannot convert value of type 'Int' to expected type 'Bool'"),
        ("-\"a\"", "unary operator '-' cannot be applied to an operand of type 'String'"),
        ("#Rule(level) { $0 > 1 }", "'#Rule' takes an event or a parameter ('$name'), not a value of type 'Int'"),
        ("view.donations == view.donations", "binary operator '==' cannot be applied to operands of type '[Donation<view>]' and '[Donation<view>]'"),
        ("didLogin.donations.first!.name", "value of type 'Donation<didLogin>' has no member 'name'"),
        ("Date.later", "type 'Date' has no member 'later'"),
        ("flag(1)", "cannot call value of non-function type 'Bool'"),
    ])
    func typeErrors(expression: String, message: String) {
        #expect(type(expression) == "error: " + message)
    }

    @Test("compile-time constant errors, as Swift's compiler reports them", arguments: [
        ("let x = 9223372036854775807 + 1", "1:9: arithmetic operation '9223372036854775807 + 1' (on type 'Int') results in an overflow"),
        ("let x = 9223372036854775808", "1:9: integer literal '9223372036854775808' overflows when stored into 'Int'"),
        ("let x = 0x1_0000_0000_0000_0000", "1:9: integer literal '0x1_0000_0000_0000_0000' overflows when stored into 'Int'"),
        ("let x = 10 / 0", "1:9: division by zero"),
        ("let x = view.donations.count % (1 - 1)", "1:9: division by zero"),
        ("let x = Int(1e300)", "1:13: invalid conversion: '1e300' is not finite or overflows 'Int'"),
        ("let x = Int(1.0 / 0)", "1:13: invalid conversion: '1.0 / 0' is not finite or overflows 'Int'"),
        ("let x = 3 * 4611686018427387904", "1:9: arithmetic operation '3 * 4611686018427387904' (on type 'Int') results in an overflow"),
        ("let x = -(-9223372036854775808)", "1:9: arithmetic operation '-(-9223372036854775808)' (on type 'Int') results in an overflow"),
    ])
    func constantErrors(source: String, expected: String) {
        #expect(Fixture.errors(Fixture.header + "\n" + source).map { String($0.drop { $0 != ":" }.dropFirst()) }.first.map { _ in true } == true)
        let errors = Fixture.compile(source + "\nevent view").diagnostics.filter { $0.severity == .error }.map { "\($0.location): \($0.message)" }
        #expect(errors == [expected])
    }

    @Test("literals that only fit as Double are fine in a Double context")
    func bigLiteralAsDouble() {
        #expect(Fixture.errors("let x = 9223372036854775808 + 0.5").isEmpty)
        // (A let's written type is such a context, also for a literal inside a generic call.)
        #expect(Fixture.evaluateAll("let x: Double = 9223372036854775808\nlet y: Double = [9223372036854775808].max()!")
                == ["x": "9.223372036854776e+18", "y": "9.223372036854776e+18"])
        #expect(Fixture.errors("let x: Int = 9223372036854775808") == ["1:14: integer literal '9223372036854775808' overflows when stored into 'Int'"])
        #expect(Fixture.evaluate("1 / 0 + 0.5") == "Double = inf")
    }

    @Test("declarations resolve in any order")
    func anyOrder() {
        let results = Fixture.evaluateAll("""
        rule r = total > 1
        let total = base + 1
        let base = level * 2
        parameter level: Int = 1
        """)
        #expect(results == ["r": "true", "total": "3", "base": "2"])
    }

    @Test("a cycle is one error that names it")
    func cycles() {
        let diagnostics = Fixture.compile("let a = b + 1\nlet b = c + 1\nlet c = a + 1\nrule d = a > 0\nrule e = e").diagnostics
        #expect(diagnostics.map { "\($0.location): \($0.message)" } == [
            "3:9: circular reference: 'a' -> 'b' -> 'c' -> 'a'",
            "5:10: circular reference: 'e' -> 'e'",
        ])
        #expect(diagnostics[0].notes.count == 3)
    }

    @Test("Swift's Date() is the evaluation clock, as Date.now is; other Date initializers are one error")
    func dateInitializer() {
        #expect(Fixture.compile("let age = Date().timeIntervalSince(Date.now)").diagnostics.isEmpty)
        let diagnostics = Fixture.compile("let d = Date(timeIntervalSince1970: 0)").diagnostics
        #expect(diagnostics.map { "\($0.code) \($0.location)" } == ["E0356 1:9"])
        #expect(diagnostics.first?.message.hasPrefix("'Date(timeIntervalSince1970:)' isn't part of TipRules") == true)
    }

    @Test("Optional.map and flatMap are one error each that shows the nil test to write instead")
    func optionalMap() {
        let diagnostics = Fixture.compile("parameter n: Int? = nil\nlet a = n.map { $0 * 2 } ?? 0\nlet b = n.flatMap { $0 > 2 ? $0 : nil }").diagnostics
        #expect(diagnostics.map { "\($0.code) \($0.location): \($0.message)" } == [
            "E0362 2:11: 'Optional.map' is not part of TipRules; test the value against nil instead",
            "E0362 3:11: 'Optional.flatMap' is not part of TipRules; test the value against nil instead",
        ])
        #expect(diagnostics.map { $0.notes.map(\.message) } == [
            ["write 'x.map { f($0) }' as 'x == nil ? nil : f(x!)', or 'x.map { f($0) } ?? d' as 'x == nil ? d : f(x!)'"],
            ["write 'x.flatMap { f($0) }' as 'x == nil ? nil : f(x!)'"],
        ])
    }

    @Test("a closure that uses fewer anonymous arguments than its context passes says how many were used")
    func closureArgumentCount() {
        #expect(Fixture.errors("let x = [1, 2].reduce(0) { $0 + 1 }")
            == ["1:26: contextual closure type '(Int, Int) -> Int' expects 2 arguments, but 1 was used in closure body"])
        // A body that uses none still gets the fix-it that names them.
        let ignored = Fixture.compile("let x = [1, 2].reduce(0) { 1 }").diagnostics
        #expect(ignored.map(\.code) == ["E0321"])
        #expect(ignored.first?.fixIts.map(\.replacement) == [" _, _ in"])
    }

    @Test("a closure whose body held an interpolation gets the lexer's error alone, not one about ignored arguments")
    func interpolationInClosure() {
        let text = "let a = [1, 2].map { \"\\($0)\" }\nlet b = [1, 2].reduce(0) { \"\\($1)\" == \"\" ? $0 : 1 }\nlet c = [1, 2].filter { _ in \"\\(1)\".isEmpty }"
        #expect(Fixture.compile(text).diagnostics.map { "\($0.code) \($0.location)" } == ["E0116 1:23", "E0116 2:29", "E0116 3:31"])
        // Outside such a body the argument errors stand.
        #expect(Fixture.compile("let a = [1, 2].map { \"\\(1)\" }\nlet b = [1, 2].map { 1 }").diagnostics.map(\.code) == ["E0116", "E0321"])
    }

    @Test("an unknown name is never corrected to the declaration that uses it")
    func noCircularSuggestion() {
        let diagnostics = Fixture.compile("rule r = x\nlet total = totl + 1").diagnostics
        #expect(diagnostics.map(\.message) == ["cannot find 'x' in scope", "cannot find 'totl' in scope"])
        #expect(diagnostics.allSatisfy { $0.fixIts.isEmpty })
    }

    @Test("an unknown name is one error with a suggestion, and no cascade")
    func unknownName() {
        let diagnostics = Fixture.compile(Fixture.header + "\nlet x = levl + 1\nrule y = x > 2 && x.isEmpty\nrule z = undefinedThing.count > 1").diagnostics
        #expect(diagnostics.map { "\($0.location): \($0.message)" } == [
            "7:9: cannot find 'levl' in scope", "9:10: cannot find 'undefinedThing' in scope",
        ])
        #expect(diagnostics[0].fixIts.map(\.replacement) == ["level"])
        #expect(diagnostics[0].notes.map { $0.file.location(of: $0.range.start).description } == ["5:11"])
        #expect(diagnostics[1].fixIts.isEmpty)
    }

    @Test("an unknown member suggests the closest one")
    func unknownMember() {
        let diagnostics = Fixture.compile(Fixture.header + "\nrule r = view.donations.filter { $0.nmae != \"x\" }.count > 3").diagnostics
        #expect(diagnostics.map { "\($0.location): \($0.message)" } == ["7:37: value of type 'Donation<view>' has no member 'nmae'"])
        #expect(diagnostics.first?.fixIts.first?.message == "did you mean 'name'?")
    }

    @Test("an implicit member its context lacks, or that has no context, names the one type that has it", arguments: [
        ("let x = didLogin.donations.contains { .now.timeIntervalSince($0.date) < 3600 }", "7:40: type 'Int' has no member 'now'", "Date.now"),
        ("let x = .distantPast", "7:9: cannot infer contextual base in reference to member 'distantPast'", "Date.distantPast"),
        ("let x = didLogin.donations.donatedWithin(.days(2) + 1).count", "7:43: type 'Int' has no member 'days'", "TimeRange.days"),
    ])
    func implicitMemberOfAnotherType(source: String, message: String, replacement: String) {
        let diagnostics = Fixture.compile(Fixture.header + "\n" + source).diagnostics
        #expect(diagnostics.map { "\($0.location): \($0.message)" } == [message])
        #expect(diagnostics.first?.fixIts.map(\.replacement) == [replacement])
        #expect(diagnostics.first?.fixIts.first?.message == "write '\(replacement)'")
    }

    @Test("Int/Double mixes carry a conversion fix-it")
    func conversionFixIt() {
        let diagnostic = Fixture.compile(Fixture.header + "\nrule r = view.donations.count > 2.5").diagnostics.first
        #expect(diagnostic?.fixIts.first?.replacement == "Double(view.donations.count)")
    }

    @Test("declaration-level errors", arguments: [
        ("rule r = 1", ["1:10: a rule must be 'Bool', but this expression is 'Int'"]),
        ("let a = 1\nlet a = 2", ["2:5: invalid redeclaration of 'a'"]),
        ("event e { a: Int, a: String }", ["1:19: duplicate payload field 'a'"]),
        ("event e { a: [Int] }", ["1:14: payload field type must be 'Int', 'Double', 'Bool', 'String', 'Date' or an optional of one, not '[Int]'"]),
        ("event e { a: Integer }", ["1:14: cannot find type 'Integer'"]),
        ("event e(limit: 0)", ["1:16: 'limit' must be a positive integer literal"]),
        ("event e(limt: 3)", ["1:9: unknown event option 'limt'; the options are 'limit:' (TipKit's 'donationLimit:') and 'maxAge:'"]),
        ("event e(maxAge: 30)", ["1:17: 'maxAge' must be a time range with a literal count, such as '.days(30)'"]),
        ("parameter p: Int = 1 + 1", ["1:20: a parameter's default value must be a literal, or a constant such as 'Int.max' or 'Date.distantPast'"]),
        ("parameter p: Date = Date.now", ["1:21: a parameter's default value must be a literal, or a constant such as 'Int.max' or 'Date.distantPast'"]),
        ("parameter p: Int = \"a\"", ["1:20: cannot convert value of type 'String' to specified type 'Int'"]),
        ("parameter p: Double = 1", []),
        ("parameter p: Int? = nil", []),
        ("parameter p: Set<Int> = [1]", []),
        ("parameter p: Set<Int> = [x]", ["1:26: cannot find 'x' in scope"]),
        ("let x = nil", ["1:9: 'nil' requires a contextual type"]),
    ])
    func declarationErrors(source: String, expected: [String]) {
        #expect(Fixture.errors(source) == expected)
    }

    @Test("a redeclaration's note points at the first declaration of the name, whatever kind each is", arguments: [
        ("let a = 1\nlet a = 2", "2:5", "1:5"),
        ("event a\nlet a = 1", "2:5", "1:7"),
        ("parameter a: Int = 1\nevent a", "2:7", "1:11"),
        ("rule a = true\nparameter a: Bool = true\nlet a = 2", "2:11 3:5", "1:6 1:6"),
    ])
    func redeclarationNotes(source: String, errors: String, notes: String) {
        let redeclarations = Fixture.compile(source).diagnostics.filter { $0.message.hasPrefix("invalid redeclaration") }
        #expect(redeclarations.map { "\($0.location)" }.joined(separator: " ") == errors)
        #expect(redeclarations.map { $0.notes.map { "\($0.file.location(of: $0.range.start))" }.joined() }.joined(separator: " ") == notes)
        #expect(redeclarations.allSatisfy { $0.notes.first?.message == "previous declaration is here" })
    }

    @Test("warnings do not stop compilation")
    func warnings() {
        let compilation = Fixture.compile(Fixture.header + "\nrule r = level == nil\nlet x = 1e400")
        #expect(compilation.program != nil)
        #expect(compilation.diagnostics.map(\.message) == [
            "comparing non-optional value of type 'Int' to 'nil' always returns false", "'1e400' overflows to infinity in 'Double'",
        ])
    }

    @Test("the diagnostic count is capped with a summary")
    func diagnosticCap() {
        let source = (0..<150).map { "let x\($0) = nope\($0)" }.joined(separator: "\n")
        let compilation = RuleCompiler(limits: CompileLimits(maxDiagnostics: 100)).compile(SourceFile(name: "t", text: source))
        #expect(compilation.diagnostics.count == 100)
        #expect(compilation.suppressedCount == 50)
        #expect(DiagnosticRenderer().render(compilation.diagnostics, suppressed: 50).hasSuffix("50 more errors not shown\n"))
    }

    @Test("a long chain of lets is bounded at compile time")
    func declarationChain() {
        let source = (0..<2000).map { "let a\($0) = a\($0 + 1) + 1" }.joined(separator: "\n") + "\nlet a2000 = 0"
        let errors = Fixture.errors(source)
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.contains("depends on declarations nested more than") })
    }

    /// A file large enough to be checked on two threads (`Checker.concurrentWaveSize`): lets
    /// in a first wave, lets that read them in a second, rules that read both in a third, and
    /// rules that read nothing among the first.
    private static func largeFile(declarations count: Int, extra: [String] = []) -> String {
        var lines = [Fixture.header]
        for i in 0..<count {
            lines.append("let base\(i) = view.donations.filter { $0.id == \(i % 4) }.count")
            lines.append("let twice\(i) = base\(i) * 2 + \(i % 3)")
            lines.append("rule r\(i) = twice\(i) + base\(i) >= \(i % 7)")
            lines.append("rule s\(i) = view.donations.contains { $0.name.count > \(i % 15) }")
        }
        return (lines + extra).joined(separator: "\n")
    }

    @Test("a file of thousands of declarations gets the types and values it gets one declaration at a time")
    func largeFileMatchesSmallOnes() {
        let count = 1500
        let compilation = Fixture.compile(Self.largeFile(declarations: count))
        #expect(compilation.diagnostics.isEmpty)
        let types = Dictionary(uniqueKeysWithValues: (compilation.program?.declarations ?? []).map { ($0.name, $0.type.description) })
        let values = Fixture.evaluateAll(Self.largeFile(declarations: count), log: Fixture.log)
        let names = ["Alps", "Wilbere Bowl", "Alps", "Charley Lake"]
        for i in 0..<count {
            let base = [0, 2, 1, 1][i % 4]
            let twice = base * 2 + i % 3
            #expect(types["base\(i)"] == "Int" && types["twice\(i)"] == "Int" && types["r\(i)"] == "Bool" && types["s\(i)"] == "Bool")
            #expect(values["base\(i)"] == "\(base)" && values["twice\(i)"] == "\(twice)")
            #expect(values["r\(i)"] == "\(twice + base >= i % 7)")
            #expect(values["s\(i)"] == "\(names.contains { $0.count > i % 15 })")
        }
        // The same declarations in a small file (checked one after another) give the same trees'
        // answers: spot-check a few against the large file.
        for i in [0, 1, 777, count - 1] {
            let small = Fixture.evaluateAll([Fixture.header, "let base\(i) = view.donations.filter { $0.id == \(i % 4) }.count",
                                             "let twice\(i) = base\(i) * 2 + \(i % 3)", "rule r\(i) = twice\(i) + base\(i) >= \(i % 7)"]
                                            .joined(separator: "\n"), log: Fixture.log)
            #expect(small["r\(i)"] == values["r\(i)"] && small["twice\(i)"] == values["twice\(i)"])
        }
    }

    @Test("a file of thousands of declarations is checked in the order its references give, whatever half they are in")
    func largeFileOrder() {
        // Lets in the first half that read each other in a tree (`c9` reads `c4`, which reads
        // `c2`...), and rules in the second half that read one each: every declaration is
        // checked after those it reads, so all have types.
        let count = 1200
        var lines = ["let c0 = 1"]
        for i in 1..<count { lines.append("let c\(i) = c\((i - 1) / 2) + 1") }
        for i in 0..<count { lines.append("rule q\(i) = c\(count - 1 - i) > 5") }
        let compilation = Fixture.compile(lines.joined(separator: "\n"))
        #expect(compilation.diagnostics.isEmpty)
        let values = Fixture.evaluateAll(lines.joined(separator: "\n"), log: "")
        #expect(values["c\(count - 1)"] == "11" && values["q0"] == "true" && values["q\(count - 1)"] == "false")
    }

    @Test("errors in a file of thousands of declarations are reported as in a small one, capped the same way")
    func largeFileErrors() {
        let count = 1500
        let header = Fixture.header.split(separator: "\n").count
        let one = Fixture.errors(Self.largeFile(declarations: count, extra: ["rule bad = view.donations.count > \"x\""]))
        #expect(one == ["\(header + 4 * count + 1):12: binary operator '>' cannot be applied to operands of type 'Int' and 'String'"])

        // A typo in each of 150 rules: 100 shown, the rest counted, the first ones first.
        let many = (0..<150).map { "rule e\($0) = view.donations.count > nope\($0)" }
        let compilation = RuleCompiler(limits: CompileLimits(maxDiagnostics: 100))
            .compile(SourceFile(name: "t", text: Self.largeFile(declarations: count, extra: many)))
        #expect(compilation.program == nil)
        #expect(compilation.diagnostics.count == 100)
        #expect(compilation.suppressedCount == 50)
        #expect(compilation.diagnostics.first?.message == "cannot find 'nope0' in scope")
        #expect(compilation.diagnostics.last?.message == "cannot find 'nope99' in scope")
    }

    @Test("suggestions pick the closest name within a third of its length, ties by name, case first")
    func suggestionsMatchTheirDefinition() {
        // A brute-force reading of the definition over random short names (ASCII and not),
        // against the search that compares bytes and stops early.
        var random = RobustnessTests.Random(state: 42)
        let alphabet = Array("abAB_cé")
        func word() -> String { String((0..<random.below(8)).map { _ in alphabet[random.below(alphabet.count)] }) }
        for _ in 0..<400 {
            let name = word()
            let candidates = (0..<12).map { _ in word() }
            let limit = max(1, name.count / 3)
            var expected: (name: String, distance: Int)?
            for candidate in Set(candidates) where candidate != name && !candidate.isEmpty {
                let distance = Suggestions.distance(Array(name.lowercased()), Array(candidate.lowercased()))
                guard distance <= limit else { continue }
                if let best = expected, best.distance < distance || (best.distance == distance && best.name < candidate) { continue }
                expected = (candidate, distance)
            }
            #expect(Suggestions.closest(to: name, in: candidates) == expected?.name, "\(name) in \(candidates)")
        }
    }

    @Test("only the first ten unknown names of a file get a suggestion, as swiftc limits typo correction")
    func typoCorrectionLimit() {
        let lets = (0..<12).map { "let value\($0) = \($0)" }
        let typos = (0..<12).map { "let use\($0) = valeu\($0)" }
        let diagnostics = Fixture.compile((lets + typos).joined(separator: "\n")).diagnostics
        #expect(diagnostics.count == 12)
        #expect(diagnostics.prefix(10).map { $0.fixIts.first?.replacement } == (0..<10).map { "value\($0)" })
        #expect(diagnostics.suffix(2).allSatisfy { $0.fixIts.isEmpty })
    }
}
