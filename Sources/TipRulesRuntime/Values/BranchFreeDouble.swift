/// `Double` rounding and conversion by floating-point arithmetic alone, without a branch, so
/// that a loop of them over a batch of rows vectorises: `rounded()` calls the C library's
/// `round` (26 instructions a value) and `Int(_:)` checks its range with branches (20).
///
/// Both rest on one fact: adding 2^52 to a magnitude under 2^52 and taking it away again rounds
/// it to an integer (the sum's significand has no bits left for a fraction), and the sum's bits
/// then hold that integer. At 2^52 and beyond every `Double` is an integer already.
package enum BranchFreeDouble {
    package static let twoTo52 = 4_503_599_627_370_496.0

    /// `Int(x)` (truncated toward zero) for a magnitude under 2^52; NaN is not one.
    @inline(__always)
    package static func truncatedToInt(_ x: Double) -> Int {
        let floor = floorOfMagnitude(x)
        let truncated = Int(bitPattern: UInt((floor + twoTo52).bitPattern)) &- Int(bitPattern: UInt(twoTo52.bitPattern))
        let sign = Int(truncatingIfNeeded: Int64(bitPattern: x.bitPattern) >> 63)
        return (truncated ^ sign) &- sign
    }

    /// `x.rounded()`: to the nearest integer, halves away from zero, for every `Double` (a
    /// negative one keeps its sign at zero, infinities and NaN are themselves), bit for bit.
    @inline(__always)
    package static func rounded(_ x: Double) -> Double {
        let magnitude = abs(x)
        let floor = floorOfMagnitude(x)
        // (The fraction `magnitude - floor` is exact: both lie in one binade or `floor` is 0.)
        let nearest = floor + (magnitude - floor >= 0.5 ? 1 : 0)
        return magnitude < twoTo52 ? Double(signOf: x, magnitudeOf: nearest) : x
    }

    /// The floor of `|x|` for a magnitude under 2^52: rounded to the nearest integer by 2^52,
    /// then one less where that rounded up.
    @inline(__always)
    private static func floorOfMagnitude(_ x: Double) -> Double {
        let magnitude = abs(x)
        let nearest = (magnitude + twoTo52) - twoTo52
        return nearest - (nearest > magnitude ? 1 : 0)
    }
}
