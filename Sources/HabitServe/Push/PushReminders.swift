import FoundationEssentials
import HabitCore
import HabitKit
import HabitLocalization
import HabitStore
import HabitSystem
import Synchronization

/// Web Push of the reminders for one data directory (docs/reminders.md, "On the phone: push"):
/// the server's VAPID key, the devices' subscriptions, and the sends. `habit serve` asks it every
/// half minute for what came due (`sendDue`), and `habit remind run` through `habit-serve
/// --push-due`; both count with the push run log, so a reminder goes out once whichever asks first.
final class PushReminders: Sendable {
    let directory: DataDirectory
    let environment: [String: String]
    let subscriptions: PushSubscriptions
    let keyPath: String
    let contactPath: String
    /// A line on the server's standard error (a failed send, said once: it is not retried).
    let report: @Sendable (String) -> Void

    private let vapid = Mutex<VAPID?>(nil)
    private let snoozes = Mutex<[String: Task<Void, Never>]>([:])

    /// How long a snooze lasts: 10 minutes (`HABIT_SNOOZE_SECONDS` shortens it for tests, as for
    /// the desktop's Snooze).
    var snoozeSeconds: Int { environment["HABIT_SNOOZE_SECONDS"].flatMap { Int($0) }.map { max(0, $0) } ?? 600 }
    /// How often `habit serve` looks for reminders that came due (`HABIT_PUSH_CHECK_SECONDS` for tests).
    var checkSeconds: Int { environment["HABIT_PUSH_CHECK_SECONDS"].flatMap { Int($0) }.map { max(1, $0) } ?? 30 }

    init(directory: DataDirectory, environment: [String: String], report: @escaping @Sendable (String) -> Void) {
        self.directory = directory
        self.environment = environment
        subscriptions = PushSubscriptions(directory: directory, environment: environment)
        keyPath = PushFiles.vapidKey(directory: directory, environment: environment)
        contactPath = keyPath + "-contact"
        self.report = report
    }

    /// The server's key, made at the first need. A key made anew (none yet, or the file unreadable)
    /// makes every subscription useless: they were made for the old one, so they are dropped.
    func key() throws(PushStateFailure) -> VAPID {
        try vapid.withLock { kept throws(PushStateFailure) -> VAPID in
            if let kept { return kept }
            let subject = SecretFile.read(contactPath, limit: 1024) ?? VAPID.defaultSubject
            let (loaded, made) = try VAPID.load(path: keyPath, subject: subject)
            if made { try subscriptions.removeAll() }
            kept = loaded
            return loaded
        }
    }

    /// Keeps `--push-contact` for every later send, the server's and `habit remind run`'s.
    func keepContact(_ contact: String) throws(PushStateFailure) {
        guard SecretFile.read(contactPath, limit: 1024) != contact else { return }
        do throws(SecretFile.WriteFailure) { try SecretFile.write(contact, to: contactPath) } catch {
            throw PushStateFailure(path: contactPath, errno: error.errno)
        }
    }

    /// Sends the reminders that came due since the push run log's last run, each to every
    /// subscribed device. Nothing due: the log is not even written. false when a send failed.
    @discardableResult
    func sendDue(store: Store, now: Int) async -> Bool {
        let clock = LocalClock.system
        let log = ReminderRunLog(environment: environment, directory: directory, channel: .push)
        let trackers = store.journal.trackers
        guard !ReminderRule.due(trackers, settings: store.settings, clock: clock, now: now, lastRun: log.lastRun).isEmpty else { return true }
        // Counted under the log's lock even with no device subscribed, so that subscribing later
        // does not bring the day's earlier reminders all at once.
        let due = log.run(now: now) { lastRun in ReminderRule.due(trackers, settings: store.settings, clock: clock, now: now, lastRun: lastRun) }
        let today = ReminderRule.today(at: now, settings: store.settings, clock: clock)
        var allSent = true
        for reminder in due {
            let sent = await send(tracker: reminder.tracker, day: today, time: reminder.time, to: deliverable(), now: now)
            allSent = allSent && sent
        }
        return allSent
    }

    /// The snooze of a notification's button: the reminder of `tracker` for `day` again, to
    /// `device` only, after `snoozeSeconds`, if the tracker is still to do then. Kept in memory:
    /// a restart forgets it, as a reboot forgets the desktop's.
    func snooze(tracker: String, day: CivilDate, device: String, store: @escaping @Sendable () -> Store?, now: @escaping @Sendable () -> Int) {
        let key = device + " " + tracker + " " + day.description
        let seconds = snoozeSeconds
        let task = Task.detached { [self] in
            try? await Task.sleep(for: .seconds(seconds))
            guard !Task.isCancelled else { return }
            snoozes.withLock { _ = $0.removeValue(forKey: key) }
            guard let store = store(), let found = store.journal.trackers.first(where: { $0.id == tracker }) else { return }
            let time = now()
            let today = ReminderRule.today(at: time, settings: store.settings, clock: .system)
            guard day == today, ReminderRule.state(of: found, on: day, today: today) == .due,
                  let reminderTime = Self.latestTime(of: found, at: time, settings: store.settings) else { return }
            await send(tracker: found, day: day, time: reminderTime, to: deliverable().filter { $0.device == device }, now: time)
        }
        snoozes.withLock { pending in
            pending.removeValue(forKey: key)?.cancel()
            // A bound on what one device's taps can keep waiting.
            if pending.count >= 200 { task.cancel() } else { pending[key] = task }
        }
    }

    /// The tracker's reminder time that rang last by `now` today, else its first.
    static func latestTime(of tracker: Tracker, at now: Int, settings: Settings) -> ReminderTime? {
        let today = ReminderRule.today(at: now, settings: settings, clock: .system)
        let rung = ReminderRule.reminders(of: [tracker], on: today, today: today, settings: settings, clock: .system).filter { $0.instant <= now }
        return rung.last?.time ?? tracker.reminders.first
    }

    /// The subscriptions of devices still logged in (`--revoke` ends a device's reminders too,
    /// and forgets its subscription), and the open session's without authentication.
    func deliverable() -> [PushSubscription] {
        let list = subscriptions.all()
        guard list.contains(where: { $0.device != PushRoutes.openDevice }) else { return list }
        // A state file that does not parse lets no device in: none of theirs is sent to.
        guard let access = try? ServeAccessFile(directory: directory, environment: environment).load() else {
            return list.filter { $0.device == PushRoutes.openDevice }
        }
        let known = Set(access.devices.map { "device:" + $0.hash })
        for gone in list where gone.device != PushRoutes.openDevice && !known.contains(gone.device) {
            try? subscriptions.remove(device: gone.device)
        }
        return list.filter { $0.device == PushRoutes.openDevice || known.contains($0.device) }
    }

    /// One reminder to each of `targets`; a subscription the push service no longer knows is
    /// removed, another failure is reported once. false when a send failed.
    @discardableResult
    func send(tracker: Tracker, day: CivilDate, time: ReminderTime, to targets: [PushSubscription], now: Int) async -> Bool {
        guard !targets.isEmpty else { return true }
        let sender: PushSender
        do { sender = PushSender(vapid: try key()) } catch {
            report("habit serve: push reminders cannot be sent: the key cannot be kept in \(error)")
            return false
        }
        var allSent = true
        for target in targets {
            let message = PushMessage(tracker: tracker, day: day, time: time, language: Language(tag: target.language) ?? .english)
            switch await sender.send(message, to: target, now: now) {
            case .delivered: break
            case .gone:
                do { try subscriptions.remove(endpoint: target.endpoint) } catch {
                    report("habit serve: an expired push subscription cannot be removed: \(error)")
                }
            case .failed(let reason):
                allSent = false
                report("habit serve: the reminder of “\(tracker.name)” was not sent to \(VAPID.origin(of: target.endpoint) ?? "a push service"): \(reason). It is not sent again; the next reminder time tries anew.")
            }
        }
        return allSent
    }
}
