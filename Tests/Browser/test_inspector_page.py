"""The inspector page (GET /) in headless Chromium against a live debug server: a tree is
created through the page, then add -> transition -> clock step -> remove through its forms; the
outline, the wireframe and the timeline must show the right controllers, states and events in
order, the browser console must stay free of errors, and screenshots are kept as artefacts."""

import hashlib
import json
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / ".build" / "artifacts" / "inspector"
BINARY = Path(os.environ.get("CONTAINMENT_BINARY", ROOT / ".build" / "debug" / "containment"))
WAIT = 10


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(log_name, *arguments):
    """A live debug server on an ephemeral loopback port, started and stopped around the tests."""
    port = free_port()
    log = open(ARTIFACTS / log_name, "w")
    process = subprocess.Popen([str(BINARY), "serve", "--host", "127.0.0.1", "--port", str(port), *arguments],
                               stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1).read()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError(f"the server did not start; see {log_name}")
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()


@pytest.fixture(scope="module")
def server():
    yield from serve("server.log")


TOKEN = "inspector-test-token"


@pytest.fixture(scope="module")
def guarded_server(tmp_path_factory):
    """A server with access control on: one user, whose token the test enters in the page."""
    tokens = tmp_path_factory.mktemp("tokens") / "tokens"
    tokens.write_text(f"alice user {hashlib.sha256(TOKEN.encode()).hexdigest()}\n")
    yield from serve("guarded-server.log", "--auth-token-file", str(tokens))


def viewport(driver, width, height, mobile=False):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


def screenshot(driver, name, heads=True):
    """Saves the viewport; at desktop width each column scrolls on its own: show their heads
    unless the test scrolled to something."""
    if heads:
        driver.execute_script("document.querySelectorAll('.column').forEach(c => { c.scrollTop = 0; })")
    path = ARTIFACTS / name
    driver.save_screenshot(str(path))
    assert path.stat().st_size > 5000, f"{name} is blank"


def wait_for(driver, condition, message):
    return WebDriverWait(driver, WAIT, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda _: condition(), message)


def click(driver, by, selector):
    """Clicks what `selector` finds, found again when the page redrew it between finding and
    clicking (the tree list and the outline are redrawn live)."""
    def clicked():
        driver.find_element(by, selector).click()
        return True
    wait_for(driver, clicked, f"{selector} could be clicked")


def open_section(driver, form):
    """Opens the <details> that holds `form`."""
    driver.execute_script("const section = document.getElementById(arguments[0]).closest('details');"
                          "if (section) section.open = true", form)


def fill(driver, form, **fields):
    open_section(driver, form)
    for name, value in fields.items():
        field = driver.find_element(By.CSS_SELECTOR, f"#{form} [name={name}]")
        field.clear()
        field.send_keys(str(value))


def submit(driver, form, label=None):
    selector = f"#{form} button[type=submit]" + (f"[value={label}]" if label else "")
    driver.find_element(By.CSS_SELECTOR, selector).click()


def outline(driver, controller):
    """The outline item of `controller`, read in one script (the outline is redrawn live):
    its appearance (the state class), its tags and whether it is selected, or None."""
    return driver.execute_script(
        "const item = document.querySelector(`#outline [role=treeitem][data-id=\"${arguments[0]}\"]`);"
        "if (!item) return null; const line = item.querySelector(':scope > .item');"
        "return {state: [...line.classList].find(c => c.startsWith('s-')).slice(2),"
        " tags: [...line.querySelectorAll(':scope > .tag')].map(t => t.textContent),"
        " selected: item.getAttribute('aria-selected') === 'true'}", controller)


def appearance(driver, controller):
    item = outline(driver, controller)
    return item and item["state"]


def tags(driver, controller):
    return outline(driver, controller)["tags"]


def timeline(driver):
    """(seq, controller, callback) of every event row, in the diagram's top-to-bottom order."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#timeline .ev')].map(g => "
        "[Number(g.dataset.seq), g.dataset.controller, g.dataset.callback])")


def events_after(driver, seq):
    return [(controller, callback) for s, controller, callback in timeline(driver) if s > seq]


def last_seq(driver):
    rows = timeline(driver)
    return rows[-1][0] if rows else 0


def wireframe_views(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#wireframe .view')].map(g => g.getAttribute('aria-label'))")


def problem_text(driver, form):
    return driver.find_element(By.CSS_SELECTOR, f"#{form} .problem").text


def console_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def test_containment_through_the_page(server, browser):
    driver = open_page(browser, server)
    assert driver.title == "Containment inspector"

    # Create Apple's container with a `content` view; map and list are created detached.
    Select(driver.find_element(By.ID, "preset")).select_by_value("container")
    submit(driver, "create-tree")
    wait_for(driver, lambda: outline(driver, "list") is not None, "the tree and its detached controllers show")
    assert driver.execute_script("return document.querySelector('#tree-list [aria-current=true] button').textContent") == "demo"
    wait_for(driver, lambda: "demo" in driver.find_element(By.ID, "tree-list").text, "the tree list is live")
    assert appearance(driver, "root") == "appeared"
    assert appearance(driver, "map") == "disappeared" and "not loaded" in tags(driver, "map")
    assert any(label.startswith("content") for label in wireframe_views(driver)), wireframe_views(driver)
    assert "decided by root" in driver.find_element(By.ID, "window-info").text
    assert not driver.find_element(By.ID, "clock").get_attribute("hidden"), "a manual tree shows its clock"

    # Add: the guide's displayContentController.
    before = last_seq(driver)
    fill(driver, "add-child", parent="root", child="map", containerView="content")
    submit(driver, "add-child")
    wait_for(driver, lambda: appearance(driver, "map") == "appeared", "map appears")
    wait_for(driver, lambda: ("map", "viewDidAppear") in events_after(driver, before), "add events in the timeline")
    added = [event for event in events_after(driver, before) if event[0] == "map"]
    assert [callback for _, callback in added] == [
        "willMove", "loadView", "viewDidLoad", "viewWillAppear", "didMove", "viewIsAppearing",
        "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewDidAppear"], added
    assert "loaded" in tags(driver, "map")
    assert any(label.startswith("map.view") for label in wireframe_views(driver))
    assert problem_text(driver, "add-child") == ""

    # Transition map -> list over 0.25 s of the manual clock: stop inside it and look.
    before = last_seq(driver)
    fill(driver, "transition", parent="root", **{"from": "map", "to": "list", "duration": "0.25"})
    submit(driver, "transition")
    wait_for(driver, lambda: appearance(driver, "list") == "appearing", "list is appearing mid-transition")
    assert appearance(driver, "map") == "disappearing"
    assert "isMovingToParent" in tags(driver, "list") and "isMovingFromParent" in tags(driver, "map")
    started = events_after(driver, before)
    assert started.index(("map", "willMove")) < started.index(("map", "viewWillDisappear")) < started.index(("list", "viewWillAppear"))
    assert ("list", "viewDidAppear") not in started
    wait_for(driver, lambda: "next due" in driver.find_element(By.ID, "clock-info").text, "the clock shows the due time")
    views = wireframe_views(driver)
    assert any(label.startswith("map.view") for label in views) and any(label.startswith("list.view") for label in views)
    screenshot(driver, "inspector-1280x800-mid-transition.png")

    # Advance by less than the duration: still inside the transition, nothing completes.
    before = last_seq(driver)
    fill(driver, "clock", advance="0.1")
    submit(driver, "clock")
    wait_for(driver, lambda: "(in 0.150 s)" in driver.find_element(By.ID, "clock-info").text, "the clock moved 0.1 s")
    assert appearance(driver, "list") == "appearing" and events_after(driver, before) == []

    # Step the clock to the transition's completion.
    before = last_seq(driver)
    driver.find_element(By.ID, "clock-step").click()
    wait_for(driver, lambda: appearance(driver, "list") == "appeared", "list appeared after the step")
    wait_for(driver, lambda: ("list", "didMove") in events_after(driver, before), "completion events")
    completion = events_after(driver, before)
    assert completion[:5] == [("map", "viewDidDisappear"), ("list", "viewDidAppear"), ("root", "transitionCompletion"),
                              ("map", "didMove"), ("list", "didMove")], completion
    assert appearance(driver, "map") == "disappeared"
    assert "nothing running" in driver.find_element(By.ID, "clock-info").text

    # Remove: the guide's hideContentController.
    before = last_seq(driver)
    fill(driver, "remove-child", parent="root", child="list")
    submit(driver, "remove-child")
    wait_for(driver, lambda: appearance(driver, "list") == "disappeared", "list disappears")
    wait_for(driver, lambda: ("list", "viewDidDisappear") in events_after(driver, before), "remove events")
    removed = [callback for controller, callback in events_after(driver, before) if controller == "list"]
    assert removed == ["willMove", "viewWillDisappear", "didMove", "viewDidDisappear"], removed
    assert not any(label.startswith("list.view") for label in wireframe_views(driver))

    # The whole timeline is in seq order, one band per mutation (batch).
    rows = timeline(driver)
    assert [seq for seq, _, _ in rows] == sorted(seq for seq, _, _ in rows)
    batches = driver.execute_script("return [...document.querySelectorAll('#timeline .batch')].map(g => Number(g.dataset.batch))")
    assert batches == sorted(set(batches)) and len(batches) >= 4, batches

    # Selection is shared: the outline by keyboard, the wireframe by click.
    driver.execute_script("document.querySelector('#outline [role=treeitem][tabindex=\"0\"]').focus()")
    ActionChains(driver).send_keys(Keys.HOME, Keys.ARROW_DOWN, Keys.ENTER).perform()
    second = driver.execute_script("return document.querySelectorAll('#outline [role=treeitem]')[1].dataset.id")
    wait_for(driver, lambda: outline(driver, second)["selected"], "arrow down and Enter select the second item")
    assert driver.execute_script("return document.activeElement.dataset.id") == second
    ActionChains(driver).send_keys(Keys.HOME, Keys.ENTER).perform()
    wait_for(driver, lambda: outline(driver, "root")["selected"], "Home and Enter select root")
    assert driver.find_elements(By.CSS_SELECTOR, '#wireframe .view.selected[data-controller="root"]')
    root_view = driver.find_element(By.CSS_SELECTOR, '#wireframe .view[data-controller="root"] rect')
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", root_view)
    assert '"id": "root"' in driver.find_element(By.ID, "controller-detail").text

    # An event's details, the families filter and the exports.
    event = driver.find_element(By.CSS_SELECTOR, '#timeline .ev[data-callback="viewWillAppear"][data-controller="map"] rect.hit')
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", event)
    assert '"isMovingToParent": true' in driver.find_element(By.ID, "event-detail").text
    driver.execute_script("document.getElementById('timeline-box').focus()")
    ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
    following = driver.execute_script("return document.querySelector('#timeline .ev.selected').dataset.callback")
    assert f'"callback": "{following}"' in driver.find_element(By.ID, "event-detail").text
    mermaid = driver.execute_script("return mermaid(selectedEvents())")
    assert mermaid.startswith("sequenceDiagram") and "->>" in mermaid and "viewWillAppear" in mermaid
    driver.find_element(By.ID, "copy-mermaid").click()
    wait_for(driver, lambda: "timeline.mmd" in driver.find_element(By.ID, "export-status").text
             or "copied" in driver.find_element(By.ID, "export-status").text, "the Mermaid export reports")
    driver.find_element(By.ID, "clear-selection").click()
    layout = driver.find_element(By.CSS_SELECTOR, ".filters input[name=layout]")
    layout.click()
    assert not any(callback == "viewWillLayoutSubviews" for _, _, callback in timeline(driver))
    layout.click()
    exported = driver.execute_script(
        "const copy = document.createElementNS(svgNS, 'svg'); buildTimeline(copy, selectedEvents());"
        "return new XMLSerializer().serializeToString(copy)")
    assert exported.startswith("<svg") and "transitionCompletion" in exported
    screenshot(driver, "inspector-1280x800.png")
    assert console_errors(driver) == []

    # The contract, rendered from /openapi.yaml.
    driver.find_element(By.ID, "contract-toggle").click()
    wait_for(driver, lambda: "POST /v1/trees/{tree}/controllers/{parent}/transitions" in driver.find_element(By.ID, "contract").text,
             "the contract lists its operations")
    driver.execute_script("document.querySelector('#contract details').open = true")
    screenshot(driver, "inspector-1280x800-contract.png")
    driver.find_element(By.ID, "contract-toggle").click()

    # A phone-sized viewport: one column, nothing wider than the screen.
    viewport(driver, 390, 844, mobile=True)
    driver.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.2)
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
    screenshot(driver, "inspector-390x844.png")
    driver.execute_script("document.getElementById('hierarchy-title').scrollIntoView()")
    screenshot(driver, "inspector-390x844-hierarchy.png")
    driver.execute_script("document.getElementById('timeline-title').scrollIntoView()")
    screenshot(driver, "inspector-390x844-timeline.png")
    assert console_errors(driver) == []

    # A call UIKit rejects: the 409 problem shows where the action was, titled with UIKit's
    # exception (a transition between controllers that are not children of the parent).
    viewport(driver, 1280, 800)
    fill(driver, "transition", parent="root", **{"from": "map", "to": "list", "duration": "0"})
    submit(driver, "transition")
    wait_for(driver, lambda: problem_text(driver, "transition"), "the problem shows")
    shown = problem_text(driver, "transition")
    refused = urllib.request.Request(server + "/v1/trees/demo/controllers/root/transitions", method="POST",
                                     data=b'{"from": "map", "to": "list", "duration": 0}', headers={"Content-Type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(refused)
    problem = json.loads(answer.value.read())
    assert answer.value.code == 409 and shown.startswith(f"409 {problem['title']}\n{problem['detail']}"), (shown, problem)
    assert driver.find_element(By.CSS_SELECTOR, "#transition .problem").get_attribute("role") == "alert"
    assert driver.find_elements(By.CSS_SELECTOR, "#timeline .problem-row")
    driver.execute_script("document.getElementById('transition').scrollIntoView({block: 'center'});"
                          "const box = document.getElementById('timeline-box'); box.scrollTop = box.scrollHeight")
    screenshot(driver, "inspector-1280x800-problem.png", heads=False)
    # Only the browser's own note of the refused request, no script error.
    errors = console_errors(driver)
    assert all(entry["source"] == "network" and "/transitions" in entry["message"] for entry in errors), errors


def open_page(driver, server):
    viewport(driver, 1280, 800)
    driver.get(server + "/")
    wait_for(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#preset option"), "presets load")
    return driver


def create_from_preset(driver, preset, tree):
    Select(driver.find_element(By.ID, "preset")).select_by_value(preset)
    submit(driver, "create-tree")
    wait_for(driver, lambda: driver.execute_script("return document.querySelector('#tree-list [aria-current=true] button')?.textContent") == tree,
             f"{tree} is selected")
    wait_for(driver, lambda: timeline(driver), f"{tree}'s creation events show")


def test_navigation_and_tab_bar_through_the_page(server, browser):
    driver = open_page(browser, server)

    create_from_preset(driver, "navigation", "nav-demo")
    wait_for(driver, lambda: appearance(driver, "detail") == "appeared", "the top of the stack appears")
    assert appearance(driver, "list") == "disappeared"
    # An animated push runs 0.35 s on the manual clock: step through it.
    before = last_seq(driver)
    fill(driver, "navigation", receiver="nav", viewController="more")
    submit(driver, "navigation", "pushViewController")
    wait_for(driver, lambda: appearance(driver, "more") == "appearing", "more is appearing during the push")
    assert appearance(driver, "detail") == "disappearing"
    wait_for(driver, lambda: not driver.find_element(By.ID, "clock-step").get_attribute("disabled"), "a push is due")
    driver.find_element(By.ID, "clock-step").click()
    wait_for(driver, lambda: appearance(driver, "more") == "appeared", "the push completes")
    pushed = events_after(driver, before)
    assert pushed.index(("detail", "viewWillDisappear")) < pushed.index(("more", "viewWillAppear")) \
        < pushed.index(("detail", "viewDidDisappear")) < pushed.index(("more", "viewDidAppear")), pushed
    # Pop without animation: more leaves at once.
    driver.find_element(By.CSS_SELECTOR, "#navigation [name=animated]").click()
    before = last_seq(driver)
    submit(driver, "navigation", "popViewController")
    wait_for(driver, lambda: appearance(driver, "detail") == "appeared", "pop shows detail again")
    wait_for(driver, lambda: ("more", "didMove") in events_after(driver, before), "more leaves the stack")
    assert outline(driver, "more") is not None and appearance(driver, "more") == "disappeared"

    create_from_preset(driver, "tabs", "tab-demo")
    wait_for(driver, lambda: appearance(driver, "first") == "appeared", "the first tab shows")
    before = last_seq(driver)
    fill(driver, "tabs", receiver="tabs", index=2)
    submit(driver, "tabs")
    wait_for(driver, lambda: appearance(driver, "third") == "appeared", "the third tab shows")
    switched = events_after(driver, before)
    # Tab bar selection announces the new tab first (docs/uikit-rules.md, rule 14); navigation stays old-first.
    assert switched.index(("third", "viewWillAppear")) < switched.index(("first", "viewWillDisappear")), switched
    assert appearance(driver, "first") == "disappeared"
    screenshot(driver, "inspector-1280x800-tabs.png")

    # The spec is editable: a split view in a regular-width window, then hide and show its primary column.
    driver.execute_script("arguments[0].value = arguments[1]", driver.find_element(By.CSS_SELECTOR, "#create-tree [name=spec]"),
                          json.dumps({"id": "split-demo", "clock": "manual",
                                      "window": {"size": {"width": 1024, "height": 768}, "horizontalSizeClass": "regular"},
                                      "root": {"id": "split", "kind": "splitViewController",
                                               "primary": {"id": "sidebar"}, "secondary": {"id": "content"}}}))
    submit(driver, "create-tree")
    wait_for(driver, lambda: appearance(driver, "sidebar") == "appeared", "the split view shows both columns")
    assert "regular width" in driver.find_element(By.ID, "window-info").text
    assert driver.execute_script("return document.querySelector('#split [name=receiver]').value") == "split", "prefilled from the root"
    before = last_seq(driver)
    submit(driver, "split", "hide")
    wait_for(driver, lambda: appearance(driver, "sidebar") == "disappeared", "hide removes the primary column")
    assert ("sidebar", "viewDidDisappear") in events_after(driver, before)
    submit(driver, "split", "show")
    wait_for(driver, lambda: appearance(driver, "sidebar") == "appeared", "show brings it back")
    # Back to the tab bar's tree, chosen from the list: its outline and timeline come back.
    click(driver, By.XPATH, "//ul[@id='tree-list']//button[text()='tab-demo']")
    wait_for(driver, lambda: outline(driver, "tabs") is not None and outline(driver, "sidebar") is None, "tab-demo is selected again")
    wait_for(driver, lambda: ("third", "viewDidAppear") in events_after(driver, 0), "its events are replayed")

    # Delete the selected tree: its last events come, then it leaves the list.
    driver.find_element(By.ID, "delete-tree").click()
    wait_for(driver, lambda: "tab-demo" not in driver.find_element(By.ID, "tree-list").text, "the tree leaves the list")
    assert driver.find_element(By.ID, "stream-status").text in ("deleted tab-demo", "no tree selected")
    assert outline(driver, "tabs") is None
    assert console_errors(driver) == []


def test_tunnel_window_raw_calls_and_outside_changes(server, browser):
    driver = open_page(browser, server)
    create_from_preset(driver, "tunnel", "tunnel")
    wait_for(driver, lambda: outline(driver, "targetGeo") is not None, "the detached places are created")
    assert appearance(driver, "startMap") == "appeared" and appearance(driver, "targetMap") == "appeared"
    labels = wireframe_views(driver)
    for view in ("topContainer", "bottomContainer", "startMap.view", "targetMap.view"):
        assert any(label.startswith(view) for label in labels), labels

    # The radar button: flip both maps to their places at once, as raw calls.
    open_section(driver, "calls")
    area = driver.find_element(By.CSS_SELECTOR, "#calls [name=body]")
    driver.execute_script("arguments[0].value = arguments[1]", area, """{"calls": [
      {"receiver": "startMap", "method": "willMove", "args": {"toParent": null}},
      {"receiver": "root", "method": "addChild", "args": {"child": "startGeo"}},
      {"receiver": "root", "method": "transition", "args": {"from": "startMap", "to": "startGeo", "duration": 0, "options": ["transitionFlipFromTop"]}}]}""")
    Select(driver.find_element(By.ID, "call-methods")).select_by_value("runLoop")
    driver.find_element(By.ID, "insert-call").click()
    assert '"method": "runLoop"' in area.get_attribute("value")
    before = last_seq(driver)
    driver.find_element(By.CSS_SELECTOR, "#calls button[type=submit]").click()
    wait_for(driver, lambda: appearance(driver, "startGeo") == "appeared", "the flip shows the start place")
    assert ("startMap", "viewDidDisappear") in events_after(driver, before)
    assert problem_text(driver, "calls") == ""

    # A call UIKit only warns about: the warning is a highlighted row of the timeline.
    driver.execute_script("arguments[0].value = arguments[1]", area,
                          '{"calls": [{"receiver": "targetMap", "method": "endAppearanceTransition"}]}')
    driver.find_element(By.CSS_SELECTOR, "#calls button[type=submit]").click()
    wait_for(driver, lambda: driver.find_elements(By.CSS_SELECTOR, '#timeline .ev[data-callback="warning"][data-controller="targetMap"]'),
             "the warning shows")
    warning = driver.execute_script(
        "const row = document.querySelector('#timeline .ev[data-callback=\"warning\"]');"
        "return [row.textContent, row.querySelector('rect.hit').getAttribute('fill')]")
    assert "Unbalanced calls to begin/end appearance transitions for <targetMap>" in warning[0] and warning[1] != "transparent", warning

    # A presented controller nests under its presenter (`presentedViewController`), marked while
    # it is being presented; the clock steps through the animated presentation.
    driver.execute_script("arguments[0].value = arguments[1]", area,
                          '{"calls": [{"receiver": "root", "method": "present", "args": {"viewController": "targetGeo", "animated": true}}]}')
    driver.find_element(By.CSS_SELECTOR, "#calls button[type=submit]").click()
    nested = "return document.querySelector('#outline [data-id=\"root\"] > ul > [data-id=\"targetGeo\"] > .item')?.textContent"
    wait_for(driver, lambda: "isBeingPresented" in (driver.execute_script(nested) or ""), "the presented controller nests under root")
    assert "presented" in tags(driver, "targetGeo") and appearance(driver, "targetGeo") == "appearing"
    wait_for(driver, lambda: not driver.find_element(By.ID, "clock-step").get_attribute("disabled"), "the presentation is due")
    driver.find_element(By.ID, "clock-step").click()
    wait_for(driver, lambda: appearance(driver, "targetGeo") == "appeared", "the presentation completes")
    assert "isBeingPresented" not in tags(driver, "targetGeo")

    # The window turns to landscape and a regular width.
    before = last_seq(driver)
    fill(driver, "window", width=844, height=390)
    submit(driver, "window", "setSize")
    wait_for(driver, lambda: "Window 844×390" in driver.find_element(By.ID, "window-info").text, "the window info follows")
    assert any(callback == "viewWillTransition" for _, callback in events_after(driver, before))
    assert driver.execute_script("return document.getElementById('wireframe').getAttribute('viewBox')") == "-4 -4 852 398"
    Select(driver.find_element(By.CSS_SELECTOR, "#window [name=sizeClass]")).select_by_visible_text("regular")
    submit(driver, "window", "setHorizontalSizeClass")
    wait_for(driver, lambda: "regular width" in driver.find_element(By.ID, "window-info").text, "the size class shows")

    # A change made by another client arrives over the stream.
    outside = urllib.request.Request(server + "/v1/trees/tunnel/controllers", method="POST",
                                     data=b'{"id": "elsewhere", "title": "Made elsewhere"}',
                                     headers={"Content-Type": "application/json"})
    urllib.request.urlopen(outside).read()
    # A change without events (a detached controller) shows at the next poll of the tree ...
    WebDriverWait(driver, WAIT).until(lambda _: outline(driver, "elsewhere") is not None, "another client's controller shows")
    # ... and events come over the stream.
    outside = urllib.request.Request(server + "/v1/trees/tunnel/calls", method="POST",
                                     data=b'{"calls": [{"receiver": "elsewhere", "method": "loadViewIfNeeded"}]}',
                                     headers={"Content-Type": "application/json"})
    urllib.request.urlopen(outside).read()
    wait_for(driver, lambda: ("elsewhere", "viewDidLoad") in events_after(driver, 0), "another client's events stream in")
    wait_for(driver, lambda: "loaded" in tags(driver, "elsewhere"), "the outline follows the stream")
    screenshot(driver, "inspector-1280x800-tunnel.png")
    assert console_errors(driver) == []


def test_access_control_through_the_page(guarded_server, browser):
    """With `--auth-token-file` the page loads without a token, says what to do about the 401,
    takes a token into session storage (never a URL) and sends it on every call and stream."""
    driver = browser
    driver.get(guarded_server + "/")
    notice = lambda: driver.find_element(By.ID, "access-problem")
    wait_for(driver, lambda: notice().is_displayed(), "the 401 shows as a problem")
    text = notice().text
    assert text.startswith("401 Unauthorized") and "Enter your access token" in text and "code: token_missing" in text, text
    assert driver.find_element(By.ID, "access").is_displayed(), "the token form is open"
    assert driver.execute_script("return document.activeElement.name") == "token", "the token field has the focus"
    assert notice().get_attribute("role") == "alert"
    screenshot(driver, "inspector-1280x800-token-missing.png")

    # A wrong token: the problem says the service does not know it.
    driver.find_element(By.CSS_SELECTOR, "#access [name=token]").send_keys("not-the-token")
    driver.find_element(By.CSS_SELECTOR, "#access button[type=submit]").click()
    wait_for(driver, lambda: "code: token_invalid" in notice().text, "an unknown token shows its own problem")
    assert "does not know this token" in notice().text
    screenshot(driver, "inspector-1280x800-token-invalid.png")

    # The right token: the page works, and the live stream carries it too.
    driver.find_element(By.CSS_SELECTOR, "#access [name=token]").send_keys(TOKEN)
    driver.find_element(By.CSS_SELECTOR, "#access button[type=submit]").click()
    wait_for(driver, lambda: not notice().is_displayed(), "the problem goes once the token works")
    wait_for(driver, lambda: "No trees yet" in driver.find_element(By.ID, "tree-list").text, "the tree list loads")
    assert driver.execute_script(f"return sessionStorage.getItem('containment.token')") == TOKEN
    Select(driver.find_element(By.ID, "preset")).select_by_value("container")
    submit(driver, "create-tree")
    wait_for(driver, lambda: outline(driver, "list") is not None, "the tree is created with the token")
    wait_for(driver, lambda: driver.find_element(By.ID, "stream-status").text == "live: demo", "the stream is open")
    wait_for(driver, lambda: ("root", "viewDidAppear") in events_after(driver, 0), "the creation events arrive")
    # Another client's change reaches the page only through the stream (it delivers events).
    before = last_seq(driver)
    for path, body in [("/v1/trees/demo/controllers", b'{"id": "elsewhere"}'),
                       ("/v1/trees/demo/calls", b'{"calls": [{"receiver": "elsewhere", "method": "loadViewIfNeeded"}]}')]:
        request = urllib.request.Request(guarded_server + path, method="POST", data=body,
                                         headers={"Content-Type": "application/json", "Authorization": f"Bearer {TOKEN}"})
        urllib.request.urlopen(request).read()
    wait_for(driver, lambda: ("elsewhere", "viewDidLoad") in events_after(driver, before), "the stream brings them")
    fill(driver, "add-child", parent="root", child="map", containerView="content")
    submit(driver, "add-child")
    wait_for(driver, lambda: appearance(driver, "map") == "appeared", "a form's call carries the token")
    screenshot(driver, "inspector-1280x800-token.png")

    # The token went in headers only: no URL the page loaded holds it.
    urls = driver.execute_script("return [location.href, ...performance.getEntriesByType('resource').map(e => e.name)]")
    assert urls and not any(TOKEN in url for url in urls), urls
    # The only console errors are the browser's notes of the refused (401) requests.
    errors = console_errors(driver)
    assert all(entry["source"] == "network" and "401" in entry["message"] for entry in errors), errors

    # The token form folds away once the token works; opened again, it forgets the token, and
    # the problem comes back.
    assert not driver.find_element(By.ID, "access").is_displayed()
    driver.find_element(By.ID, "access-toggle").click()
    driver.find_element(By.ID, "forget-token").click()
    wait_for(driver, lambda: notice().is_displayed() and "token_missing" in notice().text, "the page asks again")
    assert driver.execute_script("return sessionStorage.getItem('containment.token')") is None


def test_routing_traits_and_user_actions_through_the_page(server, browser):
    """docs/uikit-rules-adaptivity.md through the page: show routed to a navigation controller
    (its target read first, no event), a tap on the selected tab popping it to its root, the
    scene going to the background (scene events on their own lane, no appearance callback),
    a trait override and a rotation across size classes."""
    driver = open_page(browser, server)
    # The browser's log still holds what earlier tests left (the access test's refused requests).
    driver.get_log("browser")
    # The preset's detached controllers are created with the tree: none of theirs is an id here.
    driver.execute_script("arguments[0].value = arguments[1]", driver.find_element(By.CSS_SELECTOR, "#create-tree [name=spec]"),
                          json.dumps({"id": "route-demo", "clock": "manual",
                                      "root": {"id": "tabs", "kind": "tabBarController", "viewControllers": [
                                          {"id": "feed", "kind": "navigationController", "viewControllers": [{"id": "inbox"}]},
                                          {"id": "settings"}]}}))
    submit(driver, "create-tree")
    wait_for(driver, lambda: appearance(driver, "inbox") == "appeared", "the feed tab shows its inbox")
    fill(driver, "create-controller", id="post")
    submit(driver, "create-controller")
    wait_for(driver, lambda: outline(driver, "post") is not None, "post is created")

    # Where would show go? The navigation controller, and asking sends no event.
    before = last_seq(driver)
    fill(driver, "routing", receiver="inbox", viewController="post")
    submit(driver, "routing", "targetViewController")
    wait_for(driver, lambda: "feed" in driver.find_element(By.ID, "routing-result").text, "the target is the navigation controller")
    assert events_after(driver, before) == []
    submit(driver, "routing", "show")
    wait_for(driver, lambda: appearance(driver, "post") == "appearing", "show pushes post, animated")
    wait_for(driver, lambda: not driver.find_element(By.ID, "clock-step").get_attribute("disabled"), "the push is due")
    driver.find_element(By.ID, "clock-step").click()
    wait_for(driver, lambda: appearance(driver, "post") == "appeared", "the push completes")
    assert ("post", "willMove") in events_after(driver, before)

    # The user taps the selected tab: the delegate is asked, the stack pops to its root.
    before = last_seq(driver)
    fill(driver, "tabs", receiver="tabs", index=0)
    submit(driver, "tabs", "tapTabBarItem")
    wait_for(driver, lambda: ("tabs", "didSelect") in events_after(driver, before), "the delegate hears of the tap")
    tapped = events_after(driver, before)
    assert tapped.index(("tabs", "shouldSelect")) < tapped.index(("post", "viewWillDisappear")) < tapped.index(("tabs", "didSelect")), tapped
    driver.find_element(By.ID, "clock-step").click()
    wait_for(driver, lambda: appearance(driver, "inbox") == "appeared", "the pop to the root completes")

    # The scene goes to the background: its delegate's callbacks, on the scene lane, and no appearance callback.
    before = last_seq(driver)
    open_section(driver, "window")
    Select(driver.find_element(By.CSS_SELECTOR, "#window [name=state]")).select_by_visible_text("background")
    submit(driver, "window", "setActivationState")
    wait_for(driver, lambda: ("", "sceneDidEnterBackground") in events_after(driver, before), "the scene enters the background")
    assert events_after(driver, before) == [("", "sceneWillResignActive"), ("", "sceneDidEnterBackground")]
    assert "scene" in driver.execute_script("return [...document.querySelectorAll('#timeline text.lane')].map(t => t.textContent)")
    wait_for(driver, lambda: "scene background" in driver.find_element(By.ID, "window-info").text, "the window shows the state")
    assert appearance(driver, "inbox") == "appeared"

    # A trait override for a tab, then a rotation across size classes.
    before = last_seq(driver)
    fill(driver, "traits", receiver="tabs", forChild="settings")
    submit(driver, "traits")
    wait_for(driver, lambda: ("settings", "traitCollectionDidChange") in events_after(driver, before), "the overridden tab is told")
    assert ("settings", "willTransition") not in events_after(driver, before)
    before = last_seq(driver)
    fill(driver, "window", width=926, height=428)
    Select(driver.find_element(By.CSS_SELECTOR, "#window [name=sizeClass]")).select_by_visible_text("regular")
    submit(driver, "window", "rotate")
    wait_for(driver, lambda: ("tabs", "traitCollectionDidChange") in events_after(driver, before), "the rotation reaches the tab bar")
    rotated = events_after(driver, before)
    assert rotated.index(("tabs", "willTransition")) < rotated.index(("tabs", "viewWillTransition")) \
        < rotated.index(("tabs", "traitCollectionDidChange")), rotated
    assert ("settings", "willTransition") not in rotated, "settings keeps its overridden traits"
    screenshot(driver, "inspector-1280x800-routing.png")
    assert console_errors(driver) == []


def called_from(driver):
    """(controller, callback, calledFrom) of every event row an override caused."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#timeline .ev')].filter(g => g.dataset.calledFrom)"
        ".map(g => [g.dataset.controller, g.dataset.callback, g.dataset.calledFrom])")


def set_value(driver, selector, value):
    driver.execute_script("arguments[0].value = arguments[1]", driver.find_element(By.CSS_SELECTOR, selector), value)


def test_overrides_segues_and_custom_presentation_through_the_page(server, browser):
    driver = open_page(browser, server)
    driver.get_log("browser")  # what earlier tests' pages logged is theirs
    create_from_preset(driver, "storyboard", "storyboard")
    wait_for(driver, lambda: outline(driver, "card") is not None, "the storyboard's detached controllers are created")
    assert "segues showDetail compose" in tags(driver, "list")
    assert "overrides viewDidAppear" in tags(driver, "detail")

    # An override set through its form (a PATCH): list's viewWillDisappear updates the status bar.
    fill(driver, "overrides", controller="list")
    Select(driver.find_element(By.CSS_SELECTOR, "#overrides [name=callback]")).select_by_visible_text("viewWillDisappear")
    set_value(driver, "#overrides [name=calls]", '[{"receiver": "list", "method": "setNeedsStatusBarAppearanceUpdate"}]')
    submit(driver, "overrides", "set")
    wait_for(driver, lambda: "overrides viewWillDisappear" in tags(driver, "list"), "the override shows on list")

    # performSegue: prepare before detail loads; the override's call runs inside viewWillDisappear.
    before = last_seq(driver)
    fill(driver, "segue", receiver="list", identifier="showDetail")
    submit(driver, "segue", "performSegue")
    wait_for(driver, lambda: appearance(driver, "detail") == "appearing", "the show segue pushes detail")
    pushed = events_after(driver, before)
    assert pushed.index(("list", "prepare")) < pushed.index(("detail", "viewDidLoad")) < pushed.index(("list", "viewWillDisappear")), pushed
    assert pushed.index(("list", "viewWillDisappear")) < pushed.index(("list", "setNeedsStatusBarAppearanceUpdate")), pushed
    wait_for(driver, lambda: ["list", "setNeedsStatusBarAppearanceUpdate", "list.viewWillDisappear"] in called_from(driver),
             "the timeline marks the call an override made")
    driver.find_element(By.ID, "clock-step").click()
    wait_for(driver, lambda: appearance(driver, "detail") == "appeared", "the push completes")
    wait_for(driver, lambda: ["detail", "setNeedsStatusBarAppearanceUpdate", "detail.viewDidAppear"] in called_from(driver),
             "detail's own override ran inside its viewDidAppear")

    # The user triggers compose: shouldPerformSegue answers false, nothing else happens.
    before = last_seq(driver)
    fill(driver, "segue", receiver="list", identifier="compose")
    submit(driver, "segue", "triggerSegue")
    wait_for(driver, lambda: events_after(driver, before), "the refusal shows")
    assert events_after(driver, before) == [("list", "shouldPerformSegue")]
    assert appearance(driver, "form") == "disappeared"

    # The unwind segue from detail: the search, the action, the pop.
    before = last_seq(driver)
    fill(driver, "segue", receiver="detail", identifier="done")
    submit(driver, "segue", "performSegue")
    wait_for(driver, lambda: ("nav", "unwind") in events_after(driver, before), "the unwind reaches the navigation controller")
    unwound = events_after(driver, before)
    assert unwound[:5] == [("nav", "allowedChildrenForUnwinding"), ("list", "canPerformUnwindSegueAction"), ("detail", "prepare"),
                           ("list", "unwindAction"), ("nav", "unwind")], unwound
    driver.find_element(By.ID, "clock-step").click()
    wait_for(driver, lambda: appearance(driver, "list") == "appeared", "the pop back to list completes")

    # The custom style, its presentation controller removing the presenter's view.
    fill(driver, "custom-presentation", presenter="list", presented="card", duration="0.3")
    driver.execute_script("arguments[0].checked = true", driver.find_element(By.CSS_SELECTOR, "#custom-presentation [name=removes]"))
    submit(driver, "custom-presentation")
    wait_for(driver, lambda: appearance(driver, "card") == "appearing", "card is being presented")
    assert "custom style" in tags(driver, "card")
    assert appearance(driver, "nav") == "disappearing"
    driver.find_element(By.ID, "clock-step").click()
    wait_for(driver, lambda: appearance(driver, "card") == "appeared", "the presentation completes")
    assert appearance(driver, "nav") == "disappeared"
    screenshot(driver, "inspector-1280x800-storyboard.png")

    # An override raising UIKit's exception refuses the request: its problem names the override.
    fill(driver, "overrides", controller="card")
    Select(driver.find_element(By.CSS_SELECTOR, "#overrides [name=callback]")).select_by_visible_text("viewWillDisappear")
    set_value(driver, "#overrides [name=calls]", '[{"receiver": "card", "method": "addChild", "args": {"child": "card"}}]')
    submit(driver, "overrides", "set")
    wait_for(driver, lambda: "overrides viewWillDisappear" in tags(driver, "card"), "the failing override is declared")
    open_section(driver, "calls")
    set_value(driver, "#calls [name=body]", '{"calls": [{"receiver": "card", "method": "dismiss", "args": {"animated": false}}]}')
    submit(driver, "calls")
    wait_for(driver, lambda: "inside overrides: card.viewWillDisappear #0" in problem_text(driver, "calls"), "the problem names the override")
    assert "code: child_is_presented" in problem_text(driver, "calls")
    assert appearance(driver, "card") == "appeared", "the refused dismissal changed nothing"
    errors = console_errors(driver)
    assert all(entry["source"] == "network" and "/calls" in entry["message"] and "409" in entry["message"] for entry in errors), errors


def test_tab_sidebar_through_the_page(server, browser):
    """docs/uikit-rules.md, rule 14, "The sidebar", through the page: in a regular width with a
    tab group, showing and hiding the sidebar tells only its delegate, and the selected tab stays."""
    driver = open_page(browser, server)
    set_value(driver, "#create-tree [name=spec]", json.dumps({
        "id": "sidebar-demo", "clock": "manual", "window": {"size": {"width": 1024, "height": 768}, "horizontalSizeClass": "regular"},
        "root": {"id": "tabs", "kind": "tabBarController", "tabBarControllerSidebarDelegate": True, "tabs": [
            {"identifier": "home", "viewController": {"id": "start"}},
            {"identifier": "library", "viewController": {"id": "shelf"}, "children": [{"identifier": "trips", "viewController": {"id": "trips"}}]}]}}))
    submit(driver, "create-tree")
    wait_for(driver, lambda: appearance(driver, "start") == "appeared", "the first tab shows")
    before = last_seq(driver)
    fill(driver, "tabs", receiver="tabs")
    submit(driver, "tabs", "showSidebar")
    wait_for(driver, lambda: ("tabs", "sidebarVisibilityWillChange") in events_after(driver, before), "the sidebar's delegate is told")
    assert events_after(driver, before) == [("tabs", "sidebarVisibilityWillChange")]
    before = last_seq(driver)
    submit(driver, "tabs", "hideSidebar")
    wait_for(driver, lambda: ("tabs", "sidebarVisibilityWillChange") in events_after(driver, before), "hidden again")
    assert events_after(driver, before) == [("tabs", "sidebarVisibilityWillChange")]
    assert appearance(driver, "start") == "appeared"
    screenshot(driver, "inspector-1280x800-sidebar.png")
    assert console_errors(driver) == []
