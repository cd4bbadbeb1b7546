import Foundation
import Testing

@Suite struct ShowTests {
    @Test func habitWithAGoal() throws {
        let habit = try Harness()
        let result = habit.output("show run")
        #expect(result.contains("Mon, Wed, Fri"))
        #expect(result.contains("Slow 5 km"))
    }

    @Test func eventVersusHabit() throws {
        let habit = try Harness()
        let open = habit.output("show dentist")
        #expect(open.contains("One-off event"))
        #expect(open.contains("not done yet"))
        #expect(!open.contains("Schedule"), "an event has no weekdays")
        #expect(habit.run("done dentist --date 2026-11-20").code == 0)
        let done = habit.run("show dentist")
        #expect(done.out.contains("done Friday, 20 November 2026"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(habit.run("show dentist --json").out.utf8)) as? [String: Any])
        #expect(json["kind"] as? String == "event")
        #expect(json["schedule"] is NSNull)
        #expect(json["event_done"] as? String == "2026-11-20")
        let daily = try #require(try JSONSerialization.jsonObject(with: Data(habit.run("show drink --json").out.utf8)) as? [String: Any])
        #expect(daily["kind"] as? String == "habit")
        #expect((daily["schedule"] as? [String])?.count == 7)
        #expect(daily["goal"] is NSNull)
    }

    @Test func emptyTracker() throws {
        let fresh = try Harness(examples: false)
        #expect(fresh.run("init").code == 0)
        #expect(fresh.run("category add Health").code == 0)
        #expect(fresh.run("add Run --category Health --days mon --goal 4w").code == 0)
        fresh.output("show run")
    }

    @Test func json() throws {
        let habit = try Harness()
        let result = habit.output("show read --json")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: Any])
        #expect(parsed["id"] as? String == "read-20-pages")
        #expect((parsed["recent"] as? [Any])?.count == 35)
    }

    @Test func russian() throws {
        let habit = try Harness(language: "ru_RU.UTF-8")
        let result = habit.run("show run")
        #expect(result.out.contains("3 месяца"))
    }

    @Test func unknownTracker() throws {
        let habit = try Harness()
        let result = habit.run("show nothing-like-it")
        #expect(result.code == 1)
        #expect(result.err.contains("No tracker matches “nothing-like-it”"))
        #expect(result.out.isEmpty)
    }
}
