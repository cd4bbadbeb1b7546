"""Devices stay logged in across restarts, API tokens reach the JSON API only, and the QR code
logs one device in once (issues 34 and 38), against real habit-serve processes on 127.0.0.1:
- a browser's cookie and the CSRF token of a page loaded before a restart still work after it
  (a new process); `habit serve --revoke` ends the device at its next request, nothing written;
- the state file is in $XDG_STATE_HOME (never the data directory), mode 0600, and holds hashes only;
- a bearer token works under /api/ only, never for a page or from the address, with its scope;
- the QR code printed at the start decodes (zbarimg, the reference decoder from Debian's
  zbar-tools) to the one-time link printed beside it, which logs in once."""
import glob
import hashlib
import json
import os
import re
import shutil
import stat
import struct
import subprocess
import tempfile
import zlib

from serve_common import HABIT, SERVE, Account, Server, check, finish, free_port, request

ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"


def habit(account, *arguments):
    return subprocess.run([HABIT, "--dir", account.data, *arguments], env=account.env, capture_output=True, text=True)


def state_files(account):
    return glob.glob(os.path.join(account.env["XDG_STATE_HOME"], "habit", "serve", "*.toml"))


def login(server, agent=ANDROID, extra=None):
    headers = {"User-Agent": agent}
    headers.update(extra or {})
    status, headers, _ = request(server, "GET", "/login?token=" + server.token, headers=headers)
    check(status == 303, f"login: {status}")
    return headers.get("Set-Cookie", "")


def csrf_of(page):
    match = re.search(r'name="csrf-token" content="([0-9a-f]+)"', page)
    return match.group(1) if match else None


def mark(server, cookie, csrf, day):
    return request(server, "POST", "/mark", f"tracker=run&date={day}&state=done&csrf={csrf}",
                   {"Content-Type": "application/x-www-form-urlencoded", "Origin": server.origin, "Cookie": cookie})[0]


def devices_across_a_restart(account):
    server = Server(account)
    try:
        cookie_header = login(server)
        for attribute in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age="]:
            check(attribute in cookie_header, f"the device cookie lacks {attribute}: {cookie_header}")
        check("Secure" not in cookie_header, "a Secure cookie over plain HTTP")
        check("Secure" in login(server, extra={"X-Forwarded-Proto": "https"}), "no Secure cookie behind a TLS proxy")
        cookie = cookie_header.split(";")[0]
        secret = cookie.split("=", 1)[1]
        status, _, page = request(server, "GET", "/", headers={"Cookie": cookie})
        csrf = csrf_of(page)
        check(status == 200 and csrf, f"the day with the device cookie: {status}")
    finally:
        server.stop()

    # The state file: outside the data directory, 0600, hashes only.
    files = state_files(account)
    check(len(files) == 1, f"state files: {files}")
    with open(files[0]) as f:
        text = f.read()
    check(stat.S_IMODE(os.stat(files[0]).st_mode) == 0o600, f"the state file's mode: {oct(os.stat(files[0]).st_mode)}")
    check(secret not in text and csrf not in text and server.token not in text, "a secret in clear in the state file")
    check(hashlib.sha256(secret.encode()).hexdigest() in text, "the device's hash is not in the state file")
    check('name = "Chrome on Android"' in text, "the device is not named after its User-Agent")
    digest = hashlib.sha256(secret.encode()).hexdigest().encode()
    for folder, _, names in os.walk(account.data):
        for name in names:
            with open(os.path.join(folder, name), "rb") as f:
                check(digest not in f.read(), f"the device is kept in the data directory: {name}")

    # A new process on the same port takes the old cookie, and the CSRF token of the page loaded before it.
    server = Server(account, port=server.port)
    try:
        commits = account.commits()
        status, _, _ = request(server, "GET", "/", headers={"Cookie": cookie})
        check(status == 200, f"the old cookie after a restart: {status}")
        status = mark(server, cookie, csrf, "2026-11-20")
        check(status == 303 and account.commits() == commits + 1, f"a mark with the old CSRF token after a restart: {status}")

        listed = habit(account, "serve", "--devices")
        check(listed.returncode == 0 and "Chrome on Android: logged in " in listed.stdout, f"--devices: {listed.stdout}{listed.stderr}")

        # Revoked while the server runs: refused at the next request, nothing written.
        revoked = habit(account, "serve", "--revoke", "Chrome on Android")
        check(revoked.returncode == 0, f"--revoke: {revoked.stdout}{revoked.stderr}")
        before = account.snapshot()
        status, _, _ = request(server, "GET", "/", headers={"Cookie": cookie})
        check(status == 401, f"a revoked device's page: {status}")
        check(mark(server, cookie, csrf, "2026-11-19") == 401, "a revoked device's mark is not refused with 401")
        check(account.snapshot() == before, "a revoked device wrote something")
    finally:
        server.stop()


def whoami(server, token, path="/api/v1/whoami", extra=None):
    headers = {"Authorization": f"Bearer {token}"}
    headers.update(extra or {})
    status, _, body = request(server, "GET", path, headers=headers)
    try:
        return status, json.loads(body)
    except ValueError:
        return status, None


def tokens(account):
    made = habit(account, "serve", "--token", "add", "script")
    check(made.returncode == 0 and "shown only this once" in made.stdout, f"--token add: {made.stdout}{made.stderr}")
    token = made.stdout.strip().splitlines()[-1]
    scoped = habit(account, "serve", "--token", "add", "widget", "--read-only", "--tracker", "Run")
    widget = scoped.stdout.strip().splitlines()[-1]
    for file in state_files(account):
        with open(file) as f:
            text = f.read()
        check(token not in text and widget not in text, "a token in clear in the state file")
    server = Server(account)
    try:
        status, body = whoami(server, token)
        check(status == 200 and body == {"kind": "token", "name": "script", "readOnly": False, "tracker": None}, f"whoami: {status} {body}")
        status, body = whoami(server, widget)
        check(status == 200 and body == {"kind": "token", "name": "widget", "readOnly": True, "tracker": "run"}, f"a scoped whoami: {status} {body}")
        check(whoami(server, "0" * len(token))[0] == 401, "a wrong token is taken")
        check(whoami(server, token, extra={"Host": "rebound.example:%d" % server.port})[0] in (403, 421), "a bearer with a foreign Host")
        # Never from the address, never for a page.
        status, _, _ = request(server, "GET", "/api/v1/whoami?token=" + token)
        check(status == 401, f"a token in the address: {status}")
        status, _, _ = request(server, "GET", "/", headers={"Authorization": f"Bearer {token}"})
        check(status == 401, f"a token for a page: {status}")
        before = account.snapshot()
        status, _, _ = request(server, "POST", "/mark", "tracker=run&date=2026-11-18&state=done",
                               {"Content-Type": "application/x-www-form-urlencoded", "Authorization": f"Bearer {token}"})
        check(status == 401 and account.snapshot() == before, f"a token marks through a page's route: {status}")
        # The JSON API's changes with a bearer token: no CSRF, no Origin; one commit. A read-only
        # token, or one for another tracker, is refused with 403 before anything is written.
        runner = habit(account, "serve", "--token", "add", "runner", "--tracker", "Run").stdout.strip().splitlines()[-1]

        def changes(bearer, *items):
            status, _, body = request(server, "POST", "/api/v1/changes", json.dumps({"changes": list(items)}),
                                      {"Content-Type": "application/json", "Authorization": f"Bearer {bearer}"})
            return status, body

        commits = account.commits()
        status, body = changes(token, {"id": "bearer-1", "kind": "mark", "tracker": "run", "date": "2026-11-17", "state": "done"})
        check(status == 200 and json.loads(body)["results"][0]["status"] == "applied", f"a bearer change: {status} {body}")
        check(account.commits() == commits + 1, "a bearer change is not one commit")
        before = account.snapshot()
        for bearer, item, why in [
            (widget, {"id": "bearer-2", "kind": "mark", "tracker": "run", "date": "2026-11-16", "state": "done"}, "a read-only token"),
            (runner, {"id": "bearer-3", "kind": "mark", "tracker": "water", "date": "2026-11-16", "state": "done", "amount": 2}, "another tracker's token"),
            (runner, {"id": "bearer-4", "kind": "category.add", "name": "Mind"}, "a tracker's token adding a category"),
        ]:
            status, body = changes(bearer, item)
            check(status == 403 and account.snapshot() == before, f"{why} changes: {status} {body}")
        status, body = changes(runner, {"id": "bearer-5", "kind": "mark", "tracker": "run", "date": "2026-11-16", "state": "done"})
        check(status == 200 and json.loads(body)["results"][0]["status"] == "applied", f"a tracker's token on its tracker: {status} {body}")
        listed = habit(account, "serve", "--token", "list")
        check(re.search(r"^script \(.*\): made .*, last used \d{4}-\d\d-\d\d", listed.stdout, re.M), f"--token list: {listed.stdout}")
        check(habit(account, "serve", "--token", "revoke", "script").returncode == 0, "--token revoke")
        check(whoami(server, token)[0] == 401, "a revoked token is taken")
        before = account.snapshot()
        status, body = changes(token, {"id": "bearer-6", "kind": "mark", "tracker": "run", "date": "2026-11-15", "state": "done"})
        check(status == 401 and account.snapshot() == before, f"a revoked token changes: {status} {body}")
    finally:
        server.stop()


def png(matrix, path, scale=8):
    """A grayscale PNG of the modules (True: dark), written with the standard library."""
    size = len(matrix) * scale
    rows = b""
    for row in matrix:
        line = b"".join((b"\x00" if dark else b"\xff") * scale for dark in row)
        rows += (b"\x00" + line) * scale

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 0, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def qr_code(account):
    server = Server(account, "--allow-host", "phone.example")
    try:
        line = ""
        while "scan this code" not in line:
            line = server.process.stdout.readline()
            check(line != "", "no QR code line: " + line)
            if not line:
                return
        url = re.search(r"(https://phone\.example/login\?link=[0-9a-f]+)", line).group(1)
        first = server.process.stdout.readline().rstrip("\n")
        lines = [first] + [server.process.stdout.readline().rstrip("\n") for _ in range((len(first) + 1) // 2 - 1)]
        check(all(len(l) == len(first) and set(l) <= set("█▀▄ ") for l in lines), "the QR code is not half blocks")
        matrix = []
        for l in lines:
            matrix.append([c in " ▄" for c in l])   # upper module dark
            matrix.append([c in " ▀" for c in l])   # lower module dark
        matrix = matrix[:len(first)]
        check(all(not dark for dark in matrix[0] + matrix[-1] + [r[0] for r in matrix] + [r[-1] for r in matrix]), "no light quiet zone")
        check((len(first) - 8 - 17) % 4 == 0, f"a QR code is 17 + 4n modules wide, plus the quiet zone: {len(first)}")
        zbar = shutil.which("zbarimg") or ("/usr/bin/zbarimg" if os.path.exists("/usr/bin/zbarimg") else None)
        if check(zbar is not None, "zbarimg (zbar-tools) is not installed"):
            image = os.path.join(tempfile.mkdtemp(), "qr.png")
            png(matrix, image)
            decoded = subprocess.run([zbar, "--quiet", "--raw", image], capture_output=True, text=True)
            check(decoded.stdout.strip() == url, f"zbarimg read {decoded.stdout!r} {decoded.stderr!r}, not {url}")
        # The link logs one device in, once.
        path = url.split("phone.example", 1)[1]
        status, headers, _ = request(server, "GET", path, headers={"Host": "phone.example", "User-Agent": ANDROID})
        check(status == 303 and "habit_session_" in headers.get("Set-Cookie", ""), f"the QR code's link: {status}")
        # A phone new to the server sees the specs' welcome pages first, then the day.
        check(headers.get("Location") == "/welcome", f"the QR code's link leads to {headers.get('Location')}, not the welcome pages")
        cookie = headers.get("Set-Cookie", "").split(";")[0]
        for page, then in [(1, "/welcome?page=2"), (2, "/welcome?page=3"), (3, 'href="/"')]:
            status, _, welcome = request(server, "GET", f"/welcome?page={page}", headers={"Host": "phone.example", "Cookie": cookie})
            check(status == 200 and then in welcome, f"welcome page {page}: {status}, no way on to {then}")
        status, _, page = request(server, "GET", "/", headers={"Host": "phone.example", "Cookie": headers.get("Set-Cookie", "").split(";")[0]})
        check(status == 200, f"the day after the QR login: {status}")
        status, headers, _ = request(server, "GET", path, headers={"Host": "phone.example"})
        check(status == 401 and not headers.get("Set-Cookie"), f"the QR code's link used twice: {status}")
    finally:
        server.stop()

    # On the loopback address alone, the start says how a phone gets there instead.
    server = Server(account)
    try:
        lines = [server.process.stdout.readline() for _ in range(2)]
        check(any("tailscale serve" in l and "--listen" in l for l in lines), f"no way to the phone said: {lines}")
    finally:
        server.stop()


def main():
    account = Account()
    devices_across_a_restart(account)
    tokens(account)
    qr_code(account)
    finish()
    print("devices: ok")


if __name__ == "__main__":
    main()
