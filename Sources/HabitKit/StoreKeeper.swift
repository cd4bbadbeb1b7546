import HabitStore
import Synchronization

/// The directory as last loaded, for a front-end that reads it again and again from several
/// threads (`habit serve`, whose requests run at once): each read costs a look at the files'
/// stamps while nothing changed, and a load that parses only the changed files when something did
/// (a change through the server, a command, a sync or a `git pull` alike: each replaces files).
///
/// The store handed out is shared and must only be read; a change starts from `copy()` of it,
/// which the use case reuses when nothing changed on disk meanwhile. Changes still take the
/// directory lock in their use case: the keeper only saves loads.
public final class StoreKeeper: Sendable {
    public let habits: Habits

    /// A loaded store, shared by the requests that read it. Nothing writes to it once it is kept:
    /// the load cache is saved before, and changes edit copies.
    private struct Shared: @unchecked Sendable {
        let store: Store
    }

    private let kept = Mutex<Shared?>(nil)
    /// One load at a time: requests that find the directory changed wait for one load instead of
    /// each parsing the same files.
    private let loading = Mutex(())

    public init(habits: Habits) {
        self.habits = habits
    }

    /// The directory as it is now: the kept store while no file changed since it was loaded, else
    /// a new load (with the load cache, whose refreshed copy is saved), kept for the next call.
    public func current() throws(HabitError) -> Store {
        if let shared = kept.withLock({ $0 }), shared.store.isUnchangedOnDisk { return shared.store }
        let fresh = try loading.withLock { _ throws(HabitError) -> Shared in
            // Another request may have loaded it while this one waited.
            if let shared = kept.withLock({ $0 }), shared.store.isUnchangedOnDisk { return shared }
            let store = try habits.read()
            store.saveCache()
            let shared = Shared(store: store)
            kept.withLock { $0 = shared }
            return shared
        }
        return fresh.store
    }
}
