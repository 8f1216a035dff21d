"""What both games' illegal-action tests share: the refusal codes a rules
module can raise, and the check that every one of them has a test case.

Not a test module (no ``test_`` prefix)."""

from __future__ import annotations

import re
from pathlib import Path


def raised_codes(module) -> set[str]:
    """The codes of every ``IllegalAction("code", ...)`` in ``module``'s source."""
    return set(re.findall(r'IllegalAction\(\s*"([a-z-]+)"', Path(module.__file__).read_text()))


def assert_every_code_tested(module, tested: set[str]) -> None:
    raised = raised_codes(module)
    assert raised, f"found no IllegalAction in {Path(module.__file__).name}"
    assert raised <= tested, f"untested codes: {sorted(raised - tested)}"
    assert tested <= raised, f"codes the rules never raise: {sorted(tested - raised)}"
