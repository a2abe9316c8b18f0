/// A half-open range of UTF-8 byte offsets in a `SourceFile`.
public struct SourceRange: Sendable, Hashable, CustomStringConvertible {
    /// The offset of the first byte.
    public var start: Int
    /// The offset just past the last byte.
    public var end: Int

    /// A range; an `end` before `start` makes it empty.
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
