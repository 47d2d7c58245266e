"""Probes of the HTTP layer against one `containment serve`, each bounded in count and time.
Prints one figure per line. Standard library only; every connection goes to 127.0.0.1.

  stalled-readers: delivery latency of a healthy SSE reader while N clients never read
  connection-limit: health checks answered while every connection slot is held
  slow-loris: how long clients trickling a request head keep their connection
"""
import argparse
import http.client
import json
import socket
import statistics
import subprocess
import threading
import time



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


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def stalled_readers(binary, stalled, mutations):
    """p50/p99 ms from a mutation's response to its last event at a healthy SSE reader, and of
    the mutation requests themselves."""
    server = Server(binary)
    holders = []
    try:
        setup = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        body = json.dumps({"id": "probe", "clock": "manual", "root": {"id": "root"}})
        setup.request("POST", "/v1/trees", body=body, headers={"Content-Type": "application/json"})
        setup.getresponse().read()
        request = b"GET /v1/trees/probe/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n"
        for _ in range(stalled):
            holder = connect(server.port)
            holder.sendall(request)
            holders.append(holder)
        reader = connect(server.port)
        reader.sendall(request)
        arrivals = []
        done = threading.Event()

        def read():
            received = b""
            while not done.is_set():
                try:
                    piece = reader.recv(65536)
                except OSError:
                    return
                if not piece:
                    return
                received += piece
                arrivals.append((time.monotonic(), received.count(b"\n\n")))

        thread = threading.Thread(target=read, daemon=True)
        thread.start()
        time.sleep(0.5)
        baseline = arrivals[-1][1] if arrivals else 0
        latencies, requests = [], []
        mutate = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        events = 0
        for index in range(mutations):
            started = time.monotonic()
            payload = json.dumps({"properties": {"probe": index}})
            mutate.request("PATCH", "/v1/trees/probe/controllers/root", body=payload,
                           headers={"Content-Type": "application/json"})
            response = mutate.getresponse()
            answer = response.read()
            if response.status != 200:
                raise RuntimeError(f"mutation answered {response.status}")
            events += len(json.loads(answer)["events"])
            answered = time.monotonic()
            requests.append((answered - started) * 1000)
            deadline = started + 5
            while time.monotonic() < deadline:
                seen = [at for at, messages in list(arrivals) if messages - baseline >= events]
                if seen:
                    latencies.append(max(0, seen[0] - answered) * 1000)
                    break
                time.sleep(0.001)
            else:
                latencies.append(5_000)
            time.sleep(0.02)
        done.set()
        reader.close()
        return [percentile(values, fraction) for values in (latencies, requests) for fraction in (0.5, 0.99)]
    finally:
        for holder in holders:
            holder.close()
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
    parser.add_argument("--mutations", type=int, default=100)
    parser.add_argument("--head-timeout", type=int, default=3, help="0 leaves the server's default")
    args = parser.parse_args()
    p50, p99, request50, request99 = stalled_readers(args.binary, args.stalled, args.mutations)
    print(f"stalled-readers: {args.stalled} never-reading SSE clients, healthy reader delivery after the mutation's"
          f" response p50 {p50:.1f} ms, p99 {p99:.1f} ms; mutation p50 {request50:.1f} ms, p99 {request99:.1f} ms")
    answered, statuses = connection_limit(args.binary, 20, 15)
    print(f"connection-limit: 20 of 20 slots held, health checks answered {answered} of 15 within 3 s each {statuses}")
    seconds, closed = slow_loris(args.binary, 5, args.head_timeout, 20)
    print(f"slow-loris: 5 clients trickling a header byte per second, {closed} of 5 closed after {seconds:.1f} s (bound 20 s)")


if __name__ == "__main__":
    main()
