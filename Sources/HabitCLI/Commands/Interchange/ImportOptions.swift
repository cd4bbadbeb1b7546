import ArgumentParser
import HabitKit

/// Options every import has.
struct ImportOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The category of trackers the file gives none (default: the tool's name).", valueName: "name"))
    var category: String?

    @Flag(name: .long, help: "Add the days of a tracker whose name exists already to that tracker (days habit has stay as they are).")
    var merge = false

    @Flag(name: .long, help: "Import a tracker whose name exists already as “Name (2)” instead of refusing.")
    var rename = false

    @Flag(name: .long, help: "Give a tracker done N times a week fixed weekdays when at least 90 % of its done days fall on N weekdays.")
    var inferWeekdays = false

    @Flag(name: .long, help: "Show what would be imported and what cannot be carried over exactly; write nothing.")
    var dryRun = false

    var clash: ImportClash { merge ? .merge : rename ? .rename : .refuse }
}
