import HabitCore
import HabitInterchange
import HabitStore

extension Habits {
    /// Reads `path` as `format` writes it and imports it (see `importTrackers`). `category` is the
    /// category of trackers the file gives none (Loop has no categories; harsh's habits before its
    /// first heading).
    @discardableResult
    public func importFile(_ format: ImportFormat, path: String, category: String?, today: CivilDate,
                           clash: ImportClash, inferringWeekdays: Bool = false, dryRun: Bool,
                           reusing preview: Store? = nil) throws(HabitError) -> ImportSummary {
        var plan: ImportPlan
        do { plan = try ImportPlan.read(format, path: path, category: category, today: today) } catch { throw HabitError(error) }
        if inferringWeekdays { plan.inferWeekdays() }
        return try importTrackers(plan, from: format.rawValue, clash: clash, dryRun: dryRun, reusing: preview)
    }
}

extension HabitError {
    /// The error of a format, as the use cases report it.
    init(_ error: InterchangeError) {
        switch error {
        case .malformed(let at): self = .importMalformed(at)
        case .unreadable(let path): self = .importUnreadable(path: path)
        case .fileMissing(let path, let file): self = .importFileMissing(path: path, file: file)
        case .zip(let path, let problem): self = .importZip(path: path, problem: problem)
        case .database(let path, let problem): self = .importDatabase(path: path, problem: problem)
        }
    }
}
