"""Validates every response the Swift HTTP tests received (a JSON-lines log written by
Tests/MicroHTTPTestSupport/ExchangeLog.swift) against openapi.yaml with openapi-core, error
responses included. Exchanges whose request names no operation of the contract (unknown
routes and methods, preflights, raw HTTP-layer probes) cannot be validated and are counted
apart. Prints the counts; exits non-zero on any mismatch or if nothing was validated.

Usage: validate_exchanges.py openapi.yaml exchanges.jsonl
"""

import base64
import collections
import gzip
import json
import sys

import yaml
from urllib.parse import parse_qsl, urlsplit

from openapi_core import Config, OpenAPI
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from openapi_core.testing import MockRequest, MockResponse


def headers_of(pairs):
    return {name: value for name, value in pairs}


def main():
    spec_path, log_path = sys.argv[1], sys.argv[2]
    # Problems are JSON too, and the document itself YAML; openapi-core only knows JSON by name.
    config = Config(extra_media_type_deserializers={"application/problem+json": json.loads, "application/yaml": yaml.safe_load})
    openapi = OpenAPI.from_file_path(spec_path, config=config)
    validated, outside, failures = 0, collections.Counter(), []
    with open(log_path, encoding="utf-8") as log:
        for number, line in enumerate(log, 1):
            exchange = json.loads(line)
            target = urlsplit(exchange["target"])
            request_headers = headers_of(exchange["requestHeaders"])
            request = MockRequest(
                "http://127.0.0.1", exchange["method"].lower(), target.path,
                args=dict(parse_qsl(target.query, keep_blank_values=True)), headers=request_headers,
                data=base64.b64decode(exchange["requestBody"]),
                content_type=request_headers.get("Content-Type", "application/json"))
            response_headers = headers_of(exchange["responseHeaders"])
            lowered = {name.lower(): value for name, value in response_headers.items()}
            body = base64.b64decode(exchange["responseBody"])
            if lowered.get("content-encoding") == "gzip":
                body = gzip.decompress(body)
            content_type = lowered.get("content-type", "").split(";")[0].strip()
            response = MockResponse(body, status_code=exchange["status"], headers=response_headers,
                                    content_type=content_type)
            label = f'{exchange["method"]} {exchange["target"]} → {exchange["status"]}'
            try:
                openapi.validate_response(request, response)
                validated += 1
            except (PathNotFound, OperationNotFound) as error:
                outside[f'{exchange["status"]} ({type(error).__name__})'] += 1
            except Exception as error:  # every other openapi-core error is a contract mismatch
                failures.append(f"line {number}: {label}: {type(error).__name__}: {error}"
                                f"{' / ' + repr(error.__cause__) if error.__cause__ else ''}"
                                f"\n    body: {body[:300]!r}")
    for failure in failures[:40]:
        print(failure)
    print(f"contract: {validated} responses validated against {spec_path}; "
          f"{sum(outside.values())} outside the contract ({dict(outside)})")
    print(f"contract: {validated} passed, {len(failures)} failed")
    sys.exit(1 if failures or validated == 0 else 0)


if __name__ == "__main__":
    main()
