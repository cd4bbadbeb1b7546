"""Shared by the habit serve tests: a scratch account with a data directory, and a real
habit-serve on 127.0.0.1 (paths of the binaries come from HABIT_BINARY and HABIT_SERVE_BINARY)."""
import http.client
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

HABIT = os.environ["HABIT_BINARY"]
SERVE = os.environ["HABIT_SERVE_BINARY"]
NOW = "2026-11-21T08:00"


failures = []


def check(condition, what):
    """Records a failure and goes on, so one run reports every failed check."""
    if not condition:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)
    return condition


def finish():
    if failures:
        print(f"{len(failures)} failures", file=sys.stderr)
        sys.exit(1)


def request(server, method, path, body=None, headers=None, timeout=60):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
    all_headers = {"Host": server.host}
    all_headers.update(headers or {})
    connection.request(method, path, body=body, headers=all_headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, response.headers, data.decode("utf-8", "replace")


def log_in(server):
    """A new device logged in with the server's token: its session cookie and its CSRF token."""
    status, headers, _ = request(server, "GET", "/login?token=" + server.token)
    check(status == 303, f"login: {status}")
    cookie = headers["Set-Cookie"].split(";")[0]
    _, _, page = request(server, "GET", "/", headers={"Cookie": cookie})
    return cookie, re.search(r'name="csrf-token" content="([0-9a-f]+)"', page).group(1)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Account:
    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="habit-serve-test-")
        self.data = os.path.join(self.root, "data")
        self.env = {
            "HOME": self.root, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HABIT_NOW": NOW,
            "XDG_CONFIG_HOME": os.path.join(self.root, "config"), "XDG_CACHE_HOME": os.path.join(self.root, "cache"),
            "XDG_STATE_HOME": os.path.join(self.root, "state"),
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
            "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid",
        }
        self.habit("init")
        self.habit("category", "add", "Health")
        self.habit("add", "Run", "--category", "Health", "--daily", "--start", "2026-11-01")
        self.habit("add", "Water", "--category", "Health", "--daily", "--start", "2026-11-01", "--target", "8", "--unit", "glasses")

    def habit(self, *arguments):
        result = subprocess.run([HABIT, "--dir", self.data, *arguments], env=self.env, capture_output=True, text=True)
        if result.returncode != 0:
            raise AssertionError(f"habit {' '.join(arguments)}: {result.stdout}{result.stderr}")
        return result.stdout

    def file(self, name):
        with open(os.path.join(self.data, "trackers", name), "rb") as f:
            return f.read()

    def commits(self):
        return int(subprocess.run(["git", "-C", self.data, "rev-list", "--count", "HEAD"], capture_output=True, text=True, check=True).stdout)

    def snapshot(self):
        """Every data file's bytes and the commit count: a refused request changes none of them."""
        files = {}
        for folder, _, names in os.walk(self.data):
            if "/.git" in folder or folder.endswith(".git"):
                continue
            for name in names:
                path = os.path.join(folder, name)
                with open(path, "rb") as f:
                    files[os.path.relpath(path, self.data)] = f.read()
        return files, self.commits()


def stop_process(process):
    """Ends a server this script started: SIGTERM, then SIGKILL if it has not ended in 10 s."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


class Server:
    def __init__(self, account, *arguments, port=None):
        self.port = port or free_port()
        self.process = subprocess.Popen(
            [SERVE, "--dir", account.data, "--listen", f"127.0.0.1:{self.port}", *arguments],
            env=account.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.url = None
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError("habit-serve ended: " + self.process.stderr.read())
            match = re.search(r"(http://\S+)", line)
            if match and "serving" in line:
                self.url = match.group(1)
                break
        if not self.url:
            raise AssertionError("habit-serve printed no address")
        token = re.search(r"token=([0-9a-f]+)", self.url)
        self.token = token.group(1) if token else None
        self.host = f"127.0.0.1:{self.port}"
        self.origin = f"http://{self.host}"

    def stop(self):
        stop_process(self.process)
