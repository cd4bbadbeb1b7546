import ArgumentParser

/// A command that takes the global options (`--dir`, `--color`): what `TimerRecovery` needs to
/// offer an interrupted timer's minutes before the command runs. `SessionCommandTests` checks that
/// every command with those options is listed here.
protocol SessionCommand: ParsableCommand {
    var global: GlobalOptions { get }
}

extension AddCommand: SessionCommand {}
extension ArchiveCommand: SessionCommand {}
extension CalendarCommand: SessionCommand {}
extension CategoryAddCommand: SessionCommand {}
extension CategoryListCommand: SessionCommand {}
extension CategoryRemoveCommand: SessionCommand {}
extension CategoryRenameCommand: SessionCommand {}
extension CheckCommand: SessionCommand {}
extension CommitCommand: SessionCommand {}
extension DoneCommand: SessionCommand {}
extension EditCommand: SessionCommand {}
extension ExportCSVCommand: SessionCommand {}
extension ExportICSCommand: SessionCommand {}
extension ExportJSONCommand: SessionCommand {}
extension ExportLoopCommand: SessionCommand {}
extension ExportSVGCommand: SessionCommand {}
extension ImportFolderCommand: SessionCommand {}
extension MCPCommand: SessionCommand {}
extension ImportLoopCommand: SessionCommand {}
extension InitCommand: SessionCommand {}
extension ListCommand: SessionCommand {}
extension LogCommand: SessionCommand {}
extension PinCommand: SessionCommand {}
extension PromptCommand: SessionCommand {}
extension RemindActCommand: SessionCommand {}
extension RemindInstallCommand: SessionCommand {}
extension RemindListCommand: SessionCommand {}
extension RemindRunCommand: SessionCommand {}
extension RemindUninstallCommand: SessionCommand {}
extension RemoteSetCommand: SessionCommand {}
extension RemoteShowCommand: SessionCommand {}
extension RemoveCommand: SessionCommand {}
extension ReportCommand: SessionCommand {}
extension ServeCommand: SessionCommand {}
extension ShowCommand: SessionCommand {}
extension SkipCommand: SessionCommand {}
extension SlipCommand: SessionCommand {}
extension StatsCommand: SessionCommand {}
extension StatusCommand: SessionCommand {}
extension SyncCommand: SessionCommand {}
extension TimerCommand: SessionCommand {}
extension UICommand: SessionCommand {}
extension UnarchiveCommand: SessionCommand {}
extension UndoneCommand: SessionCommand {}
extension UnpinCommand: SessionCommand {}
extension UnslipCommand: SessionCommand {}
extension WeekCommand: SessionCommand {}
