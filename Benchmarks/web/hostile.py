#!/usr/bin/env python3
"""Measures `basket serve` under hostile clients, and how fast live updates arrive.

For each server binary given (label=path, all measured in the same run):
  - GET /api/v2/list latency on a fresh connection, unloaded, then with 500 idle connections
    and 100 half-sent requests held open (an attacker that reconnects whatever is closed), then
    with 3,000 + 300 from another address (more than a 1,024-thread server has threads, and
    more than the per-address cap), and
    the server's memory (RSS) idle and under the first load;
  - how long the server keeps an idle connection and a half-sent request open;
  - whether 40 quick connect-and-close rounds on /api/v2/events lock out the next page;
  - what a request with 65 headers gets;
  - live updates: time from a POST to the event carrying the new item's name arriving on 10
    open streams (beside the time to the POST's own response), and from starting a
    `basket add` process to the event carrying its item (beside the time until it exits);
  - CalDAV bodies that name a property thousands of times (with 300 and 607 items: one, three
    and eight at once), with the server's peak (VmHWM) and retained (VmRSS) memory after each
    and how long an add waits meanwhile; and 40 live streams from one address, then one from
    another.

Usage: Benchmarks/web/hostile.py [--quick] label=/path/to/basket [label=/path/to/other ...]
"""

import argparse
import os
import pathlib
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "Tests" / "servers"))
from processes import end, free_port, rss_kib  # noqa: E402

TIMEOUT = 5.0


class Server:
    def __init__(self, binary, items=100):
        self.binary = binary
        self.dir = tempfile.TemporaryDirectory(prefix="basket-hostile-")
        self.store = os.path.join(self.dir.name, "basket.sqlite")
        self.port = free_port()
        names = [f"Item-{i}" for i in range(1, items + 1)]
        self.cli("add", *names)
        self.process = subprocess.Popen(
            [binary, "--store", self.store, "serve", "--port", str(self.port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                status, _ = request(self.port, "GET", "/api/v2/list")
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"{binary} serve did not start")

    def rss_kib(self, key="VmRSS:"):
        return rss_kib(self.process.pid, key)

    def peak_kib(self):
        return self.rss_kib("VmHWM:")

    def cli(self, *args):
        subprocess.run([self.binary, "--store", self.store, *args], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(self):
        end(self.process, timeout=15)
        self.dir.cleanup()


def read_response(sock, deadline):
    """Reads one HTTP response with a Content-Length body; returns (status, body)."""
    data = b""
    while b"\r\n\r\n" not in data:
        sock.settimeout(max(0.001, deadline - time.monotonic()))
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed before the head")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    body = bytearray(body)  # NB: appending to bytes is quadratic on a 300 MB answer
    while len(body) < length:
        sock.settimeout(max(0.001, deadline - time.monotonic()))
        chunk = sock.recv(1 << 20)
        if not chunk:
            break
        body += chunk
    return status, bytes(body)


def request(port, method, path, headers=(), body=b"", timeout=TIMEOUT, source=None):
    deadline = time.monotonic() + timeout
    bind = (source, 0) if source else None
    with socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=bind) as sock:
        lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close"]
        lines += [f"{name}: {value}" for name, value in headers]
        if body:
            if not any(name.lower() == "content-type" for name, _ in headers):
                lines.append("Content-Type: application/json")
            lines.append(f"Content-Length: {len(body)}")
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        return read_response(sock, deadline)


def timed_gets(port, count=100, source=None):
    """Latencies (ms) of `count` GET /api/v2/list on fresh connections; a failure counts as
    the timeout."""
    samples, failures = [], 0
    for _ in range(count):
        start = time.perf_counter()
        try:
            status, _ = request(port, "GET", "/api/v2/list", source=source)
            ok = status == 200
        except OSError:
            ok = False
        elapsed = (time.perf_counter() - start) * 1000
        if not ok:
            failures += 1
            elapsed = max(elapsed, TIMEOUT * 1000)
        samples.append(elapsed)
    return samples, failures


def percentile(samples, fraction):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def summary(samples):
    if not samples:
        return "no samples"
    return f"median {statistics.median(samples):8.2f} ms   p99 {percentile(samples, 0.99):8.2f} ms"


class Attacker:
    """Holds `idle` silent connections and `half` half-sent requests open from `source`,
    reopening any the server closes (at most 200 per 50 ms), until stopped."""

    HALF = b"GET /api/v2/list HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow"

    def __init__(self, port, idle, half, source="127.0.0.1"):
        self.port, self.source = port, source
        self.selector = selectors.DefaultSelector()
        self.stopping = threading.Event()
        self.reopened = 0
        self.open_count = 0
        self.connected_count = 0
        self.backlog = [False] * idle + [True] * half
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def open(self, half):
        """Starts a non-blocking connect; a half-sent request is written once it connects."""
        sock = socket.socket()
        try:
            sock.bind((self.source, 0))
            sock.setblocking(False)
            sock.connect_ex(("127.0.0.1", self.port))
            self.selector.register(sock, selectors.EVENT_WRITE, ("connecting", half))
            self.open_count += 1
        except OSError:
            sock.close()
            self.backlog.append(half)

    def run(self):
        while not self.stopping.is_set():
            for half in self.backlog[:200]:
                self.open(half)
            del self.backlog[:200]
            for key, _ in self.selector.select(timeout=0.05):
                state, half = key.data
                sock = key.fileobj
                if state == "connecting":
                    if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0:
                        try:
                            if half:
                                sock.send(self.HALF)
                            self.selector.modify(sock, selectors.EVENT_READ, ("open", half))
                            self.connected_count += 1
                            continue
                        except OSError:
                            pass
                else:
                    try:
                        if sock.recv(4096):
                            continue
                    except OSError:
                        pass
                if state == "open":
                    self.connected_count -= 1
                self.selector.unregister(sock)
                sock.close()
                self.open_count -= 1
                self.reopened += 1
                self.backlog.append(half)

    def connected(self):
        return self.connected_count

    def stop(self):
        self.stopping.set()
        self.thread.join()
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()
        self.selector.close()


def time_until_closed(port, payload, limit):
    """Seconds until the server closes a connection that sent `payload`, or None past `limit`."""
    with socket.create_connection(("127.0.0.1", port), timeout=limit) as sock:
        start = time.monotonic()
        if payload:
            sock.sendall(payload)
        try:
            while True:
                sock.settimeout(max(0.01, limit - (time.monotonic() - start)))
                data = sock.recv(4096)
                if not data:
                    return time.monotonic() - start
        except (socket.timeout, TimeoutError):
            return None
        except OSError:
            return time.monotonic() - start


class EventStream:
    """An open /api/v2/events connection that records when each `change` event arrives."""

    def __init__(self, port, source=None):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT,
                                             source_address=(source, 0) if source else None)
        self.sock.sendall(
            f"GET /api/v2/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
        self.buffer = b""
        self.status = None
        head = self.read_until(b"\r\n\r\n")
        self.status = int(head.split(b" ")[1]) if head else None
        if self.status == 200:
            self.wait_for(b"event: hello")

    def read_until(self, marker, deadline=None):
        deadline = deadline or time.monotonic() + TIMEOUT
        while marker not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            self.sock.settimeout(remaining)
            try:
                chunk = self.sock.recv(65536)
            except (socket.timeout, TimeoutError):
                return None
            if not chunk:
                return None
            self.buffer += chunk
        found, _, self.buffer = self.buffer.partition(marker)
        return found

    def wait_for(self, marker, timeout=TIMEOUT):
        """Waits for `marker`; returns the time it was seen (perf_counter) or None."""
        if self.read_until(marker, time.monotonic() + timeout) is None:
            return None
        return time.perf_counter()

    def close(self):
        self.sock.close()


def open_stream(port, patience=30):
    """An event stream, retrying while the server answers 503 (slots still taken)."""
    deadline = time.monotonic() + patience
    while True:
        stream = EventStream(port)
        if stream.status == 200 or time.monotonic() > deadline:
            return stream
        stream.close()
        time.sleep(0.25)


def live_latencies(server, streams=10, rounds=30, cli_rounds=15):
    """Returns (POST -> event samples, POST -> response samples, add -> event samples,
    add -> exit samples, missed events), in ms."""
    opened = [open_stream(server.port) for _ in range(streams)]
    post_events, post_responses, add_events, add_exits, missed = [], [], [], [], 0
    try:
        for round_number in range(rounds):
            body = f'{{"name":"Live-{round_number}"}}'.encode()
            answered = []

            def post():
                request(server.port, "POST", "/api/v2/items", body=body)
                answered.append(time.perf_counter())

            start = time.perf_counter()
            poster = threading.Thread(target=post)
            poster.start()
            carried = f'Live-{round_number}"'.encode()  # the notice carries the change itself
            for stream in opened:
                seen = stream.wait_for(carried)
                if seen is None:
                    missed += 1
                else:
                    post_events.append((seen - start) * 1000)
            poster.join()
            post_responses.append((answered[0] - start) * 1000)
            time.sleep(0.02)
        watcher = opened[0]
        for round_number in range(cli_rounds):
            exited = []
            start = time.perf_counter()
            process = subprocess.Popen([server.binary, "--store", server.store, "add", f"Cli-{round_number}"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            waiter = threading.Thread(target=lambda: (process.wait(), exited.append(time.perf_counter())))
            waiter.start()
            carried = f'Cli-{round_number}"'.encode()
            seen = watcher.wait_for(carried)
            waiter.join()
            add_exits.append((exited[0] - start) * 1000)
            if seen is None:
                missed += 1
            else:
                add_events.append((seen - start) * 1000)
            for stream in opened[1:]:  # drain the other streams
                stream.wait_for(carried, timeout=1)
            time.sleep(0.05)
    finally:
        for stream in opened:
            stream.close()
    return post_events, post_responses, add_events, add_exits, missed


def sse_rounds(port, rounds=40):
    """Opens and closes event streams quickly; returns the status a new stream then gets, and
    the seconds until it answered."""
    for _ in range(rounds):
        try:
            stream = EventStream(port)
            stream.close()
        except OSError:
            pass
    time.sleep(0.2)
    start = time.monotonic()
    try:
        stream = EventStream(port)
        status = stream.status
        stream.close()
    except OSError:
        status = None
    return status, time.monotonic() - start


def many_headers(port, count=65):
    headers = [(f"X-Filler-{i}", "1") for i in range(count - 2)]  # + Host + Connection
    try:
        status, _ = request(port, "GET", "/api/v2/list", headers=headers)
        return status
    except OSError as error:
        return f"error {error}"


DAV_NAMES = ("urn:ietf:params:xml:ns:caldav", "calendar-data"), ("DAV:", "getetag")


def propfind_body(name, count):
    namespace, local = DAV_NAMES[0] if name == "calendar-data" else DAV_NAMES[1]
    return (f'<d:propfind xmlns:d="DAV:" xmlns:x="{namespace}"><d:prop>'
            + f"<x:{local}/>" * count + "</d:prop></d:propfind>").encode()


def hostile_dav(binary, items, name, count, clients):
    """`clients` PROPFINDs at once naming `name` `count` times, on a server with `items` items.
    Returns (status counts, answer bytes, seconds, peak MiB, retained MiB, slowest add ms)."""
    server = Server(binary, items=items)
    try:
        body = propfind_body(name, count)
        results, adds, stop = [], [], threading.Event()

        def one():
            start = time.perf_counter()
            try:
                status, answer = request(server.port, "PROPFIND", "/dav/basket/",
                                         headers=[("Depth", "1"), ("Content-Type", "application/xml")],
                                         body=body, timeout=60)
                results.append((status, len(answer), time.perf_counter() - start))
            except OSError:
                results.append((None, 0, time.perf_counter() - start))

        def adder():
            number = 0
            while not stop.is_set():
                number += 1
                start = time.perf_counter()
                try:
                    request(server.port, "POST", "/api/v2/items",
                            body=f'{{"name":"Added-{number}"}}'.encode(), timeout=60)
                except OSError:
                    pass
                adds.append((time.perf_counter() - start) * 1000)
                time.sleep(0.05)

        threads = [threading.Thread(target=one) for _ in range(clients)]
        writer = threading.Thread(target=adder)
        writer.start()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        stop.set()
        writer.join()
        time.sleep(0.5)
        statuses = {}
        for status, _, _ in results:
            statuses[status] = statuses.get(status, 0) + 1
        return (statuses, max(size for _, size, _ in results), max(t for _, _, t in results),
                server.peak_kib() / 1024, server.rss_kib() / 1024, max(adds or [0]))
    finally:
        server.stop()


def streams_from_one_address(port, count=40):
    held, statuses = [], {}
    for _ in range(count):
        try:
            stream = EventStream(port)
            statuses[stream.status] = statuses.get(stream.status, 0) + 1
            held.append(stream)
        except OSError:
            statuses["error"] = statuses.get("error", 0) + 1
    try:
        other = EventStream(port, source="127.0.0.2")
        other_status = other.status
        other.close()
    except OSError as error:
        other_status = f"error {error}"
    for stream in held:
        stream.close()
    return statuses, other_status


def measure_hostile_dav(label, binary, quick):
    cases = [(300, "calendar-data", 3000, 1), (300, "calendar-data", 3000, 3)]
    if not quick:
        cases.append((607, "getetag", 5000, 8))
    for items, name, count, clients in cases:
        statuses, size, seconds, peak, retained, slowest_add = hostile_dav(binary, items, name, count, clients)
        print(f"PROPFIND {name} x{count}, {items} items, {clients} at once: {statuses}, "
              f"answer {size / 1e6:.2f} MB in {seconds:.2f} s; peak {peak:.0f} MiB, "
              f"retained {retained:.0f} MiB; slowest add meanwhile {slowest_add:.0f} ms")


def measure(label, binary, quick):
    print(f"== {label}: {binary}")
    server = Server(binary)
    try:
        time.sleep(0.5)
        idle_rss = server.rss_kib()
        samples, failures = timed_gets(server.port)
        print(f"GET /api/v2/list unloaded                        {summary(samples)}   failures {failures}")
        # The second load comes from another address than the measuring client, as a stranger
        # on the household's network would: it exceeds both a 1,024-thread pool and the
        # per-address connection cap.
        loads = [(200, 40, None)] if quick else [(500, 100, None), (3000, 300, "127.0.0.2")]
        for number, (idle, half, other) in enumerate(loads):
            attacker = Attacker(server.port, idle, half, source=other or "127.0.0.1")
            deadline = time.monotonic() + 10
            while attacker.connected() < idle + half and time.monotonic() < deadline:
                time.sleep(0.1)
            time.sleep(0.5)
            loaded_rss = server.rss_kib()
            held = attacker.connected()
            samples, failures = timed_gets(server.port)
            attacker.stop()
            origin = f"from {other}" if other else "same address"
            print(f"GET with {idle:>4} idle + {half:>3} half-sent open ({origin:>17})   {summary(samples)}   failures {failures}"
                  f"   (attacker held {held}, reopened {attacker.reopened})")
            if number == 0:
                print(f"server RSS idle {idle_rss / 1024:.1f} MiB, with {idle} + {half} connections open {loaded_rss / 1024:.1f} MiB")
            time.sleep(1)
        limit = 12 if quick else 35
        closed = time_until_closed(server.port, b"", limit)
        print(f"an idle connection is closed after               {closed and f'{closed:.1f} s' or f'more than {limit} s'}")
        closed = time_until_closed(server.port, Attacker.HALF, limit)
        print(f"a half-sent request is closed after              {closed and f'{closed:.1f} s' or f'more than {limit} s'}")
        status, seconds = sse_rounds(server.port)
        print(f"after 40 connect-and-close event streams, a new one gets {status} in {seconds * 1000:.0f} ms")
        print(f"a request with 65 headers gets                   {many_headers(server.port)}")
        print(f"a request with 64 headers gets                   {many_headers(server.port, 64)}")
        events, responses, adds, exits, missed = live_latencies(server)
        print(f"POST -> its response ({len(responses)})                       {summary(responses)}")
        print(f"POST -> event carrying it, 10 streams ({len(events)})    {summary(events)}")
        print(f"basket add start -> its exit ({len(exits)})               {summary(exits)}")
        print(f"basket add start -> event carrying it ({len(adds)})      {summary(adds)}")
        if missed:
            print(f"missed events: {missed}")
        statuses, other = streams_from_one_address(server.port)
        print(f"40 live streams from one address: {statuses}; then one from another address: {other}")
    finally:
        server.stop()
    measure_hostile_dav(label, binary, quick)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("servers", nargs="+", help="label=/path/to/basket")
    parser.add_argument("--quick", action="store_true", help="fewer connections, shorter waits")
    options = parser.parse_args()
    print(f"{os.cpu_count()} CPUs; each GET on a fresh connection; a failed request counts as {TIMEOUT:.0f} s")
    for entry in options.servers:
        label, _, binary = entry.partition("=")
        if not binary:
            label, binary = os.path.basename(entry), entry
        measure(label, binary, options.quick)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
