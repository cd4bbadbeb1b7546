"""The card menu, the tracker form and the category picker of habit serve in a real browser
(issue 23), on a phone (390x844) and a desktop, light and dark: add a habit through the form (a
39-character name shows the error under the field, Create stays disabled until the form is
complete, the server refuses an incomplete form anyway), then the file and one commit on disk;
edit it, pin it in place, open its details (figures, month calendar, year heatmap), delete it
after the confirmation (the file gone, one commit); add, rename and delete a category; log and
remove a quit habit's slip; the empty statistics. Screenshots into $HABIT_SCREENSHOTS."""
import os
import re
import time

from selenium.webdriver.common.by import By

from browser_common import DESKTOP, PHONE, browser, check, finish, resize, scheme, tap, wait_for
from serve_common import Account, Server

shots = os.environ.get("HABIT_SCREENSHOTS") or os.path.join(os.getcwd(), "screenshots")
os.makedirs(shots, exist_ok=True)


def shot(driver, name):
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(os.path.join(shots, name + ".png"))


def settings(account):
    with open(os.path.join(account.data, "habit.toml"), encoding="utf-8") as f:
        return f.read()


def tracker_path(account, name):
    return os.path.join(account.data, "trackers", name)


def card(driver, tracker):
    return driver.find_element(By.CSS_SELECTOR, f'.card[data-tracker="{tracker}"]')


def menu(driver, tracker, entry):
    """Opens a card's menu and picks an entry by its text."""
    summary = card(driver, tracker).find_element(By.CSS_SELECTOR, ".menu summary")
    tap(driver, summary)
    items = card(driver, tracker).find_elements(By.CSS_SELECTOR, ".menu-items a, .menu-items button")
    chosen = [item for item in items if item.text == entry]
    check(chosen, f"no “{entry}” in the menu of {tracker}: {[i.text for i in items]}")
    tap(driver, chosen[0])


def create_button(driver):
    return driver.find_element(By.CSS_SELECTOR, ".actions button.create")


def main():
    account = Account()
    server = Server(account)
    driver = browser(*PHONE)
    try:
        driver.get(server.url)
        check(wait_for(lambda: driver.find_element(By.TAG_NAME, "h1").text == "Trackers"), "the main screen after logging in")

        # The statistics' empty state: nothing marked yet.
        driver.get(server.origin + "/stats")
        check("Nothing to analyse yet" in driver.page_source, "no empty state on the statistics tab")
        shot(driver, "stats-empty-phone-light")

        # A quit habit (added from the command line while the server runs: it shows on the next
        # request): the tap logs the day's slip (as habit slip), a second one removes it (habit unslip).
        account.habit("add", "Smoking", "--category", "Health", "--quit", "--start", "2026-11-01", "--emoji", "🚭")
        driver.get(server.origin + "/")
        commits = account.commits()
        tap(driver, card(driver, "smoking").find_element(By.CSS_SELECTOR, "button.tick"))
        check(wait_for(lambda: "slipped" in card(driver, "smoking").get_attribute("class")), "the quit card does not show the slip")
        check(wait_for(lambda: b'2026-11-21 = "slip"' in account.file("smoking.toml")), f"no slip in the file: {account.file('smoking.toml')}")
        check(b"true" not in account.file("smoking.toml").split(b"[log]")[-1], "the quit habit was marked done")
        tap(driver, card(driver, "smoking").find_element(By.CSS_SELECTOR, "button.tick"))
        check(wait_for(lambda: b"slip" not in account.file("smoking.toml")), "the slip was not removed")
        check(wait_for(lambda: account.commits() == commits + 2), "not one commit per slip change")

        # "+": a habit or an irregular event, then the form.
        driver.get(server.origin + "/")
        tap(driver, driver.find_element(By.CSS_SELECTOR, "a.add"))
        tap(driver, driver.find_element(By.LINK_TEXT, "Habit"))
        check(wait_for(lambda: driver.find_element(By.TAG_NAME, "h1").text == "New habit"), "no form for a new habit")
        check(wait_for(lambda: not create_button(driver).is_enabled()), "Create is enabled on an empty form")
        name = driver.find_element(By.ID, "name")
        name.send_keys("x" * 39)
        error = driver.find_element(By.ID, "name-error")
        check(wait_for(lambda: error.text == "Name is limited to 38 characters."), f"no error under a 39-character name: “{error.text}”")
        check(not create_button(driver).is_enabled(), "Create is enabled with a 39-character name")
        name.send_keys("\b")
        check(wait_for(lambda: error.text == ""), f"the error stays at 38 characters: “{error.text}”")
        # A thumb with a skin tone is two code points and one character, as the server counts:
        # 38 of them are a good name, 39 are not (chromedriver types only the BMP: set by script).
        def typed(text):
            driver.execute_script("var n = document.getElementById('name'); n.value = arguments[0];"
                                  "n.dispatchEvent(new Event('input', {bubbles: true}))", text)
        typed("\U0001F44D\U0001F3FD" * 38)
        time.sleep(1)
        check(error.text == "", f"38 emoji with a skin tone get an error: “{error.text}”")
        typed("\U0001F44D\U0001F3FD" * 39)
        check(wait_for(lambda: error.text == "Name is limited to 38 characters."), "no error under 39 emoji with a skin tone")
        time.sleep(1)
        check(error.text == "Name is limited to 38 characters.", "the server's check disagrees on 39 emoji")
        name.clear()
        name.send_keys("Meditate")
        check(wait_for(lambda: error.text == ""), "an error under a good name")
        check(not create_button(driver).is_enabled(), "Create is enabled without a schedule")
        tap(driver, driver.find_element(By.XPATH, "//label[@class='row'][span[text()='Health']]"))
        tap(driver, driver.find_element(By.XPATH, "//label[contains(@class,'every-day')]"))
        summary = driver.find_element(By.ID, "schedule-summary")
        check(wait_for(lambda: summary.text == "Every day"), f"the schedule summary says “{summary.text}”")
        days = driver.find_elements(By.CSS_SELECTOR, ".weekdays input[name^=day]")
        check(all(d.is_selected() for d in days), "Every day does not turn every weekday on")
        check(wait_for(lambda: create_button(driver).is_enabled()), "Create stays disabled on a complete form")
        tap(driver, driver.find_element(By.XPATH, "//fieldset[contains(@class,'emoji-picker')]//label[span[text()='🙂']]"))
        tap(driver, driver.find_element(By.XPATH, "//fieldset[contains(@class,'color-picker')]//label[input[@value='green']]"))
        outline = driver.execute_script("return getComputedStyle(document.querySelector('input[value=green] + .swatch')).outlineStyle")
        check(outline == "solid", f"the chosen colour is not outlined: {outline}")
        shot(driver, "form-phone-light")
        commits = account.commits()
        tap(driver, create_button(driver))
        check(wait_for(lambda: driver.find_element(By.TAG_NAME, "h1").text == "Trackers"), "Create does not return to the day")
        check(wait_for(lambda: os.path.exists(tracker_path(account, "meditate.toml"))), "no trackers/meditate.toml")
        check(account.commits() == commits + 1, f"{account.commits() - commits} commits for one Create")
        text = account.file("meditate.toml").decode()
        check('name = "Meditate"' in text and 'category = "Health"' in text and "green" in text and "🙂" in text, f"the file: {text}")
        check(card(driver, "meditate") is not None, "no card for the new habit")

        # The server refuses an incomplete form even when the button is forced: the errors show.
        driver.get(server.origin + "/new?kind=habit")
        driver.execute_script("document.querySelectorAll('button.create').forEach(function (b) { b.disabled = false; })")
        commits = account.commits()
        tap(driver, create_button(driver))
        check(wait_for(lambda: "Choose at least one day." in driver.page_source), "the server's refusal shows no schedule error")
        check("The name cannot be empty." in driver.page_source, "the server's refusal shows no name error")
        check(account.commits() == commits, "an incomplete form made a commit")

        # Edit through the card menu: the same form, filled; Save changes the file, one commit.
        driver.get(server.origin + "/")
        menu(driver, "meditate", "Edit")
        check(wait_for(lambda: driver.find_element(By.TAG_NAME, "h1").text == "Edit tracker"), "no edit form")
        name = driver.find_element(By.ID, "name")
        check(name.get_attribute("value") == "Meditate", "the edit form is not filled")
        name.clear()
        name.send_keys("Meditate daily")
        check(wait_for(lambda: create_button(driver).is_enabled()), "Save disabled on a complete form")
        commits = account.commits()
        tap(driver, create_button(driver))
        check(wait_for(lambda: 'name = "Meditate daily"' in account.file("meditate.toml").decode()), "the edit is not in the file")
        check(account.commits() == commits + 1, "not one commit for an edit")

        # Save on an unchanged form writes nothing and makes no commit.
        before, commits = account.file("meditate.toml"), account.commits()
        driver.get(server.origin + "/edit?tracker=meditate")
        tap(driver, create_button(driver))
        check(wait_for(lambda: driver.find_element(By.TAG_NAME, "h1").text == "Trackers"), "Save does not return to the day")
        check(account.file("meditate.toml") == before and account.commits() == commits, "an unchanged Save wrote or committed")

        # Pin from the menu, in place: the card moves to Pinned without a page load.
        driver.execute_script("window.__noReload = true")
        commits = account.commits()
        menu(driver, "meditate", "Pin")
        check(wait_for(lambda: driver.find_element(By.CSS_SELECTOR, ".group h2").text == "Pinned"), "Pinned does not appear")
        check(wait_for(lambda: account.commits() == commits + 1), "no commit for a pin")
        check(driver.execute_script("return window.__noReload === true"), "the pin reloaded the page")
        shot(driver, "main-phone-light")

        # Details: the figures, a month calendar with the previous month, the year.
        account.habit("done", "Meditate daily", "--date", "2026-11-21")
        driver.get(server.origin + "/")
        menu(driver, "meditate", "Details")
        check(wait_for(lambda: "Meditate daily" in driver.find_element(By.TAG_NAME, "h1").text), "no details page")
        labels = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".numbers dt")]
        check("Current streak" in labels and "Best streak" in labels and "Habit strength" in labels, f"details figures: {labels}")
        check(driver.find_element(By.CSS_SELECTOR, ".month h2").text == "November 2026", "the calendar is not this month")
        check(len(driver.find_elements(By.CSS_SELECTOR, ".calendar td.done")) == 1, "the calendar does not show the done day")
        image = driver.find_element(By.CSS_SELECTOR, ".year-image img")
        check(wait_for(lambda: driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image)),
              "the year heatmap (HeatmapSVG) does not load as an image")
        shot(driver, "details-phone-light")
        tap(driver, driver.find_element(By.CSS_SELECTOR, ".month-head a.step"))
        check(wait_for(lambda: driver.find_element(By.CSS_SELECTOR, ".month h2").text == "October 2026"), "the previous month does not show")

        # Delete with the confirmation: it names what is lost; the file goes, one commit.
        driver.get(server.origin + "/")
        menu(driver, "meditate", "Delete")
        question = driver.find_element(By.CSS_SELECTOR, ".confirm .question").text
        check(question == "Delete “Meditate daily” and all its data (1 day marked)?", f"the confirmation says “{question}”")
        commits = account.commits()
        tap(driver, driver.find_element(By.CSS_SELECTOR, "button.confirm-delete"))
        check(wait_for(lambda: not os.path.exists(tracker_path(account, "meditate.toml"))), "the file is still there")
        check(account.commits() == commits + 1, "not one commit for a delete")
        check(not driver.find_elements(By.CSS_SELECTOR, '.card[data-tracker="meditate"]'), "the card is still there")

        # Categories inside the form: add keeps what was typed and shows the new one unchecked.
        driver.get(server.origin + "/new?kind=habit")
        driver.find_element(By.ID, "name").send_keys("Read")
        adding = driver.find_element(By.ID, "new-category")
        check(not driver.find_element(By.CSS_SELECTOR, "button.add-category-button").is_enabled(), "Add category is enabled with nothing typed")
        adding.send_keys("Study")
        commits = account.commits()
        tap(driver, driver.find_element(By.CSS_SELECTOR, "button.add-category-button"))
        check(wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, 'input[name=category][value="Study"]')), "the new category is not in the list")
        check(not driver.find_element(By.CSS_SELECTOR, 'input[name=category][value="Study"]').is_selected(), "the new category is checked")
        check(driver.find_element(By.ID, "name").get_attribute("value") == "Read", "the name typed was lost")
        check(account.commits() == commits + 1 and '"Study"' in settings(account), "the category is not in habit.toml with one commit")
        # A name taken: refused with HabitKit's rule, said under the field, nothing written.
        commits = account.commits()
        driver.find_element(By.ID, "new-category").send_keys("health")
        tap(driver, driver.find_element(By.CSS_SELECTOR, "button.add-category-button"))
        check(wait_for(lambda: driver.find_element(By.ID, "new-category-error").text == "The category “health” already exists."),
              "no refusal under the category field")
        check(account.commits() == commits, "a refused category made a commit")
        # Rename and delete on the picker's page.
        tap(driver, driver.find_element(By.CSS_SELECTOR, "p.manage a"))
        row = driver.find_element(By.CSS_SELECTOR, '.category-row[data-category="Study"]')
        field = row.find_element(By.CSS_SELECTOR, "input[name=name]")
        field.clear()
        field.send_keys("Learning")
        commits = account.commits()
        tap(driver, row.find_element(By.CSS_SELECTOR, "button"))
        check(wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, '.category-row[data-category="Learning"]')), "the renamed category is not listed")
        check(account.commits() == commits + 1 and '"Learning"' in settings(account) and '"Study"' not in settings(account), "the rename is not in habit.toml")
        shot(driver, "categories-phone-light")
        # On a phone every category's name and the new category's field are wide enough to read.
        for field in driver.find_elements(By.CSS_SELECTOR, ".category-row input[name=name], .add-category input[name=name]"):
            check(field.size["width"] >= PHONE[0] * 0.6, f"a category field is {field.size['width']}px wide on a phone")
        tap(driver, driver.find_element(By.CSS_SELECTOR, '.category-row[data-category="Learning"] a.danger'))
        check("Delete the category “Learning”?" in driver.find_element(By.CSS_SELECTOR, ".confirm .question").text, "no category confirmation")
        commits = account.commits()
        tap(driver, driver.find_element(By.CSS_SELECTOR, "button.confirm-delete"))
        check(wait_for(lambda: '"Learning"' not in settings(account)), "the category is still in habit.toml")
        check(account.commits() == commits + 1, "not one commit for a category delete")
        back = driver.find_elements(By.LINK_TEXT, "New habit")
        check(back, "no way back to the form")

        # Screenshots of the day, the form and statistics: phone and desktop, light and dark.
        account.habit("category", "add", "Study")
        account.habit("add", "Read", "--category", "Study", "--daily", "--start", "2026-11-01", "--emoji", "📚", "--tracker-color", "purple")
        account.habit("add", "Stretch", "--category", "Health", "--days", "mon,wed,fri,sat", "--start", "2026-11-01", "--emoji", "🧘", "--tracker-color", "orange")
        account.habit("add", "Dentist", "--category", "Health", "--event", "--emoji", "🦷", "--tracker-color", "teal")
        account.habit("edit", "Run", "--emoji", "🏃", "--tracker-color", "green")
        account.habit("edit", "Water", "--emoji", "💧")
        account.habit("pin", "Stretch")
        for day in ["2026-11-16", "2026-11-18", "2026-11-20", "2026-11-21"]:
            account.habit("done", "Stretch", "--date", day)
            account.habit("done", "Read", "--date", day)
        account.habit("done", "Run", "--date", "2026-11-20")
        account.habit("done", "Run", "--date", "2026-11-21")
        account.habit("done", "Water", "--date", "2026-11-21", "--set", "6")
        for size, label in [(PHONE, "phone"), (DESKTOP, "desktop")]:
            resize(driver, *size)
            for colours in ["light", "dark"]:
                scheme(driver, colours)
                driver.get(server.origin + "/")
                background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
                check((background == "rgb(255, 255, 255)") == (colours == "light"), f"{label} {colours}: the page is {background}")
                shot(driver, f"main-{label}-{colours}")
                driver.get(server.origin + "/new?kind=habit")
                driver.find_element(By.ID, "name").send_keys("Morning pages")
                tap(driver, driver.find_element(By.XPATH, "//label[contains(@class,'every-day')]"))
                tap(driver, driver.find_element(By.XPATH, "//fieldset[contains(@class,'emoji-picker')]//label[span[text()='🙌']]"))
                tap(driver, driver.find_element(By.XPATH, "//fieldset[contains(@class,'color-picker')]//label[input[@value='blue']]"))
                check(wait_for(lambda: create_button(driver).is_enabled()), "Create disabled on the complete form")
                shot(driver, f"form-{label}-{colours}")
                overflow = driver.execute_script("return document.documentElement.scrollWidth > window.innerWidth")
                check(not overflow, f"the form is wider than the {label} screen")
                driver.get(server.origin + "/stats")
                check(re.search("Best streak", driver.page_source), "statistics with data show no figures")
                shot(driver, f"stats-{label}-{colours}")
    finally:
        driver.quit()

    # Without JavaScript: plain forms. An incomplete form comes back with its errors; a complete
    # one creates the tracker; the menu is a <details>; the delete confirmation is a page.
    driver = browser(*PHONE, javascript=False)
    try:
        driver.get(server.url)
        check(wait_for(lambda: driver.find_element(By.TAG_NAME, "h1").text == "Trackers"), "no JavaScript: the main screen")
        driver.get(server.origin + "/new?kind=habit")
        check(create_button(driver).is_enabled(), "no JavaScript: Create cannot be pressed at all")
        driver.find_element(By.ID, "name").send_keys("x" * 39)
        commits = account.commits()
        tap(driver, create_button(driver))
        check(wait_for(lambda: "Name is limited to 38 characters." in driver.find_element(By.ID, "name-error").text), "no JavaScript: no name error from the server")
        check(account.commits() == commits, "no JavaScript: an incomplete form made a commit")
        name = driver.find_element(By.ID, "name")
        name.clear()
        name.send_keys("Journal")
        tap(driver, driver.find_element(By.XPATH, "//label[@class='row'][span[text()='Study']]"))
        for day in ["1", "3", "6"]:
            tap(driver, driver.find_element(By.XPATH, f"//label[@class='toggle'][input[@name='day{day}']]"))
        # Enter in the name field submits Create, not "Add category".
        driver.find_element(By.ID, "name").send_keys("\n")
        check(wait_for(lambda: os.path.exists(tracker_path(account, "journal.toml"))), "no JavaScript: no trackers/journal.toml")
        check(account.commits() == commits + 1, "no JavaScript: not one commit for Create")
        check("mon" in account.file("journal.toml").decode().lower(), f"no JavaScript: the weekdays: {account.file('journal.toml')}")
        menu(driver, "journal", "Delete")
        tap(driver, driver.find_element(By.CSS_SELECTOR, "button.confirm-delete"))
        check(wait_for(lambda: not os.path.exists(tracker_path(account, "journal.toml"))), "no JavaScript: the delete did not happen")

        # Russian, from Accept-Language.
        driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Accept-Language": "ru-RU,ru;q=0.9"}})
        driver.execute_cdp_cmd("Network.enable", {})
        driver.get(server.origin + "/new?kind=habit")
        check(driver.find_element(By.TAG_NAME, "h1").text == "Новая привычка", "the form is not in Russian")
        check(create_button(driver).text == "Создать", "Create is not in Russian")
        shot(driver, "form-phone-ru")
    finally:
        driver.quit()
        server.stop()
    finish()
    print("forms: ok")


main()
