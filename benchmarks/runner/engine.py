"""`--engine`: runs the ordo-one/benchmark engine microbenchmarks (benchmarks/engine/) and
condenses their markdown output into benchmarks/engine/results.md (p50 per benchmark), which
BENCHMARKS.md embeds."""

import os
import re
import subprocess
import time

from processes import log

ENGINE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "engine")
# Whole-name regular expressions (the benchmark tool anchors --filter).
FULL_FILTER = ".*"
QUICK_FILTER = ".*, 100 controllers|add.remove child at depth (1|10)"


def parse(markdown):
    """{benchmark: {metric: p50}} from `--format markdown` output."""
    results, current = {}, None
    for line in markdown.splitlines():
        heading = re.match(r"^### (.+)$", line)
        if heading:
            current = heading.group(1).strip()
            results[current] = {}
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if current and len(cells) == 9 and cells[0] not in ("Metric",) and not cells[0].startswith(":--"):
            results[current][cells[0]] = cells[3]  # p50
    return results


def _metric(values, prefix):
    """The p50 of the first metric named `prefix…`, with the table's scale (K, M) kept."""
    for name, value in values.items():
        if name.startswith(prefix):
            scale = re.search(r"\((K|M|G)\)", name)
            return value + (scale.group(1) if scale else "")
    return "–"


def write(path, results, filter_expression, seconds, note):
    lines = [
        f"Run with `benchmarks/run --engine` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} "
        f"({seconds:.0f} s; filter `{filter_expression}`). Median (p50) of the samples; each sample is "
        "one operation on a visible tree whose views are all loaded (trees of N controllers are root "
        "with groups of 1,000; the chain for depth d is d controllers deep). Times in µs, mallocs per "
        "operation (the add benchmark's sample is the add alone, the remove's the remove alone, a "
        "transition's one transition). Snapshot encoding is Foundation's JSONEncoder over "
        "`TreeSnapshot`, the Codable path users of the `Containment` library take; the service "
        "writes the same bytes with its own `JSONWriter` (once per tree version, cached).",
        "",
        "| benchmark | p50 time (µs) | p50 mallocs | p50 MB/s |",
        "| --- | ---: | ---: | ---: |",
    ]
    for name, values in results.items():
        lines.append(f"| {name} | {_metric(values, 'Time (wall clock)')} | {_metric(values, 'Malloc (total)')} | "
                     f"{_metric(values, 'MB/s')} |")
    if note:
        lines += ["", note]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def run(quick, path, note=""):
    filter_expression = QUICK_FILTER if quick else FULL_FILTER
    log(f"engine microbenchmarks ({filter_expression})")
    started = time.time()
    done = subprocess.run(
        ["swift", "package", "benchmark", "--filter", filter_expression, "--no-progress",
         "--format", "markdown", "--path", "stdout"],
        cwd=ENGINE_DIR, capture_output=True, text=True,
    )
    results = parse(done.stdout)
    if done.returncode != 0 or not results:
        raise RuntimeError(f"engine benchmarks failed ({done.returncode}): {done.stderr[-2000:]}")
    write(path, results, filter_expression, time.time() - started, note)
    log(f"wrote {path}")
    return results
