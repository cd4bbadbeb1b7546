"""The phone app's offline run (offline_run.py) behind a TLS reverse proxy from Debian, as users
reach it (issue 34): nginx on a port that is not 443, configured with the lines docs/serve.md gives,
with a certificate of a certificate authority made here that Chromium trusts (its own NSS
database), for a name that is not loopback's, so the origin is secure through TLS alone. Over it the
service worker takes control, the installability check passes, the device cookie is `Secure`
(X-Forwarded-Proto), and the same steps as offline_app_test.py's run (offline_run.py, written once):
a change of every kind made offline, the tracker form and the categories included, lands once after
a 502 and a restart, and the refusals are listed with their reasons. nginx is stopped while the
browser is offline, so that the service worker's requests get no answer either."""
from browser_common import finish
from nginx_common import NAME, Authority, Nginx, served_lines
from offline_run import offline_run
from serve_common import free_port

authority = Authority()
nginx = Nginx(authority, served_lines(), backend=free_port())
try:
    offline_run(nginx, ["--allow-host", NAME], secure=True,
                browser_arguments=[f"--host-resolver-rules=MAP {NAME} 127.0.0.1"], browser_env=authority.browser_home())
finally:
    nginx.stop()
finish()
print("tls proxy: ok")
