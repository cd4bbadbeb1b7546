#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HabitCore
import HabitStore
import HabitSystem

/// How the machine runs `habit remind run` at the reminder times.
public enum ReminderMethod: String, Sendable, CaseIterable {
    /// A systemd user timer (`~/.config/systemd/user/habit-remind.timer`).
    case systemd
    /// A marked block in the user's crontab.
    case cron
}

/// What `habit remind install` left on the machine, as recorded in habit's state folder.
public struct ReminderInstallation: Equatable, Sendable {
    public var method: ReminderMethod
    public var command: ReminderCommand
    public var times: [ReminderTime]
}

/// What `habit remind install` writes, shown by `--print`.
public struct ReminderPlan: Equatable, Sendable {
    public struct File: Equatable, Sendable {
        public var path: String
        public var text: String
    }

    public var method: ReminderMethod
    /// systemd: the unit files (no timer while no tracker has a time).
    public var files: [File]
    /// cron: the block as it goes into the crontab.
    public var crontabBlock: String?
}

/// What `habit remind install` did.
public struct ReminderInstallReport: Equatable, Sendable {
    public var method: ReminderMethod
    public var times: [ReminderTime]
    /// systemd: where the units are.
    public var unitFolder: String?
    /// systemd: a user manager runs and the timer runs now (else it starts with the next login).
    public var isRunningNow = false
    /// cron: whether a cron daemon seems to run (crontab needs none to be edited).
    public var cronDaemonRuns: Bool?
    /// The installation of the other method, removed so reminders do not come twice.
    public var replaced: ReminderMethod?
}

/// The installation updated after a change of reminder times.
public enum ReminderRefresh: Equatable, Sendable {
    case updated(ReminderMethod, [ReminderTime])
    /// The units or the crontab block were removed by hand since: habit forgets it installed them.
    case removedByHand(ReminderMethod)
}

/// The machine's side of reminders: installs, updates and removes what makes the system's own
/// scheduler run `habit remind run`, and records what it installed in habit's state folder
/// (`$XDG_STATE_HOME/habit/`, else `~/.local/state/habit/`), never in the data directory. Nothing
/// here runs unless the user asked for reminders to be installed.
public struct ReminderScheduler: Sendable {
    public let environment: [String: String]
    public let command: ReminderCommand

    /// - Parameters:
    ///   - executable: the absolute path of the running habit, which the scheduler will run.
    public init(environment: [String: String], executable: String, directory: DataDirectory) {
        self.environment = environment
        command = ReminderCommand(executable: executable, directory: directory.path,
                                  language: ReminderCommand.language(from: environment))
    }

    // MARK: Where things are

    var home: String { DataDirectory.home(environment) }

    /// `$XDG_CONFIG_HOME/systemd/user`, else `~/.config/systemd/user`: where a user manager reads units.
    public var unitFolder: String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/systemd/user" }
        return home + "/.config/systemd/user"
    }

    /// `$XDG_STATE_HOME/habit`, else `~/.local/state/habit`: machine state, not data.
    public static func stateFolder(_ environment: [String: String]) -> String {
        DataDirectory.stateFolder(environment)
    }

    var recordPath: String { Self.stateFolder(environment) + "/reminders-installed" }

    /// A systemd user manager runs for this user now: the system was booted with systemd and the
    /// manager's private socket is there (`systemctl --user` reaches it through that even without a
    /// session bus, as under su or ssh).
    public var userManagerRuns: Bool {
        guard Self.isDirectory("/run/systemd/system"), let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"),
              Self.isSocket(runtime + "/systemd/private") else { return false }
        return Subprocess.find("systemctl", environment: environment) != nil
    }

    var crontab: String? { Subprocess.find("crontab", environment: environment) }

    /// The method to use: the one asked for, else a running user manager's timer, else the crontab.
    public func method(_ requested: ReminderMethod?) throws(HabitError) -> ReminderMethod {
        switch requested {
        case .systemd?: return .systemd
        case .cron?:
            guard crontab != nil else { throw .noScheduler(asked: .cron) }
            return .cron
        case nil:
            if userManagerRuns { return .systemd }
            guard crontab != nil else { throw .noScheduler(asked: nil) }
            return .cron
        }
    }

    // MARK: Plans

    public func plan(_ method: ReminderMethod, times: [ReminderTime]) -> ReminderPlan {
        switch method {
        case .systemd:
            var files = [ReminderPlan.File(path: unitFolder + "/" + SystemdUnits.service, text: SystemdUnits.serviceText(command))]
            if !times.isEmpty { files.append(.init(path: unitFolder + "/" + SystemdUnits.timer, text: SystemdUnits.timerText(times))) }
            return ReminderPlan(method: .systemd, files: files)
        case .cron:
            return ReminderPlan(method: .cron, files: [], crontabBlock: CrontabBlock.lines(command, times: times).map { $0 + "\n" }.joined())
        }
    }

    // MARK: Installing

    /// Installs (or rewrites) the schedule for `times`, removing the other method's installation.
    @discardableResult
    public func install(_ method: ReminderMethod, times: [ReminderTime]) throws(HabitError) -> ReminderInstallReport {
        try install(method, times: times, command: command)
    }

    private func install(_ method: ReminderMethod, times: [ReminderTime], command: ReminderCommand) throws(HabitError) -> ReminderInstallReport {
        let times = ReminderTime.distinct(times)
        let previous = installation()
        var report = ReminderInstallReport(method: method, times: times)
        switch method {
        case .systemd:
            report.isRunningNow = try installUnits(times, command: command)
            report.unitFolder = unitFolder
            if previous?.method == .cron, try removeCrontabBlock() { report.replaced = .cron }
        case .cron:
            try writeCrontab { CrontabBlock.replacing(in: $0, with: CrontabBlock.lines(command, times: times)) }
            report.cronDaemonRuns = Self.cronDaemonRuns()
            if unitsExist { try removeUnits(); report.replaced = .systemd }
        }
        try record(ReminderInstallation(method: method, command: command, times: times))
        return report
    }

    /// Rewrites an installation for this data directory after its reminder times changed; nil
    /// when there is none or its times are already these.
    public func refresh(times: [ReminderTime]) throws(HabitError) -> ReminderRefresh? {
        let times = ReminderTime.distinct(times)
        guard let installed = installation(), installed.command.directory == command.directory, installed.times != times else { return nil }
        let stillThere: Bool
        switch installed.method {
        case .systemd: stillThere = unitsExist
        case .cron: stillThere = crontab == nil ? false : CrontabBlock.isPresent(in: try readCrontab())
        }
        guard stillThere else {
            forget()
            return .removedByHand(installed.method)
        }
        // The recorded command, not this process's: an edit made with another build of habit
        // must not move the schedule to that build.
        _ = try install(installed.method, times: times, command: installed.command)
        return .updated(installed.method, times)
    }

    /// Removes whatever habit installed; the methods removed (none when nothing was installed).
    public func uninstall() throws(HabitError) -> [ReminderMethod] {
        var removed: [ReminderMethod] = []
        let installed = installation()
        if unitsExist {
            try removeUnits()
            removed.append(.systemd)
        }
        // Without a record (the state folder was wiped), only a block that runs this directory goes.
        if installed == nil || installed?.method == .cron, crontab != nil,
           try removeCrontabBlock(onlyFor: installed == nil ? command.directory : nil) {
            removed.append(.cron)
        }
        forget()
        return removed
    }

    // MARK: The record

    /// What habit installed, from its record.
    public func installation() -> ReminderInstallation? {
        guard case .success(let bytes) = SafeDirectory(root: Self.stateFolder(environment)).read("reminders-installed") else { return nil }
        var fields: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            fields[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        guard let method = fields["method"].flatMap(ReminderMethod.init(rawValue:)), let executable = fields["executable"],
              let directory = fields["directory"] else { return nil }
        let times = (fields["times"] ?? "").split(separator: " ").compactMap { ReminderTime($0) }
        let language = fields["language"].flatMap { $0.isEmpty ? nil : $0 }
        return ReminderInstallation(method: method, command: ReminderCommand(executable: executable, directory: directory, language: language),
                                    times: times)
    }

    private func record(_ installation: ReminderInstallation) throws(HabitError) {
        let text = """
            method \(installation.method.rawValue)
            executable \(installation.command.executable)
            directory \(installation.command.directory)
            language \(installation.command.language ?? "")
            times \(installation.times.map(\.description).joined(separator: " "))

            """
        try writeFile(recordPath, text, mode: 0o700)
    }

    private func forget() {
        unlink(recordPath)
    }

    // MARK: systemd

    var unitsExist: Bool {
        access(unitFolder + "/" + SystemdUnits.service, F_OK) == 0 || access(unitFolder + "/" + SystemdUnits.timer, F_OK) == 0
    }

    /// Writes the units and links the timer into `timers.target.wants` (what `systemctl enable`
    /// does); with a running manager, reloads it and (re)starts the timer. Returns whether the
    /// timer runs now.
    private func installUnits(_ times: [ReminderTime], command: ReminderCommand) throws(HabitError) -> Bool {
        let timerPath = unitFolder + "/" + SystemdUnits.timer
        let linkPath = unitFolder + "/" + SystemdUnits.wantsFolder + "/" + SystemdUnits.timer
        try writeFile(unitFolder + "/" + SystemdUnits.service, SystemdUnits.serviceText(command))
        if times.isEmpty {
            // A timer without a time is an error to systemd: none is kept until a tracker has one.
            try removeFile(linkPath)
            try removeFile(timerPath)
        } else {
            try writeFile(timerPath, SystemdUnits.timerText(times))
            try makeFolders(unitFolder + "/" + SystemdUnits.wantsFolder)
            var target = [CChar](repeating: 0, count: 4096)
            let length = readlink(linkPath, &target, target.count - 1)
            if length < 0 || String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) != timerPath {
                try removeFile(linkPath)
                guard symlink(timerPath, linkPath) == 0 else { throw HabitError.io(path: linkPath, operation: .write, errno: errno) }
            }
        }
        guard userManagerRuns else { return false }
        try systemctl(["daemon-reload"])
        if times.isEmpty {
            _ = systemctlIgnoringFailure(["stop", SystemdUnits.timer])
            return false
        }
        try systemctl(["restart", SystemdUnits.timer])
        return true
    }

    private func removeUnits() throws(HabitError) {
        let running = userManagerRuns
        if running { _ = systemctlIgnoringFailure(["stop", SystemdUnits.timer]) }
        try removeFile(unitFolder + "/" + SystemdUnits.wantsFolder + "/" + SystemdUnits.timer)
        rmdir(unitFolder + "/" + SystemdUnits.wantsFolder)  // only when empty: other units may be linked there
        try removeFile(unitFolder + "/" + SystemdUnits.timer)
        try removeFile(unitFolder + "/" + SystemdUnits.service)
        if running { try systemctl(["daemon-reload"]) }
    }

    private func systemctl(_ arguments: [String]) throws(HabitError) {
        let outcome = systemctlIgnoringFailure(arguments)
        guard let outcome, outcome.succeeded else {
            throw .schedulerFailed(command: "systemctl --user " + arguments.joined(separator: " "), detail: outcome?.said ?? "systemctl: not found")
        }
    }

    private func systemctlIgnoringFailure(_ arguments: [String]) -> Subprocess.Outcome? {
        guard let systemctl = Subprocess.find("systemctl", environment: environment) else { return nil }
        return Subprocess.run(systemctl, ["--user"] + arguments, environment: environment, timeoutSeconds: 30)
    }

    // MARK: cron

    /// The user's crontab ("" when there is none).
    private func readCrontab() throws(HabitError) -> String {
        guard let crontab else { throw .noScheduler(asked: .cron) }
        var environment = self.environment
        environment["LC_ALL"] = "C"  // "no crontab for USER" is told apart by its words
        let outcome = Subprocess.run(crontab, ["-l"], environment: environment)
        if outcome.succeeded { return outcome.output }
        if outcome.errors.hasPrefix("no crontab for ") { return "" }
        throw .schedulerFailed(command: "crontab -l", detail: outcome.said)
    }

    /// Replaces the crontab with `change` of it; nothing is run when nothing changes, and an
    /// empty result removes the crontab instead of installing an empty one.
    private func writeCrontab(_ change: (String) -> String) throws(HabitError) {
        guard let crontab else { throw .noScheduler(asked: .cron) }
        let current = try readCrontab()
        let new = change(current)
        guard new != current else { return }
        let arguments = new.allSatisfy(\.isWhitespace) ? ["-r"] : ["-"]
        let outcome = Subprocess.run(crontab, arguments, environment: environment, input: Array(new.utf8))
        guard outcome.succeeded else {
            throw .schedulerFailed(command: "crontab " + arguments[0], detail: outcome.said)
        }
    }

    /// Removes habit's block from the crontab (only if it runs `directory`, when given); whether
    /// there was one.
    private func removeCrontabBlock(onlyFor directory: String? = nil) throws(HabitError) -> Bool {
        var found = false
        try writeCrontab { current in
            found = CrontabBlock.isPresent(in: current, for: directory)
            return found ? CrontabBlock.replacing(in: current, with: nil) : current
        }
        return found
    }

    /// Whether a cron daemon runs (Debian's `cron`, or a `crond`).
    static func cronDaemonRuns() -> Bool {
        for name in DirectoryEntries.names(at: "/proc") ?? [] {
            guard name.allSatisfy(\.isNumber), case .success(let bytes) = SafeDirectory(root: "/proc/" + name).read("comm") else { continue }
            let command = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
            if command == "cron" || command == "crond" { return true }
        }
        return false
    }

    // MARK: Files

    private func writeFile(_ path: String, _ text: String, mode: mode_t = 0o755) throws(HabitError) {
        let folder = String(path[..<path.lastIndex(of: "/")!])
        try makeFolders(folder, mode: mode)
        do {
            try AtomicFile.write(Array(text.utf8), to: path)
        } catch {
            throw Self.translate(error, path: path)
        }
    }

    private func makeFolders(_ path: String, mode: mode_t = 0o755) throws(HabitError) {
        if case .failure(let problem) = SafeDirectory.makeDirectories(path, mode: mode) {
            throw .unusablePath(path: path, problem: problem)
        }
    }

    private func removeFile(_ path: String) throws(HabitError) {
        if unlink(path) != 0, errno != ENOENT { throw .io(path: path, operation: .delete, errno: errno) }
    }

    private static func translate(_ error: StoreError, path: String) -> HabitError {
        switch error {
        case .io(_, let operation, let code): .io(path: path, operation: operation, errno: code)
        case .unusablePath(_, let problem): .unusablePath(path: path, problem: problem)
        default: ErrorTranslation.translate(error)
        }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    static func isSocket(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
    }
}
