"""Probes of the HTTP layer against one `containment serve`, each bounded in count and time.
Prints one figure per line. Standard library only; every connection goes to 127.0.0.1.

  stalled-readers: delivery latency of a reading SSE client while N clients never read, at 200 mutations/s
  connection-limit: health checks answered while every connection slot is held
  slow-loris: how long clients trickling a request head keep their connection
"""
import argparse
import http.client
import os
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "benchmarks", "runner"))
import stalled as stalled_measurement  # noqa: E402



def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    def __init__(self, binary, *options):
        self.port = free_port()
        self.process = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--log-level", "error", *options],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if self.get("/healthz") == 200:
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("the server did not start")

    def get(self, path, timeout=5):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request("GET", path)
            return connection.getresponse().status
        finally:
            connection.close()

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def connect(port, receive_buffer=None):
    client = socket.socket()
    if receive_buffer:
        client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    client.settimeout(10)
    client.connect(("127.0.0.1", port))
    return client


def stalled_readers(binary, stalled, seconds):
    """A reading SSE client's delivery while `stalled` others never read, at 200 mutations a
    second (the benchmark's measurement, benchmarks/runner/stalled.py)."""
    server = Server(binary)
    try:
        return stalled_measurement.delivery(server, stalled, rate=200, seconds=seconds, warmup_seconds=1)
    finally:
        server.stop()


def connection_limit(binary, limit, checks):
    """Health checks answered (any status) within 3 s each while `limit` connections are held."""
    server = Server(binary, "--max-connections", str(limit))
    held = []
    try:
        for _ in range(limit):
            held.append(connect(server.port))
        time.sleep(0.3)
        answered, statuses = 0, {}
        for _ in range(checks):
            try:
                status = server.get("/healthz", timeout=3)
                answered += 1
                statuses[status] = statuses.get(status, 0) + 1
            except (OSError, http.client.HTTPException):
                statuses["unanswered"] = statuses.get("unanswered", 0) + 1
        return answered, statuses
    finally:
        for connection in held:
            connection.close()
        server.stop()


def slow_loris(binary, clients, head_timeout, bound):
    """Seconds until every client trickling one header byte per second was closed (capped at `bound`)."""
    options = ["--request-head-timeout", str(head_timeout)] if head_timeout else []
    server = Server(binary, *options)
    trickling = []
    try:
        for _ in range(clients):
            client = connect(server.port)
            client.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
            trickling.append(client)
        started = time.monotonic()
        open_clients = set(range(clients))
        while open_clients and time.monotonic() - started < bound:
            for index in list(open_clients):
                try:
                    trickling[index].sendall(b"a")
                except OSError:
                    open_clients.discard(index)
            time.sleep(1)
        return time.monotonic() - started, clients - len(open_clients)
    finally:
        for client in trickling:
            client.close()
        server.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--stalled", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=3)
    parser.add_argument("--head-timeout", type=int, default=3, help="0 leaves the server's default")
    args = parser.parse_args()
    failed = []
    figures = stalled_readers(args.binary, args.stalled, args.seconds)
    print(f"stalled-readers: {args.stalled} never-reading SSE clients at 200 mutations/s: a reading client's delivery "
          f"p50 {figures['delivery_p50_ms']} ms, p99 {figures['delivery_p99_ms']} ms ({figures['missing_at_reader']} missing); "
          f"mutations p99 {figures['mutation_p99_ms']} ms")
    # The benchmark holds the 100 ms target on a release build; here, any build on a shared
    # machine, only the seconds it was before.
    if figures["delivery_p99_ms"] is None or figures["delivery_p99_ms"] > 500 or figures["missing_at_reader"]:
        failed.append("stalled-readers: delivery p99 over 500 ms or events missing")
    answered, statuses = connection_limit(args.binary, 20, 15)
    print(f"connection-limit: 20 of 20 slots held, health checks answered {answered} of 15 within 3 s each {statuses}")
    seconds, closed = slow_loris(args.binary, 5, args.head_timeout, 20)
    print(f"slow-loris: 5 clients trickling a header byte per second, {closed} of 5 closed after {seconds:.1f} s (bound 20 s)")
    for failure in failed:
        print(f"  FAILED: {failure}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
