import HabitSystem
#if canImport(Glibc)
import Glibc
#endif

/// habit's `[habit]` records in `.git/config` (`HabitRecords`), set and removed as libgit2 does
/// it: a variable appended at the end of the last `[habit]` section (or a new section at the end of
/// the file), a removed variable's line dropped and its section kept; the whole file written to
/// `config.lock` and renamed over `config`.
extension DirectRepository {
    public func beginAdvance(_ advance: PendingAdvance) throws {
        if let fullRepository { return try fullRepository.beginAdvance(advance) }
        try editConfig { lines in
            Self.setting("advance", to: "\(advance.old?.hex ?? "none") \(advance.new.hex)", in: &lines)
        }
    }

    public func endAdvance() throws {
        if let fullRepository { return try fullRepository.endAdvance() }
        try editConfig { lines in Self.removing("advance", from: &lines) }
    }

    public func recordUncommitted(paths: [String], reason: String) {
        (try? full())?.recordUncommitted(paths: paths, reason: reason)
    }

    public func clearUncommitted() {
        if let fullRepository { return fullRepository.clearUncommitted() }
        // Nearly always there is none: the config is only read, not locked.
        guard let bytes = DirectFile.read(gitDirectoryPath + "/config"),
              bytes.containsBytes(of: "uncommitted") else { return }
        try? editConfig { lines in Self.removing("uncommitted", from: &lines) }
    }

    /// Rewrites `.git/config` under its lock when `edit` changes its lines.
    private func editConfig(_ edit: (inout [Substring]) -> Bool) throws {
        let path = gitDirectoryPath + "/config"
        let lock = try DirectFile.lock(path)
        defer { lock.release() }
        guard let bytes = DirectFile.read(path) else { throw DirectFailure("Could not read \(path)") }
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard edit(&lines) else { return }
        try lock.write(Array((lines.joined(separator: "\n") + "\n").utf8))
        try lock.replace()
    }

    /// The index of each line that opens a section, with the section's lowercased name.
    private static func sections(_ lines: [Substring]) -> [(index: Int, name: String)] {
        lines.indices.compactMap { index in
            let line = lines[index].drop(while: { $0 == " " || $0 == "\t" })
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
            return (index, String(line[line.index(after: line.startIndex)..<close]).lowercased())
        }
    }

    static func setting(_ key: String, to value: String, in lines: inout [Substring]) -> Bool {
        let starts = sections(lines)
        if let last = starts.last(where: { $0.name == "habit" }) {
            // After the section's last variable, before the next section (or the end of the file).
            var end = starts.first(where: { $0.index > last.index })?.index ?? lines.count
            while end > last.index + 1, lines[end - 1].allSatisfy({ $0 == " " || $0 == "\t" }) { end -= 1 }
            lines.insert(Substring("\t\(key) = \(value)"), at: end)
        } else {
            lines.append("[habit]")
            lines.append(Substring("\t\(key) = \(value)"))
        }
        return true
    }

    static func removing(_ key: String, from lines: inout [Substring]) -> Bool {
        let starts = sections(lines)
        var removed = false
        for (position, start) in starts.enumerated().reversed() where start.name == "habit" {
            let end = position + 1 < starts.count ? starts[position + 1].index : lines.count
            for index in stride(from: end - 1, to: start.index, by: -1) {
                let words = lines[index].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "=" })
                if words.first?.lowercased() == key {
                    lines.remove(at: index)
                    removed = true
                }
            }
        }
        return removed
    }
}
