"""Shared by the browser tests: Debian's chromium through chromedriver (Selenium from PyPI, no
browser download), a phone or desktop viewport, the colour scheme, and waiting."""
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

from serve_common import check, failures, finish  # noqa: F401 (the browser tests import them from here)

PHONE = (390, 844)
DESKTOP = (1280, 800)
def wait_for(condition, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if condition():
                return True
        except Exception:
            pass
        time.sleep(0.2)
    return False


def browser(width, height, javascript=True, arguments=(), env=None, language="en-US"):
    """`arguments` are more of Chromium's switches; `env` its environment (a HOME with its own
    certificate store, for one); `language` what the browser asks for in Accept-Language."""
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    prefs = {"intl.accept_languages": language}
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    options.add_experimental_option("prefs", prefs)
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", f"--lang={language}", "--hide-scrollbars", *arguments]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver", env=env), options=options)
    driver.set_page_load_timeout(60)
    resize(driver, width, height)
    return driver


def resize(driver, width, height):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    driver.set_window_size(width, height)


def scheme(driver, value):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": value}]})


def tap(driver, element):
    """A finger's tap: the element scrolled clear of the tab bar first."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def outbox(driver):
    """The page's outbox (IndexedDB `habit-outbox`): every change kept, waiting or refused."""
    return driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        if (!window.habitOutbox) { done(null); return; }
        window.habitOutbox.all().then(done, function (e) { done('error: ' + e); });""")


def waiting(driver):
    entries = outbox(driver) or []
    return len([e for e in entries if e["status"] == "waiting"])
