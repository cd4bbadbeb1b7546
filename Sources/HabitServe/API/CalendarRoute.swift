import HabitInterchange
import HabitKit
import HabitStore
import Hummingbird

/// `GET /calendar.ics?token=…`: the plan as the iCalendar feed of `habit export ics` (HabitInterchange's
/// `CalendarFeed`, the one writer), for a calendar app that subscribes to it. A calendar app can send
/// no header, so this path alone takes its token from the address: a feed token (`habit serve --token
/// add NAME --feed`), which reads this feed and nothing else, and which no other path accepts. It needs
/// no session cookie, so the router sends it here before the authenticator.
enum CalendarRoute {
    static let path = "/calendar.ics"
    /// The days the feed covers, as `habit export ics` without `--days`.
    static let days = 14
}

extension WebApp {
    func calendarFeed(_ call: Call) -> Response {
        let text = call.text
        guard call.request.method == .get || call.request.method == .head else {
            var refusal = Reply.problem(.methodNotAllowed, text[.webBadRequest], wantsJSON: false, text: text)
            refusal.headers[.allow] = "GET, HEAD"
            return refusal
        }
        // With `--no-auth` no book is kept for the pages, but the feed still needs its token.
        let wallClock = clock
        let book = devices ?? DeviceBook(file: ServeAccessFile(directory: habits.directory, environment: environment),
                                         now: { Int(wallClock.seconds) })
        // A wrong or revoked token is 403 (not 401: there is no login that would help a calendar app).
        guard let given = call.request.uri.queryParameters["token"], book.token(secret: String(given), feed: true) != nil else {
            return Reply.problem(.forbidden, text[.webForbidden], wantsJSON: false, text: text)
        }
        let store: Store
        do { store = try keeper.current() } catch {
            return Reply.problem(.serviceUnavailable, WebRefusal.sentence(error, text.messages, today: nil), wantsJSON: false, text: text)
        }
        let feed = CalendarFeed.write(store.journal, today: clock.today(store.settings), days: CalendarRoute.days,
                                      stamp: CalendarFeed.stamp(clock.seconds))
        return Reply.secured(.ok, contentType: "text/calendar; charset=utf-8", body: feed, extra: [.cacheControl: "private, no-cache"])
    }
}
