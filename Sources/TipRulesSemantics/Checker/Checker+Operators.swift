import TipRulesSyntax

/// Type checking of binary operators.
extension Checker {
    mutating func binary(_ op: String, _ lhs: Expression, _ rhs: Expression, _ expected: RuleType?, _ range: SourceRange) -> TypedExpression {
        switch op {
        case "&&", "||":
            let l = checkExpecting(lhs, .bool)
            let r = checkExpecting(rhs, .bool)
            if l.type.containsError || r.type.containsError { return errorNode(range) }
            return TypedExpression(op == "&&" ? .and(l, r) : .or(l, r), .bool, range)
        case "??":
            return nilCoalescing(lhs, rhs, expected, range)
        case "+", "-", "*", "/", "%":
            return arithmetic(op, lhs, rhs, expected, range)
        case "...", "..<":
            var (l, r) = checkOperands(lhs, rhs, rightExpected: { l in l.isFlexibleLiteral ? nil : l.type })
            if l.type.containsError || r.type.containsError { return errorNode(range) }
            let (lt, rt) = (l.type, r.type)
            guard let type = unify(&l, lhs, &r, rhs), type.isComparable else {
                error(CheckerMessages.binaryOperands(op, lt, rt), range)
                return errorNode(range)
            }
            return TypedExpression(.range(defaultLiteral(l), defaultLiteral(r), closed: op == "..."), .range(type, closed: op == "..."), range)
        default:
            return comparison(op, lhs, rhs, range)
        }
    }

    private mutating func arithmetic(_ op: String, _ lhs: Expression, _ rhs: Expression, _ expected: RuleType?, _ range: SourceRange) -> TypedExpression {
        let numericExpected = expected.flatMap { $0.unwrapped.isNumeric ? $0.unwrapped : nil }
        var (l, r) = checkOperands(lhs, rhs, leftExpected: numericExpected, rightExpected: { l in
            if l.isFlexibleLiteral || l.type.isOptional { return numericExpected }
            // `date + .infinity`: Foundation's `+` and `-` of a `Date` take a `TimeInterval`.
            if l.type == .date && (op == "+" || op == "-") { return .double }
            // `[3].sorted() + [0.5]`: the left side's literals may yet become `Double` (`unify`).
            if case .array = l.type, Checker.withDouble(l.type) != nil, Checker.hasIntegerLiteral(lhs) { return nil }
            return l.type
        })
        if l.type.containsError || r.type.containsError { return errorNode(range) }
        let (lt, rt) = (l.type, r.type)
        if lt == .date, op == "+" || op == "-" {
            return dateArithmetic(op, l, r, rhs, range)
        }
        let flexible = l.isFlexibleLiteral && r.isFlexibleLiteral
        let type = lt.isOptional || rt.isOptional || lt == .nilLiteral || rt == .nilLiteral ? nil : unify(&l, lhs, &r, rhs)
        let node: TypedNode?
        switch (type, op) {
        case (.int?, "+"): node = .arithmetic(.intAdd, l, r)
        case (.int?, "-"): node = .arithmetic(.intSubtract, l, r)
        case (.int?, "*"): node = .arithmetic(.intMultiply, l, r)
        case (.int?, "/"): node = .arithmetic(.intDivide, l, r)
        case (.int?, "%"): node = .arithmetic(.intRemainder, l, r)
        case (.double?, "+"): node = .arithmetic(.doubleAdd, l, r)
        case (.double?, "-"): node = .arithmetic(.doubleSubtract, l, r)
        case (.double?, "*"): node = .arithmetic(.doubleMultiply, l, r)
        case (.double?, "/"): node = .arithmetic(.doubleDivide, l, r)
        case (.double?, "%"):
            error(CheckerMessages.floatRemainder, range)
            return errorNode(range)
        case (.string?, "+"): node = .arithmetic(.stringConcatenate, l, r)
        case (.array?, "+"): node = .arithmetic(.arrayConcatenate, defaultLiteral(l), defaultLiteral(r))
        default: node = nil
        }
        guard let node, let type else {
            reportOperandMismatch(op, l: (lhs, lt), r: (rhs, rt), range)
            return errorNode(range)
        }
        hasConstantFoldingSites = true
        return TypedExpression(node, type, range, flexible: flexible && type == .int)
    }

    /// Checks the two operands of a binary operator, left first with `leftExpected`, then the
    /// right with the context the left one gives. An empty collection literal (`xs == []`,
    /// `[] + xs`) and an implicit member (`.distantPast < d`, `3 < .max`) take their type from
    /// the other operand, whichever side they are on, as Swift infers it.
    private mutating func checkOperands(_ lhs: Expression, _ rhs: Expression, leftExpected: RuleType? = nil,
                                        rightExpected: (TypedExpression) -> RuleType?) -> (TypedExpression, TypedExpression) {
        if isEmptyArrayLiteral(lhs) && !isEmptyArrayLiteral(rhs) {
            let r = defaultLiteral(check(rhs, expected: nil))
            let l = check(lhs, expected: r.type.containsError || r.type == .nilLiteral ? nil : r.type)
            return (l, r)
        }
        if leftExpected == nil, Checker.startsWithImplicitMember(lhs), !Checker.startsWithImplicitMember(rhs) {
            // `.distantPast < d`: the right side says whose member the left one is, as Swift's
            // solver finds it. (Evaluated left to right all the same.)
            let r = check(rhs, expected: nil)
            return (check(lhs, expected: implicitMemberContext(lhs, beside: r)), r)
        }
        let l = check(lhs, expected: leftExpected)
        if isEmptyArrayLiteral(rhs), !l.type.containsError, l.type != .nilLiteral {
            let settled = defaultLiteral(l)
            return (settled, check(rhs, expected: settled.type))
        }
        return (l, check(rhs, expected: rightExpected(l) ?? contextBesideLiteral(rhs, beside: l)))
    }

    /// Foundation's `Date + TimeInterval` and `Date - TimeInterval`: the date moved by that many
    /// seconds, as `addingTimeInterval` moves it (`x - y` is `x + (-y)` exactly in IEEE
    /// arithmetic). `Date - Date` is no operator in Swift; the error offers `timeIntervalSince`.
    private mutating func dateArithmetic(_ op: String, _ l: TypedExpression, _ r: TypedExpression, _ rhs: Expression, _ range: SourceRange) -> TypedExpression {
        guard let seconds = coerce(r, to: .double), r.type != .nilLiteral else {
            var fixIts: [Diagnostic.FixIt] = []
            if r.type == .date, op == "-" {
                fixIts.append(Diagnostic.FixIt(message: "use 'timeIntervalSince(_:)' for the seconds between two dates", range: range,
                                               replacement: "\(file.text(in: l.range)).timeIntervalSince(\(file.text(in: rhs.range)))"))
            }
            error(CheckerMessages.binaryOperands(op, l.type, r.type), range, fixIts: fixIts)
            return errorNode(range)
        }
        hasConstantFoldingSites = true
        let offset = op == "+" ? seconds : TypedExpression(.negate(seconds), .double, seconds.range)
        let call = BuiltinCall(builtin: Builtins[.dateAddingTimeInterval], receiver: l, arguments: [offset], resultType: .date, range: range)
        return TypedExpression(.builtin(call), .date, range)
    }

    /// Reports operands that do not fit an operator, suggesting a conversion for Int/Double mixes
    /// and unwrapping for optionals.
    private mutating func reportOperandMismatch(_ op: String, l: (Expression, RuleType), r: (Expression, RuleType), _ range: SourceRange) {
        var fixIts: [Diagnostic.FixIt] = []
        if l.1 == .int && r.1 == .double {
            fixIts.append(Diagnostic.FixIt(message: "use 'Double(...)' to convert the 'Int'", range: l.0.range,
                                           replacement: "Double(\(file.text(in: l.0.range)))"))
        } else if l.1 == .double && r.1 == .int {
            fixIts.append(Diagnostic.FixIt(message: "use 'Double(...)' to convert the 'Int'", range: r.0.range,
                                           replacement: "Double(\(file.text(in: r.0.range)))"))
        } else if l.1.isOptional && !r.1.isOptional {
            fixIts.append(Diagnostic.FixIt(message: "unwrap the optional with '?? default' or '!'", range: l.0.range.endPoint, replacement: "!"))
        } else if r.1.isOptional && !l.1.isOptional {
            fixIts.append(Diagnostic.FixIt(message: "unwrap the optional with '?? default' or '!'", range: r.0.range.endPoint, replacement: "!"))
        }
        error(CheckerMessages.binaryOperands(op, l.1, r.1), range, fixIts: fixIts)
    }

    private mutating func comparison(_ op: String, _ lhs: Expression, _ rhs: Expression, _ range: SourceRange) -> TypedExpression {
        var (l, r) = checkOperands(lhs, rhs, rightExpected: { l in l.isFlexibleLiteral || l.type == .nilLiteral ? nil : l.type })
        if l.type.containsError || r.type.containsError { return errorNode(range) }
        let (lt, rt) = (l.type, r.type)
        let isEquality = op == "==" || op == "!="
        let comparesNilToValue = (lt == .nilLiteral && !rt.isOptional) || (rt == .nilLiteral && !lt.isOptional)
        let type = isEquality || (!lt.isOptional && !rt.isOptional) ? unify(&l, lhs, &r, rhs) : nil
        // `x == nil` works for every optional, Equatable or not (Swift's _OptionalNilComparisonType).
        let comparesOptionalToNil = isEquality && (isNilLiteral(lhs) || isNilLiteral(rhs))
        guard let type, type != .nilLiteral, comparesOptionalToNil || (isEquality ? type.isEquatable : type.isComparable) else {
            reportOperandMismatch(op, l: (lhs, lt), r: (rhs, rt), range)
            return errorNode(range)
        }
        if comparesNilToValue {
            let nonOptional = lt == .nilLiteral ? rt : lt
            warning(CheckerMessages.comparingNonOptionalToNil(nonOptional, always: op == "!="), range)
        }
        let comparisonOperator: ComparisonOperator
        switch op {
        case "==": comparisonOperator = .equal
        case "!=": comparisonOperator = .notEqual
        case "<": comparisonOperator = .less
        case "<=": comparisonOperator = .lessOrEqual
        case ">": comparisonOperator = .greater
        default: comparisonOperator = .greaterOrEqual
        }
        return TypedExpression(.comparison(comparisonOperator, defaultLiteral(l), defaultLiteral(r)), .bool, range)
    }

    private func isNilLiteral(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .nilLiteral: return true
        case .parenthesized(let inner): return isNilLiteral(inner)
        default: return false
        }
    }

    private mutating func nilCoalescing(_ lhs: Expression, _ rhs: Expression, _ expected: RuleType?, _ range: SourceRange) -> TypedExpression {
        var l = check(lhs, expected: expected.map { .optional($0) })
        if l.type == .nilLiteral {
            // `nil ?? x`: the nil takes the optional of the right side's type.
            let r = defaultLiteral(check(rhs, expected: expected))
            if r.type.containsError || r.type == .nilLiteral { return errorNode(range) }
            l = TypedExpression(.constant(.null), .optional(r.type), l.range)
            return TypedExpression(.nilCoalescing(l, r), r.type, range)
        }
        if l.type.containsError {
            _ = check(rhs, expected: nil)
            return errorNode(range)
        }
        guard case .optional(let wrapped) = l.type else {
            warning(CheckerMessages.nilCoalescingNonOptional(l.type), range)
            _ = checkExpecting(rhs, l.type)
            return l
        }
        let r = check(rhs, expected: wrapped)
        if r.type.containsError { return errorNode(range) }
        if let converted = coerce(r, to: wrapped), r.type != .nilLiteral {
            return TypedExpression(.nilCoalescing(l, converted), wrapped, range)
        }
        if let converted = coerce(r, to: l.type) {
            return TypedExpression(.nilCoalescing(l, converted), l.type, range)
        }
        // `[7].max() ?? 0.5`: Swift types the left side's integer literals as `Double`, as it
        // does beside any other operator's `Double` (`unify`).
        let optionalRight = r.type.isOptional ? r.type : .optional(r.type)
        if r.type != .nilLiteral, let rechecked = withDoubleLiterals(lhs, l, becoming: optionalRight) {
            return TypedExpression(.nilCoalescing(rechecked, r), r.type, range)
        }
        reportOperandMismatch("??", l: (lhs, l.type), r: (rhs, r.type), range)
        return errorNode(range)
    }
}
