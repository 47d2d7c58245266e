"""benchmarks/run: throughput, latency, scale and memory of the service, as ratios to a raw
libmicrohttpd hello-world measured in the same run, round by round."""

import argparse
import json
import os
import sys
import traceback

import engine
import fixtures
import instructions
import machine
import memory
import perf_profile
import persistence
import processes
import report
import scenarios
import stalled
import shared_store
import wrk
from client import Client
from processes import log

BENCHMARKS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(BENCHMARKS)
SERVER_THREADS = 2  # libmicrohttpd pool size, the same for the service and the hello-world
ENGINE_NOTE = (
    "Nothing cut: sizes 1e2…1e6 and depths 1…1e5 all run. The 1e6 fixtures take about a minute "
    "each to build, outside the measurement."
)
MAX_CONTROLLERS = 100_000  # per tree: the 100k scale tree; 1M controllers are spread over 10 trees


def parse_arguments():
    parser = argparse.ArgumentParser(prog="benchmarks/run", description=__doc__)
    parser.add_argument("--quick", action="store_true",
                        help="smoke mode: 1 round, 1 s runs, small sizes; writes benchmarks/results/")
    parser.add_argument("--rounds", type=int, help="interleaved rounds (default 3, quick 1)")
    parser.add_argument("--seconds", type=int, help="seconds per wrk run (default 10, quick 1)")
    parser.add_argument("--connections", type=int, default=32, help="wrk connections (default 32)")
    parser.add_argument("--wrk-threads", type=int, default=scenarios.THREADS, help=argparse.SUPPRESS)
    parser.add_argument("--binary", help="use this service binary instead of building it")
    parser.add_argument("--hummingbird", action="store_true",
                        help="also build and run the Hummingbird 2 hello-world (takes minutes to build)")
    parser.add_argument("--profile", action="append", default=[], metavar="KEY",
                        help="after the rounds, run scenario KEY once more under perf and keep its "
                        "top symbols in benchmarks/results/perf-KEY.txt (repeatable)")
    parser.add_argument("--engine", action="store_true",
                        help="run only the engine microbenchmarks (benchmarks/engine/, ordo-one/benchmark) "
                        "and write benchmarks/engine/results.md, which BENCHMARKS.md embeds")
    parser.add_argument("--instructions", action="store_true",
                        help="only count instructions per request with callgrind (one server thread, "
                        "requests one after another): steady where req/s are not; writes "
                        "benchmarks/results/instructions.json")
    parser.add_argument("--sse-binary", metavar="PATH",
                        help="measure SSE subscribers with this service binary (e.g. a branch whose "
                        "streams have not been merged yet); the report names it")
    parser.add_argument("--report-from", metavar="JSON",
                        help="only rewrite the report from a previous run's raw figures "
                        "(benchmarks/results/full.json or quick.json)")
    parser.add_argument("--only", action="append", default=[], metavar="KEY",
                        help="run only scenario KEY (repeatable; a trailing * matches a prefix, e.g. "
                        "'calls-*'); targets whose scenario did not run say 'not measured'")
    parser.add_argument("--skip-memory", action="store_true", help="skip the memory measurements")
    parser.add_argument("--skip-persistence", action="store_true",
                        help="skip the persistence measurements (/calls with --state-dir on and off, restore times)")
    parser.add_argument("--persistence-ratio", action="store_true",
                        help="only measure /calls over 64 trees with the state directory off and on "
                        "(--state-sync normal), alternating in each of ROUNDS rounds of SECONDS: logs the "
                        "median on/off ratio and server CPU per request; writes "
                        "benchmarks/results/persistence-ratio.json")
    parser.add_argument("--stalled-readers", action="store_true",
                        help="only measure delivery to a reading SSE client while 1,000 and 10,000 others "
                        "never read (200 in quick mode), at 200 mutations/s; writes "
                        "benchmarks/results/stalled-readers.json")
    parser.add_argument("--skip-shared-store", action="store_true",
                        help="skip the shared store's measurements (instances sharing PostgreSQL: /calls with "
                        "--state-url and without, first load of a tree, the lease bound)")
    parser.add_argument("--shared-store", action="store_true",
                        help="only the shared store's measurements (starts a throwaway PostgreSQL 15); writes "
                        "benchmarks/results/shared-store.json")
    parser.add_argument("--output", help="folder for BENCHMARKS.md and the SVG "
                        "(default: the repository root and benchmarks/, quick: benchmarks/results/)")
    args = parser.parse_args()
    args.rounds = args.rounds or (1 if args.quick else 3)
    args.seconds = args.seconds or (1 if args.quick else 10)
    return args


def service_command(binary, port):
    return [binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--threads", str(SERVER_THREADS),
            "--max-controllers", str(MAX_CONTROLLERS)]


def start_service(binary, results_dir, name="service"):
    port = processes.free_port()
    return processes.Server(name, service_command(binary, port), port, ready_path="/healthz",
                            log_path=os.path.join(results_dir, f"{name}.log"))


def prepare(scenario, client, tag):
    """(wrk script args, trees to delete after the run) for one run of `scenario`."""
    if isinstance(scenario.built, Exception):
        raise scenario.built
    if scenario.built:
        return scenario.built
    if scenario.build:
        return scenario.build(client, tag)
    return (), []


def measure_rounds(args, binaries, results_dir):
    """Round by round: the hello-world's GET, then (optionally) Hummingbird's, then every
    scenario of ours. Returns the list of runs."""
    hello_port = processes.free_port()
    hello = processes.Server("hello-mhd", [binaries["hello"], str(hello_port)], hello_port)  # pool of 2, fixed in hello.c
    peers = {"hello-mhd": hello}
    if "hummingbird" in binaries:
        hb_port = processes.free_port()
        peers["hummingbird"] = processes.Server(
            "hummingbird", [binaries["hummingbird"], str(hb_port)], hb_port)
    service = start_service(binaries["service"], results_dir)
    client = Client(service.port)
    every = scenarios.quick() if args.quick else scenarios.full()
    chosen = scenarios.select(every, args.only)
    runs = []
    load = dict(threads=args.wrk_threads, connections=args.connections, seconds=args.seconds)
    try:
        for scenario in chosen:
            if scenario.reuse:
                log(f"building trees for {scenario.key}")
                try:
                    scenario.built = scenario.build(client, "keep")
                except Exception as error:  # reported by every round of this scenario
                    log(f"  building {scenario.key} failed: {error}")
                    scenario.built = error
        log("warm-up (discarded)")
        for peer in list(peers.values()) + [service]:
            wrk.run(peer, "/healthz" if peer is service else "/", "get.lua",
                    **dict(load, seconds=1))
        for number in range(1, args.rounds + 1):
            log(f"round {number} of {args.rounds}")
            figures = wrk.run(peers["hello-mhd"], "/", "get.lua", **load)
            runs.append({"round": number, "server": "hello-mhd", "scenario": "hello", **figures})
            for scenario in chosen:
                run = {"round": number, "server": "containment", "scenario": scenario.key}
                try:
                    wrk_args, cleanup = prepare(scenario, client, f"r{number}")
                    run.update(wrk.run(service, scenario.path, scenario.script, wrk_args, **load))
                    for tree in cleanup:
                        fixtures.delete_tree(client, tree)
                except Exception as error:  # recorded in the report, never hidden
                    log(f"  {scenario.key} failed: {error}")
                    run["error"] = str(error)
                runs.append(run)
            # The baseline again at the round's end: the host's load drifts over a round's
            # minutes, and each ratio is taken to the mean of the two (report.summarize).
            figures = wrk.run(peers["hello-mhd"], "/", "get.lua", **load)
            runs.append({"round": number, "server": "hello-mhd", "scenario": "hello-end", **figures})
            for name, peer in peers.items():
                if name != "hello-mhd":
                    figures = wrk.run(peer, "/", "get.lua", **load)
                    runs.append({"round": number, "server": name, "scenario": "hello", **figures})
        for key in args.profile:
            scenario = next(s for s in every if s.key == key)
            wrk_args, cleanup = prepare(scenario, client, "profile")
            perf_profile.profile(service, scenario, wrk_args, load, results_dir)
            for tree in cleanup:
                fixtures.delete_tree(client, tree)
    finally:
        client.close()
        exit_code = service.stop()
        for peer in peers.values():
            peer.stop()
    log(f"service exited with {exit_code} on SIGTERM")
    return chosen, runs, exit_code


def measure_memory(args, binary, results_dir):
    out = {}
    binaries = {"sse": args.sse_binary or binary}
    steps = [
        ("idle", lambda s: {"rss_kib": memory.idle_rss(s)}),
        ("controllers", lambda s: memory.rss_per_controller(
            s, total=20_000 if args.quick else 1_000_000, per_tree=10_000 if args.quick else MAX_CONTROLLERS)),
        ("sse", lambda s: memory.rss_per_subscriber(s, count=200 if args.quick else 10_000)),
    ]
    for key, step in steps:
        service = start_service(binaries.get(key, binary), results_dir, name=f"service-{key}")
        try:
            log(f"memory: {key}")
            out[key] = step(service)
        except Exception as error:
            log(f"  memory {key} failed: {error}")
            traceback.print_exc()
            out[key] = {"error": str(error)}
        finally:
            service.stop()
    return out


def measure_stalled(args, binary, results_dir):
    """Delivery to a reading stream client with stalled ones, each count on a fresh service."""
    out = []
    for count in ([200] if args.quick else [1_000, 10_000]):
        service = start_service(binary, results_dir, name=f"service-stalled-{count}")
        try:
            log(f"stalled readers: {count:,}")
            out.append(stalled.delivery(service, count, seconds=3 if args.quick else 10))
        except Exception as error:  # recorded in the report, never hidden
            log(f"  stalled readers {count} failed: {error}")
            traceback.print_exc()
            out.append({"stalled": count, "error": str(error)})
        finally:
            service.stop()
    return out


def measured(label, measure, args, binary, results_dir):
    """`measure`'s figures, or the error it raised (recorded in the report, never hidden)."""
    try:
        return measure(args, binary, service_command, results_dir)
    except Exception as error:
        log(f"  {label} failed: {error}")
        traceback.print_exc()
        return {"error": str(error)}


def measure_persistence(args, binary, results_dir):
    return measured("persistence", persistence.measure, args, binary, results_dir)


def measure_shared_store(args, binary, results_dir):
    return measured("shared store", shared_store.measure, args, binary, results_dir)


def main():
    args = parse_arguments()
    processes.raise_fd_limit()
    results_dir = os.path.join(BENCHMARKS, "results")
    os.makedirs(results_dir, exist_ok=True)
    if args.report_from:
        with open(args.report_from) as f:
            raw = json.load(f)
        chosen = scenarios.select(scenarios.quick() if raw["quick"] else scenarios.full(), raw.get("only", []))
        out_dir, svg_dir = (results_dir, results_dir) if raw["quick"] else (REPO, BENCHMARKS)
        if args.output:
            os.makedirs(args.output, exist_ok=True)
        report.write(raw, chosen, args.output or out_dir, args.output or svg_dir)
        return 0
    facts = machine.describe()
    if args.engine:
        path = os.path.join(results_dir, "engine-results.md") if args.quick else report.ENGINE
        engine.run(args.quick, path, ENGINE_NOTE)
        return 0
    if args.instructions:
        instructions.count(args.binary or processes.build_service(REPO), results_dir)
        return 0
    if args.stalled_readers:
        figures = measure_stalled(args, args.binary or processes.build_service(REPO), results_dir)
        with open(os.path.join(results_dir, "stalled-readers.json"), "w") as f:
            json.dump({"machine": facts, "stalled": figures}, f, indent=1)
        return 0
    if args.persistence_ratio:
        calls = persistence.ratio_only(args, args.binary or processes.build_service(REPO), service_command, results_dir)
        with open(os.path.join(results_dir, "persistence-ratio.json"), "w") as f:
            json.dump({"machine": facts, "rounds": args.rounds, "seconds": args.seconds, "calls": calls}, f, indent=1)
        return 0
    if args.shared_store:
        figures = measure_shared_store(args, args.binary or processes.build_service(REPO), results_dir)
        with open(os.path.join(results_dir, "shared-store.json"), "w") as f:
            json.dump({"machine": facts, "rounds": args.rounds, "seconds": args.seconds, "shared_store": figures}, f, indent=1)
        for line in shared_store.lines(figures)[0]:
            log(line)
        return 1 if "error" in figures else 0
    binaries = {
        "service": args.binary or processes.build_service(REPO),
        "hello": processes.build_hello_mhd(os.path.join(BENCHMARKS, "hello-mhd", "hello.c"), results_dir),
    }
    if args.hummingbird:
        binaries["hummingbird"] = processes.build_hummingbird(os.path.join(BENCHMARKS, "hummingbird", "hello"))
    chosen, runs, exit_code = measure_rounds(args, binaries, results_dir)
    mem = {} if args.skip_memory else measure_memory(args, binaries["service"], results_dir)
    if not args.skip_memory:
        mem["stalled"] = measure_stalled(args, binaries["service"], results_dir)
    stored = {} if args.skip_persistence else measure_persistence(args, binaries["service"], results_dir)
    shared = {} if args.skip_shared_store else measure_shared_store(args, binaries["service"], results_dir)
    raw = {"machine": facts, "quick": args.quick, "rounds": args.rounds, "seconds": args.seconds,
           "connections": args.connections, "wrk_threads": args.wrk_threads, "persistence": stored, "shared_store": shared,
           "server_threads": SERVER_THREADS, "only": args.only, "runs": runs, "memory": mem,
           "service_exit_code": exit_code, "sse_binary": args.sse_binary}
    with open(os.path.join(results_dir, "quick.json" if args.quick else "full.json"), "w") as f:
        json.dump(raw, f, indent=1)
    if args.output:
        out_dir = svg_dir = args.output
    elif args.quick:
        out_dir = svg_dir = results_dir
    else:
        out_dir, svg_dir = REPO, BENCHMARKS
    os.makedirs(out_dir, exist_ok=True)
    failures = report.write(raw, chosen, out_dir, svg_dir)
    log(f"wrote {os.path.join(out_dir, 'BENCHMARKS.md')}")
    if failures:
        log("failed: " + "; ".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
