import Testing
import TipRulesRuntime

/// A divisor made once divides every `Int` as Swift's `/` and `%` do.
@Suite("Division by a constant")
struct ConstantDivisorTests {
    static let divisors: [Int] = [2, 3, 5, 6, 7, 10, 12, 25, 60, 100, 641, 1000, 3600, 86_400, 1 << 31, (1 << 62) + 1, .max, .max - 1]
        .flatMap { [$0, -$0] } + [.min + 1]

    @Test("quotients and remainders of edge values and a spread of others", arguments: divisors)
    func agreesWithSwift(divisor: Int) throws {
        let fast = try #require(ConstantDivisor(divisor))
        var values: [Int] = [0, 1, -1, 2, -2, .max, .min, .max - 1, .min + 1, divisor, 0 &- divisor, divisor &- 1, 1 &- divisor, divisor &+ 1]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for shift in stride(from: 0, to: 64, by: 3) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = Int(bitPattern: UInt(state)) >> shift
            values += [value, 0 &- value, value &+ 1]
        }
        for x in values {
            #expect(fast.quotient(x) == x / divisor, "\(x) / \(divisor)")
            #expect(fast.remainder(x) == x % divisor, "\(x) % \(divisor)")
        }
    }

    @Test("every small divisor over the values around zero")
    func smallDivisors() throws {
        for divisor in (2...300).flatMap({ [$0, -$0] }) {
            let fast = try #require(ConstantDivisor(divisor))
            for x in -3000...3000 where fast.quotient(x) != x / divisor || fast.remainder(x) != x % divisor {
                Issue.record("\(x) / \(divisor): \(fast.quotient(x)) rem \(fast.remainder(x))")
            }
        }
    }

    @Test("a divisor below 2^32 divides every dividend below 2^32 by its reciprocal as Swift does",
          arguments: [2, 3, 7, 10, 60, 641, 3600, 86_400, 1_000_003, (1 << 31) - 1, 1 << 31, (1 << 32) - 1])
    func smallDividends(divisor: Int) throws {
        let fast = try #require(ConstantDivisor(divisor))
        let reciprocal = try #require(fast.smallReciprocal)
        var values = [0, 1, 2, divisor - 1, divisor, divisor + 1, 2 * divisor - 1, (1 << 32) - 1, (1 << 32) - 2, (1 << 31)]
            .filter { $0 >= 0 && $0 < 1 << 32 }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<5000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Int(state >> 32) >> Int(state & 31))
        }
        for x in values {
            #expect(ConstantDivisor.smallQuotient(x, reciprocal: reciprocal) == x / divisor, "\(x) / \(divisor)")
            #expect(ConstantDivisor.smallRemainder(x, reciprocal: reciprocal, divisor: divisor) == x % divisor, "\(x) % \(divisor)")
        }
    }

    @Test("no reciprocal for small dividends where the divisor is negative or reaches 2^32")
    func smallReciprocalOnlyForSmallPositiveDivisors() {
        for divisor in [-2, -7, 1 << 32, Int.max] { #expect(ConstantDivisor(divisor)?.smallReciprocal == nil, "\(divisor)") }
        for divisor in [2, 3, (1 << 32) - 1] { #expect(ConstantDivisor(divisor)?.smallReciprocal != nil, "\(divisor)") }
    }

    @Test("no divisor for what needs the division's own checks")
    func refusesTrivialDivisors() {
        for divisor in [0, 1, -1, Int.min] { #expect(ConstantDivisor(divisor) == nil) }
    }
}
