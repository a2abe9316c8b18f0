import TipRulesSemantics
import TipRulesSyntax

/// The declarations a REPL session holds, each taken from a loaded file or a typed entry, in
/// the order they were first declared.
///
/// The compiler sees one rule text, their texts one after another (`CombinedSource`); what it
/// says about that text is mapped back to the file and line each declaration came from.
struct SessionSource {
    /// Where a declaration came from.
    enum Origin: Equatable {
        /// A file loaded with `:load` or on the command line, by path.
        case file(String)
        /// Typed at the prompt.
        case typed
    }

    /// One declaration: its name and kind, and where its text is.
    struct Entry: Equatable {
        var name: String
        var kind: String
        var file: SourceFile
        var range: SourceRange
        var origin: Origin
        /// Where the name is, for notes that point at this declaration.
        var nameRange: SourceRange
    }

    private(set) var entries: [Entry] = []
    /// Where each name's entry is in `entries` (a file of 100,000 declarations is loaded by
    /// adding each: a search of the entries for every one took most of a minute).
    private var positions: [String: Int] = [:]

    /// Adds a declaration, replacing one of the same name in place. Returns the one replaced.
    @discardableResult
    mutating func add(_ entry: Entry) -> Entry? {
        if let index = positions[entry.name] {
            let replaced = entries[index]
            entries[index] = entry
            return replaced
        }
        positions[entry.name] = entries.count
        entries.append(entry)
        return nil
    }

    /// The entries of a parsed file or typed text.
    static func entries(of syntax: SyntaxFile, origin: Origin) -> [Entry] {
        syntax.declarations.map { declaration in
            let kind: String
            switch declaration {
            case .event: kind = "event"
            case .parameter: kind = "parameter"
            case .value(let value): kind = value.kind.rawValue
            }
            return Entry(name: declaration.name.name, kind: kind, file: syntax.file, range: declaration.range,
                         origin: origin, nameRange: declaration.name.range)
        }
    }

    /// The rule text of every declaration, one per line, with the map back to their files.
    var combined: CombinedSource {
        var bytes: [UInt8] = []
        var pieces: [CombinedSource.Piece] = []
        for entry in entries {
            let start = bytes.count
            bytes += entry.file.bytes[entry.range.start..<entry.range.end]
            pieces.append(CombinedSource.Piece(start: start, end: bytes.count, file: entry.file, offset: entry.range.start))
            bytes.append(UInt8(ascii: "\n"))
        }
        return CombinedSource(file: SourceFile(name: "<session>", bytes: bytes), pieces: pieces)
    }
}

/// The one rule text a session compiles, and which file each part of it came from.
struct CombinedSource {
    struct Piece {
        /// The part of the combined text, start to end.
        var start: Int
        var end: Int
        /// The file the part was copied from, and where in it.
        var file: SourceFile
        var offset: Int
    }

    let file: SourceFile
    let pieces: [Piece]

    /// A diagnostic about the combined text, located in the file its declaration came from
    /// instead (others are returned unchanged).
    func located(_ diagnostic: Diagnostic) -> Diagnostic {
        var located = diagnostic
        if diagnostic.file == file, let piece = piece(containing: diagnostic.range.start) {
            located.file = piece.file
            located.range = shifted(diagnostic.range, piece)
            located.fixIts = diagnostic.fixIts.map { fixIt in
                var moved = fixIt
                moved.range = shifted(fixIt.range, piece)
                return moved
            }
        }
        located.notes = diagnostic.notes.map { note in
            guard note.file == file, let piece = piece(containing: note.range.start) else { return note }
            return Diagnostic.Note(message: note.message, file: piece.file, range: shifted(note.range, piece))
        }
        return located
    }

    /// A range of the combined text, in the file its declaration came from.
    func locate(_ file: SourceFile, _ range: SourceRange) -> (SourceFile, SourceRange) {
        guard file == self.file, let piece = piece(containing: range.start) else { return (file, range) }
        return (piece.file, shifted(range, piece))
    }

    private func shifted(_ range: SourceRange, _ piece: Piece) -> SourceRange {
        let delta = piece.offset - piece.start
        return SourceRange(start: range.start + delta, end: range.end + delta)
    }

    /// The piece an offset falls in; the line break after a piece counts as its end.
    private func piece(containing offset: Int) -> Piece? {
        var low = 0
        var high = pieces.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let piece = pieces[middle]
            if offset < piece.start {
                high = middle - 1
            } else if offset > piece.end {
                low = middle + 1
            } else {
                return piece
            }
        }
        return pieces.last
    }
}
