import ArgumentParser
import HabitInterchange
import HabitLocalization

/// The shared flow of the exports: read, build, write (or print), tell.
struct Exporting {
    let global: GlobalOptions

    func run(_ format: ExportFormat, to path: String?, force: Bool) throws {
        let session = Session(global)
        let t = session.t
        let store = try session.habits.read()
        let today = session.today(store.settings)
        guard let path else {
            let result = try session.habits.export(format, of: store, today: today)
            session.printDocument(String(decoding: result.bytes, as: UTF8.self))
            return
        }
        let result = try session.habits.export(format, of: store, today: today, to: path, replacing: force)
        session.out(t.text(.exportWritten, result.trackers, result.days, result.notes, TerminalText.safe(path)))
        guard format == .loop || format == .loopBackup else { return }
        session.out(t[.importLosses])
        for loss in result.losses { session.out(Self.text(loss, t)) }
        session.out(t[format == .loopBackup ? .exportLoopBackupNotCarried : .exportLoopNotCarried])
    }

    static func text(_ loss: ExportLoss, _ t: Messages) -> String {
        switch loss {
        case .fixedWeekdays(let tracker, let schedule, let written):
            t.text(.exportLossWeekdays, TerminalText.safe(tracker), t.scheduleSummary(schedule), t.scheduleSummary(written).lowercased())
        case .event(let tracker):
            t.text(.exportLossEvent, TerminalText.safe(tracker))
        case .defaultColor(let trackers):
            t.text(.exportLossColor, trackers.count, t.list(trackers.map { t.text(.importQuotedName, TerminalText.safe($0)) }))
        case .quit(let tracker):
            t.text(.exportLossQuit, TerminalText.safe(tracker))
        case .allowance(let tracker):
            t.text(.exportLossAllowance, TerminalText.safe(tracker))
        }
    }
}
