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

/// The last sync state worked out, under what it was worked out from.
final class SyncStates: Sendable {
    struct Key: Equatable, Sendable {
        let configuration: String
        let head: String
        let upstream: String?
    }

    private let last = Mutex<(key: Key, state: SyncState)?>(nil)

    func state(for key: Key) -> SyncState? {
        last.withLock { $0?.key == key ? $0?.state : nil }
    }

    func keep(_ state: SyncState, for key: Key) {
        last.withLock { $0 = (key, state) }
    }
}
