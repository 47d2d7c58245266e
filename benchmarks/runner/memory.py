"""Memory measurements, each on a fresh service process: idle RSS, RSS per controller,
RSS per SSE subscriber (with mutation latency with and without subscribers, like for like)."""

import selectors
import socket
import statistics
import time

import fixtures
from client import Client
from processes import log

CYCLE = "w0-0"


def settle():
    time.sleep(1.0)


def idle_rss(server):
    Client(server.port).request("GET", "/healthz")
    settle()
    return server.rss_kib()


def rss_anon_kib(server):
    """Anonymous resident memory (heap, stacks, written data), from /proc (KiB): VmRSS without
    the code and library pages the work happened to touch."""
    with open(f"/proc/{server.process.pid}/status") as status:
        for line in status:
            if line.startswith("RssAnon:"):
                return int(line.split()[1])
    raise RuntimeError("no RssAnon")


def rss_per_controller(server, total, per_tree):
    """Builds `total` controllers (all on screen, views loaded) in trees of `per_tree`.

    `bytes_per_controller` is the VmRSS delta, the target's figure; `anon_bytes_per_controller`
    leaves out the code pages the build touched, which weigh on small runs (quick mode)."""
    client = Client(server.port)
    settle()
    before = server.rss_kib()
    anon_before = rss_anon_kib(server)
    started = time.time()
    built, trees = 0, 0
    while built < total:
        size = min(per_tree, total - built)
        tree = f"mem-{trees}"
        fixtures.create_tree(client, tree, filler=size - 1)
        built += size
        trees += 1
    seconds = time.time() - started
    settle()
    after = server.rss_kib()
    anon_after = rss_anon_kib(server)
    sample = client.json("GET", "/v1/trees/mem-0/controllers/f1" if per_tree <= fixtures.GROUP_SIZE
                         else "/v1/trees/mem-0/controllers/g0-1")
    log(f"  {built:,} controllers in {trees} trees in {seconds:.1f} s: RSS {before} -> {after} KiB")
    return {
        "controllers": built, "trees": trees, "build_seconds": round(seconds, 1),
        "rss_before_kib": before, "rss_after_kib": after,
        "bytes_per_controller": round((after - before) * 1024 / built, 1),
        "anon_bytes_per_controller": round((anon_after - anon_before) * 1024 / built, 1),
        "sample_view_loaded": bool(sample.get("isViewLoaded")),
    }


def _cycle_latencies(client, tree, count, between=None, pace=None):
    """Seconds per /calls add+remove batch, sent one after another by one keep-alive client.
    `pace`: seconds between the starts of two batches on a fixed schedule (a late one goes at
    once); `between(seq, until)` runs untimed after each (`until`: when the next is due)."""
    calls = {"calls": [
        {"receiver": "root", "method": "addChild", "args": {"child": CYCLE}},
        {"receiver": "root.view", "method": "addSubview", "args": {"view": f"{CYCLE}.view"}},
        {"receiver": CYCLE, "method": "didMove", "args": {"toParent": "root"}},
        {"receiver": CYCLE, "method": "willMove", "args": {"toParent": None}},
        {"receiver": f"{CYCLE}.view", "method": "removeFromSuperview"},
        {"receiver": CYCLE, "method": "removeFromParent"},
    ]}
    seconds = []
    schedule = time.perf_counter()
    for _ in range(count):
        if pace:
            schedule += pace
            time.sleep(max(0.0, schedule - time.perf_counter()))
        started = time.perf_counter()
        answer = client.json("POST", f"/v1/trees/{tree}/calls", calls)
        seconds.append(time.perf_counter() - started)
        if between:
            between(max(e["seq"] for e in answer["events"]), schedule + pace if pace else None)
    return seconds


def _latency_summary(quiet, subscribed):
    """Median and p99 (ms) without and with subscribers, and their ratios."""
    def p99(samples):
        ordered = sorted(samples)
        return ordered[max(0, int(len(ordered) * 0.99) - 1)]
    summary = {
        "samples": len(subscribed),
        "p50_ms_quiet": round(statistics.median(quiet) * 1000, 3),
        "p99_ms_quiet": round(p99(quiet) * 1000, 3),
        "p50_ms_subscribed": round(statistics.median(subscribed) * 1000, 3),
        "p99_ms_subscribed": round(p99(subscribed) * 1000, 3),
    }
    summary["ratio_p50"] = round(summary["p50_ms_subscribed"] / summary["p50_ms_quiet"], 2)
    summary["ratio_p99"] = round(summary["p99_ms_subscribed"] / summary["p99_ms_quiet"], 2)
    return summary


class ChunkedBody:
    """Decodes an HTTP/1.1 chunked body as it arrives: a chunk boundary may fall anywhere,
    even inside an SSE line, so lines are only split after the framing is removed."""

    def __init__(self):
        self.raw = b""
        self.payload_left = 0  # bytes of the current chunk's payload still to come
        self.skip = 0  # bytes of the CRLF after a payload still to drop
        self.ended = False

    def feed(self, data):
        self.raw += data
        out = []
        while self.raw and not self.ended:
            if self.skip:
                dropped = min(self.skip, len(self.raw))
                self.raw, self.skip = self.raw[dropped:], self.skip - dropped
            elif self.payload_left:
                piece, self.raw = self.raw[:self.payload_left], self.raw[self.payload_left:]
                out.append(piece)
                self.payload_left -= len(piece)
                if self.payload_left == 0:
                    self.skip = 2
            else:
                size_line, found, rest = self.raw.partition(b"\r\n")
                if not found:
                    break
                self.raw = rest
                self.payload_left = int(size_line.split(b";")[0], 16)
                self.ended = self.payload_left == 0
        return b"".join(out)


class Subscribers:
    """`count` SSE connections on one tree, read with one selector."""

    def __init__(self, port, tree, count, after):
        """`after`: the seq to start from, so subscribers measure what a live stream costs,
        not a replay of every retained event queued behind a slow reader."""
        self.selector = selectors.DefaultSelector()
        self.last_id = {}
        self.buffers = {}
        self.bodies = {}
        self.answered = set()
        self.streaming = 0  # answered 200 with Content-Type text/event-stream
        request = (f"GET /v1/trees/{tree}/events?after={after} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                   "Accept: text/event-stream\r\n\r\n").encode()
        for i in range(count):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(request)
            s.setblocking(False)
            self.selector.register(s, selectors.EVENT_READ)
            self.buffers[s] = b""
            self.bodies[s] = ChunkedBody()
            self.last_id[s] = 0
            if i % 1000 == 999:
                self.read(0.05)

    def read(self, timeout):
        for key, _ in self.selector.select(timeout):
            s = key.fileobj
            try:
                chunk = s.recv(65536)
            except BlockingIOError:
                continue
            except ConnectionError:
                chunk = b""
            if not chunk:
                self.selector.unregister(s)
                s.close()
                self.last_id.pop(s, None)
                continue
            if s not in self.answered:
                self.answered.add(s)
                head, _, chunk = chunk.partition(b"\r\n\r\n")
                head = head.lower()
                if head.startswith(b"http/1.1 200") and b"text/event-stream" in head:
                    self.streaming += 1
            data = self.buffers[s] + self.bodies[s].feed(chunk)
            lines = data.split(b"\n")
            self.buffers[s] = lines.pop()
            for line in lines:
                if line.startswith(b"id:"):
                    self.last_id[s] = max(self.last_id[s], int(line[3:].strip()))

    def wait_for(self, seq, timeout=30):
        """True once every open subscriber has seen event `seq` (false if none is open)."""
        deadline = time.time() + timeout
        while time.time() < deadline and self.last_id:
            if all(v >= seq for v in self.last_id.values()):
                return True
            self.read(0.2)
        return False

    def read_until(self, moment):
        """Reads whatever arrives until `moment` (a `time.perf_counter()` value)."""
        while (left := moment - time.perf_counter()) > 0:
            self.read(left)

    @property
    def open(self):
        return len(self.last_id)

    def close(self):
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()
        self.selector.close()


# How the two latency samples are paced; each is measured the same way with and without
# subscribers (same client, same pacing, same count):
# - "after-delivery": each mutation once every subscriber has the previous one's events,
#   plus 20 ms (without subscribers: the 20 ms only). Mutations meet idle subscribers.
# - "paced-250ms": one mutation every 250 ms on a fixed schedule, the subscribers read in
#   between. Fan-out of one mutation to 10,000 streams takes about 0.2 s of server CPU here,
#   so mutations meet deliveries in progress.
LATENCY_MODES = (("after-delivery", None, 200), ("paced-250ms", 0.25, 120))


def rss_per_subscriber(server, count, mutations=None):
    client = Client(server.port)
    fixtures.create_tree(client, "sse", children=[CYCLE])
    fixtures.detach(client, "sse", [CYCLE])
    modes = [(name, pace, mutations or samples) for name, pace, samples in LATENCY_MODES]
    _cycle_latencies(client, "sse", 30)  # warm-up
    quiet = {name: _cycle_latencies(client, "sse", samples, (lambda seq, until: time.sleep(0.02)) if not pace else None,
                                    pace)
             for name, pace, samples in modes}
    settle()
    before = server.rss_kib()
    started = time.time()
    subscribers = Subscribers(server.port, "sse", count, after=client.json("GET", "/v1/trees/sse")["lastSeq"])
    subscribers.read(1.0)
    settle()
    subscribers.read(0.5)
    after = server.rss_kib()
    connected = subscribers.open
    log(f"  {connected:,}/{count:,} subscribers open after {time.time() - started:.1f} s, "
        f"{subscribers.streaming:,} streaming: RSS {before} -> {after} KiB")
    if not subscribers.streaming:
        subscribers.close()
        return {"subscribers_requested": count, "subscribers_streaming": 0}
    delivered, last_seq = [], 0

    def after_delivery(seq, _):
        delivered.append(subscribers.wait_for(seq))
        subscribers.read_until(time.perf_counter() + 0.02)

    def keep_reading(seq, until):
        nonlocal last_seq
        last_seq = seq
        subscribers.read_until(until)

    latency = {}
    for name, pace, samples in modes:
        busy = _cycle_latencies(client, "sse", samples, keep_reading if pace else after_delivery, pace)
        if pace:
            delivered.append(subscribers.wait_for(last_seq, timeout=120))
        latency[name] = _latency_summary(quiet[name], busy)
        log(f"  {name}: p50 {latency[name]['ratio_p50']}x, p99 {latency[name]['ratio_p99']}x")
    result = {
        "subscribers_requested": count, "subscribers_open": subscribers.open,
        "subscribers_connected": connected, "subscribers_streaming": subscribers.streaming,
        "rss_before_kib": before, "rss_after_kib": after,
        "bytes_per_subscriber": round((after - before) * 1024 / max(connected, 1), 1),
        "every_event_delivered": all(delivered),
        "mutation_latency": latency,
    }
    subscribers.close()
    return result
