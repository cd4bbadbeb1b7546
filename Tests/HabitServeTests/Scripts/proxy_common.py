"""A reverse proxy for the browser tests, as docs/serve.md puts one in front of habit serve."""
import http.client
import http.server
import socketserver
import threading

from serve_common import free_port


class Proxy:
    """A reverse proxy on 127.0.0.1 that forwards to habit serve, or answers 502 as nginx and
    Caddy do while the server behind them is down. `changed` maps a path to bytes added to its
    answer: a new version of that file, as a new server would send it. `unreachable` closes every
    connection unanswered, as no network does: Chromium's network emulation (CDP) holds the page's
    requests back but not the service worker's, nor always a new page's very first ones."""

    def __init__(self):
        self.port = free_port()
        self.backend = None
        self.down = False
        self.unreachable = False
        self.changed = {}
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *arguments):
                pass

            def forward(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                if proxy.unreachable:
                    self.close_connection = True
                    return
                if proxy.down or proxy.backend is None:
                    page = b"<html><body><h1>502 Bad Gateway</h1></body></html>"
                    self.send_response(502)
                    self.send_header("Content-Type", "text/html")
                    self.send_header("Content-Length", str(len(page)))
                    self.end_headers()
                    self.wfile.write(page)
                    return
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("connection", "content-length")}
                headers["X-Forwarded-For"] = self.client_address[0]
                added = proxy.changed.get(self.path)
                if added is not None:
                    # Plain bytes, never "not modified": the file is another one now.
                    headers = {k: v for k, v in headers.items() if k.lower() not in ("accept-encoding", "if-none-match")}
                connection = http.client.HTTPConnection("127.0.0.1", proxy.backend, timeout=60)
                connection.request(self.command, self.path, body=body, headers=headers)
                response = connection.getresponse()
                data = response.read() + (added or b"")
                self.send_response(response.status)
                for key, value in response.getheaders():
                    if key.lower() not in ("connection", "content-length", "transfer-encoding") and not (added is not None and key.lower() == "etag"):
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                connection.close()

            do_GET = forward
            do_POST = forward

        class Threaded(socketserver.ThreadingMixIn, http.server.HTTPServer):
            daemon_threads = True

        self.server = Threaded(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.origin = f"http://localhost:{self.port}"

    def stop(self):
        self.server.shutdown()
