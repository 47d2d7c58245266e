"""POST /calls add+remove batches (the body of wrk/calls.lua) over one keep-alive connection:
`load.py PORT COUNT`, after creating a tree whose child `w` is detached. Waits up to two
minutes for the server (under valgrind) to listen."""
import http.client
import json
import sys
import time

port, count = int(sys.argv[1]), int(sys.argv[2])
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
for _ in range(1200):
    try:
        connection.connect()
        break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit(f"nothing listens on port {port}")


def request(method, path, body):
    connection.request(method, path, body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    response.read()
    if response.status not in (200, 201):
        sys.exit(f"{method} {path}: {response.status}")


def encoded(value):
    return json.dumps(value, separators=(",", ":")).encode()


request("POST", "/v1/trees", encoded({"id": "t", "root": {"id": "root", "children": [{"id": "w"}]}}))
request("POST", "/v1/trees/t/calls", encoded({"calls": [
    {"receiver": "w", "method": "willMove", "args": {"toParent": None}},
    {"receiver": "w.view", "method": "removeFromSuperview"},
    {"receiver": "w", "method": "removeFromParent"}]}))
batch = encoded({"calls": [
    {"receiver": "root", "method": "addChild", "args": {"child": "w"}},
    {"receiver": "root.view", "method": "addSubview", "args": {"view": "w.view"}},
    {"receiver": "w", "method": "didMove", "args": {"toParent": "root"}},
    {"receiver": "w", "method": "willMove", "args": {"toParent": None}},
    {"receiver": "w.view", "method": "removeFromSuperview"},
    {"receiver": "w", "method": "removeFromParent"}]})
for _ in range(count):
    request("POST", "/v1/trees/t/calls", batch)
