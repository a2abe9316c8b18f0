/// Swift that a TipKit developer writes out of habit but that TipRules does not have: each
/// gets one error that names the construct and says what to write instead (with a fix-it where
/// the rewrite is mechanical), rather than a generic "expected ..." and a cascade.
extension Parser {
    /// What to write instead of a Swift declaration or statement keyword.
    static let declarationAdvice: [String: String] = [
        "func": "declare a value with 'let NAME = expression' or a condition with 'rule NAME = expression'",
        "var": "values never change, so write 'let NAME = expression'",
        "guard": "write the condition as a value: 'rule NAME = condition'",
        "if": "write the condition as a value: 'rule NAME = if condition { ... } else { ... }' or 'rule NAME = condition'",
        "switch": "choose between values with 'if ... else' or '? :' inside a 'let'",
        "for": "go over donations with 'filter', 'map', 'reduce' or 'contains(where:)'",
        "while": "go over donations with 'filter', 'map', 'reduce' or 'contains(where:)'",
        "return": "a declaration's value follows '='; write 'let NAME = expression'",
        "struct": "a file declares events, parameters, lets and rules, and a tip's rules go in 'rule NAME { ... }'",
        "class": "a file declares events, parameters, lets and rules, and a tip's rules go in 'rule NAME { ... }'",
        "enum": "a file declares events, parameters, lets and rules, and a tip's rules go in 'rule NAME { ... }'",
        "extension": "a file declares events, parameters, lets and rules, and a tip's rules go in 'rule NAME { ... }'",
        "protocol": "a file declares events, parameters, lets and rules, and a tip's rules go in 'rule NAME { ... }'",
        "typealias": "payload types are declared with the event: 'event NAME { field: Type }'",
        "import": "rule files need no imports, so remove the line",
        "static": "declare events with 'event NAME' and parameters with 'parameter NAME: Type = value'",
    ]

    /// Swift's declaration modifiers, read before the keyword of a pasted declaration.
    private static let swiftModifiers: Set<String> = ["static", "public", "private", "internal", "fileprivate", "package", "final", "open"]
    /// The most tokens a pasted declaration's attributes, their arguments and its modifiers
    /// may take before its keyword (`@available(iOS 17.0, macOS 14.0, *) public static var`),
    /// and an event's type and arguments after `Event` (`<DetailDonation>(id: "didView")`).
    private static let swiftHeadLimit = 64
    /// Swift's keywords that declare a name, with whether rules could read that name as a value.
    private static let swiftNamingKeywords: [String: Bool] = [
        "var": true, "func": true, "struct": false, "class": false, "enum": false, "extension": false, "protocol": false, "typealias": false,
    ]

    /// Whether the current token starts a line with what only starts a Swift declaration (an
    /// attribute, `static`, `import`, `struct`, `func`, `var x = ...`, `var rules: [Rule] {`):
    /// where a file pasted from an app goes on after an error, so that each such declaration
    /// gets its own error and fix-it. (Not a tip's other properties, `var title: Text { ... }`,
    /// which the error for its `struct` covers.)
    func startsSwiftDeclaration() -> Bool {
        let token = current
        guard token.isAtStartOfLine else { return false }
        if token.kind == .attribute { return true }
        switch bareWord(token) {
        case "static", "import", "struct", "func": return true
        case "var": return isNameLike(peekKind(1)) && peekKind(2) == .equals || rulesBuilderFixIt() != nil
        default: return false
        }
    }

    /// For a Swift declaration at `start` (`@Parameter static var isLoggedIn: Bool = false`,
    /// `static let didOpen = Tips.Event(id: "didOpen")`, `struct LoginTip: Tip`), the index of
    /// the name it declares, and whether rules could read that name as a value (so that they
    /// are not also told it cannot be found); nil for anything else.
    ///
    /// (It looks at most `swiftHeadLimit` tokens ahead: recovery asks at every such line, and a
    /// file of attributes alone, or of arguments never closed, must not make each ask read the
    /// rest of the file.)
    func swiftDeclarationName(from start: Int) -> (index: Int, isValue: Bool)? {
        var cursor = start
        let startsWithSwift = tokens[start].kind == .attribute
            || tokens[start].kind == .identifier && (Parser.swiftModifiers.contains(tokens[start].text) || Parser.swiftNamingKeywords[tokens[start].text] != nil)
        guard startsWithSwift else { return nil }
        let end = min(tokens.count - 1, start + Parser.swiftHeadLimit)
        while cursor < end, tokens[cursor].kind == .attribute {
            cursor += 1
            // An attribute's arguments: `@Parameter(.transient)`.
            guard tokens[cursor].kind == .leftParen, !tokens[cursor].isAtStartOfLine else { continue }
            var depth = 0
            repeat {
                if tokens[cursor].kind == .leftParen { depth += 1 }
                if tokens[cursor].kind == .rightParen { depth -= 1 }
                cursor += 1
                if cursor >= end { return nil }
            } while depth > 0
        }
        while cursor < end, tokens[cursor].kind == .identifier, Parser.swiftModifiers.contains(tokens[cursor].text) { cursor += 1 }
        guard cursor < end else { return nil }
        let isValue: Bool
        switch tokens[cursor].kind {
        case .keyword(.let): isValue = true
        case .identifier:
            guard let naming = Parser.swiftNamingKeywords[tokens[cursor].text] else { return nil }
            isValue = naming
        default: return nil
        }
        guard cursor + 1 < tokens.count, isNameLike(tokens[cursor + 1].kind) else { return nil }
        return (cursor + 1, isValue)
    }

    /// The error for a declaration that starts with a Swift keyword or attribute, or nil when
    /// the token is not one.
    mutating func swiftDeclaration() -> ParseAbort? {
        let token = current
        if token.kind == .attribute {
            return attributeDeclaration(token)
        }
        guard let word = token.kind == .keyword(.if) ? "if" : bareWord(token), let advice = Parser.declarationAdvice[word] else { return nil }
        if word == "static", let fix = eventFixIt() {
            return fail(ParserMessages.notPartOfTipRules("'static let ... = Tips.Event(...)'", "declare the event with '\(fix.replacement)'"),
                        at: token.range, fixIts: [fix])
        }
        if word == "var", let fix = rulesBuilderFixIt() {
            return fail(ParserMessages.notPartOfTipRules("'var rules: [Rule]'", "write the builder's entries in '\(fix.replacement) { ... }'"),
                        at: token.range, fixIts: [fix])
        }
        var fixIts: [Diagnostic.FixIt] = []
        if word == "var", case .identifier = peekKind(), peekKind(2) == .equals || peekKind(2) == .colon {
            fixIts.append(Diagnostic.FixIt(message: "use 'let'", range: token.range, replacement: "let"))
        }
        if word == "import" {
            let end = tokens[index...].first { $0.isAtStartOfLine && $0.range.start > token.range.start }?.range.start ?? file.bytes.count
            fixIts.append(Diagnostic.FixIt(message: "remove the import", range: SourceRange(start: token.range.start, end: end), replacement: ""))
        }
        return fail(ParserMessages.notPartOfTipRules("'\(word)'", advice), at: token.range, fixIts: fixIts)
    }

    /// `@Parameter static var isLoggedIn: Bool = false` (or `@Parameter(.transient) ...`) is
    /// `parameter isLoggedIn: Bool = false`.
    private mutating func attributeDeclaration(_ token: Token) -> ParseAbort {
        var fixIts: [Diagnostic.FixIt] = []
        if token.text == "Parameter", let declared = swiftDeclarationName(from: index), declared.isValue,
           tokens[declared.index + 1].kind == .colon {
            let name = tokens[declared.index]
            fixIts.append(Diagnostic.FixIt(message: "declare it with 'parameter \(name.text): ...'",
                                           range: SourceRange(start: token.range.start, end: name.range.start), replacement: "parameter "))
        }
        let advice = token.text == "Parameter"
            ? "declare a parameter with 'parameter NAME: Type = value' and use it as 'NAME' or '$NAME'"
            : "remove the attribute"
        return fail(ParserMessages.notPartOfTipRules("'@\(token.text)'", advice), at: token.range, fixIts: fixIts)
    }

    /// `static let didOpen = Tips.Event(id: "didOpen")` is `event didOpen`.
    private func eventFixIt() -> Diagnostic.FixIt? {
        var offset = 1
        guard peekKind(offset) == .keyword(.let) || (peekKind(offset) == .identifier && tokens[index + offset].text == "var") else { return nil }
        offset += 1
        guard case .identifier = peekKind(offset) else { return nil }
        let name = tokens[index + offset].text
        offset += 1
        guard peekKind(offset) == .equals else { return nil }
        // Find `Event` and its argument list on the same declaration.
        var cursor = index + offset + 1
        while cursor < tokens.count - 1, !(tokens[cursor].kind == .identifier && tokens[cursor].text == "Event") {
            if tokens[cursor].isAtStartOfLine { return nil }
            cursor += 1
        }
        guard cursor < tokens.count - 1 else { return nil }
        var depth = 0
        cursor += 1
        // Skip a payload type argument (`Tips.Event<DetailDonation>`), then the parentheses,
        // closed within a few tokens (a fix-it for arguments left open would cut them in two,
        // and looking for their end at every such line would read the rest of the file).
        let limit = min(tokens.count - 1, cursor + Parser.swiftHeadLimit)
        while cursor < limit {
            let kind = tokens[cursor].kind
            if kind == .leftParen { depth += 1 }
            if kind == .rightParen {
                depth -= 1
                if depth == 0 {
                    return Diagnostic.FixIt(message: "declare it as 'event \(name)'",
                                            range: SourceRange(start: current.range.start, end: tokens[cursor].range.end), replacement: "event \(name)")
                }
            }
            if depth == 0 && kind != .binaryOperator && kind != .identifier && kind != .prefixOperator && kind != .postfixOperator { return nil }
            cursor += 1
        }
        return nil
    }

    /// `var rules: [Rule] { ... }` is the rule block `rule rules { ... }`.
    private func rulesBuilderFixIt() -> Diagnostic.FixIt? {
        guard case .identifier = peekKind(1), peekKind(2) == .colon, peekKind(3) == .leftBracket,
              tokens[index + 4].text == "Rule", peekKind(5) == .rightBracket, peekKind(6) == .leftBrace else { return nil }
        let name = tokens[index + 1].text
        return Diagnostic.FixIt(message: "write it as 'rule \(name)'", range: SourceRange(start: current.range.start, end: tokens[index + 5].range.end),
                                replacement: "rule \(name)")
    }

    /// `x as Double`, `x is Int`: casts, which a statically typed rule never needs.
    mutating func castError(_ token: Token) -> ParseAbort {
        fail(ParserMessages.notPartOfTipRules("'\(token.text)'", "types are fixed when the file is checked, and numbers convert with 'Double(x)' or 'Int(x)'"),
             at: token.range)
    }

    /// The error for an operator Swift has and TipRules does not.
    mutating func unknownOperatorError(_ token: Token, _ position: String) -> ParseAbort {
        let text = token.text
        if ["&+", "&-", "&*"].contains(text) {
            let plain = String(text.dropFirst())
            return fail(ParserMessages.notPartOfTipRules("'\(text)'", "arithmetic that overflows is a runtime error, never a wrap, so use '\(plain)'"),
                        at: token.range, fixIts: [Diagnostic.FixIt(message: "use '\(plain)'", range: token.range, replacement: plain)])
        }
        if ["<<", ">>", "&", "|", "^", "~", "&<<", "&>>"].contains(text) {
            return fail(ParserMessages.notPartOfTipRules("'\(text)'", "rules have no bitwise operators"),
                        at: token.range)
        }
        if ["+=", "-=", "*=", "/=", "%="].contains(text) {
            return fail(ParserMessages.notPartOfTipRules("'\(text)'", "values never change, so write the new value, as in 'x + 1'"), at: token.range)
        }
        if text == "===" || text == "!==" {
            let plain = String(text.dropLast())
            return fail(ParserMessages.notPartOfTipRules("'\(text)'", "values have no identity, so compare them with '\(plain)'"),
                        at: token.range, fixIts: [Diagnostic.FixIt(message: "use '\(plain)'", range: token.range, replacement: plain)])
        }
        return fail(ParserMessages.unknownOperator(text, position), at: token.range)
    }
}
