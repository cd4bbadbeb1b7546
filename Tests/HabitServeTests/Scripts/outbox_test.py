"""Marks made while the server is away are never lost (issue 34), in a real browser behind a
reverse proxy on this machine, as docs/serve.md sets it up: while the proxy answers 502 (the server
is down) a tap is kept on the phone with the offline note; the server then restarts (a new process,
the device logged out meanwhile), so the kept mark is answered "log in" and still kept; after the new login it
arrives, once, in one commit. A mark the server refuses for a reason stops waiting but stays in the
outbox (IndexedDB), listed with that reason, until the user discards it."""
import time

from selenium.webdriver.common.by import By

from browser_common import browser, check, finish, outbox, tap, wait_for, waiting
from proxy_common import Proxy
from serve_common import Account, Server, free_port


def card(driver, tracker):
    return driver.find_element(By.CSS_SELECTOR, f'.card[data-tracker="{tracker}"]')


def queued(driver):
    return waiting(driver)


def main():
    account = Account()
    proxy = Proxy()
    port = free_port()
    server = Server(account, "--allow-host", "localhost", port=port)
    proxy.backend = port
    driver = browser(390, 844)
    try:
        driver.get(proxy.origin + "/login?token=" + server.token)
        check(wait_for(lambda: driver.find_element(By.TAG_NAME, "h1").text == "Trackers"), "the day through the proxy")
        commits = account.commits()

        # The server is down: the proxy answers 502. The tap shows, waits, and says so.
        proxy.down = True
        tap(driver, card(driver, "run").find_element(By.CSS_SELECTOR, "button.tick"))
        note = driver.find_element(By.ID, "note")
        check(wait_for(lambda: note.is_displayed() and "No connection" in note.text), "no offline note while the proxy answers 502")
        check("done" in card(driver, "run").get_attribute("class"), "the waiting mark does not show")
        check(wait_for(lambda: queued(driver) == 1), f"a tap answered 502 is not kept: {queued(driver)} waiting")

        # The server restarts meanwhile, a new process; the device was logged out meanwhile
        # (habit serve --revoke), so the kept mark is answered "log in".
        server.stop()
        for line in account.habit("serve", "--devices").splitlines():
            account.habit("serve", "--revoke", line.split(": ")[0])
        server = Server(account, "--allow-host", "localhost", port=port)
        proxy.down = False
        driver.execute_script("window.dispatchEvent(new Event('online'))")
        time.sleep(2)
        check(queued(driver) == 1, f"a mark answered 'log in' by the restarted server left the queue: {queued(driver)}")
        check(account.commits() == commits, "a commit without a session")

        # Logged in again on the same phone: the kept mark is sent, once, as one commit.
        driver.get(proxy.origin + "/login?token=" + server.token)
        check(wait_for(lambda: account.commits() == commits + 1, timeout=30), "the kept mark did not arrive after the new login")
        check(wait_for(lambda: queued(driver) == 0), "the delivered mark stays in the queue")
        check(b"2026-11-21 = true" in account.file("run.toml"), "the mark is not in trackers/run.toml")
        time.sleep(1)
        check(account.commits() == commits + 1, "the mark was applied twice")

        # A refusal with a reason stays in the outbox, listed with the reason, to retry or discard.
        commits = account.commits()
        driver.execute_async_script("""
            var done = arguments[arguments.length - 1];
            window.habitOutbox.add({kind: 'mark', tracker: 'run', date: '2026-11-30', state: 'done'}).then(function () {
                window.dispatchEvent(new Event('online')); done(); });""")
        check(wait_for(lambda: queued(driver) == 0), "a refused mark stays waiting forever")
        check(wait_for(lambda: [e["status"] for e in outbox(driver)] == ["refused"]), f"the refused mark is not kept as refused: {outbox(driver)}")
        check(wait_for(lambda: driver.find_element(By.ID, "refused").is_displayed()
                       and driver.find_element(By.CSS_SELECTOR, "#refused .reason").text.strip() != ""),
              "the refusal's reason is not shown")
        check(account.commits() == commits, "a refused mark made a commit")
        tap(driver, driver.find_element(By.CSS_SELECTOR, "#refused button.discard"))
        check(wait_for(lambda: outbox(driver) == []), f"Discard leaves the change: {outbox(driver)}")
    finally:
        driver.quit()
        server.stop()
        proxy.stop()
    finish()
    print("outbox: ok")


main()
