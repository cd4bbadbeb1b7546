"""Reminders through Apprise (issue 38): `habit remind run` with `remind.notify` in
$XDG_CONFIG_HOME/habit/config.toml sends through Debian's real `apprise`, one target at a time:
- a `json://127.0.0.1:PORT` target (a small HTTP receiver here) gets the reminder with the
  tracker's name;
- a broken target (nothing listens on its port) is reported on standard error by its scheme and
  host only (its user name, password and path are secrets), the run exits 1, and the targets after
  it still get their message;
- an `ntfy://` target gets ntfy's JSON publishing with a Done action in X-Actions; the action, sent
  as the ntfy app would send it, marks the tracker through a real habit-serve in one commit, with a
  token that can mark that tracker only (hashed in the state file, listed as `reminder: run`)."""
import json
import os
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from serve_common import HABIT, NOW, Account, Server, check, finish, free_port, request

received = []


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        received.append({"path": self.path, "headers": dict(self.headers), "body": self.rfile.read(length).decode()})
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(b'{"id": "x"}')

    def log_message(self, *arguments):
        pass


def main():
    account = Account()
    account.habit("edit", "Run", "--remind", "07:30")
    receiver = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    port = receiver.server_address[1]
    dead = free_port()
    server = Server(account)
    try:
        folder = os.path.join(account.env["XDG_CONFIG_HOME"], "habit")
        os.makedirs(folder, exist_ok=True)
        targets = [f"json://127.0.0.1:{port}/hook", f"json://ann:s3cret@127.0.0.1:{dead}/private-path", f"ntfy://127.0.0.1:{port}/ann-habits"]
        with open(os.path.join(folder, "config.toml"), "w") as f:
            f.write("# habit's settings of this machine\n[remind]\nnotify = [\n")
            f.write("".join(f'  "{target}",\n' for target in targets))
            f.write(f']\nserver = "{server.origin}"\n')
        # No desktop session: the reminder is also printed, as under cron.
        env = dict(account.env, PATH="/usr/bin:/bin", XDG_RUNTIME_DIR=account.root)
        result = subprocess.run([HABIT, "--dir", account.data, "remind", "run"], env=env, capture_output=True, text=True, timeout=240)
        check(result.returncode == 1, f"a broken target: exit {result.returncode}")
        check(f"json://127.0.0.1:{dead}/…" in result.stderr and "target 2 of remind.notify" in result.stderr,
              f"the broken target is not reported: {result.stderr}")
        check("s3cret" not in result.stderr + result.stdout and "private-path" not in result.stderr and "ann:" not in result.stderr,
              f"a secret of the target in the report: {result.stderr}")
        check(result.stderr.count("\n") == 1, f"one line for one broken target: {result.stderr}")

        plain = [r for r in received if r["path"] == "/hook"]
        check(len(plain) == 1, f"the json target got {len(plain)} messages")
        if plain:
            message = json.loads(plain[0]["body"])
            check(message.get("title") == "Run" and "07:30" in message.get("message", ""), f"the json target's message: {message}")

        published = [r for r in received if r["path"] == "/"]
        check(len(published) == 1, f"the ntfy target got {len(published)} messages: {received}")
        if published:
            message = json.loads(published[0]["body"])
            check(message.get("topic") == "ann-habits" and message.get("title") == "Run", f"ntfy's JSON publishing: {message}")
            actions = json.loads(published[0]["headers"].get("X-Actions", "[]"))
            check(len(actions) == 1 and actions[0]["action"] == "http" and actions[0]["label"] == "Done", f"the Done action: {actions}")
            action = actions[0]
            check(action["url"] == server.origin + "/api/v1/changes" and action["method"] == "POST", f"the action's request: {action}")
            bearer = action["headers"]["Authorization"]
            path = action["url"][len(server.origin):]

            # The ntfy app's tap: the action's request as it stands.
            commits = account.commits()
            status, _, body = request(server, "POST", path, action["body"], action["headers"])
            check(status == 200 and json.loads(body)["results"][0]["status"] == "applied", f"Done: {status} {body}")
            check(account.commits() == commits + 1, "Done is not one commit")
            check(NOW[:10].encode() in account.file("run.toml"), "Done did not mark run today")
            status, _, body = request(server, "POST", path, action["body"], action["headers"])
            check(status == 200 and account.commits() == commits + 1, f"a second tap wrote again: {status} {body}")
            # Its token marks that tracker only.
            before = account.snapshot()
            other = action["body"].replace('"run"', '"water"').replace("remind-", "remind-water-")
            status, _, body = request(server, "POST", path, other, action["headers"])
            check(status == 403 and account.snapshot() == before, f"the reminder's token marks another tracker: {status} {body}")
            listed = account.habit("serve", "--token", "list")
            check("reminder: run (reads and changes run only)" in listed, f"--token list: {listed}")
            for name in os.listdir(os.path.join(account.env["XDG_STATE_HOME"], "habit", "serve")):
                with open(os.path.join(account.env["XDG_STATE_HOME"], "habit", "serve", name), errors="replace") as f:
                    check(bearer.split()[-1] not in f.read(), "the reminder's token in clear in the state file")
    finally:
        server.stop()
        receiver.shutdown()
    finish()
    print("apprise: ok")


if __name__ == "__main__":
    main()
