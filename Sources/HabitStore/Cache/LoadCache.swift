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
    private static let magic: [UInt8] = Array("habit-cache 7\n".utf8)

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

    /// How many done days without a total follow one another from `index` (1 when the entry
    /// there is anything else): the cache writes such a run as one record.
    @inline(__always)
    static func doneRun(_ log: [CompletionLog.Entry], from index: Int) -> Int {
        log.withUnsafeBufferPointer { log in
            let first = log[index]
            guard first.mark == .done, first.amount == nil else { return 1 }
            var end = index + 1
            while end < log.count, log[end].mark == .done, log[end].amount == nil,
                  log[end].day.dayNumber == first.day.dayNumber + (end - index) { end += 1 }
            return end - index
        }
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
            int(tracker.log.entries.count)
            // Four bytes a record: the day number shifted left by three, the low bits 0 done, 1
            // skip, 2 a total (eight more bytes; its mark follows from the measure), 3 a slip, 4 a
            // run of done days (four more bytes: how many days from that one on). Years of a daily
            // habit are a few runs: a small file to read, and a warm start does not hold the file
            // and every day's entry at once. Written in place, sized first (appending four bytes at
            // a time cost more than parsing a changed file again).
            let log = tracker.log.entries
            // Each record's number of days, found once for sizing and writing.
            var runs: [Int] = []
            var size = 0
            var index = 0
            while index < log.count {
                let run = LoadCache.doneRun(log, from: index)
                runs.append(run)
                size += run > 1 ? 8 : log[index].amount == nil ? 4 : 12
                index += run
            }
            let chunk = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                let raw = UnsafeMutableRawBufferPointer(buffer)
                var at = 0
                var index = 0
                for run in runs {
                    let logEntry = log[index]
                    let code = run > 1 ? 4 : logEntry.amount != nil ? 2 : logEntry.mark == .skipped ? 1 : logEntry.mark == .slipped ? 3 : 0
                    let packed = Int32(truncatingIfNeeded: logEntry.day.dayNumber << 3 | code)
                    raw.storeBytes(of: packed.littleEndian, toByteOffset: at, as: Int32.self)
                    at += 4
                    if run > 1 {
                        raw.storeBytes(of: Int32(run).littleEndian, toByteOffset: at, as: Int32.self)
                        at += 4
                    } else if let amount = logEntry.amount {
                        raw.storeBytes(of: amount.bitPattern.littleEndian, toByteOffset: at, as: UInt64.self)
                        at += 8
                    }
                    index += run
                }
                initialized = at
            }
            bytes += chunk
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
            // A run holds many days in eight bytes, so the count is bounded by the calendar (no two
            // entries share a day of the years 0000–9999), not by the bytes left.
            guard let count = int(), count >= 0, count <= 4_000_000 else { return nil }
            // The hot loop of a warm start (every day of every tracker): entries are written in
            // place and the done days counted on the way, with no per-entry append.
            var failed = false
            var doneCount = 0
            let entries = [CompletionLog.Entry](unsafeUninitializedCapacity: count) { buffer, initialized in
                bytes.withUnsafeBytes { raw in
                    var at = offset
                    var written = 0
                    defer {
                        initialized = written
                        offset = at
                    }
                    while written < count {
                        guard at + 4 <= raw.count else { failed = true; return }
                        let value = Int(Int32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int32.self)))
                        at += 4
                        let dayNumber = value >> 3
                        let entry: CompletionLog.Entry
                        switch value & 7 {
                        case 0: entry = CompletionLog.Entry(day: CivilDate(dayNumber: dayNumber), mark: .done)
                        case 1: entry = CompletionLog.Entry(day: CivilDate(dayNumber: dayNumber), mark: .skipped)
                        case 3: entry = CompletionLog.Entry(day: CivilDate(dayNumber: dayNumber), mark: .slipped)
                        case 2:
                            guard at + 8 <= raw.count else { failed = true; return }
                            let amount = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
                            at += 8
                            entry = CompletionLog.Entry(day: CivilDate(dayNumber: dayNumber), value: .amount(amount), measure: measure)
                        case 4:
                            guard at + 4 <= raw.count else { failed = true; return }
                            let run = Int(Int32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int32.self)))
                            at += 4
                            guard run > 1, run <= count - written else { failed = true; return }
                            // Most of a warm start's entries come from here: stored as they are,
                            // with no check per day (the run's last day is a day number of a
                            // 32-bit record plus a count bounded above).
                            let first = Int32(truncatingIfNeeded: dayNumber)
                            let days = buffer.baseAddress! + written
                            for offset in 0..<Int32(truncatingIfNeeded: run) {
                                (days + Int(offset)).initialize(to: CompletionLog.Entry(doneOnDayNumber: first &+ offset))
                            }
                            written += run
                            doneCount += run
                            continue
                        default:
                            failed = true
                            return
                        }
                        if entry.mark == .done { doneCount += 1 }
                        (buffer.baseAddress! + written).initialize(to: entry)
                        written += 1
                    }
                }
            }
            guard !failed, let noteCount = int(), noteCount >= 0, noteCount <= bytes.count - offset else { return nil }
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
            let tracker = Tracker(
                id: id, name: name, category: category, schedule: schedule,
                emoji: emoji ?? nil, color: (color ?? nil).flatMap(TrackerColor.init), isPinned: pinned & 1 == 1,
                start: startDay == Int(Int32.min) ? nil : CivilDate(dayNumber: startDay), description: description ?? nil,
                goal: (goal ?? nil).flatMap { Goal($0) }, log: CompletionLog(sortedUnique: entries, doneCount: doneCount, notes: notes), measure: measure,
                reminders: reminders,
                isArchived: pinned & 2 == 2, isQuit: pinned & 4 == 4, allowance: allowance)
            return Entry(stamp: FileStamp(size: size, modified: modified, changed: changed, inode: UInt64(bitPattern: inode)), tracker: tracker,
                         encoded: bytes[start..<offset])
        }
    }
}
