"""Stalled stream readers: how long a reading SSE client waits for each event while N other
clients hold streams of the same tree and never read, at a steady 200 mutations a second
(target: delivery p99 ≤ 100 ms at 1,000 and at 10,000 stalled clients).

Each stalled client connects with a 4 KiB receive buffer, asks for the stream and never reads,
so its socket fills within a few events and the server holds the rest (up to its 1 MiB
slow-reader bound, reached after about 30 s at this rate). One client reads the same stream;
one keep-alive client PATCHes a property of the tree's root (one small event each) on a fixed
schedule. Delivery latency is the time from a mutation's response to its event at the reader."""

import http.client
import json
import os
import re
import socket
import statistics
import threading
import time

from processes import log

EVENT_ID = re.compile(rb"id: (\d+)")


def _percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _stream_request(tree):
    return (f"GET /v1/trees/{tree}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Accept: text/event-stream\r\n\r\n").encode()


def _open_streams(server, metrics, target, timeout=60):
    """Waits until the server counts at least `target` open streams; how many it counts."""
    deadline = time.monotonic() + timeout
    count = 0
    while time.monotonic() < deadline:
        text = metrics.request("GET", "/metrics")[1].decode()
        match = re.search(r"^containment_event_streams (\d+)", text, re.M)
        count = int(match.group(1)) if match else 0
        if count >= target:
            return count
        time.sleep(0.2)
    return count


def _cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _settle(pid, timeout=30):
    """Waits until the server spends under a tenth of a core (its connections' set-up done),
    so the measurement is of a steady state; seconds waited."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        before = _cpu_seconds(pid)
        time.sleep(0.5)
        if _cpu_seconds(pid) - before < 0.05:
            break
    return time.monotonic() - started


class _Reader(threading.Thread):
    """Reads the stream and notes when each event id arrives."""

    def __init__(self, port, tree):
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.sock.sendall(_stream_request(tree))
        self.arrivals = {}
        self.stopped = threading.Event()

    def run(self):
        tail = b""
        while not self.stopped.is_set():
            try:
                piece = self.sock.recv(65536)
            except OSError:
                return
            if not piece:
                return
            now = time.monotonic()
            data = tail + piece
            for match in EVENT_ID.finditer(data):
                self.arrivals.setdefault(int(match.group(1)), now)
            tail = data[-32:]

    def close(self):
        self.stopped.set()
        self.sock.close()


class _Client:
    def __init__(self, port):
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method, path, body=None):
        headers = {"Content-Type": "application/json"} if body is not None else {}
        self.connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = self.connection.getresponse()
        return response.status, response.read()


class _Mutations:
    """One paced run of mutations: when each answered, and its events' seqs."""

    def __init__(self):
        self.answered = {}
        self.mutation_ms = []
        self.count = 0
        self.elapsed = 0.0
        self.started = 0.0

    def summary(self, reader):
        delays = [max(0.0, reader.arrivals[seq] - at) * 1000 for seq, at in self.answered.items() if seq in reader.arrivals]
        return delays, len(self.answered) - len(delays), self.mutation_ms, self.count, self.elapsed

    def trace(self, reader, path):
        with open(path, "w") as trace:
            for seq, at in sorted(self.answered.items()):
                trace.write(f"{at - self.started:.3f} {(reader.arrivals.get(seq, float('nan')) - at) * 1000:.1f}\n")


def _mutate(client, tree, reader, rate, seconds):
    """PATCHes the tree's root `rate` times a second for `seconds`, on a fixed schedule."""
    run = _Mutations()
    run.started = time.monotonic()
    run.count = int(rate * seconds)
    for index in range(run.count):
        due = run.started + index / rate
        wait = due - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        sent = time.monotonic()
        status, body = client.request("PATCH", f"/v1/trees/{tree}/controllers/root", {"properties": {"probe": index}})
        answered = time.monotonic()
        if status != 200:
            raise RuntimeError(f"mutation {index} answered {status}")
        run.mutation_ms.append((answered - sent) * 1000)
        for event in json.loads(body)["events"]:
            run.answered[event["seq"]] = answered
    run.elapsed = time.monotonic() - run.started
    return run


def delivery(server, stalled, rate=200, seconds=10, warmup_seconds=3):
    """Delivery latency (ms) to one reading client with `stalled` non-reading ones, measured
    after `warmup_seconds` of the same load: by then every stalled client's socket is full, as
    for clients that stopped reading long ago (the warm-up's own p99 is reported too)."""
    tree = "stalled"
    client = _Client(server.port)
    status, _ = client.request("PUT", f"/v1/trees/{tree}", {"clock": "manual", "root": {"id": "root"}})
    if status != 201:
        raise RuntimeError(f"creating the tree answered {status}")
    holders = []
    request = _stream_request(tree)
    for _ in range(stalled):
        holder = socket.socket()
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        holder.connect(("127.0.0.1", server.port))
        holder.sendall(request)
        holders.append(holder)
    reader = _Reader(server.port, tree)
    reader.start()
    opened = _open_streams(server, _Client(server.port), stalled + 1)
    settled = _settle(server.process.pid)
    log(f"  {opened - 1:,} stalled streams open; the server settled after {settled:.1f} s")
    warmup = _mutate(client, tree, reader, rate, warmup_seconds)
    measured = _mutate(client, tree, reader, rate, seconds)
    time.sleep(2)
    still_open = _open_streams(server, _Client(server.port), 0, timeout=1) - 1
    reader.close()
    for holder in holders:
        holder.close()
    delays, missing, mutation_ms, count, elapsed = measured.summary(reader)
    warm_delays, _, _, _, _ = warmup.summary(reader)
    if os.environ.get("STALLED_TRACE"):
        measured.trace(reader, os.environ["STALLED_TRACE"])
    figures = {
        "stalled": stalled, "rate": round(count / elapsed, 1), "mutations": count, "events": count,
        "missing_at_reader": missing, "stalled_still_open": still_open,
        "warmup_seconds": warmup_seconds,
        "warmup_delivery_p99_ms": round(_percentile(warm_delays, 0.99), 1) if warm_delays else None,
        "delivery_p50_ms": round(statistics.median(delays), 1) if delays else None,
        "delivery_p99_ms": round(_percentile(delays, 0.99), 1) if delays else None,
        "delivery_max_ms": round(max(delays), 1) if delays else None,
        "mutation_p50_ms": round(statistics.median(mutation_ms), 2),
        "mutation_p99_ms": round(_percentile(mutation_ms, 0.99), 2),
    }
    log(f"  {stalled:,} stalled: warm-up delivery p99 {figures['warmup_delivery_p99_ms']} ms; delivery p50 {figures['delivery_p50_ms']} ms, p99 {figures['delivery_p99_ms']} ms, "
        f"max {figures['delivery_max_ms']} ms ({missing} missing); mutations p50 {figures['mutation_p50_ms']} ms, "
        f"p99 {figures['mutation_p99_ms']} ms at {figures['rate']}/s; {still_open:,} stalled still open")
    return figures
