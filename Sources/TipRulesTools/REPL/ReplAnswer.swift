import TipRulesSyntax

/// What the session says to one input: text for a person and the same as JSON for a program.
package struct ReplAnswer {
    /// What kind of input was answered; the `kind` of the JSON object.
    package enum Kind: String {
        /// An expression's value.
        case value
        /// Declarations added to the session.
        case declaration
        /// A command's result.
        case command
        /// The input was refused: the diagnostics say why. The session is unchanged.
        case error
        /// A blank line.
        case empty
        /// The input is unfinished; more lines are needed.
        case incomplete
        /// An unfinished input was abandoned by a blank line.
        case abandoned
    }

    package var kind: Kind
    /// The input as typed.
    package var input: String
    /// The answer for a person (stdout), ending in a line break when not empty.
    package var text = ""
    /// Errors, warnings and notes (stderr for a person, a `diagnostics` array in JSON).
    package var diagnostics: [Diagnostic] = []
    /// The answer's JSON members beyond `kind`, `input` and `diagnostics`, each as
    /// (name, JSON text).
    package var fields: [(String, String)] = []
    /// Whether the session should end (`:quit`).
    package var quits = false

    package init(kind: Kind, input: String, text: String = "", diagnostics: [Diagnostic] = [], fields: [(String, String)] = []) {
        self.kind = kind
        self.input = input
        self.text = text
        self.diagnostics = diagnostics
        self.fields = fields
    }

    /// Whether the input counts as an error (for the exit status of a piped session): it was
    /// refused, or evaluating it failed.
    package var failed: Bool {
        kind == .error || diagnostics.contains { $0.severity == .error }
    }

    /// The answer as one line of JSON.
    package var json: String {
        var members = ["\"kind\": \(StringLiteral.json(kind.rawValue))"]
        if kind != .empty { members.append("\"input\": \(StringLiteral.json(input))") }
        members += fields.map { "\(StringLiteral.json($0.0)): \($0.1)" }
        if !diagnostics.isEmpty {
            members.append("\"diagnostics\": [" + diagnostics.map { DiagnosticJSON.object($0) }.joined(separator: ", ") + "]")
        }
        return "{" + members.joined(separator: ", ") + "}\n"
    }
}
