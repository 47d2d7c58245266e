"""Memory measurements, each on a fresh service process: idle RSS, RSS per controller,
RSS per SSE subscriber (with mutation latency with and without subscribers)."""

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


def _cycle_latencies(client, tree, count, drain=None):
    """Seconds per /calls add+remove batch, sent one after another; `drain` runs untimed after each."""
    calls = {"calls": [
        {"receiver": "root", "method": "addChild", "args": {"child": CYCLE}},
        {"receiver": "root.view", "method": "addSubview", "args": {"view": f"{CYCLE}.view"}},
        {"receiver": CYCLE, "method": "didMove", "args": {"toParent": "root"}},
        {"receiver": CYCLE, "method": "willMove", "args": {"toParent": None}},
        {"receiver": f"{CYCLE}.view", "method": "removeFromSuperview"},
        {"receiver": CYCLE, "method": "removeFromParent"},
    ]}
    seconds = []
    for _ in range(count):
        started = time.perf_counter()
        answer = client.json("POST", f"/v1/trees/{tree}/calls", calls)
        seconds.append(time.perf_counter() - started)
        if drain:
            drain(max(e["seq"] for e in answer["events"]))
    return seconds


class Subscribers:
    """`count` SSE connections on one tree, read with one selector."""

    def __init__(self, port, tree, count):
        self.selector = selectors.DefaultSelector()
        self.last_id = {}
        self.buffers = {}
        self.answered = set()
        self.streaming = 0  # answered 200 with Content-Type text/event-stream
        request = (f"GET /v1/trees/{tree}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                   "Accept: text/event-stream\r\n\r\n").encode()
        for i in range(count):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(request)
            s.setblocking(False)
            self.selector.register(s, selectors.EVENT_READ)
            self.buffers[s] = b""
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
                head = chunk.split(b"\r\n\r\n")[0].lower()
                if head.startswith(b"http/1.1 200") and b"text/event-stream" in head:
                    self.streaming += 1
            data = self.buffers[s] + chunk
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

    @property
    def open(self):
        return len(self.last_id)

    def close(self):
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()
        self.selector.close()


def rss_per_subscriber(server, count, mutations=30):
    client = Client(server.port)
    fixtures.create_tree(client, "sse", children=[CYCLE])
    fixtures.detach(client, "sse", [CYCLE])
    quiet = _cycle_latencies(client, "sse", mutations)
    settle()
    before = server.rss_kib()
    started = time.time()
    subscribers = Subscribers(server.port, "sse", count)
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
    delivered = []

    def drain(seq):
        delivered.append(subscribers.wait_for(seq))

    busy = _cycle_latencies(client, "sse", mutations, drain)
    result = {
        "subscribers_requested": count, "subscribers_open": subscribers.open,
        "subscribers_connected": connected, "subscribers_streaming": subscribers.streaming,
        "rss_before_kib": before, "rss_after_kib": after,
        "bytes_per_subscriber": round((after - before) * 1024 / max(connected, 1), 1),
        "every_event_delivered": all(delivered),
        "mutation_p50_ms_quiet": round(statistics.median(quiet) * 1000, 3),
        "mutation_p50_ms_subscribed": round(statistics.median(busy) * 1000, 3),
    }
    result["mutation_latency_ratio"] = round(
        result["mutation_p50_ms_subscribed"] / result["mutation_p50_ms_quiet"], 2)
    subscribers.close()
    return result
