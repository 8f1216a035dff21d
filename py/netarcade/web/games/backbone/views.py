"""HTML text for Backbone's panels: the tool bar, players, build costs, the
activity log, the side column and the rules help.

What it is for: pure functions from a :class:`~.table.BackboneTable` to HTML
strings that ``app`` puts into the page with ``innerHTML`` (and ``shell``
into the app shell at build time). Tool buttons carry ``data-tool``, End
turn ``data-cmd="end"``, read by the page's one delegated listener.

What it is not: DOM code, and not the board (``render.py``).
"""

from __future__ import annotations

from netarcade.games import get_game
from netarcade.games.backbone.rules import ACTIONS_PER_TURN, BW_LIMIT, HACK_COST, INCOME, PASSES_TO_END
from netarcade.web.render.svg import el, escape
from netarcade.web import views
from netarcade.web.views import player_head, stat

from .icons import icon
from .table import TOOL_INFO, TOOLS, BackboneTable

__all__ = ["BACKBONE_RULES", "costs_panel", "log_panel", "players_panel", "side", "tool_bar"]

_TOOL_ICON = {"hack": "target", "reroute": "reroute"}


def tool_bar(table: BackboneTable | None, enabled: bool = True) -> str:
    """The tool buttons and End turn. A tool with no legal action stays
    clickable (``aria-disabled``) so a click can say why."""
    counts = table.available() if table is not None and enabled else dict.fromkeys(TOOLS, 0)
    human = enabled and table is not None and table.session.is_human_turn()
    buttons = []
    for tool in TOOLS:
        label, cost, key, what = TOOL_INFO[tool]
        off = counts[tool] == 0
        pressed = table is not None and enabled and table.tool == tool
        cost_text = "free" if cost == 0 else f"{cost}"
        buttons.append(el(
            "button",
            # named by what it shows ("Router 2 BW"; the key is aria-keyshortcuts), so a
            # screen reader's name and the visible text agree (voice control says what it sees)
            [icon(_TOOL_ICON.get(tool, tool)), el("span", escape(label), class_="tool-name"),
             el("span", escape(cost_text), class_="tool-cost"),  # its CSS adds " BW"
             el("kbd", escape(key), aria_hidden="true")],
            type="button", class_="tool" + (" off" if off else "") + (" on" if pressed else ""),
            data_tool=tool, aria_pressed="true" if pressed else "false",
            aria_disabled="true" if off else None, aria_keyshortcuts=key,
            title=f"{label} ({cost_text}{' BW' if cost else ''}, key {key}): {what}",
        ))
    end = el("button", ["End turn ", el("kbd", "E")], type="button", class_="cmd end-turn",
             data_cmd="end", aria_keyshortcuts="E", disabled=not human)
    return el("div", buttons, class_="tools", role="toolbar", aria_label="Build, hack or reroute") + end


def players_panel(table: BackboneTable) -> str:
    session = table.session
    view = session.view()
    target = view["options"]["target"]
    rows = []
    for seat, name in enumerate(session.names):
        active = view["current"] == seat
        winner = view["over"] and seat in view["winners"]
        flag = ("\u25b6 to move" if active else "winner" if winner else "")
        kind = session.setup.seats[seat]
        rows.append(el("li", [
            player_head(seat, name, kind, flag),
            el("dl", [
                stat("AI", view["scores"][seat], target),
                stat("BW", view["bw"][seat], view["bw_limit"]),
                stat("Cities", view["connected_cities"][seat]),
            ]),
        ], class_=f"player p{seat + 1}" + (" active" if active else "") + (" winner" if winner else ""),
            data_seat=seat, aria_current="true" if active else None))
    closing = ""
    if view.get("closing") is not None and not view["over"]:
        closing = el("p", f"Closing turn: {escape(session.names[view['closing']])} reached {target}.",
                     class_="closing")
    return el("ul", rows, class_="players") + closing


def costs_panel(table: BackboneTable) -> str:
    """Build costs; rows the seat to act (or the human) can afford now are marked."""
    session = table.session
    view = session.view()
    seat = view["current"]
    if seat is None or session.setup.is_bot(seat):
        humans = session.setup.humans
        seat = humans[0] if humans else None
    bw = view["bw"][seat] if seat is not None else -1
    rows = []
    for tool in TOOLS:
        label, cost, key, what = TOOL_INFO[tool]
        afford = seat is not None and bw >= cost
        rows.append(el("tr", [
            el("td", icon(_TOOL_ICON.get(tool, tool)), class_="ci"),
            el("th", [escape(label), el("small", escape(what))], scope="row"),
            el("td", "free" if cost == 0 else str(cost), class_="cc"),
        ], class_="afford" if afford else None))
    who = f"{escape(session.names[seat])}: {bw} BW" if seat is not None else ""
    return (el("table", [el("caption", f"BW cost \u00b7 {who}" if who else "BW cost"),
                           el("tbody", rows)], class_="costs"))


def log_panel(table: BackboneTable) -> str:
    """The activity log in action notation, one line per action."""
    entries = table.session.log
    if not entries:
        return el("p", "No moves yet. P1 starts.", class_="empty")
    return views.log_list(table, entries)



_TARGET = get_game("backbone").options.by_name["target"].default
_PASSES = {2: "two", 3: "three", 4: "four", 5: "five"}.get(PASSES_TO_END, str(PASSES_TO_END))

#: the rules help; the numbers come from the rules module and the option schema
BACKBONE_RULES = (
    f'<p><b>Goal.</b> Be first to end a turn with the target number of AI tokens ({_TARGET} by default); your rival then gets one closing turn, and the higher total wins (tie: more connected Cities).</p>'
    f'<p><b>Your turn.</b> Income first: +{INCOME} BW, +1 per City you connect (at most {BW_LIMIT} BW). Then up to <b>{ACTIONS_PER_TURN} actions</b>, any mix: <b>Build</b>, <b>Hack</b>, <b>Reroute</b>. The turn ends by itself after the last; <kbd>E</kbd> ends it early (no action at all is a Pass; {_PASSES} Passes in a row end the game).</p>'
    '<p><b>Build</b> on an empty, non-City hex beside your network. A <b>Switch</b> needs 2+ of your pieces beside it; a <b>Wireless AP</b> also reaches the hex two steps away in a straight line; a <b>Firewall</b> goes on one of your pieces and absorbs one Hack.</p>'
    '<p><b>Score.</b> A <b>Server</b> is online with 2 of your Routers beside it, and connects every City beside it (+1 token each). A <b>Datacenter</b> beside 2 Routers, while you have an online Server, is +1 token; two online Datacenters add +2.</p>'
    f"<p><b>Hack</b> ({HACK_COST} BW, once a turn): an enemy piece beside your network is Disabled until the end of its owner's next turn, and whatever hung on it drops out of their network. <b>Reroute</b> (free) moves your Switch or AP, as long as your network stays whole.</p>"
    '<p><b>Controls.</b> Pick a tool (keys <kbd>1</kbd>-<kbd>6</kbd>, <kbd>H</kbd> hack, <kbd>M</kbd> reroute), then a highlighted hex (click, tap, or <kbd>Tab</kbd> + <kbd>Enter</kbd>). Reroute: the piece, then its new hex. <kbd>Esc</kbd> cancels, <kbd>U</kbd> undoes back to your last move.</p>'
    '<p class="more">Notation in the activity log: <code>p1 router e5</code>, <code>p2 hack d4</code>, <code>p1 reroute c3 d4</code>, <code>p2 end</code>.</p>'
)



def side(table: BackboneTable | None = None) -> str:
    """Backbone's side column: players, build costs, activity, rules (the
    panels filled when a table is given)."""
    if table is None:
        return views.side_column("backbone", "Players", "Backbone", BACKBONE_RULES)
    return views.side_column("backbone", "Players", "Backbone", BACKBONE_RULES,
                       players_panel(table), costs_panel(table), log_panel(table))
