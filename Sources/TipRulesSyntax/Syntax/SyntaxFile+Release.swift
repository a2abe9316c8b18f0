extension SyntaxFile {
    /// How many declarations a file needs before `release` frees its tree on a thread of its own.
    package static let backgroundReleaseCount = 4096

    /// Frees a syntax tree that nothing else holds: a large one on a thread of its own, which
    /// nothing waits for. A tree is many small objects, and freeing those of 100,000 one-line
    /// rules took a twentieth of compiling them, all of it after the file was checked, while
    /// the machine's other processor had nothing to do. (A small tree is freed here: a thread
    /// costs more than freeing it.)
    package static func release(_ syntax: consuming SyntaxFile) {
        let declarations = syntax.declarations
        _ = consume syntax
        guard declarations.count >= backgroundReleaseCount, LargeStack.processorCount > 1 else { return }
        // The box holds the only reference, so the tree is freed where the box is emptied.
        let box = ReleasedDeclarations(consume declarations)
        // (With the compiler's stack: freeing a tree recurses once per level, as parsing does.)
        LargeStack.detached { box.empty() }
    }
}

/// Declarations handed to another thread, which frees them by emptying this. Only that
/// thread touches `declarations` once the box is made, so sharing it is safe.
private final class ReleasedDeclarations: @unchecked Sendable {
    private var declarations: [Declaration]

    init(_ declarations: consuming [Declaration]) {
        self.declarations = declarations
    }

    func empty() {
        declarations = []
    }
}
