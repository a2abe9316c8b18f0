import TipRulesSemantics
import TipRulesSyntax

/// The evaluation of node kinds whose work is more than a line (see `Node`).
extension Evaluator {

    @inline(never)
    mutating func negate(_ operand: Node, _ range: SourceRange) throws(Interrupt) -> Value {
        switch try operand.evaluate(&self) {
        case .int(let value):
            let (result, overflow) = (0).subtractingReportingOverflow(value)
            if overflow { throw failure(RuntimeMessages.overflow("-(\(value))"), range) }
            return .int(result)
        case .double(let value): return .double(-value)
        default: preconditionFailure("negating a non-number")
        }
    }

    @inline(never)
    mutating func forceUnwrap(_ operand: Node, _ range: SourceRange) throws(Interrupt) -> Value {
        guard let value = try operand.evaluate(&self).unwrapped() else {
            throw failure(RuntimeMessages.unwrapNil, range)
        }
        return value
    }

    @inline(never)
    mutating func optionalChain(_ operand: Node) throws(Interrupt) -> Value {
        do {
            // The chain's type is `T?`. A value of a `T` that is not optional is already that
            // `T?`'s value, and an optional one is flattened into the chain's: either way, as is.
            return try operand.evaluate(&self)
        } catch {
            if case .nilInChain = error { return .null }
            throw error
        }
    }

    @inline(never)
    mutating func subscriptAccess(_ base: Node, _ index: Node, _ range: SourceRange) throws(Interrupt) -> Value {
        let collection = try base.evaluate(&self)
        guard case .int(let position) = try index.evaluate(&self) else { preconditionFailure("index is not Int") }
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
    mutating func range(_ lower: Node, _ upper: Node, _ closed: Bool, _ range: SourceRange) throws(Interrupt) -> Value {
        let low = try lower.evaluate(&self)
        let high = try upper.evaluate(&self)
        // Swift requires `low <= high`: a `Double`'s fails for a NaN bound, a date's passes
        // (`!(high < low)`, see `DateOrder`).
        if Value.less(high, low) || (isNaN(low) || isNaN(high)) {
            throw failure(RuntimeMessages.invalidRange, range)
        }
        return .range(low, high, closed: closed)
    }

    private func isNaN(_ value: Value) -> Bool {
        if case .double(let d) = value { return d.isNaN }
        return false
    }

}
