import HabitScreens
import Testing

@Suite struct OnboardingScreenTests {
    @Test func pagesTurnBothWaysAndStopAtTheEnds() {
        var screen = OnboardingScreen(directory: "/home/me/.local/share/habit")
        #expect(screen.page == .welcome && screen.isFirst && !screen.isLast)
        #expect(screen.indicators == [true, false, false])
        screen = screen.turning(by: -1)
        #expect(screen.index == 0, "no page before the first")
        screen = screen.turning(by: 1)
        #expect(screen.page == .plainText && screen.indicators == [false, true, false])
        screen = screen.turning(by: 1)
        #expect(screen.page == .history && screen.isLast && screen.indicators == [false, false, true])
        screen = screen.turning(by: 1)
        #expect(screen.index == 2, "no page after the last")
        #expect(screen.turning(by: -1).page == .plainText)
    }
}
