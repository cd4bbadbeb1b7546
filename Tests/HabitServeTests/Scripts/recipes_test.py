"""The recipes of docs/api.md, run as written against a real habit-serve on 127.0.0.1 (issue 38):
the `curl` lines are copied out of the document and run by bash with HABIT and TOKEN set (and a
`date` that answers the server's day, HABIT_NOW), the Home Assistant sensor and rest_command are
read from its YAML and sent with their URL, headers and payload, the sensor's value_template
rendered by jinja2 (Home Assistant's template engine) over the real reply:
- one-tap Done marks in one commit, and a second tap changes nothing;
- a read-only token, or a token of another tracker, is refused with 403 and nothing is written;
  a revoked token is refused (401);
- the widget's text and the status bar's line are what `habit prompt` says."""
import http.client
import json
import os
import re
import stat
import subprocess
import tempfile
from datetime import datetime

import jinja2
import yaml

from serve_common import NOW, Account, Server, check, finish

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
DOC_HOST = "https://laptop.tail1234.ts.net"


def recipes():
    """The Recipes section of docs/api.md: its sh and yaml code blocks, in order."""
    with open(os.path.join(ROOT, "docs", "api.md"), encoding="utf-8") as f:
        text = f.read()
    section = text[text.index("\n## Recipes\n"):]
    following = re.search(r"\n## (?!#)", section[1:])
    if following:
        section = section[:following.start() + 1]
    return re.findall(r"```(sh|yaml)\n(.*?)```", section, re.S)


def curl_line(blocks, marker):
    lines = [line for kind, body in blocks if kind == "sh" for line in body.splitlines() if line.startswith("curl ") and marker in line]
    check(len(lines) == 1, f"docs/api.md has one curl recipe with {marker!r}: {lines}")
    return lines[0]


class SecretTag(str):
    pass


def home_assistant(blocks):
    """The configuration and the secrets of the Home Assistant recipe."""
    loader = type("Loader", (yaml.SafeLoader,), {})
    loader.add_constructor("!secret", lambda l, node: SecretTag(l.construct_scalar(node)))
    documents = [yaml.load(body, Loader=loader) for kind, body in blocks if kind == "yaml"]
    secrets = next(d for d in documents if "habit_read" in d)
    configuration = next(d for d in documents if "sensor" in d)
    return configuration, secrets


def run_shell(line, server, token, bin_folder):
    env = {"PATH": bin_folder + ":/usr/bin:/bin", "HABIT": server.origin, "TOKEN": token, "LANG": "C.UTF-8"}
    return subprocess.run(["bash", "-c", line], env=env, capture_output=True, text=True, timeout=60)


def send(server, method, url, headers, body=None):
    path = url.replace(DOC_HOST, "")
    check(path.startswith("/"), f"the recipe's URL is on the documented host: {url}")
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    all_headers = {"Host": server.host}
    all_headers.update(headers)
    connection.request(method.upper(), path, body=body, headers=all_headers)
    response = connection.getresponse()
    data = response.read().decode()
    connection.close()
    return response.status, data


def main():
    blocks = recipes()
    done_line = curl_line(blocks, "/api/v1/changes")
    widget_line = curl_line(blocks, '"todo"')
    bar_line = curl_line(blocks, "✓")
    configuration, secrets = home_assistant(blocks)

    account = Account()
    day = NOW[:10]
    # `date +%F` in the recipes answers the server's day (HABIT_NOW), so the test does not depend on the clock.
    bin_folder = tempfile.mkdtemp(prefix="habit-recipes-bin-")
    with open(os.path.join(bin_folder, "date"), "w") as f:
        f.write(f'#!/bin/sh\nif [ "$1" = "+%F" ]; then echo {day}; else exec /bin/date "$@"; fi\n')
    os.chmod(os.path.join(bin_folder, "date"), stat.S_IRWXU)

    def token(*arguments):
        return account.habit("serve", "--token", "add", *arguments).strip().splitlines()[-1]

    phone = token("phone", "--tracker", "Run")
    widget = token("widget", "--read-only")
    waterer = token("waterer", "--tracker", "Water")
    home_run = token("home-run", "--tracker", "Run")
    home_read = token("home-read", "--read-only")
    revoked = token("old-phone", "--tracker", "Run")
    account.habit("serve", "--token", "revoke", "old-phone")

    server = Server(account)
    try:
        secret_values = {"habit_read": "Bearer " + home_read, "habit_run": "Bearer " + home_run}
        check(set(secrets) == set(secret_values) and all(v.startswith("Bearer ") for v in secrets.values()),
              f"the secrets.yaml of the recipe: {secrets}")
        environment = jinja2.Environment()

        def headers(table):
            return {name: secret_values[value] if isinstance(value, SecretTag) else value for name, value in table.items()}

        def glance(when):
            """The widget's text, the status bar's line and the sensor's value: what habit prompt says."""
            widget_text = run_shell(widget_line, server, widget, bin_folder)
            expected = account.habit("prompt", "--format", "{due}").strip()
            check(widget_text.returncode == 0 and widget_text.stdout.strip() == expected,
                  f"{when}: the widget's text {widget_text.stdout!r}{widget_text.stderr} (habit prompt: {expected!r})")
            bar = run_shell(bar_line, server, widget, bin_folder)
            expected = account.habit("prompt", "--format", "{done}/{total} ✓").strip()
            check(bar.returncode == 0 and bar.stdout.strip() == expected, f"{when}: the status bar {bar.stdout!r}{bar.stderr} (habit prompt: {expected!r})")
            sensor = configuration["sensor"][0]
            check(sensor["platform"] == "rest", "the sensor is a RESTful sensor")
            status, body = send(server, sensor.get("method", "GET"), sensor["resource"], headers(sensor["headers"]))
            check(status == 200, f"the sensor's request: {status} {body}")
            value = environment.from_string(sensor["value_template"]).render(value_json=json.loads(body)).strip()
            expected = account.habit("prompt", "--format", "{done}/{total}").strip()
            check(value == expected, f"{when}: the sensor's value {value!r}, habit prompt {expected!r}")

        glance("before Done")

        # Refusals first: nothing is written.
        before = account.snapshot()
        for bearer, why, status in [(widget, "a read-only token", 403), (waterer, "another tracker's token", 403),
                                    (revoked, "a revoked token", 401), ("0" * 64, "an unknown token", 401)]:
            result = run_shell(done_line, server, bearer, bin_folder)
            check(result.returncode == 22 and str(status) in result.stderr, f"{why} on the Done recipe: {result.returncode} {result.stderr}")
            check(account.snapshot() == before, f"{why} wrote something")

        commits = account.commits()
        result = run_shell(done_line, server, phone, bin_folder)
        answer = json.loads(result.stdout or "{}")
        check(result.returncode == 0 and answer.get("results", [{}])[0].get("status") == "applied", f"the Done recipe: {result.stdout}{result.stderr}")
        check(account.commits() == commits + 1, "the Done recipe is not one commit")
        check(f"{day}".encode() in account.file("run.toml"), "the mark is not in run.toml")
        again = run_shell(done_line, server, phone, bin_folder)
        check(again.returncode == 0 and account.commits() == commits + 1, f"a second tap wrote again: {again.stdout}")

        glance("after Done")

        command = configuration["rest_command"]["habit_run_done"]
        now = datetime.fromisoformat(NOW)
        payload = environment.from_string(command["payload"]).render(now=lambda: now)
        sent = headers(command["headers"])
        sent["Content-Type"] = command["content_type"]
        account.habit("undone", "Run")
        commits = account.commits()
        status, body = send(server, command["method"], command["url"], sent, payload)
        check(status == 200 and json.loads(body)["results"][0]["status"] == "applied", f"the rest_command: {status} {body}")
        check(account.commits() == commits + 1, "the rest_command is not one commit")
        # The sensor's token reads only: the same command with it is refused.
        before = account.snapshot()
        sent["Authorization"] = secret_values["habit_read"]
        status, body = send(server, command["method"], command["url"], sent, payload.replace("ha-run-", "ha-run-2-"))
        check(status == 403 and account.snapshot() == before, f"the sensor's token marks: {status} {body}")
    finally:
        server.stop()
    finish()
    print("recipes: ok")


if __name__ == "__main__":
    main()
