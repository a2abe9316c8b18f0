import TipRulesSemantics
import TipRulesSyntax

extension Evaluator {
    /// Evaluates a typed expression. Evaluation recurses once per tree level; the tree depth is
    /// bounded at compile time.
    mutating func evaluate(_ expression: TypedExpression) throws(Interrupt) -> Value {
        try tick(1, expression.range)
        switch expression.node {
        case .constant(let constant): return Value(constant)
        case .local(let slot): return local(slot)
        case .declaration(let index): return try declarationValue(index)
        case .parameterValue(let index): return inputs.parameterValues[index]
        case .parameterReference(let index): return .parameter(index)
        case .event(let index): return .event(index)
        default: return try evaluateComposite(expression)
        }
    }

    /// The composite nodes, kept out of `evaluate` so its frame, paid once per tree level,
    /// stays small.
    @inline(never)
    private mutating func evaluateComposite(_ expression: TypedExpression) throws(Interrupt) -> Value {
        switch expression.node {
        case .builtin(let call): return try BuiltinImplementations.table[call.builtin.id.rawValue](&self, call, call.range)
        case .field(let base, let index): return try field(base, index)
        case .arrayLiteral(let elements): return try arrayLiteral(elements)
        case .negate(let operand): return try negate(operand, expression.range)
        case .not(let operand): return try not(operand)
        case .arithmetic(let op, let lhs, let rhs): return try arithmetic(op, lhs, rhs, expression.range)
        case .comparison(let op, let lhs, let rhs): return try compare(op, lhs, rhs)
        case .and(let lhs, let rhs): return try logical(lhs, rhs, isAnd: true)
        case .or(let lhs, let rhs): return try logical(lhs, rhs, isAnd: false)
        case .ternary(let condition, let then, let otherwise): return try ternary(condition, then, otherwise)
        case .nilCoalescing(let lhs, let rhs): return try nilCoalescing(lhs, rhs)
        case .forceUnwrap(let operand): return try forceUnwrap(operand, expression.range)
        case .bindOptional(let operand): return try bindOptional(operand)
        case .optionalChain(let operand): return try optionalChain(operand, expression.type)
        case .wrapOptional(let operand): return Value.wrap(try evaluate(operand), wrapped: operand.type)
        case .subscriptAccess(let base, let index): return try subscriptAccess(base, index, expression.range)
        case .range(let lower, let upper, let closed): return try range(lower, upper, closed, expression.range)
        case .ruleMacro(let subject, let body): return try ruleMacro(subject, body)
        case .fused(let operation): return try fused(operation, expression)
        case .closure, .keyPath: preconditionFailure("function values are only applied")
        case .constant, .local, .declaration, .parameterValue, .parameterReference, .event:
            preconditionFailure("leaf nodes are evaluated by evaluate(_:)")
        }
    }

    @inline(never)
    private mutating func field(_ base: TypedExpression, _ index: Int) throws(Interrupt) -> Value {
        guard case .donation(let stream, let position) = try evaluate(base) else { preconditionFailure("field of a non-donation") }
        return stream.columns[index][position]
    }

    @inline(never)
    private mutating func arrayLiteral(_ elements: [TypedExpression]) throws(Interrupt) -> Value {
        var values: [Value] = []
        values.reserveCapacity(elements.count)
        for element in elements { values.append(try evaluate(element)) }
        return .array(values)
    }

    @inline(never)
    private mutating func negate(_ operand: TypedExpression, _ range: SourceRange) throws(Interrupt) -> Value {
        switch try evaluate(operand) {
        case .int(let value):
            let (result, overflow) = (0).subtractingReportingOverflow(value)
            if overflow { throw failure(RuntimeMessages.overflow("-(\(value))"), range) }
            return .int(result)
        case .double(let value): return .double(-value)
        default: preconditionFailure("negating a non-number")
        }
    }

    @inline(never)
    private mutating func not(_ operand: TypedExpression) throws(Interrupt) -> Value {
        guard case .bool(let value) = try evaluate(operand) else { preconditionFailure("'!' on a non-Bool") }
        return .bool(!value)
    }

    @inline(never)
    private mutating func logical(_ lhs: TypedExpression, _ rhs: TypedExpression, isAnd: Bool) throws(Interrupt) -> Value {
        guard case .bool(let left) = try evaluate(lhs) else { preconditionFailure("logical operator on a non-Bool") }
        if left != isAnd { return .bool(left) }
        return try evaluate(rhs)
    }

    @inline(never)
    private mutating func ternary(_ condition: TypedExpression, _ then: TypedExpression, _ otherwise: TypedExpression) throws(Interrupt) -> Value {
        guard case .bool(let flag) = try evaluate(condition) else { preconditionFailure("condition is not Bool") }
        return try evaluate(flag ? then : otherwise)
    }

    @inline(never)
    private mutating func nilCoalescing(_ lhs: TypedExpression, _ rhs: TypedExpression) throws(Interrupt) -> Value {
        let left = try evaluate(lhs)
        if let unwrapped = left.unwrap(wrapped: lhs.type.unwrapped) {
            // `a ?? b` with an optional `b` keeps `a` optional.
            return rhs.type == lhs.type ? left : unwrapped
        }
        return try evaluate(rhs)
    }

    @inline(never)
    private mutating func forceUnwrap(_ operand: TypedExpression, _ range: SourceRange) throws(Interrupt) -> Value {
        guard let value = try evaluate(operand).unwrap(wrapped: operand.type.unwrapped) else {
            throw failure(RuntimeMessages.unwrapNil, range)
        }
        return value
    }

    @inline(never)
    private mutating func bindOptional(_ operand: TypedExpression) throws(Interrupt) -> Value {
        guard let value = try evaluate(operand).unwrap(wrapped: operand.type.unwrapped) else { throw .nilInChain }
        return value
    }

    @inline(never)
    private mutating func optionalChain(_ operand: TypedExpression, _ type: RuleType) throws(Interrupt) -> Value {
        do {
            let value = try evaluate(operand)
            // The chain's type is `T?`; a non-optional result gets wrapped, an optional one is flattened.
            return operand.type.isOptional ? value : Value.wrap(value, wrapped: operand.type)
        } catch {
            if case .nilInChain = error { return .null }
            throw error
        }
    }

    @inline(never)
    private mutating func subscriptAccess(_ base: TypedExpression, _ index: TypedExpression, _ range: SourceRange) throws(Interrupt) -> Value {
        let collection = try evaluate(base)
        guard case .int(let position) = try evaluate(index) else { preconditionFailure("index is not Int") }
        switch collection {
        case .array(let items):
            guard items.indices.contains(position) else { throw indexOutOfRange(position, items.count, range) }
            return items[position]
        case .donations(let list):
            guard position >= 0 && position < list.count else { throw indexOutOfRange(position, list.count, range) }
            return .donation(list.stream, list.position(at: position))
        default:
            preconditionFailure("subscript of a non-array")
        }
    }

    func indexOutOfRange(_ index: Int, _ count: Int, _ range: SourceRange) -> Interrupt {
        failure(RuntimeMessages.indexOutOfRange(index, count: count), range)
    }

    @inline(never)
    private mutating func range(_ lower: TypedExpression, _ upper: TypedExpression, _ closed: Bool, _ range: SourceRange) throws(Interrupt) -> Value {
        let low = try evaluate(lower)
        let high = try evaluate(upper)
        if Value.less(high, low) || (isNaN(low) || isNaN(high)) {
            throw failure(RuntimeMessages.invalidRange, range)
        }
        return .range(low, high, closed: closed)
    }

    private func isNaN(_ value: Value) -> Bool {
        if case .double(let d) = value { return d.isNaN }
        return false
    }

    @inline(never)
    private mutating func ruleMacro(_ subject: TypedExpression, _ body: TypedClosure) throws(Interrupt) -> Value {
        var value = try evaluate(subject)
        if case .parameter(let index) = value { value = inputs.parameterValues[index] }
        setLocal(body.firstSlot, value)
        return try evaluate(body.body)
    }
}
