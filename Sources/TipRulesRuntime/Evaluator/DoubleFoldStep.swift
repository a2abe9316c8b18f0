import TipRulesSemantics

/// A `Double` (or date) fold's step as a function of the value accumulated so far and the row's
/// stream position (`$0 * 0.9 + $1.score * 0.1`, `$1.isGift ? $0 + $1.price : $0`): the
/// accumulated value goes in and comes out of each application in a register, where the step
/// bound as a row operand reads it from a box the fold writes, a store and a load on the chain
/// of additions that each row waits on. The operations are the closure's own, in its order, so
/// the result is the same to the last bit.
extension RowPredicateBinder {
    typealias DoubleFoldStep = (Double, Int) -> Double

    /// The step, or nil when it reads the accumulator other than through `+`, `-`, `*`, `/`,
    /// negation, date arithmetic, `min`, `max` and ternaries whose test does not read it (the
    /// fold then binds the step as a row operand).
    func doubleFoldStep(_ operand: RowPredicate.Operand) -> DoubleFoldStep? {
        guard operand.readsAccumulator else {
            let read = numeric(operand).read
            return { _, position in read(position) }
        }
        switch operand {
        case .accumulator(.double), .accumulator(.date):
            return { accumulated, _ in accumulated }
        case .arithmetic(let op, let a, let b):
            switch op {
            case .doubleAdd: return combined(DoubleAdd.self, a, b)
            case .doubleSubtract: return combined(DoubleSubtract.self, a, b)
            case .doubleMultiply: return combined(DoubleMultiply.self, a, b)
            case .doubleDivide: return combined(DoubleDivide.self, a, b)
            default: return nil
            }
        case .intervalSince(let a, let b):
            return combined(DoubleSubtract.self, a, b)
        case .addingInterval(let a, let b):
            // A date is its seconds since 2001, so moving it is `Double` addition.
            return combined(DoubleAdd.self, a, b)
        case .negate(let a):
            guard let f = doubleFoldStep(a) else { return nil }
            return { accumulated, position in -f(accumulated, position) }
        case .conditional(let predicate, let a, let b):
            guard !predicate.containsOperand(where: \.isAccumulator), let f = doubleFoldStep(a), let g = doubleFoldStep(b) else { return nil }
            let test = bind(predicate)
            return { accumulated, position in test(position) ? f(accumulated, position) : g(accumulated, position) }
        case .function(let function, let a, let b?) where function == .minDouble || function == .maxDouble:
            guard let f = doubleFoldStep(a), let g = doubleFoldStep(b) else { return nil }
            let isMax = function == .maxDouble
            return { accumulated, position in BuiltinImplementations.swiftExtreme(f(accumulated, position), g(accumulated, position), isMax: isMax) }
        default:
            return nil
        }
    }

    /// One operation of two sides, at least one reading the accumulator; the accumulator
    /// itself, or a side that reads only the row (a column, a constant), read in place rather
    /// than through a call.
    private func combined<Operation: DoubleOperation>(_: Operation.Type, _ a: RowPredicate.Operand,
                                                      _ b: RowPredicate.Operand) -> DoubleFoldStep? {
        switch (a.readsAccumulator, b.readsAccumulator) {
        case (true, false):
            let row = numeric(b)
            if a.isAccumulator {
                switch row {
                case .constant(let k): return { accumulated, _ in Operation.apply(accumulated, k) }
                case .column(let items): return { accumulated, position in Operation.apply(accumulated, items[position]) }
                case .computed(let g): return { accumulated, position in Operation.apply(accumulated, g(position)) }
                }
            }
            guard let f = doubleFoldStep(a) else { return nil }
            switch row {
            case .constant(let k): return { accumulated, position in Operation.apply(f(accumulated, position), k) }
            case .column(let items): return { accumulated, position in Operation.apply(f(accumulated, position), items[position]) }
            case .computed(let g): return { accumulated, position in Operation.apply(f(accumulated, position), g(position)) }
            }
        case (false, true):
            let row = numeric(a)
            if b.isAccumulator {
                switch row {
                case .constant(let k): return { accumulated, _ in Operation.apply(k, accumulated) }
                case .column(let items): return { accumulated, position in Operation.apply(items[position], accumulated) }
                case .computed(let f): return { accumulated, position in Operation.apply(f(position), accumulated) }
                }
            }
            guard let g = doubleFoldStep(b) else { return nil }
            switch row {
            case .constant(let k): return { accumulated, position in Operation.apply(k, g(accumulated, position)) }
            case .column(let items): return { accumulated, position in Operation.apply(items[position], g(accumulated, position)) }
            case .computed(let f): return { accumulated, position in Operation.apply(f(position), g(accumulated, position)) }
            }
        default:
            guard let f = doubleFoldStep(a), let g = doubleFoldStep(b) else { return nil }
            return { accumulated, position in Operation.apply(f(accumulated, position), g(accumulated, position)) }
        }
    }
}

extension RowPredicate.Operand {
    /// Whether the operand is a fold's accumulator.
    fileprivate var isAccumulator: Bool {
        if case .accumulator = self { return true }
        return false
    }

    /// Whether the operand reads a fold's accumulator.
    fileprivate var readsAccumulator: Bool {
        contains(where: \.isAccumulator)
    }
}
