import TipRulesSyntax

/// Finds what Swift's compiler rejects in constant expressions: integer arithmetic on literals
/// that overflows, integer division or remainder by a literal zero, `Int(...)` of a constant
/// `Double` that is not finite or out of range, and integer literals that do not fit `Int`.
struct ConstantFolder {
    init(file: SourceFile, recordsIntConstants: Bool) {
        self.file = file
        self.recordsIntConstants = recordsIntConstants
    }

    /// Whether to remember where `Int` constants are: only needed when a literal's overflow
    /// error waits on its final type (rare), and a set insert per constant is not free.
    private let recordsIntConstants: Bool

    private var intConstantRanges: Set<SourceRange> = []
    private var diagnostics: [(DiagnosticMessage, SourceRange)] = []

    private let file: SourceFile

    static func report(_ typed: TypedExpression, checker: inout Checker) {
        guard checker.hasConstantFoldingSites || !checker.pendingLiteralErrors.isEmpty else { return }
        var folder = ConstantFolder(file: checker.file, recordsIntConstants: !checker.pendingLiteralErrors.isEmpty)
        _ = folder.fold(typed)
        if !checker.pendingLiteralErrors.isEmpty {
            for (range, diagnostic) in checker.pendingLiteralErrors where folder.intConstantRanges.contains(range) {
                checker.diagnostics.add(diagnostic)
            }
            checker.pendingLiteralErrors = [:]
        }
        for (message, range) in folder.diagnostics {
            checker.error(message, range)
        }
    }

    /// The constant value of a subtree, or nil when it is not constant (or already reported).
    private mutating func fold(_ typed: TypedExpression) -> Constant? {
        switch typed.node {
        case .constant(let value):
            if recordsIntConstants, case .int = value { intConstantRanges.insert(typed.range) }
            return value
        case .negate(let operand):
            switch fold(operand) {
            case .int(let x)?:
                let (result, overflow) = (0).subtractingReportingOverflow(x)
                if overflow {
                    diagnostics.append((CheckerMessages.constantOverflow("-(\(x))"), typed.range))
                    return nil
                }
                return .int(result)
            case .double(let x)?: return .double(-x)
            default: return nil
            }
        case .arithmetic(let op, let lhs, let rhs):
            let l = fold(lhs)
            let r = fold(rhs)
            return arithmetic(op, l, r, typed.range)
        case .builtin(let call):
            if let receiver = call.receiver { _ = fold(receiver) }
            let arguments = call.arguments.map { fold($0) }
            if call.builtin.id == .intFromNumber, case .double(let value)? = arguments.first {
                if IntConversion.exact(value) == nil {
                    diagnostics.append((CheckerMessages.conversionOverflow(file.text(in: call.arguments[0].range)), call.arguments[0].range))
                }
            }
            return nil
        default:
            forEachChild(of: typed) { child in _ = fold(child) }
            return nil
        }
    }

    private mutating func arithmetic(_ op: ArithmeticOperator, _ l: Constant?, _ r: Constant?, _ range: SourceRange) -> Constant? {
        if case .int(0)? = r, op == .intDivide || op == .intRemainder {
            diagnostics.append((CheckerMessages.divisionByZero, range))
            return nil
        }
        switch (op, l, r) {
        case let (.intAdd, .int(a)?, .int(b)?): return checked(a.addingReportingOverflow(b), "\(a) + \(b)", range)
        case let (.intSubtract, .int(a)?, .int(b)?): return checked(a.subtractingReportingOverflow(b), "\(a) - \(b)", range)
        case let (.intMultiply, .int(a)?, .int(b)?): return checked(a.multipliedReportingOverflow(by: b), "\(a) * \(b)", range)
        case let (.intDivide, .int(a)?, .int(b)?): return checked(a.dividedReportingOverflow(by: b), "\(a) / \(b)", range)
        case let (.intRemainder, .int(a)?, .int(b)?): return checked(a.remainderReportingOverflow(dividingBy: b), "\(a) % \(b)", range)
        case let (.doubleAdd, .double(a)?, .double(b)?): return .double(a + b)
        case let (.doubleSubtract, .double(a)?, .double(b)?): return .double(a - b)
        case let (.doubleMultiply, .double(a)?, .double(b)?): return .double(a * b)
        case let (.doubleDivide, .double(a)?, .double(b)?): return .double(a / b)
        default: return nil
        }
    }

    private mutating func checked(_ result: (partialValue: Int, overflow: Bool), _ text: String, _ range: SourceRange) -> Constant? {
        if result.overflow {
            diagnostics.append((CheckerMessages.constantOverflow(text), range))
            return nil
        }
        return .int(result.partialValue)
    }
}

/// Calls `body` on each direct child of a typed node.
package func forEachChild(of typed: TypedExpression, _ body: (TypedExpression) -> Void) {
    switch typed.node {
    case .constant, .declaration, .declarationList, .parameterValue, .parameterReference, .event, .local, .keyPath:
        break
    case .builtin(let call):
        if let receiver = call.receiver { body(receiver) }
        call.arguments.forEach(body)
    case .field(let base, _): body(base)
    case .closure(let closure): body(closure.body)
    case .arrayLiteral(let elements): elements.forEach(body)
    case .negate(let e), .not(let e), .forceUnwrap(let e), .bindOptional(let e), .optionalChain(let e), .wrapOptional(let e):
        body(e)
    case .arithmetic(_, let l, let r), .comparison(_, let l, let r), .and(let l, let r), .or(let l, let r),
         .nilCoalescing(let l, let r), .subscriptAccess(let l, let r), .range(let l, let r, _):
        body(l)
        body(r)
    case .ternary(let c, let a, let b):
        body(c)
        body(a)
        body(b)
    case .ruleMacro(let subject, let closure):
        body(subject)
        body(closure.body)
    case .fused(let operation, _, _):
        body(operation.source)
        if let initial = operation.initial { body(initial) }
    }
}
