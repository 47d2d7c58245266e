#!/usr/bin/env python3
"""Event-stream fan-out benchmark for the Containment service (targets: ≤ 20 KB RSS per SSE
subscriber at 10,000 subscribers; mutation latency with them ≤ 2× without).

Starts the release `containment` binary, creates one tree, and measures the latency of a
mutation (a /calls add+remove cycle: 6 calls, 18 events, one keep-alive client) in the same
modes with and without N SSE subscribers on that tree, so every ratio is like for like:
- paced: a mutation every 100 ms and every 20 ms on a fixed schedule (open loop: the
  schedule does not wait for the fan-out, so mutations meet deliveries in progress);
- after-delivery: each mutation waits until the previous one's events reached every stream,
  then 20 ms (it meets idle subscribers: what holding them costs a mutation); its baseline is
  the 20 ms pace;
- back-to-back: as fast as they answer. This asks for more than the machine can deliver with
  10,000 subscribers (18 events x 10,000 streams per 0.3 ms mutation), so the fan-out merges
  batches and lags; reported, but it is an overload test, not the target's case.
Baselines are measured before the subscribers connect and again after they left; both
samples are pooled. It also measures RSS per idle subscriber and checks that every
subscriber received every event.

  gcc -O2 -o /tmp/sse-holder benchmarks/streams/sse-holder.c
  python3 benchmarks/streams/run.py --binary .build/release/containment

(10,000 subscribers need 10,000 descriptors in each of the server and the holder: `ulimit -n`.)
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


def cpu_ms(pid):
    """User + system CPU the process has used so far, in ms."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def request(connection, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if data else {}
    connection.request(method, path, body=data, headers=headers)
    response = connection.getresponse()
    payload = response.read()
    if response.status >= 300:
        raise RuntimeError(f"{method} {path}: {response.status} {payload[:200]!r}")
    return json.loads(payload) if payload else None


def mutation_latencies(port, count, pace=None, between=None):
    """Latency (ms) of `count` sequential /calls add+remove cycles, and the events they caused.
    `pace`: seconds between the starts of two mutations on a fixed schedule (a late mutation
    goes at once); `between(events_so_far)` runs after each one."""
    connection = http.client.HTTPConnection("127.0.0.1", port)
    latencies, events = [], 0
    body = json.dumps(CYCLE).encode()
    schedule = time.perf_counter()
    for _ in range(count):
        if pace:
            schedule += pace
            time.sleep(max(0.0, schedule - time.perf_counter()))
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


# name, pace (s), samples; "after-delivery" is paced by the fan-out itself.
MODES = [("paced-250ms", 0.25, 120), ("paced-100ms", 0.1, 300), ("paced-20ms", 0.02, 400), ("after-delivery", None, 200),
         ("back-to-back", None, 300)]
BASELINE_OF = {"after-delivery": "paced-20ms"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/containment")
    parser.add_argument("--holder", default="/tmp/sse-holder")
    parser.add_argument("--subscribers", type=int, default=10_000)
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies the samples per mode")
    parser.add_argument("--port", type=int, default=18_977)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--flush-delay", type=float, default=0.01)
    parser.add_argument("--modes", default=",".join(name for name, _, _ in MODES), help="comma-separated subset")
    arguments = parser.parse_args()
    chosen = arguments.modes.split(",")
    modes = [(name, pace, max(20, int(samples * arguments.scale))) for name, pace, samples in MODES if name in chosen]
    if "after-delivery" in chosen and "paced-20ms" not in chosen:
        parser.error("after-delivery is compared with paced-20ms: choose both")

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

        def baselines():
            return {name: mutation_latencies(arguments.port, samples, pace)[0]
                    for name, pace, samples in modes if name not in BASELINE_OF}

        quiet = baselines()
        last_seq = request(setup, "GET", "/v1/trees/bench")["lastSeq"]
        rss_before = rss_kb(server.pid)

        holder = subprocess.Popen(
            [arguments.holder, str(arguments.port), str(arguments.subscribers), f"/v1/trees/bench/events?after={last_seq}"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        heads = int(holder.stdout.readline().split()[1])
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

        subscribed, events, drained, cpu = {}, 0, {}, {}
        for name, pace, samples in modes:
            between = None
            if name == "after-delivery":
                offset = events
                between = lambda so_far: (wait_until_every_stream_has(offset + so_far), time.sleep(0.02))
            cpu_before = cpu_ms(server.pid)
            subscribed[name], caused = mutation_latencies(arguments.port, samples, pace, between)
            events += caused
            drained[name] = round(wait_until_every_stream_has(events), 2)
            cpu[name] = round((cpu_ms(server.pid) - cpu_before) / samples, 1)
        rss_after = rss_kb(server.pid)
        holder.stdin.close()
        holder.wait()
        for _ in range(200):
            if subscribers_gone(arguments.port):
                break
            time.sleep(0.05)
        for name, samples in baselines().items():
            quiet[name] += samples
        setup.close()

        result = {
            "subscribers": arguments.subscribers,
            "response_heads_200": heads,
            "rss_kb": {"before_subscribers": rss_before, "idle_subscribers": rss_idle, "after_fanout": rss_after},
            "rss_per_idle_subscriber_kb": round((rss_idle - rss_before) / arguments.subscribers, 2),
            "events_per_subscriber_expected": events,
            "events_per_subscriber_min_max": counts[:2] if counts else None,
            "streams_closed_by_server": counts[2] if counts else None,
            "every_subscriber_got_every_event": bool(counts and counts[0] == events and counts[1] == events),
            "delivery_done_s_after_last_response": drained,
            # Server CPU per mutation, its delivery to every subscriber included (after-delivery:
            # one delivery per mutation; the other modes merge batches).
            "server_cpu_ms_per_mutation": cpu,
            "modes": {},
        }
        for name, _, _ in modes:
            with_subscribers, without = summary(subscribed[name]), summary(quiet[BASELINE_OF.get(name, name)])
            result["modes"][name] = {
                "without": without, "with": with_subscribers,
                "ratio_median": round(with_subscribers["median_ms"] / without["median_ms"], 2),
                "ratio_p99": round(with_subscribers["p99_ms"] / without["p99_ms"], 2)}
        print(json.dumps(result, indent=2))
    finally:
        server.terminate()
        server.wait(timeout=10)


def subscribers_gone(port):
    """True once the service counts no open event stream (its /metrics gauge)."""
    connection = http.client.HTTPConnection("127.0.0.1", port)
    connection.request("GET", "/metrics")
    text = connection.getresponse().read().decode()
    connection.close()
    for line in text.splitlines():
        if line.startswith("containment_event_streams"):
            return float(line.split()[-1]) == 0
    return True


if __name__ == "__main__":
    sys.exit(main())
