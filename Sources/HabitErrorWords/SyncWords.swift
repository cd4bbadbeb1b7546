import HabitKit
import HabitLocalization

/// What a sync did, in `habit sync`'s lines: the command prints them, `habit ui` shows them after
/// `S` and `habit serve` after "Sync now", so "Already in sync." reads the same everywhere.
public enum SyncWords {
    public static func lines(_ report: SyncReport, _ t: Messages) -> [String] {
        var lines: [String] = []
        if report.settledGitMerge { lines.append(t[.settledGitMerge]) }
        if !report.committedHandEdits.isEmpty {
            lines.append(t.text(.committedHandEdits, t.list(report.committedHandEdits.map(DataText.safe))))
        }
        switch report.action {
        case .upToDate: lines.append(t[.upToDate])
        case .pushed(let count): lines.append(t.text(.pushed, count))
        case .fastForwarded(let count): lines.append(t.text(.received, count))
        case .merged(let pushed, let received): lines.append(t.text(.merged, pushed, received))
        case .firstPush(let count): lines.append(t.text(.firstPush, count))
        }
        for note in report.notes { lines.append("  " + DataText.safe(MergeNoteText.line(note, t))) }
        return lines
    }

    /// The lines as one, for a status line.
    public static func sentence(_ report: SyncReport, _ t: Messages) -> String {
        lines(report, t).map { String($0.drop { $0 == " " }) }.joined(separator: " ")
    }
}
