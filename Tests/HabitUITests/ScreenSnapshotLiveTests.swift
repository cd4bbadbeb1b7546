import HabitCore
import HabitLocalization
import HabitScreens
import HabitUI
import Testing
import TerminalUI

/// The onboarding pages, the statistics tab's columns and the lines at the top, as text snapshots
/// in English and Russian (see ScreenSnapshotTests for recording).
@Suite struct ScreenSnapshotLiveTests {
    @Test(arguments: Language.allCases)
    func onboardingPagesWithTheirIndicatorsAndButton(_ language: Language) throws {
        var state = AppState(onboarding: OnboardingScreen(directory: "/home/me/.local/share/habit"), today: AppStateTests.today)
        for page in 1...3 {
            for (width, height) in ScreenSnapshotTests.sizes {
                let text = ScreenSnapshotTests.render(state, language, width: width, height: height)
                try ScreenSnapshotTests.expectSnapshot(text, named: "onboarding\(page)-\(language.rawValue)-\(width)x\(height)")
                #expect(text.split(separator: "\n").allSatisfy { TextWidth.width(String($0)) <= width })
            }
            _ = state.handle(KeyPress(.right))
        }
    }

    @Test(arguments: Language.allCases)
    func statisticsColumnsHaveAHeaderRow(_ language: Language) throws {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        _ = state.handle(KeyPress(.tab))
        // The pseudo-locale's labels are 30 % longer than English's: at 40 columns the second
        // column's is cut (as a long translation's would be); 80 × 24 is what every language must fit.
        let (width, height) = language.rawValue == "en-XA" ? (80, 24) : (40, 15)
        let text = ScreenSnapshotTests.render(state, language, width: width, height: height)
        try ScreenSnapshotTests.expectSnapshot(text, named: "statistics-\(language.rawValue)-\(width)x\(height)")
        let t = Messages(language)
        let header = try #require(text.split(separator: "\n").first { $0.contains(t[.uiColumnStrength]) })
        #expect(header.contains(t[.uiColumnStreaks]))
    }

    @Test func theOfflineNoteAndTheSyncStatusAreLinesAtTheTop() throws {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        state.offlineNote = "2 changes not synced yet: the remote could not be reached"
        var text = ScreenSnapshotTests.render(state, .english, width: 80, height: 24)
        #expect(text.hasPrefix("2 changes not synced yet: the remote could not be reached\n Trackers "))
        state.syncStatus = "Syncing…"
        state.notice = "Another habit holds the lock"
        text = ScreenSnapshotTests.render(state, .english, width: 80, height: 24)
        #expect(text.hasPrefix("Another habit holds the lock\nSyncing…\n Trackers "), "the sync's own line replaces the note while it runs")
    }

    @Test func aLongNoticeWrapsOntoMoreLinesInsteadOfBeingCut() throws {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        let notice = Messages(.english).text(.refusedFuture, "Wednesday, 25 November 2026")
        state.refusal = notice
        for (width, height) in ScreenSnapshotTests.sizes {
            let text = ScreenSnapshotTests.render(state, .english, width: width, height: height)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let tabs = try #require(lines.firstIndex { $0.hasPrefix(" Trackers ") })
            #expect(lines[..<tabs].joined(separator: " ") == notice, "\(width)×\(height): the whole refusal is readable")
            #expect(lines.allSatisfy { TextWidth.width($0) <= width })
        }
    }

    @Test func aRefusalGoesAtTheNextKeyWhileAFileErrorStays() {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        state.notice = "trackers/run.toml:3:9: expected a value"
        state.refusal = Messages(.english).text(.refusedFuture, "Wednesday, 25 November 2026")
        var text = ScreenSnapshotTests.render(state, .english, width: 80, height: 24)
        #expect(text.hasPrefix("trackers/run.toml:3:9: expected a value\nWednesday, 25 November 2026 is in the future;"))
        _ = state.handle(.character("t"))
        text = ScreenSnapshotTests.render(state, .english, width: 80, height: 24)
        #expect(text.hasPrefix("trackers/run.toml:3:9: expected a value\n Trackers "), "the refusal is gone, the file's error is not")
    }
}
