extension Value {
    /// Machine values as an array of `Value`s, each written in place in one loop: `map` with
    /// a case constructor chosen at run time (`isDate ? Value.date : Value.double`) called it
    /// through a thunk, about 22 instructions an element against 4.
    static func boxed<T>(_ items: [T], _ make: (T) -> Value) -> [Value] {
        items.withUnsafeBufferPointer { source in
            [Value](unsafeUninitializedCapacity: source.count) { buffer, initialized in
                guard let target = buffer.baseAddress, let from = source.baseAddress else { return }
                for offset in 0..<source.count { (target + offset).initialize(to: make(from[offset])) }
                initialized = source.count
            }
        }
    }

    /// `Double`s as `.double` values, or as `.date` values of those times.
    static func boxed(_ items: [Double], asDates: Bool) -> [Value] {
        asDates ? boxed(items) { .date($0) } : boxed(items) { .double($0) }
    }
}
