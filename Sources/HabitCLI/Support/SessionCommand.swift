import ArgumentParser

/// A command that takes the global options (`--dir`, `--color`): what `TimerRecovery` needs to
/// offer an interrupted timer's minutes before the command runs. `SessionCommandTests` checks that
/// every command with those options is one: a `SessionRunningCommand`, or listed below.
protocol SessionCommand: ParsableCommand {
    var global: GlobalOptions { get }
}

/// A command whose work is done in the session its global options open: the one place such a
/// command's `Session` is made. The commands listed below make theirs in a shared helper
/// (`Marking`, `Exporting`, …) or after checks of their own.
protocol SessionRunningCommand: SessionCommand {
    func run(in session: Session) throws
}

extension SessionRunningCommand {
    func run() throws {
        try run(in: Session(global))
    }
}

extension ArchiveCommand: SessionCommand {}
extension DoneCommand: SessionCommand {}
extension ExportCSVCommand: SessionCommand {}
extension ExportJSONCommand: SessionCommand {}
extension ExportLoopCommand: SessionCommand {}
extension ImportFolderCommand: SessionCommand {}
extension ImportLoopCommand: SessionCommand {}
extension PinCommand: SessionCommand {}
extension SkipCommand: SessionCommand {}
extension SlipCommand: SessionCommand {}
extension UnarchiveCommand: SessionCommand {}
extension UndoneCommand: SessionCommand {}
extension UnpinCommand: SessionCommand {}
