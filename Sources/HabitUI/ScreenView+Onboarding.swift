import HabitLocalization
import HabitScreens
import TerminalUI

/// The first-run pages: the page's title and text (HabitLocalization's onboarding pages, the same
/// words `habit` shows on a first run), the page indicators, and the specs' button.
extension ScreenView {
    struct OnboardingLayout {
        var indicatorsY: Int
        var buttonY: Int
    }

    func onboardingLayout(_ screen: OnboardingScreen, size: Size) -> OnboardingLayout {
        // Footer on the last row; the button above it and the indicators above that, with blank
        // lines between them when the terminal has rows to spare.
        size.height >= 20 ? OnboardingLayout(indicatorsY: size.height - 5, buttonY: size.height - 3)
            : OnboardingLayout(indicatorsY: size.height - 3, buttonY: size.height - 2)
    }

    func pageText(_ screen: OnboardingScreen) -> String {
        switch screen.page {
        case .welcome: t[.onboardingPage1]
        case .plainText: t.text(.onboardingPage2, DataText.safe(screen.directory))
        case .history: t[.onboardingPage3]
        }
    }

    /// "←/→ pages · Enter Awesome tech! · q quit".
    func onboardingFooter(width: Int) -> String {
        Keymap.footerLine(["←/→ \(t[.uiOnboardingPages])", "Enter \(t[.uiOnboardingButton])", "q \(t[.uiKeyQuit])"], width: width)
    }

    func drawOnboarding(_ screen: OnboardingScreen, into grid: inout Grid) {
        let layout = onboardingLayout(screen, size: grid.size)
        let margin = grid.width >= 60 ? 4 : 1
        let width = grid.width - 2 * margin
        let top = grid.height >= 20 ? 1 : 0
        let text = Rect(x: margin, y: top, width: width, height: max(0, layout.indicatorsY - 2 * top))
        var y = text.y
        for (index, paragraph) in pageText(screen).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard y < text.y + text.height else { break }
            if paragraph.isEmpty {
                y += 1
                continue
            }
            // A bullet's lines continue under its text.
            let indent = String(paragraph.prefix { $0 == " " })
            let hanging = paragraph.dropFirst(indent.count).hasPrefix("• ") ? indent + "  " : indent
            let lines = wrap(String(paragraph.dropFirst(indent.count)), width: max(10, width - TextWidth.width(indent)))
            for (number, line) in lines.enumerated() where y < text.y + text.height {
                let style: Style = index == 0 ? .attributes(.bold) : .plain
                _ = grid.draw((number == 0 ? indent : hanging) + line, x: margin, y: y, style: style, clip: text)
                y += 1
            }
        }
        let dots = screen.indicators.map { $0 ? "●" : "○" }.joined(separator: " ")
        _ = grid.draw(dots, x: max(0, (grid.width - TextWidth.width(dots)) / 2), y: layout.indicatorsY, style: .attributes(.bold))
        let button = " \(t[.uiOnboardingButton]) "
        _ = grid.draw(button, x: max(0, (grid.width - TextWidth.width(button)) / 2), y: layout.buttonY,
                      style: .attributes([.bold, .reverse]))
        _ = grid.draw(onboardingFooter(width: grid.width), x: 0, y: grid.height - 1, style: .attributes(.dim))
    }
}
