#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Ctrl-C at the REPL: SIGINT only records that it came, so the line being typed is abandoned
/// and the session goes on.
///
/// The handler sets a flag and writes a byte to a pipe. A reader that waits for input waits for
/// the pipe too, so a Ctrl-C that arrives at any moment, even just before the read starts, ends
/// the wait (a flag alone would be missed by a read that begins after the signal).
/// Process-wide by nature: there is one SIGINT disposition per process.
enum InterruptSignal {
    static let flag = Atomic<Bool>(false)

    /// The pipe the handler writes to: (read end, write end), both non-blocking.
    static let wakeup: (read: Int32, write: Int32) = {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return (-1, -1) }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        return (descriptors[0], descriptors[1])
    }()

    /// Installs the handler, without `SA_RESTART` so a blocking read returns, and unblocks
    /// SIGINT (a parent that blocked it would leave Ctrl-C without effect).
    static func install() {
        _ = wakeup
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { _ in InterruptSignal.record() }
        #else
        action.__sigaction_u.__sa_handler = { _ in InterruptSignal.record() }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
    }

    /// What the handler does: only async-signal-safe work.
    private static func record() {
        flag.store(true, ordering: .sequentiallyConsistent)
        var byte: UInt8 = 1
        _ = write(wakeup.write, &byte, 1)
    }

    /// Forgets a Ctrl-C that came before now (while an answer was computed, say).
    static func reset() {
        flag.store(false, ordering: .sequentiallyConsistent)
        drain()
    }

    /// Whether Ctrl-C came since the last `reset`; forgets it.
    static func take() -> Bool {
        drain()
        return flag.exchange(false, ordering: .sequentiallyConsistent)
    }

    private static func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeup.read, &buffer, buffer.count) > 0 {}
    }

    /// Reads one byte of standard input, waiting also for Ctrl-C: the byte, or nil at the end
    /// of input or on Ctrl-C (`take` tells which).
    static func readByte() -> UInt8? {
        while true {
            var descriptors = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeup.read, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if descriptors[1].revents != 0 || flag.load(ordering: .sequentiallyConsistent) { return nil }
            guard descriptors[0].revents != 0 else { continue }
            var byte: UInt8 = 0
            let count = read(0, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            return nil
        }
    }
}
