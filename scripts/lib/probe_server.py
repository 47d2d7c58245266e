"""What the reliability probes share: the binary and mode from the command line, the list of
failed checks, and `Server`, one `containment serve` on an ephemeral 127.0.0.1 port.

Usage of a probe module: MODULE.py BINARY [--quick] [--only name,...]. Standard library only.
"""

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

BINARY = sys.argv[1]
QUICK = "--quick" in sys.argv[2:]
ONLY = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else None
FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print(f"  FAILED: {message}")


def run_probes(probes):
    """Runs each probe (name -> function) that `--only` leaves in; exit status 1 on a failure."""
    for name, probe in probes.items():
        if ONLY is not None and name not in ONLY:
            continue
        try:
            probe()
        except Exception as error:  # a probe that cannot run is a failure, reported with the others
            check(False, f"{probe.__name__}: {error!r}")
        sys.stdout.flush()
    if FAILURES:
        print(f"== {len(FAILURES)} reliability check(s) failed")
        sys.exit(1)


class Server:
    """`containment serve --port 0`; the port comes from its log, stderr goes to a file.
    `environment`: variables added to the server's (LD_PRELOAD for the stalled disk);
    `launcher`: a command that execs the server (prlimit)."""

    def __init__(self, *flags, environment=None, launcher=(), expect_start=True):
        self.log = tempfile.NamedTemporaryFile(prefix="containment-reliability-", suffix=".log", delete=False)
        self.process = subprocess.Popen(
            [*launcher, BINARY, "serve", "--host", "127.0.0.1", "--port", "0", *flags],
            stdout=subprocess.DEVNULL, stderr=self.log, env={**os.environ, **(environment or {})})
        self.port = None
        deadline = time.monotonic() + 30
        while self.port is None and time.monotonic() < deadline:
            with open(self.log.name, encoding="utf-8", errors="replace") as log:
                match = re.search(r"port=(\d+).*containment listening", log.read())
            if match:
                self.port = int(match.group(1))
            elif self.process.poll() is not None:
                break
            else:
                time.sleep(0.05)
        if self.port is None and expect_start:
            self.process.kill()
            self.process.wait()
            raise RuntimeError(f"the server did not start: {open(self.log.name).read()}")

    @property
    def log_text(self):
        with open(self.log.name, encoding="utf-8", errors="replace") as log:
            return log.read()

    def request(self, method, path, body=None, headers=None, timeout=60):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def json(self, method, path, value, headers=None, timeout=60):
        return self.request(method, path, json.dumps(value), {"Content-Type": "application/json", **(headers or {})},
                            timeout=timeout)

    def rss_bytes(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        return 0

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        os.unlink(self.log.name)

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.stop()


def problem_code(body):
    try:
        return json.loads(body).get("code")
    except ValueError:
        return None
