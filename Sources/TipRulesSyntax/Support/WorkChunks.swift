import Synchronization

/// Consecutive chunks of `0..<count`, each handed to whichever thread asks next (see
/// `LargeStack.inChunks`).
final class WorkChunks: Sendable {
    private let next = Atomic<Int>(0)
    private let count: Int
    private let size: Int

    init(count: Int, size: Int) {
        precondition(size > 0, "a chunk holds at least one item")
        self.count = count
        self.size = size
    }

    /// The next chunk not yet taken, or nil when all are.
    func take() -> Range<Int>? {
        let start = next.wrappingAdd(size, ordering: .relaxed).oldValue
        return start < count ? start..<min(count, start + size) : nil
    }
}
