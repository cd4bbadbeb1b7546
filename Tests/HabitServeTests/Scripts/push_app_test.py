"""Reminders on the phone (issue 38), the service worker's side, in headless Chromium: the day page
offers "Remind me on this device" where the browser has a PushManager and says so honestly when
notifications are blocked; with the app's worker in control a push (DevTools'
ServiceWorker.deliverPushMessage, the payload as the server sends it once decrypted) shows a
notification with Done and Snooze 10 min; Done, as the browser hands it to the worker (a
`notificationclick` NotificationEvent dispatched in the worker with the notification the browser
shows: headless Chromium has no notification to click), puts the mark in the page's outbox and
sends it: on disk in exactly one commit, the notification closed, the open page's card done. Done
while the server is down waits in the outbox and lands once when the server is back and a page
flushes.

With `--server` (the server's routes /api/v1/push/*), also:
Snooze is answered 202, and turning reminders on PUTs the subscription (204) with the server's key
and shows it on, turning them off DELETEs it and ends the browser's subscription. Headless
Chromium reaches no push service, so the browser's PushManager is replaced by a stand-in there."""
import base64
import json
import os
import sys
import time
import urllib.request

import websocket
from selenium.webdriver.common.by import By

from browser_common import browser, check, finish, outbox, tap, wait_for, waiting
from serve_common import Account, Server

SERVER_SIDE = "--server" in sys.argv
DAY = "2026-11-21"
shots = os.environ.get("HABIT_SCREENSHOTS") or os.path.join(os.getcwd(), "screenshots")
os.makedirs(shots, exist_ok=True)


class DevTools:
    """A DevTools connection of its own to one target of the browser (chromedriver keeps its
    own): it receives events (ServiceWorker.workerRegistrationUpdated) and reaches a service
    worker, which is a target of its own."""

    def __init__(self, driver, kind, url_prefix, timeout=30):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        deadline = time.time() + timeout
        target = None
        while target is None and time.time() < deadline:
            targets = json.load(urllib.request.urlopen(f"http://{address}/json/list"))
            target = next((t for t in targets if t["type"] == kind and t["url"].startswith(url_prefix)), None)
            if target is None:
                time.sleep(0.3)
        if target is None:
            raise AssertionError(f"no {kind} target at {url_prefix}: {targets}")
        self.socket = websocket.create_connection(target["webSocketDebuggerUrl"], suppress_origin=True, timeout=30)
        self.next = 0
        self.events = []

    def call(self, method, params=None):
        self.next += 1
        self.socket.send(json.dumps({"id": self.next, "method": method, "params": params or {}}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next:
                if "error" in message:
                    raise AssertionError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def event(self, method, matches, timeout=20):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for message in self.events:
                if message.get("method") == method and matches(message["params"]):
                    return message["params"]
            self.socket.settimeout(max(0.1, deadline - time.time()))
            try:
                self.events.append(json.loads(self.socket.recv()))
            except websocket.WebSocketTimeoutException:
                break
        return None

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in result:
            raise AssertionError(f"in the worker: {result['exceptionDetails']}")
        return result["result"].get("value")

    def close(self):
        self.socket.close()


def card(driver, tracker):
    return driver.find_element(By.CSS_SELECTOR, f'.card[data-tracker="{tracker}"]')


def notifications(driver):
    """What the browser shows of the app's notifications (`registration.getNotifications()`)."""
    return driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        navigator.serviceWorker.ready.then(function (r) { return r.getNotifications(); }).then(function (list) {
          done(list.map(function (n) {
            return { title: n.title, body: n.body, tag: n.tag, data: n.data,
                     actions: (n.actions || []).map(function (a) { return [a.action, a.title]; }) };
          }));
        }, function (e) { done('error: ' + e); });""")


def message(tracker, title):
    return {"title": title, "body": f"{title}: still to do today", "tracker": tracker, "date": DAY,
            "tag": f"habit-{tracker}-{DAY}", "url": f"/?date={DAY}", "actions": {"done": "Done", "snooze": "Snooze 10 min"}}


def push(driver, origin, payload):
    """A push as the browser hands it to the worker (the payload already decrypted)."""
    page = DevTools(driver, "page", origin)
    try:
        page.call("ServiceWorker.enable")
        updated = page.event("ServiceWorker.workerRegistrationUpdated",
                             lambda p: any(r["scopeURL"] == origin + "/" and not r["isDeleted"] for r in p["registrations"]))
        check(updated is not None, "DevTools names no registration of the app's worker")
        registration = next(r["registrationId"] for r in updated["registrations"] if r["scopeURL"] == origin + "/")
        page.call("ServiceWorker.deliverPushMessage", {"origin": origin, "registrationId": registration, "data": json.dumps(payload)})
    finally:
        page.close()


# The browser hands the click to the worker as a trusted NotificationEvent whose waitUntil keeps the
# worker alive; a script's event is untrusted (its waitUntil throws), so the stand-in collects the
# promises the handler gives it and waits for them, as the browser does.
CLICK = """(async () => {
  const list = await self.registration.getNotifications({ tag: %s });
  if (list.length !== 1) return 'notifications: ' + list.length;
  const waits = [];
  const event = new NotificationEvent('notificationclick', { notification: list[0], action: %s });
  Object.defineProperty(event, 'waitUntil', { value: (p) => { waits.push(p); } });
  self.dispatchEvent(event);
  await Promise.all(waits);
  return 'ok';
})()"""


def click(driver, origin, payload, action):
    worker = DevTools(driver, "service_worker", origin + "/sw.js")
    try:
        # What the worker asked of the server and what it answered, for the checks below.
        worker.evaluate("""if (!self.__asked) { self.__asked = []; const f = self.fetch;
            self.fetch = (u, o) => f(u, o).then((r) => { self.__asked.push([o && o.method || 'GET', String(u), r.status]); return r; },
                                              (e) => { self.__asked.push([o && o.method || 'GET', String(u), 'failed']); throw e; }); }
            self.__asked.length = 0; 'ok'""")
        result = worker.evaluate(CLICK % (json.dumps(payload["tag"]), json.dumps(action)))
        check(result == "ok", f"the {action or 'body'} click did not reach the worker: {result}")
        return worker.evaluate("self.__asked")
    finally:
        worker.close()


def shown(driver, tag):
    return [n for n in notifications(driver) if n["tag"] == tag]


def main():
    account = Account()
    account.habit("add", "Read", "--category", "Health", "--daily", "--start", "2026-11-01")
    server = Server(account)
    origin = server.origin
    driver = browser(390, 844)
    try:
        driver.get(server.url)
        check(wait_for(lambda: driver.find_element(By.TAG_NAME, "h1").text == "Trackers"), "the main screen after logging in")
        controlled = lambda: driver.execute_script("return !!navigator.serviceWorker.controller")  # noqa: E731
        check(wait_for(controlled, timeout=20) or (driver.refresh() is None and wait_for(controlled, timeout=30)),
              "the service worker does not take control")

        # "Remind me on this device": offered where the browser can push; honest when blocked.
        def permission(setting):
            driver.execute_cdp_cmd("Browser.setPermission", {"permission": {"name": "notifications"}, "setting": setting, "origin": origin})
            driver.refresh()
            check(wait_for(lambda: driver.find_element(By.CSS_SELECTOR, "section.remind").is_displayed()), f"no reminder control ({setting})")
        remind = lambda: driver.find_element(By.CSS_SELECTOR, "section.remind")  # noqa: E731
        permission("prompt")
        on = remind().find_element(By.CSS_SELECTOR, "button.remind-on")
        check(on.is_displayed() and on.text == "Remind me on this device", f"the control offers: {remind().text!r}")
        check(not remind().find_element(By.CSS_SELECTOR, "button.remind-off").is_displayed(), "“Turn off” shown before reminders are on")
        permission("denied")
        check(wait_for(lambda: "Notifications are blocked for this site" in remind().text), f"no word on blocked notifications: {remind().text!r}")
        check(not remind().find_element(By.CSS_SELECTOR, "button.remind-on").is_displayed(), "the button is offered though nothing can show")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", remind())
        driver.save_screenshot(os.path.join(shots, "reminders-blocked-phone-light.png"))
        permission("granted")
        check(wait_for(lambda: remind().find_element(By.CSS_SELECTOR, "button.remind-on").is_displayed()), "no button once allowed")
        # The push service cannot be reached: the page says so and offers the button again.
        driver.execute_script("PushManager.prototype.subscribe = function () { return Promise.reject(new DOMException('push service error', 'AbortError')); };")
        tap(driver, remind().find_element(By.CSS_SELECTOR, "button.remind-on"))
        check(wait_for(lambda: "Reminders could not be turned on." in remind().text), f"no word on a failed subscription: {remind().text!r}")
        check(remind().find_element(By.CSS_SELECTOR, "button.remind-on").is_displayed(), "no button to try again")
        driver.refresh()

        # A reminder arrives: shown with Done and Snooze.
        run = message("run", "Run")
        check(wait_for(lambda: driver.execute_script("return !!navigator.serviceWorker.controller")), "the worker does not control the page")
        # DevTools' delivery to a worker that is still starting can be dropped on a loaded
        # machine (a push service would send again): up to three deliveries, one shown.
        for _ in range(3):
            push(driver, origin, run)
            if wait_for(lambda: len(shown(driver, run["tag"])) == 1, timeout=10):
                break
        check(wait_for(lambda: len(shown(driver, run["tag"])) == 1), f"no notification: {notifications(driver)}")
        note = (shown(driver, run["tag"]) or [{}])[0]
        check(note.get("title") == "Run" and note.get("body") == run["body"], f"the notification says: {note}")
        check(note.get("actions") == [["done", "Done"], ["snooze", "Snooze 10 min"]], f"the notification's actions: {note.get('actions')}")

        # Done from the notification: the mark on disk in one commit, the notification gone, the card done.
        commits = account.commits()
        asked = click(driver, origin, run, "done")
        check(["POST", "/api/v1/changes", 200] in asked, f"the worker did not send the change: {asked}")
        check(wait_for(lambda: account.commits() == commits + 1), f"{account.commits() - commits} commits after Done")
        check(f"{DAY} = true".encode() in account.file("run.toml"), f"run.toml: {account.file('run.toml')!r}")
        check(wait_for(lambda: shown(driver, run["tag"]) == []), "the notification stays after Done")
        check(outbox(driver) == [], f"the outbox keeps the sent mark: {outbox(driver)}")
        check(wait_for(lambda: "done" in card(driver, "run").get_attribute("class")), "the open page's card is not done")
        time.sleep(2)
        check(account.commits() == commits + 1, "the mark was applied twice")

        # Done while the server is down: it waits in the outbox and lands once the server is back.
        read = message("read", "Read")
        push(driver, origin, read)
        check(wait_for(lambda: len(shown(driver, read["tag"])) == 1), "no notification for Read")
        commits = account.commits()
        server.stop()
        asked = click(driver, origin, read, "done")
        check(asked and all(a[2] == "failed" for a in asked), f"the worker reached a stopped server: {asked}")
        check(wait_for(lambda: shown(driver, read["tag"]) == []), "the notification stays after Done offline")
        entries = outbox(driver) or []
        check([(e["change"]["kind"], e["change"]["tracker"], e["change"]["date"], e["change"]["state"], e["status"]) for e in entries]
              == [("mark", "read", DAY, "done", "waiting")], f"Done offline is not waiting in the outbox: {entries}")
        time.sleep(1)
        check(account.commits() == commits, "a commit while the server was down")
        server = Server(account, port=server.port)
        driver.execute_script("window.dispatchEvent(new Event('online'))")
        check(wait_for(lambda: waiting(driver) == 0, timeout=40), f"Done offline still waits: {outbox(driver)}")
        check(wait_for(lambda: account.commits() == commits + 1), f"{account.commits() - commits} commits for the Done made offline")
        check(f"{DAY} = true".encode() in account.file("read.toml"), f"read.toml: {account.file('read.toml')!r}")
        time.sleep(2)
        check(account.commits() == commits + 1, "the Done made offline was applied twice")

        if SERVER_SIDE:
            server_side(driver, origin, remind)
    finally:
        driver.quit()
        server.stop()


# Headless Chromium reaches no push service: PushManager answers with a subscription of its own
# making, which records the key it was given and whether it was ended.
STAND_IN = """
    var made = null;
    window.__push = { key: null, ended: false };
    PushManager.prototype.getSubscription = function () { return Promise.resolve(made); };
    PushManager.prototype.subscribe = function (options) {
      window.__push.key = Array.from(new Uint8Array(options.applicationServerKey));
      made = { endpoint: location.origin + '/stand-in-push-service/1',
               toJSON: function () { return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } }; },
               unsubscribe: function () { made = null; window.__push.ended = true; return Promise.resolve(true); } };
      return Promise.resolve(made);
    };"""


def server_side(driver, origin, remind):
    """Needs the server's push routes (branch pushsrv)."""
    # Snooze: the server is asked to remind again in 10 minutes, and says it will (202).
    run = message("run", "Run")
    push(driver, origin, run)
    check(wait_for(lambda: len(shown(driver, run["tag"])) == 1), "no notification to snooze")
    asked = click(driver, origin, run, "snooze")
    check(["POST", "/api/v1/push/snooze", 202] in asked, f"Snooze was not answered 202: {asked}")
    check(wait_for(lambda: shown(driver, run["tag"]) == []), "the notification stays after Snooze")

    # On: the server's key given to subscribe, the subscription PUT (204), the state shown; off again.
    driver.refresh()
    check(wait_for(lambda: remind().find_element(By.CSS_SELECTOR, "button.remind-on").is_displayed()), "no button to turn on")
    driver.execute_script(STAND_IN)
    answer = driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        fetch('/api/v1/push/key', { headers: { 'Accept': 'application/json' } }).then(function (r) {
          return r.json().then(function (j) { done([r.status, j]); }, function () { done([r.status, null]); });
        }, function (e) { done([0, String(e)]); });""")
    check(answer[0] == 200 and isinstance(answer[1], dict) and "publicKey" in answer[1], f"GET /api/v1/push/key: {answer}")
    key = (answer[1] or {}).get("publicKey", "") if isinstance(answer[1], dict) else ""
    tap(driver, remind().find_element(By.CSS_SELECTOR, "button.remind-on"))
    check(wait_for(lambda: "Reminders are on for this device." in remind().text), f"reminders not shown on: {remind().text!r}")
    expected = list(base64.urlsafe_b64decode(key + "=" * (-len(key) % 4)))
    check(driver.execute_script("return window.__push.key") == expected, "subscribe was not given the server's key")
    off = remind().find_element(By.CSS_SELECTOR, "button.remind-off")
    check(off.is_displayed() and off.text == "Turn off reminders", "no way to turn reminders off")
    driver.save_screenshot(os.path.join(shots, "reminders-on-phone-light.png"))
    if not off.is_displayed():
        return
    tap(driver, off)
    check(wait_for(lambda: driver.execute_script("return window.__push.ended")), "turning off did not end the subscription")
    check(wait_for(lambda: remind().find_element(By.CSS_SELECTOR, "button.remind-on").is_displayed()), "not shown off again")


main()
finish()
print("push app: ok" + (" (with the server's routes)" if SERVER_SIDE else ""))
