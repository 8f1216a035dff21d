"""Breach's table in the page, on CPython, played the way a player plays:
an action through the page's controls (``via_ui``, checking what was
offered), the bots' moves, and a game where the human may block a bot's
Exploit (tests/web/test_web_breach.py, test_web_breach_blocks.py)."""

from __future__ import annotations

from netarcade.bots import make_bot
from netarcade.web.games.breach import views as bv
from netarcade.web.games.breach.table import BreachTable
from netarcade.web.games.breach.tools import BARE, EXPLOIT
from netarcade.web.session import Session, new_setup
from support.playing import turns


def bots_move(session: Session, table: BreachTable, seed: int = 1) -> None:
    bots = {}
    for seat in turns(session.match):  # the session's own policy: humans first
        if not session.setup.is_bot(seat):
            break
        bot = bots.setdefault(seat, make_bot("greedy", seed + seat))
        session.play(bot.choose(session.game, session.state, seat))
    table.sync()


def via_ui(table: BreachTable, text: str) -> str | None:
    """Play ``text`` the way a player does, checking on the way that what
    the player clicks was offered (a lit Node, a target button, a card)."""
    words = text.split()
    verb, args = words[1], words[2:]
    if verb in BARE:
        assert table.can(verb)
        return table.command(verb)
    if verb == "play":
        card = args[0]
        assert table.playable(card)
        played = table.select_tool(card)
        if len(args) == 1:
            return played
        assert played is None and table.tool == card, table.message
        target = args[1]
        assert target in table.targets()
        kind = EXPLOIT[card].target
        if kind == "ahead":
            assert f'data-value="{target}"' in bv.turn_panel(table)
            return table.command("target", target)
        if kind == "layer":
            node = f"{target}{'tb'[len(target) % 2]}"
            assert table.hints()["nodes"][node] == "reroute"
            return table.click(node)
        assert target in table.hints()["nodes"]
        return table.click(target)
    if verb in ("block", "counter", "discard"):
        assert table.pick_tool().verb == verb
        played = None
        for card in args:
            assert f'data-cmd="pick" data-value="{card}"' in bv.hand_panel(table)
            played = table.command("pick", card)
        return played
    if verb == "reroll":
        assert table.command("die", args[0]) is None and table.picked == [args[0]]
        table.command("pick", args[1])
        return table.command("pick", args[2])
    if verb in ("enter", "crash"):
        assert args[0] in table.hints()["nodes"], (text, table.hints()["nodes"])
        return table.click(args[0])
    raise AssertionError(text)


def find_window(seed_range=range(1, 60)):
    """A game where a bot plays an Exploit the human may block."""
    for seed in seed_range:
        session = Session(new_setup("breach", {"players": 3}, seed, ("human", "greedy", "greedy")))
        table = BreachTable(session)
        for _ in range(400):
            if session.over:
                break
            if session.is_human_turn():
                if table.phase == "window" and session.view()["window"]["player"] != session.current:
                    return session, table
                texts = session.legal_texts()
                text = next((t for t in texts if t.split()[1] in ("run", "safe", "enter")), texts[0])
                if table.phase == "window":
                    text = next(t for t in texts if t.endswith(" pass"))
                assert via_ui(table, text) == text
            else:
                bots_move(session, table)
    raise AssertionError("no block window for the human")

