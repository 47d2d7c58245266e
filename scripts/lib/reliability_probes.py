"""The service-level probes of scripts/reliability: each starts its own `containment serve`
on an ephemeral 127.0.0.1 port, reproduces one way a single client could deny service to all
(at a bounded size), checks the answer and prints its figures. Standard library only.

Usage: reliability_probes.py BINARY [--quick] [--only yaml,metrics,...]
Exit status 1 when any probe's check fails; every figure is printed either way.
"""

import http.client
import json
import os
import re
import selectors
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

BINARY = sys.argv[1]
QUICK = "--quick" in sys.argv[2:]
ONLY = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else None
FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print(f"  FAILED: {message}")


class Server:
    """`containment serve --port 0`; the port comes from its log, stderr goes to a file."""

    def __init__(self, *flags):
        self.log = tempfile.NamedTemporaryFile(prefix="containment-reliability-", suffix=".log", delete=False)
        self.process = subprocess.Popen(
            [BINARY, "serve", "--host", "127.0.0.1", "--port", "0", *flags],
            stdout=subprocess.DEVNULL, stderr=self.log)
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
        if self.port is None:
            self.process.kill()
            self.process.wait()
            raise RuntimeError(f"the server did not start: {open(self.log.name).read()}")

    def request(self, method, path, body=None, headers=None, timeout=60):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def json(self, method, path, value):
        return self.request(method, path, json.dumps(value), {"Content-Type": "application/json"})

    def rss_bytes(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        return 0

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


def probe_yaml_wide_mapping():
    keys = 60_000
    # Top-level keys next to a valid tree: what the route makes of them (ignored, or refused as
    # unknown fields) comes after the parse, which is what is timed.
    body = "id: wide\nroot: {id: root}\n" + "".join(f"k{i}: {i}\n" for i in range(keys))
    with Server() as server:
        started = time.monotonic()
        status, answer = server.request("POST", "/v1/trees", body, {"Content-Type": "application/yaml"})
        elapsed = time.monotonic() - started
    print(f"yaml: {keys:,} keys in one mapping ({len(body) // 1024} KB) answered {status} "
          f"{problem_code(answer) or ''} in {elapsed:.2f} s")
    check(status in (201, 400), f"a 60,000-key YAML body answered {status}")
    check(elapsed < 5, f"a 60,000-key YAML body took {elapsed:.2f} s (bound 5 s)")


def series(server):
    """Request histogram series (one `_count` line each) and the scrape's size."""
    _, text = server.request("GET", "/metrics")
    lines = [line for line in text.decode().splitlines()
             if line.startswith("containment_http_request_duration_seconds_count{")]
    return len(lines), len(text)


def probe_metric_labels():
    count = 500 if QUICK else 2_000
    with Server() as server:
        # One of each answer first (405, 404, the scrape), so their `other` series exist.
        server.request("JUNK", "/v1/trees")
        server.request("JUNK", "/nowhere")
        server.request("GET", "/metrics")
        before, before_size = series(server)
        for index in range(count):
            server.request(f"JUNK{index}", "/v1/trees" if index % 2 else f"/nowhere/{index}")
        after, after_size = series(server)
    print(f"metrics: {count:,} made-up methods: series {before} -> {after}, "
          f"scrape {before_size:,} -> {after_size:,} bytes")
    check(after == before, f"made-up methods added {after - before} series")


def probe_memory_budget():
    budget = 32 << 20
    children = [{"id": f"c{index}", "title": "t" * 1_000} for index in range(400)]
    with Server("--memory-budget", str(budget)) as server:
        status, answer = server.json("POST", "/v1/trees", {"id": "huge", "root": {"id": "root", "title": "t" * 700_000}})
        print(f"budget: a 700 KB title answered {status} {problem_code(answer)}")
        check(status == 400 and problem_code(answer) == "field_too_large", "a 700 KB title is refused by its cap")
        rss_before = server.rss_bytes()
        created, refusal = 0, None
        for index in range(200):
            status, answer = server.json("POST", "/v1/trees", {"id": f"t{index}", "root": {"id": "root", "children": children}})
            if status != 201:
                refusal = (status, problem_code(answer))
                break
            created += 1
        rss_after = server.rss_bytes()
        deleted, _ = server.request("DELETE", "/v1/trees/t0")
        again, _ = server.json("POST", "/v1/trees", {"id": "again", "root": {"id": "root", "children": children}})
    print(f"budget: --memory-budget {budget >> 20} MiB: {created} trees of 400 controllers with 1 KB titles, "
          f"then {refusal[0] if refusal else 'none'} {refusal[1] if refusal else ''}; RSS grew "
          f"{(rss_after - rss_before) >> 20} MiB; after one delete, a create answered {again}")
    check(refusal == (507, "memory_budget_exceeded"), "creates beyond the budget are 507 memory_budget_exceeded")
    check(deleted == 200 and again == 201, "a delete frees room for a create")


def probe_unsupported_media_type():
    with Server() as server:
        foreign, _ = server.request("POST", "/v1/trees", b"", {"Origin": "http://elsewhere.example"})
        form, _ = server.request("POST", "/v1/trees", b"", {"Content-Type": "application/x-www-form-urlencoded"})
        _, listing = server.request("GET", "/v1/trees")
        trees_refused = len(json.loads(listing)["trees"])
        bare, _ = server.request("POST", "/v1/trees", b"", {})
        _, listing = server.request("GET", "/v1/trees")
        trees_bare = len(json.loads(listing)["trees"])
    print(f"415: empty POST /v1/trees from another origin without Content-Type {foreign}, as a form {form}, "
          f"trees created {trees_refused}; with no Origin and no type (curl) {bare}, trees {trees_bare}")
    check(foreign == 415 and form == 415 and trees_refused == 0,
          "body-less POSTs from another origin or as a form are 415 and create nothing")
    check(bare == 201 and trees_bare == 1, "a body-less POST with no type and no Origin is a request without a body")


def probe_pretty_cache():
    children = [{"id": f"c{index}"} for index in range(9_999)]
    with Server() as server:
        status, _ = server.json("POST", "/v1/trees", {"id": "big", "clock": "manual", "root": {"id": "root", "children": children}})
        check(status == 201, f"10,000-controller tree: {status}")
        timings = []
        for _ in range(4):
            started = time.monotonic()
            server.request("GET", "/v1/trees/big?pretty")
            timings.append(time.monotonic() - started)
    print(f"pretty: GET ?pretty of a 10,000-controller tree: first {timings[0] * 1000:.0f} ms, "
          f"then {statistics.median(timings[1:]) * 1000:.0f} ms (cached)")
    check(statistics.median(timings[1:]) < timings[0], "cached pretty reads are cheaper than the first")


def probe_sigterm_with_streams():
    count = 200 if QUICK else 1_000
    # Every stream comes from this one address: raise a per-client connection limit if the
    # server has one.
    usage = subprocess.run([BINARY, "serve", "--help"], capture_output=True, text=True).stdout
    per_client = re.search(r"(--[a-z-]*per-(?:client|address|ip)[a-z-]*)", usage)
    flags = [per_client.group(1), str(count + 100)] if per_client else []
    with Server("--heartbeat-interval", "60", *flags) as server:
        server.json("POST", "/v1/trees", {"id": "demo", "root": {"id": "root"}})
        streams = []
        for index in range(count):
            stream = socket.create_connection(("127.0.0.1", server.port), timeout=30)
            path = "/v1/events" if index % 2 else "/v1/trees/demo/events"
            stream.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
            streams.append(stream)
        received = [b"" for _ in streams]
        # Every stream's head before the signal: each one is open.
        for index, stream in enumerate(streams):
            while b"\r\n\r\n" not in received[index]:
                chunk = stream.recv(65536)
                if not chunk:
                    break
                received[index] += chunk
        open_streams = sum(1 for data in received if data.startswith(b"HTTP/1.1 200"))
        started = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        selector = selectors.DefaultSelector()
        for index, stream in enumerate(streams):
            stream.setblocking(False)
            selector.register(stream, selectors.EVENT_READ, index)
        pending = len(streams)
        deadline = time.monotonic() + 30
        while pending and time.monotonic() < deadline:
            for key, _ in selector.select(timeout=1):
                try:
                    chunk = key.fileobj.recv(65536)
                except (BlockingIOError, InterruptedError):
                    continue
                except ConnectionError:
                    chunk = b""
                if chunk:
                    received[key.data] += chunk
                else:
                    selector.unregister(key.fileobj)
                    key.fileobj.close()
                    pending -= 1
        try:
            code = server.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            code = None
        elapsed = time.monotonic() - started
    ended = sum(1 for data in received if b"event: shutdown" in data)
    print(f"sigterm: {open_streams}/{count} SSE streams open; exit code {code} after {elapsed:.2f} s; "
          f"{ended}/{count} streams ended with `shutdown`")
    check(open_streams == count, "every stream opened")
    check(code == 0, f"exit code {code}")
    check(ended == count, f"{count - ended} streams ended without `shutdown`")


def probe_mixed_load():
    seconds = 5 if QUICK else 20
    clients = 8
    stop = threading.Event()
    counts = [0] * clients
    errors = [0] * clients
    health = []

    def client(number):
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        json_headers = {"Content-Type": "application/json"}
        round_number = 0
        while not stop.is_set():
            tree = f"load-{number}-{round_number}"
            round_number += 1
            steps = [
                ("POST", "/v1/trees", {"id": tree, "clock": "manual", "root": {"id": "root"}}, 201),
                ("POST", f"/v1/trees/{tree}/controllers", {"id": "map", "title": "Map"}, 201),
                ("POST", f"/v1/trees/{tree}/controllers/root/children", {"child": "map"}, 200),
                ("PATCH", f"/v1/trees/{tree}/controllers/map", {"title": "Nearby"}, 200),
                ("GET", f"/v1/trees/{tree}", None, 200),
                ("GET", f"/v1/trees/{tree}/events", None, 200),
                ("DELETE", f"/v1/trees/{tree}", None, 200),
            ]
            for method, path, body, expected in steps:
                try:
                    connection.request(method, path, body=json.dumps(body) if body is not None else None,
                                       headers=json_headers if body is not None else {})
                    response = connection.getresponse()
                    response.read()
                    counts[number] += 1
                    if response.status != expected:
                        errors[number] += 1
                except (OSError, http.client.HTTPException):
                    errors[number] += 1
                    connection.close()
                    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        connection.close()

    def sampler():
        while not stop.is_set():
            started = time.monotonic()
            try:
                status, _ = server.request("GET", "/healthz", timeout=10)
                if status == 200:
                    health.append(time.monotonic() - started)
            except OSError:
                pass
            time.sleep(0.05)

    with Server() as server:
        threads = [threading.Thread(target=client, args=(number,)) for number in range(clients)]
        threads.append(threading.Thread(target=sampler))
        started = time.monotonic()
        for thread in threads:
            thread.start()
        time.sleep(seconds)
        stop.set()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - started
    total, failed = sum(counts), sum(errors)
    health.sort()
    p50 = health[len(health) // 2] * 1000 if health else float("nan")
    p99 = health[min(len(health) - 1, int(len(health) * 0.99))] * 1000 if health else float("nan")
    worst = health[-1] * 1000 if health else float("nan")
    print(f"load: {clients} clients for {seconds} s: {total:,} requests ({total / elapsed:,.0f} req/s), "
          f"{failed} errors; /healthz during load p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {worst:.1f} ms "
          f"({len(health)} samples)")
    check(failed == 0, f"{failed} requests failed under load")
    check(len(health) > 0 and worst < 1000, "/healthz answered within a second throughout the load")


PROBES = {
    "yaml": probe_yaml_wide_mapping, "metrics": probe_metric_labels, "415": probe_unsupported_media_type,
    "budget": probe_memory_budget, "pretty": probe_pretty_cache, "sigterm": probe_sigterm_with_streams,
    "load": probe_mixed_load,
}
for name, probe in PROBES.items():
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
