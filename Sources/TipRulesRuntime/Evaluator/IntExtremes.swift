/// The greatest or least of `Int`s, in loops of selects (no branch per row): for `Int`s the
/// first extreme and any other are the same value, so the order of comparisons the standard
/// library and `Swift.max` follow changes nothing.
enum IntExtremes {
    /// The extreme of `start` and `values`.
    @inline(__always)
    static func fold(_ start: Int, _ values: UnsafeBufferPointer<Int>, isMax: Bool) -> Int {
        var result = start
        if isMax {
            for x in values { result = x > result ? x : result }
        } else {
            for x in values { result = x < result ? x : result }
        }
        return result
    }
}
