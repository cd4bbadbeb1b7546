"""The web app's day page in each language habit speaks (issue 37), in headless Chromium asking
for that language as a person's browser does (its Accept-Language): the page says which language
it is in, and its title and the group of pinned cards are those of that
language's translation file (Sources/HabitLocalization/Catalogs), read here, not copied."""
import glob
import json
import os

from selenium.webdriver.common.by import By

from browser_common import PHONE, browser, check, finish, wait_for
from serve_common import Account, Server

CATALOGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "Sources", "HabitLocalization", "Catalogs")


def catalog(tag):
    with open(os.path.join(CATALOGS, tag + ".arb"), encoding="utf-8") as f:
        return json.load(f)


def main():
    tags = sorted(os.path.basename(path)[:-4] for path in glob.glob(os.path.join(CATALOGS, "*.arb")))
    check(len(tags) >= 9, f"fewer translation files than the nine languages: {tags}")
    account = Account()
    account.habit("add", "Stretch", "--category", "Health", "--daily", "--start", "2026-11-01")
    account.habit("pin", "Stretch")
    server = Server(account)
    english = catalog("en")
    try:
        for tag in tags:
            words = catalog(tag)
            driver = browser(*PHONE, language=tag)
            try:
                driver.get(server.url)
                title = words["webTrackers"]
                shown = lambda: driver.find_element(By.TAG_NAME, "h1").text
                check(wait_for(lambda: shown() == title), f"{tag}: the title is {shown()!r}, not {title!r}")
                lang = driver.find_element(By.TAG_NAME, "html").get_attribute("lang")
                check(lang == tag, f"{tag}: the page says it is in {lang!r}")
                groups = [h.text for h in driver.find_elements(By.CSS_SELECTOR, ".group h2")]
                check(groups[:1] == [words["pinned"]], f"{tag}: the first group is {groups[:1]}, not {words['pinned']!r}")
                # French and Portuguese keep "Trackers" (their glossaries); the group is theirs.
                if not tag.startswith("en"):
                    check((title, groups[:1]) != (english["webTrackers"], [english["pinned"]]), f"{tag}: the page is in English")
            finally:
                driver.quit()
    finally:
        server.stop()
    finish()
    print(f"languages: ok ({len(tags)})")


if __name__ == "__main__":
    main()
