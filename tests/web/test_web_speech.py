"""Moves in words (issue 14, a screen reader's game): every action of every
game, as seeded random games play them, reads as a sentence with no raw
notation left; the live region's news after moves, several moves and an
undo; refusals use the same phrases. On CPython, no DOM."""

from __future__ import annotations

import html
import random
import re

import pytest

from netarcade.core import Match, RandomActor
from netarcade.core.prng import Rng
from netarcade.games import get_game
from netarcade.web.controller import Controller, Screen
from netarcade.web.pages import page_for
from netarcade.web.session import Session, new_setup
from netarcade.web.speech import ANNOUNCED_AT_ONCE, Announcer, conjugate
from support.playing import turns

#: a short game of each: options, seeds, actions at most per game
GAMES = {
    "backbone": ({"map": "seeded"}, 2, 120),
    "netcontrol": ({"players": 3}, 4, 1000),
    "overwrite": ({"players": 3}, 10, 200),
    "breach": ({"players": 3, "rounds": 20}, 8, 600),
}
#: legal notation the random games hardly ever reach (Overwrite passes only
#: when nothing fits anywhere), and resigning, legal but never listed
RARE = {"overwrite": ["p2 pass"]}
#: kinds whose words are codes: they must be read, never left as written
#: (board names, hexes, cells, corners, stay: the board's labels use them)
CODED = {"resource", "card", "piece", "target", "seat", "orient"}
NAMES = ["You", "Search bot", "Greedy bot"]


def random_actions(game_id: str) -> list[str]:
    """Every action of seeded random games of ``game_id``, in notation."""
    options, seeds, limit = GAMES[game_id]
    game = get_game(game_id)
    texts = []
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new_game(options, seed)
        match = Match.around(game, state, RandomActor(Rng(seed)))
        for seat in turns(match, limit):
            by_verb: dict[str, list] = {}  # a verb first, so rare verbs turn up too
            for action in game.legal_actions(state, seat):
                by_verb.setdefault(game.format_action(action).split(" ")[1], []).append(action)
            action = rng.choice(by_verb[rng.choice(sorted(by_verb))])
            texts.append(game.format_action(action))
            match.advance(action)
        texts.append(f"p{rng.randint(1, game.players(state))} resign")
    for text in RARE.get(game_id, ()):
        game.parse_action(text)  # the engine's notation
        texts.append(text)
    return texts


@pytest.fixture(scope="module", params=list(GAMES))
def played(request):
    return request.param, random_actions(request.param)


def test_every_action_seen_reads_as_a_sentence_without_notation(played):
    game_id, texts = played
    speech = page_for(game_id).speech()
    seen = set()
    for text in texts:
        seat, verb, words = speech.split(text)
        seen.add(verb)
        assert verb in speech.phrases, f"{game_id}: no phrase for {verb!r} ({text})"
        sentence = speech.sentence(text, NAMES)
        name = NAMES[seat] if seat < len(NAMES) else f"Player {seat + 1}"
        assert sentence.startswith(name + " ") and sentence.endswith("."), sentence
        assert not re.search(r"[{}\[\]]|something|\bp\d\b", sentence), sentence
        tokens = set(re.findall(r"[\w+-]+", sentence))
        for kind, word in zip(speech.parts.get(verb, ()), words):
            if kind in CODED and not word.isdigit():
                assert word not in tokens, f"{game_id}: {word!r} ({kind}) left as written in {sentence!r}"
        # "You build", "Search bot builds": the phrase's verb, conjugated for the seat
        first = speech.phrase(text, NAMES).split(" ")[0]
        assert sentence.rstrip(".").split(" ")[len(name.split(" "))] == (first if name == "You" else conjugate(first))
    assert conjugate("pass") == "passes" and conjugate("carry") == "carries" and conjugate("play") == "plays"
    # every verb the game declares a phrase for turns up (the random games reach them all)
    assert seen == set(speech.phrases), f"{game_id}: declared but never seen: {set(speech.phrases) - seen}"


def test_readers_name_what_codes_stand_for():
    say = lambda game, text: page_for(game).speech().sentence(text, NAMES)  # noqa: E731
    assert say("backbone", "p2 router e5") == "Search bot builds a Router on e5."
    assert say("backbone", "p1 reroute c3 d4") == "You reroute c3 to d4."
    assert say("netcontrol", "p3 trade co fi") == "Greedy bot trades compute for one firewall."
    assert say("netcontrol", "p2 discard") == "Search bot discards one resource."  # withheld online
    assert say("overwrite", "p1 place 2L4 r0 c4") == "You place an L4 in Search bot's colour on c4, c5, c6 and d6."
    assert say("overwrite", "p2 place av r0 e5") == "Search bot places the Anti-virus on e5."
    assert say("breach", "p2 play trace p1") == "Search bot plays TRACE on you."
    assert say("breach", "p1 play backdoor 4t") == "You play BACKDOOR on layer 4 top."
    assert say("breach", "p3 block lag trace") == "Greedy bot blocks with LAG and TRACE."
    assert say("breach", "p1 play wipe") == "You play WIPE LOGS."


def test_what_chance_decided_is_said_with_the_move():
    netcontrol, breach = page_for("netcontrol").speech(), page_for("breach").speech()
    roll = {"kind": "roll", "seat": 1, "red": 6, "white": 4, "sum": 10}
    assert netcontrol.sentence("p2 roll", NAMES, [roll, {"kind": "threat"}]) == \
        "Search bot rolls the dice: red 6, white 4, 10."
    assert breach.sentence("p1 sprint", NAMES, [{"kind": "roll", "speed": "sprint", "dice": [3, 5]}]) == \
        "You sprint, rolling two dice: 3 + 5 = 8 Bandwidth."
    assert breach.sentence("p3 reroll 2 lag trace", NAMES, [{"kind": "reroll", "die": 2, "was": 1, "roll": 6}]) == \
        "Greedy bot rerolls die 2 with LAG and TRACE: die 2 now 6, was 1."


def test_a_refused_click_uses_the_same_phrase():
    session = Session(new_setup("backbone", {}, 1, ("human", "greedy")))
    table = page_for("backbone").table(session)
    assert table.play("p1 router e5") is None
    assert table.message.startswith("Can't build a Router on e5: ")


class _Recorder(Screen):
    def __init__(self):
        self.said: list[str] = []

    def set_text(self, element_id: str, text: str) -> None:
        assert element_id == "announce"
        self.said.append(text)

    def spawn(self, coroutine) -> None:
        coroutine.close()  # the bots stay put: this test plays the moves


def test_the_live_region_hears_each_move_an_undo_and_nothing_on_opening():
    screen = _Recorder()
    control = Controller(screen)
    session = Session(new_setup("backbone", {"map": "seeded"}, 3, ("human", "greedy")))
    control.load(session, demo=False)
    assert screen.said == []  # a game just opened: the status line speaks
    table = control.table
    first = session.legal_texts("p1 router ")[0]
    control.after(table.play(first))
    assert screen.said == [f"You build a Router on {first.split()[2]}."]
    control.after(table.play(session.legal_texts("p1 end")[0]))
    assert screen.said[-1] == "You end the turn."
    session.play(session.legal_texts("p2 ")[0])  # the bot's move, as the bot loop plays it
    control.changed()
    assert screen.said[-1].startswith("Greedy bot ")
    control.undo()  # back to the last human decision: the bot's move and the End
    assert screen.said[-1] == "Undone: 2 moves taken back."
    control.load(Session(new_setup("breach", {"players": 2}, 3, ("human", "greedy"))), demo=False)
    assert len(screen.said) == 4  # another game on screen: nothing to hear


def test_many_moves_at_once_read_the_last_few():
    session = Session(new_setup("netcontrol", {"players": 3}, 5, ("human", "greedy", "greedy")))
    announcer = Announcer()
    page = page_for("netcontrol")
    assert announcer.news(session, page) is None
    game = session.game
    rng = random.Random(1)
    for seat in turns(session.match, 8):  # the session's own policy: humans first
        session.play(rng.choice(game.legal_actions(session.state, seat)))
    news = announcer.news(session, page)
    assert news.startswith(f"{8 - ANNOUNCED_AT_ONCE} more moves, then: ")
    assert news.count(".") == ANNOUNCED_AT_ONCE
    assert announcer.news(session, page) is None  # nothing new
    # the same words twice in a row still change the live region (the page skips unchanged text)
    text = session.legal_texts()[0]
    announcer.told = page.speech().sentence(text, session.names)
    session.play(text)
    again = announcer.news(session, page)
    assert again == announcer.told and again.endswith("\u00a0") and again.rstrip("\u00a0").endswith(".")


# --- what a screen reader finds on each board -------------------------------------------

def _played(game_id: str, options: dict, moves: int) -> tuple:
    """A table of ``game_id`` (you against a greedy bot) after ``moves`` random legal moves."""
    seats = ("human",) + ("greedy",) * ((options.get("players") or 2) - 1)
    session = Session(new_setup(game_id, options, 7, seats))
    rng = random.Random(7)
    game = session.game
    for seat in turns(session.match, moves):  # the session's own policy: humans first
        session.play(rng.choice(game.legal_actions(session.state, seat)))
    page = page_for(game_id)
    table = page.table(session)
    return page, table, page.board(table)


def _labels(svg: str, role: str) -> list[str]:
    found = re.findall(rf'role="{role}"[^>]*?aria-label="([^"]*)"', svg) + re.findall(
        rf'aria-label="([^"]*)"[^>]*?role="{role}"', svg)
    return [html.unescape(label) for label in found]


@pytest.mark.parametrize("game_id, options, moves, owned", [
    ("backbone", {"map": "seeded"}, 12, r"^[a-i]\d: (your|Greedy bot's) "),
    ("netcontrol", {"players": 2}, 10, r"^[ve]\d+: (your|Greedy bot's) (node|link)"),
    ("overwrite", {"players": 2}, 8, r"^[a-j]\d+: (your|Greedy bot's) \d[A-Z]\d"),
])
def test_every_piece_on_a_board_is_named_with_its_owner(game_id, options, moves, owned):
    _, table, svg = _played(game_id, options, moves)
    named = _labels(svg, "img")
    pieces = [label for label in named if re.match(owned, label)]
    assert pieces, f"{game_id}: no piece named with its owner among {named[:8]}"
    root = re.match(r"<svg[^>]*>", svg).group(0)
    assert 'role="group"' in root and "aria-label=" in root  # a group of named parts, not one image


def test_breach_names_each_node_and_who_stands_on_it():
    _, table, svg = _played("breach", {"players": 2}, 6)
    named = _labels(svg, "img")
    where = {seat["at"] for seat in table.view()["seats"]}
    for at in where:
        label = next(label for label in named if label.startswith(f"{at}: ") or label.lower().startswith(at))
        assert "here: " in label and ("You" in label or "Greedy bot" in label), label
    assert 'aria-hidden="true"' in svg.split('class="infiltrator', 1)[1][:400]
