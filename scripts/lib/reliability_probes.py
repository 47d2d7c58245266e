"""The service-level probes of scripts/reliability: each starts its own `containment serve`
on an ephemeral 127.0.0.1 port, reproduces one way a single client could deny service to all
(at a bounded size), checks the answer and prints its figures. Standard library only.

Usage: reliability_probes.py BINARY [--quick] [--only yaml,metrics,...]
Exit status 1 when any probe's check fails; every figure is printed either way.
"""

import hashlib
import http.client
import json
import os
import re
import selectors
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from probe_server import BINARY, QUICK, Server, check, problem_code, run_probes


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



def probe_compare_bounds():
    """`POST /v1/compare` is bounded in steps and events: 300,000 empty steps (900 KB) took 7 s
    of CPU and answered 39 MB; four at once took the process from 13 to 567 MB."""
    with Server() as server:
        scenario = json.loads(server.request("GET", "/v1/scenarios")[1])["scenarios"][0]["id"]
        body = json.dumps({"scenario": scenario, "observed": [{}] * 300_000}, separators=(",", ":"))
        rss_before = server.rss_bytes()
        results = []

        def post():
            started = time.monotonic()
            try:
                status, answer = server.request("POST", "/v1/compare", body, {"Content-Type": "application/json"})
                results.append((status, problem_code(answer), len(answer), time.monotonic() - started))
            except (OSError, http.client.HTTPException) as error:
                results.append((repr(error), None, 0, time.monotonic() - started))

        threads = [threading.Thread(target=post) for _ in range(4)]
        for thread in threads:
            thread.start()
        health = []
        while any(thread.is_alive() for thread in threads):
            started = time.monotonic()
            server.request("GET", "/healthz", timeout=30)
            health.append(time.monotonic() - started)
            time.sleep(0.05)
        for thread in threads:
            thread.join()
        grown = (server.rss_bytes() - rss_before) >> 20
    slowest = max(seconds for *_, seconds in results)
    print(f"compare: 4 at once of 300,000 empty steps ({len(body) // 1024} KB): "
          f"{sorted({(str(status), code) for status, code, _, _ in results})}, answers of up to "
          f"{max(size for _, _, size, _ in results):,} bytes, slowest {slowest:.2f} s; /healthz worst "
          f"{max(health, default=0) * 1000:.0f} ms; RSS grew {grown} MiB")
    check(all(status == 413 and code == "compare_too_large" for status, code, _, _ in results), "413 compare_too_large")
    check(max(health, default=0) < 1, "/healthz answered within a second throughout")
    check(grown < 100, f"RSS grew {grown} MiB (bound 100)")


def probe_duplicate_keys():
    """A JSON key given twice is a 400 naming it, on a quick-parsed route and a decoded one."""
    with Server() as server:
        server.json("PUT", "/v1/trees/t", {"clock": "manual", "root": {"id": "root", "children": [{"id": "a"}]}})
        created = server.request("POST", "/v1/trees", '{"id": "x", "clock": "manual", "clock": "real"}',
                                 {"Content-Type": "application/json"})
        calls = server.request("POST", "/v1/trees/t/calls",
                               '{"calls": [{"receiver": "root", "method": "addChild", "args": {"child": "a", "child": "b"}}]}',
                               {"Content-Type": "application/json"})
        tree_x = server.request("GET", "/v1/trees/x")[0]
    print(f"duplicate-keys: a create with `clock` twice {created[0]} {problem_code(created[1])}, a call with `child` twice "
          f"{calls[0]} {problem_code(calls[1])}; tree x {tree_x}")
    check(created[0] == 400 and problem_code(created[1]) == "duplicate_key", "a duplicate key in a create is refused")
    check(calls[0] == 400 and problem_code(calls[1]) == "duplicate_key", "a duplicate key in a call's args is refused")
    check(tree_x == 404, "nothing was created")


def probe_token_file_duplicates():
    """One token hash under two names (the later line's role would win) stops the start."""
    digest = "ab" * 32
    with tempfile.NamedTemporaryFile("w", suffix=".tokens", delete=False) as tokens:
        tokens.write(f"alice user {digest}\nops admin {digest}\n")
    try:
        with Server("--auth-token-file", tokens.name, expect_start=False) as server:
            started = server.port is not None
            code = None if started else server.process.wait(timeout=30)
            text = server.log_text
    finally:
        os.unlink(tokens.name)
    refusal = next((line for line in text.splitlines() if "line" in line), "")
    print(f"token-file: one hash under two names: " + ("started, the token serves both names" if started
          else f"exit {code}: {refusal.strip()}"))
    check(not started and "line 1" in text and "line 2" in text, "the start is refused naming both lines")


def probe_tree_streams():
    """A tree deleted while a long read holds its lock and created again by another token
    keeps its streams: the new owner's stream gets none of the old tree's teardown, nor its
    `treeDeleted`."""
    def digest(token):
        return hashlib.sha256(token.encode()).hexdigest()

    with tempfile.NamedTemporaryFile("w", suffix=".tokens", delete=False) as tokens:
        tokens.write(f"alice user {digest('token-alice')}\nbob user {digest('token-bob')}\n")
    alice = {"Authorization": "Bearer token-alice"}
    bob = {"Authorization": "Bearer token-bob"}
    # The first `?pretty` read of 40,000 controllers holds the tree's lock for seconds.
    children = [{"id": f"a{index}"} for index in range(39_999)]
    try:
        with Server("--auth-token-file", tokens.name, "--max-controllers", "40000") as server:
            server.json("PUT", "/v1/trees/shared", {"clock": "manual", "root": {"id": "aliceRoot", "children": children}},
                        alice)
            slow_read = threading.Thread(target=server.request, args=("GET", "/v1/trees/shared?pretty", None, alice))
            slow_read.start()
            time.sleep(0.05)
            deleted = threading.Thread(target=server.request, args=("DELETE", "/v1/trees/shared", None, alice))
            deleted.start()
            time.sleep(0.05)
            bob_tree = {"clock": "manual", "root": {"id": "bobRoot"}}
            first, _ = server.json("PUT", "/v1/trees/shared", bob_tree, bob)
            stream = None
            if first == 201:
                stream = open_stream(server.port, "/v1/trees/shared/events?after=0", bob)
            slow_read.join()
            deleted.join()
            if stream is None:
                again, _ = server.json("PUT", "/v1/trees/shared", bob_tree, bob)
                check(again == 201, f"bob's tree is created once alice's is gone ({again})")
                stream = open_stream(server.port, "/v1/trees/shared/events?after=0", bob)
            server.json("POST", "/v1/trees/shared/controllers", {"id": "bobChild"}, bob)
            server.json("POST", "/v1/trees/shared/controllers/bobRoot/children", {"child": "bobChild"}, bob)
            received = read_until(stream, b"bobChild", seconds=20)
            stream.close()
    finally:
        os.unlink(tokens.name)
    foreign = received.count(b'"controller":"a')
    ended = b"treeDeleted" in received
    print(f"tree-streams: bob's first create {first}; bob's stream got {len(received):,} bytes, "
          f"{foreign} events of alice's tree, treeDeleted {ended}")
    check(foreign == 0 and not ended, "the new tree's stream got nothing of the old tree")


def open_stream(port, path, headers):
    stream = socket.create_connection(("127.0.0.1", port), timeout=30)
    fields = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
    stream.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/x-ndjson\r\n{fields}\r\n".encode())
    return stream


def read_until(stream, marker, seconds):
    """What `stream` sent until `marker` appeared, it ended, or `seconds` passed."""
    received = b""
    deadline = time.monotonic() + seconds
    stream.settimeout(1)
    while marker not in received and time.monotonic() < deadline:
        try:
            piece = stream.recv(65536)
        except socket.timeout:
            continue
        if not piece:
            break
        received += piece
    return received


def probe_drain():
    """SIGTERM under load: 8 clients PATCH back to back over kept-alive connections; every
    request sent gets an answer (its change, or 503 before any change) and every acknowledged
    change is there after a restart."""
    state = tempfile.mkdtemp(prefix="containment-drain-")
    trees = [f"w{index}" for index in range(8)]
    stop = threading.Event()
    tallies = {tree: {"acknowledged": None, "answered": 0, "refused": 0, "unanswered": 0} for tree in trees}

    def writer(tree):
        tally = tallies[tree]
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        number = 0
        while not stop.is_set():
            number += 1
            try:
                connection.request("PATCH", f"/v1/trees/{tree}/controllers/root", json.dumps({"title": f"{tree}-{number}"}),
                                   {"Content-Type": "application/json"})
            except ConnectionRefusedError:
                # Nothing was sent: the listener is closed.
                tally["refused"] += 1
                connection.close()
                if tally["refused"] > 20:
                    return
                time.sleep(0.01)
                continue
            except OSError:
                tally["unanswered"] += 1
                connection.close()
                continue
            try:
                response = connection.getresponse()
                response.read()
                tally["answered"] += 1
                if response.status == 200:
                    tally["acknowledged"] = f"{tree}-{number}"
                if response.will_close:
                    connection.close()
            except (OSError, http.client.HTTPException):
                tally["unanswered"] += 1
                connection.close()

    try:
        server = Server("--state-dir", state)
        for tree in trees:
            server.json("PUT", f"/v1/trees/{tree}", {"clock": "manual", "root": {"id": "root"}})
        threads = [threading.Thread(target=writer, args=(tree,)) for tree in trees]
        for thread in threads:
            thread.start()
        time.sleep(1)
        started = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        code = server.process.wait(timeout=30)
        elapsed = time.monotonic() - started
        stop.set()
        for thread in threads:
            thread.join()
        server.stop()
        with Server("--state-dir", state) as restarted:
            kept = {tree: json.loads(restarted.request("GET", f"/v1/trees/{tree}")[1])["controllers"]["root"]["title"]
                    for tree in trees}
    finally:
        shutil.rmtree(state, ignore_errors=True)
    unanswered = sum(tally["unanswered"] for tally in tallies.values())
    answered = sum(tally["answered"] for tally in tallies.values())
    lost = [tree for tree in trees if kept[tree] != tallies[tree]["acknowledged"]]
    print(f"drain: SIGTERM under 8 kept-alive writers: exit {code} after {elapsed:.2f} s; {answered:,} answered, "
          f"{unanswered} sent but unanswered; acknowledged changes lost {len(lost)}")
    check(code == 0, f"exit code {code}")
    check(unanswered == 0, f"{unanswered} requests sent got no answer")
    check(not lost, f"acknowledged changes lost: {lost}")


PROBES = {
    "yaml": probe_yaml_wide_mapping, "metrics": probe_metric_labels, "415": probe_unsupported_media_type,
    "budget": probe_memory_budget, "pretty": probe_pretty_cache, "sigterm": probe_sigterm_with_streams,
    "load": probe_mixed_load, "compare": probe_compare_bounds, "duplicate-keys": probe_duplicate_keys,
    "token-file": probe_token_file_duplicates, "tree-streams": probe_tree_streams, "drain": probe_drain,
}
run_probes(PROBES)
