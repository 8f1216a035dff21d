"""Other seats' moves as notation (``Game.notation_for``, ``Match.moves_since``):
what an online log shows of each move, per observer.

A move read by an observer who did not make it names nothing that the
observer's own events of that move do not also name: every argument of the
notation is a value of an event it sees (``"p1 discard fi"`` beside the
public ``discard`` event's ``fi``; ``"p2 hack v40"`` beside ``vertex: 40``).
So a hidden card in a notation would fail here, as it fails the event checks
of the games' hidden-information tests. The redaction itself (seat and verb)
is checked on a game that keeps a verb private.
"""

from __future__ import annotations

import pytest

from netarcade.core import TABLE, Match, RandomActor
from netarcade.core.game import split_seat
from netarcade.core.prng import Rng
from netarcade.games import all_games, get_game
from support.playing import turns

HIDDEN = [game for game in all_games() if game.hidden_information]


def event_values(data, out=None) -> set[str]:
    """Every plain value in ``data`` as text (ints also with the board's id
    prefixes, so ``12`` matches ``v12``, ``e12`` and ``t12``)."""
    out = set() if out is None else out
    if isinstance(data, dict):
        for value in data.values():
            event_values(value, out)
    elif isinstance(data, (list, tuple)):
        for value in data:
            event_values(value, out)
    elif isinstance(data, bool) or data is None:
        pass
    elif isinstance(data, int):
        out.update({str(data), *(prefix + str(data) for prefix in "vet")})
    elif isinstance(data, str):
        out.add(data)
    return out


def unexplained(text: str, events: list[dict], max_players: int) -> list[str]:
    """The arguments of a notation no event names."""
    _seat, body = split_seat(text, max_players)
    values = set()
    for event in events:
        event_values({k: v for k, v in event.items() if k not in ("kind", "v", "to")}, values)
    return [word for word in body.split()[1:] if word not in values]


@pytest.mark.parametrize("game", HIDDEN, ids=lambda game: game.id)
def test_a_move_read_by_another_names_only_what_its_events_show(game):
    checked = 0
    for seed in range(4):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        rng = Rng(seed)
        match = Match(game, {"players": players}, seed, undo=False, actor=RandomActor(rng))
        for seat in turns(match, 300):
            match.play(rng.choice(match.legal_actions(seat)))
            version = match.version
            whole = match.actions[-1]
            for observer in [None, *range(players)]:
                [move] = match.moves_since(version - 1, observer)
                assert move["v"] == version
                if observer == seat:
                    assert move["text"] == whole
                    continue
                events = match.events_since(version - 1, observer)
                missing = unexplained(move["text"], events, game.max_players)
                assert not missing, (game.id, seed, move["text"], observer, missing, events)
                checked += 1
            assert match.moves_since(version - 1, TABLE)[0]["text"] == whole
    assert checked > 1000


def test_a_private_verb_is_read_by_others_as_its_seat_and_verb():
    breach = get_game("breach")
    secretive = type("Secretive", (type(breach),), {"public_verbs": breach.public_verbs - {"discard", "block"}})()
    assert secretive.notation_for("p2 discard lag", 0) == "p2 discard"
    assert secretive.notation_for("p2 discard lag", None) == "p2 discard"
    assert secretive.notation_for("p2 block lag trace", 2) == "p2 block"
    assert secretive.notation_for("p2 discard lag", 1) == "p2 discard lag"
    assert secretive.notation_for("p2 discard lag", TABLE) == "p2 discard lag"
    assert secretive.notation_for("p2 play trace p3", 0) == "p2 play trace p3"
    # a hidden-information game that lists no verbs shows other seats verbs alone
    bare = type("Bare", (type(breach),), {"public_verbs": None})()
    assert bare.notation_for("p1 play trace p3", 1) == "p1 play"
    # a game without hidden information shows every move whole
    assert get_game("overwrite").notation_for("p1 place 2L4 r1f c4", 1) == "p1 place 2L4 r1f c4"


def test_moves_since_a_version():
    match = Match(get_game("backbone"), {"target": 12}, 7)
    match.submit(0, "p1 end")
    match.submit(1, "p2 end")
    assert match.moves_since(-1, 0) == [{"v": 1, "text": "p1 end"}, {"v": 2, "text": "p2 end"}]
    assert match.moves_since(1, None) == [{"v": 2, "text": "p2 end"}]
    assert match.moves_since(2, None) == []
