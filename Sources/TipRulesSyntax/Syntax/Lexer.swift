/// Turns rule text into tokens, following Swift's lexical rules: Unicode identifiers,
/// backtick-escaped keywords, integer literals in four bases with `_` separators, floats with
/// exponents, strings with Swift's escapes, nested block comments, and Swift's whitespace
/// rule that makes an operator prefix, postfix or binary.
///
/// Errors (a stray character, invalid UTF-8, an unterminated string or comment) are reported to
/// the diagnostic bag and lexing goes on, so one run reports them all.
package struct Lexer {
    private let file: SourceFile
    private let bytes: [UInt8]
    /// Where lexing stops: the end of the file, or of the range lexed.
    private let end: Int
    private var position = 0
    private var diagnostics: DiagnosticBag
    private var sawNewline = true

    init(file: SourceFile, diagnostics: DiagnosticBag) {
        self.file = file
        self.bytes = file.bytes
        end = bytes.count
        self.diagnostics = diagnostics
        // A UTF-8 byte order mark at the start is not part of the text, as in Swift.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// A lexer of the part of a file in `range`: tokens keep their places in the file, and the
    /// text before the range still decides whether an operator at its start is prefix.
    private init(file: SourceFile, range: SourceRange, diagnostics: DiagnosticBag) {
        self.file = file
        bytes = file.bytes
        end = min(max(range.end, 0), bytes.count)
        self.diagnostics = diagnostics
        position = min(max(range.start, 0), end)
        if position == 0 && bytes[..<end].starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// Lexes the whole file, or the part of it in `range`; the last token is always `endOfFile`.
    package static func tokenize(_ file: SourceFile, in range: SourceRange? = nil, into diagnostics: inout DiagnosticBag) -> [Token] {
        var lexer = range.map { Lexer(file: file, range: $0, diagnostics: diagnostics) } ?? Lexer(file: file, diagnostics: diagnostics)
        var tokens: [Token] = []
        // About one token per five bytes of rule text: growing the array as it fills would
        // copy it a dozen times for a large file.
        tokens.reserveCapacity((range.map { $0.end - $0.start } ?? file.bytes.count) / 5 + 16)
        while true {
            let token = lexer.next()
            tokens.append(token)
            if token.kind == .endOfFile { break }
        }
        diagnostics = lexer.diagnostics
        return tokens
    }

    private func peek(_ offset: Int = 0) -> UInt8 {
        let index = position + offset
        return index < end ? bytes[index] : 0
    }

    private var atEnd: Bool { position >= end }

    private mutating func error(_ message: @autoclosure () -> DiagnosticMessage, _ start: Int, _ end: Int) {
        if diagnostics.isFull {
            diagnostics.addSuppressed()
        } else {
            diagnostics.add(Diagnostic(message(), file: file, range: SourceRange(start: start, end: end)))
        }
    }

    // MARK: - Whitespace and comments

    private mutating func skipTrivia() {
        while !atEnd {
            let byte = peek()
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                position += 1
            case UInt8(ascii: "\n"):
                sawNewline = true
                position += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while !atEnd && peek() != UInt8(ascii: "\n") { position += 1 }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
            default:
                return
            }
        }
    }

    /// Block comments nest, as in Swift.
    private mutating func skipBlockComment() {
        let start = position
        position += 2
        var depth = 1
        while !atEnd {
            if peek() == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                depth += 1
                position += 2
            } else if peek() == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                depth -= 1
                position += 2
                if depth == 0 { return }
            } else {
                if peek() == UInt8(ascii: "\n") { sawNewline = true }
                position += 1
            }
        }
        error(LexerMessages.unterminatedComment, start, start + 2)
    }

    private func isTrivia(_ byte: UInt8, at index: Int) -> Bool {
        switch byte {
        case 0, UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), 0x0B, 0x0C:
            return true
        case UInt8(ascii: "/"):
            let next = index + 1 < end ? bytes[index + 1] : 0
            return next == UInt8(ascii: "/") || next == UInt8(ascii: "*")
        default:
            return false
        }
    }

    // MARK: - Tokens

    private mutating func next() -> Token {
        // A loop, not recursion: a file of a million stray characters must not exhaust the stack.
        while true {
            skipTrivia()
            let startOfLine = sawNewline
            let start = position
            guard !atEnd else {
                return Token(kind: .endOfFile, range: SourceRange(start: start, end: start), text: "", isAtStartOfLine: true)
            }
            if var token = scanToken() {
                sawNewline = false
                token.isAtStartOfLine = startOfLine
                return token
            }
        }
    }

    private mutating func make(_ kind: TokenKind, _ start: Int, _ text: String? = nil) -> Token {
        let range = SourceRange(start: start, end: position)
        return Token(kind: kind, range: range, text: text ?? file.text(in: range), isAtStartOfLine: false)
    }

    /// A one-character punctuation token; its text is a literal, so no string is made per token.
    private mutating func punctuation(_ kind: TokenKind, _ text: String) -> Token {
        position += 1
        return Token(kind: kind, range: SourceRange(start: position - 1, end: position), text: text, isAtStartOfLine: false)
    }

    /// The next token, or nil after reporting a character that cannot start one.
    private mutating func scanToken() -> Token? {
        let byte = peek()
        switch byte {
        case UInt8(ascii: "("): return punctuation(.leftParen, "(")
        case UInt8(ascii: ")"): return punctuation(.rightParen, ")")
        case UInt8(ascii: "["): return punctuation(.leftBracket, "[")
        case UInt8(ascii: "]"): return punctuation(.rightBracket, "]")
        case UInt8(ascii: "{"): return punctuation(.leftBrace, "{")
        case UInt8(ascii: "}"): return punctuation(.rightBrace, "}")
        case UInt8(ascii: ","): return punctuation(.comma, ",")
        case UInt8(ascii: ";"): return punctuation(.semicolon, ";")
        case UInt8(ascii: ":"): return punctuation(.colon, ":")
        case UInt8(ascii: "\\"): return punctuation(.backslash, "\\")
        case UInt8(ascii: "\""): return scanString()
        case UInt8(ascii: "'"): return scanSingleQuoted()
        case UInt8(ascii: "`"): return scanEscapedIdentifier()
        case UInt8(ascii: "$"): return scanDollarIdentifier()
        case UInt8(ascii: "#"): return scanHashIdentifier()
        case UInt8(ascii: "@"): return scanAttribute()
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return scanNumber()
        case UInt8(ascii: "."):
            if peek(1) == UInt8(ascii: ".") { return scanOperator() }
            return punctuation(.dot, ".")
        default:
            if Lexer.isOperatorByte(byte) { return scanOperator() }
            if Lexer.isASCIIIdentifierHead(byte) { return scanIdentifier() }
            if let scalar = decodeScalar(), Lexer.isIdentifierHead(scalar.value) {
                return scanIdentifier()
            }
            return scanStray()
        }
    }

    /// `'Alps'`: Swift has no single-quoted strings, but other languages do. One error with a
    /// fix-it to double quotes, and a string token, so the rest of the line checks as intended.
    /// A quote without its partner on the line is a stray character.
    private mutating func scanSingleQuoted() -> Token? {
        let start = position
        var end = start + 1
        while end < self.end, bytes[end] != UInt8(ascii: "'"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
        guard end < self.end, bytes[end] == UInt8(ascii: "'") else { return scanStray() }
        let value = file.text(in: SourceRange(start: start + 1, end: end))
        position = end + 1
        let range = SourceRange(start: start, end: position)
        if diagnostics.isFull {
            diagnostics.addSuppressed()
        } else {
            let replacement = StringLiteral.swift(value)
            diagnostics.add(Diagnostic(LexerMessages.singleQuotedString, file: file, range: range, fixIts: [
                Diagnostic.FixIt(message: "use double quotes: \(replacement)", range: range, replacement: replacement),
            ]))
        }
        return make(.stringLiteral, start, value)
    }

    /// Reports a character that cannot start a token, or bytes that are not UTF-8.
    private mutating func scanStray() -> Token? {
        let start = position
        if let scalar = decodeScalar() {
            position += scalar.length
            let shown = scalar.value < 0x20 || scalar.value == 0x7F
                ? "U+" + String(scalar.value, radix: 16, uppercase: true) : String(Character(Unicode.Scalar(scalar.value)!))
            error(LexerMessages.unexpectedCharacter(shown), start, position)
        } else {
            position += 1
            while !atEnd && decodeScalar() == nil { position += 1 }
            error(LexerMessages.invalidUTF8, start, position)
        }
        return nil
    }

    /// Decodes one UTF-8 scalar at the current position, or nil when the bytes are invalid.
    private func decodeScalar() -> (value: UInt32, length: Int)? {
        let b0 = peek()
        if b0 < 0x80 { return atEnd ? nil : (UInt32(b0), 1) }
        let length: Int
        var value: UInt32
        switch b0 {
        case 0xC2...0xDF: length = 2; value = UInt32(b0 & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(b0 & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(b0 & 0x07)
        default: return nil
        }
        guard position + length <= end else { return nil }
        for i in 1..<length {
            let b = bytes[position + i]
            guard b & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(b & 0x3F)
        }
        // Reject overlong forms, surrogates and values past U+10FFFF.
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
        return (value, length)
    }

    static func isASCIIIdentifierHead(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || c == UInt8(ascii: "_")
    }

    static func isASCIIIdentifierBody(_ c: UInt8) -> Bool {
        isASCIIIdentifierHead(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }

    static func isIdentifierHead(_ value: UInt32) -> Bool {
        if value < 0x80 { return isASCIIIdentifierHead(UInt8(value)) }
        guard let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.isXIDStart || scalar.properties.isEmojiPresentation
    }

    static func isIdentifierBody(_ value: UInt32) -> Bool {
        if value < 0x80 { return isASCIIIdentifierBody(UInt8(value)) }
        guard let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.isXIDContinue || scalar.properties.isEmojiPresentation
            || scalar.properties.generalCategory == .nonspacingMark || scalar.value == 0x200D || scalar.value == 0xFE0F
    }

    private mutating func scanIdentifierBody() {
        while true {
            // Most identifiers are ASCII: no scalar is decoded for them. (Counted in a local,
            // through a buffer pointer: stepping the lexer's own position byte by byte stored
            // it, and checked the array's bounds, at every byte.)
            let (cursor, end) = (position, end)
            position = bytes.withUnsafeBufferPointer { bytes in
                var cursor = cursor
                while cursor < end && Lexer.isASCIIIdentifierBody(bytes[cursor]) { cursor += 1 }
                return cursor
            }
            guard position < end, bytes[position] >= 0x80,
                  let scalar = decodeScalar(), Lexer.isIdentifierBody(scalar.value) else { return }
            position += scalar.length
        }
    }

    private mutating func scanIdentifier() -> Token {
        let start = position
        scanIdentifierBody()
        // (Through a buffer pointer: a slice of the array would take a reference to it.)
        if let keyword = bytes.withUnsafeBufferPointer({ Keyword(UnsafeBufferPointer(rebasing: $0[start..<position])) }) {
            return make(.keyword(keyword), start, keyword.rawValue)
        }
        return make(.identifier, start)
    }

    private mutating func scanEscapedIdentifier() -> Token {
        let start = position
        position += 1
        let nameStart = position
        if let scalar = decodeScalar(), Lexer.isIdentifierHead(scalar.value) {
            scanIdentifierBody()
        }
        let name = file.text(in: SourceRange(start: nameStart, end: position))
        if peek() == UInt8(ascii: "`") && !name.isEmpty {
            position += 1
            return make(.identifier, start, name)
        }
        error(LexerMessages.badEscapedIdentifier, start, max(position, start + 1))
        return make(.identifier, start, name.isEmpty ? "_" : name)
    }

    private mutating func scanDollarIdentifier() -> Token {
        let start = position
        position += 1
        if peek() >= UInt8(ascii: "0") && peek() <= UInt8(ascii: "9") {
            while peek() >= UInt8(ascii: "0") && peek() <= UInt8(ascii: "9") { position += 1 }
        } else if let scalar = decodeScalar(), Lexer.isIdentifierHead(scalar.value) {
            scanIdentifierBody()
        } else {
            error(LexerMessages.expectedAfterDollar, start, start + 1)
        }
        return make(.dollarIdentifier, start, file.text(in: SourceRange(start: start + 1, end: position)))
    }

    /// `@Parameter`: a Swift attribute. The parser names it and says what to write instead.
    private mutating func scanAttribute() -> Token? {
        let start = position
        let next = peek(1)
        guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(next) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(next)
        else { return scanStray() }
        position += 1
        scanIdentifierBody()
        return make(.attribute, start, file.text(in: SourceRange(start: start + 1, end: position)))
    }

    private mutating func scanHashIdentifier() -> Token {
        let start = position
        position += 1
        if let scalar = decodeScalar(), Lexer.isIdentifierHead(scalar.value) {
            scanIdentifierBody()
        } else {
            error(LexerMessages.expectedAfterHash, start, start + 1)
        }
        return make(.hashIdentifier, start, file.text(in: SourceRange(start: start + 1, end: position)))
    }

    // MARK: - Numbers

    private static func isDigit(_ byte: UInt8, radix: Int) -> Bool {
        switch radix {
        case 2: return byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1")
        case 8: return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "7")
        case 16:
            return (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
        default: return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }
    }

    /// Scans digits and '_' separators of a radix, returning them without the separators.
    private mutating func scanDigits(radix: Int) -> String {
        let start = position
        var separators = 0
        while !atEnd && (Lexer.isDigit(peek(), radix: radix) || (peek() == UInt8(ascii: "_") && position > start)) {
            if peek() == UInt8(ascii: "_") { separators += 1 }
            position += 1
        }
        let range = SourceRange(start: start, end: position)
        return separators == 0 ? file.text(in: range) : String(file.text(in: range).filter { $0 != "_" })
    }

    private mutating func scanNumber() -> Token {
        let start = position
        var radix = 10
        var prefix = ""
        if peek() == UInt8(ascii: "0") {
            switch peek(1) {
            case UInt8(ascii: "x"): radix = 16; prefix = "0x"
            case UInt8(ascii: "o"): radix = 8; prefix = "0o"
            case UInt8(ascii: "b"): radix = 2; prefix = "0b"
            default: break
            }
        }
        if radix != 10 { position += 2 }
        let digits = scanDigits(radix: radix)
        if digits.isEmpty {
            skipBadNumberTail()
            error(LexerMessages.missingDigits(prefix), start, position)
            return make(.integerLiteral, start, "0")
        }
        var text = prefix.isEmpty ? digits : prefix + digits
        var isFloat = false
        // A fraction needs a digit after the dot, so `1.description` stays a member access.
        let fractionDigitFollows = peek() == UInt8(ascii: ".") && Lexer.isDigit(peek(1), radix: radix)
        if fractionDigitFollows && (radix == 10 || radix == 16) {
            position += 1
            text += "." + scanDigits(radix: radix)
            isFloat = true
        }
        let marker = peek() | 0x20  // (lower case)
        if radix == 10 && marker == UInt8(ascii: "e") || radix == 16 && marker == UInt8(ascii: "p") {
            let markerPosition = position
            position += 1
            var exponent = String(Character(Unicode.Scalar(bytes[markerPosition])))
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
                exponent.append(Character(Unicode.Scalar(peek())))
                position += 1
            }
            let exponentDigits = scanDigits(radix: 10)
            if exponentDigits.isEmpty {
                skipBadNumberTail()
                error(LexerMessages.missingExponentDigits, start, position)
                return make(.floatLiteral, start, "0.0")
            }
            text += exponent + exponentDigits
            isFloat = true
        } else if radix == 16 && isFloat {
            skipBadNumberTail()
            error(LexerMessages.hexFloatNeedsExponent, start, position)
            return make(.floatLiteral, start, "0.0")
        }
        // Swift rejects letters and digits glued to a literal: 0b102, 12abc.
        if let scalar = decodeScalar(), Lexer.isIdentifierBody(scalar.value) {
            let badStart = position
            skipBadNumberTail()
            let bad = file.text(in: SourceRange(start: badStart, end: badStart + 1))
            error(LexerMessages.invalidDigit(bad, radix: radix), badStart, position)
        }
        return make(isFloat ? .floatLiteral : .integerLiteral, start, text)
    }

    private mutating func skipBadNumberTail() {
        while !atEnd, let scalar = decodeScalar(), Lexer.isIdentifierBody(scalar.value) { position += scalar.length }
    }

    // MARK: - Strings

    private mutating func scanString() -> Token {
        let start = position
        position += 1
        var value = ""
        if peek() == UInt8(ascii: "\"") && peek(1) == UInt8(ascii: "\"") {
            position += 2
            error(LexerMessages.multilineStringUnsupported, start, position)
            // Skip to the closing delimiter so the rest of the file lexes sensibly.
            while !atEnd && !(peek() == UInt8(ascii: "\"") && peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")) {
                position += 1
            }
            if !atEnd { position += 3 }
            return make(.stringLiteral, start, "")
        }
        // The usual literal (printable ASCII, no escapes) is one slice of the source.
        var end = position
        while end < self.end, bytes[end] >= 0x20, bytes[end] < 0x7F,
              bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < self.end && bytes[end] == UInt8(ascii: "\"") {
            let text = file.text(in: SourceRange(start: position, end: end))
            position = end + 1
            return make(.stringLiteral, start, text)
        }
        while true {
            if atEnd || peek() == UInt8(ascii: "\n") || peek() == UInt8(ascii: "\r") {
                error(LexerMessages.unterminatedString, start, start + 1)
                return make(.stringLiteral, start, value)
            }
            let byte = peek()
            if byte == UInt8(ascii: "\"") {
                position += 1
                return make(.stringLiteral, start, value)
            }
            if byte == UInt8(ascii: "\\") {
                scanEscape(into: &value)
                continue
            }
            guard let scalar = decodeScalar() else {
                let badStart = position
                position += 1
                error(LexerMessages.invalidUTF8, badStart, position)
                continue
            }
            if scalar.value < 0x20 && scalar.value != 0x09 || scalar.value == 0x7F {
                error(LexerMessages.controlCharacterInString, position, position + scalar.length)
            }
            value.unicodeScalars.append(Unicode.Scalar(scalar.value)!)
            position += scalar.length
        }
    }

    private mutating func scanEscape(into value: inout String) {
        let start = position
        position += 1
        let byte = peek()
        position += 1
        switch byte {
        case UInt8(ascii: "0"): value.append("\0")
        case UInt8(ascii: "\\"): value.append("\\")
        case UInt8(ascii: "t"): value.append("\t")
        case UInt8(ascii: "n"): value.append("\n")
        case UInt8(ascii: "r"): value.append("\r")
        case UInt8(ascii: "\""): value.append("\"")
        case UInt8(ascii: "'"): value.append("'")
        case UInt8(ascii: "u"):
            guard peek() == UInt8(ascii: "{") else {
                error(LexerMessages.badUnicodeEscape, start, position)
                return
            }
            position += 1
            var digits = ""
            while Lexer.isDigit(peek(), radix: 16) && digits.count < 9 {
                digits.append(Character(Unicode.Scalar(peek())))
                position += 1
            }
            guard peek() == UInt8(ascii: "}"), (1...8).contains(digits.count) else {
                error(LexerMessages.badUnicodeEscape, start, position)
                return
            }
            position += 1
            if let number = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(number) {
                value.unicodeScalars.append(scalar)
            } else {
                error(LexerMessages.invalidUnicodeScalar(digits), start, position)
            }
        case UInt8(ascii: "("):
            position -= 1
            error(LexerMessages.interpolationUnsupported, start, position + 1)
            // Skip the interpolated expression so its text is not taken as the string.
            var depth = 0
            while !atEnd && peek() != UInt8(ascii: "\n") {
                if peek() == UInt8(ascii: "(") { depth += 1 }
                if peek() == UInt8(ascii: ")") { depth -= 1; if depth == 0 { position += 1; break } }
                position += 1
            }
        default:
            if byte == 0 || byte == UInt8(ascii: "\n") { position -= 1 }
            error(LexerMessages.invalidEscape(byte == 0 || byte == UInt8(ascii: "\n") ? "" : String(decoding: [byte], as: UTF8.self)), start, position)
        }
    }

    // MARK: - Operators

    static func isOperatorByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
            UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
            UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

    /// Scans a maximal run of operator characters and classifies it by the whitespace around
    /// it, as Swift does: bound on the left only is postfix, on the right only is prefix,
    /// otherwise binary. `?` directly after an operand is optional chaining.
    private mutating func scanOperator() -> Token {
        let start = position
        let dotted = peek() == UInt8(ascii: ".")
        while !atEnd {
            let byte = peek()
            if byte == UInt8(ascii: "/") && (peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*")) && position > start { break }
            if byte == UInt8(ascii: ".") ? dotted : Lexer.isOperatorByte(byte) {
                position += 1
                // '?' bound to its operand and followed by '.' or '[' is optional chaining.
                if position - start == 1 && byte == UInt8(ascii: "?") && leftBound(start)
                    && (peek() == UInt8(ascii: ".") || peek() == UInt8(ascii: "[")) { break }
            } else {
                break
            }
        }
        let text = commonOperator(start, position) ?? file.text(in: SourceRange(start: start, end: position))
        let left = leftBound(start)
        let right = rightBound(position)
        if text == "?" {
            return make(left ? .postfixQuestion : .ternaryQuestion, start, text)
        }
        if text == "=" && !(left && !right) && !(right && !left) { return make(.equals, start, text) }
        if text == "->" { return make(.arrow, start, text) }
        if left && !right { return make(.postfixOperator, start, text) }
        if left && peek() == UInt8(ascii: ".") && !dotted { return make(.postfixOperator, start, text) }
        if right && !left { return make(.prefixOperator, start, text) }
        return make(.binaryOperator, start, text)
    }

    /// The spelling of a one- or two-byte operator rules use all the time, as a literal, which
    /// costs nothing to make: decoding it from the file's bytes validates them and builds a
    /// string at every operator.
    private func commonOperator(_ start: Int, _ end: Int) -> String? {
        switch end - start {
        case 1:
            switch bytes[start] {
            case UInt8(ascii: "<"): return "<"
            case UInt8(ascii: ">"): return ">"
            case UInt8(ascii: "+"): return "+"
            case UInt8(ascii: "-"): return "-"
            case UInt8(ascii: "*"): return "*"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "%"): return "%"
            case UInt8(ascii: "!"): return "!"
            case UInt8(ascii: "?"): return "?"
            case UInt8(ascii: "="): return "="
            default: return nil
            }
        case 2:
            switch (bytes[start], bytes[start + 1]) {
            case (UInt8(ascii: ">"), UInt8(ascii: "=")): return ">="
            case (UInt8(ascii: "<"), UInt8(ascii: "=")): return "<="
            case (UInt8(ascii: "="), UInt8(ascii: "=")): return "=="
            case (UInt8(ascii: "!"), UInt8(ascii: "=")): return "!="
            case (UInt8(ascii: "&"), UInt8(ascii: "&")): return "&&"
            case (UInt8(ascii: "|"), UInt8(ascii: "|")): return "||"
            case (UInt8(ascii: "?"), UInt8(ascii: "?")): return "??"
            case (UInt8(ascii: "-"), UInt8(ascii: ">")): return "->"
            default: return nil
            }
        default:
            return nil
        }
    }

    private func leftBound(_ start: Int) -> Bool {
        guard start > 0 else { return false }
        let before = bytes[start - 1]
        switch before {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), 0x0B, 0x0C,
            UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: ":"):
            return false
        case UInt8(ascii: "/") where start >= 2 && bytes[start - 2] == UInt8(ascii: "*"):
            return false
        default:
            return true
        }
    }

    private func rightBound(_ end: Int) -> Bool {
        guard end < self.end else { return false }
        let after = bytes[end]
        switch after {
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: ":"):
            return false
        default:
            return !isTrivia(after, at: end)
        }
    }
}
