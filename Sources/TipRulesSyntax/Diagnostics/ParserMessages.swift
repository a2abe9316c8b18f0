/// Messages for syntax errors (codes E02xx).
enum ParserMessages {
    static func expected(_ what: String, found: String) -> DiagnosticMessage {
        DiagnosticMessage("E0201", "expected \(what), found \(found)")
    }
    static func expectedDeclaration(found: String) -> DiagnosticMessage {
        DiagnosticMessage("E0202", "expected a declaration ('event', 'parameter', 'let' or 'rule'), found \(found)")
    }
    static func unknownOperator(_ op: String, _ position: String) -> DiagnosticMessage {
        DiagnosticMessage("E0203", "unknown \(position) operator '\(op)'")
    }
    static func nonAssociative(_ group: PrecedenceGroup) -> DiagnosticMessage {
        DiagnosticMessage("E0204", "adjacent operators are in non-associative precedence group '\(group.swiftName)'; add parentheses")
    }
    static func tooComplex(_ limit: Int) -> DiagnosticMessage {
        DiagnosticMessage("E0206", "expression is nested more than \(limit) levels deep; split it into several 'let' declarations")
    }
    static let tipUnsupported = DiagnosticMessage("E0207", "'tip' declarations are not supported yet; declare the rules with 'rule'")
    static func consecutiveExpressions(_ op: String) -> DiagnosticMessage {
        DiagnosticMessage("E0208", "'\(op)' is not a binary operator here; put spaces on both sides of it, or on neither")
    }
    static let optionalChainNeedsMember = DiagnosticMessage("E0209", "'?' must be followed by a member access or subscript, as in 'x?.count'")
    static func sourceTooLarge(_ size: Int, _ limit: Int) -> DiagnosticMessage {
        DiagnosticMessage("E0210", "source is \(size) bytes, more than the limit of \(limit)")
    }
    static let expectedDeclarationEnd = DiagnosticMessage("E0211", "expected the end of the declaration; start each declaration on its own line with 'event', 'parameter', 'let' or 'rule'")
    static func separatedPrefix(_ op: String) -> DiagnosticMessage {
        DiagnosticMessage("E0213", "unary operator '\(op)' cannot be separated from its operand")
    }
    static func fieldWithLet(_ word: String) -> DiagnosticMessage {
        DiagnosticMessage("E0214", "payload fields are written 'name: Type', without '\(word)'")
    }
    static func autoclosureOperator(_ op: String) -> DiagnosticMessage {
        DiagnosticMessage("E0215", "'\(op)' cannot be passed as a function, since its right side is an autoclosure; write a closure")
    }
    static let ifInsideExpression = DiagnosticMessage("E0216", "'if' may only be used as an expression as the whole value of a 'let', a 'rule', a closure or another 'if' branch")
    static let ifWithoutElse = DiagnosticMessage("E0217", "'if' must have an unconditional 'else' to be used as an expression")
    static func reservedWord(_ word: String, _ what: String) -> DiagnosticMessage {
        DiagnosticMessage("E0218", "'\(word)' is a reserved word in TipRules and cannot be \(what); escape it with backticks to use it as a name")
    }
    static func notPartOfTipRules(_ what: String, _ instead: String) -> DiagnosticMessage {
        DiagnosticMessage("E0219", "\(what) isn't part of TipRules; \(instead)")
    }
    static let confusableTrailingClosure = DiagnosticMessage("W0201", "trailing closure in an 'if' condition is confusable with the body of the branch; pass it in parentheses")
    static let closingNote = "to match this opening"
}
