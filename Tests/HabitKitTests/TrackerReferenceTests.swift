import HabitCore
import HabitKit
import Testing

@Suite struct TrackerReferenceTests {
    let trackers = [
        Tracker(id: "run", name: "Walk", category: "H", schedule: .daily),
        Tracker(id: "walk", name: "Run", category: "H", schedule: .daily),
        Tracker(id: "morning-swim", name: "Morning swim", category: "H", schedule: .daily),
    ]

    @Test func aNameWinsOverAFileName() {
        #expect(TrackerReference.match("run", in: trackers) == .found(trackers[1]))
        #expect(TrackerReference.match("WALK", in: trackers) == .found(trackers[0]))
    }

    @Test func aFileNameFindsItsTracker() {
        #expect(TrackerReference.match("morning-swim", in: trackers) == .found(trackers[2]))
    }

    @Test func aPrefixOfAWordFindsItsTracker() {
        #expect(TrackerReference.match("sw", in: trackers) == .found(trackers[2]))
    }
}
