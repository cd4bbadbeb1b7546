import HabitCore
import HabitStore

/// The tools habit imports from.
public enum ImportFormat: String, Sendable, CaseIterable {
    case loop, harsh
    case habitctl
}

extension Habits {
    /// Reads `path` as `format` writes it and imports it (see `importTrackers`). `category` is the
    /// category of trackers the file gives none (Loop has no categories; harsh's habits before its
    /// first heading).
    @discardableResult
    public func importFile(_ format: ImportFormat, path: String, category: String?, today: CivilDate,
                           clash: ImportClash, inferringWeekdays: Bool = false, dryRun: Bool,
                           reusing preview: Store? = nil) throws(HabitError) -> ImportSummary {
        let files = try ImportFiles.open(path)
        var plan: ImportPlan
        switch format {
        case .loop where LoopDatabaseImport.applies(to: path):
            plan = try LoopDatabaseImport.plan(path: path, category: category ?? "Loop", today: today)
        case .loop: plan = try LoopCSVImport.plan(files, category: category ?? "Loop", today: today, root: path)
        case .harsh: plan = try HarshImport.plan(files, category: category ?? "harsh", today: today, root: path)
        case .habitctl: plan = try HabitctlImport.plan(files, category: category ?? "habitctl", today: today, root: path)
        }
        if inferringWeekdays { plan.inferWeekdays() }
        return try importTrackers(plan, from: format.rawValue, clash: clash, dryRun: dryRun, reusing: preview)
    }
}
