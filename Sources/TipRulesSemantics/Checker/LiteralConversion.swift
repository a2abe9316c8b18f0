import TipRulesSyntax

/// Rewrites an integer-literal expression as `Double`, as Swift types `rating > 3` or
/// `(1 + 2) * 2.5`: every literal and operator inside becomes its `Double` form.
enum LiteralConversion {
    static func toDouble(_ typed: TypedExpression, pending: [SourceRange: Diagnostic]) -> TypedExpression? {
        guard typed.isFlexibleLiteral, typed.type == .int else { return nil }
        let node: TypedNode
        switch typed.node {
        case .constant(.int(let value)):
            if let overflow = pending[typed.range] {
                // The literal did not fit Int: read its text again as a Double.
                let text = overflow.file.text(in: typed.range)
                let negative = text.hasPrefix("-")
                let digits = negative ? String(text.dropFirst()) : text
                node = .constant(.double(Double(literal: String(digits.filter { $0 != "_" }), negative: negative)))
            } else {
                node = .constant(.double(Double(value)))
            }
        case .negate(let operand):
            guard let converted = toDouble(operand, pending: pending) else { return nil }
            node = .negate(converted)
        case .arithmetic(let op, let lhs, let rhs):
            guard let l = toDouble(lhs, pending: pending), let r = toDouble(rhs, pending: pending) else { return nil }
            switch op {
            case .intAdd: node = .arithmetic(.doubleAdd, l, r)
            case .intSubtract: node = .arithmetic(.doubleSubtract, l, r)
            case .intMultiply: node = .arithmetic(.doubleMultiply, l, r)
            case .intDivide: node = .arithmetic(.doubleDivide, l, r)
            default: return nil
            }
        case .ternary(let condition, let a, let b):
            guard let l = toDouble(a, pending: pending), let r = toDouble(b, pending: pending) else { return nil }
            node = .ternary(condition, l, r)
        case .builtin(let call):
            var arguments: [TypedExpression] = []
            for argument in call.arguments {
                guard let converted = toDouble(argument, pending: pending) else { return nil }
                arguments.append(converted)
            }
            node = .builtin(call.with(arguments: arguments, resultType: .double))
        default:
            return nil
        }
        return TypedExpression(node, .double, typed.range)
    }
}
