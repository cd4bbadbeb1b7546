import HabitStore
import HabitSystem
import Synchronization

/// The ids of the changes this data directory's server applied, so that a change the phone sends
/// again (its answer was lost on the way) is answered "applied" and not applied twice. Kept in the
/// state folder (`$XDG_STATE_HOME/habit/serve-changes/`, one file per data directory, named by a
/// hash of its path, the path on the first line): machine state, never in the data directory,
/// which is synced to other machines. Bounded: the newest `limit` ids are kept; a phone's outbox
/// replays within minutes or days, not after thousands of later changes.
final class AppliedChanges: Sendable {
    static let limit = 2000

    enum Claim: Equatable {
        /// Applied before: answer "applied" again.
        case applied
        /// Another request is applying it right now: answer "retry".
        case inFlight
        /// New: apply it, then `finish`.
        case new
    }

    private struct State {
        var order: [String] = []
        var known: Set<String> = []
        var inFlight: Set<String> = []
    }

    private let state: Mutex<State>
    private let folder: String
    private let file: String
    private let directory: String

    init(directory: DataDirectory, environment: [String: String]) {
        folder = DataDirectory.stateFolder(environment) + "/serve-changes"
        file = FNV1a.hex(directory.path.utf8)
        self.directory = directory.path
        var loaded = State()
        if case .success(let bytes) = SafeDirectory(root: folder).read(file) {
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            // A file of another directory whose path hashed alike is not ours.
            if lines.first.map(String.init) == directory.path {
                for line in lines.dropFirst() where !line.isEmpty && !loaded.known.contains(String(line)) {
                    loaded.order.append(String(line))
                    loaded.known.insert(String(line))
                }
            }
        }
        state = Mutex(loaded)
    }

    func claim(_ id: String) -> Claim {
        state.withLock { state in
            if state.known.contains(id) { return .applied }
            if state.inFlight.contains(id) { return .inFlight }
            state.inFlight.insert(id)
            return .new
        }
    }

    /// Ends a claim; an applied change's id is remembered (and written, under the lock so that the
    /// file never goes back to an older list) before its answer is sent.
    func finish(_ id: String, applied: Bool) {
        state.withLock { state in
            state.inFlight.remove(id)
            guard applied, !state.known.contains(id) else { return }
            state.order.append(id)
            state.known.insert(id)
            if state.order.count > Self.limit {
                let dropped = state.order.prefix(state.order.count - Self.limit)
                state.known.subtract(dropped)
                state.order.removeFirst(dropped.count)
            }
            let text = ([directory] + state.order).joined(separator: "\n") + "\n"
            // Not fsynced: a change is a state ("done on that day"), so the rare replay after a
            // power loss sets the day to what it already is and changes nothing.
            guard case .success = SafeDirectory.makeDirectories(folder, mode: 0o700) else { return }
            try? SafeDirectory(root: folder).write(file, contents: Array(text.utf8), durable: false)
        }
    }
}
