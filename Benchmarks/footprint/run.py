#!/usr/bin/env python3
"""Measures what `basket` costs to keep and to start: issue 26's five rows, one run.

Each row prints its figure beside a baseline measured in the same run: `sqlite3` for the list,
Radicale for the CalDAV load (when `radicale` is on PATH or RADICALE names it), and issue 26's
earlier figures as printed constants (labelled as such). Every binary given is measured.

  - the stripped binary's size;
  - `basket --version`: median wall time over 50 runs, and peak RSS (GNU time's);
  - `basket list` of 1,000 items, median of 41, against `sqlite3 STORE 'select * from items'`;
  - `basket serve`: resident memory at start and after 300 adds and 100 list reads, from
    /proc/PID/smaps_rollup, file-backed and anonymous apart;
  - `basket serve` after a 500-task CalDAV load (500 PUTs, a PROPFIND and a REPORT of the
    collection), against Radicale on the same load.

Usage: Benchmarks/footprint/run.py [--runs N] label=/path/to/basket [label=/path/to/other ...]
Python 3 standard library only.
"""

import argparse
import base64
import http.client
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "Tests" / "servers"))
from processes import free_port  # noqa: E402

# NB: issue 26's figures, measured before this work on the same machine; printed as constants.
ISSUE = {
    "size": "64.1 MB (issue 26)",
    "version": "22 ms, 21.7 MiB (issue 26)",
    "list": "3.25× (issue 26)",
    "serve": "28.5 / 32.2 MiB (issue 26)",
    "caldav": "41.3 MiB vs Radicale 34.7 MiB (issue 26)",
}
GOALS = {
    "size": "≤ 20 MB",
    "version": "≤ 5 ms",
    "list": "≤ 1.5×",
    "serve": "≤ 16 / ≤ 24 MiB",
    "caldav": "below Radicale",
}


def spawn(argv, env=None):
    """Runs argv with output discarded; returns (wall seconds, peak RSS in KiB, status)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        start = time.perf_counter()
        pid = os.posix_spawn(
            argv[0], argv, env if env is not None else os.environ,
            file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)])
        _, status, usage = os.wait4(pid, 0)
        return time.perf_counter() - start, usage.ru_maxrss, status
    finally:
        os.close(devnull)


def peak_rss(argv, env, runs=9):
    """Median peak RSS in KiB, through GNU time: a child spawned from this process counts
    Python's own pages in its peak until it execs, so it is spawned from a small program."""
    timer = shutil.which("time") or ("/usr/bin/time" if os.path.exists("/usr/bin/time") else None)
    if not timer:
        return None
    peaks = []
    for _ in range(runs):
        done = subprocess.run(
            [timer, "-f", "%M"] + argv, env=env, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE, text=True)
        peaks.append(int(done.stderr.strip().splitlines()[-1]))
    return statistics.median(peaks)


def smaps(pid):
    """(total, file-backed, anonymous) resident KiB of a process."""
    fields = {}
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        for line in rollup:
            parts = line.split()
            if len(parts) >= 2 and parts[0].endswith(":") and parts[1].isdigit():
                fields[parts[0][:-1]] = int(parts[1])
    total = fields.get("Rss", 0)
    anonymous = fields.get("Anonymous", 0)
    return total, total - anonymous, anonymous


def mib(kib):
    return f"{kib / 1024:.1f} MiB"


def memory(triple):
    total, file_backed, anonymous = triple
    return f"{mib(total)} ({mib(file_backed)} file, {mib(anonymous)} anon)"


class HTTP:
    """One keep-alive connection to 127.0.0.1:port."""

    def __init__(self, port, headers=None):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.headers = headers or {}

    def send(self, method, path, body=b"", headers=None):
        self.connection.request(method, path, body=body, headers={**self.headers, **(headers or {})})
        response = self.connection.getresponse()
        data = response.read()
        return response.status, data

    def close(self):
        self.connection.close()


def wait_until_up(port, path, deadline=15):
    end = time.time() + deadline
    while time.time() < end:
        try:
            client = HTTP(port)
            status, _ = client.send("GET", path)
            client.close()
            if status < 500:
                return
        except OSError:
            pass
        time.sleep(0.05)
    raise RuntimeError(f"nothing answered on port {port}")


def vtodo(index):
    return (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Basket footprint//EN\r\n"
        f"BEGIN:VTODO\r\nUID:task-{index}\r\nDTSTAMP:20261203T120000Z\r\n"
        f"SUMMARY:Task {index}\r\nSTATUS:NEEDS-ACTION\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    ).encode()


PROPFIND = (
    b'<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:">'
    b"<d:prop><d:getetag/><d:resourcetype/></d:prop></d:propfind>")
REPORT = (
    b'<?xml version="1.0" encoding="utf-8"?>'
    b'<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">'
    b"<d:prop><d:getetag/><c:calendar-data/></d:prop>"
    b'<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/>'
    b"</c:comp-filter></c:filter></c:calendar-query>")


def caldav_load(port, collection, headers=None):
    """500 PUTs, then a PROPFIND and a REPORT of the whole collection; returns failures."""
    client = HTTP(port, headers)
    failures = 0
    for index in range(500):
        status, _ = client.send(
            "PUT", f"{collection}task-{index}.ics", vtodo(index),
            {"Content-Type": "text/calendar; charset=utf-8"})
        failures += status not in (200, 201, 204)
    xml = {"Content-Type": "application/xml; charset=utf-8", "Depth": "1"}
    status, _ = client.send("PROPFIND", collection, PROPFIND, xml)
    failures += status != 207
    status, _ = client.send("REPORT", collection, REPORT, xml)
    failures += status != 207
    client.close()
    return failures


class Served:
    """`basket serve` on a fresh store in a scratch directory."""

    def __init__(self, binary, scratch, items=0):
        self.store = os.path.join(scratch, "basket.sqlite")
        if items:
            spawn([binary, "--store", self.store, "add"] + [f"Item-{i}" for i in range(items)])
        self.port = free_port()
        self.process = subprocess.Popen(
            [binary, "--store", self.store, "serve", "--port", str(self.port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until_up(self.port, "/api/v2/list")
        time.sleep(0.5)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


ORDER = pathlib.Path(__file__).resolve().parents[2] / "Data" / "footprint" / "startup.order"


def order_found(binary):
    """How many of the start-up order file's functions the binary defines: a file gone stale
    after a large change finds fewer, and Tools/footprint/order.py makes it anew."""
    names = set(ORDER.read_text().split()) if ORDER.exists() else set()
    listed = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True).stdout
    defined = {line.split()[-1] for line in listed.splitlines() if line.strip()}
    return len(names & defined), len(names)


def measure(binary, runs, scratch):
    row = {"order": order_found(binary)}
    stripped = os.path.join(scratch, "stripped")
    subprocess.run(["strip", "-o", stripped, binary], check=True)
    row["size"] = os.path.getsize(stripped)
    os.remove(stripped)

    env = dict(os.environ, HOME=scratch, BASKET_STORE=os.path.join(scratch, "list.sqlite"))
    spawn([binary, "--version"], env)
    walls = [spawn([binary, "--version"], env)[0] for _ in range(runs)]
    row["version"] = (statistics.median(walls), peak_rss([binary, "--version"], env))

    store = env["BASKET_STORE"]
    # NB: names without a trailing number: "thing 7" is the item "thing" with a count of 7,
    # so adding "thing 0" to "thing 999" made a list of one item (the figures before
    # 4 December 2026 measured that).
    spawn([binary, "add"] + [f"item-{i}" for i in range(1000)], env)
    counted = subprocess.run(
        [binary, "list", "--json"], env=env, capture_output=True, text=True).stdout.count('"id"')
    if counted < 1000:
        raise RuntimeError(f"the list to time holds {counted} items, not 1,000")
    sqlite3 = shutil.which("sqlite3")
    lists, floors = [], []
    for _ in range(max(41, runs)):
        lists.append(spawn([binary, "list"], env)[0])
        if sqlite3:
            floors.append(spawn([sqlite3, store, "select * from items"], env)[0])
    row["list"] = (statistics.median(lists), statistics.median(floors) if floors else None)

    served_dir = tempfile.mkdtemp(dir=scratch)
    served = Served(binary, served_dir)
    start = smaps(served.process.pid)
    client = HTTP(served.port)
    failures = 0
    for index in range(300):
        status, _ = client.send(
            "POST", "/api/v2/items", f'{{"name":"Item-{index}"}}'.encode(),
            {"Content-Type": "application/json"})
        failures += status not in (200, 201)
        if index % 3 == 0:
            status, _ = client.send("GET", "/api/v2/list")
            failures += status != 200
    client.close()
    row["serve"] = (start, smaps(served.process.pid), failures)
    served.stop()

    dav_dir = tempfile.mkdtemp(dir=scratch)
    served = Served(binary, dav_dir)
    failures = caldav_load(served.port, "/dav/basket/")
    row["caldav"] = (smaps(served.process.pid), failures)
    served.stop()
    return row


def radicale_figure(scratch):
    """Radicale's resident memory after the same CalDAV load, or None without Radicale."""
    program = os.environ.get("RADICALE") or shutil.which("radicale")
    if not program:
        return None
    folder = tempfile.mkdtemp(dir=scratch)
    port = free_port()
    process = subprocess.Popen(
        [program, "--server-hosts", f"127.0.0.1:{port}", "--auth-type", "none",
         "--storage-filesystem-folder", os.path.join(folder, "collections"),
         "--logging-level", "error"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until_up(port, "/")
        # NB: Radicale's default rights let a user write only under their own name.
        auth = {"Authorization": "Basic " + base64.b64encode(b"bench:bench").decode()}
        client = HTTP(port, auth)
        client.send("MKCALENDAR", "/bench/tasks/")
        client.close()
        failures = caldav_load(port, "/bench/tasks/", auth)
        version = subprocess.run(
            [program, "--version"], capture_output=True, text=True).stdout.strip()
        return smaps(process.pid), failures, version
    finally:
        process.terminate()
        process.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("binaries", nargs="+", metavar="label=path")
    arguments = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="basket-footprint-")
    try:
        radicale = radicale_figure(scratch)
        for spec in arguments.binaries:
            label, _, path = spec.partition("=")
            row = measure(os.path.abspath(path), arguments.runs, scratch)
            report(label, row, radicale)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def report(label, row, radicale):
    print(f"-- {label}")
    print(f"stripped basket:            {row['size'] / 1e6:.1f} MB"
          f"   before: {ISSUE['size']}   goal {GOALS['size']}")
    wall, rss = row["version"]
    peak = f"{mib(rss)} peak" if rss else "no GNU time for the peak"
    print(f"basket --version, median:   {wall * 1000:.2f} ms, {peak}"
          f"   before: {ISSUE['version']}   goal {GOALS['version']}")
    listed, floor = row["list"]
    if floor:
        print(f"basket list of 1,000:       {listed * 1000:.2f} ms vs sqlite3 {floor * 1000:.2f} ms"
              f" = {listed / floor:.2f}×   before: {ISSUE['list']}   goal {GOALS['list']}")
    else:
        print(f"basket list of 1,000:       {listed * 1000:.2f} ms (no sqlite3 on PATH)")
    found, named = row["order"]
    print(f"start-up order:             {found:,} of its {named:,} functions in the binary")
    start, after, failures = row["serve"]
    print(f"serve at start:             {memory(start)}")
    print(f"serve after 300 adds + 100 list reads: {memory(after)}"
          f"{f'  ({failures} failed requests)' if failures else ''}"
          f"   before: {ISSUE['serve']}   goal {GOALS['serve']}")
    dav, failures = row["caldav"]
    versus = "no radicale on PATH"
    if radicale:
        versus = f"Radicale {radicale[2]}: {memory(radicale[0])}"
        if radicale[1]:
            versus += f" ({radicale[1]} failed requests)"
        versus += f" = {dav[0] / radicale[0][0]:.2f}×"
    print(f"serve after 500 CalDAV tasks: {memory(dav)}"
          f"{f'  ({failures} failed requests)' if failures else ''}   vs {versus}"
          f"   before: {ISSUE['caldav']}   goal {GOALS['caldav']}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
