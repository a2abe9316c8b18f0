import TipRulesSemantics
import TipRulesSyntax

/// Lowers a typed tree into the evaluator's node tree, once per program.
///
/// With a `Tracer`, every node that computes a value is wrapped so a traced evaluation records
/// what it saw there (see `Tracer`); without one, the tree has no trace of tracing.
struct NodeCompiler {
    let tracer: Tracer?
    /// Whether the expressions compiled are in a closure's body, where a subexpression that
    /// reads no closure parameter is computed once per evaluation (see `InvariantNode`).
    /// (Not in a traced program: a trace records every evaluation of every node.)
    private var inClosureBody = false

    init(tracer: Tracer?) {
        self.tracer = tracer
    }

    static func compile(_ expression: TypedExpression) -> Node {
        NodeCompiler(tracer: nil).compile(expression)
    }

    func compile(_ expression: TypedExpression) -> Node {
        guard let tracer else {
            guard inClosureBody, InvariantNode.accepts(expression) else { return lower(expression) }
            // Its own parts are not remembered apart; those of closures inside it are.
            var whole = self
            whole.inClosureBody = false
            return InvariantNode(whole.lower(expression))
        }
        tracer.begin()
        let node = lower(expression)
        let id = tracer.end(expression)
        switch expression.node {
        case .closure, .keyPath: return node
        default: return TraceNode(node, id: id, tracer: tracer)
        }
    }

    private func lower(_ expression: TypedExpression) -> Node {
        let range = expression.range
        let type = expression.type
        switch expression.node {
        case .constant(let constant): return ConstantNode(Value(constant), range, type)
        case .declaration(let index): return DeclarationNode(index, range, type)
        case .declarationList(let index): return DeclarationListNode(index, range, type)
        case .parameterValue(let index): return ParameterValueNode(index, range, type)
        case .parameterReference(let index): return IndexValueNode(.parameter(index), range, type)
        case .event(let index): return IndexValueNode(.event(index), range, type)
        case .local(let slot):
            if case .donation = type { return DonationLocalNode(slot, range, type) }
            if let kind = ScalarKind(type) { return ScalarLocalNode(slot, kind, range, type) }
            return LocalNode(slot, range, type)
        case .builtin(let call):
            switch call.builtin.id {
            case .donationDate:
                if let receiver = call.receiver, case .local(let slot) = receiver.node {
                    return LocalDateNode(slot, receiverRange: receiver.range, call.range, type)
                }
            case .eventDonations:
                if let receiver = call.receiver, case .event(let index) = receiver.node {
                    return EventDonationsNode(event: index, receiverRange: receiver.range, call.range, type)
                }
            case .dateTimeIntervalSince:
                if let receiver = call.receiver {
                    return TimeIntervalSinceNode(compile(receiver), compile(call.arguments[0]), call.range, type)
                }
            default:
                break
            }
            return BuiltinNode(compile(call), type)
        case .field(let base, let index):
            if case .local(let slot) = base.node {
                return LocalFieldNode(slot: slot, index: index, baseRange: base.range, range, type)
            }
            return FieldNode(compile(base), index, range, type)
        case .closure(let closure): return compile(closure, range, type)
        case .keyPath(let steps): return KeyPathNode(steps.map { compile($0, range) }, range, type)
        case .arrayLiteral(let elements):
            let nodes = elements.map(compile)
            let constants = nodes.compactMap { $0 as? ConstantNode }
            if constants.count == nodes.count { return ConstantArrayNode(constants, range, type) }
            return ArrayLiteralNode(nodes, range, type)
        case .negate(let operand): return NegateNode(compile(operand), range, type)
        case .not(let operand): return NotNode(compile(operand), range, type)
        case .arithmetic(let op, let lhs, let rhs): return ArithmeticNode(op, compile(lhs), compile(rhs), range, type)
        case .comparison(let op, let lhs, let rhs): return ComparisonNode(op, compile(lhs), compile(rhs), range, type)
        case .and(let lhs, let rhs): return LogicalNode(isAnd: true, compile(lhs), compile(rhs), range, type)
        case .or(let lhs, let rhs): return LogicalNode(isAnd: false, compile(lhs), compile(rhs), range, type)
        case .ternary(let condition, let then, let otherwise):
            return TernaryNode(compile(condition), compile(then), compile(otherwise), range, type)
        case .nilCoalescing(let lhs, let rhs): return NilCoalescingNode(compile(lhs), compile(rhs), range, type)
        case .forceUnwrap(let operand): return ForceUnwrapNode(compile(operand), range, type)
        case .bindOptional(let operand): return BindOptionalNode(compile(operand), range, type)
        case .optionalChain(let operand): return OptionalChainNode(compile(operand), range, type)
        case .wrapOptional(let operand): return WrapOptionalNode(compile(operand), range, type)
        case .subscriptAccess(let base, let index): return SubscriptNode(compile(base), compile(index), range, type)
        case .range(let lower, let upper, let closed): return RangeNode(closed: closed, compile(lower), compile(upper), range, type)
        case .ruleMacro(let subject, let closure):
            // The closure's parameter is the event, or the parameter's value (see `RuleMacroNode`).
            let bound = if case .parameter(let value) = subject.type { value } else { subject.type }
            return RuleMacroNode(compile(subject), compile(closure, closure.body.range, .function([bound], .bool)),
                                 bindsParameter: Optimizer.mentions(closure.body, slot: closure.firstSlot), range, type)
        case .fused(let operation, let steps, let unfused):
            // The unfused calls run only after an error, never traced.
            return FusedNode(operation, steps, source: compile(operation.source), initial: operation.initial.map(compile),
                             unfused: unfused, range, type)
        }
    }

    /// The nodes of a declaration's value. Those of a `let` whose readers compute its values
    /// again from the list they were computed from (see `MappedDeclaration`) keep that list
    /// for them. (A traced program is not optimized, so it has no such `let`.)
    func compileBody(of declaration: Int, in program: CompiledProgram) -> Node {
        let body = program.declarations[declaration].body
        guard tracer == nil, program.mappedDeclarations[declaration] != nil, case .fused(let operation, let steps, let unfused) = body.node else {
            return compile(body)
        }
        return FusedNode(operation, steps, source: compile(operation.source), initial: operation.initial.map(compile),
                         unfused: unfused, body.range, body.type, keepsListOf: declaration)
    }

    private func compile(_ call: BuiltinCall) -> CompiledCall {
        CompiledCall(builtin: call.builtin, receiver: call.receiver.map(compile), arguments: call.arguments.map(compile),
                     resultType: call.resultType, range: call.range)
    }

    private func compile(_ closure: TypedClosure, _ range: SourceRange, _ type: RuleType) -> ClosureNode {
        var body = self
        body.inClosureBody = true
        return ClosureNode(firstSlot: closure.firstSlot, body: body.compile(closure.body), size: closure.body.stepSize,
                           appliesDirectly: closure.appliesDirectly, range, type)
    }

    private func compile(_ step: KeyPathStep, _ range: SourceRange) -> KeyPathNode.Step {
        switch step {
        case .field(let index, _):
            return .field(index)
        case .property(let builtin, _):
            // The property reads its receiver from the value the key path has reached so far.
            let receiver = InjectedValueNode(range, .error)
            let call = CompiledCall(builtin: builtin, receiver: receiver, arguments: [], resultType: .error, range: range)
            return .property(call, BuiltinImplementations.implementation(builtin.id))
        }
    }
}

/// A program's declarations as node trees, made once and shared by every evaluation of it.
final class RuntimeProgram: Sendable {
    // Nodes are immutable after construction; `Node` is a class tree with only `let`s.
    nonisolated(unsafe) let bodies: [Node]
    /// Each event's `limit` and `maxAge`, and the parameters' default values, read once.
    let events: [EventSchema]
    let limits: [Int]
    let maxAges: [TimeRange?]
    let defaultParameterValues: [Value]
    /// What an evaluation reports of each declaration besides its value, read here rather
    /// than copied out of the program's declarations at every evaluation.
    let declarationNames: [String]
    let declarationTypes: [RuleType]
    let bodyRanges: [SourceRange]
    /// Whether a declaration's type may hold a date or a parameter (see `Evaluation.shown`).
    let needsShowing: [Bool]
    let evaluationDepth: Int

    /// The node trees of a program; with a tracer, traced ones (made for one explanation,
    /// never attached to the program). With `declarations`, only those (which must hold every
    /// declaration they read) get theirs: an explanation evaluates a few declarations of a
    /// file that may hold thousands.
    convenience init(_ program: CompiledProgram, tracer: Tracer? = nil, declarations: Set<Int>? = nil) {
        let compiler = NodeCompiler(tracer: tracer)
        if let declarations {
            // One node stands for every body left out: a file may hold thousands.
            var bodies = Array(repeating: OmittedBodyNode(SourceRange(start: 0, end: 0), .error) as Node, count: program.declarations.count)
            for index in declarations.sorted() where bodies.indices.contains(index) {
                tracer?.beginDeclaration(index)
                bodies[index] = compiler.compileBody(of: index, in: program)
            }
            self.init(bodies: bodies, of: program)
        } else {
            self.init(bodies: program.declarations.indices.map { index in
                tracer?.beginDeclaration(index)
                return compiler.compileBody(of: index, in: program)
            }, of: program)
        }
    }

    /// The node trees of `program`, which is `earlier`'s program with its first `kept`
    /// declarations kept and others appended (see `RuleCompiler.compile(appending:of:to:)`):
    /// those declarations' trees are shared, and only the new ones are lowered.
    convenience init(extending earlier: RuntimeProgram, keeping kept: Int, to program: CompiledProgram) {
        precondition(kept <= earlier.bodies.count && kept <= program.declarations.count, "a program extended by appending")
        let compiler = NodeCompiler(tracer: nil)
        self.init(bodies: earlier.bodies[..<kept] + (kept..<program.declarations.count).map { compiler.compileBody(of: $0, in: program) },
                  of: program)
    }

    private init(bodies: [Node], of program: CompiledProgram) {
        self.bodies = bodies
        events = program.events
        limits = program.events.map(\.limit)
        maxAges = program.events.map(\.maxAge)
        defaultParameterValues = program.parameters.map { Value($0.defaultValue) }
        declarationNames = program.declarations.map(\.name)
        declarationTypes = program.declarations.map(\.type)
        bodyRanges = program.declarations.map(\.body.range)
        needsShowing = declarationTypes.map(Evaluation.needsShowing)
        evaluationDepth = program.evaluationDepth
    }

    /// The node trees of a program, made on first use.
    static func of(_ program: CompiledProgram) -> RuntimeProgram {
        program.attachment.value { RuntimeProgram(program) }
    }
}

extension CompiledProgram {
    /// Gives `extended`, this program with its first `kept` declarations kept and others
    /// appended (see `RuleCompiler.compile(appending:of:to:)`), the node trees this program
    /// has made of those, so that only the new declarations are lowered when it is first
    /// evaluated. Nothing when this program was never evaluated.
    package func shareNodeTrees(keeping kept: Int, with extended: CompiledProgram) {
        guard let lowered = attachment.existing(RuntimeProgram.self) else { return }
        _ = extended.attachment.value { RuntimeProgram(extending: lowered, keeping: kept, to: extended) }
    }
}

/// The body of a declaration a partial `RuntimeProgram` leaves out: the declarations it holds
/// never read it, so it is never evaluated.
private final class OmittedBodyNode: Node {
    override func execute(_ ev: inout Evaluator) throws(Interrupt) -> Value {
        preconditionFailure("a declaration left out of a partial program was evaluated")
    }
}
