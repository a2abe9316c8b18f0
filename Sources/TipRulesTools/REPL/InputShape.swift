import TipRulesSyntax

/// What the REPL needs to know about typed text before compiling it: whether it declares
/// something, and whether it is finished or continues on the next line.
package enum InputShape {
    /// Whether the text starts with `event`, `parameter`, `let`, `rule` (or `tip`).
    package static func startsWithDeclaration(_ text: String) -> Bool {
        guard let first = tokens(text).first, case .keyword(let keyword) = first.kind else { return false }
        return keyword.startsDeclaration
    }

    /// Whether the text is unfinished: a brace, bracket or parenthesis is still open, or it
    /// ends with something that needs an operand after it (an infix operator, `.`, `,`, `=`).
    /// A `:command` is always one line.
    package static func isUnfinished(_ text: String) -> Bool {
        if text.trimmingLeadingWhitespace().hasPrefix(":") { return false }
        let tokens = tokens(text)
        var depth = 0
        for token in tokens {
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace: depth -= 1
            default: break
            }
        }
        // More closers than openers is an error no further line can fix.
        if depth > 0 { return true }
        if depth < 0 { return false }
        guard let last = tokens.last else { return false }
        switch last.kind {
        case .binaryOperator, .prefixOperator, .ternaryQuestion, .dot, .comma, .colon, .equals, .arrow, .backslash:
            return true
        case .postfixOperator:
            // `x!` is finished; `a &&` (an infix operator before the line break) is not.
            return last.text != "!"
        case .keyword(let keyword):
            return keyword == .in
        default:
            return false
        }
    }

    private static func tokens(_ text: String) -> [Token] {
        var diagnostics = DiagnosticBag()
        return Lexer.tokenize(SourceFile(name: "<repl>", text: text), into: &diagnostics).filter { $0.kind != .endOfFile }
    }
}

extension String {
    /// The text without leading spaces, tabs and line breaks.
    func trimmingLeadingWhitespace() -> Substring {
        self.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    }
}
