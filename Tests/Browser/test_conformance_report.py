"""The conformance runner's HTML report (`--html FILE`) in headless Chromium, opened from disk
as a CI artefact would be: the toy runtime with two bugs is run over the appearance scenarios,
the rules x outcomes matrix and each failure's side-by-side sequence diagrams must be there with
the differences marked, a matrix link must reach its failure, nothing may be loaded from
elsewhere, axe-core must find no accessibility violation, and screenshots are kept."""

import os
import re
import subprocess
from pathlib import Path

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / ".build" / "artifacts" / "conformance-report"
BINARY = Path(os.environ.get("CONTAINMENT_BINARY", ROOT / ".build" / "debug" / "containment"))
TOY = ROOT / "Tests" / "ConformanceAdapter" / "toy_runtime.py"
MISSING = "#cf222e"


@pytest.fixture(scope="module")
def report():
    """Runs the toy runtime (children told first, addChild without willMove) and writes the report."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    toy = subprocess.Popen(["python3", str(TOY), "--port", "0", "--bug", "children-first", "--bug", "no-will-move"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = re.search(r"127\.0\.0\.1:(\d+)", toy.stdout.readline()).group(1)
        path = ARTIFACTS / "report.html"
        run = subprocess.run([str(BINARY), "conformance", "run", "--target", f"http://127.0.0.1:{port}", "--tag", "appearance",
                              "--html", str(path)], capture_output=True, text=True, timeout=300)
        assert run.returncode == 1, run.stderr
        yield path
    finally:
        toy.terminate()
        toy.wait(timeout=10)


def test_report_shows_the_matrix_and_each_failure_drawn(report, browser):
    text = report.read_text(encoding="utf-8")
    # One file, nothing fetched: no script, stylesheet, image or frame from anywhere.
    assert not re.search(r"<(script|link|img|iframe)\b", text)
    browser.get(report.as_uri())
    assert "UIKit containment conformance" in browser.title
    rows = browser.find_elements(By.CSS_SELECTOR, "table.matrix tbody tr")
    assert [row.find_element(By.TAG_NAME, "th").text for row in rows][:3] == ["2", "3", "6"]
    browser.save_screenshot(str(ARTIFACTS / "matrix-1280x800.png"))

    failure = browser.find_element(By.ID, "scenario-rule07-added-subtree-parent-first")
    differences = [item.text for item in failure.find_elements(By.CSS_SELECTOR, "ul.differences li")]
    assert "missing child.willMove" in differences
    assert any(line.startswith("out of order") and line.endswith("(rule 7)") for line in differences)
    diagram = failure.find_element(By.CSS_SELECTOR, "svg.sequence")
    assert "expected events on the left, observed on the right" in diagram.get_attribute("aria-label")
    marked = [label.text for label in diagram.find_elements(By.CSS_SELECTOR, f"text[fill='{MISSING}']")]
    assert any("willMove" in label and "missing" in label for label in marked)

    # A link in the matrix reaches its failure.
    browser.find_element(By.CSS_SELECTOR, "a[href='#scenario-rule07-added-subtree-parent-first']").click()
    assert browser.current_url.endswith("#scenario-rule07-added-subtree-parent-first")
    top = browser.execute_script("return arguments[0].getBoundingClientRect().top", failure)
    assert abs(top) < 5
    browser.save_screenshot(str(ARTIFACTS / "failure-1280x800.png"))


def test_report_has_no_accessibility_violations(report, browser):
    # axe-core walks every node of the 38 diagrams: slow on a loaded machine, so no 30 s script limit.
    browser.set_script_timeout(300)
    browser.get(report.as_uri())
    axe = Axe(browser)
    axe.inject()
    violations = axe.run()["violations"]
    assert violations == [], [(violation["id"], violation["nodes"][0]["target"]) for violation in violations]
