"""The page's DOM-free logic on CPython: sessions, seed links, the new-game
form, Backbone's tool state machine, sliced bot thinking, HTML views, and
the build-time shell. The page's app in the worker (web/app.py) is tested
in tests/web/test_web_app.py, the page itself by the browser tests
(tests/browser/test_browser_app.py)."""

from __future__ import annotations

import ast
import pathlib
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from netarcade.bots import make_bot
from netarcade.bots.mcts import DEFAULTS
from netarcade.core import TABLE, IllegalAction, decode_record, digest, encode_record
from netarcade.games import declared, get_game
from netarcade.core.prng import Rng
from netarcade.core.record import Record
from netarcade.web.games.backbone.render import render_static_board
from netarcade.web import pages
from netarcade.web import shell, thinking, views
from netarcade.web.games.backbone import table as web_backbone
from netarcade.web.games.backbone import views as backbone_views
from netarcade.web.games.backbone.table import TOOLS, BackboneTable, action_hexes
from netarcade.web.session import (
    LinkError,
    Session,
    decode_link,
    encode_link,
    is_game_link,
    new_setup,
    seat_names,
)
from netarcade.web.newgame import form_fields, parse_form
from netarcade.web.thinking import Thinker
from support.playing import bot_moves, play, turns

ROOT = pathlib.Path(__file__).resolve().parents[2]
WEB = ROOT / "py" / "netarcade" / "web"
GAME = get_game("backbone")


def human_vs(bot="search", seed=5, **options):
    return new_setup("backbone", options, seed, ("human", bot))


def play_random(session: Session, count: int, seed: int = 1, stop=None) -> Session:
    """Random legal actions (rarely ending a turn early) until ``count`` or ``stop``."""
    rng = Rng(seed)
    for _seat in turns(session.match, count):  # the session's own policy: humans first
        if stop and stop(session):
            break
        texts = session.legal_texts()
        if len(texts) > 1 and rng.below(6):
            texts = texts[:-1]
        session.play(rng.choice(texts))
    return session


# --- setup and names -------------------------------------------------------------------


def test_new_setup_validates_and_defaults():
    setup = new_setup("backbone", {"target": "12"}, "42")
    assert setup.options == {"players": 2, "target": 12, "map": "classic"}
    assert setup.seed == 42 and setup.seats == ("human", "search")
    assert 0 <= new_setup("backbone").seed < 2**32
    with pytest.raises(ValueError, match="seats"):
        new_setup("backbone", seats=("human",))
    with pytest.raises(ValueError, match="seats"):
        new_setup("backbone", seats=("human", "wizard"))
    with pytest.raises(ValueError, match="target"):
        new_setup("backbone", {"target": 2})


def test_seat_names():
    assert seat_names(("human", "search")) == ["You", "Search bot"]
    assert seat_names(("greedy", "human")) == ["Greedy bot", "You"]
    assert seat_names(("human", "human")) == ["Player 1", "Player 2"]
    assert seat_names(("search", "search")) == ["Search bot 1", "Search bot 2"]


# --- seed links --------------------------------------------------------------------------


def test_link_round_trip_reproduces_the_position():
    session = play_random(Session(human_vs("greedy", seed=77, map="seeded", target=8)), 25)
    link = session.link()
    assert link.startswith("play=backbone&seats=human,greedy&r=")
    assert is_game_link(link) and is_game_link("#" + link) and not is_game_link("home")
    again = Session.from_link("#" + link)
    assert again.setup == session.setup
    assert again.actions == session.actions
    assert digest(again.game, again.state) == digest(session.game, session.state)
    record = decode_record(link.split("&r=")[1])
    assert record == session.record()


def test_hand_written_link_starts_a_new_game():
    setup, actions = decode_link("play=backbone&seats=greedy,human&seed=42&target=12&map=seeded")
    assert setup.seats == ("greedy", "human") and setup.seed == 42
    assert setup.options["target"] == 12 and setup.options["map"] == "seeded"
    assert actions == ()
    setup, _ = decode_link("play=backbone")
    assert setup.seats == ("human", "search")


def test_percent_encoded_link_opens():
    link = Session(human_vs()).link().replace(",", "%2C")
    assert Session.from_link(link).setup.seats == ("human", "search")


@pytest.mark.parametrize("fragment, words", [
    ("play=backbone&r=!!!", "damaged"),
    ("play=backbone&r=AAAA", "damaged"),
    ("play=chess", "does not have"),
    ("play=backbone&seats=human", "bad setting"),
    ("play=backbone&seats=human,wizard", "bad setting"),
    ("play=backbone&target=99", "bad setting"),
    ("play=backbone&seed=-3", "bad setting"),
    ("play=backbone&play=backbone", "twice"),
    ("play=backbone&junk", "key=value"),
    ("seats=human,search", "names no game"),
    ("", "names no game"),
])
def test_bad_links_say_why(fragment, words):
    with pytest.raises(LinkError, match=words):
        Session.from_link(fragment)


def test_a_setting_a_game_does_not_have_is_quoted_as_written_with_the_settings_it_has():
    """Issue 39, item 13: an edited link reported "option 'plap%rs': unknown option"."""
    with pytest.raises(LinkError) as caught:
        Session.from_link("play=netcontrol&seats=human,greedy&r%C3%A9gles=2")
    said = str(caught.value)
    assert said == ("this link has a setting Net Control does not have: 'r\u00e9gles' "
                    "(Net Control's settings are players, radius, target, rules, with seed and seats)"), said
    assert "option" not in said
    with pytest.raises(LinkError, match="^this link has a bad setting, 'target': must be between"):
        Session.from_link("play=backbone&target=99")


def test_link_to_a_game_the_page_cannot_play_yet(monkeypatch):
    link = Session(human_vs()).link()
    monkeypatch.setattr(pages.page_for("backbone"), "playable", False)
    with pytest.raises(LinkError, match="Backbone cannot be played in the page yet"):
        Session.from_link(link)
    assert "playable" not in views.home().split('id="game-backbone"')[1].split("</h2>")[0]


def test_link_whose_moves_do_not_replay():
    record = Record("backbone", {"players": 2, "target": 10, "map": "classic"}, 3,
                    ("p1 router b2", "p1 router i5"))
    with pytest.raises(LinkError, match=r"move 2 \('p1 router i5'\)"):
        Session.from_link(f"play=backbone&seats=human,search&r={encode_record(record)}")
    record = Record("backbone", {}, 3, ("p1 fly e5",))
    with pytest.raises(LinkError, match="move 1"):
        Session.from_link(f"r={encode_record(record)}")


def test_link_naming_another_game_than_its_record():
    record = encode_record(Record("backbone", {}, 3, ()))
    with pytest.raises(LinkError, match="says 'overwrite'"):
        Session.from_link(f"play=overwrite&r={record}")


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_tampered_links_never_crash(data):
    session = play_random(Session(human_vs(seed=9)), 12, seed=4)
    link = session.link()
    index = data.draw(st.integers(0, len(link) - 1))
    replacement = data.draw(st.text(alphabet="AZaz09-_=&,%!", min_size=0, max_size=3))
    tampered = link[:index] + replacement + link[index + 1:]
    try:
        opened = Session.from_link(tampered)
    except LinkError as err:
        assert str(err)
    else:
        assert opened.game.id == "backbone"


# --- the new-game form -------------------------------------------------------------------


def test_form_accepts_good_values():
    setup, errors = parse_form("backbone", {"seed": " 12 ", "seat1": "greedy", "seat2": "human",
                                            "target": "15", "map": "seeded"})
    assert errors == {}
    assert setup.seed == 12 and setup.seats == ("greedy", "human")
    assert setup.options == {"players": 2, "target": 15, "map": "seeded"}
    setup, errors = parse_form("backbone", {"seed": "", "target": "10"})
    assert errors == {} and setup.seats == ("human", "search")


def test_form_reports_each_bad_field():
    setup, errors = parse_form("backbone", {"seed": "abc", "seat1": "wizard", "target": "2",
                                            "map": "moon"})
    assert setup is None
    assert set(errors) == {"seed", "seat1", "target", "map"}
    assert errors["target"] == "must be between 3 and 20, got 2"
    assert "classic, seeded" in errors["map"]
    _, errors = parse_form("backbone", {"target": "ten"})
    assert errors == {"target": "must be an integer, got 'ten'"}
    _, errors = parse_form("backbone", {"target": " "})
    assert "3 to 20" in errors["target"]
    _, errors = parse_form("backbone", {"seed": str(2**64)})
    assert "seed" in errors


def test_form_fields_come_from_the_option_schema():
    fields = form_fields("backbone")
    assert [f["name"] for f in fields] == ["target", "map"]  # players is fixed at 2
    assert fields[0]["min"] == 3 and fields[0]["max"] == 20


# --- the session: play, illegal, undo ----------------------------------------------------


def test_illegal_action_changes_nothing():
    session = play_random(Session(human_vs()), 6)
    before = digest(session.game, session.state), list(session.actions)
    with pytest.raises(IllegalAction):
        session.play("p2 router a1" if session.current == 1 else "p1 router i8")
    assert (digest(session.game, session.state), session.actions) == before


def test_undo_goes_back_to_the_last_human_decision():
    session = Session(human_vs("greedy", seed=3))
    assert not session.can_undo() and session.undo() == 0
    session.play("p1 router b2")
    after_first = digest(session.game, session.state)
    session.play("p1 router c2")  # the second action ends the turn
    bot = make_bot("greedy", 1)
    for seat in turns(session.match):
        if not session.setup.is_bot(seat):
            break
        session.play(bot.choose(session.game, session.state, seat))
    bot_actions = len(session.actions) - 2
    assert bot_actions >= 1
    assert session.undo() == bot_actions + 1
    assert session.actions == ["p1 router b2"]
    assert digest(session.game, session.state) == after_first
    assert session.is_human_turn() and len(session.log) == 1
    assert session.undo() == 1 and session.actions == [] and not session.can_undo()


def test_undo_in_hotseat_and_bot_games():
    hotseat = Session(new_setup("backbone", {}, 1, ("human", "human")))
    play_random(hotseat, 5)
    assert hotseat.undo() == 1 and len(hotseat.actions) == 4
    bots = play_random(Session(new_setup("backbone", {}, 1, ("random", "greedy"))), 5)
    assert not bots.can_undo() and bots.undo() == 0 and len(bots.actions) == 5


def test_log_records_turns_seats_and_events():
    session = Session(human_vs())
    session.play("p1 end")
    session.play("p2 end")
    assert [(e.turn, e.seat, e.text) for e in session.log] == [(1, 0, "p1 end"), (2, 1, "p2 end")]
    assert any(event["kind"] == "pass" for event in session.log[0].events)


def test_bot_rng_is_seeded_per_seat():
    a, b = Session(human_vs(seed=8)), Session(human_vs(seed=8))
    assert a.bot_rng(1).next_u64() == b.bot_rng(1).next_u64()
    assert a.bot_rng(1) is a.bot_rng(1)


# --- Backbone's table --------------------------------------------------------------------


def test_a_new_turn_offers_router_placements():
    table = BackboneTable(Session(human_vs()))
    assert table.tool == "router"
    hints = table.hints()
    assert hints["names"] == ["You", "Search bot"]
    assert set(hints["actions"]) == {"c1", "a2", "b2"}
    assert all(hints["actions"][h] == f"p1 router {h}" for h in hints["actions"])
    assert table.status() == "Your move: 2 actions left, 6 BW"
    assert "Router (2 BW)" in table.prompt() and "3 possible" in table.prompt()


def test_clicks_play_or_explain():
    table = BackboneTable(Session(human_vs()))
    assert table.click("e5") is None
    assert table.message == "Can't build a Router on e5: e5 is a City; nothing is built on a City."
    assert table.refused == "city"  # the engine's check code, for the page
    assert table.click("d4") is None
    assert "not adjacent to your network" in table.message and table.refused == "not-adjacent"
    assert table.click("z9") is None and "not a hex" in table.message
    assert table.click("b2") == "p1 router b2"
    assert table.message is None and table.tool == "router"  # sticky while it stays legal
    assert table.status() == "Your move: 1 action left, 4 BW"
    table.click("c2")
    assert table.session.is_bot_turn()
    assert table.tool is None and table.hints().get("actions") is None
    assert table.status() == "Search bot is thinking\u2026"
    assert table.click("d2") is None and table.message == "Wait: it is Search bot's turn."
    assert set(table.last_hexes()) == {"b2", "c2"}


def test_tool_selection_and_keys():
    table = BackboneTable(Session(human_vs()))
    assert table.tool == "router"  # preselected
    table.select_tool("router")  # issue 39: pressing the selected tool keeps it selected
    assert table.tool == "router" and table.message is None
    table.key_command("1")
    assert table.tool == "router"
    table.cancel()  # Esc puts it down
    assert table.tool is None
    assert "Pick what to do" in table.prompt()
    assert table.click("b2") is None and "Pick what to do first" in table.message
    table.select_tool("datacenter")
    assert table.tool == "datacenter"
    table.select_tool("hack")
    assert table.tool == "datacenter" and table.message == "No enemy piece is beside your network (or all of them are Disabled)."
    table.cancel()
    assert table.tool is None
    assert [table.key_command(k) for k in "123456hm"] == list(TOOLS)
    assert table.key_command("7") == "hack" and table.key_command("8") == "reroute"
    assert (table.key_command("E"), table.key_command("u"), table.key_command("Escape")) == ("end", "undo", "cancel")
    assert table.key_command("q") is None
    with pytest.raises(ValueError):
        table.select_tool("nuke")


def test_each_table_plays_its_own_game_and_shares_the_common_keys():
    from netarcade.web.games.netcontrol.table import NetControlTable
    from netarcade.web.table import COMMON_KEYS

    backbone = Session(human_vs())
    netcontrol = Session(new_setup("netcontrol", {}, 1, ("human", "greedy", "greedy")))
    with pytest.raises(ValueError, match="plays backbone"):
        BackboneTable(netcontrol)
    with pytest.raises(ValueError, match="plays netcontrol"):
        NetControlTable(backbone)
    for table in (BackboneTable(backbone), NetControlTable(netcontrol)):
        assert {key: table.key_command(key) for key in COMMON_KEYS} == COMMON_KEYS
        before = digest(table.session.game, table.session.state), list(table.session.actions)
        assert table.play("p1 nonsense") is None and table.message  # refused, with a reason
        assert (digest(table.session.game, table.session.state), list(table.session.actions)) == before


def test_unaffordable_tool_says_so():
    session = Session(human_vs())
    session.play("p1 datacenter a2")  # 6 BW: nothing left
    table = BackboneTable(session)
    table.select_tool("router")
    assert table.message == "Router costs 2 BW and you have 0."
    assert table.available()["router"] == 0
    assert table.end_turn() == "p1 end"


def test_hints_offer_exactly_the_legal_actions_of_each_tool():
    session = play_random(Session(new_setup("backbone", {}, 21, ("human", "human"))), 40, seed=3)
    table = BackboneTable(session)
    legal = set(session.legal_texts())
    for tool in TOOLS:
        if tool == "reroute" or not table.tool_actions(tool):
            continue
        table.tool = tool
        offered = set(table.hints()["actions"].values())
        assert offered <= legal
        assert {h for a in table.tool_actions(tool) for h in action_hexes(a)[-1:]} == set(table.hints()["actions"])


def find_reroute_session():
    for seed in range(60):
        session = Session(new_setup("backbone", {}, seed, ("human", "human")))
        play_random(session, 80, seed=seed,
                    stop=lambda s: any(" reroute " in t for t in s.legal_texts()))
        if any(" reroute " in t for t in session.legal_texts()):
            return session
    raise AssertionError("no reroute in 60 random games")


def test_reroute_takes_the_piece_then_its_new_hex():
    session = find_reroute_session()
    table = BackboneTable(session)
    table.select_tool("reroute")
    sources = table.reroute_sources()
    hints = table.hints()
    assert set(hints["highlight"]) == set(sources)
    assert set(hints["highlight"].values()) == {"move-from"}
    source = sources[0]
    assert table.click(source) is None and table.source == source
    moves = [t for t in table.tool_actions("reroute") if t.split()[2] == source]
    hints = table.hints()
    assert hints["highlight"][source] == "selected"
    assert set(hints["actions"]) == {m.split()[3] for m in moves} | {source}
    assert "pick where it goes" in table.prompt()
    table.click(source)  # clicking the piece again puts it back
    assert table.source is None and table.tool == "reroute"
    table.click(source)
    table.cancel()
    assert table.source is None and table.tool == "reroute"
    table.click(source)
    target = moves[0].split()[3]
    assert table.click(target) == moves[0]


def test_reroute_of_a_wrong_piece_is_explained():
    table = BackboneTable(Session(human_vs()))
    table.tool = "reroute"
    table.click("e5")
    assert "pick one of your Switches or APs" in table.message
    table.click("a1")
    assert table.message == "Only Switches and APs reroute; a1 is a Router."
    table.click("i9")
    assert "your opponent's" in table.message


def test_result_and_game_over_texts():
    session = Session(new_setup("backbone", {"target": 3}, 2, ("human", "greedy")))
    bot = make_bot("greedy", 5)
    play(session.match, bot_moves(session.match, [bot, bot]))
    table = BackboneTable(session)
    headline, detail = table.result()
    assert table.status() == headline
    assert headline.startswith(("You win", "Greedy bot wins", "Draw"))
    assert "AI tokens" in detail
    html = pages.page_for("backbone").game_over(table)
    assert "<polyline" in html and 'data-cmd="rematch"' in html and headline in html


# --- sliced thinking -----------------------------------------------------------------------


def positions():
    session = play_random(Session(new_setup("backbone", {}, 13, ("human", "human"))), 0)
    out = []
    rng = Rng(2)
    for seat in turns(session.match, 60):
        out.append((session.game.copy(session.state), seat))
        texts = session.legal_texts()
        session.play(rng.choice(texts[:-1] if len(texts) > 1 and rng.below(5) else texts))
    return out[::6]


@pytest.mark.parametrize("level", ["random", "learner", "greedy", "search"])
def test_sliced_bots_choose_what_the_engine_bots_choose(level):
    settings = {"iterations": 40, "time_limit": None}
    for index, (state, seat) in enumerate(positions()):
        engine = make_bot(level, index, **(settings if level == "search" else {}))
        expected = engine.choose(GAME, GAME.copy(state), seat)
        thinker = Thinker(GAME, state, seat, level, Rng(index), search=settings)
        steps = 0
        while not thinker.step(0.0):  # the smallest slices: one unit of work each
            steps += 1
        assert thinker.action == expected, (index, level)
        if level != "random":
            assert steps > 3


def test_thinking_leaves_the_state_alone_and_counts_its_time():
    state, seat = positions()[3]
    before = digest(GAME, state)
    clock = iter(range(0, 10**6)).__next__  # a fake timer: each read is 1 "second" later
    thinker = Thinker(GAME, state, seat, "search", Rng(1),
                      search={"iterations": 10**6, "time_limit": 40}, timer=lambda: float(clock()))
    while not thinker.step(5):
        pass
    assert digest(GAME, state) == before
    assert 40 < thinker.spent < 200  # stopped by the thinking-time limit, not the iteration count
    assert thinker.slices > 5


def test_page_search_settings_and_slice_budget():
    assert thinking.SLICE_SECONDS <= 0.05
    bot = make_bot("search", 1, **thinking.PAGE_SEARCH)
    for name in ("backbone", "netcontrol"):
        bot.configure(get_game(name))
        assert bot.time_limit and bot.time_limit <= 1.0
        # the page keeps each game's own budget and only adds the time limit
        assert bot.iterations == get_game(name).bot_settings.get("search", {}).get("iterations", DEFAULTS["iterations"])


# --- views ------------------------------------------------------------------------------


def parse_html_fragment(html: str) -> ET.Element:
    """Our HTML is XML-shaped but for void elements and bare boolean attributes."""
    html = re.sub(r"(<input[^>]*)>", r"\1/>", html)
    html = re.sub(r" (novalidate|selected|checked|disabled|hidden)(?=[ >/])", r' \1=""', html)
    return ET.fromstring(f"<root>{html}</root>")


def test_tool_bar_marks_the_selected_and_the_unavailable_tools():
    table = BackboneTable(Session(human_vs()))
    html = backbone_views.tool_bar(table)
    root = parse_html_fragment(html)
    buttons = {b.get("data-tool"): b for b in root.iter("button") if b.get("data-tool")}
    assert list(buttons) == list(TOOLS)
    assert buttons["router"].get("aria-pressed") == "true"
    assert buttons["hack"].get("aria-disabled") == "true"
    assert buttons["switch"].get("aria-disabled") is None
    end = next(b for b in root.iter("button") if b.get("data-cmd") == "end")
    assert end.get("disabled") is None


def test_panels_show_players_costs_and_log():
    session = Session(human_vs())
    session.play("p1 router b2")
    table = BackboneTable(session)
    players = backbone_views.players_panel(table)
    assert "You" in players and "Search bot" in players and "4<small>/10</small>" in players
    costs = parse_html_fragment(backbone_views.costs_panel(table))
    afford = {tr.find("th").text for tr in costs.iter("tr") if tr.get("class") == "afford"}
    assert afford == {"Router", "Switch", "Wireless AP", "Server", "Firewall", "Hack", "Reroute"}  # 4 BW: no Datacenter
    log = backbone_views.log_panel(table)
    assert "<code>p1 router b2</code>" in log and ">R1<" in log
    parse_html_fragment(players)
    parse_html_fragment(log)


def test_home_lists_every_game_and_builds_the_form_from_the_options():
    html = views.home()
    root = parse_html_fragment(html)
    cards = {a.get("data-game"): a for a in root.iter("article")}
    assert list(cards) == list(declared())
    assert "playable" in cards["backbone"].get("class")
    assert "playable" in cards["netcontrol"].get("class")
    for coming in (game for game in cards if not pages.is_playable(game)):
        assert "coming" in cards[coming].get("class")
        assert not list(cards[coming].iter("a")) and not list(cards[coming].iter("form"))
    target = next(i for i in cards["backbone"].iter("input") if i.get("name") == "target")
    assert (target.get("min"), target.get("max"), target.get("value")) == ("3", "20", "10")
    selects = {s.get("name"): s for s in cards["backbone"].iter("select")}
    assert [o.get("value") for o in selects["map"].iter("option")] == ["classic", "seeded"]
    assert [o.get("value") for o in selects["seat2"].iter("option")] == ["human", "random", "learner", "greedy", "search"]
    assert {e.get("id") for e in root.iter("small") if e.get("class") == "err"} >= {
        "err-backbone-seed", "err-backbone-target", "err-backbone-map"}


def test_link_error_card_escapes_the_message():
    html = views.link_error("bad <script>alert(1)</script>")
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert 'data-cmd="fresh"' in html and 'href="#home"' in html


# --- the shell and the layering ------------------------------------------------------------


def test_shell_fills_every_marker():
    template = (ROOT / "index.html").read_text(encoding="utf-8")
    filled = shell.fill_shell(template)
    assert "<!--na:" not in filled and "/*na:theme*/" not in filled
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in filled and 'id="hex-e5"' in filled
    assert "--na-bg:#0b0f14;" in filled
    assert 'data-tool="router"' in filled and 'data-game="backbone"' in filled
    with pytest.raises(ValueError, match="na:board"):
        shell.fill_shell(template.replace("<!--na:board-->", ""))


def test_shared_page_code_names_no_game():
    """A game lives in its folder (web/games/<id>/) and one line of web/games/__init__.py."""
    shared = [WEB / name for name in ("app.py", "session.py", "views.py", "pages.py", "gamepage.py", "shell.py", "table.py")]
    shared += [ROOT / "index.html"] + [ROOT / "static" / name for name in shell.SHARED_SHEETS]
    # the page's glue and the engine worker's start (static/main/, static/worker/), all of it
    shared += sorted(path for folder in ("main", "worker") for path in (ROOT / "static" / folder).iterdir()
                     if path.suffix in (".py", ".js", ".mjs"))
    assert {"page.py", "ops.py", "boot.js", "engine.py"} <= {path.name for path in shared}
    for path in shared:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"backbone|netcontrol|overwrite|breach", text), path.name


def test_the_site_stylesheet_appends_each_games_css():
    shared = shell.shared_stylesheet(lambda name: (ROOT / "static" / name).read_text(encoding="utf-8"))
    css = shell.stylesheet(shared)
    assert css.startswith(shared.rstrip())
    assert '[data-game="netcontrol"] .stage' in css and "web/games/netcontrol/netcontrol.css" in css
    assert css.count("{") == css.count("}")


def test_the_shared_look_is_joined_from_its_topics_in_order():
    """static/app.css grew past 500 lines: the embed, online play and the replay viewer have
    sheets of their own, joined after it (in SHARED_SHEETS' order) into the one stylesheet served."""
    from sitebuild.pages import joined_sheets, site_stylesheet

    css = site_stylesheet(ROOT / "static").decode("utf-8")
    sheets = [(ROOT / "static" / name).read_text(encoding="utf-8") for name in shell.SHARED_SHEETS]
    assert css.startswith(sheets[0].rstrip())
    places = [css.index(sheet.rstrip()) for sheet in sheets]
    assert places == sorted(places) and places[-1] < css.index("web/games/")
    assert "[data-embed] .board" in sheets[1] and "[data-embed] .board" not in sheets[0]
    assert joined_sheets() == ("static/embed.css", "static/online.css", "static/replay.css")
    for sheet in sheets:
        assert len(sheet.splitlines()) <= 500 and sheet.count("{") == sheet.count("}")


def test_setup_links_and_form_examples():
    assert new_setup("backbone", {"target": "12"}, 7).options["target"] == 12
    assert encode_link(new_setup("backbone", {}, 7, ("human", "greedy"))).startswith(
        "play=backbone&seats=human,greedy&r=h")
    setup, errors = parse_form("backbone", {"seed": "", "target": "30", "map": "classic"})
    assert setup is None and errors == {"target": "must be between 3 and 20, got 30"}


def test_tables_write_no_notation_and_modules_stay_small():
    """Tools are declared (verb, label, key, parts); the shared picks machine
    asks the engine for the notation, so no game's table formats an action."""
    for path in sorted((WEB / "games").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "format_seat" not in text, path
    for path in sorted(WEB.rglob("*.py")):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 600, path


def test_backbone_costs_and_limits_come_from_the_rules():
    from netarcade.games.backbone import rules

    assert web_backbone.TOOL_INFO["hack"][1] == rules.HACK_COST
    assert all(web_backbone.TOOL_INFO[piece][1] == cost for piece, cost in rules.COSTS.items())
    assert f"at most {rules.BW_LIMIT} BW" in backbone_views.BACKBONE_RULES


def test_static_board_takes_names():
    svg = render_static_board("classic", {"names": ["You", "Search bot"]})
    assert ">You<" in svg and ">Search bot<" in svg
    assert render_static_board() == render_static_board("classic")


def test_only_the_worker_s_browser_module_imports_js():
    browser = {"js", "pyodide", "pyscript"}
    for path in sorted(WEB.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for alias in node.names}
        names |= {node.module.split(".")[0] for node in ast.walk(tree)
                  if isinstance(node, ast.ImportFrom) and node.module and not node.level}
        if path.name == "browser.py":  # the worker's WebSocket and clock: the one module that touches js
            assert names & browser
        else:
            assert not names & browser, path.name


def test_a_hand_written_link_counts_its_seats_as_the_players():
    setup, _ = decode_link("#play=breach&seats=human,greedy,greedy&seed=4")
    assert setup.options["players"] == 3 and setup.seats == ("human", "greedy", "greedy")
    setup, _ = decode_link("#play=netcontrol&seats=human,random&seed=1&radius=1")
    assert setup.options["players"] == 2
    # an explicit count still has to agree with the seats
    with pytest.raises(LinkError, match="4 seats, got 3"):
        decode_link("#play=breach&seats=human,greedy,greedy&players=4")
    with pytest.raises(LinkError, match="Breach seats 2-5 players; this names 6"):
        decode_link("#play=breach&seats=" + ",".join(["greedy"] * 6))
    with pytest.raises(LinkError, match="Backbone seats 2 players; this names 3"):
        decode_link("#play=backbone&seats=human,greedy,greedy")


def test_a_seat_that_is_no_kind_of_player_is_named():
    with pytest.raises(LinkError, match="'foo' is no kind of player"):
        decode_link("#play=backbone&seats=foo")
    with pytest.raises(LinkError, match="'robot' is no kind of player"):
        decode_link("#play=netcontrol&seats=human,robot,search")


def test_the_view_log_and_seat_to_act_follow_an_undo_and_a_different_move():
    session = Session(new_setup("backbone", {}, 3, ("human", "human")))
    first, last = session.legal_texts()[0], session.legal_texts()[-2]
    session.play(first)
    before = (session.view(), [entry.text for entry in session.log])
    session.undo()
    session.play(last)  # the same version number, another position
    assert session.version == 1
    assert [entry.text for entry in session.log] == [last] != before[1]
    assert session.view() == session.match.view(TABLE) != before[0]


def test_a_link_error_quotes_at_most_80_characters_of_the_link():
    """A 5,000-character game id (or key, or seat) in a link: the error card
    shows it cut, as every refusal does (``core.errors.quoted``)."""
    record = encode_record(Record("backbone", {}, 3, ()))
    for fragment, echoed in (("play=" + "g" * 5000, "g"), (f"play={'g' * 5000}&r={record}", "g"),
                             ("play=backbone&" + "k" * 5000, "k"),
                             ("play=backbone&" + "k" * 5000 + "=1&" + "k" * 5000 + "=2", "k"),
                             ("play=backbone&seats=human," + "h" * 5000, "h"),
                             ("play=backbone&seed=" + "7" * 5000, "7")):
        with pytest.raises(LinkError) as refused:
            Session.from_link(fragment)
        message = str(refused.value)
        assert echoed * 20 in message and echoed * 81 not in message, message[:300]


def test_form_seed_is_ascii_digits_only():
    for seed in ("\u00b2", "\u0661\u0662", "\uff11"):
        setup, errors = parse_form("backbone", {"seed": seed})
        assert setup is None and "whole number" in errors["seed"]
