import TipRulesSyntax

/// A parameter as declared: its name, type and default value.
public struct ParameterInfo: Sendable {
    public var name: String
    public var type: RuleType
    public var defaultValue: Constant
    /// Where the parameter is declared.
    public var range: SourceRange
}

/// A checked `let` or `rule`.
public struct CompiledDeclaration: Sendable {
    public var name: String
    public var kind: ValueDeclaration.Kind
    public var type: RuleType
    public var body: TypedExpression
    /// Where the name is declared.
    public var nameRange: SourceRange
}

/// A rule file after parsing and checking, the checker's output: immutable, `Sendable`, ready to
/// evaluate many times.
///
/// A value whose contents live in one shared immutable object, so copying it (each evaluation
/// does) costs a single reference count.
public struct CompiledProgram: Sendable {
    private final class Storage: Sendable {
        let file: SourceFile
        let events: [EventSchema]
        let parameters: [ParameterInfo]
        let declarations: [CompiledDeclaration]
        let evaluationDepth: Int
        let identity = ProgramIdentity()
        /// Indices by name, so lookups stay constant-time in files of thousands of declarations.
        let declarationIndices: [String: Int]
        let parameterIndices: [String: Int]
        let eventIndices: [String: Int]

        init(file: SourceFile, events: [EventSchema], parameters: [ParameterInfo], declarations: [CompiledDeclaration], evaluationDepth: Int) {
            self.file = file
            self.events = events
            self.parameters = parameters
            self.declarations = declarations
            self.evaluationDepth = evaluationDepth
            self.declarationIndices = Dictionary(declarations.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
            self.parameterIndices = Dictionary(parameters.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
            self.eventIndices = Dictionary(events.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    private let storage: Storage

    public var file: SourceFile { storage.file }
    public var events: [EventSchema] { storage.events }
    public var parameters: [ParameterInfo] { storage.parameters }
    public var declarations: [CompiledDeclaration] { storage.declarations }
    /// How deeply evaluating any declaration may recurse: its expression's depth plus that of
    /// the declarations it refers to, transitively.
    public var evaluationDepth: Int { storage.evaluationDepth }
    /// Tells this compilation apart from others, so a store made for it needs no schema checks.
    package var identity: ProgramIdentity { storage.identity }

    init(file: SourceFile, events: [EventSchema], parameters: [ParameterInfo], declarations: [CompiledDeclaration], evaluationDepth: Int) {
        storage = Storage(file: file, events: events, parameters: parameters, declarations: declarations, evaluationDepth: evaluationDepth)
    }

    /// The index of an event by id.
    public func eventIndex(_ id: String) -> Int? {
        storage.eventIndices[id]
    }

    /// The index of a declaration by name.
    public func declarationIndex(_ name: String) -> Int? {
        storage.declarationIndices[name]
    }

    /// The index of a parameter by name.
    public func parameterIndex(_ name: String) -> Int? {
        storage.parameterIndices[name]
    }
}

/// A token unique to one compiled program.
package final class ProgramIdentity: Sendable {}
