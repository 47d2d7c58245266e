"""What the scripts that drive instances on loopback share: a free port, a line printed at
once, one JSON request on a fresh connection, and stopping a process they started."""

import http.client
import json
import signal
import socket
import subprocess


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def say(message):
    print(message, flush=True)


def exchange(port, method, path, body=None, timeout=30, headers=None):
    """One request on a fresh connection: (status, headers, parsed JSON or None)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        sent = dict(headers or {})
        if body is not None:
            sent["Content-Type"] = "application/json"
        connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=sent)
        response = connection.getresponse()
        data = response.read()
        try:
            parsed = json.loads(data) if data else None
        except ValueError:
            parsed = None
        return response.status, dict(response.getheaders()), parsed
    finally:
        connection.close()


def stop_process(process):
    """Ends a process this script started (resumed first, should it be paused), killed when it
    does not end within 10 s."""
    if process.poll() is None:
        process.send_signal(signal.SIGCONT)
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
