/// A name as written, with its range.
package struct Identifier: Sendable, Hashable {
    package var name: String
    package var range: SourceRange

    package init(name: String, range: SourceRange) {
        self.name = name
        self.range = range
    }
}

/// A parsed rule file: its declarations in source order.
package struct SyntaxFile: Sendable {
    package var file: SourceFile
    package var declarations: [Declaration]
    /// Names of declarations dropped because of a syntax error; the checker treats references
    /// to them as already reported, so one typo does not cascade.
    package var brokenNames: [String] = []

    package init(file: SourceFile, declarations: [Declaration], brokenNames: [String] = []) {
        self.file = file
        self.declarations = declarations
        self.brokenNames = brokenNames
    }
}

/// A top-level declaration.
package enum Declaration: Sendable, Hashable {
    case event(EventDeclaration)
    case parameter(ParameterDeclaration)
    case value(ValueDeclaration)

    package var name: Identifier {
        switch self {
        case .event(let e): return e.name
        case .parameter(let p): return p.name
        case .value(let v): return v.name
        }
    }

    package var range: SourceRange {
        switch self {
        case .event(let e): return e.range
        case .parameter(let p): return p.range
        case .value(let v): return v.range
        }
    }
}

/// `event ID(limit: N, maxAge: .days(30)) { field: Type, ... }`
package struct EventDeclaration: Sendable, Hashable {
    package var name: Identifier
    package var options: [Argument]
    package var fields: [FieldDeclaration]
    package var range: SourceRange
}

/// `name: Type` inside an event's payload.
package struct FieldDeclaration: Sendable, Hashable {
    package var name: Identifier
    package var type: TypeSyntax
}

/// `parameter NAME: Type = literal`
package struct ParameterDeclaration: Sendable, Hashable {
    package var name: Identifier
    package var type: TypeSyntax
    package var defaultValue: Expression
    package var range: SourceRange
}

/// `let NAME = expr`, `let NAME: Type = expr` or `rule NAME = expr`.
package struct ValueDeclaration: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable { case `let`, rule }
    package var kind: Kind
    package var name: Identifier
    /// The type a `let` writes after its name, as Swift's `let x: Double = 3`.
    package var annotation: TypeSyntax?
    package var value: Expression
    package var range: SourceRange

    package init(kind: Kind, name: Identifier, annotation: TypeSyntax? = nil, value: Expression, range: SourceRange) {
        self.kind = kind
        self.name = name
        self.annotation = annotation
        self.value = value
        self.range = range
    }
}

/// A type as written: `Int`, `String?`, `[Int]`, `Set<String>`.
package indirect enum TypeSyntax: Sendable, Hashable {
    case named(Identifier)
    case optional(TypeSyntax, SourceRange)
    case array(TypeSyntax, SourceRange)
    case generic(Identifier, [TypeSyntax], SourceRange)

    package var range: SourceRange {
        switch self {
        case .named(let id): return id.range
        case .optional(_, let r), .array(_, let r), .generic(_, _, let r): return r
        }
    }
}

/// The types a closure's signature writes, as Swift allows (`{ (a: Int, b) -> Int in ... }`).
package struct ClosureSignature: Sendable, Hashable {
    /// Each parameter's type, nil where none is written; one for each parameter.
    package var parameterTypes: [TypeSyntax?]
    /// The type after `->`, if written.
    package var resultType: TypeSyntax?
    /// Whether the parameters are in parentheses, as a type annotation needs them.
    package var isParenthesized: Bool

    package init(parameterTypes: [TypeSyntax?], resultType: TypeSyntax?, isParenthesized: Bool) {
        self.parameterTypes = parameterTypes
        self.resultType = resultType
        self.isParenthesized = isParenthesized
    }
}

/// A call argument: an optional label and a value.
package struct Argument: Sendable, Hashable {
    package var label: Identifier?
    package var value: Expression
    /// A closure written after the call's parentheses; it matches a parameter by position.
    package var isTrailingClosure = false

    package init(label: Identifier?, value: Expression, isTrailingClosure: Bool = false) {
        (self.label, self.value, self.isTrailingClosure) = (label, value, isTrailingClosure)
    }
}

/// An expression node with its source range.
package struct Expression: Sendable, Hashable {
    package var kind: ExpressionKind
    package var range: SourceRange
    /// The height of this tree: 1 for a leaf. The parser keeps it under the nesting limit,
    /// which bounds the recursion of every later phase.
    package let depth: Int

    package init(_ kind: ExpressionKind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
        var deepest = 0
        kind.forEachChild { deepest = max(deepest, $0.depth) }
        self.depth = 1 + deepest
    }
}

/// The expression forms of TipRules (section 4 of the language definition).
package indirect enum ExpressionKind: Sendable, Hashable {
    /// An integer literal: its digits (with base prefix) and whether a '-' was folded into it.
    case integerLiteral(String, negative: Bool)
    case floatLiteral(String, negative: Bool)
    case stringLiteral(String)
    case booleanLiteral(Bool)
    case nilLiteral
    case identifier(String)
    /// `$0`, `$1`, or `$name` (the parameter itself).
    case dollarIdentifier(String)
    /// `.week`, `.days`: a member of the contextual type.
    case implicitMember(Identifier)
    case member(Expression, Identifier)
    case call(Expression, [Argument])
    case subscriptAccess(Expression, Expression)
    case forceUnwrap(Expression)
    /// `x?` inside an optional chain; the chain is wrapped by `optionalChain`.
    case bindOptional(Expression)
    /// A postfix chain containing at least one `?`: nil when any bound value is nil.
    case optionalChain(Expression)
    case prefix(String, Expression)
    case binary(String, Expression, Expression)
    case ternary(Expression, Expression, Expression)
    /// `if c { a } else { b }`, Swift 5.9's `if` expression; `else if` nests another.
    case ifElse(Expression, Expression, Expression)
    /// `{ a, b in body }`; parameters are empty for `{ $0 ... }` closures. The signature is
    /// what `(a: Int, b: Int) -> Bool in` writes of their types, nil where none are written.
    case closure([Identifier], Expression, ClosureSignature?)
    /// `\.a.b`
    case keyPath([Identifier])
    case arrayLiteral([Expression])
    /// `Set<Int>()`, `[String]()`, `Set<Int>(xs)`: a collection type called as an initializer.
    case typeInitializer(TypeSyntax, [Argument])
    /// `#Rule(subject) { body }`
    case ruleMacro(Expression, Expression)
    case parenthesized(Expression)
}

extension ExpressionKind {
    /// The direct subexpressions, in source order.
    package var children: [Expression] {
        var children: [Expression] = []
        forEachChild { children.append($0) }
        return children
    }

    /// Calls `body` with each direct subexpression, in source order, without making an array
    /// (the parser asks this of every node it makes).
    package func forEachChild(_ body: (Expression) throws -> Void) rethrows {
        switch self {
        case .integerLiteral, .floatLiteral, .stringLiteral, .booleanLiteral, .nilLiteral, .identifier,
             .dollarIdentifier, .implicitMember, .keyPath:
            return
        case .member(let base, _): try body(base)
        case .call(let callee, let arguments):
            try body(callee)
            for argument in arguments { try body(argument.value) }
        case .typeInitializer(_, let arguments):
            for argument in arguments { try body(argument.value) }
        case .subscriptAccess(let base, let index): try body(base); try body(index)
        case .forceUnwrap(let e), .bindOptional(let e), .optionalChain(let e), .prefix(_, let e), .parenthesized(let e):
            try body(e)
        case .binary(_, let l, let r): try body(l); try body(r)
        case .ternary(let c, let a, let b), .ifElse(let c, let a, let b): try body(c); try body(a); try body(b)
        case .closure(_, let closureBody, _): try body(closureBody)
        case .arrayLiteral(let elements): for element in elements { try body(element) }
        case .ruleMacro(let subject, let closure): try body(subject); try body(closure)
        }
    }
}
