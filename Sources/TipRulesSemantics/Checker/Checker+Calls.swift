import TipRulesSyntax

/// Overload selection and argument checking for built-in calls.
extension Checker {
    /// Whether the arguments fit a built-in's labels and arity. A trailing closure fits any
    /// function parameter by position, as in Swift.
    private func accepts(_ builtin: Builtin, _ arguments: [Argument]) -> Bool {
        guard let labels = builtin.labels else { return false }
        if builtin.isVariadic {
            guard arguments.count >= labels.count else { return false }
        } else {
            guard arguments.count == labels.count else { return false }
        }
        for (index, argument) in arguments.enumerated() {
            let position = min(index, labels.count - 1)
            if argument.isTrailingClosure {
                guard builtin.parameters[position].isFunction else { return false }
            } else if argument.label?.name != labels[position] {
                return false
            }
        }
        return true
    }

    /// Whether an argument is written as a closure or key path (or names a global function),
    /// which only function parameters take.
    private func isFunctionLiteral(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .closure, .keyPath: return true
        case .identifier(let name): return namesGlobalFunction(name, taking: nil)
        case .parenthesized(let inner): return isFunctionLiteral(inner)
        default: return false
        }
    }

    /// Whether `name`, as an argument, is a global function passed by name, as Swift allows
    /// (`reduce(0, max)`, `map(abs)`): a built-in function that no local, declaration, event or
    /// parameter shadows and no type shares, taking `arity` arguments (any number, for nil).
    private func namesGlobalFunction(_ name: String, taking arity: Int?) -> Bool {
        guard lookupLocalName(name) == nil, symbols[name] == nil, RuleType.named[name] == nil,
              !RuleType.genericNames.contains(name) else { return false }
        return Builtins.lookup(name, on: .global).contains { arity == nil || $0.parameters.count == arity }
    }

    /// `{ f($0, $1) }`: what a global function passed by name means, located at its name.
    private static func closure(calling name: String, arity: Int, _ range: SourceRange) -> Expression {
        let arguments = (0..<arity).map { Argument(label: nil, value: Expression(.dollarIdentifier(String($0)), range)) }
        return Expression(.closure([], Expression(.call(Expression(.identifier(name), range), arguments), range), nil), range)
    }

    mutating func resolveCall(_ candidates: [Builtin], name: Identifier, receiver: TypedExpression?, receiverType: RuleType?,
                              _ arguments: [Argument], _ range: SourceRange) -> TypedExpression {
        var matching = candidates.filter { accepts($0, arguments) }
        if matching.count > 1 {
            let shaped = matching.filter { builtin in
                arguments.enumerated().allSatisfy { index, argument in
                    builtin.parameters[min(index, builtin.parameters.count - 1)].isFunction == isFunctionLiteral(argument.value)
                }
            }
            if !shaped.isEmpty { matching = shaped }
        }
        guard let builtin = matching.first else {
            let expected = candidates.map { "'\($0.signatureName)'" }.joined(separator: " or ")
            let used = name.name + "(" + arguments.map { ($0.isTrailingClosure ? "" : ($0.label?.name ?? "_") + ":") }.joined() + ")"
            let receiverDescription = receiverType.map { "'\($0)'" } ?? "the global scope"
            error(CheckerMessages.noMatchingCall(used, receiverDescription, expected), name.range.union(range.endPoint))
            checkArgumentsIgnoringResult(arguments)
            return errorNode(range)
        }
        return checkCall(builtin, name: name, receiver: receiver, receiverType: receiverType, arguments, range)
    }

    private mutating func checkArgumentsIgnoringResult(_ arguments: [Argument]) {
        for argument in arguments where !isFunctionLiteral(argument.value) {
            _ = check(argument.value, expected: nil)
        }
    }

    private mutating func checkCall(_ builtin: Builtin, name: Identifier, receiver: TypedExpression?, receiverType: RuleType?,
                                    _ arguments: [Argument], _ range: SourceRange) -> TypedExpression {
        let element = receiverType.flatMap { elementType(of: $0) }
        if let types = fixedParameterTypes(builtin, arguments.count, element, receiverType) {
            return checkCall(builtin, fixed: types, receiver: receiver, receiverType: receiverType, element: element, name: name, arguments, range)
        }
        var generic: RuleType?
        var typed: [TypedExpression?] = Array(repeating: nil, count: arguments.count)
        var failed = false
        let patterns = arguments.indices.map { builtin.parameters[min($0, builtin.parameters.count - 1)] }

        // Values first: they bind the generic that closures may need (reduce's initial value).
        var genericArguments: [Int] = []
        // `reduce([]) { $0 + [$1] }`: an empty literal whose type the closure decides.
        var emptyGenericArgument: Int?
        // `max(d, .distantPast)`: an implicit member beside other arguments of the generic
        // type, checked after them, as a member of the type they give.
        var implicitGenericArguments: [Int] = []
        for (index, argument) in arguments.enumerated() where !patterns[index].isFunction {
            let pattern = patterns[index]
            if pattern == .generic, generic == nil, isEmptyArrayLiteral(argument.value), patterns.contains(where: \.isFunction) {
                emptyGenericArgument = index
                typed[index] = TypedExpression(.arrayLiteral([]), .array(.error), argument.value.range)
                continue
            }
            if let type = instantiate(pattern, element: element, receiver: receiverType, generic: generic), !pattern.mentionsGeneric {
                typed[index] = checkExpecting(argument.value, type, .argument)
            } else if pattern == .generic, generic == nil, Checker.startsWithImplicitMember(argument.value),
                      patterns.contains(where: \.isFunction),
                      let type = inferImplicitMember(argument.value, arguments, patterns, element, receiverType) {
                // `reduce(.infinity, min)`: a member of the type the closure decides.
                typed[index] = checkExpecting(argument.value, type)
            } else if pattern == .generic, generic == nil, Checker.startsWithImplicitMember(argument.value),
                      arguments.indices.contains(where: { other in
                          other != index && patterns[other] == .generic && !Checker.startsWithImplicitMember(arguments[other].value)
                      }) {
                implicitGenericArguments.append(index)
                continue
            } else if pattern == .generic, generic == nil, Checker.startsWithImplicitMember(argument.value),
                      let type = commonImplicitMemberType(arguments.indices.filter { patterns[$0] == .generic }.map { arguments[$0].value }) {
                // `abs(-.infinity)`, `max(.distantPast, .distantFuture)`: implicit members alone,
                // of the first type that has them all.
                typed[index] = checkExpecting(argument.value, type)
                genericArguments.append(index)
            } else {
                typed[index] = check(argument.value, expected: nil)
                if pattern == .generic { genericArguments.append(index) }
            }
            if typed[index]!.type.containsError { failed = true }
        }
        if !failed, !implicitGenericArguments.isEmpty {
            let other = (genericArguments.first { !typed[$0]!.isFlexibleLiteral } ?? genericArguments.first).map { typed[$0]! }
            for index in implicitGenericArguments {
                // (Beside integer literals alone, `max(1, .infinity)` is a `Double`: the literals
                // become `Double`s below.)
                let context = other.flatMap { implicitMemberContext(arguments[index].value, beside: $0) }
                typed[index] = check(arguments[index].value, expected: context)
                if typed[index]!.type.containsError { failed = true }
            }
            genericArguments = (genericArguments + implicitGenericArguments).sorted()
        }
        if failed {
            checkFunctionArgumentsForErrors(arguments, patterns, element, receiverType)
            return errorNode(range)
        }
        // Several arguments of one generic type (min, max) meet at one type, as Swift's literals do.
        if !genericArguments.isEmpty {
            var target = genericArguments.first { !typed[$0]!.isFlexibleLiteral }.map { typed[$0]!.type } ?? typed[genericArguments[0]]!.type
            // A `Double` among `Int`s built from integer literals (`max([1, 2].reduce(0, +), 2.5)`)
            // makes those literals `Double`, as Swift's solver types them.
            if let doubled = Checker.withDouble(target), genericArguments.contains(where: { typed[$0]!.type == doubled }) {
                var converted = typed
                let all = genericArguments.allSatisfy { index in
                    guard let value = coerce(typed[index]!, to: doubled)
                            ?? withDoubleLiterals(arguments[index].value, typed[index]!, becoming: doubled) else { return false }
                    converted[index] = value
                    return true
                }
                if all { (typed, target) = (converted, doubled) }
            }
            for index in genericArguments {
                guard let converted = coerce(typed[index]!, to: target)
                        ?? withDoubleLiterals(arguments[index].value, typed[index]!, becoming: target) else {
                    let first = typed[genericArguments[0]]!.type
                    let other = first == target ? typed[index]!.type : target
                    error(CheckerMessages.conflictingGeneric(first, other), typed[index]!.range)
                    return errorNode(range)
                }
                typed[index] = converted
            }
        }
        if let emptyIndex = emptyGenericArgument {
            guard let type = inferEmptyLiteral(arguments, patterns, element, receiverType) else {
                error(CheckerMessages.emptyArrayNeedsContext, arguments[emptyIndex].value.range)
                return errorNode(range)
            }
            typed[emptyIndex] = TypedExpression(.arrayLiteral([]), type, arguments[emptyIndex].value.range)
        }
        for (index, _) in arguments.enumerated() where !patterns[index].isFunction {
            if !bind(patterns[index], typed[index]!.type, &generic) {
                error(CheckerMessages.cannotConvert(typed[index]!.type, instantiate(patterns[index], element: element, receiver: receiverType, generic: generic) ?? .error), typed[index]!.range)
                return errorNode(range)
            }
        }
        let genericFromLiteral = genericArguments.contains { typed[$0]!.isFlexibleLiteral }

        // Then closures and key paths, with parameter types now known.
        for (index, argument) in arguments.enumerated() where patterns[index].isFunction {
            closureShapeFailed = false
            var attempt = checkFunctionArgument(argument.value, patterns[index], element, receiverType, &generic, speculative: genericFromLiteral && generic == .int)
            if attempt == nil && genericFromLiteral && generic == .int && closureShapeFailed {
                // The closure's arguments do not fit whatever the literal's type: report that,
                // with the types as written.
                attempt = checkFunctionArgument(argument.value, patterns[index], element, receiverType, &generic, speculative: false)
            } else if attempt == nil && genericFromLiteral && generic == .int {
                // `reduce(0) { $0 + $1.rating }`: Swift types the literal as Double here. A literal
                // expression that cannot be one (`7 % 2`) leaves the closure's error, with the
                // types as written.
                let asDoubles = genericArguments.map { coerce(typed[$0]!, to: .double) }
                if asDoubles.allSatisfy({ $0 != nil }) {
                    generic = .double
                    for (literalIndex, value) in zip(genericArguments, asDoubles) { typed[literalIndex] = value }
                }
                attempt = checkFunctionArgument(argument.value, patterns[index], element, receiverType, &generic, speculative: false)
            }
            guard let function = attempt else { return errorNode(range) }
            typed[index] = function
        }
        // abs(-3), min(1, 2): still a literal expression that context may make Double. Its
        // arguments stay flexible too, so that `LiteralConversion` can convert them later.
        let flexible = builtin.receiver == .global && builtin.result == .generic && generic == .int
            && typed.allSatisfy { $0!.isFlexibleLiteral }
        let finalArguments = typed.map { flexible ? $0! : defaultLiteral($0!) }
        guard satisfies(builtin, element: element, generic: generic, name: name, range) else { return errorNode(range) }
        var node = builtinNode(builtin, receiver: receiver, arguments: finalArguments, element: element,
                               receiverType: receiverType, generic: generic, range)
        node.isFlexibleLiteral = flexible
        return node
    }

    /// The types of a call's parameters when the receiver alone decides them all, none a
    /// function or generic (`donatedWithin(_:)`, `prefix(_:)`, `contains(_:)` of a list, most
    /// calls of a rule file); nil otherwise.
    private func fixedParameterTypes(_ builtin: Builtin, _ count: Int, _ element: RuleType?, _ receiverType: RuleType?) -> [RuleType]? {
        var types: [RuleType] = []
        types.reserveCapacity(count)
        for index in 0..<count {
            let pattern = builtin.parameters[min(index, builtin.parameters.count - 1)]
            guard !pattern.isFunction, !pattern.mentionsGeneric,
                  let type = instantiate(pattern, element: element, receiver: receiverType, generic: nil) else { return nil }
            types.append(type)
        }
        return types
    }

    /// A call whose parameter types are all fixed (see `fixedParameterTypes`): each argument
    /// checked as that type, as the general path checks such an argument, without its work
    /// for generics and closures. Every argument is checked, so each one's errors are reported.
    private mutating func checkCall(_ builtin: Builtin, fixed types: [RuleType], receiver: TypedExpression?, receiverType: RuleType?,
                                    element: RuleType?, name: Identifier, _ arguments: [Argument], _ range: SourceRange) -> TypedExpression {
        var typed: [TypedExpression] = []
        typed.reserveCapacity(arguments.count)
        var failed = false
        for (argument, type) in zip(arguments, types) {
            let argumentTyped = checkExpecting(argument.value, type, .argument)
            if argumentTyped.type.containsError { failed = true }
            typed.append(argumentTyped)
        }
        if failed { return errorNode(range) }
        guard satisfies(builtin, element: element, generic: nil, name: name, range) else { return errorNode(range) }
        return builtinNode(builtin, receiver: receiver, arguments: typed.map { defaultLiteral($0) }, element: element,
                           receiverType: receiverType, generic: nil, range)
    }

    /// The type an empty literal passed for a generic must have for the closures to check, as
    /// Swift infers it from the closure's body: an array of the element first, then arrays of
    /// the scalar types, plain and optional. Each is tried without reporting anything.
    private mutating func inferEmptyLiteral(_ arguments: [Argument], _ patterns: [TypePattern], _ element: RuleType?,
                                            _ receiverType: RuleType?) -> RuleType? {
        let scalars: [RuleType] = [.int, .double, .string, .bool, .date]
        var candidates: [RuleType] = element.map { [.array($0)] } ?? []
        candidates += scalars.map { .array($0) } + scalars.map { .array(.optional($0)) }
        for candidate in candidates {
            var generic: RuleType? = candidate
            let fits = arguments.indices.filter { patterns[$0].isFunction }.allSatisfy { index in
                let saved = (diagnostics, pendingLiteralErrors, nextSlot, nameSuggestionsLeft)
                defer { (diagnostics, pendingLiteralErrors, nextSlot, nameSuggestionsLeft) = saved }
                return checkFunctionArgument(arguments[index].value, patterns[index], element, receiverType, &generic, speculative: true) != nil
            }
            if fits { return candidate }
        }
        return nil
    }

    /// The type an implicit member expression passed for a generic (`reduce(.infinity, min)`,
    /// `reduce(.distantPast) { max($0, $1.date) }`) must have for it and the closures to check,
    /// as Swift's solver infers it from the closure: the element type first, then the scalar
    /// types. Each is tried without reporting anything; nil when none fits.
    private mutating func inferImplicitMember(_ value: Expression, _ arguments: [Argument], _ patterns: [TypePattern],
                                              _ element: RuleType?, _ receiverType: RuleType?) -> RuleType? {
        let candidates = (element.map { [$0] } ?? []) + Checker.implicitMemberTypes.filter { $0 != element }
        for candidate in candidates {
            let saved = (diagnostics, pendingLiteralErrors, nextSlot, nameSuggestionsLeft)
            defer { (diagnostics, pendingLiteralErrors, nextSlot, nameSuggestionsLeft) = saved }
            guard checkQuietly(value, as: candidate) != nil else { continue }
            var generic: RuleType? = candidate
            let fits = arguments.indices.filter { patterns[$0].isFunction }.allSatisfy { index in
                checkFunctionArgument(arguments[index].value, patterns[index], element, receiverType, &generic, speculative: true) != nil
            }
            if fits { return candidate }
        }
        return nil
    }

    /// The scalar types an implicit member with no other context is tried as, in order.
    static let implicitMemberTypes: [RuleType] = [.double, .int, .date, .string, .bool]

    /// The first of `implicitMemberTypes` of which every one of `members` is a value; nil when
    /// none is.
    private mutating func commonImplicitMemberType(_ members: [Expression]) -> RuleType? {
        Checker.implicitMemberTypes.first { candidate in members.allSatisfy { fits($0, candidate) } }
    }

    /// Whether an expression starts from an implicit member (`.infinity`, `-.infinity`,
    /// `.now.addingTimeInterval(-60)`): its type comes from its context.
    static func startsWithImplicitMember(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .implicitMember: return true
        case .parenthesized(let inner), .prefix(_, let inner), .member(let inner, _), .call(let inner, _), .forceUnwrap(let inner),
             .optionalChain(let inner), .bindOptional(let inner):
            return startsWithImplicitMember(inner)
        default: return false
        }
    }

    private mutating func checkFunctionArgumentsForErrors(_ arguments: [Argument], _ patterns: [TypePattern], _ element: RuleType?, _ receiverType: RuleType?) {
        for (index, argument) in arguments.enumerated() where patterns[index].isFunction {
            var generic: RuleType? = .error
            _ = checkFunctionArgument(argument.value, patterns[index], element, receiverType, &generic, speculative: false)
        }
    }

    /// Checks a closure or key path argument against a function or key-path pattern, binding
    /// the generic from its result. With `speculative`, errors are discarded when it fails.
    private mutating func checkFunctionArgument(_ expression: Expression, _ pattern: TypePattern, _ element: RuleType?,
                                                _ receiverType: RuleType?, _ generic: inout RuleType?, speculative: Bool) -> TypedExpression? {
        let saved = (diagnostics, pendingLiteralErrors, nameSuggestionsLeft)
        let parameterPatterns: [TypePattern]
        let resultPattern: TypePattern
        var isKeyPathParameter = false
        switch pattern {
        case .function(let parameters, let result):
            parameterPatterns = parameters
            resultPattern = result
        case .keyPath(let root, let value):
            parameterPatterns = [root]
            resultPattern = value
            isKeyPathParameter = true
        default:
            preconditionFailure("not a function pattern")
        }
        let parameterTypes = parameterPatterns.map { instantiate($0, element: element, receiver: receiverType, generic: generic) ?? .error }
        let expectedResult = instantiate(resultPattern, element: element, receiver: receiverType, generic: generic)
        var inner = expression
        while case .parenthesized(let wrapped) = inner.kind { inner = wrapped }

        let result: TypedExpression?
        switch inner.kind {
        case .closure where !isKeyPathParameter:
            result = checkClosure(inner, parameterTypes: parameterTypes, result: expectedResult)
        case .keyPath(let components) where parameterTypes.count == 1:
            result = checkKeyPath(components, root: parameterTypes[0], inner.range, asKeyPath: isKeyPathParameter)
        case .identifier(let name) where !isKeyPathParameter && namesGlobalFunction(name, taking: parameterTypes.count):
            result = checkClosure(Checker.closure(calling: name, arity: parameterTypes.count, inner.range),
                                  parameterTypes: parameterTypes, result: expectedResult)
        case .identifier(let name) where !isKeyPathParameter && namesGlobalFunction(name, taking: nil):
            // A global function passed by name that takes another number of arguments.
            let takes = Builtins.lookup(name, on: .global).first?.parameters.count ?? 0
            error(CheckerMessages.functionArity(name, takes: takes, wanted: parameterTypes.count), inner.range)
            result = nil
        default:
            let typed = check(expression, expected: nil)
            if !typed.type.containsError {
                let wanted = instantiate(pattern, element: element, receiver: receiverType, generic: generic ?? .error) ?? .error
                error(CheckerMessages.expectedFunction(isKeyPathParameter ? "a key path such as '\\.id'" : "a closure or key path", wanted, typed.type), expression.range)
            }
            result = nil
        }
        guard var typed = result else {
            if speculative { (diagnostics, pendingLiteralErrors, nameSuggestionsLeft) = saved }
            return nil
        }
        let produced: RuleType
        switch typed.type {
        case .function(_, let r), .keyPath(_, let r): produced = r
        default: produced = .error
        }
        if expectedResult == nil {
            if !bind(resultPattern, produced, &generic) {
                if speculative { (diagnostics, pendingLiteralErrors, nameSuggestionsLeft) = saved; return nil }
                error(CheckerMessages.cannotConvert(produced, instantiate(resultPattern, element: element, receiver: receiverType, generic: generic) ?? .error), expression.range)
                return nil
            }
        }
        if speculative && diagnostics.errorCount > saved.0.errorCount {
            (diagnostics, pendingLiteralErrors, nameSuggestionsLeft) = saved
            return nil
        }
        typed.range = expression.range
        return typed
    }

    /// Checks a built-in's requirement on its element or generic type.
    private mutating func satisfies(_ builtin: Builtin, element: RuleType?, generic: RuleType?, name: Identifier, _ range: SourceRange) -> Bool {
        let subject: RuleType?
        let holds: Bool
        let requirement: String
        switch builtin.constraint {
        case .none: return true
        case .elementEquatable: subject = element; holds = element?.isEquatable ?? false; requirement = "Equatable"
        case .elementComparable: subject = element; holds = element?.isComparable ?? false; requirement = "Comparable ('Int', 'Double', 'String' or 'Date')"
        case .elementHashable: subject = element; holds = element?.isHashable ?? false; requirement = "Hashable"
        case .genericComparable: subject = generic; holds = generic?.isComparable ?? false; requirement = "Comparable ('Int', 'Double', 'String' or 'Date')"
        case .genericHashable: subject = generic; holds = generic?.isHashable ?? false; requirement = "Hashable"
        case .genericNumeric: subject = generic; holds = generic?.isNumeric ?? false; requirement = "'Int' or 'Double'"
        }
        if holds || subject?.containsError == true { return true }
        error(CheckerMessages.constraint(subject ?? .error, requirement, builtin.signatureName), name.range.union(range.endPoint))
        return false
    }
}
