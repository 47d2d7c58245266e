"""BENCHMARKS.md and the SVG, from the raw runs."""

import os
import statistics

import persistence
import shared_store
import plot

BENCHMARKS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SVG_NAME = "throughput-vs-tree-size.svg"
NOTES = os.path.join(BENCHMARKS, "notes.md")          # hand-written findings, embedded as-is
ENGINE = os.path.join(BENCHMARKS, "engine", "results.md")  # engine microbenchmark results


def _median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def _baselines(hello_runs):
    """Round → the hello-world's figures in that round, averaged over its runs."""
    by_round = {}
    for run in hello_runs:
        if "error" not in run:
            by_round.setdefault(run["round"], []).append(run)
    return {number: {figure: _mean([r.get(figure) for r in runs]) for figure in FIGURES}
            for number, runs in by_round.items()}


def _mean(values):
    values = [v for v in values if v is not None]
    return statistics.mean(values) if values else None


FIGURES = ("rps", "p50_us", "p99_us", "cpu_us_per_request", "client_cpu_us_per_request")


def summarize(raw, chosen):
    """Per scenario: medians over rounds of the figures and of the per-round ratios to the
    hello-world's GET of the same round (the mean of its runs at the round's start and end,
    where a run has both)."""
    hello = _baselines([r for r in raw["runs"] if r["server"] == "hello-mhd"])
    rows = []
    peers = sorted({r["server"] for r in raw["runs"] if r["scenario"] == "hello"},
                   key=lambda s: s != "hello-mhd")
    keys = [("hello", peer, f"{peer} hello-world, GET /") for peer in peers]
    keys += [(s.key, "containment", s.title) for s in chosen]
    for key, server, title in keys:
        runs = [r for r in raw["runs"] if r["server"] == server and
                (r["scenario"] == key or (key == "hello" and r["scenario"] == "hello-end"))]
        good = [r for r in runs if "error" not in r]
        row = {"key": key, "server": server, "title": title, "rounds": len(good),
               "errors": [r["error"] for r in runs if "error" in r]}
        if good:
            for figure in FIGURES:
                row[figure] = _median([r.get(figure) for r in good])
                row[figure + "_ratio"] = _median(
                    [r[figure] / hello[r["round"]][figure] for r in good
                     if r.get(figure) is not None and r["round"] in hello and hello[r["round"]][figure]])
            row["failed"] = sum(r["failed"] for r in good)
            row["requests"] = sum(r["requests"] for r in good)
            row["socket_errors"] = sum(sum(r["errors"][k] for k in ("connect", "read", "write", "timeout"))
                                       for r in good)
        rows.append(row)
    return rows


def _row(rows, key, server="containment"):
    return next((r for r in rows if r["key"] == key and r["server"] == server and "rps" in r), None)


def _ms(us):
    return "–" if us is None else f"{us / 1000:.2f}"


def _x(ratio):
    return "–" if ratio is None else f"{ratio:.2f}×"


def targets(raw, rows, quick):
    """(target, measured, verdict) for each performance target: request throughput against the
    hello-world, cost on big trees, memory per controller and idle, and event streams (memory
    per subscriber, mutation latency with subscribers)."""
    out = []

    def ratio_target(label, key, minimum):
        row = _row(rows, key)
        if row is None or row.get("rps_ratio") is None:
            out.append((label, "not measured", "not measured"))
        else:
            met = row["rps_ratio"] >= minimum
            cpu = row.get("cpu_us_per_request_ratio")
            measured = f"{row['rps_ratio']:.2f}× ({row['rps']:,.0f} req/s" + (
                f"; CPU per request {cpu:.1f}× the hello-world's)" if cpu else ")")
            out.append((label, measured, "met" if met else "**missed**"))

    ratio_target("`GET /healthz` ≥ 1.0× hello-world req/s", "healthz", 1.0)
    spread = next((r["key"] for r in rows if r["key"].startswith("calls-") and r["key"].endswith("-trees")
                   and not r["key"].startswith("calls-numbers-")), None)
    ratio_target("add+remove `/calls` cycle (spread over trees) ≥ 0.6×", spread, 0.6)
    ratio_target("add+remove `/calls` cycle (one hot tree) ≥ 0.6×", "calls-hot-100", 0.6)
    ratio_target("`GET` of a 100-controller tree ≥ 0.6× (identity: no `Accept-Encoding`)", "get-tree-100", 0.6)
    ratio_target("`GET` of a 100-controller tree ≥ 0.6×, `Accept-Encoding: gzip`", "get-tree-100-gzip", 0.6)
    transition = next((r["key"] for r in rows if r["key"].startswith("transition-")), None)
    ratio_target("transition recipe (duration 0, spread over trees) ≥ 0.4×", transition, 0.4)
    out.append(numbers_target(raw, rows))
    big_key = "calls-hot-1000" if quick else "calls-hot-100000"
    small, big = _row(rows, "calls-hot-100"), _row(rows, big_key)
    big_label = "1,000 (quick mode)" if quick else "100k"
    if small and big and big["rps"]:
        slowdown = small["rps"] / big["rps"]
        latency = big["p50_us"] / small["p50_us"] if small["p50_us"] else None
        out.append((f"add/remove on a {big_label}-controller tree within 1.5× of a 100-controller tree",
                    f"{big['rps']:,.0f} vs {small['rps']:,.0f} req/s: 100-tree ÷ big-tree req/s = {slowdown:.2f}, "
                    f"p50 big ÷ 100 = {latency:.2f}, CPU per request big ÷ 100 = "
                    f"{big['cpu_us_per_request'] / small['cpu_us_per_request']:.2f}",
                    "met" if slowdown <= 1.5 else "**missed**"))
    else:
        out.append((f"add/remove on a {big_label}-controller tree within 1.5× of a 100-controller tree",
                    "not measured", "not measured"))
    mem = raw.get("memory", {})
    controllers = mem.get("controllers", {})
    if "bytes_per_controller" in controllers:
        out.append((f"≤ 1 KiB RSS per controller ({controllers['controllers']:,} controllers, views loaded)",
                    f"{controllers['bytes_per_controller']:,.0f} B",
                    "met" if controllers["bytes_per_controller"] <= 1024 else "**missed**"))
    else:
        out.append(("≤ 1 KiB RSS per controller", controllers.get("error", "not measured"), "not measured"))
    idle = mem.get("idle", {})
    if "rss_kib" in idle:
        mb = idle["rss_kib"] * 1024 / 1e6
        out.append(("idle RSS ≤ 15 MB", f"{mb:.1f} MB", "met" if mb <= 15 else "**missed**"))
    else:
        out.append(("idle RSS ≤ 15 MB", idle.get("error", "not measured"), "not measured"))
    sse = mem.get("sse", {})
    if sse.get("subscribers_streaming"):
        n = sse["subscribers_requested"]
        per = sse["bytes_per_subscriber"]
        out.append((f"≤ 20 KB RSS per SSE subscriber at {n:,} subscribers",
                    f"{per / 1000:,.1f} KB ({sse['subscribers_streaming']:,} streaming, "
                    f"every event delivered: {'yes' if sse['every_event_delivered'] else 'no'})",
                    "met" if per <= 20_000 and sse["subscribers_streaming"] == n
                    and sse["every_event_delivered"] else "**missed**"))
        for mode, latency in sse.get("mutation_latency", {}).items():
            out.append((f"mutation latency with {n:,} subscribers ≤ 2× without, {mode}",
                        f"p50 {latency['ratio_p50']:.2f}× ({latency['p50_ms_subscribed']} vs "
                        f"{latency['p50_ms_quiet']} ms), p99 {latency['ratio_p99']:.2f}× "
                        f"({latency['p99_ms_subscribed']} vs {latency['p99_ms_quiet']} ms), "
                        f"{latency['samples']} samples each",
                        ("met" if latency["ratio_p99"] <= 2 else "p50 met, **p99 missed**")
                        if latency["ratio_p50"] <= 2 else "**missed**"))
    else:
        out.append(("≤ 20 KB RSS per SSE subscriber", sse.get("error", "not measured"), "not measured"))
    for run in mem.get("stalled", []):
        label = f"delivery p99 ≤ 100 ms to a reading stream client with {run['stalled']:,} stalled ones, 200 mutations/s"
        if run.get("delivery_p99_ms") is None:
            out.append((label, run.get("error", "not measured"), "not measured"))
            continue
        out.append((label,
                    f"p99 {run['delivery_p99_ms']} ms (p50 {run['delivery_p50_ms']}, max {run['delivery_max_ms']}; "
                    f"{run['missing_at_reader']} missing); mutations p99 {run['mutation_p99_ms']} ms at {run['rate']}/s",
                    "met" if run["delivery_p99_ms"] <= 100 and run["missing_at_reader"] == 0 else "**missed**"))
    return out


NUMBERS_MINIMUM = 0.95  # "as fast as": within the rounds' noise of the same batch without numbers


def numbers_target(raw, rows):
    """A `/calls` batch whose calls carry numbers against the same batch without: the median
    over rounds of the two scenarios' req/s ratio (and CPU per request), each round's pair
    measured minutes apart at most."""
    label = f"`/calls` batch with numbers ≥ {NUMBERS_MINIMUM}× the same batch without (req/s)"
    numbers = next((r["key"] for r in rows if r["key"].startswith("calls-numbers-")), None)
    plain = numbers and "calls-" + numbers[len("calls-numbers-"):]
    by_round = {}
    for run in raw["runs"]:
        if run["server"] == "containment" and run["scenario"] in (numbers, plain) and "error" not in run:
            by_round.setdefault(run["round"], {})[run["scenario"]] = run
    pairs = [r for r in by_round.values() if numbers in r and plain in r]
    if not pairs:
        return (label, "not measured", "not measured")
    speed = _median([r[numbers]["rps"] / r[plain]["rps"] for r in pairs])
    cpu = _median([r[numbers]["cpu_us_per_request"] / r[plain]["cpu_us_per_request"] for r in pairs])
    return (label, f"{speed:.2f}× ({len(pairs)} round(s); CPU per request {cpu:.2f}× the plain batch's)",
            "met" if speed >= NUMBERS_MINIMUM else "**missed**")


def _svg(rows, chosen):
    """Requests/s against tree size, one line per scenario series (see `Scenario.series`)."""
    plotted = {s.key: s for s in chosen if s.series}
    series = {}
    for row in rows:
        scenario = plotted.get(row["key"])
        if scenario and "rps" in row and row["server"] == "containment":
            series.setdefault(scenario.series, []).append((scenario.tree_size, row["rps"]))
    hello = _row(rows, "hello", "hello-mhd")
    return plot.throughput_svg(series, ("hello-world GET", hello["rps"]) if hello else None)


def _include(path, heading):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [f"## {heading}", "", f.read().strip(), ""]


def write(raw, chosen, out_dir, svg_dir):
    """Writes BENCHMARKS.md and the SVG; returns the list of failures (runs or steps that
    could not be measured because something broke)."""
    rows = summarize(raw, chosen)
    quick = raw["quick"]
    m = raw["machine"]
    svg = _svg(rows, chosen)
    svg_path = os.path.join(svg_dir, SVG_NAME)
    if svg:
        with open(svg_path, "w") as f:
            f.write(svg)
    lines = [
        "# Benchmarks" + (" (quick smoke run — not representative)" if quick else ""),
        "",
        f"Generated by `benchmarks/run{' --quick' if quick else ''}` on {m['date']}; "
        "regenerate with `benchmarks/run` (do not edit by hand; findings go in `benchmarks/notes.md`).",
        "",
        "## Machine",
        "",
        f"- CPU: {m['cpu']}, `nproc` = {m['nproc']}; memory {m['memory']}; Linux {m['kernel']}",
        f"- {m['swift']}; {m['wrk']}; libmicrohttpd {m['libmicrohttpd']}",
        f"- load average at start: {m['loadavg_at_start']} (a shared machine: other builds may run "
        "alongside, which is why everything is a ratio to a hello-world measured in the same round)",
        "",
        "## Method",
        "",
        f"- {raw['rounds']} round(s), interleaved: each round runs wrk against the raw libmicrohttpd "
        "hello-world (`benchmarks/hello-mhd/hello.c`, gcc -O2, internal polling thread pool with "
        f"epoll, {raw['server_threads']} threads), then every scenario against the service "
        f"(release build, {raw['server_threads']} libmicrohttpd threads), then the hello-world "
        "again. Figures are medians over rounds; each ratio is the median of the per-round ratios "
        "to that round's hello-world `GET` (the mean of its two runs, which bracket the round: the "
        "host's load drifts over a round's minutes).",
        f"- wrk: {raw['wrk_threads']} threads, {raw['connections']} connections, {raw['seconds']} s "
        "per run, Lua scripts in `benchmarks/wrk/`; each script's `done()` prints one JSON line that "
        "the runner parses. The scripts keep wrk's own work per request as small as for the "
        "hello-world (wrk shares the two cores with the server): requests are built once, not per "
        "request, and no Lua `response` callback copies every body into Lua. `failed` counts what "
        "wrk itself counts: responses with status ≥ 400, and socket errors — never hidden. "
        "`wrk CPU µs/req` is wrk's own user+system CPU per request.",
        "- Mutating scripts pair an add with its remove on the same child `trees × slots` requests "
        "later on the same wrk thread, and threads use disjoint children, so concurrent connections "
        "do not collide. Mutation scenarios get fresh trees each round (deleted afterwards); `GET` "
        "and one-tree trees are built once (the add+remove batch leaves them as it found them).",
        "- Trees are built through the API on screen: every controller's view is loaded. Big trees "
        "are grown in groups of 5,000 (a detached subtree added under root), so they are two levels deep.",
        "- Memory: each measurement on a fresh service process, RSS from `/proc/PID/status` "
        "(VmRSS) one second after the work; per-item figures are (after − before) / items.",
        "- `req/s ×` is ours ÷ hello-world (higher is better); `p50 ×`, `p99 ×` are ours ÷ "
        "hello-world latency (lower is better).",
        "- `CPU µs/req`: the server process's user+system CPU time (`/proc/PID/stat`) during the run "
        "÷ requests served; `CPU ×` is ours ÷ hello-world. On a machine shared with other work this is "
        "steadier than req/s, which also depends on how much CPU the server got.",
        "",
        "## Throughput and latency",
        "",
        "| scenario | req/s | p50 ms | p99 ms | req/s × | p50 × | p99 × | CPU µs/req | CPU × | wrk CPU µs/req | requests | failed |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    failures = []
    for row in rows:
        if "rps" not in row:
            lines.append(f"| {row['title']} | failed: {'; '.join(row['errors'])[:200]} | | | | | | | | | | |")
            failures.append(f"{row['key']}: {row['errors']}")
            continue
        failed = f"{row['failed']:,}"
        if row["socket_errors"]:
            failed += f"; socket errors {row['socket_errors']:,}"
        lines.append(
            f"| {row['title']} | {row['rps']:,.0f} | {_ms(row['p50_us'])} | {_ms(row['p99_us'])} | "
            f"{_x(row['rps_ratio'])} | {_x(row['p50_us_ratio'])} | {_x(row['p99_us_ratio'])} | "
            f"{row['cpu_us_per_request']:.0f} | {_x(row['cpu_us_per_request_ratio'])} | "
            f"{row['client_cpu_us_per_request']:.0f} | {row['requests']:,} | {failed} |")
        if row["errors"]:
            failures.append(f"{row['key']}: {row['errors']}")
    lines += ["", f"![throughput against tree size]({os.path.relpath(svg_path, out_dir)})", ""]
    hb, hello = _row(rows, "hello", "hummingbird"), _row(rows, "hello", "hello-mhd")
    if hb and hello:
        healthz = _row(rows, "healthz")
        lines += ["## Hummingbird 2 (for the record)", "",
                  f"Hummingbird 2.28.1 hello-world `GET /` (release build, `benchmarks/hummingbird/`): "
                  f"{hb['rps']:,.0f} req/s = {hb['rps_ratio']:.2f}× the libmicrohttpd hello-world; "
                  + (f"our `GET /healthz` is {healthz['rps'] / hb['rps']:.2f}× Hummingbird's hello-world."
                     if healthz else ""), ""]
    lines += ["## Targets", "", "| target | measured | verdict |", "| --- | --- | --- |"]
    lines += [f"| {t} | {v} | {verdict} |" for t, v, verdict in targets(raw, rows, quick)]
    lines += ["", "## Memory", ""]
    mem = raw.get("memory", {})
    for key, label in (("idle", "idle"), ("controllers", "controllers"), ("sse", "SSE subscribers")):
        if key in mem and isinstance(mem[key], dict):
            detail = ", ".join(f"{k}: {v}" for k, v in mem[key].items())
            lines.append(f"- {label}: {detail}")
            if "error" in mem[key]:
                failures.append(f"memory {key}: {mem[key]['error']}")
    if not mem:
        lines.append("- not measured in this run (`--skip-memory`)")
    if raw.get("sse_binary"):
        lines.append(f"- SSE measured with another build, `{raw['sse_binary']}` (see the findings below), "
                     "not with the service binary above")
    if raw.get("service_exit_code") not in (0, None):
        lines.append(f"- note: the service exited with code {raw['service_exit_code']} on SIGTERM")
    lines.append("")
    section, missed = persistence.lines(raw.get("persistence"))
    lines += section
    failures += missed
    section, missed = shared_store.lines(raw.get("shared_store"))
    lines += section
    failures += missed
    lines += _include(ENGINE, "Engine microbenchmarks (ordo-one/benchmark, `benchmarks/engine/`)")
    lines += _include(NOTES, "Findings and profiles")
    with open(os.path.join(out_dir, "BENCHMARKS.md"), "w") as f:
        f.write("\n".join(lines).rstrip() + "\n")
    return failures
