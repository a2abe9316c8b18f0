/// Messages for lexical errors (codes E01xx).
enum LexerMessages {
    static let unterminatedComment = DiagnosticMessage("E0101", "unterminated '/*' comment; add '*/' to close it")
    static let unterminatedString = DiagnosticMessage("E0102", "unterminated string literal; add '\"' before the end of the line")
    static let invalidUTF8 = DiagnosticMessage("E0103", "invalid UTF-8 in source text")
    static func unexpectedCharacter(_ c: String) -> DiagnosticMessage {
        DiagnosticMessage("E0104", "unexpected character '\(c)'")
    }
    static let badEscapedIdentifier = DiagnosticMessage("E0105", "expected an identifier between backticks, as in `name`")
    static let expectedAfterDollar = DiagnosticMessage("E0106", "expected a number or parameter name after '$', as in '$0' or '$isLoggedIn'")
    static let expectedAfterHash = DiagnosticMessage("E0107", "expected a name after '#', as in '#Rule'")
    static func missingDigits(_ prefix: String) -> DiagnosticMessage {
        DiagnosticMessage("E0108", "expected digits after '\(prefix)'")
    }
    static let missingExponentDigits = DiagnosticMessage("E0109", "expected a digit in the exponent of a floating-point literal")
    static let hexFloatNeedsExponent = DiagnosticMessage("E0110", "hexadecimal floating-point literal must end with an exponent, as in '0x1.8p1'")
    static func invalidDigit(_ digit: String, radix: Int) -> DiagnosticMessage {
        let base = radix == 2 ? "binary" : radix == 8 ? "octal" : radix == 16 ? "hexadecimal" : "decimal"
        return DiagnosticMessage("E0111", "'\(digit)' is not a valid \(base) digit in this literal")
    }
    static let multilineStringUnsupported = DiagnosticMessage("E0112", "multi-line string literals aren't part of TipRules; use '\\n' in a one-line string")
    static let controlCharacterInString = DiagnosticMessage("E0113", "control character in string literal; write it as an escape such as '\\u{7}'")
    static let badUnicodeEscape = DiagnosticMessage("E0114", "expected 1 to 8 hexadecimal digits in braces after '\\u', as in '\\u{1F600}'")
    static func invalidUnicodeScalar(_ digits: String) -> DiagnosticMessage {
        DiagnosticMessage("E0115", "'\\u{\(digits)}' is not a valid Unicode scalar")
    }
    static let interpolationUnsupported = DiagnosticMessage("E0116", "string interpolation isn't part of TipRules; join strings with '+'")
    static func invalidEscape(_ c: String) -> DiagnosticMessage {
        DiagnosticMessage("E0117", "invalid escape sequence '\\\(c)' in string literal; use '\\\\' for a backslash")
    }
    static let singleQuotedString = DiagnosticMessage("E0118", "single-quoted strings aren't part of TipRules; write strings in double quotes, as Swift does")
}
