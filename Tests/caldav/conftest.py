"""Fixtures for the CalDAV tests: `basket serve` with a household secret, and the real clients
nobody here wrote (the `caldav` library from PyPI; Debian's vdirsyncer and todoman)."""

import os
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "servers"))
from basket_server import Server  # noqa: E402

SECRET = "household-secret-42"


@pytest.fixture
def server():
    running = Server(secret=SECRET)
    running.secret = SECRET
    yield running
    running.stop()
