"""The JSON API checked by an independent client (issue 34): schemathesis (PyPI) generates requests
from docs/openapi.yaml against a real habit-serve on 127.0.0.1, with every check it has (no 5xx, no
status, header, content type or body outside the document, invalid requests refused, a request
without its credentials refused):
- as a device: the session cookie and the CSRF token (the document's `session` and `csrf` schemes);
- with a bearer API token made by `habit serve --token add`;
- then the refusals, each run checked by schemathesis_hooks.py's `refused_writes_nothing` and by
  the data directory, byte for byte and commit count: no credentials at all, the cookie with a
  wrong CSRF token, a read-only token. None of them may change anything.
Each run is bounded by --max-time; `habit check` is clean after all of them."""
import os
import re
import subprocess
import sys
import tempfile

import yaml

from serve_common import HABIT, Account, Server, check, finish, request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SECONDS = os.environ.get("HABIT_SCHEMATHESIS_SECONDS", "45")
scratch = tempfile.mkdtemp(prefix="habit-schemathesis-")


def document(port):
    """docs/openapi.yaml with the cookie's real name (it ends with the server's port)."""
    with open(os.path.join(ROOT, "docs", "openapi.yaml")) as f:
        spec = yaml.safe_load(f)
    spec["components"]["securitySchemes"]["session"]["name"] = f"habit_session_{port}"
    path = os.path.join(scratch, "openapi.yaml")
    with open(path, "w") as f:
        yaml.safe_dump(spec, f, allow_unicode=True)
    return path


def schemathesis(server, name, auth, refused=None, seconds=SECONDS):
    """One bounded run; `auth` maps the document's security schemes to what schemathesis sends."""
    config = os.path.join(scratch, name + ".toml")
    with open(config, "w") as f:
        # A batch holding an invalid change is answered 200 with that change refused (docs/openapi.yaml);
        # schemathesis_hooks.py's invalid_changes_refused checks that answer instead.
        f.write('[[operations]]\ninclude-path = "/api/v1/changes"\ninclude-method = "POST"\n'
                'checks.negative_data_rejection.expected-statuses = [200, 400, 401, 403, 413, 415]\n\n')
        for scheme, values in auth.items():
            f.write(f"[auth.openapi.{scheme}]\n")
            for key, value in values.items():
                f.write(f'{key} = "{value}"\n')
    env = dict(os.environ, SCHEMATHESIS_HOOKS="schemathesis_hooks", PYTHONPATH=HERE, HABIT_OPENAPI=document(server.port),
               HABIT_APPLIED_IDS=os.path.join(scratch, "applied-ids"),
               HABIT_REFUSED_RUN=refused or "", NO_COLOR="1")
    command = [sys.executable, "-m", "schemathesis.cli", "--config-file", config, "run", env["HABIT_OPENAPI"],
               "--url", server.origin, "--checks", "all", "--max-time", seconds, "--workers", "1",
               "--request-timeout", "30", "--continue-on-failure", "--suppress-health-check", "too_slow",
               "-H", f"Origin: {server.origin}"]
    if refused:
        # Every request is to be refused: a valid one answered 401/403 is what is asked here.
        command += ["--exclude-checks", "positive_data_acceptance,ignored_auth,missing_required_header"]
    result = subprocess.run(command, env=env, capture_output=True, text=True, cwd=scratch)
    summary = re.search(r"Test cases:\n\s+(.*)", result.stdout)
    print(f"{name}: {summary.group(1) if summary else 'no summary'}")
    check(result.returncode == 0, f"schemathesis {name} found failures:\n{result.stdout[-8000:]}{result.stderr[-2000:]}")


def main():
    account = Account()
    account.habit("add", "Read", "--category", "Health", "--daily", "--start", "2026-11-01")
    server = Server(account)
    try:
        status, headers, _ = request(server, "GET", "/login?token=" + server.token)
        cookie = headers["Set-Cookie"].split(";")[0]
        secret = cookie.split("=", 1)[1]
        status, _, body = request(server, "GET", "/api/v1/day", headers={"Cookie": cookie})
        csrf = re.search(r'"csrf":"([0-9a-f]+)"', body).group(1)

        def token(*arguments):
            made = subprocess.run([HABIT, "--dir", account.data, "serve", "--token", "add", *arguments],
                                  env=account.env, capture_output=True, text=True)
            check(made.returncode == 0, f"--token add: {made.stdout}{made.stderr}")
            return made.stdout.strip().splitlines()[-1]

        full, reader = token("script"), token("widget", "--read-only")

        # What may be accepted, with every check.
        schemathesis(server, "device", {"session": {"api_key": secret}, "csrf": {"api_key": csrf}})
        schemathesis(server, "bearer", {"bearer": {"bearer": full}})
        check(account.habit("check").strip().startswith("All"), "habit check after the accepted runs")

        # What must be refused, writing nothing.
        before = account.snapshot()
        schemathesis(server, "no-credentials", {}, refused="all")
        schemathesis(server, "wrong-csrf", {"session": {"api_key": secret}, "csrf": {"api_key": "00" * 32}}, refused="changes")
        schemathesis(server, "read-only-token", {"bearer": {"bearer": reader}}, refused="changes")
        after = account.snapshot()
        check(after[1] == before[1], f"refused requests made {after[1] - before[1]} commits")
        changed = sorted(k for k in set(before[0]) | set(after[0]) if before[0].get(k) != after[0].get(k))
        check(not changed, f"refused requests changed files: {changed}")
        account.habit("check")
        status = subprocess.run(["git", "-C", account.data, "status", "--porcelain"], capture_output=True, text=True).stdout
        check(status == "", f"uncommitted changes in the data directory: {status}")
    finally:
        server.stop()
    finish()
    print("schemathesis: ok")


main()
