#if canImport(Glibc)
import Glibc
#endif
import HabitMCP

exit(await HabitMCP.run(Array(CommandLine.arguments.dropFirst())))
