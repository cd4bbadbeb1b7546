import HabitCore
import HabitLocalization
import HabitScreens
import TerminalUI

/// The first run: the specs' pages, turned with ←/→ (or h/l), and the button on every page that
/// creates the data directory and opens the main screen (Enter or Space). q or Esc leaves
/// without creating anything.
extension AppState {
    /// The app before there is a data directory: the pages over an empty journal.
    public init(onboarding: OnboardingScreen, today: CivilDate, language: Language = .en) {
        self.init(journal: Journal(), today: today, language: language)
        self.onboarding = onboarding
    }

    mutating func handleOnboarding(_ press: KeyPress, _ screen: OnboardingScreen) -> Effect? {
        switch press.key {
        case .tab where press.modifiers.contains(.shift): onboarding = screen.turning(by: -1)
        case .left, .character("h"): onboarding = screen.turning(by: -1)
        case .right, .character("l"), .tab: onboarding = screen.turning(by: 1)
        case .enter, .character(" "): return .createDirectory
        case .escape, .character("q"): return .quit
        default: break
        }
        return nil
    }

    /// The data directory exists now: the main screen, on today, with its data.
    public mutating func finishOnboarding(_ journal: Journal, today: CivilDate) {
        onboarding = nil
        reload(journal, today: today)
    }
}
