import Foundation

/// Sentences about history and sync, one implementation per language.
public protocol SyncMessages: Sendable {
    func notSynced(_ count: Int, reason: String?) -> String
    func initialized(git: Bool) -> String
    func cloned(trackers: Int) -> String
    var connectedEmptyRemote: String { get }
    var historyEnabled: String { get }
    func committed(_ files: [String]) -> String
    var nothingToCommit: String { get }
    func committedHandEdits(_ files: [String]) -> String
    var upToDate: String { get }
    func pushed(_ commits: Int) -> String
    func received(_ commits: Int) -> String
    func merged(pushed: Int, received: Int) -> String
    func firstPush(_ commits: Int) -> String
    func retried(_ attempts: Int) -> String
    var statusPlain: String { get }
    var statusNoRemote: String { get }
    func statusRemote(_ url: String) -> String
    func statusAheadBehind(ahead: Int, behind: Int) -> String
    func statusUncommitted(_ files: [String]) -> String
    func statusLastSync(_ when: String?) -> String
    func statusLastError(_ reason: String) -> String
    var never: String { get }
    var noHistory: String { get }
    func remoteSet(_ url: String) -> String
    var progressReceiving: String { get }
    var progressSending: String { get }
}

extension Language {
    public var syncMessages: any SyncMessages {
        switch self {
        case .english: EnglishMessages()
        case .russian: RussianMessages()
        }
    }
}

extension EnglishMessages: SyncMessages {
    public func notSynced(_ count: Int, reason: String?) -> String {
        "\(count == 1 ? "1 change" : "\(count) changes") not synced yet\(reason.map { ": \($0)" } ?? "; run `habit sync`")"
    }
    public func initialized(git: Bool) -> String { git ? "History is on: every change is a git commit on branch main." : "History is off (a plain directory)." }
    public func cloned(trackers count: Int) -> String { "Cloned the remote: \(trackers(count))." }
    public var connectedEmptyRemote: String { "The remote was empty: it now holds this new directory." }
    public var historyEnabled: String { "History is on: every change is now a git commit on branch main." }
    public func committed(_ files: [String]) -> String { "Committed \(files.count == 1 ? files[0] : "\(files.count) files")." }
    public var nothingToCommit: String { "Nothing to commit: no file was changed by hand." }
    public func committedHandEdits(_ files: [String]) -> String { "Committed your edits: \(files.joined(separator: ", "))." }
    public var upToDate: String { "Already in sync." }
    public func pushed(_ commits: Int) -> String { "Sent \(commits == 1 ? "1 change" : "\(commits) changes")." }
    public func received(_ commits: Int) -> String { "Received \(commits == 1 ? "1 change" : "\(commits) changes")." }
    public func merged(pushed: Int, received: Int) -> String {
        "Merged \(received == 1 ? "1 change" : "\(received) changes") from elsewhere with \(pushed == 1 ? "1 change" : "\(pushed) changes") from here, and sent the result."
    }
    public func firstPush(_ commits: Int) -> String { "First sync: sent \(commits == 1 ? "1 change" : "\(commits) changes") to the empty remote." }
    public func retried(_ attempts: Int) -> String { "(the remote moved meanwhile; done after \(attempts) attempts)" }
    public var statusPlain: String { "This data directory is not a git repository: no history, no sync. Turn history on with: habit init --git" }
    public var statusNoRemote: String { "Remote: none (set one with: habit remote set URL)" }
    public func statusRemote(_ url: String) -> String { "Remote: \(url)" }
    public func statusAheadBehind(ahead: Int, behind: Int) -> String {
        "Not yet sent: \(ahead == 1 ? "1 change" : "\(ahead) changes"); known on the remote and not here: \(behind == 1 ? "1 change" : "\(behind) changes")"
    }
    public func statusUncommitted(_ files: [String]) -> String { "Edited by hand, not committed: \(files.joined(separator: ", "))" }
    public func statusLastSync(_ when: String?) -> String { "Last successful sync: \(when ?? never)" }
    public func statusLastError(_ reason: String) -> String { "Last attempt failed: \(reason)" }
    public var never: String { "never" }
    public var noHistory: String { "No history yet." }
    public func remoteSet(_ url: String) -> String { "Remote set to \(url). Run `habit sync` to send your changes." }
    public var progressReceiving: String { "Receiving" }
    public var progressSending: String { "Sending" }
}

extension RussianMessages: SyncMessages {
    public func notSynced(_ count: Int, reason: String?) -> String {
        "Не синхронизировано изменений: \(count)\(reason.map { " (\($0))" } ?? "; выполните `habit sync`")"
    }
    public func initialized(git: Bool) -> String { git ? "История включена: каждое изменение — коммит git в ветке main." : "История выключена (обычный каталог)." }
    public func cloned(trackers count: Int) -> String { "Удалённый репозиторий склонирован: \(trackers(count))." }
    public var connectedEmptyRemote: String { "Удалённый репозиторий был пуст: теперь в нём этот новый каталог." }
    public var historyEnabled: String { "История включена: каждое изменение теперь — коммит git в ветке main." }
    public func committed(_ files: [String]) -> String { "Закоммичено: \(files.count == 1 ? files[0] : Self.plural(files.count, "файл", "файла", "файлов"))." }
    public var nothingToCommit: String { "Коммитить нечего: вручную ничего не менялось." }
    public func committedHandEdits(_ files: [String]) -> String { "Ваши правки закоммичены: \(files.joined(separator: ", "))." }
    public var upToDate: String { "Уже синхронизировано." }
    public func pushed(_ commits: Int) -> String { "Отправлено изменений: \(commits)." }
    public func received(_ commits: Int) -> String { "Получено изменений: \(commits)." }
    public func merged(pushed: Int, received: Int) -> String {
        "Объединено: получено \(received), отправлено \(pushed); результат отправлен."
    }
    public func firstPush(_ commits: Int) -> String { "Первая синхронизация: в пустой репозиторий отправлено изменений: \(commits)." }
    public func retried(_ attempts: Int) -> String { "(удалённый репозиторий менялся; попыток: \(attempts))" }
    public var statusPlain: String { "Этот каталог — не репозиторий git: нет истории и синхронизации. Включить историю: habit init --git" }
    public var statusNoRemote: String { "Удалённый репозиторий: нет (задать: habit remote set URL)" }
    public func statusRemote(_ url: String) -> String { "Удалённый репозиторий: \(url)" }
    public func statusAheadBehind(ahead: Int, behind: Int) -> String {
        "Не отправлено: \(ahead); есть там и нет здесь: \(behind)"
    }
    public func statusUncommitted(_ files: [String]) -> String { "Изменено вручную и не закоммичено: \(files.joined(separator: ", "))" }
    public func statusLastSync(_ when: String?) -> String { "Последняя успешная синхронизация: \(when ?? never)" }
    public func statusLastError(_ reason: String) -> String { "Последняя попытка не удалась: \(reason)" }
    public var never: String { "никогда" }
    public var noHistory: String { "Истории пока нет." }
    public func remoteSet(_ url: String) -> String { "Удалённый репозиторий: \(url). Выполните `habit sync`, чтобы отправить изменения." }
    public var progressReceiving: String { "Получение" }
    public var progressSending: String { "Отправка" }
}
