#!/usr/bin/env python3
"""Writes Tests/HabitCoreTests/LoopScoreVectors.swift: habit-strength scores computed with Loop Habit
Tracker's own algorithm, for LoopScoreTests to compare habit's HabitStrength against.

    python3 scripts/generate_scores.py          # check against Loop's test values, then write the file

The score code below is copied from /work/research/loop_score.py, an independent Python version of
uhabits-core's `Score.compute` / `ScoreList.recompute` and `EntryList.recomputeFrom` (iSoron/uhabits
@ 5aa8744ef4c8e391c875bbb482e3e79740b5fd81, models/Score.kt, ScoreList.kt, EntryList.kt), which
reproduces every expected value of Loop's ScoreListTest.kt; `self_check` repeats a few of them here
before anything is written. Nothing here is run by the tests: re-run it by hand after changing the
cases.
"""
from __future__ import annotations

import calendar
import math
import os
from dataclasses import dataclass
from datetime import date, timedelta

SKIP, YES_MANUAL, YES_AUTO, NO, UNKNOWN = 3, 2, 1, 0, -1
AT_LEAST, AT_MOST = 0, 1


@dataclass(frozen=True)
class Frequency:
    numerator: int
    denominator: int

    def __post_init__(self):
        if self.numerator == self.denominator:
            object.__setattr__(self, "numerator", 1)
            object.__setattr__(self, "denominator", 1)

    def to_double(self) -> float:
        return self.numerator / self.denominator


# --- copied from loop_score.py -------------------------------------------------------------------

def _value_of(v):
    return v[0] if isinstance(v, tuple) else v


def _notes_of(v):
    return v[1] if isinstance(v, tuple) else ""


def multiplier(freq: float) -> float:
    return 0.5 ** (math.sqrt(freq) / 13.0)


def score_step(freq: float, previous: float, checkmark_value: float) -> float:
    m = multiplier(freq)
    return previous * m + checkmark_value * (1 - m)


def _month_length(d: date) -> int:
    return calendar.monthrange(d.year, d.month)[1]


def build_intervals(freq: Frequency, original_desc):
    filtered = [d for (d, v) in original_desc if v == YES_MANUAL]
    num, den = freq.numerator, freq.denominator
    intervals = []
    for i in range(num - 1, len(filtered)):
        begin = filtered[i]
        center = filtered[i - num + 1]
        size = den
        if den in (30, 31):
            if begin.day == _month_length(begin):
                size = _month_length(begin + timedelta(days=1))
            else:
                size = _month_length(begin)
        if (center - begin).days < size:
            intervals.append((begin, center, begin + timedelta(days=size - 1)))
    return intervals


def snap_intervals_together(intervals):
    for i in range(1, len(intervals)):
        cb, cc, ce = intervals[i]
        nb, _, _ = intervals[i - 1]
        gap_next_to_current = (ce - nb).days
        gap_center_to_end = (ce - cc).days
        if gap_next_to_current >= 0:
            shift = min(gap_center_to_end, gap_next_to_current + 1)
            intervals[i] = (cb - timedelta(days=shift), cc, ce - timedelta(days=shift))
    return intervals


def build_entries_from_intervals(original_desc, intervals):
    if not original_desc:
        return {}
    lo = min(d for d, _, _ in original_desc)
    hi = max(d for d, _, _ in original_desc)
    for b, _, e in intervals:
        lo = min(lo, b)
        hi = max(hi, e)
    result = {}
    d = lo
    while d <= hi:
        result[d] = (UNKNOWN, "")
        d += timedelta(days=1)
    for b, _, e in intervals:
        d = b
        while d <= e:
            result[d] = (YES_AUTO, "")
            d += timedelta(days=1)
    for d, v, notes in original_desc:
        cur = result[d][0]
        nv = v if (cur == UNKNOWN or v == SKIP or v == YES_MANUAL) else YES_AUTO
        result[d] = (nv, notes)
    return result


def compute_entries(entries: dict, freq: Frequency, numerical: bool) -> dict:
    orig = sorted(((d, _value_of(v), _notes_of(v)) for d, v in entries.items()), key=lambda t: t[0], reverse=True)
    if numerical:
        return {d: (v, n) for d, v, n in orig}
    intervals = build_intervals(freq, [(d, v) for d, v, _ in orig])
    snap_intervals_together(intervals)
    computed = build_entries_from_intervals(orig, intervals)
    return {d: (v, n) for d, (v, n) in computed.items() if v != UNKNOWN or n != ""}


def compute_scores(entries: dict, freq: Frequency, numerical: bool = False, target_type: int = AT_LEAST,
                   target_value: float = 0.0, today: date | None = None, to: date | None = None) -> dict:
    if to is None:
        to = today
    computed = compute_entries(entries, freq, numerical)
    start = min(computed) if computed else today
    if start > to:
        start = to
    n_days = (to - start).days + 1
    values = [computed.get(start + timedelta(days=i), (UNKNOWN, ""))[0] for i in range(n_days)]
    numerator, denominator = freq.numerator, freq.denominator
    f = freq.to_double()
    is_at_most = target_type == AT_MOST
    if not numerical and f < 1.0:
        numerator *= 2
        denominator *= 2
    previous = 1.0 if (numerical and is_at_most) else 0.0
    rolling = 0.0
    out = {}
    for i in range(n_days):
        v = values[i]
        if numerical:
            rolling += max(0, v)
            if i - denominator >= 0:
                rolling -= max(0, values[i - denominator])
            norm = rolling / 1000
            if v != SKIP:
                if not is_at_most:
                    pct = min(1.0, norm / target_value) if target_value > 0 else 1.0
                elif target_value > 0:
                    pct = min(1.0, max(0.0, 1 - ((norm - target_value) / target_value)))
                else:
                    pct = 0.0 if norm > 0 else 1.0
                previous = score_step(f, previous, pct)
        else:
            if v == YES_MANUAL:
                rolling += 1.0
            if i - denominator >= 0 and values[i - denominator] == YES_MANUAL:
                rolling -= 1.0
            if v != SKIP:
                pct = min(1.0, rolling / numerator)
                previous = score_step(f, previous, pct)
        out[start + timedelta(days=i)] = previous
    return out

# --- end of the copy ------------------------------------------------------------------------------


def self_check():
    """A few of Loop's own expected values (ScoreListTest.kt), so a damaged copy writes nothing."""
    t = date(2015, 1, 25)
    daily = {t - timedelta(days=i): YES_MANUAL for i in range(20)}
    assert abs(compute_scores(daily, Frequency(1, 1), today=t)[t] - 0.655747) < 1e-6
    two = {t - timedelta(days=i): YES_MANUAL for i in range(2)}
    assert abs(compute_scores(two, Frequency(1, 2), today=t)[t] - 0.054816) < 1e-6
    at_most = {t - timedelta(days=i): 5000 for i in range(2)}
    assert abs(compute_scores(at_most, Frequency(1, 1), True, AT_MOST, 2.0, today=t)[t] - 0.898850) < 1e-6


# Each case: (name, schedule in habit's words, Loop frequency, numeric (target_type, target) or None,
#             first day, list of day values: "x" done, "s" skip, "." nothing, or a number).
def pattern(text):
    return list(text)


CASES = [
    ("daily, done every day for 30 days", "daily", Frequency(1, 1), None, date(2025, 1, 1), pattern("x" * 30)),
    ("daily with gaps", "daily", Frequency(1, 1), None, date(2025, 1, 1),
     pattern("xx.xxx..xxxx.x...xxxxxxx.x.xxxxxx..xx")),
    ("daily with skips", "daily", Frequency(1, 1), None, date(2025, 1, 1),
     pattern("xxxxsxxxxssxxxx.xxsxx")),
    ("3 per week, Mon Wed Fri for five weeks", "3 per week", Frequency(3, 7), None, date(2025, 1, 6),
     pattern("x.x.x..x.x.x..x...x..x.x.x..x.x.x.")),
    ("3 per week with skips and gaps", "3 per week", Frequency(3, 7), None, date(2025, 1, 6),
     pattern("xx.....x.s.x..sssssss.x.x.xx.....x")),
    ("weekdays Mon Wed Fri", "mon wed fri", Frequency(3, 7), None, date(2025, 1, 6),
     pattern("x.x.x..x...x..x.x.x..")),
    ("10 per month", "10 per month", Frequency(10, 30), None, date(2025, 1, 1),
     pattern("x..x..x.x...x..x..x.x...x..x..x..x....x..x.x..x..x")),
    ("every 2 days", "every 2 days", Frequency(1, 2), None, date(2025, 1, 1),
     pattern("x.x.xx...x.x.s.x.x..x")),
    ("numeric at least 10 a day", "daily", Frequency(1, 1), (AT_LEAST, 10.0), date(2025, 1, 1),
     [10, 12, 5, 0, ".", 10, "s", 20, 10, 8, 2.5, ".", ".", 15, 9.5]),
    ("numeric at most 2 a day", "daily", Frequency(1, 1), (AT_MOST, 2.0), date(2025, 1, 1),
     [1, 2, 3, 4, 0, "s", ".", 2, 5, 1, ".", ".", 3.5, 0, "s", "."]),
]


def loop_entries(values, first, numeric):
    entries = {}
    for offset, value in enumerate(values):
        day = first + timedelta(days=offset)
        if value == ".":
            continue
        if value == "s":
            entries[day] = SKIP
        elif value == "x":
            entries[day] = YES_MANUAL
        else:
            entries[day] = int(round(value * 1000))
    return entries


def swift_value(value):
    if value == "x":
        return ".done"
    if value == "s":
        return ".skip"
    return f".amount({float(value)!r})"


def main():
    self_check()
    out = ["// Generated by scripts/generate_scores.py from Loop Habit Tracker's score algorithm",
           "// (uhabits-core Score.compute / ScoreList); re-run the script to change it. Do not edit.",
           "",
           "import Testing",
           "",
           "/// A case of habit strength with the scores Loop Habit Tracker gives it.",
           "struct LoopScoreCase: Sendable, CustomTestStringConvertible {",
           "    enum Value: Sendable { case done, skip, amount(Double) }",
           "    let name: String",
           "    /// The schedule as a file writes it (\"mon wed fri\" is a list of weekdays).",
           "    let schedule: String",
           "    /// \"at_least\" or \"at_most\" with the target; nil for a yes/no habit.",
           "    let measure: (String, Double)?",
           "    let first: String",
           "    /// The values of the days from `first`; nil for a day without a line.",
           "    let values: [Value?]",
           "    /// Loop's score at the end of each day from `first`.",
           "    let scores: [Double]",
           "    var testDescription: String { name }",
           "}",
           "",
           "enum LoopScoreVectors {",
           "    static let cases: [LoopScoreCase] = ["]
    for name, schedule, freq, numeric, first, values in CASES:
        entries = loop_entries(values, first, numeric is not None)
        last = first + timedelta(days=len(values) - 1)
        if numeric is None:
            scores = compute_scores(entries, freq, today=last)
        else:
            scores = compute_scores(entries, freq, True, numeric[0], numeric[1], today=last)
        series = [scores.get(first + timedelta(days=i), 0.0) for i in range(len(values))]
        measure = "nil" if numeric is None else f'("{["at_least", "at_most"][numeric[0]]}", {numeric[1]!r})'
        out.append("        LoopScoreCase(")
        out.append(f'            name: "{name}", schedule: "{schedule}", measure: {measure}, first: "{first.isoformat()}",')
        out.append("            values: [" + ", ".join("nil" if v == "." else swift_value(v) for v in values) + "],")
        out.append("            scores: [")
        for i in range(0, len(series), 5):
            out.append("                " + ", ".join(repr(s) for s in series[i:i + 5]) + ",")
        out.append("            ]),")
    out.append("    ]")
    out.append("}")
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        "Tests", "HabitCoreTests", "LoopScoreVectors.swift")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"wrote {path}: {len(CASES)} cases")


if __name__ == "__main__":
    main()
