"""The phone app's offline run (issue 34), shared by offline_app_test.py (behind a small proxy in
Python that can answer 502 and serve a new version of a file) and tls_proxy_test.py (behind
Debian's nginx with TLS, configured as docs/serve.md says): in headless Chromium on a phone-sized
window, Chromium's installability check passes and the service worker takes control; with no
network (CDP) a reload shows the day as last known with the offline note and its age; a change of
every kind the page makes is kept in the outbox; the front then answers 502 while the server is
restarted as a new process; back online every change is on disk once, one commit each, `habit
check` clean, and the one change that no longer applies (a mark on a day the tracker is no longer
due, its schedule changed on the laptop meanwhile) is listed with its reason while the outbox is
otherwise empty. The tracker form and the category picker open offline too: a tracker added (a
card of its own with ⏳ on the day), another edited and a category renamed land once each, and an
add whose name is taken is listed refused with its reason. The steps are written once here and
take the front as their one difference. A front that can serve a new version of /sw.js (`changed`) then shows "Reload to
update"."""
import os
import subprocess
import time

from selenium.webdriver.common.by import By

from browser_common import DESKTOP, PHONE, browser, check, outbox, resize, scheme, tap, wait_for, waiting
from serve_common import Account, Server, free_port


def card(driver, tracker):
    return driver.find_element(By.CSS_SELECTOR, f'.card[data-tracker="{tracker}"]')


def network(driver, online, front=None):
    driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                           {"offline": not online, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    # No answer at all from the front (the service worker's requests too), as with no network.
    if front is not None:
        front.unreachable = not online


def menu(driver, tracker, action):
    """Opens a card's ⋯ menu and taps the form posting to `action`."""
    item = card(driver, tracker)
    tap(driver, item.find_element(By.CSS_SELECTOR, "details.menu summary"))
    tap(driver, item.find_element(By.CSS_SELECTOR, f'form[action="{action}"] button'))


def inject(driver, change):
    """A change the page has no control for on the day's screen, put in the outbox as the page does."""
    driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        window.habitOutbox.add(arguments[0]).then(function () { done(); }, function (e) { done(String(e)); });""", change)


def kept_forms(driver):
    """The addresses the service worker keeps in its forms' cache."""
    return driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        caches.open('habit-forms').then(function (c) { return c.keys(); })
          .then(function (keys) { done(keys.map(function (k) { var u = new URL(k.url); return u.pathname + u.search; })); }, function (e) { done([]); });""")


def fill_form(driver, name, category=None, emoji=None, color=None):
    """The tracker form as a thumb fills it: the name, a category, every day, an emoji, a colour;
    then Create or Save once it can be pressed."""
    field = driver.find_element(By.ID, "name")
    field.clear()
    field.send_keys(name)
    if category:
        tap(driver, driver.find_element(By.XPATH, f"//label[@class='row'][span[text()='{category}']]"))
        tap(driver, driver.find_element(By.XPATH, "//label[contains(@class,'every-day')]"))
    if emoji:
        tap(driver, driver.find_element(By.XPATH, f"//fieldset[contains(@class,'emoji-picker')]//label[span[text()='{emoji}']]"))
    if color:
        tap(driver, driver.find_element(By.XPATH, f"//fieldset[contains(@class,'color-picker')]//label[input[@value='{color}']]"))
    create = driver.find_element(By.CSS_SELECTOR, ".actions button.create")
    check(wait_for(create.is_enabled), f"Create or Save stays disabled offline for {name}")
    tap(driver, create)


def offline_run(front, server_arguments, shots=None, secure=False, browser_arguments=(), browser_env=None):
    """The run through `front`, which has `origin` (what the browser opens), `backend` (the
    server's port, chosen here unless the front was configured with one), `down` (answer 502
    whatever the server does; a real proxy does so by itself once the server stops),
    `unreachable` (no answer at all while the browser is offline: Chromium's network emulation
    holds back the page's requests but not the service worker's) and `changed` (None when it
    cannot serve a new version). With `secure`, the browser logs in with the server's token and
    the device cookie must be `Secure`; the page must have come over HTTPS. Screenshots go to
    `shots` when given."""
    def shot(driver, name, element=None, desktop=False):
        """`name`-phone-light.png and -phone-dark.png (and the desktop's with `desktop`), from
        the top of the page or with `element` in the middle; the run goes on in a light phone."""
        if not shots:
            return
        sizes = [("phone", PHONE)] + ([("desktop", DESKTOP)] if desktop else [])
        for size, (width, height) in sizes:
            resize(driver, width, height)
            for colours in ["light", "dark"]:
                scheme(driver, colours)
                if element is None:
                    driver.execute_script("window.scrollTo(0, 0)")
                else:
                    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element())
                time.sleep(0.3)
                driver.save_screenshot(os.path.join(shots, f"{name}-{size}-{colours}.png"))
        resize(driver, *PHONE)
        scheme(driver, "light")

    account = Account()
    account.habit("add", "Smoking", "--category", "Health", "--quit", "--start", "2026-11-01", "--emoji", "🚭")
    account.habit("add", "Gym", "--category", "Health", "--days", "sat", "--start", "2026-11-01", "--emoji", "🏋")
    account.habit("add", "Stretch", "--category", "Health", "--daily", "--start", "2026-11-01", "--emoji", "🧘")
    account.habit("add", "Old", "--category", "Health", "--daily", "--start", "2026-11-01")
    account.habit("add", "Trash", "--category", "Health", "--daily", "--start", "2026-11-01")
    account.habit("add", "Read", "--category", "Health", "--daily", "--start", "2026-11-01", "--emoji", "📚")
    account.habit("category", "add", "Work")
    # A front configured for a port keeps it; the restarted server listens there again.
    port = front.backend or free_port()
    front.backend = port
    server = Server(account, *server_arguments, port=port)
    driver = browser(*PHONE, arguments=browser_arguments, env=browser_env)
    try:
        driver.execute_cdp_cmd("Network.enable", {})
        if secure:
            driver.get(front.origin + "/login?token=" + server.token)
            cookies = [c for c in driver.get_cookies() if c["name"].startswith("habit_session")]
            check(len(cookies) == 1 and cookies[0].get("secure") is True, f"the device cookie is not Secure over HTTPS: {cookies}")
            check(driver.execute_script("return location.protocol") == "https:", "the page did not come over HTTPS")
        driver.get(front.origin + "/?date=2026-11-20")
        driver.get(front.origin + "/")
        check(wait_for(lambda: driver.find_element(By.TAG_NAME, "h1").text == "Trackers"), "the day through the proxy")
        controlled = lambda: driver.execute_script("return !!navigator.serviceWorker.controller")  # noqa: E731
        # It claims the page once active; on a loaded machine that may come after the page's first
        # load, so a reload is allowed (a page loaded after activation is always in its control).
        check(wait_for(controlled, timeout=20) or (driver.refresh() is None and wait_for(controlled, timeout=30)),
              "the service worker does not take control")
        errors = driver.execute_cdp_cmd("Page.getInstallabilityErrors", {}).get("installabilityErrors", [])
        check(errors == [], f"not installable: {errors}")
        manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
        check(not manifest.get("errors"), f"the manifest has errors: {manifest.get('errors')}")
        # Once more through the worker, so that the day is kept in its cache.
        driver.get(front.origin + "/")
        check(wait_for(lambda: driver.find_element(By.TAG_NAME, "h1").text == "Trackers"), "the day again")
        time.sleep(1)
        shot(driver, "app-installable", desktop=True)
        # The forms with no tracker in them are kept along with the day; a tracker's Edit form
        # once its card's menu was opened.
        wanted = {"/new?kind=habit", "/categories"}
        check(wait_for(lambda: wanted <= set(kept_forms(driver)), timeout=30), f"the forms are not kept: {kept_forms(driver)}")
        summary = card(driver, "read").find_element(By.CSS_SELECTOR, "details.menu summary")
        tap(driver, summary)
        check(wait_for(lambda: "/edit?tracker=read" in kept_forms(driver)), f"the edit form is not kept: {kept_forms(driver)}")
        tap(driver, summary)
        commits = account.commits()

        # No network: a reload shows the day as last known, with the offline note and its age.
        network(driver, False, front)
        driver.get(front.origin + "/")
        check(wait_for(lambda: driver.find_element(By.TAG_NAME, "h1").text == "Trackers"), "no day offline: the service worker did not serve it")
        note = driver.find_element(By.ID, "note")
        check(wait_for(lambda: note.is_displayed() and "No connection" in note.text and "Last updated" in note.text),
              f"no offline note with the age: {note.text!r}")

        # A change of every kind, offline.
        tap(driver, card(driver, "run").find_element(By.CSS_SELECTOR, "button.tick"))
        amount = card(driver, "water").find_element(By.CSS_SELECTOR, 'input[name="amount"]')
        amount.clear()
        amount.send_keys("3")
        tap(driver, card(driver, "water").find_element(By.CSS_SELECTOR, "button.save"))
        tap(driver, card(driver, "smoking").find_element(By.CSS_SELECTOR, "button.tick"))
        # The tap is drawn once the change is in the outbox, after the tap returned.
        def smoking():
            return card(driver, "smoking").get_attribute("class").split()
        check(wait_for(lambda: "slipped" in smoking() and "done" not in smoking()),
              f"a slip offline is not drawn as the server draws it: {smoking()}")
        tap(driver, card(driver, "gym").find_element(By.CSS_SELECTOR, "button.tick"))
        menu(driver, "stretch", "/pin")
        check(wait_for(lambda: waiting(driver) == 5), f"the pin is not kept: {waiting(driver)} waiting")
        menu(driver, "old", "/archive")
        check(wait_for(lambda: waiting(driver) == 6), f"the archive is not kept: {waiting(driver)} waiting")
        inject(driver, {"kind": "delete", "tracker": "trash"})
        inject(driver, {"kind": "mark", "tracker": "run", "date": "2026-11-20", "state": "skip"})
        inject(driver, {"kind": "category.add", "name": "Study"})
        check(wait_for(lambda: waiting(driver) == 9), f"not every change waits: {outbox(driver)}")
        check("done" in card(driver, "run").get_attribute("class"), "the waiting mark does not show")
        check("waiting" in card(driver, "run").get_attribute("class"), "the card does not say the mark waits")
        check(wait_for(lambda: "Waiting to be sent: 9" in note.text), f"the note does not count the waiting changes: {note.text!r}")
        shot(driver, "offline-waiting", desktop=True)
        expected = 9
        # The form and the picker open offline; each Save waits in the outbox and returns to the day.
        driver.get(front.origin + "/new?kind=habit")
        check(wait_for(lambda: driver.find_element(By.TAG_NAME, "h1").text == "New habit"), "the form does not open offline")
        fill_form(driver, "Meditate", category="Health", emoji="🙂", color="green")
        check(wait_for(lambda: driver.find_element(By.TAG_NAME, "h1").text == "Trackers"), "Create offline does not return to the day")
        new = lambda: driver.find_element(By.CSS_SELECTOR, ".card.adding")  # noqa: E731
        check(wait_for(lambda: new().find_element(By.CSS_SELECTOR, ".name").text == "Meditate"), "the waiting tracker is not on the day")
        check(wait_for(lambda: "c-green" in new().get_attribute("class") and new().find_element(By.CSS_SELECTOR, ".emoji").text == "🙂"
                       and new().find_element(By.CSS_SELECTOR, ".pending").text == "⏳" and "Waiting to be added" in new().text),
              f"the waiting tracker does not show the form's values: {new().get_attribute('outerHTML')}")
        check(new().find_element(By.XPATH, "ancestor::section/h2").text == "Health", "the waiting tracker is not in its category")
        check(not new().find_elements(By.CSS_SELECTOR, "button, form, details"), "the waiting tracker offers a control")
        shot(driver, "offline-new-tracker", element=new)
        # A name already taken: the server says so when it is back.
        driver.get(front.origin + "/new?kind=habit")
        check(wait_for(lambda: driver.find_element(By.TAG_NAME, "h1").text == "New habit"), "the form does not open offline again")
        fill_form(driver, "Run", category="Health")
        check(wait_for(lambda: len(driver.find_elements(By.CSS_SELECTOR, ".card.adding")) == 2), "two new trackers do not both wait")
        driver.get(front.origin + "/edit?tracker=read")
        check(wait_for(lambda: driver.find_element(By.TAG_NAME, "h1").text == "Edit tracker"), "the edit form does not open offline")
        fill_form(driver, "Read books", emoji="🎸")
        check(wait_for(lambda: driver.find_element(By.TAG_NAME, "h1").text == "Trackers"), "Save offline does not return to the day")
        read = lambda: card(driver, "read")  # noqa: E731
        check(wait_for(lambda: read().find_element(By.CSS_SELECTOR, ".name").text == "Read books" and "waiting" in read().get_attribute("class")
                       and read().find_element(By.CSS_SELECTOR, ".emoji").text == "🎸"),
              "the edited tracker does not show the form's name and emoji as waiting")
        shot(driver, "offline-edited-tracker", element=read)
        driver.get(front.origin + "/categories")
        check(wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, '.category-row[data-category="Work"]')), "the picker does not open offline")
        row = driver.find_element(By.CSS_SELECTOR, '.category-row[data-category="Work"]')
        field = row.find_element(By.CSS_SELECTOR, "input[name=name]")
        field.clear()
        field.send_keys("Job")
        tap(driver, row.find_element(By.CSS_SELECTOR, "button"))
        check(wait_for(lambda: driver.find_element(By.TAG_NAME, "h1").text == "Trackers"), "a rename offline does not return to the day")
        # The day kept for offline, drawn before the marks were made, shows them as waiting.
        check(wait_for(lambda: "done" in card(driver, "run").get_attribute("class") and card(driver, "run").find_element(By.CSS_SELECTOR, "button.tick").text == "✓"),
              "a waiting mark is not drawn on the day kept for offline")
        expected = 13
        check(wait_for(lambda: waiting(driver) == expected), f"the forms' changes do not all wait: {outbox(driver)}")
        check(wait_for(lambda: f"Waiting to be sent: {expected}" in driver.find_element(By.ID, "note").text), "the note does not count the forms' changes")
        check(account.commits() == commits, "a commit while offline")

        # The laptop changes Gym's schedule meanwhile; the server goes down behind the proxy (502).
        account.habit("edit", "Gym", "--days", "mon")
        commits = account.commits()
        front.down = True
        server.stop()
        network(driver, True, front)
        driver.execute_script("window.dispatchEvent(new Event('online'))")
        time.sleep(3)
        check(waiting(driver) == expected, f"changes answered 502 left the outbox: {outbox(driver)}")
        check(account.commits() == commits, "a commit while the server was down")

        # A new server process (new CSRF token) behind the proxy: everything arrives, once.
        server = Server(account, *server_arguments, port=port)
        front.down = False
        driver.execute_script("window.dispatchEvent(new Event('online'))")
        check(wait_for(lambda: waiting(driver) == 0, timeout=60), f"changes still wait: {outbox(driver)}")
        entries = outbox(driver)
        left = [("gym", "refused", "not-scheduled"), (None, "refused", "name-taken")]
        check([(e["change"].get("tracker"), e["status"], e.get("reason")) for e in entries] == left,
              f"the outbox holds more than the refused changes: {entries}")
        refused = lambda: driver.find_element(By.ID, "refused")  # noqa: E731 (redrawn with the day)
        check(wait_for(lambda: refused().is_displayed() and "not scheduled" in refused().text.lower()), "the refusal is not shown")
        check(wait_for(lambda: "Run · new tracker" in refused().text and "There is already a tracker called “Run”." in refused().text),
              f"the refused add is not listed with its reason: {refused().text!r}")
        check(wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, '.card[data-tracker="meditate"]') and not driver.find_elements(By.CSS_SELECTOR, ".card.adding")),
              "the new tracker is not the day's own card once added")
        check(card(driver, "read").find_element(By.CSS_SELECTOR, ".name").text == "Read books", "the edited card after the edit landed")
        check(wait_for(lambda: not driver.find_elements(By.CSS_SELECTOR, '.card[data-tracker="gym"], .card[data-tracker="old"], .card[data-tracker="trash"]')),
              "the day still shows a card no longer due, archived or deleted")
        landed = 11
        check(account.commits() == commits + landed, f"{account.commits() - commits} commits for {landed} changes")
        time.sleep(2)
        check(account.commits() == commits + landed, "a change was applied twice")
        run = account.file("run.toml")
        check(b"2026-11-21 = true" in run and b"skip" in run, f"run.toml: {run!r}")
        check(b"3" in account.file("water.toml"), "the amount is not in water.toml")
        check(b"2026-11-21" in account.file("smoking.toml"), "the slip is not in smoking.toml")
        check(b"pinned = true" in account.file("stretch.toml"), "the pin is not in stretch.toml")
        check(b"archived = true" in account.file("old.toml"), "the archive is not in old.toml")
        check(not os.path.exists(os.path.join(account.data, "trackers", "trash.toml")), "the deleted tracker is still there")
        check(b"2026-11-21" not in account.file("gym.toml"), "the refused mark is in gym.toml")
        check("Study" in account.habit("category", "list"), "the category was not added")
        meditate = account.file("meditate.toml").decode()
        check('name = "Meditate"' in meditate and 'category = "Health"' in meditate and "green" in meditate and "🙂" in meditate,
              f"meditate.toml: {meditate}")
        check('name = "Read books"' in account.file("read.toml").decode() and "🎸" in account.file("read.toml").decode(),
              f"read.toml: {account.file('read.toml')!r}")
        categories = account.habit("category", "list")
        check("Job" in categories and "Work" not in categories, f"the rename: {categories}")
        check(len([n for n in os.listdir(os.path.join(account.data, "trackers")) if n.startswith("run")]) == 1, "a second Run was added")
        account.habit("check")
        status = subprocess.run(["git", "-C", account.data, "status", "--porcelain"], capture_output=True, text=True).stdout
        check(status == "", f"the data directory has uncommitted changes: {status}")
        shot(driver, "refused-change", desktop=True)

        if front.changed is None:
            return
        # A new server version (another service worker): the page offers "Reload to update".
        front.changed["/sw.js"] = b"\n// a new version\n"
        driver.execute_script("navigator.serviceWorker.getRegistration().then(function (r) { r.update(); })")
        update = lambda: driver.find_element(By.ID, "update")  # noqa: E731
        check(wait_for(lambda: update().is_displayed() and "Reload to update" in update().text, timeout=30), "no “Reload to update” for a new version")
        shot(driver, "update-ready")
        driver.execute_script("window.__before = true")
        tap(driver, update().find_element(By.TAG_NAME, "button"))
        check(wait_for(lambda: driver.execute_script("return window.__before") is None, timeout=30), "Reload to update did not reload")
        check(wait_for(lambda: driver.execute_script("return !!navigator.serviceWorker.controller")), "no service worker after the update")
    finally:
        driver.quit()
        server.stop()
