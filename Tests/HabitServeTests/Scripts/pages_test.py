"""habit serve's pages against a real server on 127.0.0.1: the password set with
`habit serve --set-password` (asked on a terminal, kept as a salted hash with mode 0600 beside
the token) logs in from the form and never from an address; "Sync now" shows only when the
directory has a remote; a refusal is the sentence the command line prints, in the page's language."""
import hashlib
import html
import json
import os
import re
import select
import stat
import subprocess
import time
import urllib.parse

from serve_common import HABIT, Account, Server, check, finish, request

PASSWORD = "correct horse battery"


def on_terminal(account, arguments, answers):
    """Runs habit on a pseudo-terminal, typing each answer after the next prompt; its output."""
    master, slave = os.openpty()
    process = subprocess.Popen([HABIT, "--dir", account.data, *arguments], stdin=slave, stdout=slave, stderr=slave,
                               env=account.env, close_fds=True)
    os.close(slave)
    output = b""
    pending = list(answers)
    deadline = time.time() + 120
    while time.time() < deadline:
        ready, _, _ = select.select([master], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
            # One answer per prompt seen ("New password for…:", "The same password again:").
            prompts = output.count(b"password for") + output.count(b"password again")
            while pending and len(answers) - len(pending) < prompts:
                # A person types after the prompt shows, by when echo is off: so does this.
                time.sleep(0.5)
                os.write(master, (pending.pop(0) + "\n").encode())
        elif process.poll() is not None:
            break
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    os.close(master)
    return process.returncode, output.decode("utf-8", "replace")


def login_with_password(server, password):
    return request(server, "POST", "/login", "token=" + urllib.parse.quote(password),
                   {"Content-Type": "application/x-www-form-urlencoded", "Origin": server.origin})


def main():
    account = Account()
    password_path = os.path.join(account.env["XDG_CONFIG_HOME"], "habit", "serve-password")

    # Asked twice, not shown; two different answers change nothing.
    status, output = on_terminal(account, ["serve", "--set-password"], [PASSWORD, PASSWORD + "!"])
    check(status == 1 and "differ" in output, f"different passwords: {status} {output!r}")
    check(not os.path.exists(password_path), "a password was kept after two different answers")
    status, output = on_terminal(account, ["serve", "--set-password"], [PASSWORD, PASSWORD])
    check(status == 0 and "The password is set" in output, f"--set-password: {status} {output!r}")
    check(PASSWORD not in output, "the password was echoed")
    mode = stat.S_IMODE(os.stat(password_path).st_mode)
    check(mode == 0o600, f"serve-password has mode {oct(mode)}")
    check(not any("serve-password" in names for _, _, names in os.walk(account.data)), "a password file in the data directory")
    with open(password_path) as f:
        kind, rounds, salt, digest = f.read().strip().split("$")
    check(kind == "pbkdf2-sha256" and len(bytes.fromhex(salt)) >= 16, f"the stored form: {kind} {salt}")
    check(hashlib.pbkdf2_hmac("sha256", PASSWORD.encode(), bytes.fromhex(salt), int(rounds)).hex() == digest,
          "the stored hash is not PBKDF2-HMAC-SHA256 of the password")

    server = Server(account)
    try:
        status, headers, _ = login_with_password(server, PASSWORD)
        check(status == 303 and "HttpOnly" in headers.get("Set-Cookie", ""), f"login with the password: {status}")
        session = headers.get("Set-Cookie", "").split(";")[0]
        status, _, _ = login_with_password(server, PASSWORD + "x")
        check(status == 401, f"a wrong password: {status}")
        status, _, _ = request(server, "GET", "/login?token=" + urllib.parse.quote(PASSWORD))
        check(status == 401, f"the password in an address: {status}")

        # "Sync now" only with a remote.
        status, _, page = request(server, "GET", "/", headers={"Cookie": session})
        check(status == 200 and 'action="/sync"' not in page, "Sync now is shown without a remote")
        remote = os.path.join(account.root, "remote.git")
        subprocess.run(["git", "init", "-q", "--bare", remote], check=True, env=account.env)
        account.habit("remote", "set", remote)
        status, _, page = request(server, "GET", "/", headers={"Cookie": session})
        check(status == 200 and 'action="/sync"' in page, "Sync now is missing with a remote")
        csrf = re.search(r'name="csrf-token" content="([0-9a-f]+)"', page).group(1)

        # "Sync now" says what it did in habit sync's words, once, even when nothing moved.
        def sync_now(language):
            status, headers, _ = request(server, "POST", "/sync", "csrf=" + csrf,
                                         {"Content-Type": "application/x-www-form-urlencoded", "Cookie": session,
                                          "Origin": server.origin, "Accept-Language": language})
            check(status == 303 and headers.get("Location") == "/", f"Sync now answered {status} {headers}")
            _, _, page = request(server, "GET", "/", headers={"Cookie": session, "Accept-Language": language})
            return re.search(r'<p id="note"[^>]*>([^<]*)</p>', page).group(1)
        sync_now("en")  # the first push
        for language, lang in [("en", "C.UTF-8"), ("ru", "ru_RU.UTF-8")]:
            cli = subprocess.run([HABIT, "--dir", account.data, "sync"], env={**account.env, "LANG": lang},
                                 capture_output=True, text=True)
            check(cli.returncode == 0 and cli.stdout.strip(), f"habit sync: {cli.returncode} {cli.stdout!r} {cli.stderr!r}")
            words = cli.stdout.strip().splitlines()[0]
            note = sync_now(language)
            check(html.unescape(note) == words, f"{language}: Sync now with nothing to do says {note!r}, not habit sync's {words!r}")
            _, _, page = request(server, "GET", "/", headers={"Cookie": session, "Accept-Language": language})
            check(words not in html.unescape(page), f"{language}: the sync's words stay after the page that said them")

        # A numeric card keeps its target in sight beside the amount typed: "3 / 8 glasses".
        status, _, reply = request(server, "POST", "/mark", "tracker=water&date=2026-11-21&state=done&amount=3",
                                   {"Content-Type": "application/x-www-form-urlencoded", "Cookie": session,
                                    "Origin": server.origin, "X-CSRF-Token": csrf, "Accept": "application/json"})
        check(status == 200 and json.loads(reply)["total"] == 3, f"an amount: {status} {reply}")
        for language, target in [("en", "/ 8 glasses"), ("ru", "/ 8 glasses")]:
            _, _, page = request(server, "GET", "/", headers={"Cookie": session, "Accept-Language": language})
            water = re.search(r'<li class="card[^"]*" data-tracker="water".*?</li>', page, re.S).group(0)
            field = re.search(r'<label class="amount">.*?</label>', water, re.S).group(0)
            shown = re.sub(r"<[^>]*>", " ", re.sub(r'<span class="label">.*?</span>', "", field)).split()
            check('value="3"' in field and " ".join(shown) == target, f"{language}: the water card's field shows {shown}, not 3 and {target!r}: {field}")

        # A refusal is the command line's sentence, in the page's language.
        for language, lang in [("en", "C.UTF-8"), ("ru", "ru_RU.UTF-8")]:
            cli = subprocess.run([HABIT, "--dir", account.data, "done", "Run", "--date", "2026-11-22"],
                                 env={**account.env, "LANG": lang}, capture_output=True, text=True)
            sentence = next(line for line in cli.stderr.splitlines() if line.startswith("habit: ")).split(": ", 2)[-1]
            status, _, reply = request(server, "POST", "/mark", f"tracker=run&date=2026-11-22&state=done",
                                       {"Content-Type": "application/x-www-form-urlencoded", "Cookie": session,
                                        "Origin": server.origin, "X-CSRF-Token": csrf, "Accept": "application/json",
                                        "Accept-Language": language})
            error = json.loads(reply).get("error", "")
            check(status == 409 and sentence in error, f"{language}: the refusal {error!r} is not the CLI's {sentence!r}")
    finally:
        server.stop()

    finish()
    print("pages: ok")


main()
