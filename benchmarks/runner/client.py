"""A small keep-alive JSON client for setting up fixtures (not for measuring)."""

import http.client
import json


class HTTPFailure(RuntimeError):
    pass


class Client:
    def __init__(self, port, timeout=600):
        self.port = port
        self.timeout = timeout
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)

    def request(self, method, path, body=None, expect=(200, 201, 202, 204), headers=None):
        """Sends one request; returns (status, raw body). Raises unless the status is expected."""
        data = None if body is None else json.dumps(body, separators=(",", ":")).encode()
        sent_headers = {"Content-Type": "application/json"} if data is not None else {}
        sent_headers.update(headers or {})
        for attempt in range(2):
            try:
                self.connection.request(method, path, body=data, headers=sent_headers)
                response = self.connection.getresponse()
                raw = response.read()
                break
            except (http.client.HTTPException, ConnectionError) as error:
                # The server may close an idle keep-alive connection; reconnect once.
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
                if attempt == 1:
                    raise HTTPFailure(f"{method} {path}: {error}") from error
        if expect and response.status not in expect:
            raise HTTPFailure(f"{method} {path} -> {response.status}: {raw[:500]!r}")
        return response.status, raw

    def json(self, method, path, body=None, **kwargs):
        status, raw = self.request(method, path, body, **kwargs)
        return json.loads(raw) if raw else None

    def close(self):
        self.connection.close()
