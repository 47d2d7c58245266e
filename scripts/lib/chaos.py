"""A Jepsen-style run on the shared store: instances on one PostgreSQL, each through its own
fault proxy (scripts/lib/fault_proxy.py), every request to a random instance, faults on a
seeded schedule, every operation recorded to a history (JSON lines), the final journal read
back, then the offline checker (scripts/lib/chaos_check.py) over both.

Run by scripts/chaos, which starts PostgreSQL. Usage:
  chaos.py BINARY PG_PORT PG_DIR WORKDIR [--quick] [--seconds N] [--seed S] [--instances N]
           [--state-sync full|normal]
"""

import argparse
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chaos_check  # noqa: E402
from loopback import exchange, free_port, say, stop_process  # noqa: E402

LEASE_SECONDS = 3.0  # LeaseTiming.standard
POSTGRES_BIN = "/usr/lib/postgresql/15/bin"
FAULT_KINDS = ["kill", "stop", "delay", "hold", "reset", "pg-restart"]
# Drawn from a random stream of their own, so that a seed keeps the schedule of the other kinds.
PARTITION = "partition"
NOT_SENT = (ConnectionRefusedError,)


class History:
    """The JSON lines file every record goes to, in the order written."""

    def __init__(self, path):
        self.file = open(path, "w")
        self.lock = threading.Lock()

    def write(self, record):
        line = json.dumps(record, separators=(",", ":"))
        with self.lock:
            if not self.file.closed:  # a probe's last read may end after the run
                self.file.write(line + "\n")

    def close(self):
        with self.lock:
            self.file.close()


def request(port, method, path, body=None, timeout=15, headers=None):
    """One request on a fresh connection: (status, headers, parsed JSON or None)."""
    return exchange(port, method, path, body, timeout, headers)


def strip(event):
    """An event as compared: everything but the tree's clock time."""
    return {k: v for k, v in event.items() if k not in ("time", "tree")}


class Proxy:
    """One fault_proxy.py process in front of PostgreSQL."""

    def __init__(self, pg_port, work, number):
        self.port = free_port()
        self.log = open(os.path.join(work, f"proxy{number}.log"), "ab")
        self.process = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(__file__), "fault_proxy.py"),
                                         str(self.port), str(pg_port)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True)
        self.lock = threading.Lock()
        self.expect_ok()

    def expect_ok(self):
        line = self.process.stdout.readline()
        if line.strip() != "ok":
            raise SystemExit(f"fault proxy answered {line!r}; see {self.log.name}")

    def command(self, text):
        with self.lock:
            self.process.stdin.write(text + "\n")
            self.process.stdin.flush()
            self.expect_ok()

    def stop(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            self.process.terminate()
            self.process.wait(10)


class Instance:
    """One `containment serve --state-url` process, reaching PostgreSQL through its proxy;
    restarted on the same port."""

    def __init__(self, number, binary, pg_port, work, state_sync):
        self.number = number
        self.binary = binary
        self.port = free_port()
        self.proxy = Proxy(pg_port, work, number)
        self.state_sync = state_sync
        self.log = open(os.path.join(work, f"instance{number}.log"), "ab")
        self.process = None
        self.start()

    def start(self):
        url = f"postgresql://postgres@127.0.0.1:{self.proxy.port}/postgres"
        self.process = subprocess.Popen(
            [self.binary, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--threads", "4",
             "--heartbeat-interval", "1", "--events-retained", "100000", "--state-url", url,
             "--state-sync", self.state_sync],
            stdout=self.log, stderr=self.log)

    def wait_ready(self, limit=60):
        deadline = time.time() + limit
        while time.time() < deadline:
            if self.process.poll() is not None:
                # A port not yet free after a kill: try again.
                time.sleep(0.5)
                self.start()
                continue
            try:
                if request(self.port, "GET", "/readyz", timeout=2)[0] == 200:
                    return True
            except OSError:
                pass
            time.sleep(0.1)
        return False

    def signal(self, number):
        if self.process.poll() is None:
            self.process.send_signal(number)

    def stop(self):
        stop_process(self.process)
        self.proxy.stop()


class Cluster:
    def __init__(self, instances, pg_port, pg_dir):
        self.instances = instances
        self.pg_port = pg_port
        self.pg_dir = pg_dir

    def pick(self, rng):
        return rng.choice(self.instances)

    def owners(self):
        """Tree id → number of the instance holding it (from its name's port), or {} when the
        store does not answer."""
        by_port = {str(i.port): i.number for i in self.instances}
        try:
            output = subprocess.run(
                ["psql", "-At", "-F", "|", f"postgresql://postgres@127.0.0.1:{self.pg_port}/postgres", "-c",
                 "SELECT h.tree, i.name FROM containment_heads h JOIN containment_instances i ON i.id = h.instance"],
                capture_output=True, text=True, timeout=5).stdout
        except subprocess.TimeoutExpired:
            return {}
        owners = {}
        for line in output.splitlines():
            tree, _, name = line.partition("|")
            owners[tree] = by_port.get(name.rsplit(" ", 1)[-1])
        return owners

    def restart_postgres(self):
        command = [f"{POSTGRES_BIN}/pg_ctl", "-D", os.path.join(self.pg_dir, "data"), "-m", "immediate", "-w", "-t", "60",
                   "restart"]
        if os.getuid() == 0:
            command = ["runuser", "-u", "postgres", "--"] + command
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)


class Client(threading.Thread):
    """Sends changes and reads one after another, each to a random tree on a random instance,
    and records each."""

    def __init__(self, number, cluster, trees, history, seed):
        super().__init__(daemon=True)
        self.number = number
        self.cluster = cluster
        self.trees = trees
        self.history = history
        self.rng = random.Random(f"{seed}-client-{number}")
        self.stop = threading.Event()
        self.counter = 0

    def send(self, kind, tree, method, path, body=None):
        instance = self.cluster.pick(self.rng)
        record = {"op": kind, "client": self.number, "tree": tree, "instance": instance.number, "method": method,
                  "path": path, "body": body, "invoke": time.time()}
        try:
            status, headers, parsed = request(instance.port, method, path, body)
            record["status"] = status
            record["etag"] = headers.get("ETag")
            if status >= 300:
                record["code"] = (parsed or {}).get("code")
                record["changeOutcome"] = (parsed or {}).get("changeOutcome")
            elif parsed is not None:
                record["events"] = [strip(e) for e in parsed.get("events", [])]
                if kind == "read":
                    record["lastSeq"] = parsed.get("lastSeq")
                    record["properties"] = parsed["controllers"]["root"]["properties"]
                    record["controllers"] = sorted(parsed["controllers"])
        except NOT_SENT as error:
            record["error"] = str(error)
            record["sent"] = False
        except (OSError, http.client.HTTPException) as error:
            record["error"] = str(error) or type(error).__name__
            record["sent"] = True
        record["complete"] = time.time()
        self.history.write(record)
        return record

    def run(self):
        while not self.stop.is_set():
            tree = self.rng.choice(self.trees)
            roll = self.rng.random()
            self.counter += 1
            if roll < 0.45:
                body = {"properties": {f"c{self.number}": self.counter}}
                self.send("change", tree, "PATCH", f"/v1/trees/{tree}/controllers/root", body)
            elif roll < 0.65:
                name = f"c{self.number}-{self.counter}"
                created = self.send("create", tree, "POST", f"/v1/trees/{tree}/controllers", {"id": name})
                if created.get("status") == 201:
                    calls = [{"receiver": "root", "method": "addChild", "args": {"child": name}},
                             {"receiver": name, "method": "didMove", "args": {"toParent": "root"}}]
                    self.send("change", tree, "POST", f"/v1/trees/{tree}/calls", {"calls": calls})
            else:
                self.send("read", tree, "GET", f"/v1/trees/{tree}")


class Stream(threading.Thread):
    """An SSE stream on one tree, each connection to a random instance, resumed with
    Last-Event-ID after every end; each connection recorded with what it received, in order."""

    def __init__(self, number, cluster, tree, history, seed):
        super().__init__(daemon=True)
        self.number = number
        self.cluster = cluster
        self.tree = tree
        self.history = history
        self.rng = random.Random(f"{seed}-stream-{number}")
        self.stop = threading.Event()
        self.connection = None
        self.last = None

    def run(self):
        while not self.stop.is_set():
            instance = self.cluster.pick(self.rng)
            headers = {"Accept": "text/event-stream"}
            if self.last is not None:
                headers["Last-Event-ID"] = str(self.last)
            record = {"op": "stream", "stream": self.number, "tree": self.tree, "instance": instance.number,
                      "lastEventId": self.last, "invoke": time.time(), "items": []}
            try:
                self.connection = http.client.HTTPConnection("127.0.0.1", instance.port, timeout=10)
                self.connection.request("GET", f"/v1/trees/{self.tree}/events", headers=headers)
                response = self.connection.getresponse()
                record["status"] = response.status
                if response.status == 200:
                    self.read(response, record)
                else:
                    record["code"] = (json.loads(response.read() or b"{}") or {}).get("code")
            except (OSError, http.client.HTTPException, ValueError) as error:
                record["error"] = str(error) or type(error).__name__
            record["complete"] = time.time()
            self.history.write(record)
            if not self.stop.is_set():
                time.sleep(0.05)

    def read(self, response, record):
        event, event_id, data = None, None, None
        while not self.stop.is_set():
            line = response.readline()
            if not line:
                return
            line = line.decode().rstrip("\n")
            if line.startswith("id: "):
                # `<generation>.<seq>` with a state store (docs/api.md); sent back as it came.
                event_id = line[4:]
            elif line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: "):
                data = line[6:]
            elif line == "":
                if event_id is not None:
                    record["items"].append({"seq": int(event_id.rsplit(".", 1)[-1]), "id": event_id,
                                            "event": strip(json.loads(data)), "at": time.time()})
                    self.last = event_id
                elif event is not None:
                    record["items"].append({"control": event, "at": time.time()})
                    if event in ("treeMoved", "treeDeleted", "shutdown"):
                        return
                event, event_id, data = None, None, None

    def close(self):
        self.stop.set()
        try:
            self.connection.sock.shutdown(socket.SHUT_RDWR)
        except (OSError, AttributeError):
            pass


class Probe(threading.Thread):
    """Reads one tree a fault affected from its end on, each read to a random instance, until
    one answers 2xx (at most 30 s): so that the time to serve is measured to a tenth of a
    second, not left to when a client happens to ask. Its reads are checked as any other."""

    def __init__(self, number, cluster, tree, history, seed):
        super().__init__(daemon=True)
        self.client = Client(1000 + number, cluster, [tree], history, seed)
        self.tree = tree

    def run(self):
        deadline = time.time() + 30
        while time.time() < deadline:
            if 200 <= (self.client.send("read", self.tree, "GET", f"/v1/trees/{self.tree}").get("status") or 0) < 300:
                return
            time.sleep(0.1)


class Faults:
    """The seeded schedule: rounds of every kind of fault in a shuffled order, one at a time,
    each on the instance holding the most trees then (random routing moves them all the time:
    a random instance often holds none), with a pause after each for the cluster to recover."""

    def __init__(self, cluster, history, seed):
        self.cluster = cluster
        self.history = history
        self.rng = random.Random(f"{seed}-faults")
        self.partitions = random.Random(f"{seed}-partitions")
        self.seed = seed
        self.probes = 0

    def round(self):
        kinds = list(FAULT_KINDS)
        self.rng.shuffle(kinds)
        kinds.insert(self.partitions.randrange(len(kinds) + 1), PARTITION)
        return kinds

    def pause(self, kind):
        """Seconds for the cluster to recover after a fault of `kind`."""
        return (self.partitions if kind == PARTITION else self.rng).uniform(3.0, 5.0)

    def probe(self, trees):
        for tree in trees:
            Probe(self.probes, self.cluster, tree, self.history, self.seed).start()
            self.probes += 1

    def inject(self, kind, trees):
        rng = self.partitions if kind == PARTITION else self.rng
        owners = self.cluster.owners()
        held = {i.number: sum(1 for t in trees if owners.get(t) == i.number) for i in self.cluster.instances}
        busiest = [i for i in self.cluster.instances if held[i.number] == max(held.values())]
        target = busiest[int(rng.random() * len(busiest))]
        record = {"op": "fault", "kind": kind, "instance": target.number}
        affected = list(trees) if kind == "pg-restart" else [t for t in trees if owners.get(t) == target.number]
        record["affected"] = affected
        record["start"] = time.time()
        if kind == "kill":
            target.signal(signal.SIGKILL)
            target.process.wait()
            record["end"] = time.time()
            self.probe(affected)  # from the kill, while it is down
            time.sleep(rng.uniform(0.5, 2.0))
            target.start()
            record["restarted"] = target.wait_ready()
        elif kind == "stop":
            target.signal(signal.SIGSTOP)
            time.sleep(LEASE_SECONDS + rng.uniform(1.0, 3.0))
            target.signal(signal.SIGCONT)
            record["end"] = time.time()
        elif kind == "delay":
            record["ms"] = rng.choice([50, 100, 200])
            record["direction"] = rng.choice(["up", "down"])
            target.proxy.command(f"delay {record['ms']} {record['direction']}")
            time.sleep(rng.uniform(3.0, 6.0))
            target.proxy.command("pass")
            record["end"] = time.time()
        elif kind == "hold":
            target.proxy.command("hold")
            time.sleep(rng.uniform(2.0, 6.0))
            target.proxy.command("pass")
            record["end"] = time.time()
        elif kind == PARTITION:
            # Every connection of the instance to the database, open or new, black-holed past its
            # lease, then healed: what it sent meanwhile (renewals, commits) arrives late.
            target.proxy.command("hold")
            time.sleep(LEASE_SECONDS + rng.uniform(1.0, 4.0))
            target.proxy.command("pass")
            record["end"] = time.time()
        elif kind == "reset":
            target.proxy.command("reset")
            record["end"] = time.time()
        elif kind == "pg-restart":
            del record["instance"]
            self.cluster.restart_postgres()
            record["end"] = time.time()
        if kind != "kill":
            self.probe(affected)
        self.history.write(record)
        say(f"   {kind}" + (f" instance {record['instance']}" if "instance" in record else "")
            + f" ({len(affected)} trees affected): {record['end'] - record['start']:.1f} s")


def read_final(cluster, trees, history, rng):
    """Every tree's events from the beginning and its state, read back through any instance
    once the faults are over."""
    for tree in trees:
        events, after = [], 0
        deadline = time.time() + 60
        state = None
        while time.time() < deadline:
            instance = cluster.pick(rng)
            try:
                status, _, page = request(instance.port, "GET", f"/v1/trees/{tree}/events?after={after}&limit=1000")
                if status != 200:
                    time.sleep(0.2)
                    continue
                events += [strip(e) for e in page["events"]]
                if page["events"]:
                    after = page["events"][-1]["seq"]
                if after >= page["lastSeq"]:
                    status, _, state = request(instance.port, "GET", f"/v1/trees/{tree}")
                    if status == 200 and state["lastSeq"] == after:
                        break
                    state = None
            except (OSError, http.client.HTTPException):
                time.sleep(0.2)
        if state is None:
            raise SystemExit(f"the final journal of {tree} could not be read within 60 s")
        history.write({"op": "final", "tree": tree, "events": events, "lastSeq": state["lastSeq"],
                       "controllers": sorted(state["controllers"]), "properties": state["controllers"]["root"]["properties"]})


def main():
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("chaos: terminated"))
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("pg_port", type=int)
    parser.add_argument("pg_dir")
    parser.add_argument("work")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--seed", type=int)
    parser.add_argument("--instances", type=int, default=3)
    parser.add_argument("--state-sync", choices=["full", "normal"], default="full")
    options = parser.parse_args()
    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(1_000_000)
    seconds = options.seconds if options.seconds is not None else (0 if options.quick else 240)
    tree_count = 6 if options.quick else 12
    path = os.path.join(options.work, "history.jsonl")
    history = History(path)
    history.write({"op": "run", "seed": seed, "quick": options.quick, "seconds": seconds, "instances": options.instances,
                   "stateSync": options.state_sync, "lease": LEASE_SECONDS})
    say(f"== chaos: seed {seed}, {options.instances} instances, --state-sync {options.state_sync}, "
        f"{'quick (one round of each fault)' if options.quick else f'{seconds:.0f} s of faults'}; history {path}")
    instances, clients, streams = [], [], []
    try:
        instances = [Instance(n, options.binary, options.pg_port, options.work, options.state_sync)
                     for n in range(options.instances)]
        for instance in instances:
            if not instance.wait_ready():
                raise SystemExit(f"instance {instance.number} was not ready; see {instance.log.name}")
        cluster = Cluster(instances, options.pg_port, options.pg_dir)
        say("   instances " + ", ".join(f"{i.number} :{i.port} (store through :{i.proxy.port})" for i in instances))
        rng = random.Random(f"{seed}-setup")
        trees = [f"chaos-{n}" for n in range(tree_count)]
        creator = Client(-1, cluster, trees, history, seed)
        for tree in trees:
            for _ in range(20):
                done = creator.send("create-tree", tree, "PUT", f"/v1/trees/{tree}", {"clock": "manual", "root": {"id": "root"}})
                if done.get("status") in (201, 409):
                    break
                time.sleep(0.5)
        clients = [Client(n, cluster, trees, history, seed) for n in range(6)]
        streams = [Stream(n, cluster, tree, history, seed) for n, tree in enumerate(trees[: 4 if options.quick else 8])]
        for worker in clients + streams:
            worker.start()
        time.sleep(3)
        faults = Faults(cluster, history, seed)
        started = time.time()
        rounds = 0
        while True:
            for kind in faults.round():
                faults.inject(kind, trees)
                time.sleep(faults.pause(kind))
            rounds += 1
            if options.quick or time.time() - started >= seconds:
                break
        for instance in instances:
            instance.signal(signal.SIGCONT)
            instance.proxy.command("pass")
            if instance.process.poll() is not None:
                instance.start()
            instance.wait_ready()
        time.sleep(3)
        for worker in clients + streams:
            worker.stop.set()
        for client in clients:
            client.join(30)
        time.sleep(0.5)
        for stream in streams:
            stream.close()
        for stream in streams:
            stream.join(15)
        say(f"== {rounds} round(s) of faults in {time.time() - started:.0f} s; reading the final journal")
        read_final(cluster, trees, history, rng)
    finally:
        for worker in clients + streams:
            worker.stop.set()
        for stream in streams:
            stream.close()
        for instance in instances:
            instance.stop()
        history.close()
    sys.exit(chaos_check.main([path]))


if __name__ == "__main__":
    main()
