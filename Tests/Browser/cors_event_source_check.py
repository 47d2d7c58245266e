"""A page from another origin drives the API in headless Chromium: it calls every method the
contract has (GET, HEAD, POST, PUT, PATCH, DELETE; JSON bodies and non-safelisted methods, so
the browser sends CORS preflights), creates a tree without a body, and receives the events over
EventSource, both named (addEventListener) and unnamed (?unnamed=true, onmessage). A page from
an origin the service was not told about must be refused by the browser, and its body-less
`no-cors` POST (which needs no preflight) must create nothing.

Usage: cors_event_source_check.py API_URL ALLOWED_PAGE_PORT OTHER_PAGE_PORT ARTIFACTS_DIR
"""

import http.server
import json
import pathlib
import sys
import tempfile
import threading
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

PAGE = """<!doctype html>
<meta charset="utf-8">
<title>Containment from another origin</title>
<style>body { font: 14px system-ui, sans-serif; margin: 1.5em } li { font-family: monospace }</style>
<h1>Containment, called from <span id="origin"></span></h1>
<p id="status">starting</p>
<h2>Named events (addEventListener)</h2><ol id="named"></ol>
<h2>Unnamed messages (onmessage)</h2><ol id="unnamed"></ol>
<script>
const api = new URLSearchParams(location.search).get("api");
const tree = "browser-" + Date.now();
const results = { named: [], unnamed: [], errors: [], location: null, etagReadable: false, methods: {} };
window.results = results;
document.getElementById("origin").textContent = location.origin;
const show = (list, text) => {
  const item = document.createElement("li");
  item.textContent = text;
  document.getElementById(list).appendChild(item);
};
const call = (method, path, body) => fetch(api + path, body === undefined ? { method } : {
  method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
}).then(async (response) => {
  results.methods[method + " " + path.replace(tree, "{tree}")] = response.status;
  if (!response.ok) throw new Error(method + " " + path + " answered " + response.status + " " + await response.text());
  return response;
});
const post = (path, body) => call("POST", path, body);
const callbacks = ["viewDidLoad", "willMove", "didMove", "viewWillAppear", "viewDidAppear",
                   "viewWillDisappear", "viewDidDisappear", "treeDeleted"];
async function run() {
  try {
    // A body-less POST without a type needs no preflight with `no-cors`: from an origin the
    // service does not allow, it must be refused (the script checks that nothing was created).
    await fetch(api + "/v1/trees", { method: "POST", mode: "no-cors" }).catch(() => {});
    const created = await call("PUT", "/v1/trees/" + tree, { clock: "manual", root: { id: "root" } });
    results.location = created.headers.get("Location");
    const got = await call("GET", "/v1/trees/" + tree);
    results.etagReadable = got.headers.get("ETag") !== null;
    const head = await call("HEAD", "/v1/trees/" + tree);
    results.headBodyLength = (await head.text()).length;
    const bare = await (await call("POST", "/v1/trees")).json();
    await call("DELETE", "/v1/trees/" + bare.tree.id);
    const named = new EventSource(api + "/v1/trees/" + tree + "/events");
    for (const name of callbacks) {
      named.addEventListener(name, (message) => {
        const data = JSON.parse(message.data);
        const text = name === "treeDeleted" ? "treeDeleted " + data.treeDeleted.tree : data.controller + "." + name;
        results.named.push(text);
        show("named", text);
      });
    }
    const unnamed = new EventSource(api + "/v1/trees/" + tree + "/events?unnamed=true");
    unnamed.onmessage = (message) => {
      const data = JSON.parse(message.data);
      const text = data.treeDeleted ? "treeDeleted " + data.treeDeleted.tree : data.controller + "." + (data.callback || "warning");
      results.unnamed.push(text);
      show("unnamed", text);
    };
    await Promise.all([named, unnamed].map((source) => new Promise((resolve) => { source.onopen = resolve; })));
    await post("/v1/trees/" + tree + "/controllers", { id: "map" });
    await post("/v1/trees/" + tree + "/controllers/root/children", { child: "map" });
    await call("PATCH", "/v1/trees/" + tree + "/controllers/map", { title: "Map" });
    await call("DELETE", "/v1/trees/" + tree);
    document.getElementById("status").textContent = "done: tree " + tree;
  } catch (error) {
    results.errors.push(String(error));
    document.getElementById("status").textContent = "refused: " + error;
  }
}
run();
</script>
"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve_page(port, directory):
    handler = lambda *args: QuietHandler(*args, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1000,900"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def main():
    api, allowed_port, other_port, artifacts = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), pathlib.Path(sys.argv[4])
    artifacts.mkdir(parents=True, exist_ok=True)
    directory = tempfile.mkdtemp()
    pathlib.Path(directory, "index.html").write_text(PAGE)
    servers = [serve_page(allowed_port, directory), serve_page(other_port, directory)]
    driver = browser()
    passed, failed = 0, 0

    def check(condition, message):
        nonlocal passed, failed
        if condition:
            passed += 1
        else:
            failed += 1
            print("FAILED:", message)

    try:
        driver.get(f"http://127.0.0.1:{allowed_port}/index.html?api={api}")
        done = lambda d: d.execute_script(
            "return window.results && (window.results.errors.length > 0 || "
            "(window.results.named.some(t => t.startsWith('treeDeleted')) && "
            "window.results.unnamed.some(t => t.startsWith('treeDeleted'))))")
        WebDriverWait(driver, 15).until(done)
        results = driver.execute_script("return window.results")
        driver.save_screenshot(str(artifacts / "browser-cors-allowed.png"))
        print("allowed origin:", json.dumps(results))
        check(results["errors"] == [], f"errors: {results['errors']}")
        expected = ["map.viewDidLoad", "map.willMove", "map.viewWillAppear", "map.viewDidAppear", "map.didMove"]
        for name in ("named", "unnamed"):
            received = results[name]
            check(all(item in received for item in expected), f"{name} events lack some of {expected}: {received}")
            check(received and received[-1].startswith("treeDeleted"), f"{name} stream did not end with treeDeleted: {received}")
        check(results["location"] and results["location"].startswith("/v1/trees/"), "Location header not readable")
        check(results["etagReadable"], "ETag header not readable")
        methods = {key.split(" ")[0] for key, status in results["methods"].items() if 200 <= status < 300}
        check(methods == {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"}, f"every method of the contract: {results['methods']}")
        check(results["methods"].get("PUT /v1/trees/{tree}") == 201, "PUT passes its preflight")
        check(results.get("headBodyLength") == 0, "HEAD has no body")
        trees_before = len(json.load(urllib.request.urlopen(api + "/v1/trees?limit=1000"))["trees"])

        driver.get(f"http://127.0.0.1:{other_port}/index.html?api={api}")
        WebDriverWait(driver, 15).until(lambda d: d.execute_script("return window.results && window.results.errors.length > 0"))
        refused = driver.execute_script("return window.results")
        driver.save_screenshot(str(artifacts / "browser-cors-refused.png"))
        print("other origin:", json.dumps(refused))
        check(any("Failed to fetch" in error for error in refused["errors"]), f"the browser did not refuse: {refused}")
        trees_after = len(json.load(urllib.request.urlopen(api + "/v1/trees?limit=1000"))["trees"])
        check(trees_after == trees_before, f"the other origin's no-cors POST created a tree ({trees_before} → {trees_after})")
    finally:
        driver.quit()
        for server in servers:
            server.shutdown()
    print(f"browser-cors: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
