/// `x / d` and `x % d` for a divisor `d` the same for every row, by a multiplication and shifts
/// rather than a hardware division (which takes tens of cycles): the way a compiler divides a
/// closure's `x / 7`, with the magic number of Hacker's Delight (2nd ed., section 10-4), so
/// that a batch of rows divides as fast as the closure does. Exact for every `Int` `x`; made
/// only for `|d| >= 2` (dividing by 0 fails, by 1 or -1 is no division, and `Int.min / -1`
/// overflows, none of which it would report).
package struct ConstantDivisor: Sendable {
    private let divisor: Int
    private let magic: Int
    private let shift: Int
    /// All ones where the quotient's estimate needs `x` added (a positive divisor whose magic
    /// number overflowed into the sign bit) or subtracted (the mirror case); zero otherwise.
    private let addMask: Int
    private let subtractMask: Int

    /// Nil for a divisor of 0, 1 or -1, or `Int.min` (whose magnitude has no `Int`).
    package init?(_ d: Int) {
        guard d.magnitude >= 2, d != .min else { return nil }
        divisor = d
        // The smallest p >= 64 with 2^p > nc * (d - 2^p mod d), nc the largest value with
        // nc mod |d| = |d| - 1 (Hacker's Delight, figure 10-1, for 64 bits).
        let twoTo63: UInt64 = 1 << 63
        let ad = UInt64(d.magnitude)
        let t = twoTo63 &+ (UInt64(bitPattern: Int64(d)) >> 63)
        let anc = t &- 1 &- t % ad
        var p = 63
        var q1 = twoTo63 / anc, r1 = twoTo63 &- q1 &* anc
        var q2 = twoTo63 / ad, r2 = twoTo63 &- q2 &* ad
        var delta: UInt64
        repeat {
            p += 1
            q1 = q1 &* 2
            r1 = r1 &* 2
            if r1 >= anc { q1 &+= 1; r1 &-= anc }
            q2 = q2 &* 2
            r2 = r2 &* 2
            if r2 >= ad { q2 &+= 1; r2 &-= ad }
            delta = ad &- r2
        } while q1 < delta || (q1 == delta && r1 == 0)
        let m = Int(bitPattern: UInt(q2 &+ 1))
        magic = d < 0 ? 0 &- m : m
        shift = p - 64
        addMask = d > 0 && magic < 0 ? -1 : 0
        subtractMask = d < 0 && magic > 0 ? -1 : 0
    }

    /// `x / d`, truncated toward zero as Swift's `/`.
    @inline(__always)
    package func quotient(_ x: Int) -> Int {
        // (Masks and masking shifts: no branch per row.)
        let q = (x.multipliedFullWidth(by: magic).high &+ (x & addMask) &- (x & subtractMask)) &>> shift
        return q &+ Int(bitPattern: UInt(bitPattern: q) &>> 63)
    }

    /// `x % d`, with the sign of `x` as Swift's `%`.
    @inline(__always)
    package func remainder(_ x: Int) -> Int {
        x &- quotient(x) &* divisor
    }

    /// For a divisor in 2..<2^32: the 64-bit reciprocal with which a dividend in 0..<2^32 divides
    /// by one multiplication (Lemire, Kaser and Kurz, "Faster Remainder by Direct Computation",
    /// 2019): fewer instructions than the signed method above, for the ids, counts and seconds
    /// rules divide. Nil for other divisors.
    package var smallReciprocal: UInt64? {
        divisor > 1 && divisor < 1 << 32 ? UInt64.max / UInt64(divisor) &+ 1 : nil
    }

    /// `x / d` for `x` in 0..<2^32, by `smallReciprocal`.
    @inline(__always)
    package static func smallQuotient(_ x: Int, reciprocal: UInt64) -> Int {
        Int(truncatingIfNeeded: reciprocal.multipliedFullWidth(by: UInt64(truncatingIfNeeded: x)).high)
    }

    /// `x % d` for `x` in 0..<2^32, by `smallReciprocal`.
    @inline(__always)
    package static func smallRemainder(_ x: Int, reciprocal: UInt64, divisor: Int) -> Int {
        let fraction = reciprocal &* UInt64(truncatingIfNeeded: x)
        return Int(truncatingIfNeeded: fraction.multipliedFullWidth(by: UInt64(truncatingIfNeeded: divisor)).high)
    }

    /// The divisor.
    package var value: Int { divisor }
}
