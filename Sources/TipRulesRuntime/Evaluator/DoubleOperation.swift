// The `Double` arithmetic of row operands, one type per operation, so that a computation
// specialised for it (`RowPredicateBinder.combined`) inlines the operation. `Double`
// arithmetic never traps: IEEE 754 defines every result.

/// A `Double` operation of row arithmetic.
protocol DoubleOperation {
    static func apply(_ x: Double, _ y: Double) -> Double
}

enum DoubleAdd: DoubleOperation {
    static func apply(_ x: Double, _ y: Double) -> Double { x + y }
}

enum DoubleSubtract: DoubleOperation {
    static func apply(_ x: Double, _ y: Double) -> Double { x - y }
}

enum DoubleMultiply: DoubleOperation {
    static func apply(_ x: Double, _ y: Double) -> Double { x * y }
}

enum DoubleDivide: DoubleOperation {
    static func apply(_ x: Double, _ y: Double) -> Double { x / y }
}
