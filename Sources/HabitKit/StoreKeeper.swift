import HabitStore
import HabitSystem
import Synchronization

/// The directory as last loaded, for a front-end that reads it again and again from several
/// threads (`habit serve`, whose requests run at once): each read costs a look at the kernel's
/// queue of changes to the folders (`DirectoryWatch`) while nothing happened there, a look at the
/// files' stamps when something did, and a load that parses only the changed files when one
/// changed (a change through the server, a command, a sync or a `git pull` alike).
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

    /// The kept store, and how far the folders' events were checked against the files: the kept
    /// store may be handed out without a look at the files only while every event seen
    /// (`seen`) came before a check that found the files as the store read them (`checked`).
    private struct Kept {
        var shared: Shared?
        var seen = 0
        var checked = -1
    }

    private let kept = Mutex(Kept())
    /// One load at a time: requests that find the directory changed wait for one load instead of
    /// each parsing the same files.
    private let loading = Mutex(())
    /// The data directory and its trackers folder (nil: no inotify, every read takes the stamps).
    private let watch: DirectoryWatch?

    public init(habits: Habits) {
        self.habits = habits
        // Watched before the first load, so that nothing written after it goes unseen.
        watch = DirectoryWatch(folders: [habits.directory.path, habits.directory.path + "/" + DataFormat.trackersFolder])
    }

    /// The directory as it is now: the kept store while no file changed since it was loaded, else
    /// a new load (with the load cache, whose refreshed copy is saved), kept for the next call.
    public func current() throws(HabitError) -> Store {
        if let store = kept.withLock({ kept -> Store? in
            if watch?.sawChange() ?? true { kept.seen += 1 }
            return kept.seen == kept.checked ? kept.shared?.store : nil
        }) {
            return store
        }
        let fresh = try loading.withLock { _ throws(HabitError) -> Shared in
            // Every event queued until now is covered by the look at the files below.
            let seen = kept.withLock { kept in
                if watch?.sawChange() ?? true { kept.seen += 1 }
                return kept.seen
            }
            // Another request may have loaded it while this one waited.
            if let shared = kept.withLock({ $0.shared }), shared.store.isUnchangedOnDisk {
                kept.withLock { $0.checked = max($0.checked, seen) }
                return shared
            }
            let store = try habits.read()
            store.saveCache()
            let shared = Shared(store: store)
            kept.withLock { kept in
                kept.shared = shared
                kept.checked = max(kept.checked, seen)
            }
            return shared
        }
        return fresh.store
    }
}
