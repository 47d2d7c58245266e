"""Persistence (`--state-dir`): `/calls` throughput with persistence off and on (at
`--state-sync normal`, the default, and `full`), measured round by round in the same run
(target: on ≥ 0.5 × off), and the time a start takes to restore
1,000 trees and 1,000,000 controllers and answer `/readyz` (target: ≤ 10 s)."""

import os
import re
import shutil
import statistics
import tempfile
import time

import fixtures
import processes
import scenarios
import wrk
from client import Client
from processes import log

RESTORED = re.compile(r"elapsed=([0-9.e-]+) seconds.*trees=([0-9]+)")


def measure(args, binary, command, results_dir):
    """Every persistence figure; `command(binary, port)` is the service's command line."""
    work = tempfile.mkdtemp(prefix="containment-bench-state-")
    try:
        return {
            "calls": _calls_throughput(args, binary, command, results_dir, work),
            "restore_trees": _restore(binary, command, results_dir, work, "trees",
                                      trees=100 if args.quick else 1_000, per_tree=3),
            "restore_controllers": _restore(binary, command, results_dir, work, "controllers",
                                            trees=2 if args.quick else 10,
                                            per_tree=10_000 if args.quick else 100_000),
        }
    finally:
        shutil.rmtree(work, ignore_errors=True)


def ratio_only(args, binary, command, results_dir):
    """`--persistence-ratio`: only the `/calls` rounds with the state directory off and on
    (synchronous NORMAL); no FULL server, no restores. Logs the medians and returns them."""
    work = tempfile.mkdtemp(prefix="containment-bench-state-")
    try:
        calls = _calls_throughput(args, binary, command, results_dir, work, full=False)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for name in ("off", "on"):
        runs = calls[name]
        calls[f"{name}_rps"] = statistics.median(run["rps"] for run in runs)
        calls[f"{name}_cpu_us"] = statistics.median(run["cpu_us_per_request"] for run in runs)
    calls["loadavg"] = [run["loadavg"] for run in calls["on"] + calls["off"]]
    log(f"persistence ratio: on {calls['on_rps']:,.0f} req/s ({calls['on_cpu_us']:.1f} us CPU/request), "
        f"off {calls['off_rps']:,.0f} req/s ({calls['off_cpu_us']:.1f} us CPU/request), "
        f"on/off median of {args.rounds} rounds {calls['ratio']:.3f}, load {min(calls['loadavg']):.1f}-{max(calls['loadavg']):.1f}")
    if calls.get("state_log"):
        log(f"persistence ratio: the 'on' server's journal: {calls['state_log']}")
    return calls


def _calls_throughput(args, binary, command, results_dir, work, full=True):
    """`/calls` add+remove spread over 64 trees (8 quick): the same scenario on a service
    without a state directory and on two with one (synchronous NORMAL and FULL; without
    `full`, NORMAL only), alternating within each round."""
    trees = 8 if args.quick else 64
    state = os.path.join(work, "calls")
    servers = {
        "off": _start(binary, command, results_dir, "service-state-off", []),
        "on": _start(binary, command, results_dir, "service-state-on", ["--state-dir", state]),
    }
    if full:
        servers["full"] = _start(binary, command, results_dir, "service-state-full",
                                 ["--state-dir", state + "-full", "--state-sync", "full"])
    figures = {"off": [], "on": [], "full": [], "trees": trees}
    figures.update(calls_rounds(args, servers, trees, "state", "persistence"))
    figures["state_log"] = _journal_statistics(os.path.join(results_dir, "service-state-on.log"))
    for name in servers.keys() - {"off"}:
        ratios = [on["rps"] / off["rps"] for on, off in zip(figures[name], figures["off"]) if off["rps"]]
        figures["ratio" if name == "on" else "ratio_full"] = statistics.median(ratios) if ratios else None
    return figures


def calls_rounds(args, servers, trees, prefix, label):
    """`/calls` add+remove over `trees` trees (ids starting with `prefix`) on each server, the
    servers alternating within each round; each server's wrk runs by name. Stops the servers."""
    load = dict(threads=args.wrk_threads, connections=args.connections, seconds=args.seconds)
    runs = {name: [] for name in servers}
    try:
        wrk_args = {}
        for name, server in servers.items():
            client = Client(server.port)
            wrk_args[name], _ = scenarios.calls_spread(trees).build(client, prefix)
            client.close()
        for number in range(1, args.rounds + 1):
            log(f"{label}: /calls round {number} of {args.rounds}")
            for name, server in servers.items():
                runs[name].append(wrk.run(server, "/", "calls.lua", wrk_args[name], **load))
    finally:
        for server in servers.values():
            server.stop()
    return runs


def _journal_statistics(log_path):
    """The journal's totals the server logs as it closes its state directory (commits,
    records, WAL frames), or None when it logged none."""
    with open(log_path, errors="replace") as f:
        for line in f:
            if "state directory closed" in line:
                return line.strip()
    return None


def _restore(binary, command, results_dir, work, name, trees, per_tree):
    """Builds `trees` trees of `per_tree` controllers on a service with a state directory,
    stops it (SIGTERM) and times the next start until `/readyz` answers 200."""
    state = os.path.join(work, name)
    server = _start(binary, command, results_dir, f"service-restore-{name}", ["--state-dir", state])
    client = Client(server.port)
    built = time.time()
    try:
        for index in range(trees):
            fixtures.create_tree(client, f"{name}-{index}", filler=per_tree - 1)
    finally:
        client.close()
        server.stop()
    build_seconds = time.time() - built
    log_path = os.path.join(results_dir, f"service-restored-{name}.log")
    started = time.time()
    restarted = _start(binary, command, results_dir, f"service-restored-{name}", ["--state-dir", state])
    ready_seconds = time.time() - started
    rss_kib = restarted.rss_kib()
    restarted.stop()
    with open(log_path) as f:
        match = RESTORED.search(f.read())
    return {
        "trees": trees, "controllers": trees * per_tree, "build_seconds": build_seconds,
        "ready_seconds": ready_seconds, "restore_seconds": float(match.group(1)) if match else None,
        "database_bytes": _size(state), "rss_kib": rss_kib,
    }


def _start(binary, command, results_dir, name, extra):
    port = processes.free_port()
    # A restore that misses its 10 s target is still measured, up to two minutes.
    return processes.Server(name, command(binary, port) + extra, port, ready_path="/readyz",
                            log_path=os.path.join(results_dir, f"{name}.log"), ready_timeout=120)


def _size(directory):
    return sum(os.path.getsize(os.path.join(directory, f)) for f in os.listdir(directory))


def lines(figures):
    """The report's section, and the failures to report (steps that could not be measured;
    a missed target is a verdict, not a failure)."""
    out = ["## Persistence (`--state-dir`)", ""]
    failures = []
    if not figures:
        return out + ["- not measured in this run (`--skip-persistence`)", ""], failures
    if "error" in figures:
        return out + [f"- failed: {figures['error']}", ""], [f"persistence: {figures['error']}"]
    calls = figures["calls"]
    off = statistics.median(run["rps"] for run in calls["off"])
    on = statistics.median(run["rps"] for run in calls["on"])
    ratio = calls["ratio"]
    verdict = "met" if ratio is not None and ratio >= 0.5 else "NOT met"
    out += [
        f"- `/calls` add+remove over {calls['trees']} trees, same rounds: persistence off "
        f"{off:,.0f} req/s, on {on:,.0f} req/s (`--state-sync normal`, the default): ratio "
        f"{ratio:.3f} (target ≥ 0.5: {verdict}).",
    ]
    if calls.get("full"):
        full = statistics.median(run["rps"] for run in calls["full"])
        out.append(f"- the same with `--state-sync full` (an fsync per group commit): {full:,.0f} req/s, "
                   f"ratio {calls['ratio_full']:.2f}.")
    for key in ("restore_trees", "restore_controllers"):
        r = figures[key]
        full_size = r["trees"] >= 1_000 or r["controllers"] >= 1_000_000
        met = ("met" if r["ready_seconds"] <= 10 else "NOT met") if full_size else "quick size, no verdict"
        restore = f"{r['restore_seconds']:.2f} s restoring" if r["restore_seconds"] is not None else "restore time not logged"
        out.append(
            f"- restore of {r['trees']:,} trees, {r['controllers']:,} controllers "
            f"({r['database_bytes'] / 1e6:.1f} MB of state): start to ready {r['ready_seconds']:.2f} s "
            f"({restore}), RSS after {r['rss_kib'] / 1024:.0f} MiB (target ≤ 10 s: {met}).")
    return out + [""], failures
