import TipRulesSyntax

/// Messages for name and type errors (codes E03xx) and warnings (W03xx).
enum CheckerMessages {
    static func cannotFind(_ name: String) -> DiagnosticMessage {
        DiagnosticMessage("E0301", "cannot find '\(name)' in scope")
    }
    static func noMember(_ type: RuleType, _ name: String) -> DiagnosticMessage {
        DiagnosticMessage("E0302", "value of type '\(type)' has no member '\(name)'")
    }
    static func redeclaration(_ name: String) -> DiagnosticMessage {
        DiagnosticMessage("E0303", "invalid redeclaration of '\(name)'")
    }
    static func cycle(_ names: [String]) -> DiagnosticMessage {
        DiagnosticMessage("E0304", "circular reference: " + names.map { "'\($0)'" }.joined(separator: " -> "))
    }
    static func ruleNotBool(_ type: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("E0305", "a rule must be 'Bool', but this expression is '\(type)'")
    }
    /// Where a value meets the type it must have, for the words of a mismatch, as swiftc
    /// words it: "to specified type" for a type a declaration writes (`let x: Int = 2.5`), "to
    /// expected element type" in an array literal, "to expected argument type" for an argument.
    enum TypeContext {
        case expected, specified, element, argument

        var words: String {
            switch self {
            case .expected: return "expected type"
            case .specified: return "specified type"
            case .element: return "expected element type"
            case .argument: return "expected argument type"
            }
        }
    }

    static func cannotConvert(_ from: RuleType, _ to: RuleType, _ context: TypeContext = .expected) -> DiagnosticMessage {
        DiagnosticMessage("E0306", "cannot convert value of type '\(from)' to \(context.words) '\(to)'")
    }
    static func binaryOperands(_ op: String, _ lhs: RuleType, _ rhs: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("E0307", "binary operator '\(op)' cannot be applied to operands of type '\(lhs)' and '\(rhs)'")
    }
    static func unaryOperand(_ op: String, _ type: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("E0308", "unary operator '\(op)' cannot be applied to an operand of type '\(type)'")
    }
    static func mustUnwrap(_ type: RuleType, _ member: String) -> DiagnosticMessage {
        DiagnosticMessage("E0309", "value of optional type '\(type)' must be unwrapped to refer to member '\(member)' of wrapped base type '\(type.unwrapped)'")
    }
    static func optionalMap(_ member: String) -> DiagnosticMessage {
        DiagnosticMessage("E0362", "'Optional.\(member)' is not part of TipRules; test the value against nil instead")
    }
    static func forceUnwrapNonOptional(_ type: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("E0310", "cannot force unwrap value of non-optional type '\(type)'")
    }
    static func chainNonOptional(_ type: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("E0311", "cannot use optional chaining on non-optional value of type '\(type)'")
    }
    static let nilNeedsContext = DiagnosticMessage("E0312", "'nil' requires a contextual type")
    /// The note beside `let x = nil` or `let x = []`: where the type goes.
    static func writeLetType(_ name: String, example: String) -> String {
        "write the type after the name, as in 'let \(name): \(example)'"
    }
    static func methodNeedsCall(_ name: String) -> DiagnosticMessage {
        DiagnosticMessage("E0314", "'\(name)' is a method; call it with '()'")
    }
    static func propertyNotCallable(_ name: String, _ type: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("E0315", "cannot call value of non-function type '\(type)' ('\(name)' is a property)")
    }
    static func notCallable(_ type: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("E0316", "cannot call value of non-function type '\(type)'")
    }
    static func constraint(_ type: RuleType, _ requirement: String, _ name: String) -> DiagnosticMessage {
        DiagnosticMessage("E0317", "'\(name)' requires '\(type)' to be \(requirement)")
    }
    static let closureOutsideCall = DiagnosticMessage("E0318", "a closure can only be an argument of a member such as 'filter' or 'map'")
    static let keyPathOutsideCall = DiagnosticMessage("E0319", "a key path can only be an argument of a member such as 'map' or 'largestSubset(groupedBy:)'")
    static func closureParameterType(_ name: String, declared: RuleType, passed: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("E0364", "closure parameter '\(name)' is declared as '\(declared)', but the closure is passed '\(passed)'")
    }
    static func closureResultType(declared: RuleType, wanted: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("E0365", "declared closure result '\(declared)' is incompatible with contextual type '\(wanted)'")
    }
    static func closureArity(_ expected: Int, _ used: Int) -> DiagnosticMessage {
        DiagnosticMessage("E0320", "contextual closure type expects \(expected) argument\(expected == 1 ? "" : "s"), but \(used) \(used == 1 ? "was" : "were") used in the closure")
    }
    static func closureIgnoresArguments(_ expected: Int) -> DiagnosticMessage {
        DiagnosticMessage("E0321", "contextual type for closure argument list expects \(expected) argument\(expected == 1 ? "" : "s"), which cannot be implicitly ignored")
    }
    static let anonymousOutsideClosure = DiagnosticMessage("E0322", "anonymous closure argument not contained in a closure")
    static let anonymousWithNamed = DiagnosticMessage("E0323", "anonymous closure arguments cannot be used inside a closure that has explicit arguments")
    static func noParameter(_ name: String) -> DiagnosticMessage {
        DiagnosticMessage("E0324", "cannot find parameter '$\(name)'; '$name' refers to a declared parameter")
    }
    static func implicitMemberNeedsContext(_ name: String) -> DiagnosticMessage {
        DiagnosticMessage("E0325", "cannot infer contextual base in reference to member '\(name)'")
    }
    static func noStaticMember(_ type: RuleType, _ name: String) -> DiagnosticMessage {
        DiagnosticMessage("E0326", "type '\(type)' has no member '\(name)'")
    }
    static func typeNameAsValue(_ name: String) -> DiagnosticMessage {
        DiagnosticMessage("E0327", "type '\(name)' cannot be used as a value; call it as '\(name)(...)' or use one of its members")
    }
    static func functionAsValue(_ name: String) -> DiagnosticMessage {
        DiagnosticMessage("E0328", "'\(name)' is a function; call it with arguments")
    }
    static func functionArity(_ name: String, takes: Int, wanted: Int) -> DiagnosticMessage {
        func arguments(_ n: Int) -> String { n == 1 ? "1 argument" : "\(n) arguments" }
        return DiagnosticMessage("E0363", "'\(name)' takes \(arguments(takes)), but a function of \(arguments(wanted)) is expected here")
    }
    static func noSubscript(_ type: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("E0329", "value of type '\(type)' has no subscripts")
    }
    static func mismatchedBranches(_ a: RuleType, _ b: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("E0330", "result values in '? :' expression have mismatching types '\(a)' and '\(b)'")
    }
    static func mismatchedIfBranches(_ a: RuleType, _ b: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("E0359", "branches have mismatching types '\(a)' and '\(b)'")
    }
    static func initializerArguments(_ type: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("E0360", "'\(type)(...)' takes no arguments (an empty collection) or one array")
    }
    static func unavailableDeclaration(_ name: String) -> DiagnosticMessage {
        DiagnosticMessage("E0361", "'\(name)' cannot be used, since its declaration (or one it uses) has errors; fix them first")
    }
    static let emptyArrayNeedsContext = DiagnosticMessage("E0331", "empty collection literal requires an explicit type")
    static func heterogeneousArray(_ a: RuleType, _ b: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("E0332", "array literal mixes elements of type '\(a)' and '\(b)'")
    }
    static func unknownType(_ name: String) -> DiagnosticMessage {
        DiagnosticMessage("E0333", "cannot find type '\(name)'")
    }
    static func badPayloadType(_ type: String) -> DiagnosticMessage {
        DiagnosticMessage("E0334", "payload field type must be 'Int', 'Double', 'Bool', 'String', 'Date' or an optional of one, not '\(type)'")
    }
    static func duplicateField(_ name: String) -> DiagnosticMessage {
        DiagnosticMessage("E0335", "duplicate payload field '\(name)'")
    }
    static func closureUsesTooFewArguments(_ type: RuleType, _ expected: Int, _ used: Int) -> DiagnosticMessage {
        DiagnosticMessage("E0357", "contextual closure type '\(type)' expects \(expected) arguments, but \(used) \(used == 1 ? "was" : "were") used in closure body")
    }
    static func timeRangeNeedsCount(_ unit: String) -> DiagnosticMessage {
        DiagnosticMessage("E0358", "'\(unit)s(_:)' needs a count, as in '.\(unit)s(2)'; one \(unit) is '.\(unit)'")
    }
    static func dateInitializer(_ signature: String) -> DiagnosticMessage {
        DiagnosticMessage("E0356", "'\(signature)' isn't part of TipRules; dates come from donations ('$0.date'), 'Date()' or 'Date.now' (the evaluation's clock), and date arithmetic")
    }
    static func fieldShadowedByMember(_ name: String) -> DiagnosticMessage {
        DiagnosticMessage("E0355", "payload field '\(name)' would be hidden by the donation's own '\(name)', so rules could never read it; rename the field")
    }
    static func unknownEventOption(_ name: String) -> DiagnosticMessage {
        DiagnosticMessage("E0336", "unknown event option '\(name)'; the options are 'limit:' (TipKit's 'donationLimit:') and 'maxAge:'")
    }
    static let badLimit = DiagnosticMessage("E0337", "'limit' must be a positive integer literal")
    static let badMaxAge = DiagnosticMessage("E0338", "'maxAge' must be a time range with a literal count, such as '.days(30)'")
    static let parameterDefaultNotLiteral = DiagnosticMessage("E0339", "a parameter's default value must be a literal, or a constant such as 'Int.max' or 'Date.distantPast'")
    static func integerOverflow(_ literal: String) -> DiagnosticMessage {
        DiagnosticMessage("E0340", "integer literal '\(literal)' overflows when stored into 'Int'")
    }
    static func constantOverflow(_ text: String) -> DiagnosticMessage {
        DiagnosticMessage("E0341", "arithmetic operation '\(text)' (on type 'Int') results in an overflow")
    }
    static let divisionByZero = DiagnosticMessage("E0342", "division by zero")
    static func conversionOverflow(_ value: String) -> DiagnosticMessage {
        DiagnosticMessage("E0343", "invalid conversion: '\(value)' is not finite or overflows 'Int'")
    }
    static let floatRemainder = DiagnosticMessage("E0344", "'%' is unavailable for 'Double'; use 'truncatingRemainder(dividingBy:)' in Swift, or convert to 'Int'")
    static func ruleMacroSubject(_ type: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("E0345", "'#Rule' takes an event or a parameter ('$name'), not a value of type '\(type)'")
    }
    static func dependencyTooDeep(_ name: String, _ limit: Int) -> DiagnosticMessage {
        DiagnosticMessage("E0349", "'\(name)' depends on declarations nested more than \(limit) levels deep; flatten the chain of 'let' declarations")
    }
    static func floatLiteralOverflow(_ literal: String) -> DiagnosticMessage {
        DiagnosticMessage("W0301", "'\(literal)' overflows to infinity in 'Double'")
    }
    static func nilCoalescingNonOptional(_ type: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("W0303", "left side of nil coalescing operator '??' has non-optional type '\(type)', so the right side is never used")
    }
    static func noMatchingCall(_ used: String, _ receiver: String, _ expected: String) -> DiagnosticMessage {
        DiagnosticMessage("E0313", "no '\(used)' on \(receiver); expected \(expected)")
    }
    static func keyPathToMethod(_ name: String) -> DiagnosticMessage {
        DiagnosticMessage("E0351", "key path cannot refer to method '\(name)'; use a closure instead")
    }
    static func conflictingGeneric(_ a: RuleType, _ b: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("E0352", "conflicting arguments to generic parameter ('\(a)' vs. '\(b)')")
    }
    static func nilForNonOptional(_ type: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("E0353", "'nil' cannot be used where '\(type)' is expected; only optionals can be nil")
    }
    static func expectedFunction(_ what: String, _ wanted: RuleType, _ found: RuleType) -> DiagnosticMessage {
        DiagnosticMessage("E0354", "expected \(what) of type '\(wanted)', found a value of type '\(found)'")
    }
    static func comparingNonOptionalToNil(_ type: RuleType, always result: Bool) -> DiagnosticMessage {
        DiagnosticMessage("W0302", "comparing non-optional value of type '\(type)' to 'nil' always returns \(result)")
    }
    static let previousDeclaration = "previous declaration is here"
}
