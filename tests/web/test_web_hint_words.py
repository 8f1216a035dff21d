"""A hint's words and what the board shows with them (web/replay/hint.py, each
game's ``Table.hint_words`` and ``take_hint``), on CPython: in real
positions of all four games a hint names the tool or card and the place;
Overwrite's names the bank piece, its rotation and flip as the engine's
action has them and the cell to click, picks the piece up as the hint lays
it, and a click on that cell plays exactly the hinted move; "outlined on
the board" only when the board outlines something; Net Control writes the
names of the points a hint names ("v19", "e21") on the island.

The hints are the search bot's at the analysis tests' small budget
(``FAST``): what is checked is how a move is said and shown, not which."""

from __future__ import annotations

import re

import pytest

from netarcade.bots import analysis
from netarcade.core.prng import Rng
from netarcade.games.overwrite.pieces import SPECIAL_NAMES
from netarcade.web.replay import hint
from netarcade.web.games.backbone.tools import TOOL_SPECS as BACKBONE_TOOLS
from netarcade.web.games.breach.tools import BARE, card_name, where_words
from netarcade.web.games.netcontrol.render import render_board
from netarcade.web.games.netcontrol.tools import PHASE_TOOLS, RESOURCES, TOOL_SPECS as NETCONTROL_TOOLS
from netarcade.web.games.netcontrol.tools import action_targets, resource_code
from netarcade.web.games.overwrite.tools import cells, handle_cell, orientation_words, shape_of, shift
from netarcade.web.session import Session, new_setup
from support.playing import turns
from support.analysis_games import FAST
from support.hint_page import controller, handle_to_the_end
from support.page import ops, start
from support.page import run_next


@pytest.fixture(autouse=True)
def small_budget(monkeypatch):
    monkeypatch.setattr(analysis, "PAGE_SETTINGS", FAST)


def ask_hint(control, screen) -> hint.Hint:
    """Press Hint and let the search bot think to the end."""
    control.key("i")
    assert run_next(screen) is True
    found = hint.current(control)
    assert found is not None
    return found


def backbone_parts(table, text):
    words = text.split()
    verb = words[1]
    tool = "end the turn" if verb == "end" else BACKBONE_TOOLS[verb].label.lower()
    return [tool, *words[2:]]


def netcontrol_parts(table, text):
    words = text.split()
    verb = words[1]
    spec = NETCONTROL_TOOLS.get(verb) or PHASE_TOOLS.get(verb) or PHASE_TOOLS.get(f"setup-{verb}")
    tool = {"end": "end the turn", "draw": "draw a special card"}.get(verb, spec.label.lower())
    resources = [RESOURCES[["co", "ba", "fi", "sc", "me"].index(w)] for w in words[2:] if resource_code(w) == w]
    return [tool, *action_targets(text), *resources]


def breach_parts(table, text):
    words = text.split()
    verb, rest = words[1], words[2:]
    if verb == "play":
        target = rest[1:] and rest[1]
        place = [] if not target or target.startswith("p") else [
            f"layer {target}" if target.isdigit() else where_words(target)]
        return [card_name(rest[0]).lower(), *place]
    if verb in ("enter", "crash"):
        return [where_words(rest[0]).lower()]
    if verb in ("block", "counter", "reroll", "discard"):
        return [verb, *(card_name(word).lower() for word in rest if not word.isdigit())]
    return [{"stop": "stop", "move": "move on"}.get(verb, BARE[verb].label.lower())]


def overwrite_parts(table, text):
    words = text.split()
    verb = words[1]
    if verb in ("place", "defrag"):
        name, orient, anchor = words[2:]
        shape = (shape_of(name) if verb == "place"
                 else next(p["shape"] for p in table.view()["pieces"] if p["id"] == name))
        click = handle_cell(shape, orient, anchor)
        covered = [shift(anchor, row, col) for row, col in sorted(cells(shape, orient))]
        turned = orientation_words(shape, orient)
        tool = "defrag" if verb == "defrag" else f"{SPECIAL_NAMES.get(name, name)} from "
        return [tool, *([turned] if turned else []), f"click {click}", *covered]
    return [{"reserve": "reserve", "draw": "draw", "pass": "pass"}[verb]]


PARTS = {"backbone": backbone_parts, "netcontrol": netcontrol_parts, "breach": breach_parts,
         "overwrite": overwrite_parts}


@pytest.mark.parametrize("game_id, seed, steps", [("backbone", 3, 8), ("netcontrol", 1, 18), ("breach", 1, 16),
                                                  ("overwrite", 1, 20)])
def test_a_hint_names_the_tool_and_the_place_in_every_game(game_id, seed, steps):
    """Human seats only: every decision is asked for a hint, which is then
    played (Overwrite's by a click on the cell the hint names) or another
    legal move is, so the positions vary."""
    control, screen = controller()
    control.route(f"play={game_id}&seats=human,human&seed={seed}")
    rng = Rng(seed)
    verbs = set()
    # a loop of its own: each step plays the hint the page gives, through its controls (what it checks)
    for _ in range(steps):
        session, table = control.session, control.table
        if session.over:
            break
        found = ask_hint(control, screen)
        said = found.words.lower()
        for part in PARTS[game_id](table, found.text):
            assert part.lower() in said, (found.text, found.words, part)
        assert found.words in control.prompt()
        verbs.add(found.text.split()[1])
        if game_id == "overwrite" and table.cursor is not None:
            before = len(session.match.actions)
            control.click(table.cursor)
            assert session.match.actions[before:before + 1] == [found.text], table.message
        else:
            session.play(found.text)
            control.changed()
        texts = session.legal_texts() if not session.over else []
        if texts and rng.below(3) == 0:
            session.play(texts[rng.below(len(texts))])
            control.changed()
    board_verbs = {"backbone": {"router", "switch", "ap", "server", "datacenter", "firewall", "hack", "reroute"},
                   "netcontrol": {"node", "link", "super", "fortify", "clear"},
                   "breach": {"enter", "play"}, "overwrite": {"place", "defrag"}}[game_id]
    assert verbs & board_verbs, verbs  # a hint with a place was among them


def test_overwrite_hints_say_the_engines_rotation_and_flip_and_the_ghost_has_that_shape():
    control, screen = controller()
    control.route("play=overwrite&seats=human,human&seed=1")
    seen = set()
    # a loop of its own: each step plays the hint the page gives, through its controls (what it checks)
    for _ in range(12):
        found = ask_hint(control, screen)
        table, session = control.table, control.session
        words = found.text.split()
        if words[1] == "place":
            action = session.game.parse_action(found.text)
            assert (action.piece if isinstance(action.piece, str) else words[2]) == words[2]
            shape = shape_of(words[2])
            turned = orientation_words(shape, words[3])
            assert turned in found.words
            seen.add(words[3])
            # picked up as the hint lays it: the ghost at the cursor is the hinted piece's cells
            assert table.tool == "place" and table.picked == words[2:4]
            target = table.hints()["targets"][table.cursor]
            assert target["action"] == found.text and target["ok"]
            assert sorted(target["ghost"]) == sorted(hint.ghost_names(control))
        before = len(session.match.actions)
        if table.cursor is not None:
            control.click(table.cursor)
        else:
            session.play(found.text)
            control.changed()
        assert session.match.actions[before:before + 1] == [found.text]
    assert seen - {"r0"}, seen  # a turned or flipped piece was hinted


def test_orientation_words_follow_the_turn_and_flip_buttons():
    """The words say how the buttons get there from the bank's drawing: Flip
    first, then Turn (a quarter clockwise each press)."""
    from netarcade.web.games.overwrite.tools import flipped, turned

    for shape in ("L4", "P5", "S4", "T4"):
        for presses in range(4):
            for flip in (False, True):
                word = flipped(shape, "r0") if flip else "r0"
                for _ in range(presses):
                    word = turned(shape, word)
                said = orientation_words(shape, word)
                assert ("flipped" in said) == word.endswith("f")
                quarter = {0: "", 1: "a quarter clockwise", 2: "half round", 3: "three quarters clockwise"}
                if quarter[int(word[1])]:
                    assert quarter[int(word[1])] in said


def test_outlined_on_the_board_only_when_the_board_outlines_something():
    app, posted = start("#play=breach&seats=human,greedy&seed=5")
    posted.clear()
    handle_to_the_end(app, {"kind": "key", "key": "i", "seq": 2})
    found = hint.current(app.control)
    assert found.text.split()[1] == "run"  # a button, on no board element
    board = ops(posted, "html", id="board")[-1]["html"]
    assert "data-ghost" not in board
    prompt = ops(posted, "text", id="prompt")[-1]["text"]
    assert prompt == f"Hint: {found.words} (the search bot's suggestion)."

    app, posted = start("#play=backbone&seats=human,greedy&seed=5")
    posted.clear()
    handle_to_the_end(app, {"kind": "key", "key": "i", "seq": 2})
    found = hint.current(app.control)
    assert "data-ghost" in ops(posted, "html", id="board")[-1]["html"]
    prompt = ops(posted, "text", id="prompt")[-1]["text"]
    assert prompt == f"Hint: {found.words} (the search bot's suggestion, outlined on the board)."


def test_net_control_writes_the_names_a_hint_says_on_the_island():
    app, posted = start("#play=netcontrol&seats=human,greedy&seed=5")
    assert "name-tag" not in ops(posted, "html", id="board")[-1]["html"]
    posted.clear()
    handle_to_the_end(app, {"kind": "key", "key": "i", "seq": 2})
    found = hint.current(app.control)
    board = ops(posted, "html", id="board")[-1]["html"]
    named = action_targets(found.text)
    assert named and all(name in found.words for name in named)
    assert re.findall(r'data-tag="([^"]+)"', board) == named
    assert set(re.findall(r'data-ghost="hint" data-name="([^"]+)"', board)) == set(named)
    # a move ends the hint, and its tags
    app.control.session.play(found.text)
    app.control.changed()
    app.ops.flush()
    assert "name-tag" not in ops(posted, "html", id="board")[-1]["html"]


def test_name_tags_sit_beside_vertices_edges_and_tiles_and_skip_unknown_names():
    session = Session(new_setup("netcontrol", {"players": 2}, 5, ("human", "human")))
    view = session.view()
    svg = render_board(view, {"tags": ["v19", "e21", "t5", "v999", "x1"]})
    assert re.findall(r'data-tag="([^"]+)"', svg) == ["v19", "e21", "t5"]
    assert 'aria-hidden="true"' in svg.split('class="name-tags"')[1]  # the words say it; a screen reader hears them
    assert "name-tag" not in render_board(view, {})


def test_overwrite_hints_to_keep_a_piece_pick_it_for_reserve():
    """A hint to Reserve names the piece and the button, and picks the piece
    up so Reserve keeps it (the hint's words and ``take_hint`` on a
    position where the engine lists a reserve)."""
    control, screen = controller()
    control.route("play=overwrite&seats=human,human&seed=1")
    session, rng = control.session, Rng(4)
    for seat in turns(session.match):  # the session's own policy: humans first
        texts = session.match.legal(seat)
        if any(text.split()[1] == "reserve" for text in texts):
            break
        session.play(texts[rng.below(len(texts))])
        control.changed()
    text = next(text for text in session.legal_texts() if text.split()[1] == "reserve")
    table = control.table
    words = table.hint_words(text)
    assert words.startswith(f"keep {text.split()[2]} (the ") and "press Reserve" in words
    table.take_hint(text)
    assert table.tool == "place" and table.picked[0] == text.split()[2]
    control.command("reserve")
    assert session.match.actions[-1] == text
