// Replacements for NSLock / NSRecursiveLock / NSCondition / Thread that need only Glibc,
// for modules that import FoundationEssentials instead of Foundation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HabitSystem

/// A mutex with NSLock's lock()/unlock() (recursive: true gives NSRecursiveLock).
final class PosixLock: @unchecked Sendable {
    fileprivate let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    init(recursive: Bool = false) {
        var attr = pthread_mutexattr_t()
        pthread_mutexattr_init(&attr)
        if recursive { pthread_mutexattr_settype(&attr, Int32(PTHREAD_MUTEX_RECURSIVE)) }
        pthread_mutex_init(mutex, &attr)
        pthread_mutexattr_destroy(&attr)
    }
    deinit { pthread_mutex_destroy(mutex); mutex.deallocate() }
    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
}

/// NSCondition's subset: lock/unlock/signal/wait(seconds:).
final class PosixCondition: @unchecked Sendable {
    private let lockObject = PosixLock()
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    init() {
        var attr = pthread_condattr_t()
        pthread_condattr_init(&attr)
        pthread_condattr_setclock(&attr, CLOCK_MONOTONIC)   // immune to wall-clock jumps
        pthread_cond_init(cond, &attr)
        pthread_condattr_destroy(&attr)
    }
    deinit { pthread_cond_destroy(cond); cond.deallocate() }
    func lock() { lockObject.lock() }
    func unlock() { lockObject.unlock() }
    func signal() { pthread_cond_signal(cond) }
    /// Waits at most `seconds` (call with the lock held). Returns false on timeout.
    @discardableResult
    func wait(seconds: Double) -> Bool {
        let now = SystemClock.monotonic()
        let whole = Int(seconds), frac = Int((seconds - Double(whole)) * 1e9)
        var deadline = timespec(tv_sec: now.tv_sec + whole, tv_nsec: now.tv_nsec + frac)
        if deadline.tv_nsec >= 1_000_000_000 { deadline.tv_sec += 1; deadline.tv_nsec -= 1_000_000_000 }
        return pthread_cond_timedwait(cond, lockObject.mutex, &deadline) == 0
    }
}

/// Thread { ... }.start() as a detached pthread.
enum PosixThread {
    static func detach(_ body: @escaping @Sendable () -> Void) {
        final class Box { let body: @Sendable () -> Void; init(_ b: @escaping @Sendable () -> Void) { body = b } }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(&thread, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        if rc == 0 { pthread_detach(thread) } else { Unmanaged<Box>.fromOpaque(box).release() }
    }
}
