"""The state directory's probes of scripts/reliability (`--state-dir`): each starts its own
`containment serve` on an ephemeral 127.0.0.1 port with a state directory of its own,
reproduces one attack on what it keeps (at a bounded size), checks the answer and prints its
figures. A stalled or failing disk is `stall_disk.c` loaded with LD_PRELOAD: writes and syncs
of the state directory's files wait while a control file exists (as under fsfreeze or a hung
network volume), or fail with EIO while another does. Standard library only (and cc).

Usage: reliability_state_probes.py BINARY [--quick] [--only stalled-disk,lost-change,...]
"""

import http.client
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import threading
import time

from probe_server import BINARY, Server, check, problem_code, run_probes

HERE = os.path.dirname(os.path.abspath(__file__))


class Disk:
    """A state directory on a disk this probe can stall or break (`stall_disk.c`)."""

    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="containment-disk-")
        self.state = os.path.join(self.root, "state")
        self.stall_file = os.path.join(self.root, "stall")
        self.fail_file = os.path.join(self.root, "fail")
        self.library = os.path.join(self.root, "stall_disk.so")
        subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-o", self.library, os.path.join(HERE, "stall_disk.c"), "-ldl"],
                       check=True)

    @property
    def environment(self):
        return {"LD_PRELOAD": self.library, "STALL_DISK_FILE": self.stall_file, "STALL_DISK_FAIL": self.fail_file,
                "STALL_DISK_MATCH": self.state}

    def stall(self):
        open(self.stall_file, "w").close()

    def resume(self):
        os.unlink(self.stall_file)

    def fail(self):
        open(self.fail_file, "w").close()

    def remove(self):
        shutil.rmtree(self.root, ignore_errors=True)

    @property
    def database(self):
        return os.path.join(self.state, "containment.sqlite")


def background(function, *arguments):
    """Runs `function` on a thread; a callable that waits for and returns its result."""
    result = {}

    def run():
        try:
            result["value"] = function(*arguments)
        except Exception as error:  # reported as the result
            result["value"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()

    def wait(timeout=60):
        thread.join(timeout)
        return result.get("value")

    return wait


def timed(function, *arguments):
    started = time.monotonic()
    try:
        value = function(*arguments)
    except (OSError, http.client.HTTPException) as error:
        value = error
    return value, time.monotonic() - started


def probe_stalled_disk():
    """No request's thread waits for the disk: with a frozen disk, creations, a scenario run, a
    deletion and a change (more than the server's 2 threads) wait for their commits while
    `/healthz` and every read answer at once, each with its tree's last durable version (none
    yet for a tree whose creation waits: 404)."""
    disk = Disk()
    try:
        with Server("--threads", "2", "--state-dir", disk.state, environment=disk.environment) as server:
            server.json("PUT", "/v1/trees/quiet", {"clock": "manual", "root": {"id": "root"}})
            server.json("PUT", "/v1/trees/busy", {"clock": "manual", "root": {"id": "root"}})
            durable = server.request("GET", "/v1/trees/quiet")[1]
            scenario = json.loads(server.request("GET", "/v1/scenarios")[1])["scenarios"][0]["id"]
            disk.stall()
            stalled = time.monotonic()
            waits = [
                background(server.json, "PUT", "/v1/trees/a", {"clock": "manual"}),
                background(server.json, "PUT", "/v1/trees/b", {"clock": "manual"}),
                background(server.json, "POST", f"/v1/scenarios/{scenario}/runs", {}),
                background(server.request, "DELETE", "/v1/trees/busy"),
                background(server.json, "PATCH", "/v1/trees/quiet/controllers/root", {"title": "pending"}),
            ]
            time.sleep(0.5)
            health = [timed(server.request, "GET", "/healthz", None, None, 3) for _ in range(5)]
            reads = {path: timed(server.request, "GET", path, None, None, 15)
                     for path in ["/v1/trees/quiet", "/v1/trees/a", "/v1/trees/busy"]}
            # Past the stall bound (5 s) the instance says it is not ready.
            time.sleep(max(0, 5.5 - (time.monotonic() - stalled)))
            readiness = server.request("GET", "/readyz", timeout=3)
            disk.resume()
            answers = [wait() for wait in waits]
        worst = max(seconds for _, seconds in health)
        status = {path: value[0] if isinstance(value, tuple) else value for path, (value, _) in reads.items()}
        slowest = max(seconds for _, seconds in reads.values())
        print(f"stalled-disk: 5 requests waiting for a frozen disk on 2 server threads; /healthz worst {worst * 1000:.0f} ms, "
              f"reads {status} within {slowest * 1000:.0f} ms; /readyz {readiness[0]} {problem_code(readiness[1])}; "
              f"once thawed {[a[0] if isinstance(a, tuple) else a for a in answers]}")
        check(all(isinstance(value, tuple) and value[0] == 200 for value, _ in health) and worst < 1,
              "/healthz answered within a second during the stall")
        check(slowest < 1, "every read is answered at once during the stall")
        quiet = reads["/v1/trees/quiet"][0]
        check(isinstance(quiet, tuple) and quiet[0] == 200 and quiet[1] == durable,
              "a tree whose change waits is read as its last durable version, not the change")
        pending = reads["/v1/trees/a"][0]
        check(isinstance(pending, tuple) and pending[0] == 404, "a tree whose creation waits is not found yet")
        check(status["/v1/trees/busy"] == 200, "a tree whose deletion waits is still read")
        check(readiness[0] == 503 and problem_code(readiness[1]) == "state_stalled", "/readyz is 503 state_stalled")
        check([a[0] if isinstance(a, tuple) else None for a in answers] == [201, 201, 201, 200, 200],
              "every waiting request is answered once the disk thaws")
    finally:
        disk.remove()


class EventReader(threading.Thread):
    """An NDJSON stream of one tree, every message kept."""

    def __init__(self, port, tree):
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        self.sock.sendall(f"GET /v1/trees/{tree}/events?after=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          "Accept: application/x-ndjson\r\n\r\n".encode())
        self.data = b""

    def run(self):
        while True:
            try:
                piece = self.sock.recv(65536)
            except OSError:
                return
            if not piece:
                return
            self.data += piece

    def events(self):
        found = []
        for line in self.data.split(b"\n"):
            start = line.find(b"{")
            if start < 0:
                continue
            try:
                value = json.loads(line[start:])
            except ValueError:
                continue
            if "seq" in value:
                found.append(value)
        return found


def probe_lost_change():
    """A change whose commit never happens (the disk froze, then the process was killed) was
    never seen, so after the restart no ETag or event seq any client holds names another state."""
    disk = Disk()
    try:
        server = Server("--state-dir", disk.state, environment=disk.environment)
        server.json("PUT", "/v1/trees/t", {"clock": "manual", "root": {"id": "root", "title": "kept"}})
        reader = EventReader(server.port, "t")
        reader.start()
        seen = {}  # ETag -> body, as clients saw them
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        connection.request("GET", "/v1/trees/t")
        response = connection.getresponse()
        seen[response.getheader("ETag")] = response.read()
        disk.stall()
        lost = background(server.json, "PATCH", "/v1/trees/t/controllers/root", {"title": "lost"}, None, 10)
        time.sleep(0.5)
        for _ in range(2):
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            try:
                connection.request("GET", "/v1/trees/t")
                response = connection.getresponse()
                body = response.read()
                if response.status == 200:
                    seen[response.getheader("ETag")] = body
            except (OSError, http.client.HTTPException):
                pass
        time.sleep(0.5)
        server.kill()
        lost()
        disk.resume()
        streamed = reader.events()
        server.stop()
        with Server("--state-dir", disk.state) as restarted:
            restarted.json("PATCH", "/v1/trees/t/controllers/root", {"title": "other"})
            current = restarted.request("GET", "/v1/trees/t")[1]
            reused = [tag for tag, body in seen.items()
                      if restarted.request("GET", "/v1/trees/t", headers={"If-None-Match": tag})[0] == 304 and current != body]
            page = json.loads(restarted.request("GET", "/v1/trees/t/events?after=0&limit=1000")[1])["events"]
            kept = {event["seq"]: event for event in page}
            rewritten = [event["seq"] for event in streamed if event["seq"] in kept and kept[event["seq"]] != event]
        titles = sorted({json.loads(body)["controllers"]["root"]["title"] for body in seen.values()})
        print(f"lost-change: titles clients saw {titles}; ETags seen {len(seen)}, reused for another state "
              f"after the restart {len(reused)}; streamed seqs {len(streamed)}, rewritten {len(rewritten)}")
        check("lost" not in titles, "no read showed the change before it was durable")
        check(not reused, "no ETag a client holds names another state after the restart")
        check(not rewritten, "no event seq a client saw names another event after the restart")
    finally:
        disk.remove()


def probe_log_without_database():
    """A write-ahead log beside a missing database (a backup that copied only the log) is
    refused, naming both files, and both are left as they were."""
    root = tempfile.mkdtemp(prefix="containment-wal-")
    state = os.path.join(root, "state")
    database = os.path.join(state, "containment.sqlite")
    try:
        server = Server("--state-dir", state)
        for index in range(20):
            server.json("PUT", f"/v1/trees/t{index}", {"clock": "manual", "root": {"id": "root"}})
        with open(database + "-wal", "rb") as log:
            copied = log.read()
        server.kill()
        server.stop()
        os.unlink(database)
        with open(database + "-wal", "wb") as log:
            log.write(copied)
        refused = Server("--state-dir", state, expect_start=False)
        started = refused.port is not None
        restored = json.loads(refused.request("GET", "/v1/trees")[1])["trees"] if started else None
        code = None if started else refused.process.wait(timeout=30)
        text = refused.log_text
        refused.stop()
        try:
            with open(database + "-wal", "rb") as log:
                untouched = log.read() == copied
        except FileNotFoundError:
            untouched = False
        print(f"log-without-database: {len(copied):,}-byte log beside a missing database: "
              + (f"started with {len(restored)} trees" if started else f"exit {code}") + "; "
              f"names both files {database in text and database + '-wal' in text}; log untouched {untouched}; "
              f"database still missing {not os.path.exists(database)}")
        check(code == 1, f"the start was refused (exit {code})")
        check(database + "-wal" in text and "missing" in text, "the message names the log and the missing database")
        check(untouched and not os.path.exists(database), "both files are left as they were")
    finally:
        shutil.rmtree(root, ignore_errors=True)


def probe_refused_delete():
    """A deletion refused after a failed commit changes nothing: the tree stays readable."""
    disk = Disk()
    try:
        with Server("--state-dir", disk.state, environment=disk.environment) as server:
            server.json("PUT", "/v1/trees/kept", {"clock": "manual", "root": {"id": "root"}})
            server.json("PUT", "/v1/trees/other", {"clock": "manual", "root": {"id": "root"}})
            disk.fail()
            failed, _ = server.json("PATCH", "/v1/trees/other/controllers/root", {"title": "x"})
            refused, body = server.request("DELETE", "/v1/trees/kept")
            after, _ = server.request("GET", "/v1/trees/kept")
        print(f"refused-delete: a failed commit answered {failed}; DELETE then {refused} {problem_code(body)}; "
              f"the tree then reads {after}")
        check(refused == 503 and problem_code(body) == "state_not_durable", "the deletion is refused with 503")
        check(after == 200, "a refused deletion leaves the tree readable")
    finally:
        disk.remove()


def probe_checksum():
    """A changed byte inside a stored record (a title in a tree's creation) stops the start,
    naming the tree, instead of being served."""
    root = tempfile.mkdtemp(prefix="containment-checksum-")
    state = os.path.join(root, "state")
    database = os.path.join(state, "containment.sqlite")
    try:
        with Server("--state-dir", state) as server:
            server.json("PUT", "/v1/trees/edited", {"clock": "manual", "root": {"id": "root", "title": "Alpha"}})
        connection = sqlite3.connect(database)
        with connection:
            connection.execute("UPDATE trees SET creation = CAST(replace(CAST(creation AS TEXT), 'Alpha', 'Alpho') AS BLOB)")
        connection.close()
        with open(database, "rb") as file:
            before = file.read()
        started = Server("--state-dir", state, expect_start=False)
        if started.port is not None:
            status, body = started.request("GET", "/v1/trees/edited")
            served = json.loads(body)["controllers"]["root"]["title"] if status == 200 else None
            started.stop()
            code = None
        else:
            code = started.process.wait(timeout=30)
            served = None
            text = started.log_text
            started.stop()
        with open(database, "rb") as file:
            untouched = file.read() == before
        print(f"checksum: a title edited in a stored creation: "
              + (f"served as {served!r}" if code is None else f"start refused (exit {code}), the message names the tree "
                 f"{'tree edited' in text}")
              + f"; database untouched {untouched}")
        check(code == 1 and "tree edited" in text and "checksum" in text, "the start is refused naming the tree")
        check(untouched, "the database is left as it was")
    finally:
        shutil.rmtree(root, ignore_errors=True)


def probe_file_size_limit():
    """A write past the file-size limit (`ulimit -f`) is a 503 like a full disk, not SIGXFSZ's
    death of the process."""
    root = tempfile.mkdtemp(prefix="containment-fsize-")
    try:
        launcher = ["env", "--default-signal=XFSZ", "prlimit", f"--fsize={1 << 20}", "--"]
        with Server("--state-dir", os.path.join(root, "state"), launcher=launcher) as server:
            server.json("PUT", "/v1/trees/big", {"clock": "manual", "root": {"id": "root"}})
            properties = {f"p{index}": "x" * 14_000 for index in range(20)}
            statuses = []
            for round_number in range(40):
                try:
                    status, body = server.json("PATCH", "/v1/trees/big/controllers/root",
                                               {"title": str(round_number), "properties": properties})
                except (OSError, http.client.HTTPException):
                    statuses.append("connection lost")
                    break
                statuses.append(status)
                if status != 200:
                    break
            alive = server.process.poll() is None
            health = server.request("GET", "/healthz")[0] if alive else None
        print(f"file-size: 1 MiB file-size limit: {len(statuses)} writes, the last {statuses[-1]}; "
              f"process alive {alive}, /healthz {health}")
        check(statuses[-1] == 503, f"the write past the limit is a 503 (was {statuses[-1]})")
        check(alive and health == 200, "the process keeps serving")
    finally:
        shutil.rmtree(root, ignore_errors=True)


PROBES = {
    "stalled-disk": probe_stalled_disk, "lost-change": probe_lost_change, "log-without-database": probe_log_without_database,
    "refused-delete": probe_refused_delete, "checksum": probe_checksum, "file-size": probe_file_size_limit,
}
run_probes(PROBES)
