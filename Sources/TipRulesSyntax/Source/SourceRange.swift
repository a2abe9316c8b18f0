/// A half-open range of UTF-8 byte offsets in a `SourceFile`.
public struct SourceRange: Sendable, Hashable, CustomStringConvertible {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = max(start, end)
    }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }

    /// An empty range at the end of this one.
    public var endPoint: SourceRange { SourceRange(start: end, end: end) }

    public var description: String { "\(start)..<\(end)" }
}
