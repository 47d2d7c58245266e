"""What the numbers were measured on."""

import os
import platform
import subprocess
import time


def _command(args):
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=30)
        return (done.stdout or done.stderr).strip().splitlines()[0]
    except (OSError, subprocess.SubprocessError, IndexError):
        return "unknown"


def _cpu_model():
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown"


def _memory():
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                return f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    return "unknown"


def describe():
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    return {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "nproc": _command(["nproc"]),
        "cpu": _cpu_model(),
        "memory": _memory(),
        "kernel": platform.release(),
        "swift": _command(["swift", "--version"]),
        "wrk": _command(["wrk", "-v"]).split(" [")[0],
        "libmicrohttpd": _command(["pkg-config", "--modversion", "libmicrohttpd"]),
        "loadavg_at_start": load,
        "pid": os.getpid(),
    }
