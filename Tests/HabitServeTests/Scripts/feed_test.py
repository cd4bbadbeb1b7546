"""The calendar feed of habit serve, `/calendar.ics?token=…` (issue 38), against a real habit-serve
on 127.0.0.1: with a feed token (`habit serve --token add NAME --feed`) and no cookie, it answers
the iCalendar feed, which `icalendar` (PyPI) parses and whose events, recurrences expanded, are for
each of 14 days exactly the trackers `habit list --date D --json` shows; a wrong token, an API
token and a revoked feed token get 403; the feed token is refused by the API and kept as a hash."""
import glob
import json
import os
import re
import subprocess
import sys
from datetime import date, timedelta

from serve_common import HABIT, NOW, Account, Server, check, finish, request

# The day-by-day reading of a feed is the export's test's own (Tests/HabitCLITests/Scripts).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "HabitCLITests", "Scripts"))
from calendar_days import days_shown  # noqa: E402

TODAY = date.fromisoformat(NOW[:10])


def habit(account, *arguments):
    return subprocess.run([HABIT, "--dir", account.data, *arguments], env=account.env, capture_output=True, text=True)


def last_line(result):
    return result.stdout.strip().splitlines()[-1]


def main():
    account = Account()
    account.habit("add", "Gym", "--category", "Health", "--days", "mon,wed,fri", "--remind", "07:30", "--start", "2026-11-01")
    account.habit("add", "Read", "--category", "Health", "--schedule", "3 per week", "--start", "2026-11-01")
    account.habit("add", "Plants", "--category", "Health", "--schedule", "every 3 days", "--start", "2026-11-20")
    account.habit("add", "Dentist", "--category", "Health", "--event")
    account.habit("skip", "--all", "--from", "2026-11-28", "--to", "2026-11-29")

    made = habit(account, "serve", "--token", "add", "phone-calendar", "--feed")
    check(made.returncode == 0 and "/calendar.ics" in made.stdout, f"--token add --feed: {made.stdout}{made.stderr}")
    feed = last_line(made)
    api = last_line(habit(account, "serve", "--token", "add", "script"))
    both = habit(account, "serve", "--token", "add", "x", "--feed", "--read-only")
    check(both.returncode == 2, f"--feed with --read-only is a usage error: {both.returncode} {both.stderr}")
    listed = habit(account, "serve", "--token", "list").stdout
    check(re.search(r"^phone-calendar \(the calendar feed only\): made ", listed, re.M), f"--token list: {listed}")
    for file in glob.glob(os.path.join(account.env["XDG_STATE_HOME"], "habit", "serve", "*.toml")):
        with open(file) as f:
            check(feed not in f.read(), "the feed token in clear in the state file")

    server = Server(account)
    try:
        # No cookie: the token in the address is all a calendar app has.
        status, headers, body = request(server, "GET", "/calendar.ics?token=" + feed)
        check(status == 200 and headers.get("Content-Type", "").startswith("text/calendar"), f"the feed: {status} {headers.get('Content-Type')}")
        shown = days_shown(body.encode(), TODAY)
        for offset in range(14):
            day = TODAY + timedelta(days=offset)
            listed = json.loads(account.habit("list", "--date", day.isoformat(), "--json"))
            expected = {tracker["id"] for group in listed["groups"] for tracker in group["trackers"]}
            check(shown.get(day, set()) == expected, f"{day}: the feed has {sorted(shown.get(day, set()))}, habit list {sorted(expected)}")
        check(any(shown.values()), "the feed has events")

        for token, why in [("0" * len(feed), "a wrong token"), (api, "an API token"), ("", "an empty token")]:
            status, _, body = request(server, "GET", "/calendar.ics?token=" + token)
            check(status == 403 and "BEGIN:VCALENDAR" not in body, f"{why} reads the feed: {status}")
        status, _, _ = request(server, "GET", "/calendar.ics")
        check(status == 403, f"no token reads the feed: {status}")
        status, _, _ = request(server, "GET", "/calendar.ics", headers={"Authorization": f"Bearer {feed}"})
        check(status == 403, f"the feed token as a header: {status}")
        status, _, _ = request(server, "POST", "/calendar.ics?token=" + feed, "", {"Content-Type": "text/plain"})
        check(status == 405, f"a POST to the feed: {status}")
        # The feed token never reaches the API, nor a page.
        status, _, _ = request(server, "GET", "/api/v1/whoami", headers={"Authorization": f"Bearer {feed}"})
        check(status == 401, f"the feed token on the API: {status}")
        status, _, _ = request(server, "GET", "/api/v1/day?token=" + feed)
        check(status == 401, f"the feed token in the API's address: {status}")
        before = account.snapshot()
        status, _, _ = request(server, "POST", "/api/v1/changes",
                               json.dumps({"changes": [{"id": "feed-1", "kind": "mark", "tracker": "run", "date": NOW[:10], "state": "done"}]}),
                               {"Content-Type": "application/json", "Authorization": f"Bearer {feed}"})
        check(status == 401 and account.snapshot() == before, f"the feed token changes: {status}")
        # Revoked while the server runs: refused at the next request.
        check(habit(account, "serve", "--token", "revoke", "phone-calendar").returncode == 0, "--token revoke of a feed token")
        status, _, _ = request(server, "GET", "/calendar.ics?token=" + feed)
        check(status == 403, f"a revoked feed token: {status}")
    finally:
        server.stop()

    # --no-auth on 127.0.0.1: the pages are open, the feed still wants its token.
    again = last_line(habit(account, "serve", "--token", "add", "calendar-2", "--feed"))
    server = Server(account, "--no-auth")
    try:
        check(request(server, "GET", "/calendar.ics?token=" + again)[0] == 200, "the feed with --no-auth")
        check(request(server, "GET", "/calendar.ics?token=" + feed)[0] == 403, "a revoked token with --no-auth")
    finally:
        server.stop()
    finish()
    print("feed: ok")


if __name__ == "__main__":
    main()
