/// The kinds of token the lexer produces.
package enum TokenKind: Sendable, Hashable {
    case identifier          // name, or `escaped` keyword (text holds the bare name)
    case dollarIdentifier    // $0, $1, $isLoggedIn (text without the '$')
    case hashIdentifier      // #Rule (text without the '#')
    case attribute           // @Parameter (text without the '@'): Swift only, reported by the parser
    case keyword(Keyword)
    case integerLiteral      // text holds the digits without '_' and with its prefix (0x, 0o, 0b)
    case floatLiteral        // text holds the digits without '_'
    case stringLiteral       // text holds the decoded value
    case prefixOperator      // an operator bound to its right operand only: !x, -x
    case postfixOperator     // an operator bound to its left operand only: x!
    case binaryOperator      // an operator with whitespace on both sides or neither
    case postfixQuestion     // '?' directly after an operand: optional chaining
    case ternaryQuestion     // '?' with whitespace before it
    case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
    case comma, colon, dot, backslash, equals, arrow
    case semicolon           // Swift's statement separator: between declarations and rule entries
    case endOfFile
}

/// Reserved words. Backticks turn any of them into an ordinary identifier.
package enum Keyword: String, Sendable, Hashable, CaseIterable {
    case event, parameter, `let`, rule, tip
    case `true`, `false`, `nil`, `in`, `if`, `else`

    /// The keyword spelled by these UTF-8 bytes, found without making a string (the lexer asks
    /// this of every identifier).
    init?<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) {
        guard let first = bytes.first else { return nil }
        let candidate: Keyword
        switch (first, bytes.count) {
        case (UInt8(ascii: "e"), 5): candidate = .event
        case (UInt8(ascii: "e"), 4): candidate = .else
        case (UInt8(ascii: "p"), 9): candidate = .parameter
        case (UInt8(ascii: "l"), 3): candidate = .let
        case (UInt8(ascii: "r"), 4): candidate = .rule
        case (UInt8(ascii: "t"), 3): candidate = .tip
        case (UInt8(ascii: "t"), 4): candidate = .true
        case (UInt8(ascii: "f"), 5): candidate = .false
        case (UInt8(ascii: "n"), 3): candidate = .nil
        case (UInt8(ascii: "i"), 2): candidate = bytes.last == UInt8(ascii: "n") ? .in : .if
        default: return nil
        }
        guard candidate.rawValue.utf8.elementsEqual(bytes) else { return nil }
        self = candidate
    }

    /// The declaration keywords that are names inside an expression, where no declaration can
    /// start: Swift has no such keywords, so a closure pasted from TipKit may call its parameter
    /// `event` (`#Rule(Self.opened) { event in event.donations.count > 2 }`).
    /// (All that start a declaration but `let`, which is Swift's keyword too.)
    package var isContextual: Bool { startsDeclaration && self != .let }

    /// The keywords that start a declaration, where the parser resynchronises after an error.
    package var startsDeclaration: Bool {
        switch self {
        case .event, .parameter, .let, .rule, .tip: return true
        default: return false
        }
    }
}

/// One token: its kind, where it is, and its text (decoded for string literals).
package struct Token: Sendable, Hashable {
    package var kind: TokenKind
    package var range: SourceRange
    package var text: String
    /// Whether a line break separates this token from the previous one.
    package var isAtStartOfLine: Bool
}
