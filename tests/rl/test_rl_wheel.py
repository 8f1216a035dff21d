"""The page's wheel is built without the learning environments
(``sitebuild/wheels.py``): what it leaves out, checked without building
the site (``tests/site/test_site_build.py`` opens the wheel the site serves)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def site_wheels():
    from sitebuild import wheels

    return wheels


def test_the_pages_pyproject_has_no_rl_extra_and_all_else(site_wheels):
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    full = tomllib.loads(text)
    page = tomllib.loads(site_wheels.browser_pyproject(text))
    assert "rl" in full["project"]["optional-dependencies"]
    extras = dict(full["project"]["optional-dependencies"])
    del extras["rl"]
    assert page["project"]["optional-dependencies"] == extras
    del full["project"]["optional-dependencies"], page["project"]["optional-dependencies"]
    assert page == full
    with pytest.raises(site_wheels.BuildError, match="rl"):
        site_wheels.browser_pyproject(site_wheels.browser_pyproject(text))


def test_only_the_learning_environments_are_left_out(site_wheels):
    left_out = site_wheels.left_out
    assert left_out(Path("netarcade/rl")) and left_out(Path("netarcade/rl/aec.py"))
    assert not left_out(Path("netarcade/relay/server.py")) and not left_out(Path("netarcade/rlx.py"))
    kept = [path.relative_to(ROOT / "py") for path in (ROOT / "py").rglob("*.py")]
    learning = [path for path in kept if path.parts[:2] == ("netarcade", "rl")]
    assert learning and [path for path in kept if left_out(path)] == learning
