extension Value {
    /// Machine values as an array of `Value`s, each written in place in one loop: `map` with
    /// a case constructor chosen at run time (`isDate ? Value.date : Value.double`) called it
    /// through a thunk, about 22 instructions an element against 4. `knownPlain` as in
    /// `PlainArrays.make`: where `make` gives numbers, dates or `Bool`s alone, the values are not
    /// looked at again (a second pass over an array just written, a third of the time of
    /// `map(\.landmarkID)`).
    static func boxed<T>(_ items: [T], knownPlain: Bool = false, _ make: (T) -> Value) -> [Value] {
        items.withUnsafeBufferPointer { boxed($0, knownPlain: knownPlain, make) }
    }

    /// The same over values read in place.
    static func boxed<T>(_ source: UnsafeBufferPointer<T>, knownPlain: Bool = false, _ make: (T) -> Value) -> [Value] {
        PlainArrays.make(capacity: source.count, knownPlain: knownPlain) { target, initialized in
            guard let from = source.baseAddress else { return }
            for offset in 0..<source.count { (target + offset).initialize(to: make(from[offset])) }
            initialized = source.count
        }
    }

    /// `Int`s as `.int` values.
    static func boxed(_ items: [Int]) -> [Value] {
        boxed(items, knownPlain: true) { .int($0) }
    }

    /// `Double`s as `.double` values, or as `.date` values of those times.
    static func boxed(_ items: [Double], asDates: Bool) -> [Value] {
        asDates ? boxed(items, knownPlain: true) { .date($0) } : boxed(items, knownPlain: true) { .double($0) }
    }
}

extension Value {
    /// Whether the value holds no reference (a number, a date, a `Bool`, `nil`, an event or a
    /// parameter): its bytes are the whole value, and copying them copies it.
    @inline(__always)
    var holdsNoReference: Bool {
        switch self {
        case .int, .double, .bool, .date, .null, .event, .parameter: return true
        default: return false
        }
    }

    /// `left + right`: where each holds only numbers, dates and `Bool`s, their bytes copied at
    /// once into plain storage (see `PlainArrays`), an operand with plain storage without looking
    /// at its elements (`map(\.score) + [5.0]` looks at the literal's alone); otherwise `joined`.
    static func concatenated(_ left: [Value], _ right: [Value]) -> [Value] {
        func holdsPlainScalars(_ part: [Value]) -> Bool {
            PlainArrays.isPlain(part) || part.withUnsafeBufferPointer { $0.allSatisfy(\.isPlainScalar) }
        }
        guard holdsPlainScalars(left), holdsPlainScalars(right) else { return joined(left[...], right[...]) }
        let count = left.count + right.count
        return PlainArrays.make(capacity: count, knownPlain: true) { target, initialized in
            left.withUnsafeBufferPointer { copyBytes($0, to: target) }
            right.withUnsafeBufferPointer { copyBytes($0, to: target + left.count) }
            initialized = count
        }
    }

    /// The values of `parts`, in order, in one new array. Swift's own copy switches on every
    /// element's case to retain what it holds; when no element holds a reference (an array of
    /// numbers or dates, the common case) their bytes are copied at once instead.
    static func joined(_ parts: ArraySlice<Value>...) -> [Value] {
        let count = parts.reduce(0) { $0 + $1.count }
        let plain = parts.allSatisfy { part in part.withUnsafeBufferPointer { $0.allSatisfy(\.holdsNoReference) } }
        guard plain else { return parts.dropFirst().reduce(into: Array(parts[0])) { $0 += $1 } }
        return PlainArrays.make(capacity: count) { start, initialized in
            var target = start
            for part in parts {
                part.withUnsafeBufferPointer { copyBytes($0, to: target) }
                target += part.count
            }
            initialized = count
        }
    }

    /// Copies values that hold no reference as their bytes, without a copy's retains.
    @inline(__always)
    private static func copyBytes(_ source: UnsafeBufferPointer<Value>, to target: UnsafeMutablePointer<Value>) {
        guard let from = source.baseAddress else { return }
        UnsafeMutableRawPointer(target).copyMemory(from: from, byteCount: source.count * MemoryLayout<Value>.stride)
    }
}

extension Value {
    /// `count` values, the `i`-th `make(i)`, in a new array (with plain storage where they are
    /// numbers, dates or `Bool`s, see `PlainArrays`; `knownPlain` as there).
    @inline(__always)
    static func made(_ count: Int, knownPlain: Bool = false, _ make: (Int) -> Value) -> [Value] {
        PlainArrays.make(capacity: count, knownPlain: knownPlain) { target, initialized in
            for i in 0..<count { (target + i).initialize(to: make(i)) }
            initialized = count
        }
    }

    /// `count` elements of `items`, the `i`-th at offset `offset(i)`, in a new array (see `made`).
    @inline(__always)
    static func picking(_ items: [Value], _ count: Int, _ offset: (Int) -> Int) -> [Value] {
        items.withUnsafeBufferPointer { source in made(count, knownPlain: PlainArrays.isPlain(items)) { source[offset($0)] } }
    }
}
