/// A named piece of rule text with a table of line starts.
///
/// Positions everywhere in TipRules are UTF-8 byte offsets into `bytes`; line and column are
/// computed only when a diagnostic is printed. Columns count Unicode scalars from 1, so a
/// caret lines up under the character a person sees in a terminal.
public struct SourceFile: Sendable, Hashable {
    /// The contents, shared: diagnostics and runtime errors copy source files freely.
    private final class Storage: Sendable {
        let name: String
        let bytes: [UInt8]
        let lineStarts: [Int]

        init(name: String, bytes: [UInt8], lineStarts: [Int]) {
            self.name = name
            self.bytes = bytes
            self.lineStarts = lineStarts
        }
    }

    private let storage: Storage

    /// The name shown in diagnostics, usually the path the text was read from.
    public var name: String { storage.name }
    /// The text as UTF-8 bytes. Invalid UTF-8 is kept as is so the lexer can report it.
    public var bytes: [UInt8] { storage.bytes }
    /// Offsets of the first byte of every line.
    var lineStarts: [Int] { storage.lineStarts }

    public static func == (a: SourceFile, b: SourceFile) -> Bool {
        a.storage === b.storage || (a.name == b.name && a.bytes == b.bytes)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(bytes.count)
    }

    /// Creates a source file from text.
    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// Creates a source file from raw bytes, which need not be valid UTF-8.
    public init(name: String, bytes: [UInt8]) {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        self.storage = Storage(name: name, bytes: bytes, lineStarts: starts)
    }

    /// The 1-based line and column of a byte offset.
    public func location(of offset: Int) -> SourceLocation {
        let bytes = self.bytes
        let lineStarts = self.lineStarts
        let offset = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        let lineStart = lineStarts[low]
        var column = 1
        var index = lineStart
        while index < offset {
            // Count scalars: every byte that is not a UTF-8 continuation byte starts one.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(line: low + 1, column: column)
    }

    /// The text of a 1-based line, without its line break.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// The text covered by a range.
    public func text(in range: SourceRange) -> String {
        let start = max(0, min(range.start, bytes.count))
        let end = max(start, min(range.end, bytes.count))
        // Through a buffer pointer: decoding an `ArraySlice` takes a generic path several times
        // slower, and the lexer asks this of nearly every token.
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
    }
}

/// A 1-based line and column.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    public let line: Int
    /// The column in Unicode scalars, from 1.
    public let column: Int
    /// A location.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}
