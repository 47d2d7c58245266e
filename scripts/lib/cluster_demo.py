"""Scale-out on PostgreSQL: instances sharing one store (`--state-url`) behind nginx
(deploy/nginx/containment-shared.conf.template), a mixed load with open event streams, then
an instance killed, an owner paused past its lease, and a fourth instance added. Every figure
is printed; any broken guarantee fails the demo.

Run by scripts/cluster-demo, which starts PostgreSQL and passes its URL.
Usage: cluster_demo.py BINARY POSTGRES_URL WORKDIR [--quick]
"""

import http.client
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loopback import exchange, free_port, say, stop_process  # noqa: E402

LEASE_SECONDS = 3.0  # LeaseTiming.standard


def fail(message):
    print(f"FAILED: {message}", file=sys.stderr, flush=True)
    raise SystemExit(1)


def request(port, method, path, body=None, timeout=30, headers=None):
    """One request on a fresh connection: (status, parsed JSON or None)."""
    status, _, parsed = exchange(port, method, path, body, timeout, headers)
    return status, parsed


class Instance:
    """One `containment serve --state-url` process."""

    def __init__(self, number, binary, url, work):
        self.number = number
        self.port = free_port()
        self.log = open(os.path.join(work, f"instance{number}.log"), "ab")
        self.process = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--threads", "2", "--heartbeat-interval", "1",
             "--state-url", url],
            stdout=self.log, stderr=self.log)
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.process.poll() is not None:
                fail(f"instance {number} exited on start; see {self.log.name}")
            try:
                if request(self.port, "GET", "/readyz", timeout=2)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        fail(f"instance {number} was not ready within 60 s")

    @property
    def address(self):
        return f"127.0.0.1:{self.port}"

    def signal(self, number):
        self.process.send_signal(number)

    def stop(self):
        stop_process(self.process)


class Proxy:
    """nginx on the shared-store template, its server list rewritten and reloaded."""

    def __init__(self, work):
        self.prefix = os.path.join(work, "nginx")
        os.makedirs(self.prefix, exist_ok=True)
        self.port = free_port()
        self.config = os.path.join(work, "nginx.conf")
        self.started = False

    def write(self, instances):
        template = open("deploy/nginx/containment-shared.conf.template").read()
        servers = "\n        ".join(f"server {i.address} max_fails=1 fail_timeout=3s;" for i in instances)
        text = (template.replace("__LISTEN__", f"127.0.0.1:{self.port}").replace("__PREFIX__", self.prefix)
                .replace("__SERVERS__", servers))
        with open(self.config, "w") as f:
            f.write(text)

    def nginx(self, *arguments):
        done = subprocess.run(["nginx", "-p", self.prefix, "-c", self.config, *arguments], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        if done.returncode != 0:
            fail(f"nginx {' '.join(arguments)}: {done.stderr.strip()}")

    def serve(self, instances):
        self.write(instances)
        if self.started:
            self.nginx("-s", "reload")
            time.sleep(0.3)  # the new workers take over
        else:
            self.nginx("-g", "daemon on;")
            self.started = True
            deadline = time.time() + 10
            while time.time() < deadline:
                try:
                    if request(self.port, "GET", "/nginx-healthz", timeout=1)[0] == 200:
                        return
                except OSError:
                    time.sleep(0.05)
            fail("nginx did not answer")

    def stop(self):
        if self.started:
            subprocess.run(["nginx", "-p", self.prefix, "-c", self.config, "-s", "quit"], stderr=subprocess.DEVNULL)


class Store:
    """The shared store, read with psql."""

    def __init__(self, url):
        self.url = url

    def rows(self, sql):
        output = subprocess.run(["psql", "-At", "-F", "|", self.url, "-c", sql], check=True, capture_output=True, text=True).stdout
        return [line.split("|") for line in output.splitlines() if line]

    def owners(self, instances):
        """Tree id → the instance (by number) holding it now, from containment_heads."""
        by_port = {str(i.port): i.number for i in instances}
        owners = {}
        for tree, name in self.rows(
                "SELECT h.tree, i.name FROM containment_heads h JOIN containment_instances i ON i.id = h.instance "
                "WHERE i.expires_at > clock_timestamp()"):
            port = name.rsplit(" ", 1)[-1]
            owners[tree] = by_port.get(port)
        return owners


class Load(threading.Thread):
    """Creates controllers `<tree>-<n>` one after another on its trees through the proxy (a
    new one only once the last is decided) and adds each as a child of the root (events for the
    streams), with a read between, and records each creation's outcome."""

    def __init__(self, proxy_port, trees):
        super().__init__(daemon=True)
        self.port = proxy_port
        self.trees = trees
        self.stop = threading.Event()
        self.acknowledged = {tree: [] for tree in trees}
        self.refused = {tree: [] for tree in trees}  # 503 tree_moved: not applied
        self.unknown = {tree: [] for tree in trees}  # no answer, or may have been applied
        self.requests = 0

    def run(self):
        step = 0
        while not self.stop.is_set():
            step += 1
            for tree in self.trees:
                name = f"{tree}-{step}"
                try:
                    status, body = request(self.port, "POST", f"/v1/trees/{tree}/controllers", {"id": name}, timeout=20)
                    code = (body or {}).get("code")
                    if status == 201:
                        self.acknowledged[tree].append(name)
                        calls = [{"receiver": "root", "method": "addChild", "args": {"child": name}},
                                 {"receiver": name, "method": "didMove", "args": {"toParent": "root"}}]
                        request(self.port, "POST", f"/v1/trees/{tree}/calls", {"calls": calls}, timeout=20)
                        self.requests += 1
                    elif status == 503 and code == "tree_moved":
                        self.refused[tree].append(name)
                    else:
                        self.unknown[tree].append(f"{name}: {status} {code}")
                    request(self.port, "GET", f"/v1/trees/{tree}", timeout=20)
                    self.requests += 2
                except OSError as error:
                    self.unknown[tree].append(f"{name}: {error}")
            time.sleep(0.01)


class Stream(threading.Thread):
    """An SSE stream on one tree through the proxy, resumed with Last-Event-ID after every
    `treeMoved` (or broken connection); records the seq of every event it receives, and
    resumes with the last event id as it came (`<generation>.<seq>`, opaque)."""

    def __init__(self, proxy_port, tree):
        super().__init__(daemon=True)
        self.port = proxy_port
        self.tree = tree
        self.ids = []
        self.last_id = None
        self.moves = 0
        self.reconnects = 0
        self.resets = 0
        self.stop = threading.Event()
        self.connection = None

    def run(self):
        while not self.stop.is_set():
            headers = {"Accept": "text/event-stream"}
            if self.last_id:
                headers["Last-Event-ID"] = self.last_id
            try:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                self.connection.request("GET", f"/v1/trees/{self.tree}/events", headers=headers)
                response = self.connection.getresponse()
                if response.status != 200:
                    response.read()
                    time.sleep(0.1)
                    continue
                self.read(response)
            except (OSError, http.client.HTTPException):
                pass
            if not self.stop.is_set():
                self.reconnects += 1
                time.sleep(0.05)

    def read(self, response):
        event = None
        event_id = None
        while not self.stop.is_set():
            line = response.readline()
            if not line:
                return
            line = line.decode().rstrip("\n")
            if line.startswith("id: "):
                event_id = line[4:]
            elif line.startswith("event: "):
                event = line[7:]
            elif line == "":
                if event_id is not None:
                    self.ids.append(int(event_id.rsplit(".", 1)[-1]))
                    self.last_id = event_id
                elif event == "treeMoved":
                    self.moves += 1
                    return
                elif event == "reset":
                    self.resets += 1
                event, event_id = None, None

    def close(self):
        self.stop.set()
        try:
            self.connection.sock.shutdown(socket.SHUT_RDWR)
        except (OSError, AttributeError):
            pass

    def gaps_and_duplicates(self):
        gaps = sum(1 for a, b in zip(self.ids, self.ids[1:]) if b > a + 1)
        duplicates = sum(1 for a, b in zip(self.ids, self.ids[1:]) if b <= a)
        return gaps, duplicates


class Prober(threading.Thread):
    """`wait_served` in the background, from now on."""

    def __init__(self, port, trees, limit):
        super().__init__(daemon=True)
        self.port, self.trees, self.limit = port, trees, limit
        self.since = time.time()
        self.served = None

    def run(self):
        self.served = wait_served(self.port, self.trees, self.since, self.limit)


def wait_served(port, trees, since, limit):
    """Probes each tree through the proxy until it answers 200: seconds from `since` to each
    first success."""
    served = {}
    deadline = since + limit
    while len(served) < len(trees) and time.time() < deadline:
        for tree in trees:
            if tree in served:
                continue
            try:
                if request(port, "GET", f"/v1/trees/{tree}", timeout=limit)[0] == 200:
                    served[tree] = time.time() - since
            except OSError:
                pass
        time.sleep(0.02)
    missing = [tree for tree in trees if tree not in served]
    if missing:
        fail(f"trees not served within {limit} s: {missing}")
    return served


def figure(values):
    values = sorted(values)
    return f"max {max(values):.2f} s, median {statistics.median(values):.2f} s over {len(values)} trees"


def main():
    binary, url, work = sys.argv[1], sys.argv[2], sys.argv[3]
    quick = "--quick" in sys.argv[4:]
    # Enough trees that some move to the fourth instance whatever ports the ring hashes: each
    # stays put with a chance of about 3/4, so 12 trees saw none move in 3 % of runs; 36, 3e-5.
    tree_count = 36 if quick else 48
    store = Store(url)
    instances = []
    proxy = Proxy(work)
    streams = []
    try:
        instances = [Instance(n, binary, url, work) for n in range(3)]
        say(f"== three instances on one PostgreSQL store ({url.split('@')[-1]}): "
            + ", ".join(f":{i.port}" for i in instances))
        proxy.serve(instances)
        port = proxy.port
        say(f"== nginx on 127.0.0.1:{port}: hash of the tree id over the three, the whole API passed through")

        # The whole API through the proxy: PUT, POST (the instance picks the id), a scenario run.
        trees = [f"t-{n}" for n in range(tree_count - 2)]
        for tree in trees:
            status, _ = request(port, "PUT", f"/v1/trees/{tree}", {"clock": "manual", "root": {"id": "root"}})
            if status != 201:
                fail(f"PUT {tree} answered {status}")
        status, body = request(port, "POST", "/v1/trees", {"root": {"id": "root"}})
        if status != 201:
            fail(f"POST /v1/trees answered {status}")
        trees.append(body["tree"]["id"])
        scenario = request(port, "GET", "/v1/scenarios")[1]["scenarios"][0]["id"]
        status, body = request(port, "POST", f"/v1/scenarios/{scenario}/runs", {})
        if status != 201:
            fail(f"a scenario run answered {status}")
        trees.append(body["tree"])
        listed, cursor = [], None
        while True:
            page = request(port, "GET", "/v1/trees?limit=7" + (f"&cursor={cursor}" if cursor else ""))[1]
            listed += [t["id"] for t in page["trees"]]
            cursor = page.get("nextCursor")
            if not cursor:
                break
        if sorted(listed) != sorted(trees):
            fail(f"GET /v1/trees through the proxy listed {len(listed)} trees, expected {len(trees)}")
        status, _ = request(port, "GET", "/v1/trees/nothing-here")
        say(f"   {len(trees) - 2} trees by PUT, one by POST /v1/trees ({trees[-2][:8]}…), one scenario run ({trees[-1][:12]}…);"
            f" GET /v1/trees through the proxy lists all {len(listed)} in pages of 7; an unknown id answers {status}")

        owners = store.owners(instances)
        held = {i.number: sorted(t for t in trees if owners.get(t) == i.number) for i in instances}
        for i in instances:
            say(f"   instance {i.number} (:{i.port}) holds {len(held[i.number])} trees")

        streamed = trees[: 6 if quick else 10]
        streams = [Stream(port, tree) for tree in streamed]
        for stream in streams:
            stream.start()
        loads = [Load(port, trees[n::4]) for n in range(4)]
        for load in loads:
            load.start()
        started = time.time()
        time.sleep(2 if quick else 4)
        say(f"== mixed load through the proxy: 4 clients creating controllers and reading their trees, "
            f"{len(streams)} SSE streams open; {sum(l.requests for l in loads)} requests in {time.time() - started:.1f} s")

        # 1. SIGKILL the instance holding the most trees.
        owners = store.owners(instances)
        victim = max(instances, key=lambda i: sum(1 for t in trees if owners.get(t) == i.number))
        orphans = [t for t in trees if owners.get(t) == victim.number]
        victim.signal(signal.SIGKILL)
        victim.process.wait()
        killed = time.time()
        served = wait_served(port, orphans, killed, LEASE_SECONDS + 4)
        say(f"== SIGKILL instance {victim.number} holding {len(orphans)} trees: each served by another instance through "
            f"the proxy within {figure(served.values())} of the kill (lease {LEASE_SECONDS:.0f} s)")
        if max(served.values()) > LEASE_SECONDS + 2:
            fail("a killed instance's tree took longer than the lease bound")
        replacement = Instance(victim.number, binary, url, work)
        instances[instances.index(victim)] = replacement
        proxy.serve(instances)
        say(f"   instance {victim.number} restarted on :{replacement.port} (a new session, holding nothing until asked)")
        time.sleep(1)

        # 2. SIGSTOP an owner past its lease while one of its commits waits on a row lock.
        owners = store.owners(instances)
        paused = max(instances, key=lambda i: sum(1 for t in trees if owners.get(t) == i.number))
        paused_trees = [t for t in trees if owners.get(t) == paused.number]
        blocked = paused_trees[0]
        locker = subprocess.Popen(["psql", "-q", url], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  text=True)
        locker.stdin.write(f"BEGIN; SELECT 1 FROM containment_heads WHERE tree = '{blocked}' FOR UPDATE;\n")
        locker.stdin.flush()
        time.sleep(0.5)
        late = {}

        def late_change():
            late["answer"] = request(paused.port, "POST", f"/v1/trees/{blocked}/controllers", {"id": "late"}, timeout=60)

        sender = threading.Thread(target=late_change, daemon=True)
        sender.start()
        time.sleep(0.5)  # its commit now waits on the lock
        paused.signal(signal.SIGSTOP)
        # The proxy stops sending to it, as a readiness probe would have it.
        proxy.serve([i for i in instances if i is not paused])
        stopped = time.time()
        prober = Prober(port, [t for t in paused_trees if t != blocked], LEASE_SECONDS + 6)
        prober.start()
        time.sleep(LEASE_SECONDS + 0.5)
        locker.stdin.write("COMMIT;\n")
        locker.stdin.close()
        locker.wait(10)
        released = time.time() - stopped
        served = wait_served(port, [blocked], stopped, LEASE_SECONDS + 6)
        prober.join(LEASE_SECONDS + 7)
        if prober.served is None:
            fail("the paused instance's trees were not served elsewhere")
        paused.signal(signal.SIGCONT)
        paused_for = time.time() - stopped
        sender.join(30)
        status, body = late.get("answer", (None, None))
        code = (body or {}).get("code")
        say(f"== SIGSTOP instance {paused.number} ({len(paused_trees)} trees) for {paused_for:.1f} s, the proxy told to skip it: its trees "
            f"served elsewhere within {figure(prober.served.values()) if prober.served else 'n/a (it held only the locked one)'} of the stop"
            " (a tree whose row the held commit had locked waits for it: until the database ends the paused instance's idle"
            " transaction, a third of the lease after the lock is let go)")
        say(f"   one of its commits was held on {blocked}'s row lock (psql) until {released:.1f} s, past its lease: {blocked} served "
            f"elsewhere {served[blocked]:.2f} s after the stop")
        say(f"   resumed: its late commit (held past its lease) was refused: {status} {code}")
        if status != 503 or code != "tree_moved":
            fail(f"the paused owner's late commit answered {status} {code}")
        tree = request(port, "GET", f"/v1/trees/{blocked}")[1]
        if "late" in tree["controllers"]:
            fail("the refused late change is in the tree")
        proxy.serve(instances)
        time.sleep(1)
        owners = store.owners(instances)
        say(f"   after it rejoined: {sum(1 for t in trees if owners.get(t) == paused.number)} trees held by it, "
            f"each tree by exactly one live instance ({len(owners)} heads for {len(trees)} trees)")

        # 3. A fourth instance; the ring changes.
        before = store.owners(instances)
        fourth = Instance(3, binary, url, work)
        instances.append(fourth)
        proxy.serve(instances)
        reloaded = time.time()
        first = {}
        for tree in trees:
            asked = time.time()
            status, _ = request(port, "GET", f"/v1/trees/{tree}")
            if status != 200:
                fail(f"{tree} answered {status} after the fourth instance joined")
            first[tree] = time.time() - asked
        after = store.owners(instances)
        moved = [t for t in trees if after.get(t) == fourth.number]
        say(f"== a fourth instance (:{fourth.port}) added, nginx reloaded: {len(moved)} of {len(trees)} trees moved to it, "
            f"each served by its first request in max {max(first[t] for t in moved) if moved else 0:.3f} s "
            f"(the others in max {max(first[t] for t in trees if t not in moved):.3f} s); all within {time.time() - reloaded:.1f} s")
        if not moved:
            fail("no tree moved to the fourth instance")
        time.sleep(2 if quick else 4)

        # Stop and check.
        for load in loads:
            load.stop.set()
        for load in loads:
            load.join(60)
        time.sleep(0.5)
        for stream in streams:
            stream.close()
        for stream in streams:
            stream.join(10)
        acknowledged = refused = unknown = 0
        for load in loads:
            for tree in load.trees:
                status, body = request(port, "GET", f"/v1/trees/{tree}")
                present = set(body["controllers"])
                lost = [name for name in load.acknowledged[tree] if name not in present]
                shown = [name for name in load.refused[tree] if name in present]
                if lost:
                    fail(f"acknowledged changes lost on {tree}: {lost}")
                if shown:
                    fail(f"refused changes present on {tree}: {shown}")
                acknowledged += len(load.acknowledged[tree])
                refused += len(load.refused[tree])
                unknown += len(load.unknown[tree])
        say(f"== every acknowledged change is there: {acknowledged} controllers created and acknowledged, all present; "
            f"{refused} refused with tree_moved, none present; {unknown} without a decided answer"
            + (f" ({'; '.join(u for l in loads for t in l.trees for u in l.unknown[t][:2])[:300]})" if unknown else ""))
        gaps = duplicates = events = moves = reconnects = 0
        for stream in streams:
            g, d = stream.gaps_and_duplicates()
            gaps, duplicates = gaps + g, duplicates + d
            events += len(stream.ids)
            moves += stream.moves
            reconnects += stream.reconnects
        say(f"== streams: {len(streams)} SSE streams through the proxy received {events} events; {moves} ended with treeMoved and "
            f"{reconnects} reconnected with Last-Event-ID; gaps {gaps}, duplicates {duplicates}")
        if gaps or duplicates:
            fail("a stream lost or repeated events")
        if moves == 0:
            fail("no stream saw its tree move")
        say("== cluster demo passed")
    finally:
        for stream in streams:
            stream.close()
        proxy.stop()
        for instance in instances:
            instance.stop()


if __name__ == "__main__":
    main()
