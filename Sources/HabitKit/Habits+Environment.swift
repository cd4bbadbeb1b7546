import HabitStore
import HabitSystem

extension Habits {
    /// The use cases as the programs a person runs (`habit`, `habit serve`, `habit mcp`) set them
    /// up: the load cache, the state folder and the UTC offset of commit times from `environment`
    /// and the clock. The one place that reads them, so the three programs cannot drift apart.
    public init(directory: DataDirectory, environment: [String: String], onWait: @escaping @Sendable (String) -> Void = { _ in },
                clock: @escaping @Sendable () -> Double) {
        self.init(
            directory: directory, cache: LoadCache.Location.resolve(for: directory, environment: environment), onWait: onWait,
            clock: clock, utcOffsetMinutes: LocalTime.utcOffset(at: Int(clock())) / 60,
            stateFolder: DataDirectory.stateFolder(environment))
    }
}
