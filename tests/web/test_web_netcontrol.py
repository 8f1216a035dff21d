"""Net Control's page controller on CPython: the table (phases, tools, picks,
choosers, hints, status), its HTML panels, the page registry, the form, and
the session's seat order in discard windows. The DOM glue is covered by
tests/browser/test_browser_netcontrol.py."""

from __future__ import annotations

import doctest
import re
import xml.etree.ElementTree as ET

import pytest

from netarcade.bots import make_bot
from netarcade.core import digest
from netarcade.core.prng import Rng
from netarcade.games import declared
from netarcade.games.netcontrol.rules import CARDS
from netarcade.web.games.netcontrol import table as web_netcontrol
from netarcade.web.games.netcontrol import views as ncv
from netarcade.web import pages, views
from netarcade.web.games.netcontrol.table import CHOOSER_TOOLS, NetControlTable, action_targets
from netarcade.web.newgame import parse_form
from netarcade.web.session import Session, new_setup
from netarcade.web.thinking import Thinker
from support.playing import turns

SEATS = ("human", "greedy", "greedy")


def vs_bots(seed=7, seats=SEATS, **options) -> Session:
    return Session(new_setup("netcontrol", options, seed, seats))


def parse_html(html: str) -> ET.Element:
    html = re.sub(r"(<input[^>]*)>", r"\1/>", html)
    html = re.sub(r" (novalidate|selected|checked|disabled|hidden)(?=[ >/])", r' \1=""', html)
    return ET.fromstring(f"<root>{html}</root>")


def bots_move(session: Session, table: NetControlTable | None = None, seed: int = 1) -> None:
    """Let the bot seats act until a human must (or the game ends)."""
    bots = {}
    for seat in turns(session.match):  # the session's own policy: humans first
        if not session.setup.is_bot(seat):
            break
        bot = bots.setdefault(seat, make_bot("greedy", seed + seat))
        session.play(bot.choose(session.game, session.state, seat))
    if table is not None:
        table.sync()


def to_first_roll(seed: int) -> tuple[Session, NetControlTable]:
    """A game against two bots, placed through the page's controls up to
    P1's first roll."""
    session = vs_bots(seed=seed)
    table = NetControlTable(session)
    while session.view()["phase"] != "roll" or not session.is_human_turn():
        via_ui(table, session.legal_texts()[0]) if session.is_human_turn() else bots_move(session, table)
    return session, table


def after_first_roll(seed: int) -> tuple[Session, NetControlTable]:
    """:func:`to_first_roll`, then P1 rolls and the bots make their discards, if any."""
    session, table = to_first_roll(seed)
    table.command("roll")
    bots_move(session, table)
    return session, table


def fresh_table(session: Session) -> NetControlTable:
    """A new table after a test has edited the session's state by hand."""
    session.match.edited()
    return NetControlTable(session)


def via_ui(table: NetControlTable, text: str) -> str | None:
    """Play the action ``text`` the way a player does: the phase's board
    click, a tool then a target, a chooser, or a button. Checks on the way
    that every target the player clicks was offered (highlighted)."""
    words = text.split()
    verb, args = words[1], words[2:]
    phase = table.phase
    if phase in ("setup-node", "setup-link", "rebuild"):
        assert table.hints()["actions"][args[0]] == text
        return table.click(args[0])
    if verb in ("roll", "draw", "end"):
        return table.command(verb)
    if verb == "discard":
        assert table.chooser()["mode"] == "discard"
        return table.command("pick", args[0])
    if table.tool != verb:
        played = table.select_tool(verb)
        if verb == "xp":
            return played
        assert table.tool == verb, table.message
    if verb in CHOOSER_TOOLS:
        chooser = table.chooser()
        first = next(o for o in chooser["options"] if o["code"] == args[0])
        assert first["enabled"]
        if verb == "monopoly":
            return table.choose(args[0])
        assert table.choose(args[0]) is None and table.picked == [args[0]]
        return table.choose(args[1])
    if verb == "linkbuild":
        assert args[0] in table.hints()["actions"]
        assert table.click(args[0]) is None and table.picked == [args[0]]
        assert table.hints()["actions"][args[1]] == text
        return table.click(args[1])
    assert table.hints()["actions"][args[0]] == text
    return table.click(args[0])


# --- setup ------------------------------------------------------------------------------


def test_setup_asks_for_a_node_then_a_link_beside_it():
    session = vs_bots()
    table = NetControlTable(session)
    assert table.status() == "You place a node"
    assert "highlighted corner" in table.prompt()
    hints = table.hints()
    legal = session.legal_texts()
    assert sorted(hints["actions"].values()) == sorted(legal)
    assert all(name.startswith("v") for name in hints["actions"])
    assert table.click("e3") is None and "corner" in table.message
    assert table.click("v0") == "p1 node v0"
    assert table.status() == "You place a link"
    hints = table.hints()
    assert set(hints["actions"].values()) == set(session.legal_texts())
    assert all(name.startswith("e") for name in hints["actions"])
    assert hints["highlight"]["v0"] == "selected"
    assert "v0" in table.prompt()
    assert table.click("e40") is None and "must start at your new node v0" in table.message
    edge = next(iter(hints["actions"]))
    assert table.click(edge) == f"p1 link {edge}"
    assert session.is_bot_turn() and table.status() == "Greedy bot 2 is thinking\u2026"
    assert table.hints().get("actions") is None
    assert table.click("v9") is None and "Greedy bot 2's turn" in table.message
    bots_move(session, table)
    assert table.status() == "You place a node"
    assert "second node also collects" in table.prompt()
    assert set(table.last_targets()) >= {a for e in session.log[2:] for a in action_targets(e.text)}


def test_a_player_left_without_a_building_places_a_free_node_on_the_board():
    """N32 in the page: the status says why, the legal corners light, a click plays it."""
    session, table = to_first_roll(7)
    state = session.state
    for v in [v for v, who in state.owner.items() if who == 0]:
        del state.owner[v], state.level[v], state.forts[v]
    state.phase = "rebuild"
    table = fresh_table(session)
    assert table.status() == "You place a free node: no building left"
    assert "free node" in table.prompt()
    legal = session.legal_texts()
    assert legal and sorted(table.hints()["actions"].values()) == sorted(legal)
    assert table.click("e3") is None and "corner" in table.message
    assert via_ui(table, legal[0]) == legal[0]
    assert session.view()["phase"] == "roll" and 0 in session.state.owner.values()


def test_a_spacing_violation_is_explained_and_changes_nothing():
    session = vs_bots()
    table = NetControlTable(session)
    table.click("v10")
    table.click(next(iter(table.hints()["actions"])))
    bots_move(session, table)
    before = digest(session.game, session.state), list(session.actions)
    neighbour = f"v{session.state.topo.vertex_neighbors[10][0]}"
    assert table.click(neighbour) is None
    assert table.message.startswith(f"Can't place a node on {neighbour}: ")
    assert (digest(session.game, session.state), session.actions) == before


# --- every action is reachable by the page's controls -------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8])
def test_every_legal_action_can_be_played_through_the_controls(seed):
    """Hot-seat games (every seat human) played by random legal actions,
    each one entered through the table's controls."""
    session = Session(new_setup("netcontrol", {"players": 3}, seed, ("human",) * 3))
    table = NetControlTable(session)
    rng = Rng(seed)
    seen = set()
    for _ in range(500):
        if session.over:
            break
        texts = session.legal_texts()
        # prefer doing things over ending the turn, so cards and trades come up
        choices = [t for t in texts if not t.endswith(" end")] or texts
        if len(choices) < len(texts) and not rng.below(5):
            choices = texts
        text = rng.choice(choices)
        assert table.status(), text
        assert table.prompt(), text
        played = via_ui(table, text)
        assert played == text, (text, table.message)
        seen.add(text.split()[1])
        table.sync()
    assert {"node", "link", "roll", "end"} <= seen


def test_all_card_kinds_are_playable_through_the_controls():
    session, table = after_first_roll(3)
    state = session.state
    for kind in range(len(CARDS)):
        state.cards[0][kind] = 1
    state.hands[0] = [3, 3, 3, 3, 3]
    for card in ("linkbuild", "resource", "monopoly", "virus", "hack", "xp"):
        table = fresh_table(session)
        texts = [t for t in session.legal_texts() if t.split()[1] == card]
        assert texts, card
        assert table.available()[card] == len(texts)
        before = list(session.actions)
        assert via_ui(table, texts[-1]) == texts[-1]
        assert session.actions == before + [texts[-1]]
        # one card per turn: the others are out of reach now, and say so
        other = "xp" if card != "xp" else "hack"
        assert table.select_tool(other) is None and "one per turn" in table.message
        session.undo()


def test_linkbuild_picks_two_edges_and_backs_out():
    session, table = after_first_roll(4)
    session.state.cards[0][CARDS.index("linkbuild")] = 1
    table = fresh_table(session)
    table.select_tool("linkbuild")
    firsts = table.linkbuild_firsts()
    hints = table.hints()
    assert set(hints["actions"]) == set(firsts)
    assert "first free link" in table.prompt()
    table.click(firsts[0])
    assert table.picked == [firsts[0]]
    hints = table.hints()
    assert hints["highlight"][firsts[0]] == "selected"
    assert "second link" in table.prompt() and firsts[0] in table.prompt()
    table.click(firsts[0])  # the first edge again: back to choosing it
    assert table.picked == []
    table.click(firsts[0])
    table.cancel()
    assert table.picked == [] and table.tool == "linkbuild"
    table.cancel()
    assert table.tool is None


def test_trade_shows_rates_and_takes_two_picks():
    session, table = after_first_roll(7)
    session.state.hands[0] = [4, 1, 0, 0, 0]
    table = fresh_table(session)
    rates = session.view()["players"][0]["rates"]
    table.select_tool("trade")
    chooser = table.chooser()
    assert chooser["mode"] == "trade-give"
    assert [o["note"] for o in chooser["options"]] == [f"{r}:1" for r in rates]
    assert [o["enabled"] for o in chooser["options"]] == [4 >= rates[0], False, False, False, False]
    assert table.choose("ba") is None and "Trading bandwidth takes" in table.message
    assert table.click("t3") is None and "choose in the panel" in table.message
    table.choose("co")
    chooser = table.chooser()
    assert chooser["mode"] == "trade-take" and chooser["title"].startswith(f"Give {rates[0]} co")
    assert table.key_command("3") == "pick:fi"
    assert table.choose("fi") == "p1 trade co fi"
    assert session.view()["players"][0]["hand"][2] == 1


# --- the discard window -----------------------------------------------------------------------


def find_discard(seats, want_human=True, seed_range=range(40)):
    """A session at a discard window in which the human (P1) owes cards."""
    for seed in seed_range:
        session = vs_bots(seed=seed, seats=seats)
        human = make_bot("greedy", 99)
        bots = {}
        for seat in turns(session.match, 1500):
            view = session.game.view(session.state, None)
            if view["phase"] == "discard" and ("0" in view["owed"]) == want_human and len(view["owed"]) > 1:
                return session
            if seat == 0 and view["phase"] == "main":
                session.play("p1 end")  # the human hoards
                continue
            bot = bots.setdefault(seat, make_bot("greedy", seat)) if seat else human
            session.play(bot.choose(session.game, session.state, seat))
    raise AssertionError("no discard window found")


def test_a_human_who_owes_discards_first_then_the_bots():
    session = find_discard(SEATS)
    view = session.view()
    assert session.current == 0 and session.is_human_turn()
    assert len(session.waiting()) > 1
    table = NetControlTable(session)
    owed = view["owed"]["0"]
    assert table.status().startswith(f"Discard {owed} card")
    chooser = table.chooser()
    assert chooser["mode"] == "discard" and chooser["title"] == f"Discard {owed} more"
    hand = view["players"][0]["hand"]
    assert [o["enabled"] for o in chooser["options"]] == [n > 0 for n in hand]
    assert table.command("roll") is None and "Discard first" in table.message
    assert table.select_tool("link") is None and "Discard first" in table.message
    html = ncv.panels(table)["tools"]
    assert 'data-cmd="pick"' in html and "mode-discard" in html
    for _ in range(owed):
        code = next(o["code"] for o in table.chooser()["options"] if o["enabled"])
        assert table.choose(code) == f"p1 discard {code}"
    assert session.is_bot_turn()
    assert "discarding" in table.status() or "thinking" in table.status()
    bots_move(session, table)
    assert session.view()["owed"] == {}


def test_bots_discard_on_their_own():
    session = find_discard(SEATS, want_human=False)
    view = session.view()
    assert "0" not in view["owed"]
    assert session.is_bot_turn()
    table = NetControlTable(session)
    assert table.chooser() is None
    assert "discarding" in table.status()
    bots_move(session, table)
    assert session.view()["phase"] in ("main", "roll", "over")


# --- status, prompt, keys, explanations ---------------------------------------------------


def test_roll_then_build_tools_and_keys():
    session, table = to_first_roll(9)
    assert table.status() == "Your turn, round 1: roll the dice"
    assert table.select_tool("link") is None and table.message == "Roll the dice first (R)."
    assert table.command("end") is None and "Roll the dice first" in table.message
    assert table.key_command("r") == "roll"
    assert table.command("roll") == "p1 roll"
    assert table.command("roll") is None and "rolled already" in table.message
    if session.is_human_turn():
        assert table.status() == "Your turn, round 1: build, trade or play a card"
    keys = {k: table.key_command(k) for k in "lnsfcdtehvbgmxu"}
    assert keys == {"l": "link", "n": "node", "s": "super", "f": "fortify", "c": "clear", "d": "draw",
                    "t": "trade", "e": "end", "h": "hack", "v": "virus", "b": "linkbuild",
                    "g": "resource", "m": "monopoly", "x": "xp", "u": "undo"}
    assert table.key_command("Escape") == "cancel" and table.key_command("q") is None
    assert table.key_command("1") is None  # no chooser open: digits mean nothing


def test_unavailable_tools_say_what_they_need():
    session, table = after_first_roll(9)
    session.state.hands[0] = [0, 0, 0, 0, 0]
    table = fresh_table(session)
    assert table.tool is None
    assert "Choose an action" in table.prompt()
    table.select_tool("super")
    assert table.message == "A Super Node costs 2fi 3me; you are short 2fi 3me."
    table.select_tool("trade")
    assert table.message.startswith("Your hand is empty; trading takes")
    table.select_tool("hack")
    assert table.message == "You hold no Hack card."
    assert table.command("draw") is None and "Draw card costs 1fi 1sc 1me" in table.message
    assert table.click("v3") is None and "Pick what to do first" in table.message
    assert table.end_turn() == "p1 end"


def test_a_refused_trade_names_each_resources_own_rate():
    """Issue 26: with a firewall exchange (2:1) and 3 compute (4:1), the
    refusal said "A trade needs 2 of one resource at your best rate (2:1)";
    it names the rate of what the player holds."""
    session, table = after_first_roll(3)  # P1 placed a node on the firewall exchange
    session.state.hands[0] = [3, 0, 1, 0, 0]
    table = fresh_table(session)
    assert session.view()["players"][0]["rates"] == [4, 4, 2, 4, 4]
    table.select_tool("trade")
    assert table.message == "Trading takes 4 compute (4:1; you have 3) or 2 firewall (2:1; you have 1)."
    session.state.hands[0] = [0, 0, 0, 0, 0]
    table = fresh_table(session)
    table.select_tool("trade")
    assert table.message == "Your hand is empty; trading takes 4 of one resource (4:1) or 2 firewall (2:1)."


def test_a_new_build_phase_selects_node_super_or_link_when_possible():
    session, table = after_first_roll(9)
    session.state.hands[0] = [1, 1, 0, 0, 0]
    table = fresh_table(session)
    assert table.tool == "link"
    hints = table.hints()
    assert set(hints["actions"].values()) == {t for t in session.legal_texts() if " link " in t}
    assert "Link (1co 1ba)" in table.prompt()
    table.select_tool("link")  # issue 39: the selected tool again keeps it selected
    assert table.tool == "link" and table.message is None
    table.cancel()  # Esc puts it down
    assert table.tool is None


def test_game_over_result_and_chart():
    session = vs_bots(seed=2, seats=("greedy", "greedy", "greedy"), target=5)
    bots_move(session)
    assert session.over
    table = NetControlTable(session)
    headline, detail = table.result()
    assert re.match(r"Greedy bot \d wins with \d+ XP", headline)
    assert table.status() == headline
    assert "XP" in detail and "Longest Network" in detail
    html = pages.page_for("netcontrol").game_over(table)
    assert "<polyline" in html and 'data-cmd="rematch"' in html and ">XP<" in html
    assert "XP at the end of each round" in html and ">ROUND<" in html
    parse_html(html)


# --- panels -----------------------------------------------------------------------------


def test_panels_show_hand_limit_rates_dice_threat_runners_and_costs():
    session, table = after_first_roll(7)
    state = session.state
    state.hands[0] = [1, 1, 1, 1, 0]
    state.threat = 2
    state.longest = 1
    state.cards[0][CARDS.index("hack")] = 2
    state.fresh[0][CARDS.index("hack")] = 1
    table = fresh_table(session)
    view = session.view()
    panels = ncv.panels(table)
    for html in panels.values():
        parse_html(html)
    tools = panels["tools"]
    assert "4/7 limit" in tools
    assert tools.count('class="rate') == 5
    red, white = view["dice"]
    assert f'aria-label="red die: {red}"' in tools and f'aria-label="white die: {white}"' in tools
    assert f">{red + white}<" in tools
    assert "2/3" in tools and "threat hot" in tools
    root = parse_html(tools)
    hack = next(li for li in root.iter("li") if li.get("class", "").startswith("card-hack"))
    assert "\u00d72" in "".join(hack.itertext()) and "new" in "".join(hack.itertext())
    runners = panels["players"]
    assert "Longest Network +2" in runners and "Greedy bot 2" in runners
    costs = parse_html(panels["costs"])
    lit = {tr.find("th").text for tr in costs.iter("tr") if tr.get("class") == "afford"}
    assert lit == {"link", "node", "clear virus"}  # 1co 1ba 1fi 1sc covers these three
    assert "p1 roll" in panels["log"] and "red " in panels["log"]


def test_dice_panel_before_any_roll_and_after_a_turn():
    session = vs_bots(seed=7)
    table = NetControlTable(session)
    assert "no roll yet" in ncv.dice_panel(table)
    assert ncv.dice_panel(table).count("blank") == 2


def test_dice_panel_says_when_a_roll_fired_a_purge():
    session = vs_bots(seed=3, seats=("greedy", "greedy", "greedy"), target=20)
    table = NetControlTable(session)
    bots = {}
    for seat in turns(session.match):
        if any(e.get("kind") == "purge" for e in (session.log[-1].events if session.log else ())):
            break
        bot = bots.setdefault(seat, make_bot("greedy", seat))
        session.play(bot.choose(session.game, session.game.copy(session.state), seat))
    assert not session.over, "no purge in this game: pick another seed"
    html = ncv.dice_panel(table)
    assert "network purge" in html and "0/3" in html  # the track starts again
    assert "the threat track moves" not in html


def test_log_is_capped_but_says_so():
    session = vs_bots(seed=2, seats=("greedy", "greedy", "greedy"), target=8)
    bots_move(session)
    table = NetControlTable(session)
    html = ncv.log_panel(table)
    if len(session.log) > ncv.LOG_LIMIT:
        assert "earlier actions" in html
        assert html.count("<code>") == ncv.LOG_LIMIT


# --- session, pages, form, thinking ----------------------------------------------------------------


def test_session_uses_the_open_view():
    session = vs_bots()
    assert all(player["hand"] is not None for player in session.view()["players"])
    assert session.game.view(session.state, None)["players"][0]["hand"] is None


def test_link_round_trip():
    session = vs_bots(seed=12)
    table = NetControlTable(session)
    for _ in range(12):
        if session.is_human_turn():
            via_ui(table, session.legal_texts()[0])
        else:
            bots_move(session, table)
    link = session.link()
    assert link.startswith("play=netcontrol&seats=human,greedy,greedy&r=")
    again = Session.from_link(link)
    assert digest(again.game, again.state) == digest(session.game, session.state)


def test_page_registry():
    assert [page.id for page in pages.all_pages()] == list(declared())
    assert {"backbone", "netcontrol"} <= {game for game in declared() if pages.is_playable(game)}
    assert pages.default_page().id == declared()[0]
    page = pages.page_for("netcontrol")
    session = vs_bots()
    table = page.table(session)
    assert isinstance(table, NetControlTable)
    assert page.board(table).startswith("<svg") and 'data-game="netcontrol"' in page.board(table)
    assert set(page.panels(table)) == {"tools", "players", "costs", "log"}
    side = page.side()
    for element in ('id="players"', 'id="costs"', 'id="log"', 'data-cmd="costs"', "How to play Net Control"):
        assert element in side
    assert page.bot_pause("p2 roll") > page.bot_pause("p2 discard co")
    assert pages.page_for("backbone").bot_pause("p2 router e5") == 0.45
    with pytest.raises(KeyError):
        pages.page_for("chess")


def test_form_for_net_control():
    setup, errors = parse_form("netcontrol", {"seed": "5", "players": "4", "radius": "3", "target": "12",
                                              "seat1": "human", "seat2": "random", "seat3": "search",
                                              "seat4": "greedy", "seat5": "human", "seat6": "human"})
    assert errors == {}
    assert setup.seats == ("human", "random", "search", "greedy")
    # the form has no field for the rules edition: a new game is the current one (N32, N33)
    assert setup.options == {"players": 4, "radius": 3, "target": 12, "rules": 2}
    _, errors = parse_form("netcontrol", {"players": "7", "radius": "0"})
    assert set(errors) == {"players", "radius"}
    html = views.new_game_form("netcontrol")
    root = parse_html(html)
    names = [e.get("name") for e in root.iter() if e.tag in ("input", "select")]
    assert names == ["seed", "radius", "players", "target", "seat1", "seat2", "seat3", "seat4", "seat5", "seat6"]
    seats = {e.get("data-seat"): e for e in root.iter("div") if e.get("data-seat")}
    assert [seat for seat, e in sorted(seats.items()) if e.get("hidden") is None] == ["1", "2", "3"]
    assert ">XP target<" in html


def test_sliced_greedy_bot_chooses_what_the_engine_bot_chooses():
    session = vs_bots(seed=6, seats=("greedy",) * 3)
    rng = Rng(1)
    for index, seat in enumerate(turns(session.match, 40)):
        engine = make_bot("greedy", index)
        expected = engine.choose(session.game, session.game.copy(session.state), seat)
        thinker = Thinker(session.game, session.state, seat, "greedy", Rng(index))
        assert thinker.run() == expected
        texts = session.legal_texts()
        session.play(rng.choice(texts))


def test_doctests():
    from netarcade.web.games.netcontrol import tools

    assert doctest.testmod(web_netcontrol).failed == 0
    assert doctest.testmod(ncv).failed == 0
    assert doctest.testmod(tools).failed == 0


def test_sliced_search_bot_chooses_what_the_engine_bot_chooses():
    session = vs_bots(seed=5, seats=("greedy",) * 3)
    settings = {"iterations": 12, "time_limit": None}
    rng = Rng(2)
    checked = 0
    for index, seat in enumerate(turns(session.match, 60)):
        if len(session.legal()) > 1 and index % 4 == 0:
            engine = make_bot("search", index, **settings)
            expected = engine.choose(session.game, session.game.copy(session.state), seat)
            thinker = Thinker(session.game, session.state, seat, "search", Rng(index), search=settings)
            steps = 0
            while not thinker.step(0.0):
                steps += 1
            assert thinker.action == expected, index
            checked += 1
        session.play(rng.choice(session.legal_texts()))
    assert checked >= 5


def test_bots_acting_together_are_equals_not_lowest_first():
    """In a window where several bots must act, the page draws which one
    goes next (from the seed and version: the same on every replay)."""
    firsts = []
    for seed in range(12):
        session = vs_bots(seed=seed, seats=("random",) * 4, players=4, target=6)
        rng = Rng(seed)
        # a loop of its own: which waiting seat the page's session names (session.current) is what it checks
        while not session.over and len(firsts) < 12:
            waiting = session.waiting()
            if len(waiting) > 1:
                seat = session.current
                assert seat in waiting and session.current == seat  # stable for one position
                firsts.append(seat == min(waiting))
            seat = session.current
            session.play(rng.choice(session.legal()))
        if len(firsts) >= 12:
            break
    assert True in firsts and False in firsts


def test_card_counts_and_supply_come_from_the_rules():
    from netarcade.games.netcontrol import rules

    assert [web_netcontrol.CARD_INFO[card][2] for card in rules.CARDS] == list(rules.DECK)
    assert f"({rules.DECK_SIZE};" in ncv.RULES_HTML
    table = NetControlTable(vs_bots())
    assert str(rules.SUPPLY["link"]) in table._why_unavailable("link") or "short" in table._why_unavailable("link")
