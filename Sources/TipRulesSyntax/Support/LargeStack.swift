#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Runs deeply recursive work where the stack is large enough for it: on the calling thread
/// when that thread has the room, else on a thread made with a large stack.
///
/// Parsing and checking recurse once per nesting level. The nesting limit bounds that
/// recursion, but a host may call the compiler from a thread with a small stack (512 KiB is
/// common for secondary threads). At the default limits compilation needs about 300 KiB of
/// stack in a release build and under 2 MiB in a debug build; `ensuringStack` demands several
/// times that before it stays on the caller's thread, so the main thread (8 MiB) and ordinary
/// threads compile without the cost of making a thread (about 60 µs), and only small stacks
/// pay it.
package enum LargeStack {
    /// The stack size for compilation on a thread of its own: ample for the default limits in
    /// debug builds.
    package static let compilationStackSize = 64 << 20

    /// How much free stack the calling thread needs for compilation to run on it.
    package static let compilationStackNeeded = 6 << 20

    /// Runs `body` on this thread when at least `needed` bytes of stack remain, else on a
    /// thread with a `stackSize` stack.
    package static func ensuringStack<T>(_ needed: Int = compilationStackNeeded, stackSize: Int = compilationStackSize,
                                         _ body: () -> T) -> T {
        if let remaining = remainingStack(), remaining >= needed {
            return body()
        }
        return run(stackSize: max(stackSize, needed * 2), body)
    }

    /// The bytes of stack left below the caller, or nil when the thread's stack is unknown.
    package static func remainingStack() -> Int? {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        guard let low = Thread.isMainThread ? mainStackLow : currentStackLow() else { return nil }
        return here > low ? Int(here - low) : 0
    }

    /// The main thread's stack limit, found once: for the main thread glibc reads the process's
    /// memory map, too slow to do per compilation.
    private static let mainStackLow: UInt? = currentStackLow()

    #if canImport(Glibc)
    /// glibc's `pthread_getattr_np`, which the C module does not export (it is a GNU
    /// extension), looked up once.
    private static let getThreadAttributes: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32).self)
    }()
    #endif

    /// The lowest address of the calling thread's stack.
    private static func currentStackLow() -> UInt? {
        #if canImport(Glibc)
        guard let getAttributes = getThreadAttributes else { return nil }
        var attributes = pthread_attr_t()
        guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        return UInt(bitPattern: address)
        #else
        let thread = pthread_self()
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        return top - UInt(pthread_get_stacksize_np(thread))
        #endif
    }

    private final class Job {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    package static func run<T>(stackSize: Int = compilationStackSize, _ body: () -> T) -> T {
        concurrently(stackSize: stackSize, body, alongside: {}).0
    }

    /// How many processors this process may run on.
    package static let processorCount = ProcessInfo.processInfo.activeProcessorCount

    /// Runs work over `0..<count` in chunks of `chunkSize` on this thread (`alongside`) and one
    /// more (`body`), each taking the next chunk when it is done with one, and returns each
    /// chunk's result in the order of the chunks. A fixed split in halves leaves one thread
    /// idle while the other finishes, and the threads do not run equally fast (checking a large
    /// file, the main thread ran a fifth slower than the other). The two share only the count
    /// of chunks handed out; they must not share other mutable state.
    package static func inChunks<T>(count: Int, chunkSize: Int, stackSize: Int = compilationStackSize,
                                    _ body: (Range<Int>) -> T, alongside: (Range<Int>) -> T) -> [T] {
        let chunks = WorkChunks(count: count, size: chunkSize)
        func drain(_ work: (Range<Int>) -> T) -> [(start: Int, result: T)] {
            var done: [(start: Int, result: T)] = []
            while let range = chunks.take() { done.append((range.lowerBound, work(range))) }
            return done
        }
        let (mine, theirs) = concurrently(stackSize: stackSize, { drain(body) }, alongside: { drain(alongside) })
        return (mine + theirs).sorted { $0.start < $1.start }.map(\.result)
    }

    /// Runs `body` on a thread with a `stackSize` stack that nothing waits for (or on this
    /// thread, when no thread can be made).
    package static func detached(stackSize: Int = compilationStackSize, _ body: @escaping @Sendable () -> Void) {
        if start(Job(body), stackSize: stackSize, detached: true) == nil { body() }
    }

    /// A thread with a `stackSize` stack started on `job`, or nil (the job not run) when none
    /// can be made. A thread that is not `detached` must be joined.
    private static func start(_ job: Job, stackSize: Int, detached: Bool) -> pthread_t? {
        let context = Unmanaged.passRetained(job).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        if detached { pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) }
        #if canImport(Glibc)
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        #else
        var thread: pthread_t?
        let status = pthread_create(&thread, &attributes, { context in
            Unmanaged<Job>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, context)
        #endif
        guard status == 0 else {
            Unmanaged<Job>.fromOpaque(context).release()
            return nil
        }
        return thread
    }

    /// Runs `body` on a thread with a `stackSize` stack while `alongside` runs on this one, and
    /// returns both results once both are done. The two must not share mutable state.
    package static func concurrently<T, U>(stackSize: Int = compilationStackSize, _ body: () -> T,
                                           alongside: () -> U) -> (T, U) {
        withoutActuallyEscaping(body) { body in
            var result: T?
            return withoutActuallyEscaping({ result = body() }) { job in
                let thread = start(Job(job), stackSize: stackSize, detached: false)
                let other = alongside()
                if let thread {
                    pthread_join(thread, nil)
                } else {
                    // No thread could be made: run here rather than fail.
                    job()
                }
                return (result!, other)
            }
        }
    }
}
