import TipRulesSyntax

/// Type checking of expressions: literals, names, operators.
extension Checker {
    func errorNode(_ range: SourceRange) -> TypedExpression {
        TypedExpression(.constant(.null), .error, range)
    }

    /// Checks an expression, using `expected` (when given) as the contextual type for literals,
    /// closures, `nil` and implicit members. The result may still need `coerce` to that type.
    mutating func check(_ expression: Expression, expected: RuleType?) -> TypedExpression {
        let range = expression.range
        switch expression.kind {
        case .integerLiteral(let digits, let negative):
            return integerLiteral(digits, negative, expected, range)
        case .floatLiteral(let digits, let negative):
            var value = Double(digits) ?? .infinity
            if value.isInfinite { warning(CheckerMessages.floatLiteralOverflow(file.text(in: range)), range) }
            if negative { value = -value }
            return TypedExpression(.constant(.double(value)), .double, range)
        case .stringLiteral(let text):
            return TypedExpression(.constant(.string(text)), .string, range)
        case .booleanLiteral(let flag):
            return TypedExpression(.constant(.bool(flag)), .bool, range)
        case .nilLiteral:
            if let expected, expected.isOptional { return TypedExpression(.constant(.null), expected, range) }
            return TypedExpression(.constant(.null), .nilLiteral, range)
        case .identifier(let name):
            return identifier(name, expected, range)
        case .dollarIdentifier(let name):
            return dollarIdentifier(name, range)
        case .implicitMember(let name):
            return implicitMember(name, arguments: nil, expected, range)
        case .member(let base, let name):
            return member(base, name, expected, range)
        case .call(let callee, let arguments):
            return call(callee, arguments, expected, range)
        case .subscriptAccess(let base, let index):
            return subscriptAccess(base, index, range)
        case .forceUnwrap(let operand):
            let typed = check(operand, expected: expected.map { .optional($0) })
            if typed.type.containsError { return errorNode(range) }
            guard case .optional(let wrapped) = typed.type else {
                error(CheckerMessages.forceUnwrapNonOptional(typed.type), SourceRange(start: range.end - 1, end: range.end), fixIts: [
                    Diagnostic.FixIt(message: "remove '!'", range: SourceRange(start: range.end - 1, end: range.end), replacement: "")
                ])
                return errorNode(range)
            }
            return TypedExpression(.forceUnwrap(typed), wrapped, range)
        case .bindOptional(let operand):
            let typed = check(operand, expected: nil)
            if typed.type.containsError { return errorNode(range) }
            guard case .optional(let wrapped) = typed.type else {
                error(CheckerMessages.chainNonOptional(typed.type), SourceRange(start: range.end - 1, end: range.end), fixIts: [
                    Diagnostic.FixIt(message: "remove '?'", range: SourceRange(start: range.end - 1, end: range.end), replacement: "")
                ])
                return errorNode(range)
            }
            return TypedExpression(.bindOptional(typed), wrapped, range)
        case .optionalChain(let operand):
            let typed = check(operand, expected: nil)
            if typed.type.containsError { return errorNode(range) }
            return TypedExpression(.optionalChain(typed), typed.type.isOptional ? typed.type : .optional(typed.type), range)
        case .prefix(let op, let operand):
            return prefix(op, operand, expected, range)
        case .binary(let op, let lhs, let rhs):
            return binary(op, lhs, rhs, expected, range)
        case .ternary(let condition, let then, let otherwise):
            return ternary(condition, then, otherwise, expected, range)
        case .ifElse(let condition, let then, let otherwise):
            return ifElse(condition, then, otherwise, expected, range)
        case .closure:
            error(CheckerMessages.closureOutsideCall, range)
            return errorNode(range)
        case .keyPath:
            error(CheckerMessages.keyPathOutsideCall, range)
            return errorNode(range)
        case .arrayLiteral(let elements):
            return arrayLiteral(elements, expected, range)
        case .typeInitializer(let syntax, let arguments):
            return typeInitializer(syntax, arguments, range)
        case .ruleMacro(let subject, let body):
            return ruleMacro(subject, body, range)
        case .parenthesized(let inner):
            var typed = check(inner, expected: expected)
            typed.range = range
            return typed
        }
    }

    /// `[]`, possibly in parentheses: a literal whose type only its context can give.
    func isEmptyArrayLiteral(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .arrayLiteral(let elements): return elements.isEmpty
        case .parenthesized(let inner): return isEmptyArrayLiteral(inner)
        default: return false
        }
    }

    /// Checks an expression and converts it to `type`, reporting a mismatch.
    ///
    /// Swift gives an integer literal whichever type makes the whole expression check, so where
    /// the context wants a `Double` (`let x: Double = [1, 2].reduce(0, +)`, an argument of
    /// `addingTimeInterval`, a closure declared `-> Double`) an expression that came out `Int`
    /// (or `Int?`, `[Int]`) from its literals is checked again with them as `Double`s.
    /// (`context`: where the type comes from, for the words of a mismatch.)
    mutating func checkExpecting(_ expression: Expression, _ type: RuleType,
                                 _ context: CheckerMessages.TypeContext = .expected) -> TypedExpression {
        let typed = check(expression, expected: type)
        if coerce(typed, to: type) == nil, let doubled = Checker.withDouble(typed.type), Checker.wraps(type, doubled),
           let rechecked = withDoubleLiterals(expression, typed, becoming: doubled) {
            return convert(rechecked, to: type, context)
        }
        return convert(typed, to: type, context)
    }

    /// Whether a value of `inner` converts to `type` by itself: `type` is `inner`, or `inner`
    /// made optional once or more (as `coerce` converts any expression that is no literal).
    static func wraps(_ type: RuleType, _ inner: RuleType) -> Bool {
        var type = type
        while type != inner {
            guard case .optional(let wrapped) = type else { return false }
            type = wrapped
        }
        return true
    }

    /// Converts a checked expression to `type`, reporting a mismatch with a fix-it where one helps.
    mutating func convert(_ typed: TypedExpression, to type: RuleType, _ context: CheckerMessages.TypeContext = .expected) -> TypedExpression {
        if let converted = coerce(typed, to: type) { return converted }
        var fixIts: [Diagnostic.FixIt] = []
        if typed.type == .int && type == .double {
            fixIts.append(Diagnostic.FixIt(message: "use 'Double(...)' to convert", range: typed.range,
                                           replacement: "Double(\(file.text(in: typed.range)))"))
        } else if typed.type == .double && type == .int {
            fixIts.append(Diagnostic.FixIt(message: "use 'Int(...)' to convert (it truncates toward zero)", range: typed.range,
                                           replacement: "Int(\(file.text(in: typed.range)))"))
        } else if typed.type == .optional(type) {
            fixIts.append(Diagnostic.FixIt(message: "provide a default with '?? ...' or force-unwrap with '!'", range: typed.range.endPoint, replacement: "!"))
        }
        if typed.type == .nilLiteral {
            error(CheckerMessages.nilForNonOptional(type), typed.range)
        } else {
            error(CheckerMessages.cannotConvert(typed.type, type, context), typed.range, fixIts: fixIts)
        }
        return errorNode(typed.range)
    }

    /// The expression as a value of `type`, when Swift converts it implicitly: an integer
    /// literal to `Double`, `nil` or any `T` to `T?`, an array literal element-wise.
    func coerce(_ typed: TypedExpression, to type: RuleType) -> TypedExpression? {
        if typed.type == type || typed.type.containsError || type.containsError { return typed }
        if case .optional(let wrapped) = type {
            if typed.type == .nilLiteral { return TypedExpression(.constant(.null), type, typed.range) }
            if let inner = coerce(typed, to: wrapped) {
                return TypedExpression(.wrapOptional(inner), type, typed.range)
            }
            return nil
        }
        if typed.isFlexibleLiteral && typed.type == .int && type == .double {
            return LiteralConversion.toDouble(typed, pending: pendingLiteralErrors)
        }
        if case .arrayLiteral = typed.node, case .set(let elementType) = type, elementType.isHashable,
           let array = coerce(typed, to: .array(elementType)) {
            let setInitializer = Builtins[.setFromArray]
            // `let s: Set<Int> = [1, 2]`: an array literal initializes a Set, as in Swift.
            let call = BuiltinCall(builtin: setInitializer, receiver: nil, arguments: [array], resultType: type, range: typed.range)
            return TypedExpression(.builtin(call), type, typed.range)
        }
        if case .arrayLiteral(let elements) = typed.node, case .array(let elementType) = type {
            var converted: [TypedExpression] = []
            for element in elements {
                guard let value = coerce(element, to: elementType) else { return nil }
                converted.append(value)
            }
            return TypedExpression(.arrayLiteral(converted), type, typed.range)
        }
        return nil
    }

    /// Gives a still-flexible literal its default type (`Int`); context-free `nil` stays an error.
    func defaultLiteral(_ typed: TypedExpression) -> TypedExpression {
        var result = typed
        result.isFlexibleLiteral = false
        return result
    }

    // MARK: - Literals

    private mutating func integerLiteral(_ digits: String, _ negative: Bool, _ expected: RuleType?, _ range: SourceRange) -> TypedExpression {
        if expected?.unwrapped == .double || (integerLiteralsAsDouble && expected?.unwrapped != .int) {
            return TypedExpression(.constant(.double(Double(literal: digits, negative: negative))), .double, range)
        }
        if let value = Int(literal: digits, negative: negative) {
            return TypedExpression(.constant(.int(value)), .int, range, flexible: true)
        }
        pendingLiteralErrors[range] = Diagnostic(CheckerMessages.integerOverflow(file.text(in: range)), file: file, range: range)
        return TypedExpression(.constant(.int(0)), .int, range, flexible: true)
    }

    // MARK: - Names

    mutating func identifier(_ name: String, _ expected: RuleType?, _ range: SourceRange) -> TypedExpression {
        if let local = lookupLocal(name) {
            return TypedExpression(.local(local.slot), local.type, range)
        }
        switch symbols[name] {
        case .declaration(let index)?:
            return TypedExpression(.declaration(index), declarationTypes[index], range)
        case .parameter(let index)?:
            return TypedExpression(.parameterValue(index), parameters[index].type, range)
        case .event(let index)?:
            return TypedExpression(.event(index), .event(events[index].id), range)
        case .broken?:
            if reportsBrokenReferences { error(CheckerMessages.unavailableDeclaration(name), range) }
            return errorNode(range)
        case nil:
            break
        }
        // Short form: a bare `week` where a TimeRange is expected.
        if expected?.unwrapped == .timeRange {
            return implicitMember(Identifier(name: name, range: range), arguments: nil, expected, range)
        }
        if RuleType.named[name] != nil || RuleType.genericNames.contains(name) {
            error(CheckerMessages.typeNameAsValue(name), range)
            return errorNode(range)
        }
        if Builtins.globalFunctionNames.contains(name) {
            error(CheckerMessages.functionAsValue(name), range)
            return errorNode(range)
        }
        reportUnknownName(name, range)
        return errorNode(range)
    }

    mutating func reportUnknownName(_ name: String, _ range: SourceRange, notes given: [Diagnostic.Note] = []) {
        // Past the diagnostic limit only the count matters: skip the suggestion search.
        if diagnostics.isFull {
            diagnostics.addSuppressed()
            return
        }
        var notes = given
        var fixIts: [Diagnostic.FixIt] = []
        // Each search compares the name with every declaration of the file: like swiftc
        // (`-typo-correction-limit`, 10 by default), only the first ten unknown names of a file
        // get one, so a large file full of typos still checks quickly.
        nameSuggestionsLeft -= 1
        var candidates: [String] = []
        if nameSuggestionsLeft >= 0 {
            candidates = symbols.keys.filter { $0 != declarationBeingChecked } + scopes.flatMap(\.names)
            candidates += Array(RuleType.named.keys) + Array(Builtins.globalFunctionNames)
        }
        if let suggestion = Suggestions.closest(to: name, in: candidates) {
            fixIts.append(Diagnostic.FixIt(message: "did you mean '\(suggestion)'?", range: range, replacement: suggestion))
            if let declared = declaredRange(of: suggestion) {
                notes.append(note("'\(suggestion)' declared here", declared))
            }
        }
        error(CheckerMessages.cannotFind(name), range, notes: notes, fixIts: fixIts)
    }

    /// A named closure parameter, innermost first.
    private func lookupLocal(_ name: String) -> (slot: Int, type: RuleType)? {
        for scope in scopes.reversed() {
            if let position = scope.names.lastIndex(of: name), name != "_" {
                return (scope.firstSlot + position, scope.types[position])
            }
        }
        return nil
    }

    mutating func dollarIdentifier(_ name: String, _ range: SourceRange) -> TypedExpression {
        if name.first?.isNumber == true {
            // `$n` with a number too large for Int is out of range like any other.
            let number = Int(name) ?? Int.max
            guard let scopeIndex = scopes.indices.last else {
                error(CheckerMessages.anonymousOutsideClosure, range)
                return errorNode(range)
            }
            guard scopes[scopeIndex].isAnonymous else {
                error(CheckerMessages.anonymousWithNamed, range)
                return errorNode(range)
            }
            let scope = scopes[scopeIndex]
            guard number < scope.types.count else {
                error(CheckerMessages.closureArity(scope.types.count, number == Int.max ? number : number + 1), range)
                return errorNode(range)
            }
            scopes[scopeIndex].highestAnonymousUsed = max(scope.highestAnonymousUsed, number)
            return TypedExpression(.local(scope.firstSlot + number), scope.types[number], range)
        }
        if case .broken? = symbols[name] {
            if reportsBrokenReferences { error(CheckerMessages.unavailableDeclaration(name), range) }
            return errorNode(range)
        }
        guard case .parameter(let index)? = symbols[name] else {
            var fixIts: [Diagnostic.FixIt] = []
            let names = symbols.compactMap { key, symbol -> String? in
                if case .parameter = symbol { return key }
                return nil
            }
            if let suggestion = Suggestions.closest(to: name, in: names) {
                fixIts.append(Diagnostic.FixIt(message: "did you mean '$\(suggestion)'?", range: range, replacement: "$" + suggestion))
            }
            error(CheckerMessages.noParameter(name), range, fixIts: fixIts)
            return errorNode(range)
        }
        return TypedExpression(.parameterReference(index), .parameter(parameters[index].type), range)
    }

    // MARK: - Operators

    private mutating func prefix(_ op: String, _ operand: Expression, _ expected: RuleType?, _ range: SourceRange) -> TypedExpression {
        if op == "!" {
            let typed = checkExpecting(operand, .bool)
            if typed.type.containsError { return errorNode(range) }
            return TypedExpression(.not(typed), .bool, range)
        }
        let numericExpectation = expected.flatMap { $0.unwrapped.isNumeric ? $0.unwrapped : nil }
        let typed = check(operand, expected: numericExpectation)
        if typed.type.containsError { return errorNode(range) }
        guard typed.type == .int || typed.type == .double else {
            error(CheckerMessages.unaryOperand(op, typed.type), range)
            return errorNode(range)
        }
        hasConstantFoldingSites = true
        return TypedExpression(.negate(typed), typed.type, range, flexible: typed.isFlexibleLiteral)
    }

    private mutating func ternary(_ condition: Expression, _ then: Expression, _ otherwise: Expression, _ expected: RuleType?, _ range: SourceRange) -> TypedExpression {
        let typedCondition = checkExpecting(condition, .bool)
        var a: TypedExpression, b: TypedExpression
        if expected == nil, Checker.startsWithImplicitMember(then), !Checker.startsWithImplicitMember(otherwise) {
            // `c ? .distantPast : d`: the other branch says whose member it is.
            b = check(otherwise, expected: nil)
            a = check(then, expected: implicitMemberContext(then, beside: b))
        } else if expected == nil, isEmptyArrayLiteral(then), !isEmptyArrayLiteral(otherwise) {
            // `c ? [] : [1]`: and whose elements an empty literal has.
            b = check(otherwise, expected: nil)
            a = check(then, expected: b.type.containsError || b.type == .nilLiteral ? nil : defaultLiteral(b).type)
        } else {
            a = check(then, expected: expected)
            b = check(otherwise, expected: expected ?? (a.isFlexibleLiteral || a.type == .nilLiteral
                                                            ? contextBesideLiteral(otherwise, beside: a) : a.type))
        }
        if a.type.containsError || b.type.containsError || typedCondition.type.containsError { return errorNode(range) }
        guard let type = unify(&a, then, &b, otherwise) else {
            error(CheckerMessages.mismatchedBranches(a.type, b.type), range)
            return errorNode(range)
        }
        if type == .nilLiteral {
            error(CheckerMessages.nilNeedsContext, range)
            return errorNode(range)
        }
        return TypedExpression(.ternary(typedCondition, a, b), type, range, flexible: a.isFlexibleLiteral && b.isFlexibleLiteral)
    }

    /// `if c { a } else { b }`: unlike `? :`, Swift types each branch on its own, against the
    /// context's type when there is one; without one, the branches must agree as written
    /// (`if c { 1 } else { 2.5 }` is an error, where `c ? 1 : 2.5` is a `Double`).
    private mutating func ifElse(_ condition: Expression, _ then: Expression, _ otherwise: Expression, _ expected: RuleType?, _ range: SourceRange) -> TypedExpression {
        let typedCondition = checkExpecting(condition, .bool)
        var a = check(then, expected: expected)
        var b = check(otherwise, expected: expected)
        if a.type.containsError || b.type.containsError || typedCondition.type.containsError { return errorNode(range) }
        if let expected {
            a = convert(a, to: expected)
            b = convert(b, to: expected)
            if a.type.containsError || b.type.containsError { return errorNode(range) }
            return TypedExpression(.ternary(typedCondition, a, b), expected, range)
        }
        for branch in [a, b] where branch.type == .nilLiteral {
            error(CheckerMessages.nilNeedsContext, branch.range)
            return errorNode(range)
        }
        a = defaultLiteral(a)
        b = defaultLiteral(b)
        guard a.type == b.type else {
            error(CheckerMessages.mismatchedIfBranches(a.type, b.type), a.range)
            return errorNode(range)
        }
        return TypedExpression(.ternary(typedCondition, a, b), a.type, range)
    }

    /// `unify`, and when that fails because one side is an `Int`, `Int?` or `[Int]` built from
    /// integer literals (`[6, 14].min() ?? 0`) and the other the same with `Double`, that side
    /// checked again with its literals as `Double`, as Swift's solver types them.
    mutating func unify(_ a: inout TypedExpression, _ aSyntax: Expression, _ b: inout TypedExpression, _ bSyntax: Expression) -> RuleType? {
        if let type = unify(&a, &b) { return type }
        if let rechecked = withDoubleLiterals(aSyntax, a, becoming: b.type) {
            a = rechecked
            return unify(&a, &b)
        }
        if let rechecked = withDoubleLiterals(bSyntax, b, becoming: a.type) {
            b = rechecked
            return unify(&a, &b)
        }
        return nil
    }

    /// An expression checked again with every integer literal that no context makes an `Int` (an
    /// index, a `prefix` count) as a `Double`: Swift gives an integer literal whichever type
    /// makes the whole expression check, so `c ? [6, 14].min() ?? 0 : 2.5` has a `[Double]`
    /// array. Nil unless `typed` is an `Int`, `Int?` or `[Int]` (and so on) holding integer
    /// literals, and the new check gives `target` without errors.
    mutating func withDoubleLiterals(_ syntax: Expression, _ typed: TypedExpression, becoming target: RuleType) -> TypedExpression? {
        guard !integerLiteralsAsDouble, Checker.withDouble(typed.type) == target, Checker.hasIntegerLiteral(syntax) else { return nil }
        let saved = (diagnostics, pendingLiteralErrors, nextSlot, nameSuggestionsLeft)
        integerLiteralsAsDouble = true
        let rechecked = check(syntax, expected: nil)
        integerLiteralsAsDouble = false
        guard diagnostics.diagnostics.count == saved.0.diagnostics.count, diagnostics.suppressedCount == saved.0.suppressedCount,
              rechecked.type == target else {
            (diagnostics, pendingLiteralErrors, nextSlot, nameSuggestionsLeft) = saved
            return nil
        }
        return rechecked
    }

    /// The type with `Int` as `Double` where it is the value, an optional's or an array's
    /// element; nil when it holds no `Int`.
    static func withDouble(_ type: RuleType) -> RuleType? {
        switch type {
        case .int: return .double
        case .optional(let wrapped): return withDouble(wrapped).map { .optional($0) }
        case .array(let element): return withDouble(element).map { .array($0) }
        default: return nil
        }
    }

    static func hasIntegerLiteral(_ expression: Expression) -> Bool {
        if case .integerLiteral = expression.kind { return true }
        var found = false
        expression.kind.forEachChild { if !found && hasIntegerLiteral($0) { found = true } }
        return found
    }

    /// Brings two expressions to one type as Swift would: a flexible integer literal becomes
    /// `Double` next to a `Double`, `nil` or a `T` becomes `T?` next to a `T?`.
    mutating func unify(_ a: inout TypedExpression, _ b: inout TypedExpression) -> RuleType? {
        if a.type == b.type { return a.type }
        if let converted = coerce(b, to: a.type), !(b.type == .nilLiteral && !a.type.isOptional) {
            b = converted
            return a.type
        }
        if let converted = coerce(a, to: b.type), !(a.type == .nilLiteral && !b.type.isOptional) {
            a = converted
            return b.type
        }
        // `x == nil` with a non-optional `x`, or `flag ? 1 : nil`: both become optional.
        if a.type == .nilLiteral, b.type != .nilLiteral, let wrapped = coerce(b, to: .optional(b.type)) {
            b = wrapped
            a = TypedExpression(.constant(.null), b.type, a.range)
            return b.type
        }
        if b.type == .nilLiteral, a.type != .nilLiteral, let wrapped = coerce(a, to: .optional(a.type)) {
            a = wrapped
            b = TypedExpression(.constant(.null), a.type, b.range)
            return a.type
        }
        return nil
    }

    private mutating func arrayLiteral(_ elements: [Expression], _ expected: RuleType?, _ range: SourceRange) -> TypedExpression {
        var contextElement: RuleType?
        switch expected?.unwrapped {
        case .array(let element)?: contextElement = element
        // `s == []` with a Set: the literal is an array that the comparison makes a Set.
        case .set(let element)? where element.isHashable: contextElement = element
        default: break
        }
        if let elementType = contextElement {
            let typed = elements.map { checkExpecting($0, elementType, .element) }
            if typed.contains(where: { $0.type.containsError }) { return errorNode(range) }
            return TypedExpression(.arrayLiteral(typed), .array(elementType), range)
        }
        guard !elements.isEmpty else {
            error(CheckerMessages.emptyArrayNeedsContext, range)
            return errorNode(range)
        }
        // Elements take their context from the first one whose type is settled:
        // `[TimeRange.days(3), .week]`, and `[.nan, 1.5]` (an implicit member before it waits,
        // as an empty literal does: `[[], [1]]`).
        var checked: [TypedExpression?] = Array(repeating: nil, count: elements.count)
        var hint: RuleType?
        let waiting = elements.map { Checker.startsWithImplicitMember($0) || isEmptyArrayLiteral($0) }
        for index in elements.indices where !waiting[index] || hint != nil {
            let element = check(elements[index], expected: hint)
            checked[index] = element
            if hint == nil, !element.isFlexibleLiteral, element.type != .nilLiteral, !element.type.containsError {
                hint = element.type
            }
        }
        // Beside integer literals alone, the member decides between `Int` and `Double`:
        // `[1, .max]`, `[.infinity, 2]`.
        let besideLiteral = hint == nil && checked.contains { $0?.isFlexibleLiteral == true }
        for index in elements.indices where waiting[index] && checked[index] == nil {
            if isEmptyArrayLiteral(elements[index]) {
                // Typed as the other elements are, literals among them too (`[[], [1]]`).
                let other = checked.lazy.compactMap { $0 }.first { $0.type != .nilLiteral && !$0.type.containsError }
                checked[index] = check(elements[index], expected: hint ?? other.map { defaultLiteral($0).type })
                continue
            }
            var fitting: TypedExpression?
            for candidate in [RuleType.int, .double] where besideLiteral && fitting == nil {
                fitting = checkQuietly(elements[index], as: candidate)
            }
            checked[index] = fitting ?? check(elements[index], expected: hint)
        }
        var typed = checked.map { $0! }
        if typed.contains(where: { $0.type.containsError }) { return errorNode(range) }
        // The element type: the first element that is not a flexible literal or nil decides.
        var elementType = typed.first { !$0.isFlexibleLiteral && $0.type != .nilLiteral }?.type
            ?? typed.first { $0.type != .nilLiteral }?.type ?? .nilLiteral
        if typed.contains(where: { $0.type == .double }) && elementType == .int { elementType = .double }
        if typed.contains(where: { $0.type == .nilLiteral }) && !elementType.isOptional && elementType != .nilLiteral {
            elementType = .optional(elementType)
        }
        for index in typed.indices {
            guard let converted = coerce(typed[index], to: elementType)
                    ?? withDoubleLiterals(elements[index], typed[index], becoming: elementType) else {
                // Name the two types in source order.
                let decidingIndex = typed.firstIndex { $0.type == elementType } ?? 0
                let pair = decidingIndex < index ? (elementType, typed[index].type) : (typed[index].type, elementType)
                error(CheckerMessages.heterogeneousArray(pair.0, pair.1), typed[index].range)
                return errorNode(range)
            }
            typed[index] = converted
        }
        if elementType == .nilLiteral {
            error(CheckerMessages.nilNeedsContext, range)
            return errorNode(range)
        }
        let flexible = typed.allSatisfy(\.isFlexibleLiteral)
        return TypedExpression(.arrayLiteral(typed), .array(elementType), range, flexible: flexible)
    }

    /// The expression checked with `type` as its context, when that gives it `type` without a
    /// diagnostic; nil (and nothing reported) when not.
    mutating func checkQuietly(_ expression: Expression, as type: RuleType) -> TypedExpression? {
        let saved = (diagnostics, pendingLiteralErrors, nextSlot, nameSuggestionsLeft)
        let typed = check(expression, expected: type)
        guard typed.type == type, diagnostics.diagnostics.count == saved.0.diagnostics.count,
              diagnostics.suppressedCount == saved.0.suppressedCount else {
            (diagnostics, pendingLiteralErrors, nextSlot, nameSuggestionsLeft) = saved
            return nil
        }
        return typed
    }

    /// The context of a second operand or branch beside a first that is a literal (which
    /// gives none): for an implicit member, the literal's type (`3 < .max`), as
    /// `implicitMemberContext` finds it; for an empty collection literal, the type the literal
    /// has by default (`c ? [1] : []`); nil otherwise.
    mutating func contextBesideLiteral(_ second: Expression, beside first: TypedExpression) -> RuleType? {
        if Checker.startsWithImplicitMember(second) { return implicitMemberContext(second, beside: first) }
        guard isEmptyArrayLiteral(second), !first.type.containsError, first.type != .nilLiteral else { return nil }
        return defaultLiteral(first).type
    }

    /// Whether an expression checks as a value of `type`, with no error; nothing it checked is kept.
    mutating func fits(_ expression: Expression, _ type: RuleType) -> Bool {
        let saved = (diagnostics, pendingLiteralErrors, nextSlot, nameSuggestionsLeft)
        defer { (diagnostics, pendingLiteralErrors, nextSlot, nameSuggestionsLeft) = saved }
        return checkQuietly(expression, as: type) != nil
    }

    /// The type an implicit member (`.max`, `.infinity`, `.distantPast`) beside `other` (the
    /// other operand, branch or argument of one type) is a member of, as Swift's solver finds
    /// it: `other`'s type, but beside an integer literal a `Double`'s when `Int` lacks the
    /// member (`.infinity > 3`, whose literal then becomes a `Double`). Nil when `other` gives
    /// no type.
    mutating func implicitMemberContext(_ member: Expression, beside other: TypedExpression) -> RuleType? {
        guard !other.type.containsError, other.type != .nilLiteral else { return nil }
        if other.isFlexibleLiteral, other.type == .int, !fits(member, .int), fits(member, .double) { return .double }
        return other.type
    }

    /// `[Int]()`, `Set<String>()`: an empty collection of the named type; `Set<Int>(xs)`: the
    /// set of an array's elements.
    private mutating func typeInitializer(_ syntax: TypeSyntax, _ arguments: [Argument], _ range: SourceRange) -> TypedExpression {
        let type = resolveType(syntax)
        if type.containsError {
            checkArgumentsForErrors(arguments)
            return errorNode(range)
        }
        let element: RuleType
        switch type {
        case .array(let e), .set(let e): element = e
        default:
            error(CheckerMessages.initializerArguments(type), range)
            return errorNode(range)
        }
        let array: TypedExpression
        switch arguments.count {
        case 0:
            array = TypedExpression(.arrayLiteral([]), .array(element), range)
        case 1 where arguments[0].label == nil:
            array = checkExpecting(arguments[0].value, .array(element))
            if array.type.containsError { return errorNode(range) }
        default:
            error(CheckerMessages.initializerArguments(type), range)
            checkArgumentsForErrors(arguments)
            return errorNode(range)
        }
        guard case .set = type else { return TypedExpression(array.node, type, range) }
        let call = BuiltinCall(builtin: Builtins[.setFromArray], receiver: nil, arguments: [array], resultType: type, range: range)
        return TypedExpression(.builtin(call), type, range)
    }

    private mutating func subscriptAccess(_ base: Expression, _ index: Expression, _ range: SourceRange) -> TypedExpression {
        let typedBase = check(base, expected: nil)
        if typedBase.type.containsError {
            _ = check(index, expected: .int)
            return errorNode(range)
        }
        guard case .array(let element) = typedBase.type else {
            if typedBase.type.isOptional {
                error(CheckerMessages.mustUnwrap(typedBase.type, "subscript"), typedBase.range, fixIts: [
                    Diagnostic.FixIt(message: "use '?' to access the subscript only when the value is not nil", range: typedBase.range.endPoint, replacement: "?")
                ])
            } else {
                error(CheckerMessages.noSubscript(typedBase.type), range)
            }
            return errorNode(range)
        }
        let typedIndex = checkExpecting(index, .int)
        if typedIndex.type.containsError { return errorNode(range) }
        return TypedExpression(.subscriptAccess(typedBase, typedIndex), element, range)
    }

    private mutating func ruleMacro(_ subject: Expression, _ body: Expression, _ range: SourceRange) -> TypedExpression {
        let typedSubject = check(subject, expected: nil)
        if typedSubject.type.containsError { return errorNode(range) }
        let boundType: RuleType
        switch typedSubject.type {
        case .event: boundType = typedSubject.type
        case .parameter(let value): boundType = value
        default:
            var fixIts: [Diagnostic.FixIt] = []
            if case .parameterValue(let index) = typedSubject.node {
                let name = parameters[index].name
                fixIts.append(Diagnostic.FixIt(message: "use '$\(name)' for the parameter itself", range: subject.range, replacement: "$" + name))
            }
            error(CheckerMessages.ruleMacroSubject(typedSubject.type), subject.range, fixIts: fixIts)
            return errorNode(range)
        }
        guard let closure = checkClosure(body, parameterTypes: [boundType], result: .bool) else { return errorNode(range) }
        guard case .closure(let typedClosure) = closure.node else { return errorNode(range) }
        return TypedExpression(.ruleMacro(typedSubject, typedClosure), .bool, range)
    }
}
