/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable {
    case error, warning, note
}

/// A problem found in rule text or donation data, located in a source file.
///
/// Every diagnostic carries a stable `code` (for example `E0201`), a lowercase message with
/// names in single quotes, the exact range it is about, optional notes pointing elsewhere
/// ("declared here") and optional fix-its ("did you mean 'donations'?").
public struct Diagnostic: Sendable, Hashable, Error, CustomStringConvertible {
    /// A secondary location with a message, such as where a name was declared.
    public struct Note: Sendable, Hashable {
        /// What the location shows, such as "'x' declared here".
        public var message: String
        /// The file of the location, which may differ from the diagnostic's.
        public var file: SourceFile
        /// The location.
        public var range: SourceRange

        /// A note at a range of a file.
        public init(message: String, file: SourceFile, range: SourceRange) {
            self.message = message
            self.file = file
            self.range = range
        }
    }

    /// A suggested edit: replace `range` with `replacement`.
    public struct FixIt: Sendable, Hashable {
        /// What the edit does, such as "did you mean 'donations'?".
        public var message: String
        /// The text to replace, in the diagnostic's file (empty to insert).
        public var range: SourceRange
        /// The new text.
        public var replacement: String

        /// An edit replacing `range` with `replacement`.
        public init(message: String, range: SourceRange, replacement: String) {
            self.message = message
            self.range = range
            self.replacement = replacement
        }
    }

    /// Whether it is an error, a warning or a note.
    public var severity: Severity
    /// A stable identifier for the kind of problem.
    public var code: String
    /// A lowercase sentence with names in single quotes and no final period.
    public var message: String
    /// The source the diagnostic is about: a rule file, a donation log, or the text of a call
    /// (`<api>`, `<donation>`, `<parameter>`, `<expr>`).
    public var file: SourceFile
    /// The exact range in `file`, start to end.
    public var range: SourceRange
    /// Secondary locations.
    public var notes: [Note]
    /// Suggested edits.
    public var fixIts: [FixIt]

    /// A diagnostic with a message (and its code) at a range of a file.
    public init(
        _ message: DiagnosticMessage, severity: Severity = .error, file: SourceFile, range: SourceRange,
        notes: [Note] = [], fixIts: [FixIt] = []
    ) {
        self.severity = severity
        self.code = message.code
        self.message = message.text
        self.file = file
        self.range = range
        self.notes = notes
        self.fixIts = fixIts
    }

    /// The 1-based line and column where the diagnostic starts.
    public var location: SourceLocation { file.location(of: range.start) }

    /// The one-line form editors parse: `FILE:LINE:COL: error: message`.
    public var description: String {
        // Terminal-safe: a hostile file name or message cannot carry escape sequences out.
        DiagnosticRenderer.printable("\(file.name):\(location): \(severity.rawValue): \(message)")
    }

    public static func == (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        lhs.severity == rhs.severity && lhs.code == rhs.code && lhs.message == rhs.message
            && lhs.file.name == rhs.file.name && lhs.range == rhs.range
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(file.name)
        hasher.combine(range)
    }
}

/// A message with its stable code; the phases define their messages as static members.
public struct DiagnosticMessage: Sendable, Hashable {
    /// The stable code, such as `E0301`.
    public let code: String
    /// The message text.
    public let text: String
    /// A message with its code.
    public init(_ code: String, _ text: String) {
        self.code = code
        self.text = text
    }
}

/// Collects diagnostics for one run: removes exact duplicates and caps how many are kept.
package struct DiagnosticBag: Sendable {
    package private(set) var diagnostics: [Diagnostic] = []
    /// How many errors were dropped because of `limit`.
    package private(set) var suppressedCount = 0
    package let limit: Int
    private var seen: Set<Diagnostic> = []

    package init(limit: Int = 100) {
        self.limit = limit
    }

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } || suppressedCount > 0 }
    package var errorCount: Int { diagnostics.filter { $0.severity == .error }.count + suppressedCount }

    /// Whether further diagnostics will only be counted.
    package var isFull: Bool { diagnostics.count >= limit }

    package mutating func add(_ diagnostic: Diagnostic) {
        if isFull {
            // Past the limit only the count matters; skipping the duplicate check keeps a file
            // of a million errors cheap.
            suppressedCount += 1
            return
        }
        guard seen.insert(diagnostic).inserted else { return }
        diagnostics.append(diagnostic)
    }

    /// Counts an error past the limit without building it.
    package mutating func addSuppressed() {
        suppressedCount += 1
    }

    package mutating func add(contentsOf other: DiagnosticBag) {
        for diagnostic in other.diagnostics { add(diagnostic) }
        suppressedCount += other.suppressedCount
    }

    /// Diagnostics in file order, then by position.
    package var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            if a.element.file.name != b.element.file.name { return a.offset < b.offset }
            if a.element.range.start != b.element.range.start { return a.element.range.start < b.element.range.start }
            return a.offset < b.offset
        }.map(\.element)
    }
}

extension Diagnostic {
    /// A diagnostic about text a host passed in a call (a name, a value) rather than read from a
    /// file: the text becomes a one-line source named `sourceName`, underlined whole, and a
    /// suggestion becomes a fix-it replacing it.
    package static func about(_ text: String, in sourceName: String = "<api>", _ message: DiagnosticMessage,
                              suggestion: String? = nil, notes: [Note] = []) -> Diagnostic {
        let file = SourceFile(name: sourceName, text: text)
        let range = SourceRange(start: 0, end: file.bytes.count)
        let fixIts = suggestion.map { [FixIt(message: "did you mean '\($0)'?", range: range, replacement: $0)] } ?? []
        return Diagnostic(message, file: file, range: range, notes: notes, fixIts: fixIts)
    }
}
