/// A value boxed in an object, so that a structure can refer to it with an `Unmanaged`
/// reference, a plain value copied without retaining anything, while an owner keeps the box
/// alive (see `TestColumn.Source`).
final class Held<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension Unmanaged {
    /// `body` with the value the box holds, read in place: neither the box nor the value is
    /// retained. The box must be kept alive by its owner meanwhile.
    @inline(__always)
    func withValue<Value, Result>(_ body: (Value) -> Result) -> Result where Instance == Held<Value> {
        _withUnsafeGuaranteedRef { body($0.value) }
    }
}

/// A test of a row, held as `Held` holds a value: a class of its own, as a closure kept in a
/// generic box is called through two reabstraction thunks at every row.
final class HeldRowTest {
    let test: (Int) -> Bool
    init(_ test: @escaping (Int) -> Bool) { self.test = test }
}
