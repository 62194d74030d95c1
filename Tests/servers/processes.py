"""Small process and port helpers shared by the Python test servers and the benchmarks."""

import socket
import subprocess


def free_port():
    """A TCP port on loopback that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def end(process, timeout):
    """Asks `process` to stop, and kills it if it is still running after `timeout` seconds."""
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=timeout)


def rss_kib(pid, key="VmRSS:"):
    """A memory figure of `pid` from /proc (resident now by default), in KiB; 0 when gone."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(key):
                    return int(line.split()[1])
    except FileNotFoundError:
        pass
    return 0
