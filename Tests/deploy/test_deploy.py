"""Running Basket for a household: the systemd unit (systemd-analyze), HTTPS as testssl.sh
sees it, and basket serve behind a reverse proxy (Debian's caddy, with its own TLS)."""

import http.client
import json
import os
import pathlib
import re
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "servers"))
from basket_server import BASKET, free_port  # noqa: E402

UNIT = ROOT / "deploy" / "basket.service"


def serve(directory, *options):
    """`basket serve` with `options` on a fresh store in `directory`; returns the process."""
    env = {k: v for k, v in os.environ.items() if k not in ("BASKET_SECRET", "BASKET_NOW")}
    process = subprocess.Popen(
        [str(BASKET), "--store", os.path.join(directory, "basket.sqlite"), "serve", *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    return process


def wait_for(port, scheme="http", deadline=20):
    context = ssl._create_unverified_context()
    end = time.time() + deadline
    while time.time() < end:
        try:
            urllib.request.urlopen(f"{scheme}://127.0.0.1:{port}/", timeout=1, context=context).read()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing answered on {port}")


def stop(process):
    process.terminate()
    process.wait(timeout=10)
    process.stdout.close()
    process.stderr.close()


@pytest.mark.skipif(not shutil.which("systemd-analyze"), reason="needs systemd-analyze")
def test_the_systemd_unit_verifies_and_is_sandboxed(tmp_path):
    text = UNIT.read_text()
    for setting in ["User=basket", "StateDirectory=basket", "ProtectSystem=strict",
                    "NoNewPrivileges=yes", "ProtectHome=yes", "CapabilityBoundingSet=\n",
                    "ExecStart=/usr/local/bin/basket serve --host 0.0.0.0"]:
        assert setting in text, setting
    # As installed: the binary where the guide puts it (here, the one just built).
    unit = tmp_path / "basket.service"
    unit.write_text(text.replace("/usr/local/bin/basket", str(BASKET)))
    verified = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True)
    assert verified.returncode == 0, verified.stderr
    assert verified.stderr.strip() == "", verified.stderr
    security = subprocess.run(["systemd-analyze", "security", "--offline=true", str(unit)],
                              capture_output=True, text=True)
    level = re.search(r"Overall exposure level for basket.service: ([0-9.]+)", security.stdout)
    assert level and float(level.group(1)) <= 2.0, security.stdout[-400:]
    # A unit with a mistake in it is caught.
    broken = tmp_path / "broken.service"
    broken.write_text(text.replace("Type=simple", "Type=simplest"))
    assert subprocess.run(["systemd-analyze", "verify", str(broken)], capture_output=True).stderr


@pytest.mark.skipif(not shutil.which("testssl"), reason="needs testssl.sh")
def test_https_offers_only_tls_1_2_and_1_3_with_strong_suites(tmp_path):
    port, welcome = free_port(), free_port()
    process = serve(str(tmp_path), "--host", "0.0.0.0", "--port", str(port),
                    "--welcome-port", str(welcome))
    try:
        wait_for(port, "https")
        report = tmp_path / "testssl.json"
        subprocess.run(["testssl", "--quiet", "--color", "0", "--protocols", "--std",
                        "--jsonfile", str(report), f"127.0.0.1:{port}"],
                       capture_output=True, text=True, timeout=300)
        findings = {entry["id"]: entry["finding"] for entry in json.loads(report.read_text())}
    finally:
        stop(process)
    for old in ["SSLv2", "SSLv3", "TLS1", "TLS1_1"]:
        assert findings[old].startswith("not offered"), (old, findings[old])
    assert findings["TLS1_2"].startswith("offered"), findings["TLS1_2"]
    assert findings["TLS1_3"].startswith("offered"), findings["TLS1_3"]
    for weak in ["cipherlist_NULL", "cipherlist_aNULL", "cipherlist_EXPORT", "cipherlist_LOW",
                 "cipherlist_3DES_IDEA", "cipherlist_AVERAGE"]:
        assert findings[weak] == "not offered", (weak, findings[weak])
    assert findings["cipherlist_STRONG"] == "offered", findings["cipherlist_STRONG"]


class Caddy:
    """Debian's caddy with its own TLS (`tls internal`) on `port`, in front of `upstream`."""

    def __init__(self, directory, port, upstream):
        self.directory = directory
        config = os.path.join(directory, "Caddyfile")
        with open(config, "w") as file:
            file.write(f"""{{
  admin off
  auto_https disable_redirects
  skip_install_trust
  default_sni 127.0.0.1
}}
https://127.0.0.1:{port} {{
  tls internal
  reverse_proxy 127.0.0.1:{upstream}
}}
""")
        env = {**os.environ, "XDG_DATA_HOME": os.path.join(directory, "data"),
               "XDG_CONFIG_HOME": os.path.join(directory, "config"), "HOME": directory}
        self.process = subprocess.Popen(["caddy", "run", "--config", config, "--adapter", "caddyfile"],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.port = port
        self.root = os.path.join(directory, "data", "caddy", "pki", "authorities", "local", "root.crt")
        end = time.time() + 20
        while time.time() < end and not os.path.exists(self.root):
            time.sleep(0.1)
        time.sleep(0.5)

    def context(self):
        context = ssl.create_default_context(cafile=self.root)
        context.check_hostname = False
        return context

    def request(self, method, path, body=None, headers=None, source="127.0.0.1", cookie=None):
        connection = http.client.HTTPSConnection("127.0.0.1", self.port, context=self.context(),
                                                 timeout=10, source_address=(source, 0))
        all_headers = {"Host": f"127.0.0.1:{self.port}", **(headers or {})}
        if cookie:
            all_headers["Cookie"] = cookie
        if body is not None:
            all_headers["Content-Type"] = "application/json"
        connection.request(method, path, body=body, headers=all_headers)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read().decode(), connection

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.process.stdout.close()
        self.process.stderr.close()


@pytest.mark.skipif(not shutil.which("caddy"), reason="needs caddy")
def test_behind_caddy_pairing_the_list_live_updates_and_the_offline_queue_work(tmp_path):
    upstream, front = free_port(), free_port()
    store = str(tmp_path / "basket")
    os.makedirs(store)
    process = serve(store, "--host", "0.0.0.0", "--http", "--port", str(upstream),
                    "--trusted-proxy", "127.0.0.1")
    caddy = None
    try:
        wait_for(upstream)
        caddy = Caddy(str(tmp_path), front, upstream)
        # Pairing through the proxy: an invitation's link names the proxy's address over HTTPS.
        invited = subprocess.run([str(BASKET), "--store", os.path.join(store, "basket.sqlite"),
                                  "invite", "--json"], capture_output=True, text=True)
        assert invited.returncode == 0, invited.stderr
        code = json.loads(invited.stdout)["url"].rsplit("/", 1)[1]
        status, headers, _, _ = caddy.request("GET", f"/join/{code}")
        assert status == 303, status
        cookie = headers["Set-Cookie"].split(";")[0]
        assert "Secure" in headers["Set-Cookie"], "the proxy said HTTPS, so the cookie is Secure"
        status, _, body, _ = caddy.request("GET", "/api/v2/session", cookie=cookie)
        assert json.loads(body)["paired"] is True
        # Live updates arrive through the proxy at once, not buffered.
        stream = http.client.HTTPSConnection("127.0.0.1", front, context=caddy.context(), timeout=10)
        stream.request("GET", "/api/v2/events", headers={"Host": f"127.0.0.1:{front}", "Cookie": cookie,
                                                          "Accept": "text/event-stream"})
        events = stream.getresponse()
        assert events.status == 200
        assert b"event: hello" in events.fp.readline() + events.fp.readline() + events.fp.readline()
        started = time.monotonic()
        status, _, _, _ = caddy.request("POST", "/api/v2/items", body='{"name":"oat milk"}', cookie=cookie,
                                        headers={"Origin": f"https://127.0.0.1:{front}"})
        assert status == 201
        seen = b""
        while b"oat milk" not in seen and time.monotonic() - started < 5:
            seen += events.fp.readline()
        assert b"oat milk" in seen, seen
        assert time.monotonic() - started < 2
        stream.close()
        # The offline queue, sent once and again through the proxy, applies once.
        queue = json.dumps({"ops": [{"op": "6f1c2a4e-1111-4222-8333-444455556666",
                                     "at": "2026-12-06T10:00:00Z", "type": "add",
                                     "item": "6f1c2a4e-1111-4222-8333-444455556667", "name": "bread"}]})
        for _ in range(2):
            status, _, body, _ = caddy.request("POST", "/api/v2/ops", body=queue, cookie=cookie,
                                               headers={"Origin": f"https://127.0.0.1:{front}"})
            assert status == 200, body
        status, _, body, _ = caddy.request("GET", "/api/v2/list", cookie=cookie)
        names = [item["name"] for item in json.loads(body)["toGet"]]
        assert names.count("bread") == 1 and "oat milk" in names, names
        # Guess limits count per phone behind the proxy: ten wrong codes lock one address out,
        # not the other.
        for _ in range(11):
            status, _, _, _ = caddy.request("GET", "/join/aaaaaaaaaaaaaaaaaaaa", source="127.0.0.2")
        assert status == 429
        status, _, _, _ = caddy.request("GET", "/join/aaaaaaaaaaaaaaaaaaaa", source="127.0.0.3")
        assert status == 404
        # From anywhere but the proxy, X-Forwarded-For is not believed: a client can't borrow
        # another's allowance (it is still locked out under its own address).
        for _ in range(11):
            direct = http.client.HTTPConnection("127.0.0.1", upstream, timeout=5, source_address=("127.0.0.4", 0))
            direct.request("GET", "/join/aaaaaaaaaaaaaaaaaaaa", headers={"X-Forwarded-For": "10.9.9.9"})
            answer = direct.getresponse()
            answer.read()
        assert answer.status == 429
    finally:
        if caddy:
            caddy.stop()
        stop(process)
