#!/usr/bin/env python3
"""Event-stream fan-out benchmark for the Containment service (issue 4).

Starts the release `containment` binary, measures mutation latency (a /calls add+remove
cycle, keep-alive) with no subscribers, opens N SSE subscribers on the same tree with
sse-holder, measures the server's RSS per idle subscriber, then measures mutation latency
with the N subscribers two ways, checking every subscriber got every event:
- spaced: each mutation waits until the previous one's events reached all N streams (and
  20 ms more), so it meets idle subscribers: the cost a subscriber adds to the mutation path.
  The baseline for it is the same 20 ms pacing without subscribers.
- back-to-back: mutations as fast as they answer, so every one competes with the fan-out of
  the previous ones for the 2 cores (10,000 socket writes per fan-out).

  gcc -O2 -o /tmp/sse-holder benchmarks/streams/sse-holder.c
  ulimit -n 65536; python3 benchmarks/streams/run.py --binary .build/release/containment

Standard library only.
"""
import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import time

CYCLE = {"calls": [
    {"receiver": "root", "method": "addChild", "args": {"child": "map"}},
    {"receiver": "root.view", "method": "addSubview", "args": {"view": "map.view"}},
    {"receiver": "map", "method": "didMove", "args": {"toParent": "root"}},
    {"receiver": "map", "method": "willMove", "args": {"toParent": None}},
    {"receiver": "map.view", "method": "removeFromSuperview"},
    {"receiver": "map", "method": "removeFromParent"},
]}


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def request(connection, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if data else {}
    connection.request(method, path, body=data, headers=headers)
    response = connection.getresponse()
    payload = response.read()
    if response.status >= 300:
        raise RuntimeError(f"{method} {path}: {response.status} {payload[:200]!r}")
    return json.loads(payload) if payload else None


def mutation_latencies(port, count, between=None):
    """Latency (ms) of `count` sequential /calls add+remove cycles, and the events they caused.
    `between(events_so_far)` runs after each one (pacing)."""
    connection = http.client.HTTPConnection("127.0.0.1", port)
    latencies, events = [], 0
    body = json.dumps(CYCLE).encode()
    for _ in range(count):
        started = time.perf_counter()
        connection.request("POST", "/v1/trees/bench/calls", body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        payload = response.read()
        latencies.append((time.perf_counter() - started) * 1000)
        if response.status != 200:
            raise RuntimeError(f"calls: {response.status} {payload[:200]!r}")
        events += len(json.loads(payload)["events"])
        if between:
            between(events)
    connection.close()
    return latencies, events


def summary(latencies):
    ordered = sorted(latencies)
    return {"median_ms": round(statistics.median(ordered), 3),
            "p99_ms": round(ordered[int(len(ordered) * 0.99) - 1], 3),
            "mean_ms": round(statistics.fmean(ordered), 3)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/containment")
    parser.add_argument("--holder", default="/tmp/sse-holder")
    parser.add_argument("--subscribers", type=int, default=10_000)
    parser.add_argument("--mutations", type=int, default=300)
    parser.add_argument("--port", type=int, default=18_977)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--flush-delay", type=float, default=0.01)
    arguments = parser.parse_args()

    server = subprocess.Popen(
        [arguments.binary, "serve", "--port", str(arguments.port), "--max-connections", "20000",
         "--connection-timeout", "0", "--threads", str(arguments.threads),
         "--stream-flush-delay", str(arguments.flush_delay), "--log-level", "error"],
        stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                http.client.HTTPConnection("127.0.0.1", arguments.port, timeout=1).request("GET", "/healthz")
                break
            except OSError:
                time.sleep(0.05)
        setup = http.client.HTTPConnection("127.0.0.1", arguments.port)
        request(setup, "POST", "/v1/trees", {"id": "bench", "clock": "manual", "root": {"id": "root"}})
        request(setup, "POST", "/v1/trees/bench/controllers", {"id": "map"})
        mutation_latencies(arguments.port, 50)  # warm-up
        base, _ = mutation_latencies(arguments.port, arguments.mutations)
        base_spaced, _ = mutation_latencies(arguments.port, arguments.mutations, lambda _: time.sleep(0.02))
        last_seq = request(setup, "GET", "/v1/trees/bench")["lastSeq"]
        setup.close()
        rss_before = rss_kb(server.pid)

        holder = subprocess.Popen(
            [arguments.holder, str(arguments.port), str(arguments.subscribers), f"/v1/trees/bench/events?after={last_seq}"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        heads_line = holder.stdout.readline().split()
        heads = int(heads_line[1])
        time.sleep(1)
        rss_idle = rss_kb(server.pid)

        counts = None

        def wait_until_every_stream_has(events, limit=120):
            nonlocal counts
            started = time.perf_counter()
            while time.perf_counter() - started < limit:
                fields = holder.stdout.readline().split()
                if fields and fields[0] == "counts":
                    counts = [int(value) for value in fields[1:]]
                    if counts[0] >= events:
                        break
            return time.perf_counter() - started

        spaced, spaced_events = mutation_latencies(
            arguments.port, arguments.mutations,
            lambda so_far: (wait_until_every_stream_has(so_far), time.sleep(0.02)))
        loaded, loaded_events = mutation_latencies(arguments.port, arguments.mutations)
        events = spaced_events + loaded_events
        drained_after = wait_until_every_stream_has(events)
        rss_after = rss_kb(server.pid)
        holder.stdin.close()
        holder.wait()

        result = {
            "subscribers": arguments.subscribers,
            "response_heads_200": heads,
            "rss_kb": {"before_subscribers": rss_before, "idle_subscribers": rss_idle, "after_fanout": rss_after},
            "rss_per_idle_subscriber_kb": round((rss_idle - rss_before) / arguments.subscribers, 2),
            "mutations": arguments.mutations,
            "events_per_subscriber_expected": events,
            "events_per_subscriber_min_max": counts[:2] if counts else None,
            "streams_closed_by_server": counts[2] if counts else None,
            "every_subscriber_got_every_event": bool(counts and counts[0] == events and counts[1] == events),
            "fanout_drained_s_after_last_response": round(drained_after, 2),
            "latency_no_subscribers_back_to_back": summary(base),
            "latency_no_subscribers_spaced": summary(base_spaced),
            "latency_subscribers_spaced": summary(spaced),
            "latency_subscribers_back_to_back": summary(loaded),
        }
        for mode in ("spaced", "back_to_back"):
            with_subscribers = result[f"latency_subscribers_{mode}"]
            without = result[f"latency_no_subscribers_{mode}"]
            result[f"ratio_{mode}"] = {
                "median": round(with_subscribers["median_ms"] / without["median_ms"], 2),
                "p99": round(with_subscribers["p99_ms"] / without["p99_ms"], 2)}
        print(json.dumps(result, indent=2))
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
