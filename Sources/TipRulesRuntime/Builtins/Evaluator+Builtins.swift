import TipRulesSemantics
import TipRulesSyntax

/// Helpers the built-in implementations use to reach their receiver and arguments.
extension Evaluator {
    mutating func receiver(_ call: CompiledCall) throws(Interrupt) -> Value {
        try call.receiver!.evaluate(&self)
    }

    mutating func argument(_ call: CompiledCall, _ index: Int) throws(Interrupt) -> Value {
        // The first two read from their own fields: going through the array would retain and
        // release it and the node at every call.
        switch index {
        case 0: return try call.first!.evaluate(&self)
        case 1: return try call.second!.evaluate(&self)
        default: return try call.arguments[index].evaluate(&self)
        }
    }

    mutating func intArgument(_ call: CompiledCall, _ index: Int) throws(Interrupt) -> Int {
        guard case .int(let value) = try argument(call, index) else { preconditionFailure("argument is not Int") }
        return value
    }

    /// The comparisons `sorted()` and `sorted(by:)` charge for `n` elements: n⌈log₂(n + 1)⌉,
    /// the n log n a sort makes, whatever the input. Charged before sorting, as a closure's
    /// steps are charged before it runs, so the charge does not depend on the order the
    /// elements came in, and a sort of machine values (see `Evaluator.fused`) need not count
    /// its comparisons (counting each one, through memory, made sorting twice as slow).
    static func sortApplications(_ n: Int) -> Int {
        n * max(1, Int.bitWidth - n.leadingZeroBitCount)
    }

    /// Rebuilds a collection of the receiver's kind from chosen elements, keeping donation lists
    /// as stream positions.
    func subsequence(of value: Value, offsets: [Int]) -> Value {
        switch value {
        case .donations(let list):
            return .donations(DonationList(stream: list.stream, positions: .scattered(offsets.map { list.position(at: $0) })))
        default:
            return .array(Value.picking(elements(of: value), offsets.count) { offsets[$0] })
        }
    }

    /// A collection's elements in reverse order (for donations, their positions reversed in one
    /// array, without an array of offsets first).
    func reversed(_ value: Value) -> Value {
        reversed(value, last: Int.max)
    }

    /// The last `n` (at most) elements of a collection, in reverse order: `reversed().prefix(n)`.
    func reversed(_ value: Value, last n: Int) -> Value {
        switch value {
        case .donations(let list):
            // Written into the new array directly: `reversed()` of a range or an array copies it
            // first and then swaps in place, checking uniqueness at every swap.
            let count = min(list.count, n)
            let total = list.count
            let positions = [Int](capacity: count) { buffer, written in
                switch list.positions {
                case .contiguous(let range):
                    for offset in 0..<count { buffer[offset] = range.upperBound - 1 - offset }
                case .scattered(let kept):
                    kept.withUnsafeBufferPointer { kept in
                        for offset in 0..<count { buffer[offset] = kept[total - 1 - offset] }
                    }
                }
                written = count
            }
            return .donations(DonationList(stream: list.stream, positions: .scattered(positions)))
        default:
            // Written into the new array at its size, from the last element back (the standard
            // library's `Sequence.reversed()` appends one at a time, then swaps).
            let items = elements(of: value)
            let count = min(items.count, n), last = items.count - 1
            return .array(Value.picking(items, count) { last - $0 })
        }
    }

    /// A contiguous part of a collection, `start..<end` in element offsets.
    func slice(of value: Value, _ start: Int, _ end: Int) -> Value {
        switch value {
        case .donations(let list):
            switch list.positions {
            case .contiguous(let range):
                return .donations(DonationList(stream: list.stream, positions: .contiguous((range.lowerBound + start)..<(range.lowerBound + end))))
            case .scattered(let positions):
                return .donations(DonationList(stream: list.stream, positions: .scattered(Array(positions[start..<end]))))
            }
        case .array(let items):
            return .array(Value.joined(items[start..<end]))
        default:
            preconditionFailure("slice of a non-array")
        }
    }

    /// The `index`-th element of a collection value.
    func element(of value: Value, at index: Int) -> Value {
        switch value {
        case .array(let items): return items[index]
        case .donations(let list): return .donation(list.stream, list.position(at: index))
        default: preconditionFailure("element of a non-array")
        }
    }

    /// The value of a donation list kept as an array of `.donation` values, as a list.
    func donationList(_ value: Value) -> DonationList? {
        switch value {
        case .donations(let list): return list
        case .array(let items):
            guard case .donation(let stream, _)? = items.first else { return nil }
            let positions = items.map { item -> Int in
                guard case .donation(_, let position) = item else { preconditionFailure("non-donation in a donation array") }
                return position
            }
            return DonationList(stream: stream, positions: .scattered(positions))
        default:
            preconditionFailure("donation list expected")
        }
    }
}
