"""Helpers shared by the cross-runtime and browser tests: make sure the site is built.

Not a test module (no ``test_`` prefix). ``ensure_site()`` runs
``sitebuild/build.py`` once per test session, after ``npm ci`` if the npm
runtime is missing, so these tests always exercise the wheel built from the
current source, exactly as ``make site`` would.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: the built site; NETARCADE_DIST points elsewhere (a private copy while others rebuild dist/)
DIST = Path(os.environ.get("NETARCADE_DIST") or ROOT / "dist").resolve()
#: the build names the runtime's folder with the version package.json pins
PYODIDE_VERSION = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"]
LOCKFILE = DIST / "static" / "vendor" / f"pyodide-{PYODIDE_VERSION}" / "pyodide-lock.json"
CHROMIUM = Path("/usr/bin/chromium")
#: launch flags for Debian's Chromium as root on a machine with no outside
#: network (without the background-networking flags it keeps dialling out)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]

_built: Path | None = None


def in_ci() -> bool:
    """Running in CI (``.ci/run`` sets ``CI=1``): a missing tool fails there instead of skipping."""
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"}


#: how a skip for a missing tool or package reads (Node, redis-server, Chromium, ``importorskip``)
MISSING_TOOL = ("is not installed", "could not import", "is missing")


def skipped_for_a_missing_tool(report) -> bool:
    """A skipped test or module whose reason is a missing tool or package
    (what ``make test`` installs: in CI that is a failure, not a skip).

    >>> from types import SimpleNamespace as Report
    >>> skipped_for_a_missing_tool(Report(skipped=True, longrepr=("t.py", 3, "Skipped: node is not installed")))
    True
    >>> skipped_for_a_missing_tool(Report(skipped=True, longrepr=("t.py", 3, "Skipped: make soak runs it")))
    False
    """
    return bool(report.skipped) and any(words in str(report.longrepr) for words in MISSING_TOOL)


def ensure_node_modules() -> None:
    """Install the pinned npm runtime (package-lock.json) when it is missing."""
    if (ROOT / "node_modules" / "pyodide" / "package.json").is_file() and (
        ROOT / "node_modules" / "@pyscript" / "core" / "package.json"
    ).is_file():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("node_modules/ is missing and npm is not installed")
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


def ensure_site() -> Path:
    """Build (or refresh) dist/ once per session; returns the dist folder.

    The suite runs in two processes (pytest-xdist): each builds once, one
    at a time (a lock file beside the folder), so the second finds every
    file up to date and writes nothing while the first's pages read them."""
    global _built
    if _built is None:
        DIST.parent.mkdir(parents=True, exist_ok=True)
        with open(DIST.parent / f".{DIST.name}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            ensure_node_modules()
            result = subprocess.run(
                [sys.executable, "-m", "sitebuild", "--out", str(DIST)],
                cwd=ROOT, capture_output=True, text=True,
            )
        if result.returncode != 0:
            raise RuntimeError(f"the site build (python -m sitebuild) failed:\n{result.stdout}{result.stderr}")
        _built = DIST
    return _built
