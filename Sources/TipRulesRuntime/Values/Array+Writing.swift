extension Array {
    /// An array of up to `capacity` elements, the first as many as `initialize` writes from the
    /// pointer it is given and counts in its second argument (also when it throws, after which
    /// those are destroyed with the array and the error is rethrown): what
    /// `init(unsafeUninitializedCapacity:initializingWith:)` does, for less.
    ///
    /// That initializer, and `init(repeating:count:)`, allocate through a function of the
    /// standard library that is not specialised for the element type, and it looks up the
    /// storage class's metadata in the runtime's table at every call: about 330 instructions
    /// (measured with callgrind on Swift 6.3), more than allocating and freeing the array, and
    /// a tenth of a whole evaluation of `reversed().prefix(3).contains { … }` (W76). Reserving
    /// capacity on an empty array is specialised, so the storage comes from there; the elements
    /// are written into it, and a sequence that writes nothing but reports that many elements
    /// copied makes them the array's count through `append(contentsOf:)`, which specialises too.
    @inline(__always)
    init<E: Error>(capacity: Int, writing initialize: (UnsafeMutablePointer<Element>, inout Int) throws(E) -> Void) throws(E) {
        var array: [Element] = []
        guard capacity > 0 else {
            self = array
            return
        }
        array.reserveCapacity(capacity)
        var written = 0
        var failure: E?
        array.withUnsafeMutableBufferPointer { empty in
            // The buffer counts no element; its start is that of the reserved storage.
            do throws(E) { try initialize(empty.baseAddress.unsafelyUnwrapped, &written) } catch { failure = error }
        }
        precondition(written >= 0 && written <= capacity, "Array(capacity:writing:) counted more elements than its capacity")
        array.append(contentsOf: AlreadyWritten(count: written))
        if let failure { throw failure }
        self = array
    }
}

/// `count` elements already written where `append(contentsOf:)` would copy them: it copies
/// nothing and reports them copied, so that the array counts them (see `Array(capacity:writing:)`).
private struct AlreadyWritten<Element>: Sequence {
    let count: Int

    /// Zero, so that `append(contentsOf:)` reserves nothing more (the capacity is there already)
    /// and its check that no fewer were copied than promised holds.
    var underestimatedCount: Int { 0 }

    func makeIterator() -> EmptyCollection<Element>.Iterator { EmptyCollection<Element>.Iterator() }

    func _copyContents(initializing buffer: UnsafeMutableBufferPointer<Element>) -> (EmptyCollection<Element>.Iterator, Int) {
        // `buffer` starts at the array's end, where the elements were written.
        precondition(count <= buffer.count, "Array(capacity:writing:) wrote past the reserved storage")
        return (EmptyCollection<Element>.Iterator(), count)
    }
}
