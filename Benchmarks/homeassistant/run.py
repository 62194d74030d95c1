#!/usr/bin/env python3
"""Basket beside Home Assistant 2025.4.4's shopping list, in one run (issue 45).

For each list size (50, 500 and 5,000 items) it starts `basket serve` and Home Assistant side
by side on loopback, each holding the same items, and prints:

  - GET of the whole list: requests/s and p99 latency with wrk (32 connections), in rounds
    that alternate between the two servers, asking for gzip as a browser does (and once more
    without, as most scripts do);
  - bytes per item on the wire (the list's body as sent, gzip accepted; and without);
  - push: from a POST that adds an item until ten open listeners hear of it (Basket's
    Server-Sent Events at /api/v2/events, Home Assistant's websocket `shopping_list_updated`
    events), median and p99 over every listener's samples;
  - resident memory (VmRSS) idle after start, and after the run;
  - the floor for a push on this machine: `floor.c`, one C thread that reads the POST, writes
    and fdatasyncs the pages a Basket add commits and writes the event to the ten listeners,
    timed by the same probe in the same blocks (skipped when no C compiler is found).

Home Assistant is set up by the script, offline: a virtual environment under
$XDG_CACHE_HOME/basket-bench (pip needs PyPI the first time only), a configuration with only
`http` and `shopping_list` (its config entry written into `.storage`, with an owner and a
long-lived access token in `.storage/auth`), started with `--skip-pip`. Its defaults (the
frontend and the helpers it always loads) come with it, as they would on any install.

    python3 Benchmarks/homeassistant/run.py [--quick] [--sizes 50,500,5000] [--seconds S]
        [--rounds R] [--pushes P] [--no-ha] [--no-floor] [basket=PATH]

`--quick` is 2-second wrk rounds, one round each, 15 pushes: about two minutes. wrk is
Debian's `wrk`; Python 3.13 for Home Assistant is found at HA_PYTHON, else pyenv's 3.13.0.
Python 3 standard library only.
"""

import argparse
import base64
import hashlib
import hmac
import json
import os
import pathlib
import re
import selectors
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "servers"))
from processes import end, free_port, rss_kib  # noqa: E402

HA_VERSION = "2025.4.4"
# The frontend release Home Assistant 2025.4.4 pins (components/frontend/manifest.json): the
# frontend is one of the integrations it always loads, and it refuses to start without it.
HA_FRONTEND = "home-assistant-frontend==20250411.0"
WORDS = ["Apples", "Bread", "Carrots", "Dates", "Eggs", "Flour", "Garlic", "Honey", "Kale",
         "Lemons", "Milk", "Noodles", "Oats", "Pears", "Rice", "Salmon", "Tea", "Yoghurt"]
# NB: numbers would be read as quantities ("Apples 12" is 12 apples), so each name is told
# apart by a made-up word.
SYLLABLES = ["ka", "lo", "mi", "ne", "su", "ta", "ri", "po", "de", "vu"]
TIMEOUT = 20


def names(count):
    """`count` different names, the same for both servers: "Apples kalo", "Bread kami"…"""
    def word(number):
        return "".join(SYLLABLES[int(digit)] for digit in f"{number:04d}")
    return [f"{WORDS[i % len(WORDS)]} {word(i)}" for i in range(count)]


# MARK: - HTTP over a plain socket


def read_response(sock, deadline):
    """One HTTP/1.1 response (Content-Length or chunked): (status, headers, body as sent)."""
    data = bytearray()
    while b"\r\n\r\n" not in data:
        sock.settimeout(max(0.001, deadline - time.monotonic()))
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed before the head")
        data += chunk
    head, _, rest = bytes(data).partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    body = bytearray(rest)

    def more():
        sock.settimeout(max(0.001, deadline - time.monotonic()))
        chunk = sock.recv(1 << 20)
        if not chunk:
            raise ConnectionError("closed mid-body")
        body.extend(chunk)

    if status in (204, 304):
        return status, headers, b""
    if "chunked" in headers.get("transfer-encoding", ""):
        out = bytearray()
        while True:
            while b"\r\n" not in body:
                more()
            size_line, _, remainder = bytes(body).partition(b"\r\n")
            size = int(size_line.split(b";")[0], 16)
            body[:] = remainder
            while len(body) < size + 2:
                more()
            out += body[:size]
            body[:] = body[size + 2:]
            if size == 0:
                return status, headers, bytes(out)
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        more()
    return status, headers, bytes(body[:length])


def request(port, method, path, headers=(), body=b"", timeout=TIMEOUT):
    deadline = time.monotonic() + timeout
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(http_request(port, method, path, headers, body, close=True))
        return read_response(sock, deadline)


def http_request(port, method, path, headers=(), body=b"", close=False):
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}"]
    if close:
        lines.append("Connection: close")
    lines += [f"{name}: {value}" for name, value in headers]
    if body:
        lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


# MARK: - The two servers


def wait_until_answering(process, port, path, what, seconds):
    """Waits for `process` to answer GET `path` with 200, or raises when it exits or is late."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if request(port, "GET", path)[0] == 200:
                return
        except OSError:
            pass
        if time.monotonic() > deadline or process.poll() is not None:
            raise RuntimeError(f"{what} did not start")
        time.sleep(0.02)


class Basket:
    label = "Basket"

    def __init__(self, binary, count, work):
        self.binary = binary
        self.store = os.path.join(work, "basket.sqlite")
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith("BASKET_")}
        listed = names(count)
        for start in range(0, count, 1000):
            subprocess.run([binary, "--store", self.store, "add", *listed[start:start + 1000]],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=self.env)
        self.port = free_port()
        self.log = open(os.path.join(work, "basket.log"), "w")
        self.process = subprocess.Popen(
            [binary, "--store", self.store, "serve", "--port", str(self.port)],
            stdout=self.log, stderr=subprocess.STDOUT, env=self.env)
        wait_until_answering(self.process, self.port, "/api/v1/session", "basket serve", 20)
        # The newest API version this build speaks: v2 from issue 45 on, v3 (times as
        # milliseconds) from its third round.
        self.api = next((f"/api/{v}" for v in ("v3", "v2")
                         if request(self.port, "GET", f"/api/{v}/list")[0] == 200), "/api/v1")
        self.list_path = f"{self.api}/list"
        self.auth = []
        self.pid = self.process.pid

    def add_request(self, name):
        body = json.dumps({"name": name}).encode()
        return f"{self.api}/items", body

    def listeners(self, count):
        return [SSEListener(self.port, f"{self.api}/events") for _ in range(count)]

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.log.close()


class Floor:
    """floor.c: a durable push with nothing else around it (see the file)."""

    label = "floor"
    # NB: the WAL frames one Basket add commits (its row, four index entries, the remembered
    # name's row and two index entries, the revision), counted with strace on 2026-12-07.
    pages = 9

    def __init__(self, program, work):
        self.port = free_port()
        self.auth = []
        self.process = subprocess.Popen(
            [program, str(self.port), os.path.join(work, "floor.log"), str(self.pages)])
        wait_until_answering(self.process, self.port, "/", "the floor server", 10)

    def add_request(self, name):
        return "/items", json.dumps({"name": name}).encode()

    def listeners(self, count):
        return [SSEListener(self.port, "/events") for _ in range(count)]

    def stop(self):
        end(self.process, timeout=5)


def build_floor(cache):
    """floor.c compiled into the cache, or None without a C compiler."""
    compiler = shutil.which("cc") or shutil.which("clang") or shutil.which("gcc")
    if not compiler:
        return None
    program = cache / "floor"
    source = pathlib.Path(__file__).with_name("floor.c")
    if not program.exists() or program.stat().st_mtime < source.stat().st_mtime:
        subprocess.run([compiler, "-O2", "-o", str(program), str(source)], check=True)
    return str(program)


class HomeAssistant:
    label = "Home Assistant"

    def __init__(self, venv, count, work):
        self.config = os.path.join(work, "ha")
        self.port = free_port()
        self.token = write_ha_config(self.config, self.port, count)
        self.auth = [("Authorization", f"Bearer {self.token}")]
        self.log = open(os.path.join(work, "ha-stdout.log"), "w")
        # NB: the python that runs it is the process measured (no wrapper in between).
        self.process = subprocess.Popen(
            [os.path.join(venv, "bin", "python3"), "-m", "homeassistant", "--config", self.config,
             "--skip-pip", "--log-file", os.path.join(work, "ha.log")],
            stdout=self.log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
        self.pid = self.process.pid
        deadline = time.monotonic() + 180
        while True:
            try:
                status, _, body = request(self.port, "GET", "/api/shopping_list", self.auth)
                if status == 200 and len(json.loads(body)) == count:
                    break
            except (OSError, ValueError):
                pass
            if self.process.poll() is not None:
                raise RuntimeError(f"Home Assistant exited: see {work}/ha.log")
            if time.monotonic() > deadline:
                raise RuntimeError(f"Home Assistant did not serve its list: see {work}/ha.log")
            time.sleep(0.25)
        self.list_path = "/api/shopping_list"
        # NB: it keeps setting up the integrations it loads by default for a while after the
        # API answers; wait for it to settle (its CPU time stops growing).
        settle(self.pid)

    def add_request(self, name):
        return "/api/shopping_list/item", json.dumps({"name": name}).encode()

    def listeners(self, count):
        return [HAListener(self.port, self.token) for _ in range(count)]

    def stop(self):
        end(self.process, timeout=30)
        self.log.close()


def settle(pid, quiet=0.05, patience=60):
    """Waits until the process used less than `quiet` of a core over a second."""
    ticks = os.sysconf("SC_CLK_TCK")

    def cpu():
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / ticks

    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        before = cpu()
        time.sleep(1)
        if cpu() - before < quiet:
            return


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def write_ha_config(config, port, count):
    """A configuration directory: `http` on loopback, the shopping list's config entry, an
    owner with a long-lived access token, onboarding done, and `count` items. Returns the
    token (an HS256 JWT signed with the refresh token's key, as Home Assistant makes one)."""
    storage = os.path.join(config, ".storage")
    os.makedirs(storage)
    with open(os.path.join(config, "configuration.yaml"), "w") as out:
        out.write("homeassistant:\n  name: Bench\n  latitude: 0\n  longitude: 0\n"
                  "  elevation: 0\n  unit_system: metric\n  time_zone: UTC\n  country: GB\n"
                  "  currency: GBP\n"
                  f"http:\n  server_host: 127.0.0.1\n  server_port: {port}\n")
    now = "2026-12-06T00:00:00+00:00"

    def stored(key, data, version=1, minor=1):
        with open(os.path.join(storage, key), "w") as out:
            json.dump({"version": version, "minor_version": minor, "key": key, "data": data}, out)

    stored("core.config_entries", {"entries": [{
        "created_at": now, "data": {}, "disabled_by": None, "discovery_keys": {},
        "domain": "shopping_list", "entry_id": uuid.uuid4().hex, "minor_version": 1,
        "modified_at": now, "options": {}, "pref_disable_new_entities": False,
        "pref_disable_polling": False, "source": "user", "subentries": [],
        "title": "Shopping list", "unique_id": None, "version": 1}]}, minor=5)
    user = uuid.uuid4().hex
    refresh = uuid.uuid4().hex
    jwt_key = os.urandom(64).hex()
    stored("auth", {
        "users": [{"id": user, "group_ids": ["system-admin"], "is_owner": True,
                   "is_active": True, "name": "bench", "system_generated": False,
                   "local_only": False}],
        "groups": [{"id": "system-admin", "name": "Administrators"},
                   {"id": "system-users", "name": "Users"},
                   {"id": "system-read-only", "name": "Read Only"}],
        "credentials": [],
        "refresh_tokens": [{
            "id": refresh, "user_id": user, "client_id": None, "client_name": "bench",
            "client_icon": None, "token_type": "long_lived_access_token", "created_at": now,
            "access_token_expiration": 315360000.0, "token": os.urandom(64).hex(),
            "jwt_key": jwt_key, "last_used_at": None, "last_used_ip": None, "expire_at": None,
            "credential_id": None, "version": HA_VERSION}],
    })
    stored("onboarding", {"done": ["user", "core_config", "analytics", "integration"]}, version=4)
    with open(os.path.join(config, ".shopping_list.json"), "w") as out:
        json.dump([{"name": name, "id": uuid.uuid4().hex, "complete": False}
                   for name in names(count)], out)
    issued = int(time.time()) - 60
    header = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    claims = b64url(json.dumps({"iss": refresh, "iat": issued, "exp": issued + 315360000}).encode())
    signature = hmac.new(jwt_key.encode(), f"{header}.{claims}".encode(), hashlib.sha256).digest()
    return f"{header}.{claims}.{b64url(signature)}"


def ensure_ha(cache):
    """The virtual environment with Home Assistant and its frontend, made on first use."""
    venv = cache / f"ha-{HA_VERSION}"
    ready = venv / ".basket-ready"
    if ready.exists():
        return str(venv)
    python = os.environ.get("HA_PYTHON") or os.path.expanduser(
        "~/.pyenv/versions/3.13.0/bin/python3.13")
    if not os.path.exists(python):
        raise RuntimeError(f"Home Assistant {HA_VERSION} needs Python 3.13: set HA_PYTHON")
    print(f"setting up Home Assistant {HA_VERSION} in {venv} (once; needs PyPI)", flush=True)
    if not (venv / "bin" / "python3").exists():
        subprocess.run([python, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet", f"homeassistant=={HA_VERSION}",
                    HA_FRONTEND], check=True)
    ready.touch()
    return str(venv)


# MARK: - Listeners: Server-Sent Events and Home Assistant's websocket


class SSEListener:
    def __init__(self, port, path):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        self.sock.sendall(http_request(port, "GET", path, [("Accept", "text/event-stream")]))
        self.buffer = bytearray()
        self.wait_for(b"event: hello")
        self.buffer.clear()

    def wait_for(self, marker):
        deadline = time.monotonic() + TIMEOUT
        while marker not in self.buffer:
            self.sock.settimeout(max(0.001, deadline - time.monotonic()))
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the stream closed")
            self.buffer += chunk

    def feed(self, data):
        self.buffer += data

    def heard(self, marker):
        if marker in self.buffer:
            self.buffer.clear()
            return True
        return False

    def close(self):
        self.sock.close()


class HAListener:
    """A websocket client (RFC 6455, text frames, no extensions) subscribed to the shopping
    list's events."""

    def __init__(self, port, token):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(http_request(port, "GET", "/api/websocket", [
            ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Key", key),
            ("Sec-WebSocket-Version", "13")]))
        head = bytearray()
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError(f"no websocket: {bytes(head[:80])!r}")
        self.buffer = bytearray()
        self.message()  # auth_required
        self.send({"type": "auth", "access_token": token})
        if self.message().get("type") != "auth_ok":
            raise RuntimeError("Home Assistant refused the token")
        self.send({"id": 1, "type": "subscribe_events", "event_type": "shopping_list_updated"})
        if not self.message().get("success"):
            raise RuntimeError("could not subscribe to shopping_list_updated")
        self.buffer.clear()

    def send(self, value):
        payload = json.dumps(value).encode()
        mask = os.urandom(4)
        frame = bytearray([0x81])
        if len(payload) < 126:
            frame.append(0x80 | len(payload))
        else:
            frame.append(0x80 | 126)
            frame += len(payload).to_bytes(2, "big")
        frame += mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(frame)

    def message(self):
        while True:
            parsed = self.frame()
            if parsed is not None:
                return json.loads(parsed)
            self.buffer += self.sock.recv(65536)

    def frame(self):
        """The first whole frame's payload (and drops it from the buffer), or None."""
        if len(self.buffer) < 2:
            return None
        length = self.buffer[1] & 0x7F
        offset = 2
        if length == 126:
            if len(self.buffer) < 4:
                return None
            length, offset = int.from_bytes(self.buffer[2:4], "big"), 4
        elif length == 127:
            if len(self.buffer) < 10:
                return None
            length, offset = int.from_bytes(self.buffer[2:10], "big"), 10
        if len(self.buffer) < offset + length:
            return None
        payload = bytes(self.buffer[offset:offset + length])
        del self.buffer[:offset + length]
        return payload

    def feed(self, data):
        self.buffer += data

    def heard(self, marker):
        while (payload := self.frame()) is not None:
            if marker in payload:
                return True
        return False

    def close(self):
        self.sock.close()


def push_samples(server, rounds, tag, listeners=10):
    """POST an add, then time each of `listeners` hearing of it (one thread, epoll, so the
    measuring adds the same small cost to both servers): a listener heard it when epoll woke
    with its socket readable. Returns milliseconds per listener."""
    opened = server.listeners(listeners)
    poster = socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT)
    selector = selectors.DefaultSelector()
    for listener in opened:
        listener.sock.setblocking(False)
        selector.register(listener.sock, selectors.EVENT_READ, listener)
    samples = []
    try:
        for number in range(rounds):
            name = f"Push {tag} {number}"
            path, body = server.add_request(name)
            marker = json.dumps(name).encode()
            waiting = set(opened)
            message = http_request(server.port, "POST", path, server.auth, body)
            start = time.perf_counter()
            poster.sendall(message)
            deadline = time.monotonic() + TIMEOUT
            while waiting and time.monotonic() < deadline:
                ready = selector.select(timeout=1)
                # NB: when epoll said so, not after reading the sockets ahead of it in `ready`.
                seen = time.perf_counter()
                for key, _ in ready:
                    listener = key.data
                    try:
                        data = listener.sock.recv(1 << 20)
                    except BlockingIOError:
                        continue
                    listener.feed(data)
                    if listener in waiting and listener.heard(marker):
                        waiting.discard(listener)
                        samples.append((seen - start) * 1000)
            status, _, _ = read_response(poster, time.monotonic() + TIMEOUT)
            if waiting or status >= 300:
                raise RuntimeError(f"{server.label}: {len(waiting)} listeners missed {name} ({status})")
            time.sleep(0.03)
    finally:
        poster.close()
        for listener in opened:
            listener.close()
    return samples


# MARK: - wrk


def wrk(server, seconds, gzip):
    headers = list(server.auth) + ([("Accept-Encoding", "gzip")] if gzip else [])
    argv = ["wrk", "-t2", "-c32", f"-d{seconds}s", "--latency"]
    for name, value in headers:
        argv += ["-H", f"{name}: {value}"]
    out = subprocess.run(argv + [f"http://127.0.0.1:{server.port}{server.list_path}"],
                         capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"^\s+99%\s+([\d.]+)(us|ms|s)\b", out, re.M)
    scale = {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if errors:
        raise RuntimeError(f"{server.label}: {errors.group(1)} failed requests")
    return rate, float(p99.group(1)) * scale


def wire_bytes(server, gzip):
    headers = list(server.auth) + ([("Accept-Encoding", "gzip")] if gzip else [])
    status, answer, body = request(server.port, "GET", server.list_path, headers)
    assert status == 200, status
    return len(body), answer.get("content-encoding", "identity")


# MARK: - The run


def median(values):
    return statistics.median(values) if values else float("nan")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] if ordered else float("nan")


def measure(size, binary, venv, floor, options):
    work = tempfile.mkdtemp(prefix=f"basket-ha-{size}-")
    servers = []
    pushers = []
    try:
        servers.append(Basket(binary, size, work))
        if venv:
            servers.append(HomeAssistant(venv, size, work))
        pushers = servers + ([Floor(floor, work)] if floor else [])
        figures = {server.label: {} for server in servers}
        floor_samples = []
        time.sleep(1)
        for server in servers:
            figures[server.label]["idle"] = rss_kib(server.pid) / 1024
            for gzip in (True, False):
                count, coding = wire_bytes(server, gzip)
                figures[server.label][f"bytes {gzip}"] = (count / size, coding)
        for gzip in (True, False):
            for _ in range(options.rounds):
                for server in servers:
                    figures[server.label].setdefault(f"get {gzip}", []).append(
                        wrk(server, options.seconds, gzip))
        blocks = 5
        for block in range(blocks):
            for server in pushers:
                samples = push_samples(server, max(1, options.pushes // blocks), f"{size}-{block}")
                if server.label == Floor.label:
                    floor_samples.extend(samples)
                else:
                    figures[server.label].setdefault("push", []).extend(samples)
        time.sleep(1)
        for server in servers:
            figures[server.label]["after"] = rss_kib(server.pid) / 1024
            figures[server.label]["peak"] = rss_kib(server.pid, "VmHWM:") / 1024
        return figures, floor_samples
    finally:
        for server in pushers or servers:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)


def report(size, figures, floor_samples):
    print(f"\n== {size:,} items")
    labels = list(figures)
    for gzip, what in ((True, "GET, gzip accepted"), (False, "GET, no Accept-Encoding")):
        rates = {label: [rate for rate, _ in figures[label][f"get {gzip}"]] for label in labels}
        p99s = {label: [p99 for _, p99 in figures[label][f"get {gzip}"]] for label in labels}
        cells = [f"{label} {median(rates[label]):,.0f}/s (rounds {', '.join(f'{r:,.0f}' for r in rates[label])}),"
                 f" p99 {median(p99s[label]):.2f} ms" for label in labels]
        ratio = ""
        if len(labels) == 2:
            ratio = f"  → {median(rates[labels[0]]) / median(rates[labels[1]]):.1f}× (goal ≥ 3×)"
        print(f"{what:<26} " + " | ".join(cells) + ratio)
    for gzip, what in ((True, "bytes/item, gzip accepted"), (False, "bytes/item, identity")):
        cells = [f"{label} {figures[label][f'bytes {gzip}'][0]:.1f} ({figures[label][f'bytes {gzip}'][1]})"
                 for label in labels]
        print(f"{what:<26} " + " | ".join(cells))
    cells = [f"{label} median {median(figures[label]['push']):.2f} ms, p99 {percentile(figures[label]['push'], 0.99):.2f} ms"
             f" ({len(figures[label]['push'])} samples)" for label in labels]
    print(f"{'push to 10 listeners':<26} " + " | ".join(cells) + "  (goal: Basket ≤ 1 ms median, ≤ 3 ms p99)")
    if floor_samples:
        floor = median(floor_samples)
        print(f"{'push floor (floor.c)':<26} median {floor:.2f} ms, p99 {percentile(floor_samples, 0.99):.2f} ms"
              f" ({Floor.pages} pages + fdatasync, one thread)  → Basket − floor "
              f"{median(figures['Basket']['push']) - floor:.2f} ms")
    cells = [f"{label} {figures[label]['idle']:.1f} → {figures[label]['after']:.1f} MiB (peak {figures[label]['peak']:.1f})"
             for label in labels]
    print(f"{'memory idle → after':<26} " + " | ".join(cells) + "  (goal: Basket ≤ 24 MiB after)")
    sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--sizes", default="50,500,5000")
    parser.add_argument("--seconds", type=int)
    parser.add_argument("--rounds", type=int)
    parser.add_argument("--pushes", type=int)
    parser.add_argument("--no-ha", action="store_true", help="Basket alone")
    parser.add_argument("--no-floor", action="store_true", help="without floor.c's pushes")
    parser.add_argument("binary", nargs="?", default=f"basket={ROOT}/.build/release/basket")
    options = parser.parse_args()
    options.seconds = options.seconds or (2 if options.quick else 5)
    options.rounds = options.rounds or (1 if options.quick else 3)
    options.pushes = options.pushes or (15 if options.quick else 50)
    binary = options.binary.split("=", 1)[-1]
    if not shutil.which("wrk"):
        sys.exit("wrk is missing: apt-get install wrk")
    cache = pathlib.Path(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache"))) / "basket-bench"
    cache.mkdir(parents=True, exist_ok=True)
    venv = None if options.no_ha else ensure_ha(cache)
    floor = None if options.no_floor else build_floor(cache)
    if not options.no_floor and not floor:
        print("no C compiler (cc): the push floor is skipped")
    print(f"Basket ({binary}) beside Home Assistant {HA_VERSION}: wrk -c32 {options.seconds} s × "
          f"{options.rounds} alternating rounds, {options.pushes} pushes to 10 listeners, "
          f"{os.cpu_count()} CPUs, {time.strftime('%Y-%m-%d')}")
    for size in (int(text) for text in options.sizes.split(",")):
        report(size, *measure(size, binary, venv, floor, options))


if __name__ == "__main__":
    main()
