/// The specs' first-run pages, shown when there is no data directory yet: which page is showing,
/// the page indicators, and whether the call to action ("Awesome tech!") is on this page. The
/// words are the front-end's (HabitLocalization's onboarding pages); what a page is and how the
/// pages turn is here, so `habit ui` and any other front-end turn them the same way.
public struct OnboardingScreen: Hashable, Sendable {
    public enum Page: Hashable, Sendable, CaseIterable {
        /// What habit is: trackers, marks, what it shows.
        case welcome
        /// The data is plain text, in `directory`.
        case plainText
        /// History and sync.
        case history
    }

    public static let pages = Page.allCases

    /// The data directory the button creates (the second page names it).
    public var directory: String
    public private(set) var index = 0

    public init(directory: String) { self.directory = directory }

    public var page: Page { Self.pages[index] }
    public var isFirst: Bool { index == 0 }
    public var isLast: Bool { index == Self.pages.count - 1 }

    /// One indicator per page, true for the page showing (the specs' page control).
    public var indicators: [Bool] { Self.pages.indices.map { $0 == index } }

    /// The next (1) or previous (-1) page; it stops at either end, as the specs' pages do.
    public func turning(by pages: Int) -> OnboardingScreen {
        var next = self
        next.index = max(0, min(Self.pages.count - 1, index + pages))
        return next
    }
}
