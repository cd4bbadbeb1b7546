#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HabitCore

/// The decoded trackers of the last load, keyed by file name and stamp, in the user's cache
/// directory (never in the data directory, which holds data only).
///
/// Parsing ten years of a hundred trackers is most of what `habit list` would cost; a file whose
/// stamp has not changed decodes to the same tracker, so it is read from here instead. Only files
/// that decoded without any diagnostic are kept, `habit check` never uses it, and a damaged or
/// foreign cache is simply ignored (and rewritten).
public struct LoadCache {
    private static let magic: [UInt8] = Array("habit-cache 8\n".utf8)

    /// Where the cache of one data directory lives: `$XDG_CACHE_HOME/habit/` (else
    /// `~/.cache/habit/`), one file per data directory named from a hash of its real path, which
    /// the file also records so that two directories can never share one.
    public struct Location: Hashable, Sendable {
        public let path: String
        public let dataDirectory: String
        // Only `standard(environment:)` below (and tests) build one: the memberwise initialiser serves.

        /// nil when there is no home to put a cache in (then nothing is cached).
        public static func resolve(for dataDirectory: DataDirectory, environment: [String: String]) -> Location? {
            let base: String
            if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
                base = xdg
            } else if let home = environment["HOME"], home.hasPrefix("/") {
                base = home + "/.cache"
            } else {
                return nil
            }
            let real = dataDirectory.realPath
            return Location(path: base + "/habit/" + DataDirectory.key(ofRealPath: real) + ".cache", dataDirectory: real)
        }
    }

    struct Entry {
        var stamp: FileStamp
        var tracker: Tracker
        /// The entry's bytes in the cache it was read from: an unchanged file's entry is copied
        /// back as it was instead of encoded again, so rewriting the cache after one file changed
        /// costs that file, not the directory.
        var encoded: ArraySlice<UInt8>? = nil
    }

    var entries: [String: Entry] = [:]

    static func load(from location: Location) -> LoadCache {
        let (folder, name) = SafeDirectory(root: "/").split(String(location.path.dropFirst()))
        guard case .success(let bytes) = SafeDirectory(root: "/" + folder).read(name) else { return LoadCache() }
        var reader = Reader(bytes: bytes)
        guard reader.take(magic.count).elementsEqual(magic), reader.string() == location.dataDirectory else { return LoadCache() }
        var cache = LoadCache()
        guard let count = reader.int(), (0...1_000_000).contains(count) else { return LoadCache() }
        for _ in 0..<count {
            guard let name: String = reader.string(), let entry = reader.entry(id: String(name.dropLast(5))) else { return LoadCache() }
            cache.entries[name] = entry
        }
        return cache
    }

    func save(to location: Location) {
        var writer = Writer()
        writer.bytes += LoadCache.magic
        writer.string(location.dataDirectory)
        writer.int(entries.count)
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
            writer.string(name)
            writer.entry(entry)
        }
        // Best effort: a cache that cannot be written only costs the next run some parsing. It is
        // private to the user (0700 folder), never fsynced and never renamed over (losing it costs
        // nothing, and replacing it by a rename would write it out at once: `commitRemovingOld`).
        let folder = String(location.path[..<(location.path.lastIndex(of: "/") ?? location.path.endIndex)])
        guard case .success = SafeDirectory.makeDirectories(folder, mode: 0o700) else { return }
        let name = String(location.path.dropFirst(folder.count + 1))
        try? SafeDirectory(root: folder).stage(name, contents: writer.bytes, durable: false).commitRemovingOld()
    }

    // MARK: Encoding

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func int(_ value: Int) { int64(Int64(value)) }

        mutating func int64(_ value: Int64) {
            withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
        }

        mutating func string(_ value: String?) {
            guard let value else { int(-1); return }
            let utf8 = Array(value.utf8)
            int(utf8.count)
            bytes += utf8
        }

        mutating func entry(_ entry: Entry) {
            if let encoded = entry.encoded {
                bytes += encoded
                return
            }
            let stamp = entry.stamp
            int64(stamp.size); int64(stamp.modified); int64(stamp.changed); int64(Int64(bitPattern: stamp.inode))
            let tracker = entry.tracker
            string(tracker.name)
            string(tracker.category)
            switch tracker.schedule {
            case .weekly(let days): int(0); int(Int(days.rawValue))
            case .event: int(1); int(0)
            case .periodic(let count, .week): int(2); int(count)
            case .periodic(let count, .month): int(3); int(count)
            case .interval(let days): int(4); int(days)
            }
            string(tracker.emoji)
            string(tracker.color?.description)
            int((tracker.isPinned ? 1 : 0) | (tracker.isArchived ? 2 : 0) | (tracker.isQuit ? 4 : 0))
            int(tracker.start?.dayNumber ?? Int(Int32.min))
            string(tracker.description)
            string(tracker.goal?.description)
            if let measure = tracker.measure {
                int(measure.direction == .atLeast ? 1 : 2)
                double(measure.target)
                string(measure.unit)
            } else {
                int(0)
            }
            // The log as the model holds it: the done days without a total as bits (eight bytes
            // for 64 days), then every other entry in four bytes, the day number shifted left by
            // three over 1 skip, 2 a total (eight more bytes; its mark follows from the measure)
            // or 3 a slip.
            let plainDone = tracker.log.plainDone
            int(plainDone.first)
            int(plainDone.words.count)
            for word in plainDone.words { withUnsafeBytes(of: word.littleEndian) { bytes += $0 } }
            let others = tracker.log.others
            int(others.count)
            for entry in others {
                let code = entry.amount != nil ? 2 : entry.mark == .skipped ? 1 : entry.mark == .slipped ? 3 : 0
                withUnsafeBytes(of: Int32(truncatingIfNeeded: entry.day.dayNumber << 3 | code).littleEndian) { bytes += $0 }
                if let amount = entry.amount { double(amount) }
            }
            int(tracker.log.notes.count)
            for (day, note) in tracker.log.notes.sorted(by: { $0.key < $1.key }) {
                int(day.dayNumber)
                string(note)
            }
            int(tracker.reminders.count)
            for time in tracker.reminders { int(time.minutes) }
            int(tracker.allowance.map { $0.period == .week ? 1 : 2 } ?? 0)
            int(tracker.allowance?.count ?? 0)
        }

        mutating func double(_ value: Double) {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 }
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func take(_ count: Int) -> ArraySlice<UInt8> {
            guard count >= 0, count <= bytes.count - offset else { offset = bytes.count + 1; return [] }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }

        mutating func int64() -> Int64? {
            guard offset + 8 <= bytes.count else { return nil }
            let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int64.self) }
            offset += 8
            return Int64(littleEndian: value)
        }

        mutating func int() -> Int? { int64().map { Int($0) } }

        /// An optional string: `.some(nil)` for an absent value, nil when the bytes are damaged.
        mutating func optionalString() -> String?? {
            guard let count = int() else { return nil }
            if count == -1 { return .some(nil) }
            guard count >= 0, count <= bytes.count - offset else { return nil }
            return .some(String(decoding: take(count), as: UTF8.self))
        }

        /// A string that must be present; nil when absent or damaged.
        mutating func string() -> String? {
            optionalString() ?? nil
        }

        mutating func double() -> Double? {
            int64().map { Double(bitPattern: UInt64(bitPattern: $0)) }
        }

        mutating func entry(id: String) -> Entry? {
            let start = offset
            guard let size = int64(), let modified = int64(), let changed = int64(), let inode = int64(),
                  let name = string(), let category = string(), let scheduleKind = int(), let scheduleValue = int(),
                  let emoji = optionalString(), let color = optionalString(), let pinned = int(), let startDay = int(),
                  let description = optionalString(), let goal = optionalString(), let measureKind = int()
            else { return nil }
            let schedule: Schedule
            switch scheduleKind {
            case 0: schedule = .weekly(WeekdaySet(rawValue: UInt8(truncatingIfNeeded: scheduleValue)))
            case 1: schedule = .event
            case 2: schedule = .periodic(count: scheduleValue, period: .week)
            case 3: schedule = .periodic(count: scheduleValue, period: .month)
            case 4: schedule = .interval(days: scheduleValue)
            default: return nil
            }
            var measure: Measure? = nil
            if measureKind != 0 {
                guard let target = double(), let unit = optionalString() else { return nil }
                measure = Measure(target: target, direction: measureKind == 2 ? .atMost : .atLeast, unit: unit ?? nil)
            }
            guard let firstDone = int(), let wordCount = int(), wordCount >= 0, wordCount <= (bytes.count - offset) / 8 else { return nil }
            let words = [UInt64](unsafeUninitializedCapacity: wordCount) { buffer, initialized in
                bytes.withUnsafeBytes { raw in
                    for index in 0..<wordCount {
                        buffer[index] = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + index * 8, as: UInt64.self))
                    }
                }
                initialized = wordCount
            }
            offset += wordCount * 8
            guard let plainDone = DayBits(first: firstDone, words: words),
                  let otherCount = int(), otherCount >= 0, otherCount <= (bytes.count - offset) / 4 else { return nil }
            var others: [CompletionLog.Entry] = []
            others.reserveCapacity(otherCount)
            for _ in 0..<otherCount {
                guard offset + 4 <= bytes.count else { return nil }
                let value = Int(Int32(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }))
                offset += 4
                let day = CivilDate(dayNumber: value >> 3)
                switch value & 7 {
                case 1: others.append(CompletionLog.Entry(day: day, mark: .skipped))
                case 3: others.append(CompletionLog.Entry(day: day, mark: .slipped))
                case 2:
                    guard let amount = double() else { return nil }
                    others.append(CompletionLog.Entry(day: day, value: .amount(amount), measure: measure))
                default: return nil
                }
            }
            guard let noteCount = int(), noteCount >= 0, noteCount <= bytes.count - offset else { return nil }
            var notes: [CivilDate: String] = [:]
            for _ in 0..<noteCount {
                guard let day = int(), let note = string() else { return nil }
                notes[CivilDate(dayNumber: day)] = note
            }
            guard let reminderCount = int(), (0...1440).contains(reminderCount) else { return nil }
            var reminders: [ReminderTime] = []
            for _ in 0..<reminderCount {
                guard let minutes = int(), let time = ReminderTime(minutes: minutes) else { return nil }
                reminders.append(time)
            }
            guard let allowanceKind = int(), let allowanceCount = int(), (0...2).contains(allowanceKind) else { return nil }
            let allowance = allowanceKind == 0 ? nil : Allowance(count: allowanceCount, period: allowanceKind == 1 ? .week : .month)
            guard let log = CompletionLog(plainDone: plainDone, others: others, notes: notes) else { return nil }
            let tracker = Tracker(
                id: id, name: name, category: category, schedule: schedule,
                emoji: emoji ?? nil, color: (color ?? nil).flatMap(TrackerColor.init), isPinned: pinned & 1 == 1,
                start: startDay == Int(Int32.min) ? nil : CivilDate(dayNumber: startDay), description: description ?? nil,
                goal: (goal ?? nil).flatMap { Goal($0) }, log: log, measure: measure,
                reminders: reminders,
                isArchived: pinned & 2 == 2, isQuit: pinned & 4 == 4, allowance: allowance)
            return Entry(stamp: FileStamp(size: size, modified: modified, changed: changed, inode: UInt64(bitPattern: inode)), tracker: tracker,
                         encoded: bytes[start..<offset])
        }
    }
}
