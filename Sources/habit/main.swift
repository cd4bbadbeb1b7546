import Foundation
import HabitCLI

exit(HabitCLI.run(Array(CommandLine.arguments.dropFirst())))
