"""`basket serve` on a free port over a temporary store, for the Python test suites
(Tests/browser, Tests/caldav)."""

import os
import pathlib
import socket
import subprocess
import tempfile
import time
import urllib.request

import pytest

from processes import end, free_port  # noqa: F401 (free_port is the suites' too)

ROOT = pathlib.Path(__file__).resolve().parents[2]
BASKET = pathlib.Path(os.environ.get("BASKET_BIN", ROOT / ".build" / "debug" / "basket"))


class Server:
    def __init__(self, secret=None, heartbeat=None):
        """`heartbeat`: seconds between the pings every live page hears (the server's default
        when None)."""
        if not BASKET.exists():
            pytest.fail(f"{BASKET} is missing: run `swift build` first")
        self.dir = tempfile.TemporaryDirectory(prefix="basket-browser-")
        self.store = os.path.join(self.dir.name, "basket.sqlite")
        self.options = ["--secret", secret] if secret else []
        if heartbeat is not None:
            self.options += ["--heartbeat", str(heartbeat)]
        # A port taken between free_port() and the server's bind is retried on a new one.
        for _ in range(5):
            self.port = free_port()
            self.url = f"http://127.0.0.1:{self.port}"
            self._start()
            if self._answers():
                return
        raise RuntimeError("basket serve found no free port")

    def _start(self):
        env = {k: v for k, v in os.environ.items() if k not in ("BASKET_SECRET", "BASKET_NOW")}
        args = [str(BASKET), "--store", self.store, "serve", "--port", str(self.port), *self.options]
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)

    def restart(self):
        """Stops the server and starts it again on the same store and port."""
        self._end()
        self._start()
        if not self._answers():
            raise RuntimeError(f"basket serve could not listen on {self.port} again")

    def _answers(self):
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                urllib.request.urlopen(self.url + "/", timeout=1).read()
                return True
            except OSError:
                if self.process.poll() is not None:
                    said = self.process.stderr.read().decode()
                    self.process.stdout.close()
                    self.process.stderr.close()
                    if "cannot listen" in said:
                        return False
                    raise RuntimeError(said)
                time.sleep(0.05)
        raise RuntimeError("basket serve did not start")

    def cli(self, *args):
        """Runs the basket command line against the same store."""
        return subprocess.run([str(BASKET), "--store", self.store, *args], check=True, capture_output=True, text=True)

    def _end(self):
        end(self.process, timeout=10)
        self.process.stdout.close()
        self.process.stderr.close()

    def stop(self):
        self._end()
        self.dir.cleanup()
