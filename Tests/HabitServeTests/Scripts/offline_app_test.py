"""The phone app for real (issue 34): the offline run (offline_run.py: installable, offline, a change
of every kind including the tracker form and the categories, a 502 and a restart, everything on
disk once, a refusal listed with its reason) in headless Chromium on a phone-sized window behind a
local reverse proxy in Python on plain http://localhost, which can also serve a new service worker:
the page then offers "Reload to update". Screenshots of these states go to $HABIT_SCREENSHOTS."""
import os

from browser_common import finish
from offline_run import offline_run
from proxy_common import Proxy

shots = os.environ.get("HABIT_SCREENSHOTS") or os.path.join(os.getcwd(), "screenshots")
os.makedirs(shots, exist_ok=True)
proxy = Proxy()
try:
    offline_run(proxy, ["--no-auth", "--allow-host", "localhost"], shots=shots)
finally:
    proxy.stop()
finish()
print("offline app: ok")
