import HabitCore

/// The tools habit imports from.
public enum ImportFormat: String, Sendable, CaseIterable {
    case loop, harsh
    case habitctl
}

extension ImportPlan {
    /// Reads `path` as `format` writes it. `category` is the category of trackers the file gives
    /// none (Loop has no categories; harsh's habits before its first heading); nil: the tool's name.
    public static func read(_ format: ImportFormat, path: String, category: String?, today: CivilDate) throws(InterchangeError) -> ImportPlan {
        let files = try ImportFiles.open(path)
        switch format {
        case .loop where LoopDatabaseImport.applies(to: path):
            return try LoopDatabaseImport.plan(path: path, category: category ?? "Loop", today: today)
        case .loop: return try LoopCSVImport.plan(files, category: category ?? "Loop", today: today, root: path)
        case .harsh: return try HarshImport.plan(files, category: category ?? "harsh", today: today, root: path)
        case .habitctl: return try HabitctlImport.plan(files, category: category ?? "habitctl", today: today, root: path)
        }
    }
}
