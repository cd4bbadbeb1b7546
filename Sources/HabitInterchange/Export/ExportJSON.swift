import HabitCore

/// `habit export json`: the whole directory as one document, with the field names of the files
/// and of `show --json` (schema in docs/cli.md, "habit export json").
enum ExportJSON {
    /// The version of the document's shape; fields are only ever added.
    static let version = 1

    static func result(_ journal: Journal, trackers: [Tracker]) -> ExportResult {
        let settings = journal.settings
        let document = JSON.object([
            ("version", .int(version)),
            ("categories", .array(settings.categories.map(JSON.string))),
            ("settings", .object([
                ("week_starts_on", .string(settings.weekStartsOn.fileName)),
                ("day_starts_at", .string(ReminderTime(minutes: settings.dayStartsAt)?.description ?? "00:00")),
                ("autocommit", .bool(settings.autocommit)),
                ("vacations", .array(settings.vacations.map {
                    .object([("from", .string($0.from.description)), ("to", .string($0.to.description))])
                })),
            ])),
            ("trackers", .array(trackers.map(tracker))),
        ])
        return ExportResult(bytes: Array(document.rendered().utf8), trackers: 0, days: 0, notes: 0, losses: [])
    }

    static func tracker(_ tracker: Tracker) -> JSON {
        let schedule = tracker.schedule
        let kind: String = switch schedule {
        case .weekly: "weekdays"
        case .event: "event"
        case .periodic: "periodic"
        case .interval: "interval"
        }
        return .object([
            ("id", .string(tracker.id)),
            ("name", .string(tracker.name)),
            ("category", .string(tracker.category)),
            ("kind", .string(tracker.isEvent ? "event" : "habit")),
            ("schedule_kind", .string(kind)),
            ("schedule", schedule.weekdays.map { .array($0.days.map { .string($0.fileName) }) } ?? .null),
            ("quota", schedule.quota.map(JSON.int) ?? .null),
            ("period", .optional(schedule.period?.rawValue)),
            ("every_days", schedule.intervalDays.map(JSON.int) ?? .null),
            ("emoji", .optional(tracker.emoji)),
            ("color", .optional(tracker.color?.description)),
            ("pinned", .bool(tracker.isPinned)),
            ("archived", .bool(tracker.isArchived)),
            ("start", .optional(tracker.start?.description)),
            ("description", .optional(tracker.description)),
            ("goal", .optional(tracker.goal?.description)),
            ("target", tracker.measure.map { .double($0.target) } ?? .null),
            ("target_type", .optional(tracker.measure?.direction.rawValue)),
            ("unit", .optional(tracker.measure?.unit)),
            ("remind", .array(tracker.reminders.map { .string($0.description) })),
            ("quit", .bool(tracker.isQuit)),
            ("allow", .optional(tracker.allowance?.description)),
            ("log", .array(days(tracker.log).map { day in
                .object([
                    ("date", .string(day.date.description)),
                    ("mark", .optional(day.entry?.mark.map(Export.markName))),
                    ("amount", day.entry?.amount.map(JSON.double) ?? .null),
                    ("note", .optional(day.note)),
                ])
            })),
        ])
    }

    /// Every day with a line or a note, oldest first.
    static func days(_ log: CompletionLog) -> [(date: CivilDate, entry: CompletionLog.Entry?, note: String?)] {
        let dates = Set(log.entries.map(\.day)).union(log.notes.keys).sorted()
        return dates.map { ($0, log.entry(on: $0), log.notes[$0]) }
    }
}
