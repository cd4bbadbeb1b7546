"""Web Push from habit serve, checked with the reference implementations: the test subscribes
with a key and auth secret of its own and an endpoint it listens on (http on 127.0.0.1, which the
server allows for the loopback host only), makes a reminder due, decrypts the message it receives
with http_ece (RFC 8291) and verifies its VAPID token with py_vapid (RFC 8292) against
GET /api/v1/push/key. `habit remind run` sends through habit-serve --push-due with the same run log;
a Snooze sends again; an endpoint that answers 410 loses its subscription."""
import base64
import glob
import http.server
import json
import os
import re
import stat
import subprocess
import threading
import time

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import jwt as vapid_jwt

from serve_common import Account, Server, check, finish, log_in, request, HABIT

DAY = "2026-11-21"


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService:
    """A push service on 127.0.0.1: keeps every POST, answers with `status`."""

    def __init__(self):
        self.received = []
        self.status = 201
        self.lock = threading.Condition()
        service = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                with service.lock:
                    service.received.append((self.path, dict(self.headers), body))
                    service.lock.notify_all()
                self.send_response(service.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait(self, count, seconds=20):
        deadline = time.time() + seconds
        with self.lock:
            while len(self.received) < count and time.time() < deadline:
                self.lock.wait(0.2)
            return len(self.received) >= count

    def stop(self):
        self.server.shutdown()


class Device:
    """A logged-in browser's cookie and CSRF token, and the keys its push subscription has."""

    def __init__(self, server):
        self.server = server
        self.cookie, self.csrf = log_in(server)
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.p256dh = self.key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)

    def call(self, method, path, body=None, language="ru", headers=None):
        all_headers = {"Cookie": self.cookie, "Content-Type": "application/json", "X-CSRF-Token": self.csrf,
                       "Origin": self.server.origin, "Accept-Language": language}
        all_headers.update(headers or {})
        all_headers = {k: v for k, v in all_headers.items() if v is not None}
        return request(self.server, method, path, body=None if body is None else json.dumps(body), headers=all_headers)

    def subscription(self, endpoint, p256dh=None, auth=None):
        return {"endpoint": endpoint, "keys": {"p256dh": b64url(p256dh or self.p256dh), "auth": b64url(auth or self.auth)}}


def subscription_files(account):
    return glob.glob(os.path.join(account.env["XDG_STATE_HOME"], "habit", "serve", "*.push.json"))


def wait_until(condition, seconds=15):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return condition()


def read_message(device, public_key, received, port, what):
    """Decrypts one POST and checks its headers; the payload's fields."""
    _, headers, body = received
    headers = {k.lower(): v for k, v in headers.items()}
    check(headers.get("content-encoding") == "aes128gcm", f"{what}: Content-Encoding {headers.get('content-encoding')}")
    check(headers.get("content-type") == "application/octet-stream", f"{what}: Content-Type {headers.get('content-type')}")
    check(int(headers.get("ttl", "0")) > 0, f"{what}: TTL {headers.get('ttl')}")
    authorization = headers.get("authorization", "")
    match = re.fullmatch(r"vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)", authorization)
    if check(match is not None, f"{what}: Authorization {authorization}"):
        token, key = match.group(1), match.group(2)
        check(key == public_key, f"{what}: k= is not GET /api/v1/push/key's key")
        try:
            claims = vapid_jwt.decode(token, key)
        except Exception as error:  # noqa: BLE001 - any failure to verify is the finding
            claims = {}
            check(False, f"{what}: the VAPID token does not verify: {error!r}")
        check(claims.get("aud") == f"http://127.0.0.1:{port}", f"{what}: aud {claims.get('aud')}")
        check(str(claims.get("sub", "")).startswith(("mailto:", "https:")), f"{what}: sub {claims.get('sub')}")
        server_now = time.mktime(time.strptime("2026-11-21T08:00", "%Y-%m-%dT%H:%M"))
        check(0 < claims.get("exp", 0) - server_now <= 24 * 3600, f"{what}: exp {claims.get('exp')} is not within 24 hours")
    try:
        plaintext = http_ece.decrypt(body, private_key=device.key, auth_secret=device.auth, version="aes128gcm")
    except Exception as error:  # noqa: BLE001
        check(False, f"{what}: http_ece cannot decrypt the message: {error!r}")
        return {}
    return json.loads(plaintext)


def main():
    account = Account()
    account.env["HABIT_PUSH_CHECK_SECONDS"] = "1"
    account.env["HABIT_SNOOZE_SECONDS"] = "1"
    service = PushService()
    endpoint = f"http://127.0.0.1:{service.port}/push/device-1"
    server = Server(account)
    try:
        device = Device(server)
        status, headers, body = device.call("GET", "/api/v1/push/key")
        check(status == 200, f"GET /api/v1/push/key: {status} {body}")
        public_key = json.loads(body).get("publicKey", "")
        check(len(unb64url(public_key)) == 65 and unb64url(public_key)[0] == 4, f"the public key is no P-256 point: {public_key}")
        status, _, again = device.call("GET", "/api/v1/push/key")
        check(json.loads(again).get("publicKey") == public_key, "the key changed between two requests")

        # Refusals: the catalog's words, nothing kept.
        for wrong, field in [(device.subscription("http://push.example.net/x"), "endpoint"),
                             (device.subscription(endpoint, p256dh=device.p256dh[:33]), "keys.p256dh"),
                             (device.subscription(endpoint, auth=device.auth[:8]), "keys.auth"),
                             ({"endpoint": endpoint}, "body")]:
            status, _, body = device.call("PUT", "/api/v1/push/subscription", wrong, language="en")
            check(status == 400 and json.loads(body).get("error") == "This request cannot be handled: " + field,
                  f"PUT a bad {field}: {status} {body}")
        status, _, body = device.call("PUT", "/api/v1/push/subscription", {"endpoint": 1}, language="ru")
        check(status == 400 and json.loads(body).get("error") == "Этот запрос нельзя выполнить: body", f"PUT in Russian: {status} {body}")
        status, _, body = device.call("PUT", "/api/v1/push/subscription", device.subscription(endpoint), headers={"X-CSRF-Token": None})
        check(status == 403, f"PUT without the CSRF token: {status} {body}")
        made = subprocess.run([HABIT, "--dir", account.data, "serve", "--token", "add", "script"], env=account.env, capture_output=True, text=True)
        bearer = made.stdout.strip().splitlines()[-1]
        status, _, body = request(server, "PUT", "/api/v1/push/subscription", body=json.dumps(device.subscription(endpoint)),
                                  headers={"Authorization": "Bearer " + bearer, "Content-Type": "application/json"})
        check(status == 403 and "device" in body, f"PUT with an API token: {status} {body}")
        check(subscription_files(account) == [], "a refused subscription was kept")
        status, headers, _ = device.call("PATCH", "/api/v1/push/subscription")
        check(status == 405 and headers.get("Allow") == "PUT, DELETE", f"PATCH: {status} Allow {headers.get('Allow')}")

        status, _, body = device.call("PUT", "/api/v1/push/subscription", device.subscription(endpoint))
        check(status == 204, f"PUT the subscription: {status} {body}")
        files = subscription_files(account)
        if check(len(files) == 1, f"subscription files: {files}"):
            check(stat.S_IMODE(os.stat(files[0]).st_mode) == 0o600, "the subscriptions are readable by others")
        keys = glob.glob(os.path.join(account.env["XDG_STATE_HOME"], "habit", "serve", "*.vapid"))
        check(len(keys) == 1 and stat.S_IMODE(os.stat(keys[0]).st_mode) == 0o600, f"the VAPID key file: {keys}")
        check(not any(name.endswith((".vapid", ".push.json")) for _, _, names in os.walk(account.data) for name in names),
              "push state in the data directory")
        time.sleep(2)
        check(service.received == [], "a message before anything was due")

        # A reminder comes due: the server sends it, once, in the subscription's language (ru).
        account.habit("edit", "run", "--remind", "07:30")
        if check(service.wait(1), "no push message for Run's 07:30 reminder"):
            payload = read_message(device, public_key, service.received[0], service.port, "Run's reminder")
            check(service.received[0][0] == "/push/device-1", f"posted to {service.received[0][0]}")
            check(payload == {"title": "Run", "body": "Ещё не сделано сегодня · напоминание в 07:30", "tracker": "run", "date": DAY,
                              "tag": f"habit-run-{DAY}", "url": f"/?date={DAY}",
                              "actions": {"done": "Выполнено", "snooze": "Отложить на 10 мин"}}, f"the payload: {payload}")
        time.sleep(3)
        check(len(service.received) == 1, f"Run's reminder was sent {len(service.received)} times")

        # habit remind run sends through habit-serve, by the same run log: once.
        account.habit("edit", "water", "--remind", "08:15")
        later = dict(account.env, HABIT_NOW="2026-11-21T08:30", XDG_RUNTIME_DIR=account.root)
        run = subprocess.run([HABIT, "--dir", account.data, "remind", "run"], env=later, capture_output=True, text=True)
        check(run.returncode == 0, f"habit remind run: {run.returncode} {run.stdout} {run.stderr}")
        if check(service.wait(2, seconds=5), "habit remind run sent no push message"):
            payload = read_message(device, public_key, service.received[1], service.port, "Water's reminder")
            check(payload.get("tracker") == "water" and payload.get("title") == "Water", f"Water's payload: {payload}")
        run = subprocess.run([HABIT, "--dir", account.data, "remind", "run"], env=later, capture_output=True, text=True)
        time.sleep(2)
        check(run.returncode == 0 and len(service.received) == 2, f"a second run sent again: {len(service.received)} {run.stderr}")

        # Snooze: the same reminder again (HABIT_SNOOZE_SECONDS=1); the endpoint now answers 410.
        for wrong in [{"tracker": "run"}, {"tracker": "run", "date": "21.11.2026"}, {"tracker": "", "date": DAY}]:
            status, _, body = device.call("POST", "/api/v1/push/snooze", wrong)
            check(status == 400, f"snooze {wrong}: {status} {body}")
        service.status = 410
        status, _, body = device.call("POST", "/api/v1/push/snooze", {"tracker": "run", "date": DAY})
        check(status == 202, f"snooze: {status} {body}")
        if check(service.wait(3), "the snooze sent nothing"):
            payload = read_message(device, public_key, service.received[2], service.port, "the snoozed reminder")
            check(payload.get("tag") == f"habit-run-{DAY}", f"the snoozed payload: {payload}")
        check(wait_until(lambda: subscription_files(account) == []), "the subscription the push service answered 410 for is kept")

        # DELETE: this device's subscription goes.
        service.status = 201
        status, _, _ = device.call("PUT", "/api/v1/push/subscription", device.subscription(endpoint))
        check(status == 204 and len(subscription_files(account)) == 1, f"PUT again: {status}")
        status, _, body = device.call("DELETE", "/api/v1/push/subscription", headers={"X-CSRF-Token": None, "Content-Type": None})
        check(status == 403 and len(subscription_files(account)) == 1, f"DELETE without the CSRF token: {status} {body}")
        status, _, body = device.call("DELETE", "/api/v1/push/subscription", headers={"Content-Type": None})
        check(status == 204 and subscription_files(account) == [], f"DELETE: {status} {body}")
    finally:
        server.stop()
        service.stop()
    finish()
    print("push: ok")


if __name__ == "__main__":
    main()
