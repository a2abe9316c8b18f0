import TipRulesSyntax

/// Closures and key paths, checked against the function type their context wants.
extension Checker {
    mutating func checkClosure(_ expression: Expression, parameterTypes: [RuleType], result: RuleType?) -> TypedExpression? {
        guard case .closure(let names, let body, let signature) = expression.kind else { return nil }
        if (!names.isEmpty || signature != nil) && names.count != parameterTypes.count {
            error(CheckerMessages.closureArity(parameterTypes.count, names.count), expression.range)
            closureShapeFailed = true
            return nil
        }
        // `{ a, a in ... }`: Swift refuses the second `a` (`_` may repeat).
        for (index, name) in names.enumerated() where name.name != "_" {
            guard let previous = names[..<index].first(where: { $0.name == name.name }) else { continue }
            error(CheckerMessages.redeclaration(name.name), name.range, notes: [note(CheckerMessages.previousDeclaration, previous.range)])
            closureShapeFailed = true
            return nil
        }
        var result = result
        // (Types that differ leave the shape alone: `reduce(0) { (t: Double, v) -> Double in ... }`
        // is then tried with the literal a `Double`, as Swift types it.)
        if let signature, !checkSignature(signature, names, parameterTypes: parameterTypes, result: &result) { return nil }
        let firstSlot = nextSlot
        nextSlot += parameterTypes.count
        scopes.append(ClosureScope(names: names.map(\.name), types: parameterTypes, firstSlot: firstSlot))
        var typedBody: TypedExpression
        if let result {
            typedBody = checkExpecting(body, result)
        } else {
            typedBody = defaultLiteral(check(body, expected: nil))
        }
        let scope = scopes.removeLast()
        if typedBody.type.containsError { return nil }
        if typedBody.type == .nilLiteral {
            error(CheckerMessages.nilNeedsContext, body.range)
            return nil
        }
        // A body the lexer or parser already refused part of (`{ "\($0.id)" }`) may use its
        // arguments where that part was: no second error about arguments it seems to ignore.
        if scope.isAnonymous && scope.highestAnonymousUsed + 1 < parameterTypes.count && hasError(within: expression.range) {
            closureShapeFailed = true
            return nil
        }
        if scope.isAnonymous && scope.highestAnonymousUsed >= 0 && scope.highestAnonymousUsed + 1 < parameterTypes.count {
            // `reduce(0) { $0 + 1 }`: Swift counts the arguments the body uses.
            let type = RuleType.function(parameterTypes, typedBody.type)
            error(CheckerMessages.closureUsesTooFewArguments(type, parameterTypes.count, scope.highestAnonymousUsed + 1), expression.range)
            closureShapeFailed = true
            return nil
        }
        if scope.isAnonymous && scope.highestAnonymousUsed + 1 < parameterTypes.count {
            let placeholders = Array(repeating: "_", count: parameterTypes.count).joined(separator: ", ")
            closureShapeFailed = true
            error(CheckerMessages.closureIgnoresArguments(parameterTypes.count), expression.range, fixIts: [
                Diagnostic.FixIt(message: "name the ignored arguments: '{ \(placeholders) in ... }'",
                                 range: SourceRange(start: expression.range.start + 1, end: expression.range.start + 1),
                                 replacement: " \(placeholders) in")
            ])
            return nil
        }
        let closure = TypedClosure(firstSlot: firstSlot, parameterCount: parameterTypes.count, body: typedBody)
        return TypedExpression(.closure(closure), .function(parameterTypes, typedBody.type), expression.range)
    }

    /// The types a closure's signature writes, checked against those its context gives, as
    /// Swift checks them: each annotated parameter's type must be the one passed, and a written
    /// result type must be the one the context wants, if it wants one, and is then what the body
    /// is checked against (`map { d -> Double in 1 }` is `[Double]`). False after an error.
    private mutating func checkSignature(_ signature: ClosureSignature, _ names: [Identifier], parameterTypes: [RuleType],
                                         result: inout RuleType?) -> Bool {
        for (index, written) in signature.parameterTypes.enumerated() {
            guard let written else { continue }
            let declared = resolveType(written)
            if declared.containsError { return false }
            if declared != parameterTypes[index] {
                error(CheckerMessages.closureParameterType(names[index].name, declared: declared, passed: parameterTypes[index]), written.range)
                return false
            }
        }
        guard let written = signature.resultType else { return true }
        let declared = resolveType(written)
        if declared.containsError { return false }
        if let wanted = result, declared != wanted {
            error(CheckerMessages.closureResultType(declared: declared, wanted: wanted), written.range)
            return false
        }
        result = declared
        return true
    }

    /// `\.a.b` from `root`: each component a payload field, `date`, or a built-in property.
    mutating func checkKeyPath(_ components: [Identifier], root: RuleType, _ range: SourceRange, asKeyPath: Bool) -> TypedExpression? {
        if root.containsError { return nil }
        var current = root
        var steps: [KeyPathStep] = []
        for component in components {
            if current.isOptional {
                error(CheckerMessages.mustUnwrap(current, component.name), component.range)
                return nil
            }
            // Built-in members first (a donation's `date`), then payload fields: the checker
            // rejects fields that a member would hide.
            let candidates = Builtins.lookup(component.name, on: receiverKinds(current))
            if case .donation(let id) = current, candidates.isEmpty {
                guard let schema = events.first(where: { $0.id == id }), let index = schema.fieldIndex(component.name) else {
                    reportNoMember(current, component)
                    return nil
                }
                current = schema.fields[index].type
                steps.append(.field(index, current))
                continue
            }
            guard let property = candidates.first(where: \.isProperty),
                  let type = instantiate(property.result, element: elementType(of: current), receiver: current, generic: nil) else {
                if let method = candidates.first {
                    error(CheckerMessages.keyPathToMethod(method.signatureName), component.range)
                } else {
                    reportNoMember(current, component)
                }
                return nil
            }
            steps.append(.property(property, type))
            current = type
        }
        let type: RuleType = asKeyPath ? .keyPath(root, current) : .function([root], current)
        return TypedExpression(.keyPath(steps), type, range)
    }
}
