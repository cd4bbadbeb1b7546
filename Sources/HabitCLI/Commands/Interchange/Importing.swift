import ArgumentParser
import HabitInterchange
import HabitLocalization

/// The shared flow of the imports: read, write (or not), tell.
struct Importing {
    let global: GlobalOptions

    func run(_ format: ImportFormat, path: String, options: ImportOptions) throws {
        let session = Session(global)
        let t = session.t
        if options.merge && options.rename { throw Failure.usage(t[.importMergeOrRename]) }
        let (store, today) = try session.loadWithToday()
        let summary = try session.habits.importFile(format, path: path, category: options.category, today: today,
                                                    clash: options.clash, inferringWeekdays: options.inferWeekdays, dryRun: options.dryRun,
                                                    reusing: store)
        if summary.changesNothing {
            session.out(t.text(.importNothingNew, summary.rows.count, TerminalText.safe(path)))
            return
        }
        let header: MessageKey = options.dryRun ? .wouldImportHeader : .importedHeader
        session.out(t.text(header, summary.rows.count, TerminalText.safe(path)))
        for row in summary.rows {
            if row.outcome == .alreadyThere {
                session.out(t.text(.importRowAlreadyThere, TerminalText.safe(row.name)))
                continue
            }
            let counts = row.counts
            var line = t.text(.importRow, TerminalText.safe(row.name), TerminalText.safe(row.category), t.scheduleSummary(row.schedule),
                              counts.done, counts.skipped, counts.amounts, counts.notes)
            var extras: [String] = []
            if row.isNumeric { extras.append(t[.importRowNumeric]) }
            if row.isArchived { extras.append(t[.importRowArchived]) }
            switch row.outcome {
            case .renamed(let original): extras.append(t.text(.importRowRenamed, TerminalText.safe(original)))
            case .merged(let kept):
                extras.append(t[.importRowMerged])
                if kept > 0 { extras.append(t.text(.importRowKept, kept)) }
            case .created, .alreadyThere: break
            }
            if !extras.isEmpty { line += " (" + t.list(extras) + ")" }
            session.out(line)
        }
        if !summary.newCategories.isEmpty {
            session.out(t.text(.importNewCategories, t.list(summary.newCategories.map(TerminalText.safe))))
        }
        if !summary.losses.isEmpty {
            session.out(t[.importLosses])
            for loss in summary.losses { session.out(Self.text(loss, t)) }
        }
        if !summary.notes.isEmpty {
            session.out(t[.importNotes])
            for note in summary.notes {
                switch note {
                case .weekdaysInferred(let tracker, let days, let percent):
                    session.out(t.text(.noteWeekdaysInferred, TerminalText.safe(tracker), t.scheduleSummary(.weekly(days)), percent))
                }
            }
        }
        if options.dryRun { session.out(t[.importDryRunNote]) }
    }

    static func text(_ loss: ImportLoss, _ t: Messages) -> String {
        switch loss {
        case .frequency(let tracker, let numerator, let denominator, let chosen):
            t.text(.lossFrequency, TerminalText.safe(tracker), numerator, denominator, t.scheduleSummary(chosen).lowercased())
        case .trackingOnly(let tracker, let chosen):
            t.text(.lossTrackingOnly, TerminalText.safe(tracker), t.scheduleSummary(chosen).lowercased())
        case .unknownName(let name, let lines):
            t.text(.lossUnknownName, TerminalText.safe(name), lines)
        case .endDate(let tracker, let date):
            t.text(.lossEndDate, TerminalText.safe(tracker), date.description)
        case .guessedTarget(let tracker, let target):
            t.text(.lossGuessedTarget, TerminalText.safe(tracker), t.number(target))
        case .numericPeriod(let tracker, let target, let unit, let days, let chosen):
            t.text(.lossNumericPeriod, TerminalText.safe(tracker), t.quantity(target, unit: unit), days, t.scheduleSummary(chosen).lowercased())
        case .reminderDays(let tracker, let time, let days):
            t.text(.lossReminderDays, TerminalText.safe(tracker), time.description, t.list(days.map(t.weekdayShort)))
        case .name(let original, let imported, let cut):
            t.text(cut ? .lossNameCut : .lossName, TerminalText.safe(original), TerminalText.safe(imported))
        case .sameName(let name, let imported):
            t.text(.lossSameName, TerminalText.safe(name), TerminalText.safe(imported))
        }
    }
}
