#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work on a thread with a large stack and waits for it.
///
/// Parsing and checking recurse once per nesting level. The nesting limit bounds that
/// recursion, but a host may call the compiler from a thread with a small stack (512 KiB is
/// common for secondary threads), so compilation runs on its own thread whose stack is sized
/// for the limits rather than on whatever thread the host happens to use.
package enum LargeStack {
    /// The stack size for compilation: ample for the default limits in debug builds.
    package static let compilationStackSize = 64 << 20

    private final class Job {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    package static func run<T>(stackSize: Int = compilationStackSize, _ body: () -> T) -> T {
        withoutActuallyEscaping(body) { body in
            var result: T?
            withoutActuallyEscaping({ result = body() }) { job in
                let context = Unmanaged.passRetained(Job(job)).toOpaque()
                var attributes = pthread_attr_t()
                pthread_attr_init(&attributes)
                defer { pthread_attr_destroy(&attributes) }
                pthread_attr_setstacksize(&attributes, stackSize)
                #if canImport(Glibc)
                var thread = pthread_t()
                let status = pthread_create(&thread, &attributes, { context in
                    Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().body()
                    return nil
                }, context)
                if status == 0 {
                    pthread_join(thread, nil)
                } else {
                    // No thread could be made: run here rather than fail.
                    Unmanaged<Job>.fromOpaque(context).takeRetainedValue().body()
                }
                #else
                var thread: pthread_t?
                let status = pthread_create(&thread, &attributes, { context in
                    Unmanaged<Job>.fromOpaque(context).takeRetainedValue().body()
                    return nil
                }, context)
                if status == 0, let thread {
                    pthread_join(thread, nil)
                } else {
                    Unmanaged<Job>.fromOpaque(context).takeRetainedValue().body()
                }
                #endif
            }
            return result!
        }
    }
}
