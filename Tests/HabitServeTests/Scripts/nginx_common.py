"""Debian's nginx with TLS in front of habit serve, configured with the lines docs/serve.md gives
(read from the document itself, so the document is what is tested), with a certificate authority
and a certificate made here by openssl, and a Chromium that trusts that authority (its own NSS
database under a HOME of its own: a trusted certificate, not --ignore-certificate-errors)."""
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time

from serve_common import free_port, stop_process

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
# A name that is not loopback's, so that the origin is secure because of TLS alone (Chromium takes
# http://localhost and http://127.0.0.1 for secure contexts already); Chromium resolves it to 127.0.0.1.
NAME = "habit.test"


def served_lines():
    """The nginx lines of docs/serve.md, as a reader copies them."""
    with open(os.path.join(ROOT, "docs", "serve.md")) as f:
        text = f.read()
    match = re.search(r"\*\*nginx\*\*[^\n]*\n\n```\n(location / \{.*?\n\})\n```", text, re.S)
    if not match:
        raise AssertionError("docs/serve.md has no nginx block")
    return match.group(1)


class Authority:
    """A test certificate authority and a certificate for NAME signed by it."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="habit-tls-")
        path = lambda name: os.path.join(self.folder, name)  # noqa: E731
        self.ca, self.certificate, self.key = path("ca.pem"), path("server.pem"), path("server.key")

        def openssl(*arguments):
            subprocess.run(["openssl", *arguments], check=True, capture_output=True)

        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path("ca.key"), "-out", self.ca,
                "-days", "2", "-subj", "/CN=habit test authority",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", self.key, "-out", path("server.csr"), "-subj", f"/CN={NAME}")
        with open(path("server.ext"), "w") as f:
            f.write(f"subjectAltName=DNS:{NAME}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
                    "keyUsage=critical,digitalSignature,keyEncipherment\n")
        openssl("x509", "-req", "-in", path("server.csr"), "-CA", self.ca, "-CAkey", path("ca.key"), "-CAcreateserial",
                "-out", self.certificate, "-days", "2", "-extfile", path("server.ext"))

    def browser_home(self):
        """A HOME whose NSS database (the one Chromium reads on Linux) trusts the authority."""
        home = os.path.join(self.folder, "home")
        database = "sql:" + os.path.join(home, ".pki", "nssdb")
        os.makedirs(os.path.join(home, ".pki", "nssdb"))
        subprocess.run(["certutil", "-d", database, "-N", "--empty-password"], check=True, capture_output=True)
        subprocess.run(["certutil", "-d", database, "-A", "-t", "C,,", "-n", "habit test authority", "-i", self.ca],
                       check=True, capture_output=True)
        return dict(os.environ, HOME=home)


class Nginx:
    """nginx on 127.0.0.1:`port` with TLS for NAME; `location` is the configuration inside the
    server block, with 8023 (the docs' port) replaced by the port of habit serve behind it."""

    def __init__(self, authority, location, backend, port=None):
        self.port = port or free_port()
        self.folder = tempfile.mkdtemp(prefix="habit-nginx-")
        self.origin = f"https://{NAME}:{self.port}"
        self.backend = backend
        # nginx answers 502 by itself while the server behind it is down.
        self.down = False
        # It cannot serve a new version of a file (offline_run skips "Reload to update").
        self.changed = None
        temp = "\n".join(f"  {kind}_temp_path {self.folder}/{kind};" for kind in ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"])
        user = "user root;\n" if os.geteuid() == 0 else ""
        self.config = os.path.join(self.folder, "nginx.conf")
        with open(self.config, "w") as f:
            f.write(f"""{user}worker_processes 1;
error_log {self.folder}/error.log;
pid {self.folder}/nginx.pid;
events {{ worker_connections 512; }}
http {{
  access_log off;
{temp}
  server {{
    listen 127.0.0.1:{self.port} ssl;
    server_name {NAME};
    ssl_certificate {authority.certificate};
    ssl_certificate_key {authority.key};
    {location.replace("8023", str(backend))}
  }}
}}
""")
        self.process = None
        self.start()

    def start(self):
        self.process = subprocess.Popen([nginx_binary(), "-p", self.folder, "-c", self.config, "-e", f"{self.folder}/error.log",
                                         "-g", "daemon off;"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise AssertionError("nginx ended: " + self.process.stdout.read().decode() + self.log())
                time.sleep(0.1)
        raise AssertionError("nginx did not start: " + self.log())

    @property
    def unreachable(self):
        return self.process is None

    @unreachable.setter
    def unreachable(self, value):
        """No answer at all, as with no network: nginx stopped, its port refusing connections
        (Chromium's network emulation holds the page's requests back but not the service
        worker's); started again on the same port when false."""
        if value and self.process is not None:
            self.stop()
        elif not value and self.process is None:
            self.start()

    def log(self):
        try:
            with open(os.path.join(self.folder, "error.log")) as f:
                return f.read()
        except OSError:
            return ""

    def stop(self):
        if self.process is not None:
            stop_process(self.process)
            self.process = None


def nginx_binary():
    return shutil.which("nginx") or "/usr/sbin/nginx"
