#!/usr/bin/env python3
"""Writes the start-up order file: the functions `basket` runs when it starts, so the linker
lays them out side by side (lld's --symbol-ordering-file).

Why: the kernel maps an executable's code 64 KB at a time as it runs. Left in source order,
the ~1,700 functions a start runs are spread over most of the 12 MB of code, so `serve` held
5.8-6.6 MB of it resident; placed together, 2.7-3.1 MB (the rest is the toolchain's own
libraries, whose code no order can split; docs/measurements.md, "Footprint").

How: runs a release `basket` under valgrind's callgrind for the commands a household starts
most (`--version`, `add`, `list`, `check`) and `serve` answering the list page and its first
API reads (v2: the list gzipped and not, the live-update stream's hello), then lists every
function of the `basket` binary that ran, the ones shared by most commands first. Names are the mangled ones
the linker sees. A name that no longer exists is skipped by the linker, so a stale file costs
only memory and time, never correctness; regenerate it after a large change and compare the
`== footprint` figures of scripts/bench.

Usage:
  python3 Tools/footprint/order.py [BASKET]     write Data/footprint/startup.order
                                                (BASKET: default .build/release/basket)
The build does not see the file as an input: remove .build/release/basket to link it anew.
Needs valgrind. Standard library only.
"""

import collections
import os
import pathlib
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "Data" / "footprint" / "startup.order"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def callgrind(argv, out, during=None):
    """Runs argv under callgrind; `during` (a function) runs while it does, then it is ended."""
    command = ["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no", "--compress-pos=no",
               f"--callgrind-out-file={out}"] + argv
    if during is None:
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        during()
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=60)


def functions_of(profile, binary_name):
    """The functions of the binary named `binary_name` that ran, from a callgrind file."""
    ran, in_binary = set(), False
    for line in open(profile, encoding="utf-8", errors="replace"):
        if line.startswith("ob="):
            in_binary = line.rstrip("\n").endswith("/" + binary_name)
        elif line.startswith("fn=") and in_binary:
            name = line[3:].rstrip("\n").split("'")[0]
            # NB: callgrind names code without a symbol by its address, or "(below main)".
            if not name.startswith(("0x", "(")):
                ran.add(name)
    return ran


def main():
    basket = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / ".build" / "release" / "basket").resolve()
    with tempfile.TemporaryDirectory(prefix="basket-order-") as scratch:
        store = os.path.join(scratch, "basket.sqlite")
        on_store = [str(basket), "--store", store]
        subprocess.run(on_store + ["add", "milk", "2 l juice", "eggs x12"], check=True,
                       stdout=subprocess.DEVNULL)
        runs = {
            "version": [str(basket), "--version"],
            "add": on_store + ["add", "bread", "500 g flour"],
            "list": on_store + ["list"],
            "check": on_store + ["check", "milk"],
        }
        profiles = {}
        for name, argv in runs.items():
            profiles[name] = os.path.join(scratch, f"{name}.out")
            callgrind(argv, profiles[name])

        port = free_port()

        def requests():
            deadline = time.time() + 120  # valgrind starts slowly
            while True:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).read()
                    break
                except OSError:
                    if time.time() > deadline:
                        raise
                    time.sleep(0.5)
            # What the web app reads as it opens (API v2), the list as a browser
            # asks for it (gzip accepted) and as scripts do, then its live-update stream's hello.
            for path, headers in [("/api/v2/session", {}), ("/api/v2/list", {"Accept-Encoding": "gzip"}),
                                  ("/api/v2/list", {}), ("/api/v2/quantity-rules", {}),
                                  ("/api/v2/usuals", {}), ("/app/basket.css", {})]:
                try:
                    urllib.request.urlopen(urllib.request.Request(
                        f"http://127.0.0.1:{port}{path}", headers=headers), timeout=30).read()
                except OSError:
                    pass
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=30) as stream:
                    stream.sendall(b"GET /api/v2/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                   b"Accept: text/event-stream\r\n\r\n")
                    heard = b""
                    while b"event: hello" not in heard:
                        chunk = stream.recv(4096)
                        if not chunk:
                            break
                        heard += chunk
            except OSError:
                pass

        profiles["serve"] = os.path.join(scratch, "serve.out")
        callgrind(on_store + ["serve", "--port", str(port)], profiles["serve"], during=requests)

        seen = collections.Counter()
        for profile in profiles.values():
            seen.update(functions_of(profile, basket.name))
    # Shared by the most commands first, then by name, so the file is stable between runs.
    ordered = sorted(seen, key=lambda name: (-seen[name], name))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("".join(name + "\n" for name in ordered))
    print(f"wrote {OUT.relative_to(ROOT)}: {len(ordered)} functions "
          f"({sum(1 for n in ordered if seen[n] == len(profiles))} run by every command)")


if __name__ == "__main__":
    main()
