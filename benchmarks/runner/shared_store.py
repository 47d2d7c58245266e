"""Instances sharing PostgreSQL (`--state-url`): `/calls` with the shared store and without,
round by round in the same run (target: ≥ 0.4×); the first request of a 100-controller tree
that an instance must load from the store (target: ≤ 20 ms), free or handed over by a live
owner; and how long after a SIGKILL the killed instance's trees are served by another (the
lease bound, target: ≤ 5 s); and hand-offs with the database 0, 25, 50 and 100 ms away (one
way, through a delay proxy; quick: 0 and 100; target at 100 ms: every one within 5 s, median
≤ 1 s). PostgreSQL is a throwaway cluster with its default durability
(fsync on), started by scripts/lib/postgres.sh; the services run with their default
`--state-sync normal` (`synchronous_commit = off` on their writer's connection)."""

import os
import shutil
import signal
import statistics
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import fixtures
from delay_proxy import DelayProxy
import persistence
import processes
from client import Client

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Postgres:
    """A throwaway PostgreSQL 15 on loopback; one database per measurement."""

    def __init__(self, work):
        self.dir = os.path.join(work, "postgres")
        self.port = processes.free_port()
        self._shell(f'ensure_postgres && start_postgres "{self.dir}" {self.port} durable')

    def _shell(self, command):
        subprocess.run(["bash", "-c", f"source scripts/lib/prerequisites.sh && source scripts/lib/postgres.sh && {command}"],
                       cwd=REPO, check=True)

    def database(self, name):
        subprocess.run(["psql", "-q", f"postgresql://postgres@127.0.0.1:{self.port}/postgres", "-c", f"CREATE DATABASE {name}"],
                       check=True)
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def cpu_seconds(self):
        """User+system CPU of the server so far: the postmaster's own and its ended backends'
        (which it waited for), and that of every process it runs now."""
        with open(os.path.join(self.dir, "data", "postmaster.pid")) as f:
            postmaster = f.readline().strip()
        total = sum(_stat(postmaster)[11:15])
        for pid in subprocess.run(["pgrep", "-P", postmaster], capture_output=True, text=True).stdout.split():
            total += sum(_stat(pid)[11:13])
        return total / os.sysconf("SC_CLK_TCK")

    def stop(self):
        self._shell(f'stop_postgres "{self.dir}"')


def _stat(pid):
    """The numbers of /proc/PID/stat after the command's name (utime is [11]); zeros for a
    process gone meanwhile."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return [int(field) if field.lstrip("-").isdigit() else 0 for field in f.read().rsplit(")", 1)[1].split()]
    except OSError:
        return [0] * 52


def measure(args, binary, command, results_dir):
    """Every shared-store figure; `command(binary, port)` is the service's command line."""
    work = tempfile.mkdtemp(prefix="containment-bench-shared-")
    os.chmod(work, 0o755)
    postgres = Postgres(work)
    try:
        return {
            "calls": _calls(args, binary, command, results_dir, postgres, postgres.database("calls")),
            "first_request": _first_request(args, binary, command, results_dir, postgres.database("loads")),
            "lease": _lease(args, binary, command, results_dir, postgres.database("lease")),
            "hand_off": [
                _hand_off(args, binary, command, results_dir, postgres, delay) for delay in ((0, 100) if args.quick else (0, 25, 50, 100))
            ],
        }
    finally:
        postgres.stop()
        shutil.rmtree(work, ignore_errors=True)


def _start(binary, command, results_dir, name, url):
    port = processes.free_port()
    extra = ["--state-url", url] if url else []
    return processes.Server(name, command(binary, port) + extra, port, ready_path="/readyz",
                            log_path=os.path.join(results_dir, f"{name}.log"))


def _calls(args, binary, command, results_dir, postgres, url):
    """`/calls` add+remove over 64 trees (8 quick), a service without persistence and one on
    the shared store alternating within each round; PostgreSQL's CPU per request of the
    latter (the rounds without persistence leave it idle)."""
    trees = 8 if args.quick else 64
    servers = {
        "off": _start(binary, command, results_dir, "service-shared-off", None),
        "url": _start(binary, command, results_dir, "service-shared-url", url),
    }
    database_cpu = postgres.cpu_seconds()
    figures = {"trees": trees, **persistence.calls_rounds(args, servers, trees, "shared", "shared store")}
    requests = sum(run["requests"] for run in figures["url"])
    figures["postgres_cpu_us_per_request"] = (postgres.cpu_seconds() - database_cpu) * 1e6 / max(requests, 1)
    ratios = [url["rps"] / off["rps"] for url, off in zip(figures["url"], figures["off"]) if off["rps"]]
    figures["ratio"] = statistics.median(ratios) if ratios else None
    return figures


def _timed_first_gets(port, trees):
    """Milliseconds of each tree's first GET on a fresh instance, one after another."""
    client = Client(port)
    times = []
    try:
        for tree in trees:
            started = time.perf_counter()
            client.request("GET", f"/v1/trees/{tree}")
            times.append((time.perf_counter() - started) * 1000)
    finally:
        client.close()
    return times


def _first_request(args, binary, command, results_dir, url):
    """`count` trees of 100 controllers created on one instance. Stopped (it gives every tree
    up), a second instance's first GET of each loads it from the store; a third instance's
    first GET of each takes it from the live second (asked to give it up: one commit, one
    notification each way); the second's GET of a tree it holds is the baseline."""
    count = 20 if args.quick else 100
    trees = [f"loaded-{n}" for n in range(count)]
    creator = _start(binary, command, results_dir, "service-shared-creator", url)
    client = Client(creator.port)
    try:
        for tree in trees:
            fixtures.create_tree(client, tree, filler=99)
    finally:
        client.close()
        creator.stop()
    loader = _start(binary, command, results_dir, "service-shared-loader", url)
    handed = None
    try:
        free = _timed_first_gets(loader.port, trees)
        held = _timed_first_gets(loader.port, trees)
        handed = _start(binary, command, results_dir, "service-shared-taker", url)
        handover = _timed_first_gets(handed.port, trees)
    finally:
        loader.stop()
        if handed:
            handed.stop()

    def summary(times):
        ordered = sorted(times)
        return {"median_ms": statistics.median(ordered), "p95_ms": ordered[int(len(ordered) * 0.95) - 1], "max_ms": ordered[-1]}

    return {"trees": count, "controllers": 100, "free": summary(free), "handover": summary(handover), "held": summary(held)}


def _lease(args, binary, command, results_dir, url):
    """A few trees on an instance killed with SIGKILL: seconds from the kill until another
    instance (already running) answers each, asked right after the kill."""
    count = 3 if args.quick else 10
    trees = [f"orphan-{n}" for n in range(count)]
    doomed = _start(binary, command, results_dir, "service-shared-doomed", url)
    heir = _start(binary, command, results_dir, "service-shared-heir", url)
    try:
        client = Client(doomed.port)
        for tree in trees:
            fixtures.create_tree(client, tree, filler=9)
        client.close()
        doomed.process.send_signal(signal.SIGKILL)
        doomed.process.wait()
        killed = time.time()
        served = []
        client = Client(heir.port, timeout=30)
        try:
            for tree in trees:
                client.request("GET", f"/v1/trees/{tree}")
                served.append(time.time() - killed)
        finally:
            client.close()
    finally:
        doomed.stop()
        heir.stop()
    return {"trees": count, "first_served_s": served[0], "all_served_s": served[-1]}


def _hand_off(args, binary, command, results_dir, postgres, delay_ms):
    """Trees created on one instance, then asked from a second one after another, then from
    the first 16 at a time (each asks its live holder to give it up); each instance reaches
    PostgreSQL through a proxy `delay_ms` away. Seconds per request, and the `tree_busy`
    answers (no tree may be refused: its owner is alive)."""
    count = 8 if args.quick else 32
    trees = [f"handed-{n}" for n in range(count)]
    url = postgres.database(f"hand_off_{delay_ms}")
    database = url.rsplit("/", 1)[1]
    proxies = [DelayProxy(postgres.port, delay_ms / 1000) for _ in range(2)]
    servers = []
    try:
        for number, proxy in enumerate(proxies):
            servers.append(_start(binary, command, results_dir, f"service-hand-off-{delay_ms}-{number}",
                                  f"postgresql://postgres@127.0.0.1:{proxy.port}/{database}"))
        client = Client(servers[0].port)
        for tree in trees:
            fixtures.create_tree(client, tree, filler=9)
        client.close()
        one_by_one = [_timed_get(servers[1].port, tree) for tree in trees]
        with ThreadPoolExecutor(16) as pool:
            at_once = list(pool.map(lambda tree: _timed_get(servers[0].port, tree), trees))
    finally:
        for server in servers:
            server.stop()
        for proxy in proxies:
            proxy.stop()

    def summary(results):
        seconds = sorted(took for _, took in results)
        return {"p50_s": statistics.median(seconds), "p99_s": seconds[max(0, int(len(seconds) * 0.99) - 1)], "max_s": seconds[-1],
                "tree_busy": sum(1 for status, _ in results if status == 503), "not_ok": sum(1 for status, _ in results if status != 200)}

    return {"delay_ms": delay_ms, "trees": count, "one_by_one": summary(one_by_one), "sixteen_at_once": summary(at_once)}


def _timed_get(port, tree):
    """(status, seconds) of one GET on a connection of its own."""
    client = Client(port, timeout=30)
    try:
        started = time.perf_counter()
        status, _ = client.request("GET", f"/v1/trees/{tree}", expect=None)
        return status, time.perf_counter() - started
    finally:
        client.close()


def _median_p99(runs):
    """The median of the runs' p99 latencies, in ms (older reports have none)."""
    values = [run["p99_us"] for run in runs if run.get("p99_us") is not None]
    return f"{statistics.median(values) / 1000:.1f} ms" if values else "not recorded"


def lines(figures):
    """The report's section, and the failures to report (steps that could not be measured;
    a missed target is a verdict, not a failure)."""
    out = ["## Instances sharing PostgreSQL (`--state-url`)", ""]
    if not figures:
        return out + ["- not measured in this run (`--skip-shared-store`)", ""], []
    if "error" in figures:
        return out + [f"- failed: {figures['error']}", ""], [f"shared store: {figures['error']}"]
    calls = figures["calls"]
    off = statistics.median(run["rps"] for run in calls["off"])
    url = statistics.median(run["rps"] for run in calls["url"])
    ratio = calls["ratio"]
    verdict = "met" if ratio is not None and ratio >= 0.4 else "NOT met"
    off_cpu = statistics.median(run["cpu_us_per_request"] for run in calls["off"])
    url_cpu = statistics.median(run["cpu_us_per_request"] for run in calls["url"])
    database_cpu = calls.get("postgres_cpu_us_per_request")
    out.append(
        f"- `/calls` add+remove over {calls['trees']} trees, same rounds: without persistence {off:,.0f} req/s, on the "
        f"shared store {url:,.0f} req/s (PostgreSQL 15 on loopback on the same two cores; `--state-sync normal`, the "
        f"default: a commit is answered once it is in the database's memory): ratio {ratio:.3f} (target ≥ 0.4: {verdict}). "
        f"CPU per request: the service {off_cpu:.0f} µs without persistence, {url_cpu:.0f} µs on the shared store"
        + (f", PostgreSQL {database_cpu:.0f} µs more." if database_cpu is not None else ".")
        + f" p99 latency, median of the rounds: {_median_p99(calls['off'])} without persistence, "
        f"{_median_p99(calls['url'])} on the shared store.")
    first = figures["first_request"]
    free, handover, held = first["free"], first["handover"], first["held"]
    verdict = "met" if free["median_ms"] <= 20 else "NOT met"
    out.append(
        f"- first request of a tree another instance must load ({first['controllers']} controllers, {first['trees']} trees, "
        f"one after another): free in the store median {free['median_ms']:.1f} ms (p95 {free['p95_ms']:.1f}, max "
        f"{free['max_ms']:.1f}) (target ≤ 20 ms: {verdict}); handed over by its live owner median "
        f"{handover['median_ms']:.1f} ms (p95 {handover['p95_ms']:.1f}); the same GET once held {held['median_ms']:.1f} ms.")
    lease = figures["lease"]
    verdict = "met" if lease["all_served_s"] <= 5 else "NOT met"
    out.append(
        f"- lease bound: {lease['trees']} trees of an instance killed with SIGKILL served by another "
        f"{lease['first_served_s']:.2f} s after the kill (the last {lease['all_served_s']:.2f} s; lease 3 s) "
        f"(target ≤ 5 s: {verdict}).")
    for run in figures.get("hand_off", []):
        one, many = run["one_by_one"], run["sixteen_at_once"]
        line = (f"- hand-off with PostgreSQL {run['delay_ms']} ms away (one way), {run['trees']} trees taken from their live "
                f"owner: one after another p50 {one['p50_s']:.2f} s, p99 {one['p99_s']:.2f} s; 16 at a time p50 "
                f"{many['p50_s']:.2f} s, p99 {many['p99_s']:.2f} s, max {many['max_s']:.2f} s; refused (503) "
                f"{one['not_ok'] + many['not_ok']}")
        if run["delay_ms"] == 100:
            met = max(one["max_s"], many["max_s"]) <= 5 and one["p50_s"] <= 1 and one["not_ok"] + many["not_ok"] == 0
            line += f" (target: every one within 5 s, p50 ≤ 1 s: {'met' if met else 'NOT met'})"
        out.append(line + ".")
    return out + [""], []
