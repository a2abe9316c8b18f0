/// The largest or smallest of many `Double`s (or dates, as seconds), as the standard library's
/// comparisons fold them, eight lanes at a time.
///
/// A fold of one running value (`max($0, x)`, `Sequence.max()`) compiles to a chain of selects,
/// each waiting on the one before: about 1.1 ns a value. Eight running values, one per lane,
/// and then the lanes, take a tenth of that. The result is the same to the bit, because which
/// value a rule keeps differs between equal values only for zeros (0.0 == -0.0; equal non-zero
/// values have the same bits), and a NaN never replaces a number under any of the three rules:
/// the lanes find the extreme's value, and only a zero extreme is looked for again, in order.
enum DoubleExtremes {
    /// When a value replaces the running one.
    enum Rule {
        /// When greater (`Sequence.max()`: the first of equal values is kept).
        case greater
        /// When greater or equal (Swift's `max(x, y)` is `y >= x ? y : x`: the last is kept).
        case greaterOrEqual
        /// When less (`Sequence.min()`, and Swift's `min(x, y)`, `y < x ? y : x`: the first is kept).
        case less

        init(isMax: Bool, keepsLastOfEqual: Bool) {
            self = isMax ? (keepsLastOfEqual ? .greaterOrEqual : .greater) : .less
        }
    }

    /// `values` folded in order from `start` by `rule`.
    static func fold(_ values: UnsafeBufferPointer<Double>, from start: Double, _ rule: Rule) -> Double {
        guard let base = values.baseAddress else { return start }
        return fold(values.count, from: start, rule) { base[$0] }
    }

    /// `Sequence.max()` or `min()` of `values`: nil when there are none.
    static func sequenceExtreme(_ values: UnsafeBufferPointer<Double>, isMax: Bool) -> Double? {
        guard let first = values.first else { return nil }
        return fold(values, from: first, Rule(isMax: isMax, keepsLastOfEqual: false))
    }

    /// The same of an array.
    static func sequenceExtreme(_ values: [Double], isMax: Bool) -> Double? {
        values.withUnsafeBufferPointer { sequenceExtreme($0, isMax: isMax) }
    }

    /// The same of the values at `positions` of `values`, in the positions' order.
    static func sequenceExtreme(_ values: UnsafeBufferPointer<Double>, at positions: [Int], isMax: Bool) -> Double? {
        positions.withUnsafeBufferPointer { positions in
            guard !positions.isEmpty else { return nil }
            @inline(__always) func read(_ offset: Int) -> Double {
                let position = positions[offset]
                precondition(UInt(bitPattern: position) < UInt(bitPattern: values.count), "a list past its stream's end")
                return values.baseAddress.unsafelyUnwrapped[position]
            }
            return fold(positions.count, from: read(0), Rule(isMax: isMax, keepsLastOfEqual: false), read)
        }
    }

    /// The `count` values `read` gives, by offset, folded in order from `start` by `rule`.
    @inline(__always)
    private static func fold(_ count: Int, from start: Double, _ rule: Rule, _ read: (Int) -> Double) -> Double {
        // A NaN running value stays: no comparison with it holds.
        guard !start.isNaN else { return start }
        let extreme = rule == .less ? smallest(count, from: start, read) : largest(count, from: start, read)
        if extreme != 0 { return extreme }
        // A zero: which of 0.0 and -0.0 the rule keeps.
        switch rule {
        case .greater, .less:
            if start == 0 { return start }
            for offset in 0..<count where read(offset) == 0 { return read(offset) }
            return start
        case .greaterOrEqual:
            for offset in (0..<count).reversed() where read(offset) == 0 { return read(offset) }
            return start
        }
    }

    /// The largest of `count` values and `start` (not a NaN), NaNs skipped; which of equal
    /// values is not decided.
    @inline(__always)
    private static func largest(_ count: Int, from start: Double, _ read: (Int) -> Double) -> Double {
        var lanes = SIMD8<Double>(repeating: start)
        var offset = 0
        while offset + 8 <= count {
            let next = lanesAt(offset, read)
            lanes.replace(with: next, where: next .> lanes)
            offset += 8
        }
        var result = lanes.max()
        while offset < count {
            let next = read(offset)
            result = next > result ? next : result
            offset += 1
        }
        return result
    }

    /// The smallest, as `largest`: the largest of the values negated, negated (exact for every
    /// value but a zero, whose sign `fold` looks for again).
    @inline(__always)
    private static func smallest(_ count: Int, from start: Double, _ read: (Int) -> Double) -> Double {
        -largest(count, from: -start) { -read($0) }
    }

    @inline(__always)
    private static func lanesAt(_ offset: Int, _ read: (Int) -> Double) -> SIMD8<Double> {
        SIMD8(read(offset), read(offset + 1), read(offset + 2), read(offset + 3),
              read(offset + 4), read(offset + 5), read(offset + 6), read(offset + 7))
    }
}
