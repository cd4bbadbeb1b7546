import HabitCore
import TerminalUI

/// The mouse, when `habit ui --mouse` turns it on: a click on a card selects it and a click on
/// the selected card marks it (as Space does); a click on a tab or a day of the week strip shows
/// it; the wheel moves the selection. Where a click lands is `ScreenView.target(at:in:size:)`.
extension AppState {
    /// What a click can hit.
    public enum Target: Hashable, Sendable {
        case card(Int)
        case tab(Tab)
        case day(CivilDate)
        case onboardingButton
    }

    /// A click on `target`; the change to make, if any.
    public mutating func click(_ target: Target) -> Effect? {
        switch target {
        case .onboardingButton:
            return onboarding == nil ? nil : .createDirectory
        case .tab(let tab):
            guard onboarding == nil, overlay == nil else { return nil }
            isEditingSearch = false
            self.tab = tab
        case .day(let date):
            guard onboarding == nil, overlay == nil, tab == .trackers else { return nil }
            isEditingSearch = false
            show(day: date)
        case .card(let index):
            guard onboarding == nil, overlay == nil, tab == .trackers, screen.cards.indices.contains(index) else { return nil }
            isEditingSearch = false
            if index == selection { return handle(.character(" ")) }
            selection = index
        }
        return nil
    }

    /// The wheel: `lines` down (negative: up), on the cards only.
    public mutating func scroll(by lines: Int) {
        guard onboarding == nil, overlay == nil, tab == .trackers, !screen.cards.isEmpty else { return }
        selection = max(0, min(screen.cards.count - 1, selection + lines))
    }
}
