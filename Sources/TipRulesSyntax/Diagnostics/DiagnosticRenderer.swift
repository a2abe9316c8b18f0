/// Renders diagnostics for people, in the form compilers use:
///
/// ```
/// rules/app.rules:4:10: error[E0302]: value of type 'Event<didLogin>' has no member 'donation'
///  4 | rule r = didLogin.donation.count >= 3
///    |                   ^~~~~~~~
///    = help: did you mean 'donations'?
/// ```
public struct DiagnosticRenderer: Sendable {
    /// Whether to colour the output with ANSI escapes (for terminals only).
    public var useColor: Bool

    /// A renderer, without colour by default.
    public init(useColor: Bool = false) {
        self.useColor = useColor
    }

    /// The full rendering of a list of diagnostics, each followed by its notes.
    public func render(_ diagnostics: [Diagnostic], suppressed: Int = 0) -> String {
        var out = ""
        for diagnostic in diagnostics { out += render(diagnostic) }
        if suppressed > 0 {
            out += "\(suppressed) more error\(suppressed == 1 ? "" : "s") not shown\n"
        }
        return out
    }

    /// `2 errors, 1 warning`: the closing line of a run.
    public static func summary(errors: Int, warnings: Int) -> String {
        "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
    }

    /// One diagnostic with its excerpt, fix-its and notes.
    public func render(_ diagnostic: Diagnostic) -> String {
        var out = header(diagnostic.file, diagnostic.range, diagnostic.severity, diagnostic.message, code: diagnostic.code)
        out += excerpt(diagnostic.file, diagnostic.range)
        for fixIt in diagnostic.fixIts {
            out += "   = help: \(DiagnosticRenderer.printable(fixIt.message))\n"
        }
        for note in diagnostic.notes {
            out += header(note.file, note.range, .note, note.message)
            out += excerpt(note.file, note.range)
        }
        return out
    }

    /// `FILE:LINE:COL: error[E0302]: message`: the code in brackets, as rustc writes it, so
    /// that `tiprules help E0302` is one copy away.
    private func header(_ file: SourceFile, _ range: SourceRange, _ severity: Severity, _ message: String, code: String? = nil) -> String {
        let location = file.location(of: range.start)
        let tag = code.map { "[\($0)]" } ?? ""
        let label: String
        switch severity {
        case .error: label = paint("error\(tag):", "1;31")
        case .warning: label = paint("warning\(tag):", "1;33")
        case .note: label = paint("note:", "1;36")
        }
        return "\(DiagnosticRenderer.printable(file.name)):\(location.line):\(location.column): \(label) \(DiagnosticRenderer.printable(message))\n"
    }

    /// Text safe to print to a terminal: control characters (which could carry escape
    /// sequences from a hostile file) become U+FFFD, one character for one, so columns stay put.
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isControl(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }

    /// The source line with a caret under the start of the range and tildes under the rest
    /// of it (up to the end of the line).
    /// Lines longer than this many characters are shown as a window around the range.
    static let excerptWidth = 160

    private func excerpt(_ file: SourceFile, _ range: SourceRange) -> String {
        guard !file.bytes.isEmpty else { return "" }
        let start = file.location(of: range.start)
        let end = file.location(of: range.end)
        var scalars = Array(file.lineText(start.line).unicodeScalars)
        var caretColumn = min(start.column, scalars.count + 1)
        var endColumn = end.line == start.line ? max(end.column, caretColumn + 1) : scalars.count + 1
        // A very long line (a minified or hostile file) is cut to a window around the caret.
        var prefix = "", suffix = ""
        if scalars.count > DiagnosticRenderer.excerptWidth {
            let first = max(0, caretColumn - 1 - DiagnosticRenderer.excerptWidth / 3)
            let last = min(scalars.count, first + DiagnosticRenderer.excerptWidth)
            if first > 0 { prefix = "…" }
            if last < scalars.count { suffix = "…" }
            scalars = Array(scalars[first..<last])
            caretColumn = caretColumn - first + prefix.count
            endColumn = min(endColumn - first, scalars.count + 1) + prefix.count
        }
        let line = prefix + DiagnosticRenderer.printable(String(String.UnicodeScalarView(scalars.map { $0 == "\t" ? " " : $0 }))) + suffix
        let scalarsInLine = line.unicodeScalars.count
        let gutter = String(start.line)
        let pad = String(repeating: " ", count: gutter.count)
        caretColumn = min(caretColumn, scalarsInLine + 1)
        let width = max(1, min(endColumn, scalarsInLine + 1 - suffix.count) - caretColumn)
        let marker = "^" + String(repeating: "~", count: max(0, width - 1))
        return " \(gutter) | \(line)\n \(pad) | \(String(repeating: " ", count: caretColumn - 1))\(paint(marker, "1;32"))\n"
    }

    private func paint(_ text: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
