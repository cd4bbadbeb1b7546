import HabitKit
import HabitLocalization

/// The shared flow of pin/unpin and archive/unarchive: one yes/no key of a tracker, set or
/// removed, and what the change did said in one line.
struct TrackerFlagSetting {
    enum Flag { case pinned, archived }

    let flag: Flag
    let global: GlobalOptions

    init(_ flag: Flag, global: GlobalOptions) {
        self.flag = flag
        self.global = global
    }

    func set(_ on: Bool, _ text: String) throws {
        let session = Session(global)
        let preview = try session.load()
        let target = try session.resolve(text, in: preview)
        let changed: Bool
        let key: MessageKey
        switch flag {
        case .pinned:
            changed = try session.habits.setPinned(on, target.id, reusing: preview)
            key = on ? (changed ? .pinnedTracker : .alreadyPinned) : (changed ? .unpinnedTracker : .notPinned)
        case .archived:
            changed = try session.habits.setArchived(on, target.id, reusing: preview)
            key = on ? (changed ? .archivedTracker : .alreadyArchived) : (changed ? .unarchivedTracker : .notArchived)
        }
        session.out(session.t.text(key, session.name(target)))
    }
}
