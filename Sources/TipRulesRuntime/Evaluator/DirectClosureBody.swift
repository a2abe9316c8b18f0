import TipRulesSemantics

/// The body of a closure over unboxed parameters when it is one `Int` or `Double` operation or
/// comparison of those parameters and constants, or `min` or `max` of two (`+` given to `reduce`,
/// `{ $0 + $1 }`, `{ $0 > 3 }`, `{ $0 * 2 }`, `{ max($0, $1) }`), as the optimizer marks it (`TypedClosure.appliesDirectly`). Over
/// an array that is not a donation column (what `sorted()`, `reversed()`, a slice, `+` or the
/// general evaluator's `map` made), `ClosureNode` applies such a body to its arguments' bits
/// directly in `reduce`, in predicates and in `map`, without binding parameters or visiting nodes.
///
/// An application still charges what it charges through the tree, the body's size up front
/// (see `Evaluator.enterClosure`), and computes with the body node's own operation
/// (`ArithmeticNode.int(_:_:_:)`, `ComparisonNode.holds`, `BuiltinImplementations.swiftExtreme`),
/// so values, errors and their ranges are the tree's by construction.
struct DirectClosureBody {
    /// Where an operand of the operation comes from.
    enum Operand {
        case first
        case second
        /// A constant's bits (see `ScalarKind.bits(of:)`).
        case constant(UInt64)
    }

    private enum Operation {
        case int(ArithmeticNode)
        case double(ArithmeticNode)
        case compareInts(ComparisonOperator)
        case compareDoubles(ComparisonOperator)
        /// `max` (or, with `isMax` false, `min`) of two.
        case extremeInts(isMax: Bool)
        case extremeDoubles(isMax: Bool)
    }

    private let operation: Operation
    private let lhs: Operand
    private let rhs: Operand
    /// The kind of the body's value.
    let result: ScalarKind

    /// The direct form of `body`, a closure's body whose parameters are unboxed locals from
    /// `firstSlot` on (`parameterCount` of them), or nil when it is anything else.
    init?(_ body: Node, firstSlot: Int, parameterCount: Int) {
        func operand(_ node: Node) -> Operand? {
            if let local = node as? ScalarLocalNode {
                if local.slot == firstSlot { return .first }
                if local.slot == firstSlot + 1 && parameterCount == 2 { return .second }
                return nil
            }
            if let constant = node as? ConstantNode {
                switch constant.value {
                case .int, .double, .date: return .constant(ScalarKind.bits(of: constant.value))
                default: return nil
                }
            }
            return nil
        }
        if let arithmetic = body as? ArithmeticNode {
            switch arithmetic.op {
            case .intAdd, .intSubtract, .intMultiply, .intDivide, .intRemainder:
                operation = .int(arithmetic)
                result = .int
            case .doubleAdd, .doubleSubtract, .doubleMultiply, .doubleDivide:
                operation = .double(arithmetic)
                result = .double
            case .stringConcatenate, .arrayConcatenate:
                return nil
            }
            guard let a = operand(arithmetic.lhs), let b = operand(arithmetic.rhs) else { return nil }
            (lhs, rhs) = (a, b)
        } else if let comparison = body as? ComparisonNode, let ints = comparison.comparesInts {
            operation = ints ? .compareInts(comparison.op) : .compareDoubles(comparison.op)
            result = .bool
            guard let a = operand(comparison.lhs), let b = operand(comparison.rhs) else { return nil }
            (lhs, rhs) = (a, b)
        } else if let builtin = body as? BuiltinNode, builtin.call.builtin.id == .min || builtin.call.builtin.id == .max,
                  builtin.call.receiver == nil, builtin.call.arguments.count == 2,
                  let first = builtin.call.first, let second = builtin.call.second {
            let isMax = builtin.call.builtin.id == .max
            switch builtin.type {
            case .int: (operation, result) = (.extremeInts(isMax: isMax), .int)
            case .double: (operation, result) = (.extremeDoubles(isMax: isMax), .double)
            default: return nil
            }
            guard let a = operand(first), let b = operand(second) else { return nil }
            (lhs, rhs) = (a, b)
        } else {
            return nil
        }
    }

    /// The body's value, as bits, for parameters with these bits (`second` unused by a closure
    /// of one parameter).
    @inline(__always)
    func bits(_ ev: Evaluator, _ first: UInt64, _ second: UInt64) throws(Interrupt) -> UInt64 {
        @inline(__always) func read(_ operand: Operand) -> UInt64 {
            switch operand {
            case .first: return first
            case .second: return second
            case .constant(let bits): return bits
            }
        }
        let a = read(lhs), b = read(rhs)
        switch operation {
        case .int(let node):
            return UInt64(truncatingIfNeeded: try node.int(ev, Int(truncatingIfNeeded: a), Int(truncatingIfNeeded: b)))
        case .double(let node):
            return node.double(Double(bitPattern: a), Double(bitPattern: b)).bitPattern
        case .compareInts(let op):
            return ComparisonNode.holds(op, Int(truncatingIfNeeded: a), Int(truncatingIfNeeded: b)) ? 1 : 0
        case .compareDoubles(let op):
            return ComparisonNode.holds(op, Double(bitPattern: a), Double(bitPattern: b)) ? 1 : 0
        case .extremeInts(let isMax):
            return UInt64(truncatingIfNeeded: BuiltinImplementations.swiftExtreme(Int(truncatingIfNeeded: a), Int(truncatingIfNeeded: b), isMax: isMax))
        case .extremeDoubles(let isMax):
            return BuiltinImplementations.swiftExtreme(Double(bitPattern: a), Double(bitPattern: b), isMax: isMax).bitPattern
        }
    }
}
