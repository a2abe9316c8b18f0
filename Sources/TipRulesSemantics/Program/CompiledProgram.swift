import Foundation
import TipRulesSyntax

/// A parameter as declared: its name, type and default value.
package struct ParameterInfo: Sendable {
    package var name: String
    package var type: RuleType
    package var defaultValue: Constant
    /// Where the parameter is declared.
    package var range: SourceRange
}

/// A checked `let` or `rule`.
package struct CompiledDeclaration: Sendable {
    package var name: String
    package var kind: ValueDeclaration.Kind
    package var type: RuleType
    package var body: TypedExpression
    /// Where the name is declared.
    package var nameRange: SourceRange
    /// Where the whole declaration is written, from its keyword.
    package var range: SourceRange
}

/// A rule file after parsing and checking, the checker's output: immutable, `Sendable`, ready to
/// evaluate many times.
///
/// A value whose contents live in one shared immutable object, so copying it (each evaluation
/// does) costs a single reference count.
package struct CompiledProgram: Sendable {
    private final class Storage: Sendable {
        let file: SourceFile
        let events: [EventSchema]
        let parameters: [ParameterInfo]
        let declarations: [CompiledDeclaration]
        let evaluationDepth: Int
        let declarationDepths: [Int]
        let readerCounts: [Int]
        let identity = ProgramIdentity()
        let attachment = ProgramAttachment()
        /// Every name in scope for an expression checked against the program, as the checker
        /// found them: kept so that checking an expression (each `evaluate(expression:)`) does
        /// not hash every name of a file of thousands of declarations again. Looking up a
        /// declaration, parameter or event by name reads it too (one table, each name hashed
        /// once when the file is checked).
        let symbols: [String: Checker.Symbol]
        let declarationTypes: [RuleType]
        let mappedDeclarations: [Int: MappedDeclaration]

        init(file: SourceFile, events: [EventSchema], parameters: [ParameterInfo], declarations: [CompiledDeclaration], evaluationDepth: Int,
             declarationDepths: [Int], readerCounts: [Int], symbols: [String: Checker.Symbol], mappedDeclarations: [Int: MappedDeclaration]) {
            self.file = file
            self.declarationDepths = declarationDepths
            self.readerCounts = readerCounts
            self.mappedDeclarations = mappedDeclarations
            self.symbols = symbols
            self.declarationTypes = declarations.map(\.type)
            self.events = events
            self.parameters = parameters
            self.declarations = declarations
            self.evaluationDepth = evaluationDepth
        }

        /// The same program with some declarations' bodies replaced: every table is shared.
        init(_ other: Storage, bodies: [Int: TypedExpression]) {
            var declarations = other.declarations
            for (index, body) in bodies { declarations[index].body = body }
            self.declarations = declarations
            file = other.file
            events = other.events
            parameters = other.parameters
            evaluationDepth = other.evaluationDepth
            declarationDepths = other.declarationDepths
            readerCounts = other.readerCounts
            symbols = other.symbols
            declarationTypes = other.declarationTypes
            mappedDeclarations = other.mappedDeclarations
        }
    }

    private let storage: Storage

    package var file: SourceFile { storage.file }
    package var events: [EventSchema] { storage.events }
    package var parameters: [ParameterInfo] { storage.parameters }
    package var declarations: [CompiledDeclaration] { storage.declarations }
    /// How deeply evaluating any declaration may recurse: its expression's depth plus that of
    /// the declarations it refers to, transitively.
    package var evaluationDepth: Int { storage.evaluationDepth }
    /// Each declaration's share of that: its value's depth plus the deepest of the
    /// declarations it reads.
    var declarationDepths: [Int] { storage.declarationDepths }
    /// How many other declarations read each declaration, as written (a name in a reader's
    /// value): one that none reads can be replaced without checking any other again.
    var readerCounts: [Int] { storage.readerCounts }
    /// Tells this compilation apart from others, so a store made for it needs no schema checks.
    package var identity: ProgramIdentity { storage.identity }
    /// What a later phase derives from the program once and keeps with it (the runtime's
    /// node trees), without the program naming its type.
    package var attachment: ProgramAttachment { storage.attachment }

    init(file: SourceFile, events: [EventSchema], parameters: [ParameterInfo], declarations: [CompiledDeclaration], evaluationDepth: Int,
         declarationDepths: [Int], readerCounts: [Int], symbols: [String: Checker.Symbol], mappedDeclarations: [Int: MappedDeclaration] = [:]) {
        storage = Storage(file: file, events: events, parameters: parameters, declarations: declarations, evaluationDepth: evaluationDepth,
                          declarationDepths: declarationDepths, readerCounts: readerCounts, symbols: symbols, mappedDeclarations: mappedDeclarations)
    }

    /// The program with the bodies of some declarations replaced by others of the same types
    /// (see `RuleCompiler.recompiled`): a new program, with its own identity and attachment.
    init(_ program: CompiledProgram, replacingBodies bodies: [Int: TypedExpression]) {
        storage = Storage(program.storage, bodies: bodies)
    }

    /// The declarations evaluating `roots` may read, directly or through others (`roots`
    /// included).
    package func declarations(readBy roots: [Int]) -> Set<Int> {
        var reached: Set<Int> = []
        var pending = roots
        while let index = pending.popLast() {
            guard declarations.indices.contains(index), reached.insert(index).inserted else { continue }
            declarations[index].body.forEachDeclarationRead { if !reached.contains($0) { pending.append($0) } }
        }
        return reached
    }

    /// The names an expression checked against the program sees (see `Storage.symbols`).
    var symbols: [String: Checker.Symbol] { storage.symbols }
    /// Each declaration's type, in declaration order.
    var declarationTypes: [RuleType] { storage.declarationTypes }
    /// The declarations whose values a reader can compute again from the columns, by index
    /// (see `MappedDeclaration`).
    package var mappedDeclarations: [Int: MappedDeclaration] { storage.mappedDeclarations }

    /// The index of an event by id.
    package func eventIndex(_ id: String) -> Int? {
        if case .event(let index)? = storage.symbols[id] { return index }
        return nil
    }

    /// The index of a declaration by name.
    package func declarationIndex(_ name: String) -> Int? {
        if case .declaration(let index)? = storage.symbols[name] { return index }
        return nil
    }

    /// The index of a parameter by name.
    package func parameterIndex(_ name: String) -> Int? {
        if case .parameter(let index)? = storage.symbols[name] { return index }
        return nil
    }
}

/// A token unique to one compiled program.
package final class ProgramIdentity: Sendable {}

/// A value derived from a program, made once on first use and then shared by every thread.
package final class ProgramAttachment: @unchecked Sendable {
    // `@unchecked`: `stored` is written once, under `lock`, and read under it.
    private let lock = Lock()
    private var stored: AnyObject?

    /// The attached value if one was made, without making it.
    package func existing<T: AnyObject & Sendable>(_ type: T.Type) -> T? {
        lock.lock()
        defer { lock.unlock() }
        return stored.map { stored in
            assert(stored is T, "a program has one kind of attachment")
            return unsafeDowncast(stored, to: T.self)
        }
    }

    /// The attached value, made by `make` the first time.
    package func value<T: AnyObject & Sendable>(_ make: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        // Every caller attaches the same type (the runtime's node trees): no dynamic cast,
        // which would cost more than the rest of this at every evaluation.
        if let stored {
            assert(stored is T, "a program has one kind of attachment")
            return unsafeDowncast(stored, to: T.self)
        }
        let made = make()
        stored = made
        return made
    }
}

extension TypedExpression {
    /// Calls `body` with each declaration the expression reads (`.declaration` and
    /// `.declarationList`), counting what the calls a fused operation stands for read.
    package func forEachDeclarationRead(_ body: (Int) -> Void) {
        switch node {
        case .declaration(let index), .declarationList(let index):
            body(index)
        case .fused(_, _, let unfused):
            unfused.forEachDeclarationRead(body)
        default:
            forEachChild(of: self) { $0.forEachDeclarationRead(body) }
        }
    }
}
