"""`--profile KEY`: samples the service with perf (cpu-clock; this machine has no hardware
counters) while wrk runs one scenario, and keeps the top symbols, demangled."""

import os
import signal
import subprocess

import wrk
from processes import log


def profile(service, scenario, wrk_args, load, out_dir):
    data = os.path.join(out_dir, f"perf-{scenario.key}.data")
    report = os.path.join(out_dir, f"perf-{scenario.key}.txt")
    recorder = subprocess.Popen(
        ["perf", "record", "-q", "-e", "cpu-clock", "-F", "999", "-g", "-p", str(service.process.pid), "-o", data],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        figures = wrk.run(service, scenario.path, scenario.script, wrk_args, **load)
    finally:
        recorder.send_signal(signal.SIGINT)
        recorder.wait(timeout=60)
    flat = subprocess.run(
        ["perf", "report", "-i", data, "--stdio", "--no-children", "--sort", "symbol", "-g", "none",
         "--percent-limit", "0.7"],
        capture_output=True, text=True,
    ).stdout
    inclusive = subprocess.run(
        ["perf", "report", "-i", data, "--stdio", "--children", "--sort", "symbol", "-g", "none",
         "--percent-limit", "3"],
        capture_output=True, text=True,
    ).stdout
    demangled = subprocess.run(["swift", "demangle", "--simplified"],
                               input="== self time ==\n" + flat + "\n== inclusive (with children) ==\n" + inclusive,
                               capture_output=True, text=True).stdout or flat
    with open(report, "w") as f:
        f.write(f"# perf (cpu-clock, 999 Hz) of the service during `{scenario.title}`: "
                f"{figures['rps']:.0f} req/s\n")
        f.write("\n".join(line for line in demangled.splitlines() if line and not line.startswith("#")))
        f.write("\n")
    log(f"  profile written to {report}")
    return report
