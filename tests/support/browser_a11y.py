"""The axe-core audit in a page (from node_modules, injected into the page:
no request leaves the local server): the script as a module fixture, and
the serious or critical violations found where the page is now
(tests/browser/test_browser_a11y.py, test_browser_glance.py)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from support.webstack import ROOT, in_ci


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


AUDIT = """axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations
  .filter(v => v.impact === "serious" || v.impact === "critical")
  .map(v => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", ")}`))"""


@pytest.fixture(scope="module")
def axe_script():
    if not AXE.is_file():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("node_modules/axe-core is missing and npm is not installed") if in_ci() else pytest.skip(
                "node_modules/axe-core is missing: run make test (npm ci)")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    return str(AXE)


def audit(page, where: str) -> None:
    found = page.evaluate(AUDIT)
    assert not found, f"{where}: " + "\n".join(found)

