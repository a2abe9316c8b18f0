/// A parameter as declared: its name, type and default value.
public struct ParameterInfo: Sendable {
    public var name: String
    public var type: RuleType
    public var defaultValue: Value
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

/// A rule file after parsing and checking: immutable, `Sendable`, ready to evaluate many times.
public struct CompiledProgram: Sendable {
    public let file: SourceFile
    public let events: [EventSchema]
    public let parameters: [ParameterInfo]
    public let declarations: [CompiledDeclaration]
    /// How deeply evaluating any declaration may recurse: its expression's depth plus that of
    /// the declarations it refers to, transitively.
    public let evaluationDepth: Int

    /// The index of an event by id.
    public func eventIndex(_ id: String) -> Int? {
        events.firstIndex { $0.id == id }
    }

    /// The index of a declaration by name.
    public func declarationIndex(_ name: String) -> Int? {
        declarations.firstIndex { $0.name == name }
    }

    /// The index of a parameter by name.
    public func parameterIndex(_ name: String) -> Int? {
        parameters.firstIndex { $0.name == name }
    }
}
