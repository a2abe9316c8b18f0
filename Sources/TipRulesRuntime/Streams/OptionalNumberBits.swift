/// `Int?` and `Double?` read in place as the eight bytes of their number and the tag byte Swift
/// lays out after them, so a loop over an optional column can choose between a value and a
/// fallback, or count nils, without a branch: nils fall unpredictably, and a mispredicted
/// branch per row costs more than the row's other work.
///
/// Swift stores `.none` of such an optional as a zero payload with the tag 1, and `.some(x)` as
/// `x`'s bytes with the tag 0. That is this build's layout, not a documented promise, so the
/// readers are made only after `make()` has checked it, and callers fall back to `??` when it
/// is nil.
///
/// Where `nilIsZero` also holds (checked the same way, on an array's storage), `x ?? 0` is the
/// eight bytes as they are, nil or not, with no tag to read.
package struct OptionalNumberBits {
    /// Whether nil's payload is zero bits, which are `0` and `0.0` (so `x ?? 0` reads the
    /// number's bytes alone).
    package let nilIsZero: Bool

    private init(nilIsZero: Bool) {
        self.nilIsZero = nilIsZero
    }

    /// The reader, or nil when this build lays out `Int?` or `Double?` differently.
    @inline(__always)
    package static func make() -> OptionalNumberBits? {
        guard MemoryLayout<Int?>.size == 9, MemoryLayout<Double?>.size == 9,
              tag(of: Int?.none) == 1, tag(of: Int?.some(-1)) == 0, tag(of: Double?.none) == 1, tag(of: Double?.some(-0.0)) == 0,
              withUnsafeBytes(of: Int?.some(-1), { $0.load(as: Int.self) }) == -1
        else { return nil }
        return OptionalNumberBits(nilIsZero: OptionalNumberBits.storesNilAsZero)
    }

    /// Whether nils written into an array's storage, over numbers whose bytes were all ones,
    /// have zero bits for their payload, as Swift lays out the empty case of a single-payload
    /// enum (its index, 0, in the payload's bytes).
    private static let storesNilAsZero: Bool = {
        func check<T>(_ values: [T?]) -> Bool {
            values.withUnsafeBufferPointer { buffer in
                buffer.indices.allSatisfy { index in
                    buffer[index] != nil || UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + index).load(as: UInt64.self) == 0
                }
            }
        }
        var ints: [Int?] = [-1, nil, -1]
        ints.append(nil)
        ints[0] = nil
        var doubles: [Double?] = [Double(bitPattern: ~0), nil]
        doubles.append(nil)
        doubles[0] = nil
        return MemoryLayout<Int?>.stride == 16 && MemoryLayout<Double?>.stride == 16 && check(ints) && check(doubles)
    }()

    private static func tag<T>(of value: T?) -> UInt8 {
        withUnsafeBytes(of: value) { $0[8] }
    }

    /// The numbers whose optionals are laid out as read here.
    package protocol Number {}

    /// 1 when the optional is nil, 0 otherwise.
    @inline(__always)
    package func nilBit<T: Number>(_ value: UnsafePointer<T?>) -> Int {
        Int(UnsafeRawPointer(value).load(fromByteOffset: 8, as: UInt8.self))
    }

    /// `value.map(test) ?? nilPasses` without a branch: the test runs on the eight bytes either
    /// way (any eight bytes are an `Int` or a `Double`), and the tag chooses its answer or
    /// `nilPasses`.
    @inline(__always)
    package func test<T: Number>(_ value: UnsafePointer<T?>, _ test: (T) -> Bool, nilPasses: Bool) -> Bool {
        let raw = UnsafeRawPointer(value)
        let tag = raw.load(fromByteOffset: 8, as: UInt8.self)
        let passed = unsafeBitCast(test(raw.load(as: T.self)), to: UInt8.self)
        // `tag == 1 ? nilPasses : passed`, on bits.
        return passed ^ ((passed ^ unsafeBitCast(nilPasses, to: UInt8.self)) & tag) != 0
    }

    /// `value ?? fallback` (a date's seconds too), chosen on the bit patterns by masking rather
    /// than a branch.
    @inline(__always)
    package func value<T: Number>(_ value: UnsafePointer<T?>, or fallback: T) -> T {
        let raw = UnsafeRawPointer(value)
        let x = raw.load(as: UInt64.self), mask = 0 &- UInt64(raw.load(fromByteOffset: 8, as: UInt8.self))
        let chosen = x ^ ((x ^ unsafeBitCast(fallback, to: UInt64.self)) & mask)
        return unsafeBitCast(chosen, to: T.self)
    }
}

// Both are eight bytes, as `value(_:or:)` reads them.
extension Int: OptionalNumberBits.Number {}
extension Double: OptionalNumberBits.Number {}

extension ColumnArray {
    /// Writes `Double(self[p] ?? fallback)` for each position `p` of `input`, read without a
    /// branch and converted in the same loop.
    @inline(__always)
    func fill<Rows: BatchRows>(_ input: Rows, coalescing fallback: Int, convertingInto output: UnsafeMutablePointer<Double>)
        where Element == Int? {
        withUnsafeBufferPointer { column in
            guard let bits = OptionalNumberBits.make() else {
                for offset in 0..<input.count { output[offset] = Double(column[input[offset]] ?? fallback) }
                return
            }
            let base = column.baseAddress.unsafelyUnwrapped
            if let start = input.consecutiveStart {
                precondition(start >= 0 && start + input.count <= column.count, "ColumnArray position out of bounds")
                let first = base + start
                for offset in 0..<input.count { output[offset] = Double(bits.value(first + offset, or: fallback)) }
                return
            }
            for offset in 0..<input.count {
                let position = input[offset]
                precondition(UInt(bitPattern: position) < UInt(bitPattern: column.count), "ColumnArray position out of bounds")
                output[offset] = Double(bits.value(base + position, or: fallback))
            }
        }
    }

    /// Writes `self[p] ?? fallback` for each position `p` of `input`, read without a branch.
    @inline(__always)
    func fill<T: OptionalNumberBits.Number, Rows: BatchRows>(_ input: Rows, coalescing fallback: T,
                                            into output: UnsafeMutablePointer<T>) where Element == T? {
        withUnsafeBufferPointer { column in
            guard let bits = OptionalNumberBits.make() else {
                for offset in 0..<input.count { output[offset] = column[input[offset]] ?? fallback }
                return
            }
            let base = column.baseAddress.unsafelyUnwrapped
            if let start = input.consecutiveStart {
                // (Bounds checked once for the run.)
                precondition(start >= 0 && start + input.count <= column.count, "ColumnArray position out of bounds")
                let first = base + start
                if bits.nilIsZero && unsafeBitCast(fallback, to: UInt64.self) == 0 {
                    // `x ?? 0`: the number's bytes as they are.
                    for offset in 0..<input.count { output[offset] = UnsafeRawPointer(first + offset).load(as: T.self) }
                    return
                }
                for offset in 0..<input.count { output[offset] = bits.value(first + offset, or: fallback) }
                return
            }
            for offset in 0..<input.count {
                let position = input[offset]
                precondition(UInt(bitPattern: position) < UInt(bitPattern: column.count), "ColumnArray position out of bounds")
                output[offset] = bits.value(base + position, or: fallback)
            }
        }
    }
}

extension ColumnArray {
    /// The values that are not nil at the positions `position(0..<count)`, in order, gathered
    /// without a branch on nil: each one's bytes are written, and the count of kept values moves
    /// on only past a non-nil one.
    @inline(__always)
    func compacted<T: OptionalNumberBits.Number>(_ count: Int, at position: (Int) -> Int) -> [T] where Element == T? {
        withUnsafeBufferPointer { column in
            guard let bits = OptionalNumberBits.make(), let base = column.baseAddress else {
                return (0..<count).compactMap { column[position($0)] }
            }
            return [T](capacity: count) { buffer, initialized in
                var kept = 0
                for offset in 0..<count {
                    let row = position(offset)
                    precondition(UInt(bitPattern: row) < UInt(bitPattern: column.count), "ColumnArray position out of bounds")
                    buffer[kept] = UnsafeRawPointer(base + row).load(as: T.self)
                    kept += 1 &- bits.nilBit(base + row)
                }
                initialized = kept
            }
        }
    }
}
