#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutual-exclusion lock for state that many threads share (an engine's state, a storage's
/// donations), taken on every evaluation.
///
/// A plain POSIX mutex: Foundation's `NSLock` on Linux also takes a condition variable's lock
/// on every `lock()`, which made an engine's `isSatisfied` spend a quarter of its time locking.
package final class Lock: @unchecked Sendable {
    // `@unchecked`: the mutex is only ever used through the pthread calls, which synchronise.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() {
        pthread_mutex_lock(mutex)
    }

    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` with the lock held.
    package func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
