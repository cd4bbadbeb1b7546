import HabitGit
import HabitSystem
import Synchronization

/// What `Habits.syncState()` answers: whether there is a remote to sync with, and the offline
/// note (how many commits wait, and why the last sync failed) when something waits.
public struct SyncState: Sendable, Equatable {
    public struct Waiting: Sendable, Equatable {
        public let count: Int
        public let reason: String?
    }

    public let hasRemote: Bool
    public let offlineNote: Waiting?

    init(hasRemote: Bool, offlineNote: (count: Int, reason: String?)?) {
        self.hasRemote = hasRemote
        self.offlineNote = offlineNote.map { Waiting(count: $0.count, reason: $0.reason) }
    }
}

/// The last sync state worked out, under what it was worked out from, and a watch on the folders
/// it was read from: while the kernel saw nothing happen in them, the kept state is still the
/// answer and no file of git's is read. Without a watch (no inotify, no folders to watch) every
/// look reads the refs again and the kept state serves only while they read the same.
final class SyncStates: Sendable {
    struct Key: Equatable, Sendable {
        let configuration: String
        let head: String
        let upstream: String?
    }

    private struct Kept {
        var key: Key?
        var state: SyncState?
        var folders: [String] = []
        var watch: DirectoryWatch?
        /// Whether the watch saw nothing since the kept state was read.
        var current = false
        /// Moves on whenever the watch saw a change: a state read before then is not kept.
        var generation = 0
    }

    private let kept = Mutex(Kept())

    /// The kept state if nothing happened in its folders since it was read; otherwise nil and the
    /// generation to hand back to `keep`.
    func look() -> (known: SyncState?, generation: Int) {
        kept.withLock { kept in
            if let watch = kept.watch, watch.sawChange() {
                kept.generation += 1
                kept.current = false
            }
            return (kept.current ? kept.state : nil, kept.generation)
        }
    }

    /// The state kept for `key`, when the refs read the same as when it was worked out.
    func state(for key: Key) -> SyncState? {
        kept.withLock { $0.key == key ? $0.state : nil }
    }

    /// The kept HEAD and how many commits waited there, to count on from while the remote branch
    /// is where it was; nil when that HEAD may have been behind it (nothing waited, and it was
    /// not the remote branch's commit).
    func counted(upstream: String?) -> (head: String, count: Int)? {
        kept.withLock { kept in
            guard let key = kept.key, let state = kept.state, state.hasRemote,
                  let upstream, key.upstream == upstream else { return nil }
            if let waiting = state.offlineNote { return (key.head, waiting.count) }
            return key.head == upstream ? (key.head, 0) : nil
        }
    }

    /// Keeps `state`, read from `folders` during the look that returned `generation`, unless the
    /// watch saw a change since that look began.
    func keep(_ state: SyncState, for key: Key, readFrom folders: [String], generation: Int) {
        kept.withLock { kept in
            guard generation == kept.generation else { return }
            kept.key = key
            kept.state = state
            if folders != kept.folders || kept.watch == nil {
                // A watch begun after the read cannot vouch for it: the next look reads again.
                kept.watch = folders.isEmpty ? nil : DirectoryWatch(folders: folders)
                kept.folders = folders
                kept.current = false
            } else {
                kept.current = true
            }
        }
    }
}
