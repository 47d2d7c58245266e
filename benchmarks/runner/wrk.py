"""Runs wrk with one of the Lua scripts and returns the JSON line its done() prints."""

import json
import os
import resource
import subprocess

from processes import log

WRK_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "wrk")


def loadavg():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def run(server, path, script, args=(), threads=2, connections=32, seconds=10):
    """wrk against `server` (a processes.Server); also the server's CPU time per request."""
    url = server.base + path
    command = [
        "wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", "5s",
        "-s", os.path.join(WRK_DIR, script), url,
    ]
    if args:
        command += ["--"] + [str(a) for a in args]
    load_before = loadavg()
    cpu_before = server.cpu_seconds()
    client_before = _children_cpu_seconds()
    completed = subprocess.run(
        command, capture_output=True, text=True, env=dict(os.environ, BENCH_WRK_DIR=WRK_DIR),
        timeout=seconds + 60,
    )
    lines = [line for line in completed.stdout.splitlines() if line.startswith('{"wrk":1')]
    if completed.returncode != 0 or not lines:
        raise RuntimeError(f"wrk failed ({completed.returncode}): {completed.stderr}{completed.stdout}")
    figures = json.loads(lines[-1])
    figures["loadavg"] = load_before
    figures["cpu_us_per_request"] = (server.cpu_seconds() - cpu_before) * 1e6 / max(figures["requests"], 1)
    figures["client_cpu_us_per_request"] = (_children_cpu_seconds() - client_before) * 1e6 / max(figures["requests"], 1)
    log(
        f"  {url} {script} {' '.join(map(str, args))}: {figures['rps']:.0f} req/s, "
        f"p50 {figures['p50_us']} us, p99 {figures['p99_us']} us, failed {figures['failed']}, "
        f"CPU {figures['cpu_us_per_request']:.0f} us/request (wrk {figures['client_cpu_us_per_request']:.0f})"
    )
    return figures


def _children_cpu_seconds():
    """User+system CPU of the runner's finished children (wrk), to show what the client costs."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime
