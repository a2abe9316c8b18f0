/// The greatest or least of `Int`s, in loops of selects (no branch per row): for `Int`s the
/// first extreme and any other are the same value, so the order of comparisons the standard
/// library and `Swift.max` follow changes nothing.
enum IntExtremes {
    /// The extreme of `start` and `values`.
    @inline(__always)
    static func fold(_ start: Int, _ values: UnsafeBufferPointer<Int>, isMax: Bool) -> Int {
        isMax ? fold(start, values) { $0 > $1 } : fold(start, values) { $0 < $1 }
    }

    /// The value no other `precedes`, kept in four running selects over interleaved rows, which
    /// the processor works on side by side where one select would wait on the one before; the
    /// order does not matter, as above.
    @inline(__always)
    private static func fold(_ start: Int, _ values: UnsafeBufferPointer<Int>, _ precedes: (Int, Int) -> Bool) -> Int {
        func pick(_ a: Int, _ b: Int) -> Int { precedes(b, a) ? b : a }
        guard let base = values.baseAddress else { return start }
        var (a, b, c, d) = (start, start, start, start)
        var index = 0
        let whole = values.count & ~3
        while index < whole {
            a = pick(a, base[index])
            b = pick(b, base[index &+ 1])
            c = pick(c, base[index &+ 2])
            d = pick(d, base[index &+ 3])
            index &+= 4
        }
        while index < values.count {
            a = pick(a, base[index])
            index &+= 1
        }
        return pick(pick(a, b), pick(c, d))
    }
}
