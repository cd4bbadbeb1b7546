import Foundation
import HabitGit
import HabitKit
import HabitStore

extension Session {
    var sync: any SyncMessages { Language.from(environment: context.environment).syncMessages }

    /// Network settings: the timeout from the option, `HABIT_SYNC_TIMEOUT`, else 30 s; progress
    /// drawn only on a terminal.
    func network(timeout: Double?) -> NetworkOptions {
        let seconds = timeout ?? context.environment["HABIT_SYNC_TIMEOUT"].flatMap(Double.init) ?? 30
        var options = NetworkOptions(timeout: .milliseconds(Int(max(0.1, seconds) * 1000)),
                                     credentials: .fromEnvironment(context.environment))
        if context.stdoutIsTerminal {
            let errors = context.errors
            let s = sync
            options.progress = { progress in
                let verb = progress.direction == .fetch ? s.progressReceiving : s.progressSending
                let kilobytes = progress.bytes / 1024
                errors.write("\r\(verb): \(progress.objects)/\(progress.totalObjects) (\(kilobytes) KB)\u{1B}[K")
            }
        }
        return options
    }

    func endProgress() {
        if context.stdoutIsTerminal { context.errors.write("\r\u{1B}[K") }
    }

    /// Runs a git-backed use case, turning its errors into messages for the user.
    @discardableResult
    func gitOperation<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as KitError {
            endProgress()
            throw Failure(redactCredentials(error.message), hint: error.hint, diagnostics: error.diagnostics)
        } catch let error as GitError {
            endProgress()
            throw Failure(redactCredentials(error.description), hint: GitHints.hint(for: error))
        } catch {
            endProgress()
            throw translate(error)
        }
    }

    func clockText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = context.timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// Prints "3 changes not synced yet: remote unreachable" above the output while changes wait.
    func printOfflineNote() {
        guard let note = workspace.offlineNote() else { return }
        err(style.yellow(sync.notSynced(note.count, reason: note.reason.map { TerminalText.safe(redactCredentials($0)) })))
    }
}

enum GitHints {
    static func hint(for error: GitError) -> String? {
        switch error.kind {
        case .unreachable, .timeout: "Your changes are safe here; run `habit sync` again when the remote is reachable."
        case .authentication: "Check your ssh-agent or keys, or HABIT_GIT_USERNAME and HABIT_GIT_PASSWORD."
        case .remoteRepositoryNotFound: "Check the URL with `habit remote`, or set another with `habit remote set URL`."
        case .pushRejected: "The server refused the change (a hook or a protected branch); ask its administrator."
        default: nil
        }
    }
}
