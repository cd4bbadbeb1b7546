import Synchronization

/// A lock for what the CLI shares between threads (the tests run commands side by side in one
/// process). The standard library's `Mutex`, so this layer needs neither Foundation nor pthreads.
final class Lock: Sendable {
    private let mutex = Mutex(())

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try mutex.withLock { _ in try body() }
    }
}
