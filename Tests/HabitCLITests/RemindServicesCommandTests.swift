import Foundation
import HabitLocalization
import Testing
@testable import HabitCLI

/// `habit remind run` with `remind.notify` where no `apprise` is installed: what a plain-text case
/// cannot show, since the machine that runs the cases has apprise on PATH.
@Suite struct RemindServicesCommandTests {
    @Test(arguments: [
        ("en_US.UTF-8", "Reminder: 🦷 Book the dentist — Still to do today · reminder at 09:00\n",
         "The reminders of remind.notify in CONFIG were not sent: apprise is not installed (Debian: sudo apt install apprise).\n"),
        ("ru_RU.UTF-8", "Напоминание: 🦷 Book the dentist — Ещё не сделано сегодня · напоминание в 09:00\n",
         "Напоминания из remind.notify в CONFIG не отправлены: apprise не установлен (Debian: sudo apt install apprise).\n"),
    ])
    func withoutAppriseTheRunSaysHowToInstallIt(language: String, printed: String, error: String) throws {
        let habit = try Harness(language: language)
        habit.output("edit dentist --remind 09:00")
        let folder = habit.root.appendingPathComponent(".config/habit")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("config.toml").path
        try Data("[remind]\nnotify = [\"json://127.0.0.1:9\"]\n".utf8).write(to: URL(fileURLWithPath: config))
        let empty = habit.root.appendingPathComponent("no-programs").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let ran = habit.run(["remind", "run"], environment: ["PATH": empty, "XDG_RUNTIME_DIR": habit.root.path])
        #expect(ran.code == 1)
        #expect(ran.out == printed)
        #expect(ran.err == error.replacingOccurrences(of: "CONFIG", with: config))
        if language.hasPrefix("en") { #expect(ran.err == Messages(.english).text(.remindNotifyNoApprise, config) + "\n") }
    }
}
