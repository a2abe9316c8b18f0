import TipRulesSyntax

/// A checked expression: every name resolved, every operator and member bound to its
/// implementation, every type known. The evaluator only ever sees this form.
package struct TypedExpression: Sendable {
    package var node: TypedNode
    package var type: RuleType
    package var range: SourceRange
    /// An integer-literal expression whose type may still become `Double` from context, as
    /// Swift's literal typing allows (`rating > 3`).
    package var isFlexibleLiteral: Bool = false

    package init(_ node: TypedNode, _ type: RuleType, _ range: SourceRange, flexible: Bool = false) {
        self.node = node
        self.type = type
        self.range = range
        self.isFlexibleLiteral = flexible
    }
}

/// Integer and floating-point arithmetic, resolved to the operand type at check time.
package enum ArithmeticOperator: String, Sendable {
    case intAdd, intSubtract, intMultiply, intDivide, intRemainder
    case doubleAdd, doubleSubtract, doubleMultiply, doubleDivide
    case stringConcatenate, arrayConcatenate
}

/// Comparison operators; `equal` and `notEqual` work on every Equatable type.
package enum ComparisonOperator: String, Sendable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
}

/// A closure: its parameters live in consecutive local slots starting at `firstSlot`.
package struct TypedClosure: Sendable {
    package var firstSlot: Int
    package var parameterCount: Int
    package var body: TypedExpression
    /// Set by the optimizer when the body is one `Int` or `Double` operation or comparison of
    /// the closure's unboxed parameters and constants (`{ $0 + $1 }`, `{ $0 > 3 }`, `+` passed
    /// to `reduce`): the evaluator may then apply it to its arguments directly, without binding
    /// them or walking the body (see `Optimizer.appliesDirectly`).
    package var appliesDirectly = false
}

/// One step of a key path: a built-in property or a payload field, with the type it reaches
/// (so that the optimizer can read a path as the closure it stands for).
package enum KeyPathStep: Sendable {
    case property(Builtin, RuleType)
    case field(Int, RuleType)
}

/// A call of a built-in member or function. A class, so the evaluator's dispatch on it costs
/// one reference count rather than a copy of every field.
package final class BuiltinCall: Sendable {
    package let builtin: Builtin
    package let receiver: TypedExpression?
    package let arguments: [TypedExpression]
    /// The call's static result type (built-ins that return optionals need it to wrap).
    package let resultType: RuleType
    package let range: SourceRange

    package init(builtin: Builtin, receiver: TypedExpression?, arguments: [TypedExpression], resultType: RuleType, range: SourceRange) {
        self.builtin = builtin
        self.receiver = receiver
        self.arguments = arguments
        self.resultType = resultType
        self.range = range
    }

    /// The same call with other arguments and result type.
    func with(arguments: [TypedExpression], resultType: RuleType) -> BuiltinCall {
        BuiltinCall(builtin: builtin, receiver: receiver, arguments: arguments, resultType: resultType, range: range)
    }
}

/// The node kinds of the typed tree.
package indirect enum TypedNode: Sendable {
    case constant(Constant)
    /// A `let` or `rule` declaration, by index in the program.
    case declaration(Int)
    /// The donations a `let`'s values were computed from (see `MappedDeclaration`), by the
    /// declaration's index: evaluated as reading the `let` is, then the list its mapping went
    /// through. Only ever the source of a fused operation, which runs the calls it stands for
    /// (reading the `let` itself) when the list is not known.
    case declarationList(Int)
    case parameterValue(Int)
    case parameterReference(Int)
    case event(Int)
    /// A closure parameter in the current evaluation frame.
    case local(Int)
    case builtin(BuiltinCall)
    /// A payload field of a donation, by field index.
    case field(TypedExpression, Int)
    case closure(TypedClosure)
    case keyPath([KeyPathStep])
    case arrayLiteral([TypedExpression])
    case negate(TypedExpression)
    case not(TypedExpression)
    case arithmetic(ArithmeticOperator, TypedExpression, TypedExpression)
    case comparison(ComparisonOperator, TypedExpression, TypedExpression)
    case and(TypedExpression, TypedExpression)
    case or(TypedExpression, TypedExpression)
    case ternary(TypedExpression, TypedExpression, TypedExpression)
    case nilCoalescing(TypedExpression, TypedExpression)
    case forceUnwrap(TypedExpression)
    case bindOptional(TypedExpression)
    case optionalChain(TypedExpression)
    /// Turns a `T` into a `T?`.
    case wrapOptional(TypedExpression)
    case subscriptAccess(TypedExpression, TypedExpression)
    case range(TypedExpression, TypedExpression, closed: Bool)
    /// `#Rule(subject) { body }`: the body closure applied to the subject.
    case ruleMacro(TypedExpression, TypedClosure)
    /// Several built-in calls computed as one (see `Optimizer`), with what they charge and the
    /// calls themselves: evaluated instead when the fused form meets an error, so the error is
    /// exactly theirs.
    case fused(FusedOperation, FusedSteps, unfused: TypedExpression)
}

extension TypedExpression {
    /// The steps one evaluation of this expression charges for its nodes: one per node, where a
    /// closure or key path counts nothing (they charge when applied, see `stepSize` of a
    /// closure body) and a fused operation counts the nodes of the calls it stands for.
    ///
    /// A closure charges the step size of its body each time it is applied, whether or not
    /// `&&`, `||`, `??`, `?:` or an optional chain skip part of it; so what a closure costs is
    /// known before it runs, and a fused scan charges exactly what the closures it replaced
    /// would have (see `FusedSteps`).
    package var stepSize: Int {
        switch node {
        case .closure, .keyPath: return 0
        case .fused(_, let steps, _):
            // (The optimizer, which makes every fused node, measured the calls it stands for.)
            assert(steps.size > 0, "a fused node keeps the size of the calls it stands for")
            return steps.size
        // The body is a closure, charged when it is applied to the subject.
        case .ruleMacro(let subject, _): return 1 + subject.stepSize
        default:
            var size = 1
            forEachChild(of: self) { size += $0.stepSize }
            return size
        }
    }
}
