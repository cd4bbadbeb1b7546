"""schemathesis_test.py's own check, loaded by schemathesis through SCHEMATHESIS_HOOKS: in a run
whose changes are to be refused (HABIT_REFUSED_RUN=changes: a wrong CSRF token, a read-only
token), no change may be answered `applied`; in a run without credentials (HABIT_REFUSED_RUN=all)
nothing may be answered 2xx."""
import os

import jsonschema
import schemathesis
import yaml

with open(os.environ["HABIT_OPENAPI"]) as f:
    CHANGE = jsonschema.Draft202012Validator(yaml.safe_load(f)["components"]["schemas"]["Change"],
                                             format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


# The properties each kind uses (docs/openapi.yaml, Change); a change with another of them is
# refused as invalid, a property the schema does not name is ignored.
USED = {"mark": {"tracker", "date", "state", "amount"}, "pin": {"tracker", "pinned"}, "archive": {"tracker", "archived"},
        "delete": {"tracker"}, "tracker.add": {"fields"}, "tracker.edit": {"tracker", "fields"}, "category.add": {"name"},
        "category.rename": {"category", "name"}, "category.delete": {"category"}}
NAMED = set().union(*USED.values())


# The ids the server answered `applied` in this test's runs (a file, as each run is a process of
# its own): an id sent again is answered `applied` whatever the change holds (docs/api.md).
APPLIED_FILE = os.environ["HABIT_APPLIED_IDS"]
with open(APPLIED_FILE, "a+") as f:
    f.seek(0)
    APPLIED = set(f.read().split("\n"))


def remember(identifier):
    if isinstance(identifier, str) and identifier not in APPLIED:
        APPLIED.add(identifier)
        with open(APPLIED_FILE, "a") as f:
            f.write(identifier + "\n")


@schemathesis.check
def invalid_changes_refused(ctx, response, case):
    """docs/openapi.yaml: a change not as its schema says is answered `refused`, reason `invalid`
    (the others of the request still apply), so a 200 to such a request is right only then."""
    if case.method.upper() != "POST" or response.status_code != 200 or not isinstance(case.body, dict):
        return None
    sent = case.body.get("changes")
    results = response.json().get("results", [])
    if not isinstance(sent, list) or len(sent) != len(results):
        raise AssertionError(f"{len(results)} results for {sent!r}")
    for change, result in zip(sent, results):
        # A property given as null is taken as left out; one its kind does not use makes the
        # change invalid (docs/openapi.yaml, Change).
        unused = []
        if isinstance(change, dict):
            used = {"id", "kind"} | USED.get(change.get("kind") if isinstance(change.get("kind"), str) else "", NAMED)
            unused = [key for key, value in change.items() if value is not None and key in NAMED and key not in used]
            change = {key: value for key, value in change.items() if value is not None and key in used}
        replayed = result.get("status") == "applied" and result.get("id") in APPLIED
        if (unused or not CHANGE.is_valid(change)) and not replayed and (result.get("status"), result.get("reason")) != ("refused", "invalid"):
            raise AssertionError(f"an invalid change was answered {result}: {change!r}")
        if result.get("status") == "applied":
            remember(result.get("id"))
    return None


@schemathesis.check
def refused_writes_nothing(ctx, response, case):
    if not os.environ.get("HABIT_REFUSED_RUN") or response.status_code >= 300:
        return None
    if case.method.upper() == "POST":
        # A read-only token's empty batch is answered with no results: nothing was applied.
        results = (response.json() or {}).get("results", [])
        applied = [r for r in results if r.get("status") == "applied"]
        if applied:
            raise AssertionError(f"a refused request applied changes: {applied}")
    if os.environ["HABIT_REFUSED_RUN"] == "all":
        raise AssertionError(f"a request without credentials answered {response.status_code}")
    return None
