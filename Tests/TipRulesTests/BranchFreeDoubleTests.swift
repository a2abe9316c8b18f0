import Testing
import TipRulesRuntime

/// Rounding and conversion without branches give, bit for bit, what `rounded()` and `Int(_:)` give.
@Suite("Branch-free Double rounding")
struct BranchFreeDoubleTests {
    /// Edge values (zeros of both signs, halves, the last values below 2^52, subnormals, the
    /// infinities and NaN), values either side of every power of two up to 2^60, and a spread
    /// of others at every scale.
    static let values: [Double] = {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                4_503_599_627_370_495.5, -4_503_599_627_370_495.5, 2_251_799_813_685_247.5, 4_503_599_627_370_496,
                                .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .infinity, -.infinity, .nan,
                                .greatestFiniteMagnitude, 1e300, -1e300, 0.3, -0.3, 99.5, -99.5]
        for exponent in -60...60 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power, power.nextUp, power.nextDown, power + 0.5, power - 0.5].flatMap { [$0, -$0] }
        }
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let scale = Double(sign: .plus, exponent: Int(state >> 58) - 8, significand: 1)
            values.append((Double(state >> 11) / Double(1 << 53) - 0.5) * scale)
        }
        return values
    }()

    @Test("rounded(x) is x.rounded(), the sign of a zero included")
    func rounding() {
        for x in Self.values {
            let fast = BranchFreeDouble.rounded(x), swift = x.rounded()
            #expect(fast.bitPattern == swift.bitPattern || fast.isNaN && swift.isNaN, "\(x): \(fast) against \(swift)")
        }
    }

    @Test("truncatedToInt(x) is Int(x) for every magnitude under 2^52")
    func truncation() {
        var checked = 0
        for x in Self.values where abs(x) < BranchFreeDouble.twoTo52 {
            #expect(BranchFreeDouble.truncatedToInt(x) == Int(x), "\(x)")
            checked += 1
        }
        #expect(checked > 20_000)
    }
}
