"""What an iCalendar feed of habit's shows, day by day, as a calendar app reads it: the events
parsed by `icalendar` (PyPI), recurrences expanded by `dateutil`. Shared by ics_test.py (`habit
export ics`) and Tests/HabitServeTests/Scripts/feed_test.py (`habit serve`'s /calendar.ics)."""
import re
from datetime import datetime, timedelta

import icalendar
from dateutil.rrule import rrulestr


def tracker_id(uid):
    """The tracker an event's UID names (a one-day event's UID carries its date)."""
    return re.sub(r"(-\d{8})?@habit$", "", uid)


def days_shown(raw, today, days=14):
    """For each of `days` days from `today`, the trackers the feed in `raw` has an event for."""
    shown = {}
    first = datetime.combine(today, datetime.min.time())
    last = datetime.combine(today + timedelta(days=days - 1), datetime.min.time())
    for event in icalendar.Calendar.from_ical(raw).walk("VEVENT"):
        start = event["DTSTART"].dt
        day = start.date() if isinstance(start, datetime) else start
        dates = [day]
        if "RRULE" in event:
            rule = rrulestr(event["RRULE"].to_ical().decode(), dtstart=datetime.combine(day, datetime.min.time()))
            dates = [d.date() for d in rule.between(first, last, inc=True)]
        for d in dates:
            shown.setdefault(d, set()).add(tracker_id(str(event["UID"])))
    return shown
