import Synchronization

/// A mutual-exclusion lock for state that many threads share (an engine's state, a storage's
/// donations), taken on every evaluation.
///
/// The standard library's `Mutex` (a futex on Linux: an uncontended lock and unlock are one
/// atomic operation each, about 20 instructions together, where a POSIX mutex took about 150
/// and Foundation's `NSLock` also a condition variable's lock). Its lock and unlock are taken
/// apart here (`_unsafeLock`), because the state it guards lives beside it rather than in it:
/// `Mutex.withLock` hands out only what it can prove unshared.
package final class Lock: Sendable {
    private let mutex = Mutex<Void>(())

    package init() {}

    /// Takes the lock; every `lock()` is followed by an `unlock()` on the same thread.
    @inline(__always)
    package func lock() {
        mutex._unsafeLock()
    }

    @inline(__always)
    package func unlock() {
        mutex._unsafeUnlock()
    }

    /// Runs `body` with the lock held.
    package func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
