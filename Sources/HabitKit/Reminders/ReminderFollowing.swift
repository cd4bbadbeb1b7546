import HabitCore

/// The policy that keeps an installed reminder timer in step with the trackers' reminder times:
/// after every change that alters them, and after a change made outside `Habits.change` (a sync,
/// a commit of files edited by hand). Front ends only say when to run it and how to tell it.
extension Habits {
    /// After each change that alters the reminder times, `scheduler` is refreshed with the new
    /// times: `when` decides when that runs (the command line: once the command has succeeded),
    /// `report` hears what became of it (nil: nothing was installed).
    public mutating func followReminderTimes(with scheduler: ReminderScheduler,
                                             when schedule: @escaping @Sendable (@escaping () -> Void) -> Void,
                                             report: @escaping @Sendable (Result<ReminderRefresh?, HabitError>) -> Void) {
        onReminderTimesChanged = { times in
            schedule { report(Result { () throws(HabitError) in try scheduler.refresh(times: times) }) }
        }
    }

    /// After a change that did not go through `change`: refreshes an installation made for this
    /// directory with the times as they are now. nil when there is none, or the directory cannot
    /// be read (the next change that can will follow).
    public func followReminderTimesAfterOutsideChange(with scheduler: ReminderScheduler) -> Result<ReminderRefresh?, HabitError>? {
        guard let installed = scheduler.installation(), installed.command.directory == directory.path,
              let store = try? read() else { return nil }
        return Result { () throws(HabitError) in try scheduler.refresh(times: store.journal.reminderTimes) }
    }
}
