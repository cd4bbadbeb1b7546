import HabitStore

extension Habits {
    /// The category of the last tracker added, offered first next time. It lives in the cache
    /// directory beside the load cache: losing it costs nothing, and it never touches the data.
    public func rememberLastUsedCategory(_ category: String) {
        guard let (folder, name) = lastUsedCategoryFile else { return }
        guard case .success = SafeDirectory.makeDirectories(folder, mode: 0o700) else { return }
        try? SafeDirectory(root: folder).write(name, contents: Array(category.utf8), durable: false)
    }

    /// The category `rememberLastUsedCategory` kept, if any.
    public func lastUsedCategory() -> String? {
        guard let (folder, name) = lastUsedCategoryFile else { return nil }
        return (try? SafeDirectory(root: folder).read(name).get()).map { String(decoding: $0, as: UTF8.self) }
    }

    private var lastUsedCategoryFile: (folder: String, name: String)? {
        guard let path = cache.map({ String($0.path.dropLast(".cache".count)) + ".last-category" }) else { return nil }
        let slash = path.lastIndex(of: "/")!
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }
}
