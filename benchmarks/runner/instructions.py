"""`--instructions`: instructions per request, counted by callgrind, which stay steady on a
shared machine where req/s do not. The service (a stripped copy: valgrind cannot read the
lld-linked binary's debug info) runs under callgrind with one thread; after the fixtures and 50
requests of warm-up the counters are zeroed, `count` requests of one kind are sent one after
another on a keep-alive connection, and the dump is divided by `count`."""

import glob
import json
import os
import shutil
import subprocess
import time

import fixtures
import processes
from client import Client
from processes import log

PLAIN = [
    {"receiver": "root", "method": "addChild", "args": {"child": "w0"}},
    {"receiver": "root.view", "method": "addSubview", "args": {"view": "w0.view"}},
    {"receiver": "w0", "method": "didMove", "args": {"toParent": "root"}},
    {"receiver": "w0", "method": "willMove", "args": {"toParent": None}},
    {"receiver": "w0.view", "method": "removeFromSuperview"},
    {"receiver": "w0", "method": "removeFromParent"},
]
# The batch of `wrk/calls.lua numbers`: the subview inserted at index 0 of root's empty view.
NUMBERS = PLAIN[:1] + [{"receiver": "root.view", "method": "insertSubview", "args": {"view": "w0.view", "at": 0}}] + PLAIN[2:]


def requests(client):
    """Each kind of request, as a function of its sequence number, on a 100-controller tree."""
    def transition(i):
        a, b = ("a0", "b0") if i % 2 == 0 else ("b0", "a0")
        return client.request("POST", "/v1/trees/t/controllers/root/transitions", {"from": a, "to": b, "duration": 0})

    return {
        "healthz": lambda i: client.request("GET", "/healthz"),
        "get-tree-100": lambda i: client.request("GET", "/v1/trees/t"),
        "calls": lambda i: client.request("POST", "/v1/trees/t/calls", {"calls": PLAIN}),
        "calls-numbers": lambda i: client.request("POST", "/v1/trees/t/calls", {"calls": NUMBERS}),
        "transition": transition,
    }


def count(binary, out_dir, count=1000):
    """{kind: instructions per request}; also written to `out_dir`/instructions.json."""
    if not shutil.which("valgrind") or not shutil.which("callgrind_control"):
        raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
    stripped = os.path.join(out_dir, "containment-stripped")
    subprocess.run(["strip", "-o", stripped, binary], check=True)
    port = processes.free_port()
    dumps = os.path.join(out_dir, "callgrind")
    os.makedirs(dumps, exist_ok=True)
    server = processes.Server(
        "service-callgrind",
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={dumps}/cg.%p", stripped, "serve",
         "--host", "127.0.0.1", "--port", str(port), "--threads", "1"],
        port, ready_path="/healthz", log_path=os.path.join(out_dir, "service-callgrind.log"), ready_timeout=300)
    client = Client(port)
    results = {}
    try:
        fixtures.create_tree(client, "t", children=["a0", "b0", "w0"], filler=96)
        fixtures.detach(client, "t", ["b0", "w0"])
        pid = str(server.process.pid)
        for kind, send in requests(client).items():
            for i in range(50):
                send(i)
            subprocess.run(["callgrind_control", "-z", pid], check=True, capture_output=True)
            for i in range(count):
                send(i)
            subprocess.run(["callgrind_control", "-d", kind, pid], check=True, capture_output=True)
            time.sleep(0.5)
            latest = max(glob.glob(f"{dumps}/cg.{pid}.*"), key=os.path.getmtime)
            with open(latest) as f:
                total = next(int(line.split()[1]) for line in f if line.startswith(("summary:", "totals:")))
            results[kind] = round(total / count)
            log(f"  {kind}: {results[kind]:,} instructions per request")
    finally:
        client.close()
        server.stop()
    with open(os.path.join(out_dir, "instructions.json"), "w") as f:
        json.dump(results, f, indent=1)
    return results
