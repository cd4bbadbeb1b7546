"""`habit export ics` read back with `icalendar` (PyPI): the feed is well-formed RFC 5545 (CRLF,
lines of at most 75 octets, escaped text), and its events, recurrences expanded, give for each of
14 days exactly the trackers `habit list --date D --json` shows. HABIT_BINARY is the habit to run."""
import json
import os
import subprocess
import sys
import tempfile
from datetime import date, datetime, timedelta

import icalendar

from calendar_days import days_shown, tracker_id

HABIT = os.environ["HABIT_BINARY"]
TODAY = date(2026, 11, 21)  # a Saturday
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)
    return condition


root = tempfile.mkdtemp(prefix="habit-ics-test-")
data = os.path.join(root, "data")
env = {
    "HOME": root, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HABIT_NOW": TODAY.isoformat() + "T08:00", "TZ": "UTC",
    "XDG_CONFIG_HOME": os.path.join(root, "config"), "XDG_CACHE_HOME": os.path.join(root, "cache"),
    "XDG_STATE_HOME": os.path.join(root, "state"),
    "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
    "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid",
}


def habit(*arguments, binary=False):
    result = subprocess.run([HABIT, "--dir", data, *arguments], env=env, capture_output=True)
    if result.returncode != 0:
        raise AssertionError(f"habit {' '.join(arguments)}: {result.stdout!r}{result.stderr!r}")
    return result.stdout if binary else result.stdout.decode()


long_note = "Растяжка, приседания; отжимания\\планка — " * 3
habit("init", "--git")
habit("category", "add", "Health")
habit("add", "Run", "--category", "Health", "--daily", "--start", "2026-11-01")
habit("add", "Gym, upper; body", "--category", "Health", "--days", "mon,wed,fri", "--remind", "07:30", "--emoji", "🏋️",
      "--description", long_note, "--start", "2026-11-01")
habit("add", "Read", "--category", "Health", "--schedule", "3 per week", "--start", "2026-11-01")
habit("add", "Water plants", "--category", "Health", "--schedule", "every 3 days", "--start", "2026-11-20")
habit("add", "Dentist", "--category", "Health", "--event")
habit("add", "Sweets", "--category", "Health", "--quit", "--start", "2026-11-01")
habit("add", "Swim", "--category", "Health", "--days", "tue,thu", "--start", "2026-11-26")
habit("add", "Piano", "--category", "Health", "--days", "sat,sun", "--start", "2026-11-01")
habit("add", "Old", "--category", "Health", "--daily", "--start", "2026-11-01")
habit("archive", "Old")
habit("done", "Read")
habit("skip", "--all", "--from", "2026-11-28", "--to", "2026-11-29")

raw = habit("export", "ics", "--days", "14", binary=True)
check(raw.endswith(b"\r\n") and b"\n" not in raw.replace(b"\r\n", b""), "every line ends with CRLF")
for line in raw.split(b"\r\n"):
    check(len(line) <= 75, f"a line longer than 75 octets: {line!r}")
    line.decode("utf-8")  # folding never cuts a UTF-8 sequence

calendar = icalendar.Calendar.from_ical(raw)
check(str(calendar.get("VERSION")) == "2.0", "VERSION:2.0")
events = list(calendar.walk("VEVENT"))
uids = [str(event["UID"]) for event in events]
check(len(uids) == len(set(uids)), f"UIDs are unique: {uids}")
check(uids == [str(e["UID"]) for e in icalendar.Calendar.from_ical(habit("export", "ics", "--days", "14", binary=True)).walk("VEVENT")],
      "UIDs are stable from one export to the next")


shown = days_shown(raw, TODAY)

gym = next(e for e in events if tracker_id(str(e["UID"])) == "gym-upper-body")
check(str(gym["SUMMARY"]) == "🏋️ Gym, upper; body", f"the summary unescaped: {gym['SUMMARY']!r}")
check(str(gym["DESCRIPTION"]) == long_note, f"the folded, escaped description reads back: {gym['DESCRIPTION']!r}")
check(gym["DTSTART"].dt.hour == 7 and gym["DTSTART"].dt.minute == 30, "the reminder's time")
check("RRULE" in gym and gym["RRULE"]["BYDAY"] == ["MO", "WE", "FR"], f"weekly by day: {gym.get('RRULE')}")
run = next(e for e in events if tracker_id(str(e["UID"])) == "run")
check(not isinstance(run["DTSTART"].dt, datetime), "no reminder: an all-day event")

for offset in range(14):
    day = TODAY + timedelta(days=offset)
    listed = json.loads(habit("list", "--date", day.isoformat(), "--json"))
    expected = {tracker["id"] for group in listed["groups"] for tracker in group["trackers"]}
    check(shown.get(day, set()) == expected, f"{day}: the feed has {sorted(shown.get(day, set()))}, habit list {sorted(expected)}")
check(any(shown.values()), "the feed has events")

if failures:
    print(f"{len(failures)} failures", file=sys.stderr)
    sys.exit(1)
print("ics: ok")
