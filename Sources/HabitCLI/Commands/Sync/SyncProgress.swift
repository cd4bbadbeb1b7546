import HabitKit

/// A network step as the user sees it: the timeout from `--timeout`, else `HABIT_SYNC_TIMEOUT`,
/// else 30 s; on a terminal a progress line on standard error, cleared at the end.
struct SyncProgress {
    let session: Session

    func run<Result>(_ body: (SyncOptions) throws -> Result, timeout: () -> Double?) throws -> Result {
        let context = session.context
        let seconds = timeout() ?? context.environment["HABIT_SYNC_TIMEOUT"].flatMap(Double.init) ?? 30
        var options = SyncOptions(timeout: seconds, environment: context.environment)
        let drawing = context.stdoutIsTerminal
        if drawing {
            let errors = context.errors
            let t = session.t
            options.progress = { status in
                let verb = status.sending ? t[.progressSending] : t[.progressReceiving]
                errors.write("\r\(verb): \(status.objects)/\(status.totalObjects) (\(status.bytes / 1024) KB)\u{1B}[K")
            }
        }
        defer { if drawing { context.errors.write("\r\u{1B}[K") } }
        return try body(options)
    }
}
