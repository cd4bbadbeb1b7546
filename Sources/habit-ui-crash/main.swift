// `habit ui` with a key that traps, for the end-to-end test that a crash gives the terminal back
// (UILiveEndToEndTests). The trap is the app's test hook (`App.Setup.trapKey`), set here rather
// than read by the app from its environment.
// usage: habit-ui-crash DATA-DIRECTORY YYYY-MM-DD KEY
import Foundation
import HabitCore
import HabitKit
import HabitLocalization
import HabitStore
import HabitUI

let arguments = CommandLine.arguments
guard arguments.count == 4, let today = CivilDate(arguments[2]), let key = arguments[3].first else {
    FileHandle.standardError.write(Data("usage: habit-ui-crash DATA-DIRECTORY YYYY-MM-DD KEY\n".utf8))
    exit(2)
}
let habits = Habits(directory: DataDirectory(path: arguments[1]), cache: nil, clock: { 1_795_000_000 })
var setup = App.Setup(habits: habits, t: Messages(.english), environment: ProcessInfo.processInfo.environment,
                      today: { _ in today }, describeError: { "\($0)" }, describeDiagnostic: { "\($0)" })
setup.trapKey = key
exit(try App(setup).run())
