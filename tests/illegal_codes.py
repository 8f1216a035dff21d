"""What both games' illegal-action tests share: the refusal codes a rules
module can raise, the check that every one of them has a test case, and the
check that any text either parses (and round-trips) or is refused cleanly.

Not a test module (no ``test_`` prefix)."""

from __future__ import annotations

import re
from pathlib import Path

from netarcade.core.errors import InvalidNotation


def raised_codes(module) -> set[str]:
    """The codes of every ``IllegalAction("code", ...)`` in ``module``'s source."""
    return set(re.findall(r'IllegalAction\(\s*"([a-z-]+)"', Path(module.__file__).read_text()))


def assert_every_code_tested(module, tested: set[str]) -> None:
    raised = raised_codes(module)
    assert raised, f"found no IllegalAction in {Path(module.__file__).name}"
    assert raised <= tested, f"untested codes: {sorted(raised - tested)}"
    assert tested <= raised, f"codes the rules never raise: {sorted(tested - raised)}"


def assert_parses_or_refuses(text: str, parse_action, format_action, action_type) -> None:
    """``text`` is refused with InvalidNotation (nothing else escapes), or it
    parses to an ``action_type`` whose notation parses back to the same action."""
    try:
        action = parse_action(text)
    except InvalidNotation:
        return
    assert isinstance(action, action_type)
    assert parse_action(format_action(action)) == action
