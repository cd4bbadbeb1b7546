"""habit serve in a real browser (issue 23): Debian's chromium and chromedriver, driven by Selenium
from PyPI (no browser download). Logs in with the token, marks a habit done and finds the line and
the commit on disk, goes offline (the note shows, the mark waits, and arrives when back), Russian,
and screenshots of a phone (390x844) and a desktop in light and dark into $HABIT_SCREENSHOTS."""
import os
import time

from selenium.webdriver.common.by import By

from browser_common import browser, check, finish, scheme, tap, wait_for
from serve_common import Account, Server

shots = os.environ.get("HABIT_SCREENSHOTS") or os.path.join(os.getcwd(), "screenshots")
os.makedirs(shots, exist_ok=True)


def card(driver, tracker):
    return driver.find_element(By.CSS_SELECTOR, f'.card[data-tracker="{tracker}"]')


def main():
    account = Account()
    account.habit("category", "add", "Study")
    account.habit("add", "Read", "--category", "Study", "--daily", "--start", "2026-11-01", "--emoji", "📚")
    account.habit("add", "Stretch", "--category", "Health", "--daily", "--start", "2026-11-01", "--emoji", "🧘")
    account.habit("pin", "Stretch")
    account.habit("done", "Stretch", "--date", "2026-11-20")
    account.habit("done", "Run", "--date", "2026-11-20")
    server = Server(account)
    driver = browser(390, 844)
    try:
        driver.get(server.url)
        check(wait_for(lambda: driver.find_element(By.TAG_NAME, "h1").text == "Trackers"), "the main screen after logging in")
        check("token" not in driver.current_url, f"the token stays in the address bar: {driver.current_url}")
        groups = [h.text for h in driver.find_elements(By.CSS_SELECTOR, ".group h2")]
        check(groups[:1] == ["Pinned"], f"Pinned is not first: {groups}")

        # A tap marks done in place: the card changes without a page load, the file and a commit follow.
        commits = account.commits()
        driver.execute_script("window.__noReload = true")
        tap(driver, card(driver, "run").find_element(By.CSS_SELECTOR, "button.tick"))
        check(wait_for(lambda: "done" in card(driver, "run").get_attribute("class")), "the card does not show done")
        check(wait_for(lambda: account.commits() == commits + 1), "no commit after the tap")
        check(b"2026-11-21" in account.file("run.toml"), "the mark is not in trackers/run.toml")
        check(driver.execute_script("return window.__noReload === true"), "the tap reloaded the page")
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(os.path.join(shots, "main-phone-light.png"))

        # Offline: the note shows, the mark waits in the page, and arrives when the server is back.
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        commits = account.commits()
        tap(driver, card(driver, "read").find_element(By.CSS_SELECTOR, "button.tick"))
        note = driver.find_element(By.ID, "note")
        check(wait_for(lambda: note.is_displayed() and "No connection" in note.text), "no offline note")
        check("done" in card(driver, "read").get_attribute("class"), "the offline mark does not show")
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(os.path.join(shots, "offline-phone-light.png"))
        time.sleep(1)
        check(account.commits() == commits, "a commit while offline")
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        check(wait_for(lambda: account.commits() == commits + 1, timeout=30), "the queued mark did not arrive")
        check(wait_for(lambda: not note.is_displayed()), "the offline note stays")
        check(b"2026-11-21" in account.file("read.toml"), "the queued mark is not in trackers/read.toml")

        # The card's menu skips the day (as `habit skip`) through the outbox: one commit, the day
        # excused in the file, the card drawn skipped; the menu then offers to undo the skip.
        commits = account.commits()
        menu = card(driver, "stretch").find_element(By.CSS_SELECTOR, "details.menu")
        tap(driver, menu.find_element(By.TAG_NAME, "summary"))
        tap(driver, menu.find_element(By.CSS_SELECTOR, "form.skip button"))
        check(wait_for(lambda: account.commits() == commits + 1), "no commit after Skip this day")
        check(b'2026-11-21 = "skip"' in account.file("stretch.toml"), f"the skip is not in trackers/stretch.toml: {account.file('stretch.toml')!r}")
        check(wait_for(lambda: "skipped" in card(driver, "stretch").get_attribute("class")), "the card is not drawn skipped")
        undo = lambda: card(driver, "stretch").find_element(By.CSS_SELECTOR, "form.skip button").get_attribute("textContent")
        check(wait_for(lambda: undo() == "Undo the skip"), f"the menu offers {undo()!r}, not Undo the skip")

        # Without JavaScript's help too: search and filter are plain links and forms.
        driver.get(server.origin + "/?q=zzz")
        check("Nothing found" in driver.page_source, "no “Nothing found” state")
        driver.get(server.origin + "/?filter=completed")
        names = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".card .name")]
        check(sorted(names) == ["Read", "Run"], f"completed filter shows {names}")

        scheme(driver, "dark")
        driver.get(server.origin + "/")
        background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        check(background != "rgb(255, 255, 255)", f"dark scheme keeps a white page: {background}")
        driver.save_screenshot(os.path.join(shots, "main-phone-dark.png"))
        driver.get(server.origin + "/stats")
        driver.save_screenshot(os.path.join(shots, "stats-phone-dark.png"))
        scheme(driver, "light")
        driver.get(server.origin + "/stats")
        figures = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".figure span")]
        check(figures == ["Best streak", "Perfect days", "Trackers completed", "Average"], f"statistics: {figures}")
        driver.save_screenshot(os.path.join(shots, "stats-phone-light.png"))

        driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}})
        driver.get(server.origin + "/")
        check(driver.find_element(By.TAG_NAME, "h1").text == "Трекеры", "no Russian page for Accept-Language: ru")
        driver.save_screenshot(os.path.join(shots, "main-phone-ru.png"))
        # The amount's field shows a typed amount and its whole target, "3 / 8 glasses", on a Russian phone.
        field = card(driver, "water").find_element(By.CSS_SELECTOR, "input[name=amount]")
        field.send_keys("3")
        target = card(driver, "water").find_element(By.CSS_SELECTOR, ".amount .of")
        check(target.is_displayed() and target.text == "/ 8 glasses", f"the target beside the amount: {target.text!r}")
        room = driver.execute_script("""const f = arguments[0], t = arguments[1], s = getComputedStyle(f), c = document.createElement('canvas').getContext('2d');
            c.font = s.font; const r = t.getBoundingClientRect(), l = t.parentElement.getBoundingClientRect();
            return [c.measureText(f.value).width, f.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight), r.right <= l.right + 0.5 && t.scrollWidth <= t.clientWidth + 0.5];""", field, target)
        check(room[0] <= room[1] and room[2], f"the amount needs {room[0]:.0f}px and has {room[1]:.0f}px; the target fits: {room[2]}")
        driver.save_screenshot(os.path.join(shots, "amount-phone-ru.png"))
        driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {}})

        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
        driver.set_window_size(1280, 800)
        driver.get(server.origin + "/")
        driver.save_screenshot(os.path.join(shots, "main-desktop-light.png"))
        scheme(driver, "dark")
        driver.get(server.origin + "/")
        driver.save_screenshot(os.path.join(shots, "main-desktop-dark.png"))
    finally:
        driver.quit()
        server.stop()
    finish()
    print("browser: ok")


main()
