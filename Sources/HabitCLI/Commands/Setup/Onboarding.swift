import HabitKit
import HabitLocalization

/// The first run on an account with no data: a few pages of welcome on a terminal (Enter or →
/// for the next, q to skip), then an offer to create the data directory, with the categories of
/// the product's first-launch screen or none. Without a terminal it prints the guide and
/// succeeds, so scripts see no prompt.
struct Onboarding {
    let session: Session

    func run() throws {
        let t = session.t
        let directory = TerminalText.safe(session.directory.path)
        let context = session.context
        guard context.stdinIsTerminal, context.stdoutIsTerminal else {
            session.out(t.text(.onboardingGuide, directory))
            return
        }
        let pages = [t[.onboardingPage1], t.text(.onboardingPage2, directory), t[.onboardingPage3]]
        pages: for (number, page) in pages.enumerated() {
            session.prose(page)
            session.out()
            context.output.write(session.style.dim("(\(number + 1)/\(pages.count)) " + t[.onboardingKeys]) + " ")
            switch context.readKey() {
            case .next: session.out("\n")
            case .skip: session.out("\n"); break pages
            case .interrupt: session.out(); throw Failure(t[.onboardingNotCreated], exitCode: ExitStatus.interrupted)
            }
        }
        guard try session.confirm(t.text(.onboardingCreate, directory), assumeYes: false, defaultYes: true) else {
            session.out(t[.onboardingNotCreated])
            return
        }
        let starter: [MessageKey] = [.categoryAcademic, .categoryWork, .categorySelf, .categoryHealth, .categorySocial,
                                     .categoryFinance, .categoryQuit]
        let categories = try session.confirm(t[.onboardingCategories], assumeYes: false, defaultYes: true) ? starter.map { t[$0] } : []
        _ = try session.habits.initialize(settings: SettingsTemplate.text(categories: categories), history: true, remote: nil,
                                          options: SyncOptions(environment: context.environment))
        session.out()
        if categories.isEmpty {
            session.prose(t.text(.welcome, directory))
            session.out()
            session.prose(t[.initialized])
        } else {
            // The pages said what the welcome says; what is left is what to type next.
            session.prose(t[.initialized])
            session.prose(t.text(.onboardingCategoriesCreated, t.list(categories)))
            session.out()
            session.out(t[.onboardingNextSteps])
        }
    }
}
