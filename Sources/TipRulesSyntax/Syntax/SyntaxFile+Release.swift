extension SyntaxFile {
    /// How many declarations a file needs before `release` frees its tree on two threads.
    package static let concurrentReleaseCount = 4096

    /// Frees a syntax tree that nothing else holds, a large one on two threads. A tree is many
    /// small objects, and freeing those of 100,000 one-line rules takes about as long as
    /// parsing a tenth of them, all of it after the file is checked.
    package static func release(_ syntax: consuming SyntaxFile) {
        var declarations = syntax.declarations
        _ = consume syntax
        guard declarations.count >= concurrentReleaseCount, LargeStack.processorCount > 1 else { return }
        let later = ReleasedDeclarations(Array(declarations[(declarations.count / 2)...]))
        declarations.removeSubrange((declarations.count / 2)...)
        _ = LargeStack.concurrently({ later.declarations = [] }, alongside: { declarations = [] })
    }
}

/// Declarations handed to another thread, which frees them by emptying this.
private final class ReleasedDeclarations {
    var declarations: [Declaration]

    init(_ declarations: [Declaration]) {
        self.declarations = declarations
    }
}
