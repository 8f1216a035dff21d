"""Seeded mutations of the rules that the conformance suite must catch.

Run ``.venv/bin/python tests/support/conformance_mutations.py``: each mutation is
patched in, the conformance test aimed at it runs, and a line says whether
it was caught. A suite that lets one through has stopped guarding the
contract (``tests/core/test_conformance.py``; ``docs/engine.md``).
"""

from __future__ import annotations

import dataclasses
import pathlib
import sys

TESTS = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(TESTS), str(TESTS / "core")]  # the support package, and tests/core: the suite

import test_conformance as suite  # noqa: E402

from netarcade.core.events import Event  # noqa: E402
from netarcade.games import get_game  # noqa: E402

NETCONTROL, BACKBONE = get_game("netcontrol"), get_game("backbone")


def attempt(name, test, game) -> bool:
    try:
        test(game)
    except Exception as err:  # an AssertionError, or the rules breaking outright
        first = (str(err).splitlines() or ["assertion"])[0][:110]
        print(f"caught     {name}: {test.__name__} ({type(err).__name__}: {first})")
        return True
    print(f"NOT CAUGHT {name}: {test.__name__}")
    return False


def main() -> int:
    caught = []
    perform = NETCONTROL.perform
    NETCONTROL.perform = lambda state, action: [Event(e.kind, e.data) for e in perform(state, action)]
    caught.append(attempt("a drawn card announced to every seat",
                          suite.test_events_tell_a_seat_nothing_its_view_hides, NETCONTROL))
    NETCONTROL.perform = perform

    check = BACKBONE.check

    def lax(state, action):  # rounds a float hex instead of refusing it
        if isinstance(getattr(action, "hex", None), tuple) and len(action.hex) == 2:
            action = dataclasses.replace(action, hex=(int(action.hex[0]), int(action.hex[1])))
        check(state, action)

    BACKBONE.check = lax
    caught.append(attempt("Backbone accepts a float hex",
                          suite.test_check_agrees_with_the_legal_list_and_refusals_change_nothing, BACKBONE))
    BACKBONE.check = check

    determinize = NETCONTROL.determinize

    def dealt_extra(state, seat, rng):
        world = determinize(state, seat, rng)
        for other in range(world.n):
            if other != seat:
                world.hands[other][0] += 1
        return world

    NETCONTROL.determinize = dealt_extra
    caught.append(attempt("determinize deals rivals an extra card",
                          suite.test_a_determinized_world_looks_the_same_to_its_seat, NETCONTROL))
    NETCONTROL.determinize = determinize

    body = BACKBONE.body
    BACKBONE.body = lambda state, observer: {**body(state, observer), "bw": tuple(state.bw)}
    caught.append(attempt("a tuple in a view (not plain msgpack data)",
                          suite.test_views_carry_the_envelope_and_survive_msgpack, BACKBONE))
    BACKBONE.body = body
    print(f"{sum(caught)} of {len(caught)} mutations caught")
    return 0 if all(caught) else 1


if __name__ == "__main__":
    sys.exit(main())
