"""habit serve's security against a real server on 127.0.0.1 (issue 23): no token, wrong Origin,
missing CSRF token, foreign Host are refused with nothing written; path traversal and oversized
bodies get a 4xx; a non-loopback listen without authentication is refused at start."""
import gzip
import http.client
import json
import os
import re
import stat
import subprocess
import urllib.parse

from serve_common import SERVE, Account, Server, check, finish, free_port, request


def main():
    account = Account()
    token_path = os.path.join(account.env["XDG_CONFIG_HOME"], "habit", "serve-token")

    # Refused at start: --no-auth off the loopback address.
    result = subprocess.run([SERVE, "--dir", account.data, "--listen", f"0.0.0.0:{free_port()}", "--no-auth"],
                            env=account.env, capture_output=True, text=True, timeout=60)
    check(result.returncode == 1 and "without authentication" in result.stderr, f"0.0.0.0 --no-auth starts: {result.returncode} {result.stderr}")
    check(not os.path.exists(token_path) or True, "")

    server = Server(account)
    try:
        check(server.token is not None, "the start-up line has no ?token=")
        mode = stat.S_IMODE(os.stat(token_path).st_mode)
        check(mode == 0o600, f"serve-token has mode {oct(mode)}")
        with open(token_path) as f:
            check(f.read().strip() == server.token, "the printed token is not the stored one")
        check(not any("serve-token" in names for _, _, names in os.walk(account.data)), "a token file in the data directory")

        # No token: refused, pages and changes alike.
        status, _, _ = request(server, "GET", "/")
        check(status == 401, f"GET / without a session: {status}")
        before = account.snapshot()
        status, _, _ = request(server, "POST", "/mark", "tracker=run&date=2026-11-21&state=done",
                               {"Content-Type": "application/x-www-form-urlencoded", "Origin": server.origin})
        check(status == 401, f"POST /mark without a session: {status}")
        status, _, _ = request(server, "GET", "/login?token=" + "0" * len(server.token))
        check(status == 401, f"a wrong token: {status}")

        # The token becomes a cookie, and the redirect drops it from the address.
        status, headers, _ = request(server, "GET", "/login?token=" + server.token)
        cookie = headers.get("Set-Cookie", "")
        check(status == 303 and headers.get("Location") == "/", f"login: {status} {headers.get('Location')}")
        for attribute in ["HttpOnly", "SameSite=Strict", "Path=/"]:
            check(attribute in cookie, f"the cookie lacks {attribute}: {cookie}")
        session = cookie.split(";")[0]

        status, headers, page = request(server, "GET", "/", headers={"Cookie": session})
        check(status == 200, f"GET / with the session: {status}")
        check(headers.get("Content-Security-Policy", "").startswith("default-src 'self'"), "no CSP")
        check(headers.get("X-Frame-Options") == "DENY", "no X-Frame-Options: DENY")
        # The day page is kept by the service worker (issue 34): private, never in a shared cache.
        check(headers.get("Cache-Control") == "private, no-cache", f"the day page may be kept by a shared cache: {headers.get('Cache-Control')}")
        # So are the tracker form and the category picker, which the service worker keeps too.
        for kept in ["/new", "/new?kind=habit", "/edit?tracker=run", "/categories"]:
            kept_status, kept_headers, _ = request(server, "GET", kept, headers={"Cookie": session})
            check(kept_status == 200 and kept_headers.get("Cache-Control") == "private, no-cache",
                  f"{kept} may be kept by a shared cache: {kept_status} {kept_headers.get('Cache-Control')}")
        check(headers.get("Referrer-Policy") in ("no-referrer", "same-origin"), "no Referrer-Policy")
        check("<script>" not in page and " style=" not in page and "onclick" not in page, "inline script or style")
        csrf = re.search(r'name="csrf-token" content="([0-9a-f]+)"', page).group(1)

        form = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": session}

        def refused(what, expected, body, headers, host=None, path="/mark"):
            snapshot = account.snapshot()
            extra = dict(headers)
            if host:
                extra["Host"] = host
            status, _, _ = request(server, "POST", path, body, extra)
            check(status in expected, f"{what}: {status}")
            check(account.snapshot() == snapshot, f"{what}: something was written")

        good = f"tracker=run&date=2026-11-21&state=done&csrf={csrf}"
        refused("a wrong Origin", {403}, good, {**form, "Origin": "http://evil.example"})
        refused("no Origin", {403}, good, form)
        refused("Origin null", {403}, good, {**form, "Origin": "null"})
        refused("no CSRF token", {403}, "tracker=run&date=2026-11-21&state=done", {**form, "Origin": server.origin})
        refused("a wrong CSRF token", {403}, good.replace(csrf, "0" * len(csrf)), {**form, "Origin": server.origin})
        refused("a foreign Host", {421, 403}, good, {**form, "Origin": "http://evil.example:%d" % server.port},
                host="evil.example:%d" % server.port)
        status, _, _ = request(server, "GET", "/", headers={"Cookie": session, "Host": "rebound.example:%d" % server.port})
        check(status in (421, 403), f"GET with a foreign Host: {status}")
        for bad in ["../habit", "../../etc/passwd", "trackers/run", "/etc/passwd", "run%00", "run/../run"]:
            body = f"tracker={urllib.parse.quote(bad, safe='')}&date=2026-11-21&state=done&csrf={csrf}"
            refused(f"tracker {bad!r}", {400, 404}, body, {**form, "Origin": server.origin})
        refused("a bad date", {400}, f"tracker=run&date=2026-13-40&state=done&csrf={csrf}", {**form, "Origin": server.origin})
        refused("a toggle", {400}, f"tracker=run&date=2026-11-21&state=toggle&csrf={csrf}", {**form, "Origin": server.origin})
        refused("a future day", {409}, f"tracker=run&date=2026-11-22&state=done&csrf={csrf}", {**form, "Origin": server.origin})
        refused("an amount that is no number", {400}, f"tracker=water&date=2026-11-21&state=done&amount=lots&csrf={csrf}", {**form, "Origin": server.origin})
        refused("an oversized body", {413}, good + "&pad=" + "x" * 200_000, {**form, "Origin": server.origin})
        refused("JSON instead of a form", {415}, json.dumps({"tracker": "run"}), {**form, "Content-Type": "application/json", "Origin": server.origin})

        # The card menu's, the form's and the category picker's changes: the same checks, nothing
        # written when refused; a tracker is named by its identifier among the loaded ones.
        origin = {**form, "Origin": server.origin}
        complete = f"kind=habit&name=Swim&category=Health&everyday=on&csrf={csrf}"
        for path, body in [("/new", complete), ("/edit", f"tracker=run&kind=habit&name=Jog&category=Health&everyday=on&csrf={csrf}"),
                           ("/pin", f"tracker=run&pinned=true&csrf={csrf}"), ("/delete", f"tracker=run&csrf={csrf}"),
                           ("/form/category", f"kind=habit&newCategory=Study&csrf={csrf}"),
                           ("/category/add", f"name=Study&csrf={csrf}"), ("/category/rename", f"category=Health&name=Body&csrf={csrf}"),
                           ("/category/delete", f"category=Health&csrf={csrf}")]:
            refused(f"{path} with a wrong Origin", {403}, body, {**form, "Origin": "http://evil.example"}, path=path)
            refused(f"{path} without the CSRF token", {403}, body.split("&csrf=")[0], origin, path=path)
        for bad in ["../habit", "../../etc/passwd", "/etc/passwd", "run/../run", "run%00"]:
            quoted = urllib.parse.quote(bad, safe="")
            refused(f"delete {bad!r}", {400, 404}, f"tracker={quoted}&csrf={csrf}", origin, path="/delete")
            refused(f"edit {bad!r}", {400, 404}, f"tracker={quoted}&kind=habit&name=X&category=Health&everyday=on&csrf={csrf}", origin, path="/edit")
            for page in [f"/edit?tracker={quoted}", f"/delete?tracker={quoted}", f"/tracker?id={quoted}", f"/category/delete?name={quoted}"]:
                status, _, _ = request(server, "GET", page, headers={"Cookie": session})
                check(status == 404, f"GET {page}: {status}")
        refused("a field over the bound", {413}, complete.replace("name=Swim", "name=" + "x" * 1000), origin, path="/new")
        refused("an incomplete form", {422}, f"kind=habit&name=Swim&csrf={csrf}", origin, path="/new")
        refused("a 39-character name", {422}, complete.replace("name=Swim", "name=" + "x" * 39), origin, path="/new")
        refused("a category that is not there", {422}, complete.replace("category=Health", "category=Nope"), origin, path="/new")
        refused("a kind that is no kind", {400}, complete.replace("kind=habit", "kind=robot"), origin, path="/new")
        refused("a colour that is no colour", {422}, complete.replace("name=Swim", "name=").replace("everyday=on", "color=url(x)"), origin, path="/new")
        refused("a slip on a habit that is not to quit", {409}, f"tracker=run&date=2026-11-21&state=slip&csrf={csrf}", origin)
        refused("a month that is no month", {404, 400}, f"csrf={csrf}", origin, path="/tracker")
        status, headers, svg = request(server, "GET", "/tracker/year.svg?id=water", headers={"Cookie": session})
        check(status == 200 and svg.startswith("<svg") and "<script" not in svg, f"the year's SVG: {status}")
        check("script-src" not in headers.get("Content-Security-Policy", "") and headers.get("Content-Security-Policy", "").startswith("default-src 'none'"),
              f"the SVG's policy: {headers.get('Content-Security-Policy')}")
        for page in ["/tracker/year.svg?id=water&year=1800", "/tracker/year.svg?id=water&year=x"]:
            status, _, _ = request(server, "GET", page, headers={"Cookie": session})
            check(status == 400, f"GET {page}: {status}")
        status, _, _ = request(server, "GET", "/tracker?id=run&month=2026-99", headers={"Cookie": session})
        check(status == 400, f"a month that is no month: {status}")
        commits = account.commits()
        status, headers, _ = request(server, "POST", "/new", complete, origin)
        check(status == 303 and os.path.exists(os.path.join(account.data, "trackers", "swim.toml")), f"a complete form: {status}")
        check(account.commits() == commits + 1, "not one commit for a complete form")
        status, _, reply = request(server, "POST", "/form/check", complete.replace("name=Swim", "name=" + "x" * 39), origin)
        check(status == 200 and json.loads(reply)["canSubmit"] is False and "38" in json.loads(reply)["name"], f"the form's check: {reply}")

        # The one good request writes the file and one commit; sending it again changes nothing.
        commits = account.commits()
        status, headers, _ = request(server, "POST", "/mark", good, {**form, "Origin": server.origin})
        check(status == 303, f"a good mark: {status}")
        check(b"2026-11-21" in account.file("run.toml"), "the mark is not in trackers/run.toml")
        check(account.commits() == commits + 1, f"commits {commits} -> {account.commits()}")
        status, _, reply = request(server, "POST", "/mark", f"tracker=run&date=2026-11-21&state=done",
                                   {**form, "Origin": server.origin, "X-CSRF-Token": csrf, "Accept": "application/json"})
        check(status == 200 and json.loads(reply)["changed"] is False and json.loads(reply)["done"] is True, f"the same mark again: {status} {reply}")
        check(account.commits() == commits + 1, "sending the same mark again made a commit")
        status, _, reply = request(server, "POST", "/mark", f"tracker=water&date=2026-11-21&state=done&amount=3",
                                   {**form, "Origin": server.origin, "X-CSRF-Token": csrf, "Accept": "application/json"})
        check(status == 200 and json.loads(reply)["total"] == 3, f"an amount: {status} {reply}")

        # A hand edit shows on the next request; a broken file is reported and never overwritten.
        with open(os.path.join(account.data, "trackers", "run.toml"), "ab") as f:
            f.write(b"\nbroken = [\n")
        broken = account.file("run.toml")
        status, _, page = request(server, "GET", "/", headers={"Cookie": session})
        check(status == 200 and "trackers/run.toml:" in page, "a broken file is not reported with its line")
        refused("a mark on a broken file", {404, 409}, good.replace("2026-11-21", "2026-11-20"), {**form, "Origin": server.origin})
        check(account.file("run.toml") == broken, "the broken file was rewritten")

        # Failed logins are throttled per client (behind a proxy on this machine, the client is the
        # address the proxy names in X-Forwarded-For): a neighbour's guesses lock out only the
        # neighbour, and the right token always logs in.
        neighbour = {"X-Forwarded-For": "192.0.2.7"}
        for _ in range(6):
            request(server, "GET", "/login?token=" + "1" * len(server.token), headers=neighbour)
        status, _, _ = request(server, "GET", "/login?token=" + "1" * len(server.token), headers=neighbour)
        check(status == 429, f"the neighbour's seventh failed login is not rate-limited: {status}")
        status, _, _ = request(server, "GET", "/login?token=" + server.token, headers={"X-Forwarded-For": "192.0.2.8"})
        check(status == 303, f"the owner is locked out by a neighbour's wrong tokens: {status}")
        status, _, _ = request(server, "GET", "/login?token=" + server.token)
        check(status == 303, f"the owner on the loopback address is locked out by a neighbour: {status}")
        status, _, _ = request(server, "GET", "/login?token=" + server.token, headers=neighbour)
        check(status == 303, f"the right token is refused while its address is throttled: {status}")

        # Behind a TLS proxy (X-Forwarded-Proto: https) the session cookie is Secure; on plain HTTP not.
        _, headers, _ = request(server, "GET", "/login?token=" + server.token, headers={"X-Forwarded-Proto": "https"})
        check("; Secure" in headers.get("Set-Cookie", ""), f"no Secure behind TLS: {headers.get('Set-Cookie')}")
        _, headers, _ = request(server, "GET", "/login?token=" + server.token)
        check("Secure" not in headers.get("Set-Cookie", ""), f"Secure on plain HTTP: {headers.get('Set-Cookie')}")

        # A page of another port of this host (same-site) loading a tracker's year as an image is
        # refused, so it cannot tell which trackers exist; the app's own page gets it, marked same-origin.
        probe = {"Cookie": session, "Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"}
        status, headers, _ = request(server, "GET", "/tracker/year.svg?id=water", headers=probe)
        check(status == 403, f"a same-site image probe: {status}")
        status, _, _ = request(server, "GET", "/tracker/year.svg?id=nothing", headers=probe)
        check(status == 403, f"a same-site image probe of a missing tracker: {status}")
        status, _, _ = request(server, "GET", "/", headers={**probe, "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "iframe",
                                                            "Sec-Fetch-Mode": "navigate"})
        check(status == 200, f"a link followed from another site: {status}")
        status, headers, _ = request(server, "GET", "/tracker/year.svg?id=water",
                                     headers={**probe, "Sec-Fetch-Site": "same-origin"})
        check(status == 200 and headers.get("Cross-Origin-Resource-Policy") == "same-origin",
              f"the app's own image: {status} {headers.get('Cross-Origin-Resource-Policy')}")
        status, headers, _ = request(server, "GET", "/", headers={"Cookie": session})
        check(headers.get("Cross-Origin-Resource-Policy") == "same-origin", "a page without Cross-Origin-Resource-Policy")

        # A browser that accepts gzip gets the page compressed, the same page once unpacked; one
        # that does not (or refuses it with q=0) gets it plain. Static files revalidate to a 304.
        _, _, plain = request(server, "GET", "/", headers={"Cookie": session})
        for accept, zipped in [("gzip, deflate, br", True), ("br;q=1, gzip;q=0", False), (None, False)]:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            connection.request("GET", "/", headers={"Host": server.host, "Cookie": session, **({"Accept-Encoding": accept} if accept else {})})
            response = connection.getresponse()
            raw = response.read()
            connection.close()
            check("Accept-Encoding" in (response.getheader("Vary") or ""), "no Vary: Accept-Encoding")
            if zipped:
                check(response.getheader("Content-Encoding") == "gzip", f"not compressed for {accept}")
                check(gzip.decompress(raw).decode() == plain, "the unpacked page differs")
                check(len(raw) * 3 < len(plain.encode()), f"gzip saves little: {len(raw)} of {len(plain.encode())}")
            else:
                check(response.getheader("Content-Encoding") is None and raw.decode() == plain, f"compressed for {accept}")
        status, headers, _ = request(server, "GET", "/static/app.css")
        etag = headers.get("ETag") or ""
        check(status == 200 and etag.startswith('"'), f"app.css has no validator: {etag}")
        status, _, body = request(server, "GET", "/static/app.css", headers={"If-None-Match": etag})
        check(status == 304 and body == "", f"an unchanged app.css is sent again: {status}")

        # Two Host headers: 400 (RFC 9112), whichever comes first.
        for hosts in [[server.host, "evil.example"], ["evil.example", server.host], [server.host, server.host]]:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            connection.putrequest("GET", "/", skip_host=True)
            for host in hosts:
                connection.putheader("Host", host)
            connection.putheader("Cookie", session)
            connection.endheaders()
            status = connection.getresponse().status
            connection.close()
            check(status == 400 or (hosts[0] == "evil.example" and status in (400, 421)), f"two Host headers {hosts}: {status}")
    finally:
        server.stop()

    finish()
    print("security: ok")


main()
