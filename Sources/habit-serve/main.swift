#if canImport(Glibc)
import Glibc
#endif
import HabitServe

exit(await HabitServe.run(Array(CommandLine.arguments.dropFirst())))
