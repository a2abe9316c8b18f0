import TipRulesSyntax

/// Member access, calls and built-in resolution.
extension Checker {
    /// Where built-ins for a type are found. (Arrays made once: the checker asks this for
    /// every member it resolves.)
    func receiverKinds(_ type: RuleType) -> [BuiltinReceiver] {
        switch type {
        case .array(.donation): return ReceiverKinds.donationArray
        case .array: return ReceiverKinds.array
        case .set: return ReceiverKinds.set
        case .string: return ReceiverKinds.string
        case .int: return ReceiverKinds.int
        case .double: return ReceiverKinds.double
        case .date: return ReceiverKinds.date
        case .event: return ReceiverKinds.event
        case .donation: return ReceiverKinds.donation
        case .range: return ReceiverKinds.range
        default: return []
        }
    }

    /// The type `.element` stands for on a receiver.
    func elementType(of type: RuleType) -> RuleType? {
        switch type {
        case .array(let element), .set(let element): return element
        case .range(let bound, _): return bound
        case .event(let id): return .donation(id)
        default: return nil
        }
    }

    /// Whether a bare identifier names a type (and nothing declared shadows it).
    private func typeName(_ expression: Expression) -> RuleType? {
        guard case .identifier(let name) = expression.kind, symbols[name] == nil,
              !scopes.contains(where: { $0.names.contains(name) }) else { return nil }
        return RuleType.named[name]
    }

    // MARK: - Properties

    mutating func member(_ base: Expression, _ name: Identifier, _ expected: RuleType? = nil, _ range: SourceRange) -> TypedExpression {
        if let type = typeName(base) {
            return staticMember(type, name, arguments: nil, range)
        }
        if isSwiftQualifier(base) {
            return qualifiedReference(base, name, range)
        }
        let typedBase = doubleLiteralIfOnlyDoubleHas(name, base, check(base, expected: startsImplicitMemberChain(base) ? expected : nil))
        if typedBase.type.containsError { return errorNode(range) }
        guard unwrappedForMember(typedBase, name) else { return errorNode(range) }
        if typedBase.type == .date, name.name == Checker.timeIntervalSinceNow {
            return timeIntervalSinceNow(typedBase, name, range)
        }
        let candidates = Builtins.lookup(name.name, on: receiverKinds(typedBase.type))
        if case .donation(let id) = typedBase.type, candidates.isEmpty {
            return payloadField(typedBase, id, name, range)
        }
        if let property = candidates.first(where: \.isProperty) {
            return builtinNode(property, receiver: typedBase, arguments: [], element: elementType(of: typedBase.type),
                               receiverType: typedBase.type, generic: nil, range)
        }
        if let method = candidates.first {
            let callText = (method.labels ?? []).isEmpty ? "()" : "(...)"
            error(CheckerMessages.methodNeedsCall(method.signatureName), name.range, fixIts: [
                Diagnostic.FixIt(message: "call it: '\(name.name)\(callText)'", range: name.range.endPoint, replacement: callText)
            ])
            return errorNode(range)
        }
        reportNoMember(typedBase.type, name)
        return errorNode(range)
    }

    /// Foundation's `Date.timeIntervalSinceNow`, which is `timeIntervalSince(Date.now)`: in a rule,
    /// the seconds from the evaluation's clock, as `Date.now` and `Date()` are that clock. Written
    /// as that call (the clock located at the member's name), so that it is evaluated, fused
    /// into date windows and explained exactly as the call is.
    static let timeIntervalSinceNow = "timeIntervalSinceNow"

    private mutating func timeIntervalSinceNow(_ date: TypedExpression, _ name: Identifier, _ range: SourceRange) -> TypedExpression {
        let now = staticMember(.date, Identifier(name: "now", range: name.range), arguments: nil, name.range)
        guard let since = Builtins.lookup("timeIntervalSince", on: receiverKinds(.date)).first else { return errorNode(range) }
        return builtinNode(since, receiver: date, arguments: [now], element: nil, receiverType: .date, generic: nil, range)
    }

    /// The member names a value of `type` has: the built-ins', a donation's fields, and
    /// `timeIntervalSinceNow` of a `Date`.
    private func memberNames(_ type: RuleType) -> [String] {
        var names = Builtins.memberNames(on: receiverKinds(type))
        if case .donation(let id) = type, let schema = events.first(where: { $0.id == id }) {
            names += schema.fields.map(\.name)
        }
        if type == .date { names.append(Checker.timeIntervalSinceNow) }
        return names
    }

    /// A receiver built from integer literals as a `Double` when the member is one only
    /// `Double` has: Swift types `(2).rounded()` and `([1, 2].min() ?? 0).isNaN` as `Double`
    /// (an integer literal may be any type that has the member), where `Int` wins whenever it
    /// has the member too.
    private mutating func doubleLiteralIfOnlyDoubleHas(_ name: Identifier, _ syntax: Expression, _ base: TypedExpression) -> TypedExpression {
        guard base.type == .int, Builtins.lookup(name.name, on: receiverKinds(.int)).isEmpty,
              !Builtins.lookup(name.name, on: receiverKinds(.double)).isEmpty,
              let converted = (base.isFlexibleLiteral ? coerce(base, to: .double) : nil) ?? withDoubleLiterals(syntax, base, becoming: .double) else {
            return base
        }
        return converted
    }

    /// Whether an expression is an implicit member chain (`.now.addingTimeInterval(-60)`): its
    /// first member is a member of the type the context expects, as Swift (SE-0287) reads it.
    func startsImplicitMemberChain(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .implicitMember: return true
        case .member(let base, _), .call(let base, _), .forceUnwrap(let base), .bindOptional(let base), .optionalChain(let base),
             .subscriptAccess(let base, _):
            return startsImplicitMemberChain(base)
        default: return false
        }
    }

    /// Whether an expression is a path of Swift type names the file does not declare
    /// (`LandmarkTips`, `AppEvents`, `Self`): the home of an event or parameter in an app's code.
    private func isSwiftQualifier(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .identifier(let name):
            guard Checker.startsUppercase(name), symbols[name] == nil, lookupLocalName(name) == nil,
                  RuleType.named[name] == nil, !RuleType.genericNames.contains(name),
                  !Builtins.globalFunctionNames.contains(name) else { return false }
            return true
        case .member(let base, let name):
            return Checker.startsUppercase(name.name) && isSwiftQualifier(base)
        default:
            return false
        }
    }

    /// Whether a name starts with an uppercase letter, as a type's does. (An ASCII first byte
    /// answers it: Unicode's properties are only asked of other letters, since every member
    /// and identifier of every rule comes here.)
    private static func startsUppercase(_ name: String) -> Bool {
        guard let byte = name.utf8.first else { return false }
        if byte < 0x80 { return byte &- UInt8(ascii: "A") < 26 }
        return name.first?.isUppercase == true
    }

    /// `LandmarkTips.landmarksAppDidOpen`, `Self.$isLoggedIn`: a qualified reference means the
    /// event or parameter its last component names (section 9 of the language definition). A
    /// last component that names nothing is the error, not the qualifier.
    private mutating func qualifiedReference(_ qualifier: Expression, _ name: Identifier, _ range: SourceRange) -> TypedExpression {
        var typed: TypedExpression
        if name.name.hasPrefix("$") {
            typed = dollarIdentifier(String(name.name.dropFirst()), name.range)
        } else {
            switch symbols[name.name] {
            case .event?, .parameter?, .declaration?, .broken?:
                typed = identifier(name.name, nil, name.range)
            case nil:
                // Say how the qualifier was read: in `Calendar.current`, Foundation's
                // `Calendar` (not part of TipRules) is taken for an app type.
                reportUnknownName(name.name, name.range, notes: [
                    note("'\(qualifierPath(qualifier))' is skipped as the type in the app that would declare an event or parameter '\(name.name)'",
                         qualifier.range),
                ])
                return errorNode(range)
            }
        }
        typed.range = range
        return typed
    }

    /// The names of a qualifier (`LandmarkTips`, `App.Tips`), as written.
    private func qualifierPath(_ expression: Expression) -> String {
        switch expression.kind {
        case .identifier(let name): return name
        case .member(let base, let name): return qualifierPath(base) + "." + name.name
        default: return ""
        }
    }

    /// Members of optionals need unwrapping first, as in Swift. (Swift's own members of
    /// `Optional`, `map` and `flatMap`, are not part of the language: pasted code that uses them
    /// is told how to write the same with a nil test.)
    private mutating func unwrappedForMember(_ base: TypedExpression, _ name: Identifier) -> Bool {
        guard base.type.isOptional else { return true }
        if name.name == "map" || name.name == "flatMap" {
            let instead = name.name == "map"
                ? "write 'x.map { f($0) }' as 'x == nil ? nil : f(x!)', or 'x.map { f($0) } ?? d' as 'x == nil ? d : f(x!)'"
                : "write 'x.flatMap { f($0) }' as 'x == nil ? nil : f(x!)'"
            error(CheckerMessages.optionalMap(name.name), name.range, notes: [note(instead, base.range)])
            return false
        }
        error(CheckerMessages.mustUnwrap(base.type, name.name), base.range, fixIts: [
            Diagnostic.FixIt(message: "use '?.' to access the member only when the value is not nil", range: base.range.endPoint, replacement: "?"),
            Diagnostic.FixIt(message: "use '!' to force-unwrap (a runtime error when nil)", range: base.range.endPoint, replacement: "!"),
        ])
        return false
    }

    private mutating func payloadField(_ base: TypedExpression, _ id: String, _ name: Identifier, _ range: SourceRange) -> TypedExpression {
        guard let eventIndex = events.firstIndex(where: { $0.id == id }) else { return errorNode(range) }
        let schema = events[eventIndex]
        if let index = schema.fieldIndex(name.name) {
            return TypedExpression(.field(base, index), schema.fields[index].type, range)
        }
        reportNoMember(base.type, name)
        return errorNode(range)
    }

    mutating func reportNoMember(_ type: RuleType, _ name: Identifier) {
        if name.name == Checker.completionProbe {
            probedMembers = memberNames(type)
        }
        if diagnostics.isFull {
            diagnostics.addSuppressed()
            return
        }
        let candidates = memberNames(type)
        var notes: [Diagnostic.Note] = []
        if case .donation(let id) = type, let declared = declaredRange(of: id) {
            notes.append(note("'\(id)' declared here", declared))
        }
        var fixIts: [Diagnostic.FixIt] = []
        if let suggestion = Suggestions.closest(to: name.name, in: candidates) {
            fixIts.append(Diagnostic.FixIt(message: "did you mean '\(suggestion)'?", range: name.range, replacement: suggestion))
        }
        error(CheckerMessages.noMember(type, name.name), name.range, notes: fixIts.isEmpty ? notes : [], fixIts: fixIts)
    }

    /// `Date.now`, `Int.max`, `TimeRange.days(3)`.
    /// (`implicit`: written `.name`, where an error may offer the one type that has the member.)
    private mutating func staticMember(_ type: RuleType, _ name: Identifier, arguments: [Argument]?, _ range: SourceRange,
                                       implicit: Bool = false) -> TypedExpression {
        let candidates = Builtins.lookup(name.name, on: .staticMember(type))
        if arguments == nil, let property = candidates.first(where: \.isProperty) {
            return builtinNode(property, receiver: nil, arguments: [], element: nil, receiverType: nil, generic: nil, range)
        }
        if let arguments {
            let methods = candidates.filter { !$0.isProperty }
            if !methods.isEmpty {
                return resolveCall(methods, name: name, receiver: nil, receiverType: .metatype(type), arguments, range)
            }
            if !candidates.isEmpty {
                error(CheckerMessages.propertyNotCallable(name.name, type), name.range)
                return errorNode(range)
            }
        } else if let method = candidates.first {
            // `.weeks` for `.week`: the plural needs a count, the singular is one unit.
            if let (unit, plural) = method.id.timeRangeUnit, plural {
                error(CheckerMessages.timeRangeNeedsCount(unit.rawValue), name.range, fixIts: [
                    Diagnostic.FixIt(message: "use '.\(unit.rawValue)' for one \(unit.rawValue)", range: name.range, replacement: unit.rawValue),
                ])
                return errorNode(range)
            }
            error(CheckerMessages.methodNeedsCall(method.signatureName), name.range)
            return errorNode(range)
        }
        let names = Builtins.memberNames(on: [.staticMember(type)])
        if name.name == Checker.completionProbe { probedMembers = names }
        var fixIts: [Diagnostic.FixIt] = []
        if let suggestion = Suggestions.closest(to: name.name, in: names) {
            fixIts.append(Diagnostic.FixIt(message: "did you mean '\(suggestion)'?", range: name.range, replacement: suggestion))
        } else if implicit, let fixIt = memberOfItsType(name, range, besides: type) {
            fixIts.append(fixIt)
        }
        error(CheckerMessages.noStaticMember(type, name.name), name.range, fixIts: fixIts)
        return errorNode(range)
    }

    /// `.week`, `.days(3)`: a static member of the contextual type.
    mutating func implicitMember(_ name: Identifier, arguments: [Argument]?, _ expected: RuleType?, _ range: SourceRange) -> TypedExpression {
        guard let type = expected?.unwrapped, !type.containsError else {
            if expected == nil {
                error(CheckerMessages.implicitMemberNeedsContext(name.name), range, fixIts: memberOfItsType(name, range, besides: nil).map { [$0] } ?? [])
            }
            return errorNode(range)
        }
        return staticMember(type, name, arguments: arguments, range, implicit: true)
    }

    /// For `.now` where the context has no such member (`.now.timeIntervalSince(d) < 60`, an
    /// `Int`'s context) or gives none: the fix-it that names the one type that has it
    /// (`Date.now`); nil when none or several do.
    private func memberOfItsType(_ name: Identifier, _ range: SourceRange, besides context: RuleType?) -> Diagnostic.FixIt? {
        let owners = (Checker.implicitMemberTypes + [.timeRange]).filter { owner in
            owner != context && Builtins.memberNames(on: [.staticMember(owner)]).contains(name.name)
        }
        guard owners.count == 1, let owner = owners.first, range.start < name.range.start else { return nil }
        return Diagnostic.FixIt(message: "write '\(owner).\(name.name)'", range: SourceRange(start: range.start, end: name.range.end),
                                replacement: "\(owner).\(name.name)")
    }

    // MARK: - Calls

    mutating func call(_ callee: Expression, _ arguments: [Argument], _ expected: RuleType?, _ range: SourceRange) -> TypedExpression {
        switch callee.kind {
        case .member(let base, let name):
            if let type = typeName(base) {
                return staticMember(type, name, arguments: arguments, range)
            }
            return methodCall(base, name, callee.range, arguments, startsImplicitMemberChain(base) ? expected : nil, range)
        case .implicitMember(let name):
            return implicitMember(name, arguments: arguments, expected, range)
        case .identifier(let name) where lookupLocalName(name) == nil && symbols[name] == nil:
            let identifier = Identifier(name: name, range: callee.range)
            if Builtins.globalFunctionNames.contains(name) {
                return resolveCall(Builtins.lookup(name, on: .global), name: identifier, receiver: nil, receiverType: nil, arguments, range)
            }
            if expected?.unwrapped == .timeRange {
                return implicitMember(identifier, arguments: arguments, expected, range)
            }
            if RuleType.named[name] == .date {
                // Swift's `Date()` is the current time; in a rule that is the evaluation's clock.
                if arguments.isEmpty {
                    return staticMember(.date, Identifier(name: "now", range: callee.range), arguments: nil, range)
                }
                let labels = arguments.map { ($0.label?.name ?? "_") + ":" }.joined()
                error(CheckerMessages.dateInitializer("Date(\(labels))"), range)
                checkArgumentsForErrors(arguments)
                return errorNode(range)
            }
            reportUnknownName(name, callee.range)
            checkArgumentsForErrors(arguments)
            return errorNode(range)
        default:
            let typed = check(callee, expected: nil)
            if !typed.type.containsError {
                error(CheckerMessages.notCallable(typed.type), callee.range)
            }
            return errorNode(range)
        }
    }

    /// `base.name(arguments)`: a method of the base's type.
    private mutating func methodCall(_ base: Expression, _ name: Identifier, _ calleeRange: SourceRange,
                                     _ arguments: [Argument], _ chainType: RuleType?, _ range: SourceRange) -> TypedExpression {
        let typedBase = doubleLiteralIfOnlyDoubleHas(name, base, check(base, expected: chainType))
        if typedBase.type.containsError {
            checkArgumentsForErrors(arguments)
            return errorNode(range)
        }
        guard unwrappedForMember(typedBase, name) else { return errorNode(range) }
        let candidates = Builtins.lookup(name.name, on: receiverKinds(typedBase.type))
        let methods = candidates.filter { !$0.isProperty }
        // `xs.count()`: a property called like a method (and no method of that name without arguments).
        let calledProperty = arguments.isEmpty && candidates.contains(where: \.isProperty) && !methods.contains { $0.labels == [] }
        if !methods.isEmpty && !calledProperty {
            return resolveCall(methods, name: name, receiver: typedBase, receiverType: typedBase.type, arguments, range)
        }
        let propertyType = candidates.first(where: \.isProperty).map {
            instantiate($0.result, element: elementType(of: typedBase.type), receiver: typedBase.type, generic: nil) ?? .error
        } ?? fieldType(typedBase.type, name.name)
            ?? (typedBase.type == .date && name.name == Checker.timeIntervalSinceNow ? .double : nil)
        guard let propertyType else {
            reportNoMember(typedBase.type, name)
            return errorNode(range)
        }
        error(CheckerMessages.propertyNotCallable(name.name, propertyType), calleeRange, fixIts: [
            Diagnostic.FixIt(message: "remove the call", range: SourceRange(start: calleeRange.end, end: range.end), replacement: "")
        ])
        return errorNode(range)
    }

    func lookupLocalName(_ name: String) -> Int? {
        scopes.lastIndex { $0.names.contains(name) }
    }

    private func fieldType(_ type: RuleType, _ name: String) -> RuleType? {
        guard case .donation(let id) = type, let schema = events.first(where: { $0.id == id }),
              let index = schema.fieldIndex(name) else { return nil }
        return schema.fields[index].type
    }

    /// Checks arguments of a call that already failed, so their own errors are still reported.
    mutating func checkArgumentsForErrors(_ arguments: [Argument]) {
        for argument in arguments {
            switch argument.value.kind {
            case .closure, .keyPath: continue
            default: _ = check(argument.value, expected: nil)
            }
        }
    }

    mutating func builtinNode(_ builtin: Builtin, receiver: TypedExpression?, arguments: [TypedExpression], element: RuleType?,
                              receiverType: RuleType?, generic: RuleType?, _ range: SourceRange) -> TypedExpression {
        if builtin.id == .intFromNumber { hasConstantFoldingSites = true }
        let type = instantiate(builtin.result, element: element, receiver: receiverType, generic: generic) ?? .error
        let call = BuiltinCall(builtin: builtin, receiver: receiver, arguments: arguments, resultType: type, range: range)
        return TypedExpression(.builtin(call), type, range)
    }

    /// The concrete type a pattern stands for, or nil while its generic is unbound.
    func instantiate(_ pattern: TypePattern, element: RuleType?, receiver: RuleType?, generic: RuleType?) -> RuleType? {
        switch pattern {
        case .exact(let type): return type
        case .element: return element
        case .receiver: return receiver
        case .generic: return generic
        case .optional(let inner):
            return instantiate(inner, element: element, receiver: receiver, generic: generic).map { .optional($0) }
        case .array(let inner):
            return instantiate(inner, element: element, receiver: receiver, generic: generic).map { .array($0) }
        case .set(let inner):
            return instantiate(inner, element: element, receiver: receiver, generic: generic).map { .set($0) }
        case .function(let parameters, let result):
            var types: [RuleType] = []
            for parameter in parameters {
                guard let type = instantiate(parameter, element: element, receiver: receiver, generic: generic) else { return nil }
                types.append(type)
            }
            return instantiate(result, element: element, receiver: receiver, generic: generic).map { .function(types, $0) }
        case .keyPath(let root, let value):
            guard let rootType = instantiate(root, element: element, receiver: receiver, generic: generic),
                  let valueType = instantiate(value, element: element, receiver: receiver, generic: generic) else { return nil }
            return .keyPath(rootType, valueType)
        }
    }

    /// Binds the generic of a pattern from a concrete type; false when they cannot match.
    func bind(_ pattern: TypePattern, _ type: RuleType, _ generic: inout RuleType?) -> Bool {
        switch (pattern, type) {
        case (.generic, _):
            if let bound = generic { return bound == type }
            generic = type
            return true
        case (.optional(let inner), .optional(let wrapped)): return bind(inner, wrapped, &generic)
        // Swift promotes a non-optional closure result to the optional that compactMap wants.
        case (.optional(let inner), _): return bind(inner, type, &generic)
        case (.array(let inner), .array(let element)), (.set(let inner), .set(let element)): return bind(inner, element, &generic)
        default: return true
        }
    }
}

/// The receiver kinds of `Checker.receiverKinds`, one array each.
private enum ReceiverKinds {
    static let donationArray: [BuiltinReceiver] = [.donationArray, .array]
    static let array: [BuiltinReceiver] = [.array]
    static let set: [BuiltinReceiver] = [.set]
    static let string: [BuiltinReceiver] = [.string]
    static let int: [BuiltinReceiver] = [.int]
    static let double: [BuiltinReceiver] = [.double]
    static let date: [BuiltinReceiver] = [.date]
    static let event: [BuiltinReceiver] = [.event]
    static let donation: [BuiltinReceiver] = [.donation]
    static let range: [BuiltinReceiver] = [.range]
}
