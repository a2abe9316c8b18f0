/// Diagnostics as JSON, for editors and scripts: one object per diagnostic, with every part of
/// the model (code, severity, message, file, full range, notes, and fix-its with their ranges).
///
/// ```
/// {"file": "app.rules", "line": 4, "column": 31, "endLine": 4, "endColumn": 39, "severity": "error",
///  "code": "E0302", "message": "...", "notes": [...], "fixIts": [{"message": "did you mean 'donations'?",
///  "line": 4, "column": 31, "endLine": 4, "endColumn": 39, "replacement": "donations"}]}
/// ```
public enum DiagnosticJSON {
    /// One diagnostic as a JSON object.
    public static func object(_ diagnostic: Diagnostic) -> String {
        var fields = [
            "\"file\": " + StringLiteral.json(diagnostic.file.name),
            rangeFields(diagnostic.file, diagnostic.range),
            "\"severity\": " + StringLiteral.json(diagnostic.severity.rawValue),
            "\"code\": " + StringLiteral.json(diagnostic.code),
            "\"message\": " + StringLiteral.json(diagnostic.message),
        ]
        if !diagnostic.notes.isEmpty {
            fields.append("\"notes\": [" + diagnostic.notes.map { note in
                "{\"message\": \(StringLiteral.json(note.message)), \"file\": \(StringLiteral.json(note.file.name)), "
                    + rangeFields(note.file, note.range) + "}"
            }.joined(separator: ", ") + "]")
        }
        if !diagnostic.fixIts.isEmpty {
            fields.append("\"fixIts\": [" + diagnostic.fixIts.map { fixIt in
                "{\"message\": \(StringLiteral.json(fixIt.message)), " + rangeFields(diagnostic.file, fixIt.range)
                    + ", \"replacement\": \(StringLiteral.json(fixIt.replacement))}"
            }.joined(separator: ", ") + "]")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// One diagnostic as a line of NDJSON.
    public static func line(_ diagnostic: Diagnostic) -> String {
        object(diagnostic) + "\n"
    }

    /// Diagnostics as NDJSON, one per line, closed (when the cap was reached) by a record of
    /// how many more errors there were: `{"severity": "note", "suppressed": 12, "message": ...}`.
    public static func lines(_ diagnostics: [Diagnostic], suppressed: Int = 0) -> String {
        var text = diagnostics.map(line).joined()
        if suppressed > 0 {
            text += "{\"severity\": \"note\", \"suppressed\": \(suppressed), \"message\": "
                + StringLiteral.json("\(suppressed) more error\(suppressed == 1 ? "" : "s") not shown") + "}\n"
        }
        return text
    }

    /// `"line": L, "column": C, "endLine": L2, "endColumn": C2`, 1-based, the end exclusive.
    package static func rangeFields(_ file: SourceFile, _ range: SourceRange) -> String {
        let start = file.location(of: range.start)
        let end = file.location(of: range.end)
        return "\"line\": \(start.line), \"column\": \(start.column), \"endLine\": \(end.line), \"endColumn\": \(end.column)"
    }
}
