/// Prints syntax trees: as canonical source text (for round-trip tests and tools) and as
/// S-expressions that show the tree's shape (for parser tests).
package enum ASTPrinter {
    /// Canonical source for an expression. Parentheses appear exactly where the tree has them,
    /// so parsing the output gives back the same tree.
    package static func source(_ expression: Expression) -> String {
        switch expression.kind {
        case .integerLiteral(let digits, let negative): return (negative ? "-" : "") + digits
        case .floatLiteral(let digits, let negative): return (negative ? "-" : "") + digits
        case .stringLiteral(let text): return StringLiteral.swift(text)
        case .booleanLiteral(let flag): return flag ? "true" : "false"
        case .nilLiteral: return "nil"
        case .identifier(let name): return escaped(name)
        case .dollarIdentifier(let name): return "$" + name
        case .implicitMember(let name): return "." + name.name
        case .member(let base, let name): return source(base) + "." + name.name
        case .call(let callee, let arguments):
            let trailing = arguments.last?.isTrailingClosure == true ? arguments.last : nil
            let regular = trailing == nil ? arguments : Array(arguments.dropLast())
            var text = source(callee)
            if !regular.isEmpty || trailing == nil {
                text += "(" + regular.map(argument).joined(separator: ", ") + ")"
            }
            if let trailing { text += " " + source(trailing.value) }
            return text
        case .subscriptAccess(let base, let index): return source(base) + "[" + source(index) + "]"
        case .forceUnwrap(let operand): return source(operand) + "!"
        case .bindOptional(let operand): return source(operand) + "?"
        case .optionalChain(let operand): return source(operand)
        case .prefix(let op, let operand): return op + source(operand)
        case .binary(let op, let lhs, let rhs): return source(lhs) + " " + op + " " + source(rhs)
        case .ternary(let condition, let then, let otherwise):
            return source(condition) + " ? " + source(then) + " : " + source(otherwise)
        case .ifElse(let condition, let then, let otherwise):
            let elseBranch = if case .ifElse = otherwise.kind { source(otherwise) } else { "{ " + source(otherwise) + " }" }
            return "if " + source(condition) + " { " + source(then) + " } else " + elseBranch
        case .closure(let parameters, let body, let signature):
            guard let signature else {
                let head = parameters.isEmpty ? "" : parameters.map { escaped($0.name) }.joined(separator: ", ") + " in "
                return "{ " + head + source(body) + " }"
            }
            let names = zip(parameters, signature.parameterTypes).map { name, type in
                escaped(name.name) + (type.map { ": " + source($0) } ?? "")
            }.joined(separator: ", ")
            let result = signature.resultType.map { " -> " + source($0) } ?? ""
            return "{ " + (signature.isParenthesized ? "(" + names + ")" : names) + result + " in " + source(body) + " }"
        case .keyPath(let components): return "\\" + components.map { "." + $0.name }.joined()
        case .arrayLiteral(let elements): return "[" + elements.map(source).joined(separator: ", ") + "]"
        case .typeInitializer(let type, let arguments): return source(type) + "(" + arguments.map(argument).joined(separator: ", ") + ")"
        case .ruleMacro(let subject, let body): return "#Rule(" + source(subject) + ") " + source(body)
        case .parenthesized(let inner): return "(" + source(inner) + ")"
        }
    }

    private static func argument(_ argument: Argument) -> String {
        (argument.label.map { $0.name + ": " } ?? "") + source(argument.value)
    }

    private static func escaped(_ name: String) -> String {
        Keyword(rawValue: name) != nil ? "`\(name)`" : name
    }

    /// Canonical source for a whole file.
    package static func source(_ file: SyntaxFile) -> String {
        file.declarations.map(source).joined(separator: "\n") + "\n"
    }

    package static func source(_ declaration: Declaration) -> String {
        switch declaration {
        case .event(let event):
            var text = "event " + escaped(event.name.name)
            if !event.options.isEmpty { text += "(" + event.options.map(argument).joined(separator: ", ") + ")" }
            if !event.fields.isEmpty {
                text += " { " + event.fields.map { escaped($0.name.name) + ": " + source($0.type) }.joined(separator: ", ") + " }"
            }
            return text
        case .parameter(let parameter):
            return "parameter " + escaped(parameter.name.name) + ": " + source(parameter.type) + " = " + source(parameter.defaultValue)
        case .value(let value):
            return value.kind.rawValue + " " + escaped(value.name.name) + (value.annotation.map { ": " + source($0) } ?? "")
                + " = " + source(value.value)
        }
    }

    package static func source(_ type: TypeSyntax) -> String {
        switch type {
        case .named(let name): return name.name
        case .optional(let wrapped, _): return source(wrapped) + "?"
        case .array(let element, _): return "[" + source(element) + "]"
        case .generic(let name, let arguments, _): return name.name + "<" + arguments.map(source).joined(separator: ", ") + ">"
        }
    }

    /// The tree's shape: `(+ a (* b c))`, `(. (call f 1) x)`.
    package static func sExpression(_ expression: Expression) -> String {
        switch expression.kind {
        case .integerLiteral, .floatLiteral, .stringLiteral, .booleanLiteral, .nilLiteral, .identifier,
             .dollarIdentifier, .implicitMember, .keyPath:
            return source(expression)
        case .member(let base, let name): return "(. \(sExpression(base)) \(name.name))"
        case .call(let callee, let arguments):
            let parts = arguments.map { ($0.label.map { $0.name + ": " } ?? "") + sExpression($0.value) }
            return "(call " + ([sExpression(callee)] + parts).joined(separator: " ") + ")"
        case .subscriptAccess(let base, let index): return "([] \(sExpression(base)) \(sExpression(index)))"
        case .forceUnwrap(let operand): return "(! \(sExpression(operand)))"
        case .bindOptional(let operand): return "(? \(sExpression(operand)))"
        case .optionalChain(let operand): return "(?chain \(sExpression(operand)))"
        case .prefix(let op, let operand): return "(\(op)pre \(sExpression(operand)))"
        case .binary(let op, let lhs, let rhs): return "(\(op) \(sExpression(lhs)) \(sExpression(rhs)))"
        case .ternary(let c, let a, let b): return "(?: \(sExpression(c)) \(sExpression(a)) \(sExpression(b)))"
        case .ifElse(let c, let a, let b): return "(if \(sExpression(c)) \(sExpression(a)) \(sExpression(b)))"
        case .closure(let parameters, let body, let signature):
            let types = signature.map { signature in
                " (types " + signature.parameterTypes.map { $0.map(source) ?? "_" }.joined(separator: " ")
                    + " -> " + (signature.resultType.map(source) ?? "_") + ")"
            } ?? ""
            return "(closure [" + parameters.map(\.name).joined(separator: " ") + "]" + types + " " + sExpression(body) + ")"
        case .arrayLiteral(let elements): return "(array" + elements.map { " " + sExpression($0) }.joined() + ")"
        case .typeInitializer(let type, let arguments):
            return "(init " + ([source(type)] + arguments.map { sExpression($0.value) }).joined(separator: " ") + ")"
        case .ruleMacro(let subject, let body): return "(#Rule \(sExpression(subject)) \(sExpression(body)))"
        case .parenthesized(let inner): return "(paren \(sExpression(inner)))"
        }
    }
}
