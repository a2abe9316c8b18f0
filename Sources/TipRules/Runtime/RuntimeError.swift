/// A failure while evaluating, where Swift would trap. It carries the range of the failing
/// subexpression so it renders like a compile-time diagnostic.
public struct RuntimeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of runtime failure.
    public enum Kind: String, Sendable, Hashable {
        case overflow, divisionByZero, unwrapNil, indexOutOfRange, invalidConversion
        case negativeCount, invalidRange, calendarOverflow, stepBudgetExceeded
    }

    public var kind: Kind
    public var message: String
    public var file: SourceFile
    public var range: SourceRange

    public var location: SourceLocation { file.location(of: range.start) }

    public var description: String { "\(file.name):\(location): error: \(message)" }

    /// The error as a diagnostic, for rendering with the source excerpt.
    public var diagnostic: Diagnostic {
        Diagnostic(DiagnosticMessage("R-" + kind.rawValue, message), file: file, range: range)
    }

    public static func == (a: RuntimeError, b: RuntimeError) -> Bool {
        a.kind == b.kind && a.message == b.message && a.range == b.range && a.file.name == b.file.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(range)
    }
}
