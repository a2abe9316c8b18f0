/// An infix operator between two operands of a flat expression sequence.
private struct InfixOperator {
    var spelling: String
    var group: PrecedenceGroup
    var range: SourceRange
    /// The middle expression of `? middle :`.
    var middle: Expression?
}

extension Parser {
    /// grammar: expression = prefixExpression { infixOperation } ;
    ///
    /// As in Swift's own grammar, the operands and operators are read as a flat sequence and
    /// folded by `OperatorTable` precedence afterwards, without recursion.
    mutating func expression() throws -> Expression {
        try nested { p in
            // Most expressions have no infix operator or one (`count >= 3`, a closure's
            // `$0.id == 20`): those are made without the arrays a longer sequence is folded in.
            let first = try p.prefixExpression()
            guard let (op, second) = try p.infixOperation() else { return first }
            guard let (nextOp, third) = try p.infixOperation() else { return try p.combined(first, op, second) }
            var operands = [first, second, third]
            var operators = [op, nextOp]
            while let (op, operand) = try p.infixOperation() {
                operators.append(op)
                operands.append(operand)
            }
            return try p.fold(operands, operators)
        }
    }

    /// `lhs op rhs` as one node (`op` is `?:` with its middle for a conditional).
    private mutating func combined(_ lhs: Expression, _ op: InfixOperator, _ rhs: Expression) throws -> Expression {
        let range = lhs.range.union(rhs.range)
        if let middle = op.middle {
            return try bounded(Expression(.ternary(lhs, middle, rhs), range))
        }
        return try bounded(Expression(.binary(op.spelling, lhs, rhs), range))
    }

    /// grammar: infixOperation = binaryOperator prefixExpression | "?" expression ":" prefixExpression ;
    private mutating func infixOperation() throws -> (InfixOperator, Expression)? {
        switch current.kind {
        case .binaryOperator:
            let token = advance()
            guard let group = OperatorTable.binary[token.text] else {
                throw unknownOperatorError(token, "binary")
            }
            return (InfixOperator(spelling: token.text, group: group, range: token.range), try prefixExpression())
        case .ternaryQuestion:
            let question = advance()
            let middle = try expression()
            _ = try expect(.colon, "':' in the conditional expression", opening: question)
            return (InfixOperator(spelling: "?:", group: .ternary, range: question.range, middle: middle), try prefixExpression())
        case .equals:
            throw fail(ParserMessages.expected("an operator", found: "'='"), at: current.range, fixIts: [
                Diagnostic.FixIt(message: "use '==' to compare values", range: current.range, replacement: "==")
            ])
        case .identifier where !current.isAtStartOfLine && (bareWord(current) == "as" || bareWord(current) == "is"):
            throw castError(current)
        default:
            return nil
        }
    }

    /// Folds a flat operand/operator sequence into a tree with an explicit operator stack.
    private mutating func fold(_ operands: [Expression], _ operators: [InfixOperator]) throws -> Expression {
        var values: [Expression] = [operands[0]]
        var pending: [InfixOperator] = []

        func reduce(_ parser: inout Parser) throws {
            let op = pending.removeLast()
            let rhs = values.removeLast()
            let lhs = values.removeLast()
            values.append(try parser.combined(lhs, op, rhs))
        }

        for (offset, op) in operators.enumerated() {
            while let top = pending.last {
                if top.group == op.group && op.group.associativity == .none {
                    throw fail(ParserMessages.nonAssociative(op.group), at: op.range)
                }
                let reduces = top.group > op.group || (top.group == op.group && op.group.associativity == .left)
                guard reduces else { break }
                try reduce(&self)
            }
            pending.append(op)
            values.append(operands[offset + 1])
        }
        while !pending.isEmpty { try reduce(&self) }
        return values[0]
    }

    /// grammar: prefixExpression = { prefixOperator } postfixExpression ;
    mutating func prefixExpression() throws -> Expression {
        var prefixes: [Token] = []
        while current.kind == .prefixOperator {
            let token = advance()
            guard OperatorTable.prefix.contains(token.text) else {
                throw unknownOperatorError(token, "prefix")
            }
            prefixes.append(token)
        }
        var operand = try postfixExpression()
        // Swift reads '-' glued to a number literal as part of the literal: -9223372036854775808 fits Int.
        if let last = prefixes.last, last.text == "-", last.range.end == operand.range.start {
            switch operand.kind {
            case .integerLiteral(let digits, negative: false):
                operand = Expression(.integerLiteral(digits, negative: true), last.range.union(operand.range))
                prefixes.removeLast()
            case .floatLiteral(let digits, negative: false):
                operand = Expression(.floatLiteral(digits, negative: true), last.range.union(operand.range))
                prefixes.removeLast()
            default:
                break
            }
        }
        for token in prefixes.reversed() {
            operand = try bounded(Expression(.prefix(token.text, operand), token.range.union(operand.range)))
        }
        return operand
    }

    /// grammar: postfixExpression = primaryExpression { postfixSuffix } ;
    mutating func postfixExpression() throws -> Expression {
        var result = try primaryExpression()
        var chained = false
        while try postfixSuffix(&result, &chained) {
            result = try bounded(result)
        }
        if chained {
            result = Expression(.optionalChain(result), result.range)
        }
        return result
    }

    /// grammar: postfixSuffix = "." ( memberName | dollarIdentifier ) | "?" | "!" | callArguments [ closure ] | closure | "[" expression "]" ;
    private mutating func postfixSuffix(_ result: inout Expression, _ chained: inout Bool) throws -> Bool {
        switch current.kind {
        case .dot:
            advance()
            // `Self.$isLoggedIn`: a parameter itself, named through its Swift home.
            let name: Identifier
            if current.kind == .dollarIdentifier {
                let token = advance()
                name = Identifier(name: "$" + token.text, range: token.range)
            } else {
                name = try memberName()
            }
            result = Expression(.member(result, name), result.range.union(name.range))
        case .postfixQuestion:
            let token = advance()
            chained = true
            result = Expression(.bindOptional(result), result.range.union(token.range))
            if !check(.dot) && !check(.leftBracket) {
                throw fail(ParserMessages.optionalChainNeedsMember, at: token.range)
            }
        case .postfixOperator:
            let token = current
            guard token.text.allSatisfy({ $0 == "!" }) else {
                throw fail(ParserMessages.unknownOperator(token.text, "postfix"), at: token.range, fixIts: [
                    Diagnostic.FixIt(message: "put spaces on both sides of a binary operator", range: token.range, replacement: " \(token.text) ")
                ])
            }
            advance()
            for offset in 0..<token.text.count {
                let end = token.range.start + offset + 1
                result = Expression(.forceUnwrap(result), result.range.union(SourceRange(start: end - 1, end: end)))
            }
        case .leftParen where !current.isAtStartOfLine:
            let arguments = try callArguments()
            result = Expression(.call(result, arguments), result.range.union(previous.range))
        case .leftBrace where allowsTrailingClosure || closureContinuesCondition():
            if !allowsTrailingClosure {
                // As Swift does: accepted, with a warning that it reads like the body.
                var fixIts: [Diagnostic.FixIt] = []
                if case .call = result.kind {} else if let end = matchingBraceEnd() {
                    let range = SourceRange(start: current.range.start, end: end)
                    fixIts.append(Diagnostic.FixIt(message: "pass the closure in parentheses", range: range, replacement: "(" + file.text(in: range) + ")"))
                }
                warn(ParserMessages.confusableTrailingClosure, at: current.range, fixIts: fixIts)
            }
            let closure = try closure()
            if case .call(let callee, var arguments) = result.kind, result.range.end <= closure.range.start {
                arguments.append(Argument(label: nil, value: closure, isTrailingClosure: true))
                result = Expression(.call(callee, arguments), result.range.union(closure.range))
            } else {
                result = Expression(.call(result, [Argument(label: nil, value: closure, isTrailingClosure: true)]), result.range.union(closure.range))
            }
        case .leftBracket where !current.isAtStartOfLine:
            let (open, index) = try bracketed { p in (p.advance(), try p.expression()) }
            let close = try expect(.rightBracket, "']'", opening: open)
            result = Expression(.subscriptAccess(result, index), result.range.union(close.range))
        default:
            return false
        }
        return true
    }

    /// Whether the `{` here, inside an `if` condition, is a trailing closure after all: what
    /// follows its matching `}` continues the condition (another `{`, a member, an operator),
    /// where the branch's `}` would be followed by `else`.
    private func closureContinuesCondition() -> Bool {
        guard let end = matchingBraceIndex(), end + 1 < tokens.count else { return false }
        switch tokens[end + 1].kind {
        case .leftBrace, .dot, .postfixQuestion, .binaryOperator, .postfixOperator, .ternaryQuestion: return true
        default: return false
        }
    }

    /// The index of the `}` matching the `{` at the current token.
    private func matchingBraceIndex() -> Int? {
        var depth = 0
        for position in index..<tokens.count {
            switch tokens[position].kind {
            case .leftBrace: depth += 1
            case .rightBrace:
                depth -= 1
                if depth == 0 { return position }
            case .endOfFile: return nil
            default: break
            }
        }
        return nil
    }

    private func matchingBraceEnd() -> Int? {
        matchingBraceIndex().map { tokens[$0].range.end }
    }

    /// grammar: memberName = identifier | keyword ;
    private mutating func memberName() throws -> Identifier {
        switch current.kind {
        case .identifier, .keyword:
            let token = advance()
            return Identifier(name: token.text, range: token.range)
        default:
            throw fail(ParserMessages.expected("a member name after '.'", found: describe(current)), at: current.range)
        }
    }

    /// grammar: callArguments = "(" [ argument { "," argument } ] ")" ;
    mutating func callArguments() throws -> [Argument] {
        try bracketed { p in
            let open = p.advance()
            var arguments: [Argument] = []
            while !p.check(.rightParen) {
                arguments.append(try p.argument())
                if !p.match(.comma) { break }
            }
            _ = try p.expect(.rightParen, "')' or ',' in the argument list", opening: open)
            return arguments
        }
    }

    /// grammar: argument = [ memberName ":" ] ( operatorFunction | expression ) ;
    private mutating func argument() throws -> Argument {
        var label: Identifier?
        switch current.kind {
        case .identifier, .keyword:
            if peekKind() == .colon {
                label = try memberName()
                advance()
            }
        default:
            break
        }
        if let function = try operatorFunction() { return Argument(label: label, value: function) }
        return Argument(label: label, value: try expression())
    }

    /// An operator passed as a function, as Swift allows (`reduce(0, +)`, `sorted(by: >)`):
    /// it means `{ $0 + $1 }`. `&&`, `||` and `??` take their right side as an autoclosure, so
    /// Swift does not let them be passed, and neither does TipRules.
    ///
    /// grammar: operatorFunction = "*" | "/" | "%" | "+" | "-" | "==" | "!=" | "<" | "<=" | ">" | ">=" ;
    private mutating func operatorFunction() throws -> Expression? {
        let token = current
        switch token.kind {
        case .binaryOperator, .prefixOperator, .postfixOperator: break
        default: return nil
        }
        guard peekKind() == .rightParen || peekKind() == .comma else { return nil }
        if ["&&", "||", "??"].contains(token.text) {
            throw fail(ParserMessages.autoclosureOperator(token.text), at: token.range, fixIts: [
                Diagnostic.FixIt(message: "write '{ $0 \(token.text) $1 }'", range: token.range, replacement: "{ $0 \(token.text) $1 }"),
            ])
        }
        guard Parser.operatorFunctions.contains(token.text) else { return nil }
        advance()
        let first = Expression(.dollarIdentifier("0"), token.range)
        let second = Expression(.dollarIdentifier("1"), token.range)
        return Expression(.closure([], Expression(.binary(token.text, first, second), token.range), nil), token.range)
    }

    /// The operators that may be passed as functions.
    static let operatorFunctions: Set<String> = ["*", "/", "%", "+", "-", "==", "!=", "<", "<=", ">", ">="]

    /// grammar: primaryExpression = integerLiteral | floatLiteral | stringLiteral | "true" | "false" | "nil" | localName | dollarIdentifier | "." memberName | "(" expression ")" | typeInitializer | arrayLiteral | closure | keyPath | ruleMacro | ifExpression ;
    mutating func primaryExpression() throws -> Expression {
        let token = current
        switch token.kind {
        case .integerLiteral:
            advance()
            return Expression(.integerLiteral(token.text, negative: false), token.range)
        case .floatLiteral:
            advance()
            return Expression(.floatLiteral(token.text, negative: false), token.range)
        case .stringLiteral:
            advance()
            return Expression(.stringLiteral(token.text), token.range)
        case .keyword(.true), .keyword(.false):
            advance()
            return Expression(.booleanLiteral(token.kind == .keyword(.true)), token.range)
        case .keyword(.nil):
            advance()
            return Expression(.nilLiteral, token.range)
        case .identifier:
            if let initializer = try typeInitializer() { return initializer }
            advance()
            return Expression(.identifier(token.text), token.range)
        case .keyword(let keyword) where keyword.isContextual && !(token.isAtStartOfLine && isNameLike(peekKind(1))):
            // (At the start of a line and followed by a name, the word starts the next
            // declaration, after an expression left incomplete.)
            let name = try localName()
            return Expression(.identifier(name.name), name.range)
        case .dollarIdentifier:
            advance()
            return Expression(.dollarIdentifier(token.text), token.range)
        case .dot:
            advance()
            let name = try memberName()
            return Expression(.implicitMember(name), token.range.union(name.range))
        case .leftParen:
            return try bracketed { p in
                let open = p.advance()
                let inner = try p.expression()
                let close = try p.expect(.rightParen, "')'", opening: open)
                return Expression(.parenthesized(inner), open.range.union(close.range))
            }
        case .leftBracket:
            if let initializer = try typeInitializer() { return initializer }
            return try arrayLiteral()
        case .leftBrace:
            return try closure()
        case .backslash:
            return try keyPath()
        case .hashIdentifier:
            return try ruleMacro()
        case .attribute:
            throw fail(ParserMessages.notPartOfTipRules("'@\(token.text)'", "remove the attribute"), at: token.range)
        case .keyword(.if):
            // Swift allows `if` only as a whole value; read it anyway, to offer the ternary.
            let value = try ifExpression(allowsReturn: false)
            throw fail(ParserMessages.ifInsideExpression, at: token.range, fixIts: ternaryFixIt(value).map { [$0] } ?? [])
        case .binaryOperator where OperatorTable.prefix.contains(token.text):
            throw fail(ParserMessages.separatedPrefix(token.text), at: token.range)
        default:
            throw fail(ParserMessages.expected("an expression", found: describe(token)), at: token.range)
        }
    }

    /// Generic types that may be called as initializers: `Set<Int>()`, `Array<String>()`.
    static let genericTypeNames: Set<String> = ["Set", "Array"]

    /// grammar: typeInitializer = type callArguments ;
    ///
    /// `Set<Int>()`, `[String]()`: read only when a generic or array type is followed directly
    /// by `(`; otherwise nothing is consumed and `<` or `[` mean what they always do.
    mutating func typeInitializer() throws -> Expression? {
        let start = current
        let isGeneric = start.kind == .identifier && Parser.genericTypeNames.contains(start.text)
            && peekKind() == .binaryOperator && tokens[index + 1].text == "<" && tokens[index + 1].range.start == start.range.end
        guard isGeneric || start.kind == .leftBracket else { return nil }
        let saved = (index, diagnostics)
        guard let type = try? type(), check(.leftParen), current.range.start == previous.range.end else {
            (index, diagnostics) = saved
            return nil
        }
        let arguments = try callArguments()
        return Expression(.typeInitializer(type, arguments), start.range.union(previous.range))
    }

    /// grammar: arrayLiteral = "[" [ expression { "," expression } [ "," ] ] "]" ;
    mutating func arrayLiteral() throws -> Expression {
        try bracketed { p in
            let open = p.advance()
            var elements: [Expression] = []
            while !p.check(.rightBracket) {
                elements.append(try p.expression())
                if !p.match(.comma) { break }
            }
            let close = try p.expect(.rightBracket, "']' or ',' in the array literal", opening: open)
            return Expression(.arrayLiteral(elements), open.range.union(close.range))
        }
    }

    /// grammar: closure = "{" [ closureParameters "in" ] [ "return" ] valueExpression "}" ;
    mutating func closure() throws -> Expression {
        try nested { p in
            let open = p.advance()
            let saved = p.allowsTrailingClosure
            p.allowsTrailingClosure = true
            defer { p.allowsTrailingClosure = saved }
            let (parameters, signature) = try p.closureParameters()
            if p.check(.keyword(.let)) || p.bareWord(p.current) == "var" {
                let word = p.current.text
                throw p.fail(ParserMessages.notPartOfTipRules("'\(word)' inside a closure",
                                                              "a closure's body is one expression, as in TipKit's '#Rule'; declare the value with a 'let' of its own in the file, or write it where it is used"),
                             at: p.current.range)
            }
            // Swift lets a one-expression closure say `return`; it changes nothing.
            p.skipReturn()
            let body = try p.check(.keyword(.if)) ? p.ifExpression(allowsReturn: true) : p.expression()
            let close = try p.expect(.rightBrace, "'}' to end the closure", opening: open)
            return Expression(.closure(parameters, body, signature), open.range.union(close.range))
        }
    }

    /// Skips a `return` before a closure's (or an `if` branch's) one expression, or before a
    /// rule block's array; whether there was one.
    @discardableResult
    mutating func skipReturn() -> Bool {
        guard bareWord(current) == "return" else { return false }
        advance()
        return true
    }

    /// grammar: valueExpression = ifExpression | expression ;
    ///
    /// The whole value of a `let`, a `rule` or a rule block's entry, where Swift allows `if`.
    mutating func valueExpression() throws -> Expression {
        check(.keyword(.if)) ? try ifExpression(allowsReturn: false) : try expression()
    }

    /// grammar: ifExpression = "if" expression ifBranch "else" ( ifBranch | ifExpression ) ;
    ///
    /// Swift 5.9's `if` expression. It means what `condition ? a : b` means, but Swift types
    /// each branch on its own, so the checker sees it as a node of its own. Inside a closure a
    /// branch may say `return`, as Swift allows there.
    mutating func ifExpression(allowsReturn: Bool) throws -> Expression {
        try nested { p in
            let keyword = p.advance()
            let saved = p.allowsTrailingClosure
            p.allowsTrailingClosure = false
            // Restored on every path: a condition that fails to parse must not leave trailing
            // closures off for the declarations after it.
            let condition: Expression
            do {
                defer { p.allowsTrailingClosure = saved }
                condition = try p.expression()
            }
            guard p.check(.leftBrace) else {
                throw p.fail(ParserMessages.expected("'{' after the 'if' condition", found: p.describe(p.current)), at: p.current.range)
            }
            let then = try p.ifBranch(allowsReturn: allowsReturn)
            guard p.match(.keyword(.else)) else {
                throw p.fail(ParserMessages.ifWithoutElse, at: keyword.range)
            }
            let otherwise = try p.check(.keyword(.if)) ? p.ifExpression(allowsReturn: allowsReturn) : p.ifBranch(allowsReturn: allowsReturn)
            return Expression(.ifElse(condition, then, otherwise), keyword.range.union(p.previous.range))
        }
    }

    /// grammar: ifBranch = "{" [ "return" ] valueExpression "}" ;
    private mutating func ifBranch(allowsReturn: Bool) throws -> Expression {
        guard check(.leftBrace) else {
            throw fail(ParserMessages.expected("'{' to start the branch", found: describe(current)), at: current.range)
        }
        let open = advance()
        let saved = allowsTrailingClosure
        allowsTrailingClosure = true
        defer { allowsTrailingClosure = saved }
        if allowsReturn { skipReturn() }
        let value = try check(.keyword(.if)) ? ifExpression(allowsReturn: allowsReturn) : expression()
        _ = try expect(.rightBrace, "'}' after the branch's one expression", opening: open)
        return value
    }

    /// `if c { a } else { b }` as `(c ? a : b)`, when the branches are plain expressions.
    private func ternaryFixIt(_ expression: Expression) -> Diagnostic.FixIt? {
        func text(_ e: Expression) -> String? {
            guard case .ifElse(let c, let a, let b) = e.kind else { return file.text(in: e.range) }
            guard let a = text(a), let b = text(b) else { return nil }
            return "(\(file.text(in: c.range)) ? \(a) : \(b))"
        }
        guard let replacement = text(expression) else { return nil }
        return Diagnostic.FixIt(message: "use the conditional operator: '\(replacement)'", range: expression.range, replacement: replacement)
    }

    /// grammar: closureParameters = localName { "," localName } [ "->" type ] | "(" [ closureParameter { "," closureParameter } ] ")" [ "->" type ] ;
    ///
    /// Returns no parameters when the closure has no `in` (it uses `$0`, `$1`), and a signature
    /// only where types are written (`(a: Int, b) -> Int in`).
    private mutating func closureParameters() throws -> ([Identifier], ClosureSignature?) {
        // Look ahead for `a, b in` or `(a, b) in` without consuming anything.
        var offset = 0
        let parenthesized = check(.leftParen)
        if parenthesized { offset = 1 }
        var names = 0, labeled = false
        while true {
            // A keyword where a name belongs (`{ let in ... }`) still marks a parameter list,
            // so the error says the word is reserved rather than that an expression is missing.
            guard isNameLike(peekKind(offset)) else { break }
            // (`(_ a: Int)`: the label Swift allows, read with the types.)
            if parenthesized, tokens[index + offset].text == "_", isNameLike(peekKind(offset + 1)) {
                labeled = true
                offset += 1
            }
            names += 1
            offset += 1
            if peekKind(offset) == .comma { offset += 1 } else { break }
        }
        if parenthesized, peekKind(offset) == .rightParen { offset += 1 }
        if peekKind(offset) == .arrow || (parenthesized && (peekKind(offset) == .colon || labeled)) {
            return try typedClosureParameters()
        }
        guard (names > 0 || parenthesized), peekKind(offset) == .keyword(.in),
              !parenthesized || peekKind(offset - 1) == .rightParen else { return ([], nil) }
        if parenthesized { advance() }
        var parameters: [Identifier] = []
        for _ in 0..<names {
            parameters.append(try localName())
            _ = match(.comma)
        }
        if parenthesized { advance() }
        advance() // in
        return (parameters, nil)
    }

    /// Parameters with types written (`(a: Int, b) -> Int in`, `e -> Bool in`), up to and with
    /// `in`. (Nothing else starts `(a:` or `a ->` in a closure, so what follows must be this.)
    private mutating func typedClosureParameters() throws -> ([Identifier], ClosureSignature?) {
        var parameters: [Identifier] = [], types: [TypeSyntax?] = []
        let parenthesized = match(.leftParen)
        if parenthesized {
            while !check(.rightParen) {
                let (name, type) = try closureParameter()
                parameters.append(name)
                types.append(type)
                if !match(.comma) { break }
            }
            _ = try expect(.rightParen, "')' to end the closure's parameters")
        } else {
            repeat {
                parameters.append(try localName())
                types.append(nil)
            } while match(.comma)
        }
        var result: TypeSyntax?
        if match(.arrow) {
            // (`-> in`: the type left out, not a keyword written as one.)
            if check(.keyword(.in)) { throw fail(ParserMessages.expected("a type after '->'", found: describe(current)), at: current.range) }
            result = try type()
        }
        _ = try expect(.keyword(.in), "'in' after the closure's signature")
        // (`(_ a) in` writes no type: the same closure as `a in`.)
        if result == nil && types.allSatisfy({ $0 == nil }) { return (parameters, nil) }
        return (parameters, ClosureSignature(parameterTypes: types, resultType: result, isParenthesized: parenthesized))
    }

    /// grammar: closureParameter = [ "_" ] localName [ ":" type ] ;
    ///
    /// (Swift allows `_` before a closure's parameter, the argument label it may not have.)
    private mutating func closureParameter() throws -> (Identifier, TypeSyntax?) {
        if current.kind == .identifier, current.text == "_", isNameLike(peekKind(1)) { advance() }
        let name = try localName()
        return (name, match(.colon) ? try type() : nil)
    }

    /// grammar: localName = identifier | "event" | "parameter" | "rule" | "tip" ;
    ///
    /// A closure parameter's name, or a name read in an expression: an identifier, or a
    /// declaration keyword (see `Keyword.isContextual`).
    mutating func localName() throws -> Identifier {
        if case .keyword(let keyword) = current.kind, keyword.isContextual {
            let token = advance()
            return Identifier(name: token.text, range: token.range)
        }
        return try expectIdentifier("a closure parameter")
    }

    /// An identifier, or a keyword written where an identifier belongs (which the parser then
    /// reports as reserved, unless it is contextual).
    func isNameLike(_ kind: TokenKind) -> Bool {
        switch kind {
        case .identifier: return true
        case .keyword(let keyword): return keyword != .in
        default: return false
        }
    }

    /// grammar: keyPath = "\" "." memberName { "." memberName } ;
    mutating func keyPath() throws -> Expression {
        let backslash = advance()
        var components: [Identifier] = []
        repeat {
            _ = try expect(.dot, "'.' and a property name in the key path, as in '\\.landmarkID'")
            components.append(try memberName())
        } while check(.dot)
        return Expression(.keyPath(components), backslash.range.union(previous.range))
    }

    /// grammar: ruleMacro = "#Rule" "(" expression ")" closure ;
    mutating func ruleMacro() throws -> Expression {
        let hash = advance()
        guard hash.text == "Rule" else {
            throw fail(ParserMessages.expected("'#Rule'", found: "'#\(hash.text)'"), at: hash.range)
        }
        let open = try expect(.leftParen, "'(' and the event or parameter after '#Rule'")
        let subject = try expression()
        _ = try expect(.rightParen, "')'", opening: open)
        guard check(.leftBrace) else {
            throw fail(ParserMessages.expected("'{' and the rule body", found: describe(current)), at: current.range)
        }
        let body = try closure()
        return Expression(.ruleMacro(subject, body), hash.range.union(body.range))
    }
}
