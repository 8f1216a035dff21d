"""Breach's table in the page, on CPython: every legal action can be played
through the page's controls (buttons, hand picks, board clicks), the
targets offered are exactly the engine's, refusals carry the engine's
sentence, and the panels, board, log and game-over card say what the
rules say."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from netarcade.core.prng import Rng
from netarcade.web.games.breach.render import render_board, render_track_outline
from netarcade.web import pages
from netarcade.web.games.breach import views as bv
from netarcade.web.games.breach.table import BreachTable
from netarcade.web.games.breach.tools import EXPLOIT
from netarcade.web.newgame import parse_form
from netarcade.web.session import Session, new_setup
from support.breach_page import bots_move, find_window, via_ui
from support.playing import turns


def parse_html(html: str) -> ET.Element:
    html = re.sub(r" (novalidate|selected|checked|disabled|hidden)(?=[ >/])", r' \1=""', html)
    return ET.fromstring(f"<root>{html}</root>")


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4), (4, 5), (6, 3)])
def test_every_legal_action_can_be_played_through_the_controls(seed, players):
    session = Session(new_setup("breach", {"players": players, "rounds": 12}, seed, ("human",) * players))
    table = BreachTable(session)
    rng = Rng(seed)
    seen = set()
    for _ in range(900):
        if session.over:
            break
        texts = session.legal_texts()
        plays = [t for t in texts if t.split()[1] in ("play", "block", "counter", "reroll")]
        text = rng.choice(plays if plays and rng.below(3) else texts)
        assert table.status() and table.prompt(), text
        played = via_ui(table, text)
        assert played == text, (text, table.message)
        seen.add(text.split()[1])
        board = render_board(table.view(), table.hints())
        assert board.startswith("<svg")
    assert {"run", "play", "safe", "enter"} <= seen, seen
    assert {"block", "pass"} <= seen, seen


def test_modify_buttons_and_a_refused_exploit_explains():
    # edition 2: at the start nobody has a Pressure target (D31; edition 3 makes tied players targets, D35)
    session = Session(new_setup("breach", {"players": 3, "rules": 2}, 11, ("human", "human", "human")))
    table = BreachTable(session)
    seat = session.current
    panel = bv.turn_panel(table)
    assert 'data-cmd="run"' in panel and 'data-cmd="laylow"' in panel
    assert "Run Exploits or Lay Low" in table.status()
    assert table.command("safe") is None and "Run Exploits (R) or Lay Low (L)" in table.message
    assert table.command("run") == f"p{seat + 1} run"
    assert "Exploits" in table.status() and 'data-cmd="move"' in bv.turn_panel(table)
    # at the start everyone is tied, and tied players are not ahead (D31): a Pressure Exploit
    # has no target, and the engine's sentence says why
    hand = session.view()["seats"][seat]["exploits"]
    assert len(hand) == 5
    pressure = [c for c in hand if EXPLOIT[c].target == "ahead"]
    assert pressure  # seed 11 deals one
    assert table.select_tool(pressure[0]) is None
    assert table.refused and "nobody is ahead of you" in table.message and table.tool is None
    # a card the engine refuses: its sentence is the message, nothing changes
    actions = len(session.actions)
    wipe_like = [c for c in hand if c in ("wipe", "frame")]
    if wipe_like:
        assert table.select_tool(wipe_like[0]) is None
        assert table.refused and table.message.startswith("Can't play")
        assert len(session.actions) == actions


def test_a_block_window_shows_the_cost_and_takes_two_picks():
    session, table = find_window()
    view = session.view()
    window = view["window"]
    me = session.current
    assert session.match.to_act() == {me: "response"}
    assert "block it?" in table.status()
    panel = bv.turn_panel(table)
    assert "Block costs 2 Exploits" in panel and 'data-cmd="pass"' in panel
    hand = view["seats"][me]["exploits"]
    pair = next(t for t in session.legal_texts() if " block " in t).split()[2:]
    assert table.command("pick", pair[0]) is None and table.picked == [pair[0]]
    assert "Block with" in table.prompt()
    played = table.command("pick", pair[1])
    assert played == f"p{me + 1} block {pair[0]} {pair[1]}"
    assert session.view()["window"]["blocker"] == me
    assert len(session.view()["seats"][me]["exploits"]) == len(hand) - 2
    # the window moves on: no longer asking the human, the exploiter may counter
    assert "block it?" not in table.status()
    assert "deciding whether to counter" in table.status()
    note = bv.log_panel(table)
    assert "discards" in note
    del window


#: the human's choices when a test plays it forward: run, pass, move on, sprint, keep, enter...
FORWARD = ["run", "pass", "move", "sprint", "safe", "keep", "enter", "discard", "crash", "stop"]


def play_forward(seats: tuple[str, ...], seed: int, done, steps: int = 600) -> tuple[Session, BreachTable]:
    """A game with the humans played by ``FORWARD`` and the bots as in
    :func:`bots_move`, up to the first human decision where ``done(table)``
    holds (or the end)."""
    session = Session(new_setup("breach", {"players": len(seats)}, seed, seats))
    table = BreachTable(session)
    for _ in range(steps):
        if session.over:
            break
        if session.is_bot_turn():
            bots_move(session, table)
            continue
        if done(table):
            break
        verb = lambda t: FORWARD.index(t.split()[1]) if t.split()[1] in FORWARD else len(FORWARD)  # noqa: E731
        via_ui(table, min(session.legal_texts(), key=verb))
    return session, table


def statuses_by_phase(seats: tuple[str, ...], seed: int = 5) -> dict[str, str]:
    """The first status line of each phase the humans decide in."""
    seen: dict[str, str] = {}

    def done(table: BreachTable) -> bool:
        seen.setdefault(table.phase, table.status())
        return {"speed", "reroll", "move"} <= set(seen)

    play_forward(seats, seed, done, steps=300)
    return seen


def test_the_status_speaks_to_you_in_plain_english():
    """Issue 26: the status said "Your declare your speed" and "Your rolled 1 + 3"."""
    seen = statuses_by_phase(("human", "greedy", "greedy"))
    assert seen["exploits"] == "Your Exploits: play one, or move on"
    assert seen["speed"] == "Declare your speed"
    assert re.fullmatch(r"You rolled \d \+ \d: \d+ Bandwidth\. Keep or reroll\?", seen["reroll"]), seen
    assert re.fullmatch(r"Your move: \d+ Bandwidth left", seen["move"]), seen
    # at a shared screen the line names the player it speaks to
    seen = statuses_by_phase(("human", "human"))
    assert seen["exploits"] == "Player 1's Exploits: play one, or move on"
    assert seen["speed"] == "Player 1: declare your speed"
    assert re.fullmatch(r"Player 1 rolled \d( \+ \d)?: \d+ Bandwidth\. Keep or reroll\?", seen["reroll"]), seen
    assert re.fullmatch(r"Player 1's move: \d+ Bandwidth left", seen["move"]), seen


def test_discards_are_public_and_draws_are_not():
    """Issue 26: a discard was named in everyone's log while a draw was
    not, and nothing said why. The discard pile is face up (D25): the rules
    panel says so, and a bot's Manifest discard and the cards it spends are
    named in your log, its draws only counted."""
    assert "Discards go face up on the discard pile" in bv.RULES_HTML
    assert "What you draw stays secret" in bv.RULES_HTML
    bots_discarded = lambda table: any(e.seat != 0 and " discard " in e.text for e in table.session.log)  # noqa: E731
    spent = lambda table: any(e.seat != 0 and e.text.split()[1] in ("block", "counter", "reroll")  # noqa: E731
                              for e in table.session.log)
    session, table = play_forward(("human", "greedy", "greedy"), 1, lambda t: bots_discarded(t) and spent(t))
    assert bots_discarded(table) and spent(table)
    log = bv.log_panel(table)
    discard = next(e.text for e in session.log if e.seat != 0 and " discard " in e.text)
    card = discard.split()[-1]
    assert re.search(rf"<code>{discard}</code><span class=\"note\">discards {EXPLOIT[card].name}", log), discard
    assert re.search(r"P[23] draws \d+</span>", log)
    assert re.search(r"P[23] discards [A-Z ]+ \+ [A-Z ]+", log)  # a block's or a reroll's two cards


def test_keys_and_end_follow_the_phase():
    session = Session(new_setup("breach", {"players": 2}, 4, ("human", "human")))
    table = BreachTable(session)
    assert table.key_command("r") == "run" and table.key_command("l") == "laylow"
    assert table.key_command("e") == "end" and table.key_command("u") == "undo"
    assert table.command("end") is None and table.message
    table.command("run")
    assert table.command("end").endswith(" move")
    assert table.phase in ("speed", "window") or table.phase == "speed"
    assert table.command("safe").endswith(" safe")
    if table.phase == "reroll":
        assert table.key_command("1") == "die:1"
        assert table.command("end").endswith(" keep")
    if table.phase == "move":
        lit = table.hints()["nodes"]
        assert lit and all(kind == "build" for kind in lit.values())
        assert set(lit) == {t.split()[2] for t in session.legal_texts() if " enter " in t}
        assert "Bandwidth left" in table.status()


def test_board_svg_lights_targets_and_names_every_card():
    session = Session(new_setup("breach", {"players": 4}, 8, ("human", "greedy", "greedy", "greedy")))
    table = BreachTable(session)
    for orient in ("wide", "tall"):
        svg = render_board(table.view(), {**table.hints(), "orient": orient, "nodes": {"3t": "build"}})
        root = ET.fromstring(svg)
        names = {g.get("data-name") for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-name")}
        assert names == {f"{layer}{side}" for layer in range(1, 15) for side in "tb"} | {"edge", "root"}
        assert 'data-name="3t" class="node' in svg and 'data-action="build"' in svg
        assert svg.count('class="infiltrator') == 4
        assert "DEAD DROP" in svg and "ENTER" in svg
        assert render_track_outline(orient).startswith("<svg")


def test_panels_show_slots_exposure_players_and_deck():
    session = Session(new_setup("breach", {"players": 3}, 3, ("human", "random", "search")))
    table = BreachTable(session)
    bots_move(session, table)
    panels = pages.page_for("breach").panels(table)
    for html in panels.values():
        parse_html(html)
    assert "/5 slots" in panels["tools"] and "Exposure 0/5" in panels["tools"]
    assert panels["players"].count('class="player ') == 3 and "owes" in panels["players"]
    assert all(card.name in panels["costs"] for card in EXPLOIT.values())
    side = pages.page_for("breach").side(table)
    assert 'id="log"' in side and 'id="players"' in side and "How to play Breach" in side


def test_form_and_links():
    setup, errors = parse_form("breach", {"seed": "9", "players": "5", "rounds": "40", "seat1": "human",
                                          "seat2": "greedy", "seat3": "search", "seat4": "random", "seat5": "greedy"})
    assert not errors and setup.options["players"] == 5 and len(setup.seats) == 5
    setup, errors = parse_form("breach", {"seed": "", "players": "6"})
    assert setup is None and "players" in errors
    assert pages.is_playable("breach")
    link = Session(new_setup("breach", {"players": 2}, 5, ("human", "greedy"))).link()
    assert link.startswith("play=breach&seats=human,greedy&r=")
    assert Session.from_link(link).setup.options["players"] == 2


def test_a_whole_game_against_bots_reaches_the_game_over_card():
    session = Session(new_setup("breach", {"players": 2}, 21, ("human", "greedy")))
    table = BreachTable(session)
    rng = Rng(3)
    for _ in range(3000):
        if session.over:
            break
        if session.is_bot_turn():
            bots_move(session, table)
            continue
        texts = session.legal_texts()
        forward = [t for t in texts if t.split()[1] in ("run", "sprint", "enter", "keep", "pass")]
        text = forward[-1] if forward and rng.below(4) else rng.choice(texts)
        assert via_ui(table, text) == text, table.message
    assert session.over
    card = pages.page_for("breach").game_over(table)
    parse_html(card)
    assert "result-title" in card and "<svg" in card and "PROGRESS" in card
    headline, detail = table.result()
    assert re.match(r"(You win|Greedy bot wins|.* share the win)", headline), headline
    assert "progress" in detail
    # the card counts rounds and, as its chart does, turns (one point per finished turn)
    view = table.view()
    assert f"after {view['round']} rounds ({len(view['history'])} turns)" in detail


def test_the_empty_log_says_who_goes_first_in_good_english():
    for seats in (("human", "greedy", "greedy"), ("greedy", "human", "greedy"), ("greedy", "greedy", "human")):
        for seed in range(6):
            session = Session(new_setup("breach", {"players": 3}, seed, seats))
            text = bv.log_panel(BreachTable(session))
            first = session.view()["first"]
            if seats[first] == "human":
                assert "You go first." in text and "You goes" not in text
            else:
                assert f"{session.names[first]} goes first." in text


SVG = "{http://www.w3.org/2000/svg}"


def _box(node) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 of a circle, rect or polygon."""
    if node.tag == SVG + "circle":
        x, y, r = (float(node.get(k)) for k in ("cx", "cy", "r"))
        return x - r, y - r, x + r, y + r
    if node.tag == SVG + "rect":
        x, y, w, h = (float(node.get(k)) for k in ("x", "y", "width", "height"))
        return x, y, x + w, y + h
    points = [tuple(map(float, p.split(","))) for p in node.get("points").split()]
    return min(p[0] for p in points), min(p[1] for p in points), max(p[0] for p in points), max(p[1] for p in points)


@pytest.mark.parametrize("orient", ["wide", "tall"])
def test_the_edge_label_is_clear_of_five_infiltrators(orient):
    """Issue 26 item 10: the players' tokens covered EDGE's letters (the
    wide track stacks them up the Edge box from its foot, and the word sat
    in the box's middle). Every letter's box is clear of every token."""
    session = Session(new_setup("breach", {"players": 5}, 4, ("human",) + ("greedy",) * 4))
    root = ET.fromstring(render_board(BreachTable(session).view(), {"orient": orient}))
    edge = next(g for g in root.iter(SVG + "g") if g.get("data-name") == "edge")
    label = edge.find(SVG + "text")
    letters, y = [], float(label.get("y"))
    spans = label.findall(SVG + "tspan") or [label]
    for span in spans:
        y += float(span.get("dy") or 0)
        text = span.text or ""
        x = float(span.get("x") or label.get("x"))
        half = 4.5 * len(text)  # 14 px bold monospace: about 9 px a character, centred
        letters.append((x - half, y - 11, x + half, y + 3))
    tokens = [_box(next(iter(g))) for g in root.iter(SVG + "g") if "infiltrator" in (g.get("class") or "")]
    assert len(tokens) == 5
    for letter in letters:
        for token in tokens:
            apart = letter[2] <= token[0] or token[2] <= letter[0] or letter[3] <= token[1] or token[3] <= letter[1]
            assert apart, (letter, token)


def test_the_hand_shown_is_the_bots_to_act_among_several_humans():
    """``Table.hand_seat`` is one rule for every game (Net Control's, as
    both docstrings said): with two humans at one screen and a bot to act,
    the page shows the acting bot's hand (every hand is open at one screen),
    not the first human's."""
    session = Session(new_setup("breach", {"players": 3}, 2, ("human", "human", "greedy")))
    for seat in turns(session.match, limit=400):
        if seat == 2:
            break
        session.play(session.legal_texts(f"p{seat + 1} ")[0])
    assert session.current == 2
    assert BreachTable(session).hand_seat() == 2


def test_the_board_marks_the_nodes_the_others_entered_since_you_acted():
    """The track's marks of the last moves (``Table.last_targets``, Breach's
    ``entry_targets`` reading the events): when your turn comes back, every
    Node the bot entered since you last acted is marked, each once."""
    session = Session(new_setup("breach", {"players": 2}, 21, ("human", "greedy")))
    table = BreachTable(session)
    rng = Rng(5)
    checked = 0
    for seat in turns(session.match, limit=600):
        if checked >= 3:
            break
        if session.setup.is_bot(seat):
            before = len(session.log)
            bots_move(session, table)
            entered = [event.get("at") for entry in session.log[before:] for event in entry.events
                       if event.get("kind") == "enter" and str(event.get("at"))[:-1].isdigit()]
            if entered and not session.is_bot_turn():
                marks = table.last_targets()
                assert set(entered) <= set(marks) and len(marks) == len(set(marks)), (entered, marks)
                checked += 1
            continue
        texts = session.legal_texts()
        forward = [t for t in texts if t.split()[1] in ("run", "sprint", "enter", "keep", "pass")]
        session.play(forward[-1] if forward and rng.below(4) else rng.choice(texts))
    assert checked >= 3
