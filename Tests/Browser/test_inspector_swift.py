"""The inspector's Swift pane in headless Chromium against a live debug server: a source run
through POST /v1/swift, its events drawn in the timeline's style, an event highlighting its
line and trace and a line highlighting its events (by click and by keyboard), a 422 refusal
at its line and column, and a 501 from a build without the translator; screenshots kept."""

import json
import urllib.request

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from test_inspector_page import console_errors, open_page, screenshot, serve, set_value, viewport, wait_for


@pytest.fixture(scope="module")
def server():
    yield from serve("swift-server.log")


REFUSED = """class ListViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        for index in 0..<3 {
        }
    }
}
"""

RAISES = """let window = UIWindow(frame: UIScreen.main.bounds)
let list = UIViewController()
let nav = UINavigationController(rootViewController: list)
window.rootViewController = nav
window.makeKeyAndVisible()
nav.pushViewController(list, animated: false)
"""

NOT_BUILT = {"type": "about:blank", "title": "Not Implemented", "status": 501, "code": "swift_source_not_built",
             "detail": "This build of Containment has no Swift source support: it was built without the `SwiftSource` trait"
                       " (swift-syntax), as the container image is by default. docs/swift.md says how to build it in."}


def swift_rows(driver):
    """(seq, controller, callback, linked, selected) of every event row of the Swift pane."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#swift-timeline .ev')].map(g => [Number(g.dataset.seq), g.dataset.controller,"
        " g.dataset.callback, g.classList.contains('linked'), g.classList.contains('selected')])")


def source_marks(driver):
    """{line: its classes and aria-selected} for every line of the source view."""
    return driver.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('#swift-source li')].map(li => [li.dataset.line,"
        " [...li.classList, li.getAttribute('aria-selected') === 'true' ? 'selected' : ''].filter(Boolean)]))")


def marked(driver, mark):
    return [int(line) for line, classes in source_marks(driver).items() if mark in classes]


def accessibility_violations(driver):
    """axe-core over the Swift pane as it stands (the rest of the page is not this test's)."""
    axe = Axe(driver)
    axe.inject()
    return axe.run(context="section[aria-labelledby=swift-title]")["violations"]


def run(driver, source=None, idiom="phone"):
    if source is not None:
        set_value(driver, "#swift [name=source]", source)
    Select(driver.find_element(By.CSS_SELECTOR, "#swift [name=idiom]")).select_by_value(idiom)
    driver.execute_script("document.querySelector('#swift').scrollIntoView()")
    driver.find_element(By.CSS_SELECTOR, "#swift button[type=submit]").click()


def test_swift_pane_links_events_and_lines_both_ways(server, browser):
    driver = open_page(browser, server)
    source = driver.find_element(By.CSS_SELECTOR, "#swift [name=source]").get_attribute("value")
    assert "class ListViewController: UIViewController" in source, "the pane opens with an example"
    request = urllib.request.Request(server + "/v1/swift", data=json.dumps({"source": source, "idiom": "pad"}).encode(),
                                     headers={"Content-Type": "application/json"})
    answer = json.load(urllib.request.urlopen(request))

    run(driver, idiom="pad")
    wait_for(driver, lambda: len(swift_rows(driver)) == len(answer["events"]), "the answer's events show")
    assert [row[:3] for row in swift_rows(driver)] == [
        [event["seq"], event["controller"], event["callback"]] for event in answer["events"]]
    assert "(pad, portrait)" in driver.find_element(By.ID, "swift-status").text
    lines = source.split("\n")
    assert len(source_marks(driver)) == len(lines), "a line per source line"

    # An event: its statement and its trace's lines marked in the source.
    will_move = next(event for event in answer["events"] if event["callback"] == "willMove")
    driver.find_element(By.CSS_SELECTOR, f"#swift-timeline [data-seq='{will_move['seq']}']").click()
    wait_for(driver, lambda: marked(driver, "cause") == [will_move["source"]["line"]], "the event's line is marked")
    assert lines[will_move["source"]["line"] - 1].strip() == "addChild(header)"
    assert marked(driver, "trace") == sorted({step["line"] for step in will_move["source"]["trace"]} - {will_move["source"]["line"]})
    assert [row[0] for row in swift_rows(driver) if row[4]] == [will_move["seq"]]
    assert '"willMove"' in driver.find_element(By.ID, "swift-detail").text

    # A line: the events it caused, directly or through its trace.
    did_move_line = lines.index("        header.didMove(toParent: self)") + 1
    driver.find_element(By.CSS_SELECTOR, f"#swift-line-{did_move_line}").click()
    wait_for(driver, lambda: marked(driver, "selected") == [did_move_line], "the line is selected")
    assert [(row[1], row[2]) for row in swift_rows(driver) if row[3]] == [("header", "didMove")]
    launch = lines.index("window.makeKeyAndVisible()") + 1
    driver.find_element(By.CSS_SELECTOR, f"#swift-line-{launch}").click()
    caused = [event["seq"] for event in answer["events"] if launch in {step["line"] for step in event["source"]["trace"]}]
    wait_for(driver, lambda: [row[0] for row in swift_rows(driver) if row[3]] == caused, "the launch's events are linked")
    assert len(caused) > 3
    # Clicking a row made the driver scroll the diagram sideways to it; show its lanes' start.
    driver.execute_script("document.getElementById('swift-box').scrollLeft = 0")
    screenshot(driver, "inspector-1280x800-swift.png", heads=False)
    assert accessibility_violations(driver) == []

    # The keyboard: arrows move through lines and through events.
    box = driver.find_element(By.ID, "swift-source")
    box.send_keys(Keys.ARROW_UP)
    wait_for(driver, lambda: marked(driver, "selected") == [launch - 1], "ArrowUp selects the line above")
    assert box.get_attribute("aria-activedescendant") == f"swift-line-{launch - 1}"
    events = driver.find_element(By.ID, "swift-box")
    events.send_keys(Keys.ARROW_DOWN)
    wait_for(driver, lambda: [row[0] for row in swift_rows(driver) if row[4]] == [answer["events"][0]["seq"]], "ArrowDown selects the first event")
    assert marked(driver, "cause") == [answer["events"][0]["source"]["line"]]

    # On a phone the pane stacks under the others, the source above its events.
    viewport(driver, 390, 844, mobile=True)
    driver.execute_script("document.getElementById('swift-source').scrollIntoView()")
    screenshot(driver, "inspector-390x844-swift.png", heads=False)
    assert console_errors(driver) == []


def test_swift_pane_shows_a_refusal_at_its_line(server, browser):
    driver = open_page(browser, server)
    run(driver, REFUSED)
    problem = lambda: driver.find_element(By.CSS_SELECTOR, "#swift .problem").text  # noqa: E731
    wait_for(driver, lambda: "422" in problem(), "the refusal shows")
    assert "for-in loop at line 4, column 9" in problem()
    assert "supported: " in problem() and "code: unsupported_construct" in problem()
    assert marked(driver, "refused") == [4]
    assert driver.find_element(By.CSS_SELECTOR, "#swift-line-4 mark").text == "f", "the column is marked"
    assert swift_rows(driver) == []
    driver.execute_script("document.getElementById('swift-source').scrollIntoView({block: 'end'})")
    screenshot(driver, "inspector-1280x800-swift-refused.png", heads=False)
    assert accessibility_violations(driver) == []
    errors = console_errors(driver)
    assert all(entry["source"] == "network" and "/v1/swift" in entry["message"] and "422" in entry["message"] for entry in errors), errors

    # UIKit's exception: the events before it, and its statement marked.
    run(driver, RAISES)
    wait_for(driver, lambda: "NSInvalidArgumentException at 6:1" in driver.find_element(By.ID, "swift-status").text, "the exception shows")
    assert "Pushing the same view controller instance more than once" in driver.find_element(By.ID, "swift-status").text
    assert swift_rows(driver) and marked(driver, "refused") == [6]
    assert driver.find_element(By.CSS_SELECTOR, "#swift .problem").text == ""


def test_swift_pane_says_when_the_build_has_no_translator(server, browser):
    """A build without the SwiftSource trait answers 501: the page's fetch is given that answer,
    Router+SwiftNotBuilt.swift's problem (the debug build has the translator)."""
    driver = open_page(browser, server)
    driver.execute_script(
        "const original = window.fetch; const body = arguments[0];"
        "window.fetch = (url, options) => url === '/v1/swift' ? Promise.resolve(new Response(JSON.stringify(body),"
        " {status: 501, statusText: 'Not Implemented', headers: {'Content-Type': 'application/problem+json'}})) : original(url, options);",
        NOT_BUILT)
    run(driver)
    problem = lambda: driver.find_element(By.CSS_SELECTOR, "#swift .problem").text  # noqa: E731
    wait_for(driver, lambda: "501" in problem(), "the 501 shows")
    assert "Ask in Swift is not available on this server" in problem() and "code: swift_source_not_built" in problem()
    assert NOT_BUILT["detail"] in problem()
    assert marked(driver, "refused") == []
    screenshot(driver, "inspector-1280x800-swift-not-built.png", heads=False)
    assert console_errors(driver) == []
