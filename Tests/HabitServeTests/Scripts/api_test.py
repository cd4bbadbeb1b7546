"""The JSON API (docs/api.md) against a real habit-serve, every answer checked against
docs/openapi.yaml (the document itself checked by openapi-spec-validator from PyPI): each kind of
change applied once with one commit, a replay answered "applied" with nothing written (also by a
new server process: the ids are kept in the state folder, never in the data directory), a refusal
with its reason code and the catalog's sentence, and the request-wide checks (session, Origin,
CSRF header, content type, size) refusing with nothing written."""
import json
import os
import re
import uuid

import jsonschema
import yaml
from openapi_spec_validator import validate

from serve_common import Account, Server, check, finish, log_in, request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
with open(os.path.join(ROOT, "docs", "openapi.yaml")) as f:
    DOCUMENT = yaml.safe_load(f)
validate(DOCUMENT)


def conforms(body, name, what):
    """The body is JSON and matches components/schemas/NAME of docs/openapi.yaml."""
    try:
        value = json.loads(body)
    except ValueError:
        return check(False, f"{what}: not JSON: {body[:200]}")
    schema = dict(DOCUMENT)
    schema["$ref"] = f"#/components/schemas/{name}"
    try:
        jsonschema.Draft202012Validator(schema).validate(value)
    except jsonschema.ValidationError as error:
        return check(False, f"{what}: outside the schema {name}: {error.message}")
    return value


class Client:
    def __init__(self, server):
        self.server = server
        self.cookie, self.csrf = log_in(server)

    def day(self, date=None):
        path = "/api/v1/day" + (f"?date={date}" if date else "")
        status, headers, body = request(self.server, "GET", path, headers={"Cookie": self.cookie, "Accept-Language": "en"})
        check(status == 200, f"GET {path}: {status} {body[:200]}")
        check("private" in headers.get("Cache-Control", ""), f"the day is not private: {headers.get('Cache-Control')}")
        return conforms(body, "Day", "GET " + path)

    def send(self, changes, headers=None, raw=None):
        all_headers = {"Cookie": self.cookie, "Content-Type": "application/json", "X-CSRF-Token": self.csrf,
                       "Origin": self.server.origin, "Accept-Language": "en"}
        all_headers.update(headers or {})
        all_headers = {k: v for k, v in all_headers.items() if v is not None}
        body = raw if raw is not None else json.dumps({"changes": changes})
        return request(self.server, "POST", "/api/v1/changes", body=body, headers=all_headers)

    def apply(self, changes, what):
        status, _, body = self.send(changes)
        check(status == 200, f"{what}: {status} {body[:300]}")
        value = conforms(body, "ChangeResults", what) or {"results": []}
        return value["results"]


def change(kind, **fields):
    return {"id": str(uuid.uuid4()), "kind": kind, **fields}


def main():
    account = Account()
    account.habit("add", "Smoking", "--category", "Health", "--quit", "--start", "2026-11-01")
    account.habit("add", "Gym", "--category", "Health", "--days", "mon", "--start", "2026-11-01")
    server = Server(account)
    try:
        client = Client(server)
        day = client.day()
        cards = {c["tracker"]: c for s in (day or {}).get("sections", []) for c in s["cards"]}
        check(set(cards) >= {"run", "water", "smoking"}, f"the day's cards: {sorted(cards)}")
        check("gym" not in cards, "a tracker not due on the day has a card")
        check(cards.get("water", {}).get("target") == 8, f"the numeric card: {cards.get('water')}")
        check(day and day["csrf"] == client.csrf, "the day's CSRF token is not the session's")
        status, _, body = request(server, "GET", "/api/v1/whoami", headers={"Cookie": client.cookie})
        check(status == 200, f"GET /api/v1/whoami: {status}")
        me = conforms(body, "WhoAmI", "GET /api/v1/whoami")
        check(me and me["kind"] == "device" and me["readOnly"] is False, f"whoami of a device: {me}")

        # One change of every kind, each one commit.
        sent = [
            change("mark", tracker="run", date="2026-11-21", state="done"),
            change("mark", tracker="water", date="2026-11-21", state="done", amount=3),
            change("mark", tracker="run", date="2026-11-20", state="skip"),
            change("mark", tracker="smoking", date="2026-11-21", state="slip"),
            change("mark", tracker="smoking", date="2026-11-21", state="unslip"),
            change("mark", tracker="run", date="2026-11-19", state="done"),
            change("mark", tracker="run", date="2026-11-19", state="undone"),
            change("pin", tracker="water", pinned=True),
            change("category.add", name="Study"),
            change("category.rename", category="Study", name="Learning"),
            change("tracker.add", fields={"kind": "habit", "name": "Read", "category": "Learning", "everyday": "on"}),
            change("tracker.edit", tracker="read", fields={"name": "Read books", "category": "Learning", "everyday": "on"}),
            change("archive", tracker="gym", archived=True),
            change("category.add", name="Spare"),
            change("category.delete", category="Spare"),
            change("delete", tracker="read"),
        ]
        commits = account.commits()
        results = client.apply(sent, "every kind")
        check([r["id"] for r in results] == [c["id"] for c in sent], "the answers are not in the order sent")
        for c, r in zip(sent, results):
            check(r["status"] == "applied", f"{c['kind']} {c.get('state', '')}: {r}")
        check(account.commits() == commits + len(sent), f"{account.commits() - commits} commits for {len(sent)} changes")
        check(b"2026-11-21 = true" in account.file("run.toml"), "the mark is not in run.toml")
        check(b"2026-11-20 = \"skip\"" in account.file("run.toml") or b"skip" in account.file("run.toml"), "the skip is not in run.toml")
        check(b"3" in account.file("water.toml") and b"pinned = true" in account.file("water.toml"), "water.toml: amount or pin missing")
        check(b"archived = true" in account.file("gym.toml"), "the archive is not in gym.toml")
        check(not os.path.exists(os.path.join(account.data, "trackers", "read.toml")), "the deleted tracker's file is there")
        listing = account.habit("category", "list")
        check("Learning" in listing and "Spare" not in listing and "Study" not in listing, f"categories: {listing}")
        check(cards.get("water") and client.day()["sections"][0]["category"] is None, "the pinned section is not first")

        # The same changes again: each answered applied, nothing written.
        before = account.snapshot()
        results = client.apply(sent, "a replay")
        check(all(r["status"] == "applied" for r in results), f"a replay not answered applied: {results}")
        check(account.snapshot() == before, "a replay wrote something")

        # A refusal: a day the tracker is not due on, with the reason's code and the catalog's sentence.
        refused = change("mark", tracker="gym", date="2026-11-20", state="done")
        account.habit("unarchive", "Gym")
        before = account.snapshot()
        results = client.apply([refused, change("mark", tracker="nope", date="2026-11-20", state="done"),
                                {"id": "x1", "kind": "frobnicate"},
                                change("archive", tracker="run", archived=True, amount=3)], "refusals")
        check(results[0]["status"] == "refused" and results[0].get("reason") == "not-scheduled", f"not scheduled: {results[0]}")
        check("not scheduled" in results[0].get("message", "").lower() or "scheduled" in results[0].get("message", ""), f"the sentence: {results[0]}")
        check(results[1].get("reason") == "no-such-tracker", f"an unknown tracker: {results[1]}")
        check(results[2] == {"id": "x1", "status": "refused", "reason": "invalid", "message": results[2].get("message")}, f"an unknown kind: {results[2]}")
        # A property its kind does not use: refused as invalid, the property and the kind named.
        check(results[3]["status"] == "refused" and results[3].get("reason") == "invalid"
              and "“amount” is not a property of “archive” changes" in results[3].get("message", ""), f"an amount on an archive: {results[3]}")
        check(account.snapshot() == before, "a refused change wrote something")
        # In Russian, the same refusal in the catalog's Russian.
        status, _, body = client.send([refused], headers={"Accept-Language": "ru"})
        answer = conforms(body, "ChangeResults", "Russian")
        check(answer and re.search("[а-я]", answer["results"][0]["message"]), f"the Russian sentence: {body}")

        # The request-wide checks: refused as a whole, nothing written.
        before = account.snapshot()
        mark = [change("mark", tracker="run", date="2026-11-18", state="done")]
        for what, headers, raw, expected in [
            ("no CSRF header", {"X-CSRF-Token": None}, None, 403),
            ("a wrong CSRF header", {"X-CSRF-Token": "00" * 24}, None, 403),
            ("another origin", {"Origin": "http://evil.example"}, None, 403),
            ("a form body", {"Content-Type": "application/x-www-form-urlencoded"}, None, 415),
            ("no session", {"Cookie": None}, None, 401),
            ("not JSON", {}, "{", 400),
            ("too large", {}, json.dumps({"changes": mark, "pad": "x" * 300_000}), 413),
            ("too many", {}, json.dumps({"changes": [change("pin", tracker="run", pinned=True) for _ in range(101)]}), 400),
        ]:
            status, headers_out, body = client.send(mark, headers=headers, raw=raw)
            check(status == expected, f"{what}: {status}, expected {expected}: {body[:200]}")
            if status != 413:
                conforms(body, "Problem", what)
        status, _, body = request(server, "GET", "/api/v1/day")
        check(status == 401, f"the day without a session: {status}")
        conforms(body, "Problem", "the day without a session")
        check(account.snapshot() == before, "a refused request wrote something")

        # A new server process remembers the ids applied; they live in the state folder.
        server.stop()
        server = Server(account)
        client = Client(server)
        before = account.snapshot()
        results = client.apply(sent[:3], "a replay to a new process")
        check(all(r["status"] == "applied" for r in results), f"a replay after a restart: {results}")
        check(account.snapshot() == before, "a replay after a restart wrote something")
        kept = os.path.join(account.env["XDG_STATE_HOME"], "habit", "serve-changes")
        check(os.path.isdir(kept) and any(sent[0]["id"] in open(os.path.join(kept, n)).read() for n in os.listdir(kept)),
              "the applied ids are not in the state folder")
        in_data = subprocess_grep(account.data, sent[0]["id"])
        check(not in_data, f"an applied id is in the data directory: {in_data}")
        account.habit("check")
    finally:
        server.stop()
    finish()
    print("api: ok")


def subprocess_grep(folder, needle):
    found = []
    for root, _, names in os.walk(folder):
        for name in names:
            try:
                with open(os.path.join(root, name), "rb") as f:
                    if needle.encode() in f.read():
                        found.append(os.path.join(root, name))
            except OSError:
                pass
    return found


main()
