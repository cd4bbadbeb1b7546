#!/usr/bin/env python3
"""Writes Tests/HabitCoreTests/LoopScoreVectors.swift: habit-strength scores for LoopScoreTests to
compare habit's HabitStrength against.

    python3 scripts/generate_scores.py          # check against Loop's published values, then write the file

The scores are computed here, independently of the Swift code, from the formula of
docs/statistics.md ("Habit strength"), which states Loop Habit Tracker's score in words. Before
anything is written, `check_published` compares this computation with expected values published in
Loop Habit Tracker's own tests (facts about its output, kept here as data), so a formula that
drifted from Loop's writes nothing. Nothing here is run by the tests: re-run it by hand after
changing the cases.
"""
from __future__ import annotations

import math
import os
from datetime import date, timedelta

DONE, SKIP = "x", "s"


def strength(values, numerator: int, denominator: int, measure=None) -> list[float]:
    """The score at the end of each day of `values` (docs/statistics.md, "Habit strength").

    `values[i]` is the day's value: "x" done, "s" skipped, None nothing, or a numeric total.
    `measure` is None for a yes/no habit, else ("at_least" or "at_most", target)."""
    if numerator == denominator:
        numerator, denominator = 1, 1
    f = numerator / denominator
    m = 0.5 ** (math.sqrt(f) / 13)
    window, quota = denominator, numerator
    if measure is None and f < 1:
        window, quota = 2 * window, 2 * quota
    completions = [completion(value, measure) for value in values]
    score = 1.0 if measure is not None and measure[0] == "at_most" else 0.0
    result = []
    for day, value in enumerate(values):
        if value != SKIP:
            recent = sum(completions[max(0, day - window + 1):day + 1])
            score = score * m + min(1.0, recent / quota) * (1 - m)
        result.append(score)
    return result


def completion(value, measure) -> float:
    """A day's completion: 1 for a done yes/no day; a numeric day's fraction of its target, a day
    without a line counting as a total of 0."""
    if value == SKIP:
        return 0.0
    if measure is None:
        return 1.0 if value == DONE else 0.0
    direction, target = measure
    total = 0.0 if value is None else float(value)
    if direction == "at_least":
        return min(1.0, total / target) if target > 0 else 1.0
    if target > 0:
        return min(1.0, max(0.0, 1 - (total - target) / target))
    return 1.0 if total == 0 else 0.0


# Expected values from Loop Habit Tracker's own tests (uhabits-core ScoreListTest and the scores of
# its CSV export test asset): (what, day values oldest first, numerator, denominator, measure,
# {days before the last: expected score}, tolerance).
PUBLISHED = [
    ("daily, done 20 days", [DONE] * 20, 1, 1, None, {0: 0.655747}, 1e-6),
    ("1 in 2 days, done 2 days", [DONE] * 2, 1, 2, None, {0: 0.054816}, 1e-6),
    ("at most 2 a day, 5 on 2 days", [5, 5], 1, 1, ("at_most", 2.0), {0: 0.898850}, 1e-6),
    ("2 in 3 days, 10 days", [DONE if c else None for c in reversed(
        [True, False, False, True, True, True, False, False, True, True])], 2, 3, None,
     {0: 0.2557, 1: 0.2226, 2: 0.1991}, 5e-5),
]


def check_published():
    for what, values, numerator, denominator, measure, expected, tolerance in PUBLISHED:
        scores = strength(values, numerator, denominator, measure)
        for back, score in expected.items():
            got = scores[len(scores) - 1 - back]
            assert abs(got - score) < tolerance, f"{what}: {got} where Loop's tests expect {score}"


# Each case: (name, schedule in habit's words, frequency (numerator, denominator) as Loop counts it,
#             numeric (direction, target) or None, first day, list of day values: "x" done, "s" skip,
#             "." nothing, or a number).
CASES = [
    ("daily, done every day for 30 days", "daily", (1, 1), None, date(2025, 1, 1), list("x" * 30)),
    ("daily with gaps", "daily", (1, 1), None, date(2025, 1, 1),
     list("xx.xxx..xxxx.x...xxxxxxx.x.xxxxxx..xx")),
    ("daily with skips", "daily", (1, 1), None, date(2025, 1, 1),
     list("xxxxsxxxxssxxxx.xxsxx")),
    ("3 per week, Mon Wed Fri for five weeks", "3 per week", (3, 7), None, date(2025, 1, 6),
     list("x.x.x..x.x.x..x...x..x.x.x..x.x.x.")),
    ("3 per week with skips and gaps", "3 per week", (3, 7), None, date(2025, 1, 6),
     list("xx.....x.s.x..sssssss.x.x.xx.....x")),
    ("weekdays Mon Wed Fri", "mon wed fri", (3, 7), None, date(2025, 1, 6),
     list("x.x.x..x...x..x.x.x..")),
    ("10 per month", "10 per month", (10, 30), None, date(2025, 1, 1),
     list("x..x..x.x...x..x..x.x...x..x..x..x....x..x.x..x..x")),
    ("every 2 days", "every 2 days", (1, 2), None, date(2025, 1, 1),
     list("x.x.xx...x.x.s.x.x..x")),
    ("numeric at least 10 a day", "daily", (1, 1), ("at_least", 10.0), date(2025, 1, 1),
     [10, 12, 5, 0, ".", 10, "s", 20, 10, 8, 2.5, ".", ".", 15, 9.5]),
    ("numeric at most 2 a day", "daily", (1, 1), ("at_most", 2.0), date(2025, 1, 1),
     [1, 2, 3, 4, 0, "s", ".", 2, 5, 1, ".", ".", 3.5, 0, "s", "."]),
]


def swift_value(value):
    if value == DONE:
        return ".done"
    if value == SKIP:
        return ".skip"
    return f".amount({float(value)!r})"


def main():
    check_published()
    out = ["// Generated by scripts/generate_scores.py from the habit-strength formula of docs/statistics.md,",
           "// checked there against Loop Habit Tracker's published test values; re-run the script to change it.",
           "// Do not edit.",
           "",
           "import Testing",
           "",
           "/// A case of habit strength with the scores Loop Habit Tracker's formula gives it.",
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
           "    /// The score at the end of each day from `first`.",
           "    let scores: [Double]",
           "    var testDescription: String { name }",
           "}",
           "",
           "enum LoopScoreVectors {",
           "    static let cases: [LoopScoreCase] = ["]
    for name, schedule, (numerator, denominator), measure, first, values in CASES:
        series = strength([None if v == "." else v for v in values], numerator, denominator, measure)
        measure_text = "nil" if measure is None else f'("{measure[0]}", {measure[1]!r})'
        out.append("        LoopScoreCase(")
        out.append(f'            name: "{name}", schedule: "{schedule}", measure: {measure_text}, first: "{first.isoformat()}",')
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
