import HabitKit
import Synchronization
import TerminalUI

/// `S`: HabitKit's sync (the use case `habit sync` runs) on another thread, so the screen keeps
/// drawing while the network is slow; its progress and its outcome come back here and wake the
/// loop. The sync takes the directory's lock like any command: a change made meanwhile waits
/// for it and is retried, as when another process holds the lock.
final class BackgroundSync: Sendable {
    enum Update: Sendable {
        case progress(TransferStatus)
        case finished(Result<SyncReport, HabitError>)
    }

    private let state = Mutex<(running: Bool, update: Update?)>((false, nil))

    var isRunning: Bool { state.withLock { $0.running } }

    /// Starts a sync unless one runs; the timeout as `habit sync` takes it ($HABIT_SYNC_TIMEOUT, else 30 s).
    func start(_ habits: Habits, environment: [String: String], waker: Terminal.Waker) {
        let started = state.withLock { current in
            guard !current.running else { return false }
            current = (true, nil)
            return true
        }
        guard started else { return }
        let timeout = environment["HABIT_SYNC_TIMEOUT"].flatMap(Double.init) ?? 30
        Task.detached { [self] in
            var options = SyncOptions(timeout: timeout, environment: environment)
            options.progress = { status in
                self.state.withLock { $0.update = .progress(status) }
                waker.wake()
            }
            let result: Result<SyncReport, HabitError>
            do throws(HabitError) {
                result = .success(try habits.sync(options))
            } catch {
                result = .failure(error)
            }
            self.state.withLock { $0.update = .finished(result) }
            waker.wake()
        }
    }

    /// The latest news, once: a progress report, or the outcome (which ends the run).
    func take() -> Update? {
        state.withLock { current in
            let update = current.update
            current.update = nil
            if case .finished? = update { current.running = false }
            return update
        }
    }
}
