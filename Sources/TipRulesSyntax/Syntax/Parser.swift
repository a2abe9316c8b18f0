/// Thrown inside the parser to abandon the current declaration after an error was recorded.
struct ParseAbort: Error {}

/// A recursive-descent parser with one method per grammar production (see
/// `Grammar/TipRules.ebnf`). Each method's doc comment quotes its production on a `grammar:`
/// line, and a test checks that the two agree.
///
/// After a syntax error the parser skips to the next declaration keyword, so one run reports
/// every broken declaration. Nesting is bounded by `limits.maxNestingDepth`: beyond it the
/// parser reports an error instead of recursing further.
package struct Parser {
    let file: SourceFile
    let tokens: [Token]
    let limits: CompileLimits
    var index = 0
    var depth = 0
    var diagnostics: DiagnosticBag
    /// False while reading an `if` condition, where `{` starts the branch, not a trailing closure.
    var allowsTrailingClosure = true

    init(file: SourceFile, tokens: [Token], limits: CompileLimits, diagnostics: DiagnosticBag) {
        self.file = file
        self.tokens = tokens
        self.limits = limits
        self.diagnostics = diagnostics
    }

    /// Lexes and parses a file, adding every lexical and syntax error to `diagnostics`.
    package static func parse(_ file: SourceFile, limits: CompileLimits = CompileLimits(), diagnostics: inout DiagnosticBag) -> SyntaxFile {
        if file.bytes.count > limits.maxSourceBytes {
            diagnostics.add(Diagnostic(ParserMessages.sourceTooLarge(file.bytes.count, limits.maxSourceBytes),
                                       file: file, range: SourceRange(start: 0, end: 0)))
            return SyntaxFile(file: file, declarations: [], brokenNames: [])
        }
        if let split = splitPoint(file, diagnostics: diagnostics), let halves = parseHalves(file, at: split, limits: limits) {
            return SyntaxFile(file: file, declarations: halves.0.declarations + halves.1.declarations, brokenNames: [])
        }
        return parseRange(file, nil, limits: limits, diagnostics: &diagnostics)
    }

    /// Lexes and parses the declarations in one part of a file (declarations a REPL session
    /// appends to text it already checked), with ranges in the whole file. The part must start
    /// where a declaration may (the file's start, or after a complete declaration's line).
    package static func parse(_ file: SourceFile, in range: SourceRange, limits: CompileLimits = CompileLimits(),
                              diagnostics: inout DiagnosticBag) -> SyntaxFile {
        parseRange(file, range, limits: limits, diagnostics: &diagnostics)
    }

    private static func parseRange(_ file: SourceFile, _ range: SourceRange?, limits: CompileLimits,
                                   diagnostics: inout DiagnosticBag) -> SyntaxFile {
        let tokens = Lexer.tokenize(file, in: range, into: &diagnostics)
        var parser = Parser(file: file, tokens: tokens, limits: limits, diagnostics: diagnostics)
        let result = parser.ruleFile()
        diagnostics = parser.diagnostics
        return result
    }

    /// How large a file is before its two halves are lexed and parsed on two threads.
    package static let concurrentParseBytes = 1 << 20

    /// Where a large file may be cut in two for parsing: the start of the first line after its
    /// middle that begins with a declaration keyword and a space. Nil for a small file, on a
    /// machine with one processor, or when the caller already holds diagnostics.
    private static func splitPoint(_ file: SourceFile, diagnostics: DiagnosticBag) -> Int? {
        let bytes = file.bytes
        guard bytes.count >= concurrentParseBytes, LargeStack.processorCount > 1, diagnostics.diagnostics.isEmpty else { return nil }
        let keywords: [[UInt8]] = ["rule ", "let ", "event ", "parameter ", "tip "].map { Array($0.utf8) }
        var index = bytes.count / 2
        while index < bytes.count - 1 {
            if bytes[index] == UInt8(ascii: "\n") {
                let start = index + 1
                for keyword in keywords where bytes[start...].starts(with: keyword) { return start }
            }
            index += 1
        }
        return nil
    }

    /// The two halves of a file cut at `split`, each lexed and parsed on its own thread; nil
    /// when either has any diagnostic. A cut inside a comment or a string leaves the first
    /// half unterminated, which is an error; and a declaration keyword can only continue an
    /// expression where the cut half would be incomplete, which is an error too. So without
    /// diagnostics the halves hold exactly the declarations of the whole, in order; with any,
    /// the caller parses the file whole, which reports them as one parse does.
    private static func parseHalves(_ file: SourceFile, at split: Int, limits: CompileLimits) -> (SyntaxFile, SyntaxFile)? {
        var (firstDiagnostics, secondDiagnostics) = (DiagnosticBag(limit: 1), DiagnosticBag(limit: 1))
        let (later, earlier) = LargeStack.concurrently({
            parseRange(file, SourceRange(start: split, end: file.bytes.count), limits: limits, diagnostics: &secondDiagnostics)
        }, alongside: {
            parseRange(file, SourceRange(start: 0, end: split), limits: limits, diagnostics: &firstDiagnostics)
        })
        guard firstDiagnostics.diagnostics.isEmpty, firstDiagnostics.suppressedCount == 0,
              secondDiagnostics.diagnostics.isEmpty, secondDiagnostics.suppressedCount == 0 else { return nil }
        return (earlier, later)
    }

    // MARK: - Token helpers

    var current: Token { tokens[index] }
    var previous: Token { tokens[max(0, index - 1)] }

    func peekKind(_ offset: Int = 1) -> TokenKind {
        tokens[min(index + offset, tokens.count - 1)].kind
    }

    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    func check(_ kind: TokenKind) -> Bool { current.kind == kind }

    mutating func match(_ kind: TokenKind) -> Bool {
        guard check(kind) else { return false }
        advance()
        return true
    }

    /// The text of an identifier written bare, not escaped with backticks; nil for any other
    /// token. Swift's words that TipRules does not reserve (`var`, `return`, `as`, `static`)
    /// mean what Swift means only bare: `` `var` `` is a name.
    func bareWord(_ token: Token) -> String? {
        guard case .identifier = token.kind, file.bytes[token.range.start] != UInt8(ascii: "`") else { return nil }
        return token.text
    }

    func describe(_ token: Token) -> String {
        switch token.kind {
        case .endOfFile: return "end of file"
        case .stringLiteral: return "string literal"
        case .integerLiteral, .floatLiteral: return "'\(token.text)'"
        default: return "'\(file.text(in: token.range))'"
        }
    }

    mutating func fail(_ message: DiagnosticMessage, at range: SourceRange, notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []) -> ParseAbort {
        diagnostics.add(Diagnostic(message, file: file, range: range, notes: notes, fixIts: fixIts))
        return ParseAbort()
    }

    mutating func warn(_ message: DiagnosticMessage, at range: SourceRange, fixIts: [Diagnostic.FixIt] = []) {
        diagnostics.add(Diagnostic(message, severity: .warning, file: file, range: range, fixIts: fixIts))
    }

    mutating func expect(_ kind: TokenKind, _ what: String, opening: Token? = nil) throws -> Token {
        if check(kind) { return advance() }
        var notes: [Diagnostic.Note] = []
        if let opening {
            notes.append(Diagnostic.Note(message: ParserMessages.closingNote + " '\(file.text(in: opening.range))'", file: file, range: opening.range))
        }
        throw fail(ParserMessages.expected(what, found: describe(current)), at: current.range, notes: notes)
    }

    mutating func expectIdentifier(_ what: String) throws -> Identifier {
        if case .identifier = current.kind {
            let token = advance()
            return Identifier(name: token.text, range: token.range)
        }
        if case .keyword(let keyword) = current.kind {
            let token = current
            throw fail(ParserMessages.reservedWord(keyword.rawValue, what), at: token.range, fixIts: [
                Diagnostic.FixIt(message: "escape the keyword with backticks: `\(keyword.rawValue)`", range: token.range, replacement: "`\(keyword.rawValue)`")
            ])
        }
        throw fail(ParserMessages.expected(what, found: describe(current)), at: current.range)
    }

    /// Stops with an error when a tree built without recursion (an operator chain, a run of
    /// prefix operators or postfix suffixes) grows past the nesting limit.
    mutating func bounded(_ expression: Expression) throws -> Expression {
        if expression.depth > limits.maxNestingDepth {
            throw fail(ParserMessages.tooComplex(limits.maxNestingDepth), at: expression.range)
        }
        return expression
    }

    /// Runs a nested production, stopping with an error past the nesting limit.
    mutating func nested<T>(_ body: (inout Parser) throws -> T) throws -> T {
        depth += 1
        defer { depth -= 1 }
        if depth > limits.maxNestingDepth {
            throw fail(ParserMessages.tooComplex(limits.maxNestingDepth), at: current.range)
        }
        return try body(&self)
    }

    /// Runs a nested production inside brackets, where a trailing closure is allowed again
    /// even within an `if` condition, as in Swift.
    mutating func bracketed<T>(_ body: (inout Parser) throws -> T) throws -> T {
        let saved = allowsTrailingClosure
        allowsTrailingClosure = true
        defer { allowsTrailingClosure = saved }
        return try nested(body)
    }

    // MARK: - Declarations

    /// grammar: ruleFile = { declaration [ ";" ] } EOF ;
    ///
    /// (A `;` may end a declaration, as it may end a Swift statement.)
    mutating func ruleFile() -> SyntaxFile {
        var declarations: [Declaration] = []
        var brokenNames: [String] = []
        while !check(.endOfFile) {
            let start = index
            allowsTrailingClosure = true
            do {
                if let declaration = try declaration() {
                    declarations.append(declaration)
                }
                _ = match(.semicolon)
                if !check(.endOfFile), !startsDeclaration(current) {
                    throw consecutiveTokenError()
                }
            } catch {
                if startsDeclaration(tokens[start]), case .identifier = tokens[start + 1].kind {
                    brokenNames.append(tokens[start + 1].text)
                } else if let declared = swiftDeclarationName(from: start) {
                    // A pasted Swift declaration: its name is known (no "cannot find" for its
                    // uses), and going on starts after its attributes and modifiers.
                    if declared.isValue { brokenNames.append(tokens[declared.index].text) }
                    index = max(index, declared.index)
                }
                synchronize(from: start)
            }
        }
        return SyntaxFile(file: file, declarations: declarations, brokenNames: brokenNames)
    }

    private func startsDeclaration(_ token: Token) -> Bool {
        if case .keyword(let keyword) = token.kind { return keyword.startsDeclaration }
        return false
    }

    /// What follows a complete expression that cannot continue it.
    private mutating func consecutiveTokenError() -> ParseAbort {
        let token = current
        if token.kind == .prefixOperator || token.kind == .postfixOperator {
            return fail(ParserMessages.consecutiveExpressions(token.text), at: token.range)
        }
        if token.isAtStartOfLine, let abort = swiftDeclaration() { return abort }
        return fail(ParserMessages.expectedDeclarationEnd, at: token.range)
    }

    /// Skips to the next declaration keyword that starts a line and is followed by a name (not
    /// a closure's parameter read at the start of a line, `event.donations.count > 2`, see
    /// `Keyword.isContextual`), to the next line that starts a Swift declaration, or to the end
    /// of the file. A declaration keyword inside braces the broken declaration opened (a `let`
    /// written in a closure) is not one, unless it is at the very start of its line, where a
    /// declaration after a brace left open is.
    private mutating func synchronize(from start: Int) {
        if index == start { advance() }
        var depth = 0
        for token in tokens[start..<index] { depth += token.kind == .leftBrace ? 1 : token.kind == .rightBrace ? -1 : 0 }
        while !check(.endOfFile) && !startsSwiftDeclaration() {
            if startsDeclaration(current) && current.isAtStartOfLine && isNameLike(peekKind(1))
                && (depth <= 0 || current.range.start == 0 || file.bytes[current.range.start - 1] == UInt8(ascii: "\n")) {
                return
            }
            depth += current.kind == .leftBrace ? 1 : current.kind == .rightBrace ? -1 : 0
            advance()
        }
    }

    /// grammar: declaration = eventDeclaration | parameterDeclaration | valueDeclaration ;
    mutating func declaration() throws -> Declaration? {
        switch current.kind {
        case .keyword(.event): return .event(try eventDeclaration())
        case .keyword(.parameter): return .parameter(try parameterDeclaration())
        case .keyword(.let), .keyword(.rule): return .value(try valueDeclaration())
        case .keyword(.tip): throw fail(ParserMessages.tipUnsupported, at: current.range)
        default:
            if let abort = swiftDeclaration() { throw abort }
            throw fail(ParserMessages.expectedDeclaration(found: describe(current)), at: current.range)
        }
    }

    /// grammar: eventDeclaration = "event" identifier [ callArguments ] [ payload ] ;
    mutating func eventDeclaration() throws -> EventDeclaration {
        let keyword = advance()
        let name = try expectIdentifier("an event name")
        var options: [Argument] = []
        if check(.leftParen) {
            options = try callArguments()
        }
        var fields: [FieldDeclaration] = []
        if check(.leftBrace) {
            fields = try payload()
        }
        return EventDeclaration(name: name, options: options, fields: fields, range: keyword.range.union(previous.range))
    }

    /// grammar: payload = "{" [ field { [ "," ] field } [ "," ] ] "}" ;
    mutating func payload() throws -> [FieldDeclaration] {
        let open = advance()
        var fields: [FieldDeclaration] = []
        while !check(.rightBrace) {
            if check(.endOfFile) { _ = try expect(.rightBrace, "'}'", opening: open) }
            fields.append(try field())
            if match(.comma) { continue }
            if !check(.rightBrace) && !current.isAtStartOfLine {
                throw fail(ParserMessages.expected("',' or a new line between fields", found: describe(current)), at: current.range)
            }
        }
        advance()
        return fields
    }

    /// grammar: field = identifier ":" type ;
    mutating func field() throws -> FieldDeclaration {
        // `let landmarkID: Int`, as a Swift struct would write it: one error, then the field.
        let isLet = current.kind == .keyword(.let) || (current.kind == .identifier && current.text == "var")
        if isLet, case .identifier = peekKind(), peekKind(2) == .colon {
            let word = advance()
            let removal = SourceRange(start: word.range.start, end: current.range.start)
            _ = fail(ParserMessages.fieldWithLet(word.text), at: word.range, fixIts: [
                Diagnostic.FixIt(message: "remove '\(word.text)'", range: removal, replacement: ""),
            ])
        }
        let name = try expectIdentifier("a field name")
        _ = try expect(.colon, "':' and a type after the field name")
        return FieldDeclaration(name: name, type: try type())
    }

    /// grammar: type = ( identifier { "." identifier } [ "<" type { "," type } ">" ] | "[" type "]" ) { "?" } ;
    ///
    /// (A qualified name, such as TipKit's `Tips.Event`, is read whole, for the checker to say
    /// it is no TipRules type.)
    mutating func type() throws -> TypeSyntax {
        try nested { p in try p.typeBody() }
    }

    private mutating func typeBody() throws -> TypeSyntax {
        var result: TypeSyntax
        var pendingQuestions = 0
        if check(.leftBracket) {
            let open = advance()
            let element = try type()
            let close = try expect(.rightBracket, "']'", opening: open)
            result = .array(element, open.range.union(close.range))
        } else {
            var name = try expectIdentifier("a type")
            while check(.dot), case .identifier = peekKind() {
                advance()
                let component = advance()
                name = Identifier(name: name.name + "." + component.text, range: name.range.union(component.range))
            }
            result = .named(name)
            if current.kind == .binaryOperator && current.text == "<" {
                advance()
                var arguments = [try type()]
                while match(.comma) { arguments.append(try type()) }
                // '>' may be lexed together with following '?': `Set<Int>?`.
                let close = current
                guard close.text.first == ">", close.text.dropFirst().allSatisfy({ $0 == "?" }),
                      [.binaryOperator, .postfixOperator, .prefixOperator].contains(close.kind)
                else {
                    throw fail(ParserMessages.expected("'>'", found: describe(close)), at: close.range)
                }
                advance()
                pendingQuestions = close.text.count - 1
                result = .generic(name, arguments, name.range.union(SourceRange(start: close.range.start, end: close.range.start + 1)))
            }
        }
        for _ in 0..<pendingQuestions {
            result = .optional(result, result.range.union(previous.range))
        }
        while (current.kind == .postfixOperator || current.kind == .postfixQuestion || current.kind == .binaryOperator)
                && !current.text.isEmpty && current.text.allSatisfy({ $0 == "?" }) && !current.isAtStartOfLine {
            let token = advance()
            for offset in 0..<token.text.count {
                result = .optional(result, result.range.union(SourceRange(start: token.range.start + offset, end: token.range.start + offset + 1)))
            }
        }
        return result
    }

    /// grammar: parameterDeclaration = "parameter" identifier ":" type "=" expression ;
    mutating func parameterDeclaration() throws -> ParameterDeclaration {
        let keyword = advance()
        let name = try expectIdentifier("a parameter name")
        _ = try expect(.colon, "':' and a type after the parameter name")
        let type = try type()
        _ = try expect(.equals, "'=' and a default value")
        let value = try expression()
        return ParameterDeclaration(name: name, type: type, defaultValue: value, range: keyword.range.union(value.range))
    }

    /// grammar: valueDeclaration = "let" identifier [ ":" type ] "=" valueExpression | "rule" identifier ( "=" valueExpression | ruleBlock ) ;
    mutating func valueDeclaration() throws -> ValueDeclaration {
        let keyword = advance()
        let kind: ValueDeclaration.Kind = keyword.kind == .keyword(.let) ? .let : .rule
        let name = try expectIdentifier(kind == .let ? "a name after 'let'" : "a rule name")
        if kind == .rule, check(.leftBrace) {
            let (value, close) = try ruleBlock()
            return ValueDeclaration(kind: kind, name: name, value: value, range: keyword.range.union(close))
        }
        if kind == .rule, check(.colon) {
            // `rule r: Bool = ...`, as a `let` writes its type: a rule is always `Bool`.
            let colon = advance()
            let written = try type()
            throw fail(ParserMessages.expected("'=' after the name", found: describe(colon)), at: colon.range,
                       fixIts: [Diagnostic.FixIt(message: "remove the type; a rule is always 'Bool'", range: colon.range.union(written.range),
                                                 replacement: "")])
        }
        var annotation: TypeSyntax?
        if kind == .let, match(.colon) {
            annotation = try type()
        }
        _ = try expect(.equals, annotation == nil ? "'=' after the name" : "'=' and a value after the type")
        let value = try valueExpression()
        return ValueDeclaration(kind: kind, name: name, annotation: annotation, value: value, range: keyword.range.union(value.range))
    }

    /// grammar: ruleBlock = "{" ( "return" arrayLiteral [ ";" ] | { valueExpression [ ";" ] } ) "}" ;
    ///
    /// The body of a tip's `var rules: [Rule] { ... }`: entries one per line (or after a `;`,
    /// Swift's statement separator), all of which must hold, or one array literal of entries
    /// (`{[ #Rule(...) { ... }, ... ]}`), which the getter may `return` (as it must when it says
    /// `return`: that turns the rule builder off). It reads as the entries joined by `&&`, left
    /// to right (`true` when there are none). Returns that expression and the range of the
    /// closing brace.
    mutating func ruleBlock() throws -> (Expression, SourceRange) {
        try nested { p in
            let open = p.advance()
            let returns = p.peekKind(1) == .leftBracket && p.skipReturn()
            var combined: Expression?
            var separated = false
            while !p.check(.rightBrace) {
                if p.check(.endOfFile) || (returns && combined != nil) {
                    // (After `return [...]` nothing more runs: Swift warns, and ignores it.)
                    _ = try p.expect(.rightBrace, "'}' to end the rule block", opening: open)
                }
                if combined != nil && !separated && !p.current.isAtStartOfLine {
                    throw p.fail(ParserMessages.expected("a new line, ';' or '}' after a rule entry", found: p.describe(p.current)), at: p.current.range)
                }
                let written = try p.valueExpression()
                separated = p.match(.semicolon)
                // `var rules: [Rule] { [#Rule(...) { ... }, ...] }` returns the array itself;
                // its elements are the entries.
                let entries: [Expression]
                if case .arrayLiteral(let elements) = written.kind { entries = elements } else { entries = [written] }
                for entry in entries {
                    combined = combined.map { Expression(.binary("&&", $0, entry), $0.range.union(entry.range)) } ?? entry
                    if let current = combined { combined = try p.bounded(current) }
                }
            }
            let close = p.advance()
            return (combined ?? Expression(.booleanLiteral(true), open.range.union(close.range)), close.range)
        }
    }
}

extension Parser {
    /// Parses a source that holds one expression (the CLI's `--expr`, the REPL), or the part
    /// of a file in `range` that holds one (a declaration's value, parsed again on its own).
    package static func parseExpression(_ file: SourceFile, in range: SourceRange? = nil, limits: CompileLimits = CompileLimits(),
                                        diagnostics: inout DiagnosticBag) -> Expression? {
        let size = range.map { $0.end - $0.start } ?? file.bytes.count
        if size > limits.maxSourceBytes {
            diagnostics.add(Diagnostic(ParserMessages.sourceTooLarge(size, limits.maxSourceBytes),
                                       file: file, range: SourceRange(start: range?.start ?? 0, end: range?.start ?? 0)))
            return nil
        }
        let tokens = Lexer.tokenize(file, in: range, into: &diagnostics)
        var parser = Parser(file: file, tokens: tokens, limits: limits, diagnostics: diagnostics)
        defer { diagnostics = parser.diagnostics }
        let before = parser.diagnostics
        do {
            let expression = try parser.valueExpression()
            if !parser.check(.endOfFile) {
                throw parser.fail(ParserMessages.expected("the end of the expression", found: parser.describe(parser.current)), at: parser.current.range)
            }
            return expression
        } catch {
            // `var x = 1` typed where an expression goes: say what Swift construct it is.
            var retry = parser
            retry.index = 0
            retry.diagnostics = before
            if retry.swiftDeclaration() != nil { parser.diagnostics = retry.diagnostics }
            return nil
        }
    }
}
