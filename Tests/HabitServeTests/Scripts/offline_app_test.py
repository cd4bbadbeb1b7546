"""The phone app for real (issue 34), in headless Chromium on a phone-sized window behind a local
reverse proxy: Chromium's installability check passes and the service worker takes control; with
no network (CDP) a reload shows the day as last known with the offline note and its age; a change
of every kind the page makes is kept in the outbox; the proxy then answers 502 while the server is
restarted as a new process (a new CSRF token); back online every change is on disk once, one
commit each, `habit check` clean, and the one change that no longer applies (a mark on a day the
tracker is no longer due, its schedule changed on the laptop meanwhile) is listed with its reason
while the outbox is otherwise empty. The tracker form and the category picker open offline too: a
tracker added (a card of its own with ⏳ on the day), another edited and a category renamed land
once each, and an add whose name is taken is listed refused with its reason. A new service worker then offers "Reload to update". Screenshots of these states go to $HABIT_SCREENSHOTS."""
import os

from browser_common import finish
from offline_run import offline_run
from proxy_common import Proxy

shots = os.environ.get("HABIT_SCREENSHOTS") or os.path.join(os.getcwd(), "screenshots")
os.makedirs(shots, exist_ok=True)
proxy = Proxy()
try:
    offline_run(proxy, ["--no-auth", "--allow-host", "localhost"], shots=shots, forms=True)
finally:
    proxy.stop()
finish()
print("offline app: ok")
