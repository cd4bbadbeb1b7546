/// Where the user can start a sync, so that the offline note names what they can do right there.
public enum SyncAction: Sendable {
    /// The command line: "run `habit sync`".
    case command
    /// `habit ui`: "press S".
    case key
    /// The web app: its "Sync now" button.
    case button
}

extension Messages {
    /// The specs' offline note: how many changes wait for a sync, why the last one failed (a reason
    /// code the sync recorded), and what starts a sync in the front-end that shows it.
    public func syncNote(count: Int, reason: String?, action: SyncAction) -> String {
        switch action {
        case .command:
            reason.map { text(.notSyncedBecause, count, syncReason($0)) } ?? text(.notSynced, count)
        case .key:
            reason.map { text(.uiNotSyncedBecause, count, syncReason($0)) } ?? text(.uiNotSynced, count)
        case .button:
            text(.webNotSynced, count) + (reason.map { " (\(self[.webLastSyncFailed]): \(syncReason($0)))" } ?? "") + ". "
                + self[.webSyncNowHint]
        }
    }
}
