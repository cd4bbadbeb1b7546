#if canImport(Glibc)
import Glibc
#endif
import HabitCLI

exit(HabitCLI.run(Array(CommandLine.arguments.dropFirst())))
