"""docs/engine.md is a doctest: its worked example (a game written from
scratch, then played through Match) runs against the real engine."""

import doctest
import pathlib

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "engine.md"


def test_engine_guide_examples_run():
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 20
    assert result.failed == 0
