"""What both games' illegal-action tests share: the refusal codes a rules
module can raise, the check that every one of them has a test case, and the
check that any text either parses (and round-trips) or is refused cleanly,
and that an action is accepted exactly when it is listed as legal.

Not a test module (no ``test_`` prefix)."""

from __future__ import annotations

import re
from pathlib import Path

from netarcade.core.errors import IllegalAction, InvalidNotation


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


def assert_refused_iff_unlisted(game, check, state, candidates, legal_set, after_refusal=None) -> None:
    """Each candidate action passes ``check`` exactly when it is listed in
    ``legal_set``; one that fails is refused by ``game.apply`` too.
    ``after_refusal()``, when given, runs after every refusal (a digest check)."""
    for action in candidates:
        try:
            check(state, action)
            ok = True
        except IllegalAction:
            ok = False
        assert ok == (action in legal_set), action
        if not ok:
            try:
                game.apply(state, action)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{action} applied but is not legal")
            if after_refusal is not None:
                after_refusal()


def accepted_by(check, state, candidates) -> set:
    """The candidate actions ``check`` accepts in ``state``."""
    accepted = set()
    for action in candidates:
        try:
            check(state, action)
        except IllegalAction:
            continue
        accepted.add(action)
    return accepted
