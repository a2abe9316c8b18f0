/// Room for a batch of values that an object keeps between uses, so that using it again
/// allocates nothing (see `BatchComputation.batchBuffer`); made on first use, and made again only
/// for a larger batch. Its owner deallocates it, and declares it `@exclusivity(unchecked)`
/// where one evaluation at a time uses it: the run-time check of a class's stored property
/// around `room(for:)` cost an evaluation about 130 instructions.
struct KeptBuffer<Element> {
    private var storage: UnsafeMutableBufferPointer<Element>?

    /// The room, at least `count` values (at least one).
    mutating func room(for count: Int) -> UnsafeMutablePointer<Element> {
        if let storage, storage.count >= count { return storage.baseAddress.unsafelyUnwrapped }
        storage?.deallocate()
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(1, count))
        storage = buffer
        return buffer.baseAddress.unsafelyUnwrapped
    }

    func deallocate() { storage?.deallocate() }
}
