"""Crash test for --state-dir: SIGKILL the server while several clients mutate, restart it on
the same state directory, and check that every mutation a client saw acknowledged is there,
in order, and nothing a client never sent.

Each client owns a name prefix on one tree (two clients share each tree) and creates
controllers `<prefix>1`, `<prefix>2`, ... one after the other, each only after the previous
one was acknowledged. After the restart the tree must hold exactly `<prefix>1 ... <prefix>m`
for each client, with m at least its last acknowledged step and at most the step it was
sending when the server died: no acknowledged creation lost, no gap (order), nothing extra.

Usage: crash_test.py BINARY WORKDIR ROUNDS
"""

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

TREES = 3
CLIENTS_PER_TREE = 2
LOAD_SECONDS = 1.5


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(binary, state, log):
    port = free_port()
    process = subprocess.Popen(
        [binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--threads", "4", "--state-dir", state],
        stdout=log, stderr=log)
    deadline = time.time() + 30
    while time.time() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"server exited with {process.returncode} on start; see {log.name}")
        try:
            status, _ = request(port, "GET", "/readyz")
            if status == 200:
                return process, port
        except OSError:
            pass
        time.sleep(0.05)
    process.kill()
    raise SystemExit("server did not become ready within 30 s")


def request(port, method, path, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


class Client(threading.Thread):
    def __init__(self, port, tree, prefix, first_step, stop):
        super().__init__(daemon=True)
        self.port, self.tree, self.prefix, self.stop = port, tree, prefix, stop
        self.acknowledged = first_step - 1
        self.sending = first_step - 1
        self.unexpected = None

    def run(self):
        step = self.acknowledged + 1
        while not self.stop.is_set():
            self.sending = step
            try:
                status, body = request(self.port, "POST", f"/v1/trees/{self.tree}/controllers", {"id": f"{self.prefix}{step}"})
            except (OSError, http.client.HTTPException):
                return  # the server died mid-request: this step may or may not have been applied
            if status != 201:
                self.unexpected = f"{self.tree}/{self.prefix}{step}: {status} {body[:200]!r}"
                return
            self.acknowledged = step
            step += 1


def held_steps(port, tree, prefix):
    status, body = request(port, "GET", f"/v1/trees/{tree}")
    if status != 200:
        raise SystemExit(f"FAILED: tree {tree} answered {status} after the restart: {body[:200]!r}")
    controllers = json.loads(body)["controllers"]
    return sorted(int(name[len(prefix):]) for name in controllers if name.startswith(prefix) and name[len(prefix):].isdigit())


def main():
    binary, work, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    state = os.path.join(work, "state")
    log = open(os.path.join(work, "server.log"), "ab")
    process, port = start(binary, state, log)
    trees = [f"crash-{n}" for n in range(TREES)]
    for tree in trees:
        status, body = request(port, "PUT", f"/v1/trees/{tree}", {"clock": "manual", "root": {"id": "root"}})
        if status != 201:
            raise SystemExit(f"FAILED: PUT {tree}: {status} {body!r}")
    prefixes = [(tree, f"{chr(ord('a') + c)}") for tree in trees for c in range(CLIENTS_PER_TREE)]
    held = {key: 0 for key in prefixes}
    total_acknowledged = 0
    for round_number in range(1, rounds + 1):
        stop = threading.Event()
        clients = [Client(port, tree, prefix, held[(tree, prefix)] + 1, stop) for tree, prefix in prefixes]
        for client in clients:
            client.start()
        time.sleep(LOAD_SECONDS)
        process.send_signal(signal.SIGKILL)
        process.wait()
        stop.set()
        for client in clients:
            client.join(timeout=15)
        problems = [client.unexpected for client in clients if client.unexpected]
        if problems:
            raise SystemExit("FAILED: unexpected answers during the load: " + "; ".join(problems))
        acknowledged = sum(client.acknowledged - held[(client.tree, client.prefix)] for client in clients)
        total_acknowledged += acknowledged

        started = time.time()
        process, port = start(binary, state, log)
        restart_seconds = time.time() - started
        in_doubt = 0
        for client in clients:
            steps = held_steps(port, client.tree, client.prefix)
            count = len(steps)
            if steps != list(range(1, count + 1)):
                raise SystemExit(f"FAILED: {client.tree}/{client.prefix}: steps are not 1...{count} in order: {steps[:20]}...")
            if count < client.acknowledged:
                raise SystemExit(
                    f"FAILED: {client.tree}/{client.prefix}: step {client.acknowledged} was acknowledged but only {count} survived")
            if count > client.sending:
                raise SystemExit(f"FAILED: {client.tree}/{client.prefix}: holds step {count}, but only {client.sending} were sent")
            in_doubt += count - client.acknowledged
            held[(client.tree, client.prefix)] = count
        print(
            f"   round {round_number}: {len(clients)} clients, {acknowledged} creations acknowledged before SIGKILL; "
            f"after the restart ({restart_seconds:.2f} s to ready) every one is there in order, "
            f"{in_doubt} in-flight one(s) applied, nothing extra")
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=20)
    print(f"   {total_acknowledged} acknowledged mutations over {rounds} kills, none lost")


if __name__ == "__main__":
    main()
