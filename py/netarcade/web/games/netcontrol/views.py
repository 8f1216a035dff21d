"""HTML text for Net Control's panels: dice and threat, your hand, the
actions, the resource chooser, special cards, runners, build costs, the
activity log and the rules help (the game-over card is the shared one).

What it is for: pure functions from a :class:`~.table.NetControlTable`
to HTML strings that ``app`` puts into the page with ``innerHTML``. Buttons
carry ``data-tool`` (a tool or a card), ``data-cmd`` (``roll``, ``draw``,
``end``, ``pick`` with ``data-value``), read by the page's one delegated
listener.

What it is not: DOM code, and not the board (``render.py``).
"""

from __future__ import annotations

from netarcade.games.netcontrol.board import PIPS, RESOURCE_CODES, RESOURCES
from netarcade.web.games.netcontrol.render import TERRAIN, resource_icon
from netarcade.games.netcontrol.rules import (
    COSTS,
    DECK_SIZE,
    HAND_LIMIT,
    LIMIT_PER_GUARDED_SUPER,
    MONOPOLY_TAKE,
    NODE_BASE,
    SUPER_BASE,
    THREAT_TO_PURGE,
)
from netarcade.web.render.svg import el, escape
from .table import CARD_INFO, COST_ROWS, TOOL_INFO, NetControlTable, cost_text
from .tools import DECK_COUNT
from netarcade.web import views
from netarcade.web.views import log_list, player_head, seat_mark, stat

__all__ = [
    "RULES_HTML",
    "costs_panel",
    "log_panel",
    "panels",
    "players_panel",
    "side",
    "tool_panel",
]

#: the activity log shows at most this many actions (the link keeps them all)
LOG_LIMIT = 120


def res_chip(code: str, count: int | str | None = None, cls: str = "") -> str:
    """A resource's icon and code (and a count), coloured by its terrain."""
    name = RESOURCES[RESOURCE_CODES.index(code)]
    label = f"{count}{code}" if count is not None else code
    return el("span", [resource_icon(name), el("b", escape(label))],
              class_=f"res res-{code} {cls}".strip(), title=name)


def resource_legend() -> str:
    """The five resources' codes with their names, on screen (a hover title
    is no help on a phone): the codes on the island, the hand and the costs."""
    return el("p", [el("span", [el("b", code, class_=f"res res-{code}"), f" {RESOURCES[r]}"])
                      for r, code in enumerate(RESOURCE_CODES)], class_="rlegend", aria_label="Resources")


def cost_chips(verb: str) -> str:
    return "".join(res_chip(RESOURCE_CODES[r], n) for r, n in enumerate(COSTS[verb]) if n)


# --- dice and threat -------------------------------------------------------------------

_PIP_SPOTS = {
    1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def die_svg(value: int | None, colour: str) -> str:
    """One die face as inline SVG: ``colour`` is ``red`` or ``white``."""
    fill, ink = ("#c62828", "#fff5f5") if colour == "red" else ("#e9e2cf", "#1b1f24")
    spots = [el("circle", cx=x * 5.2, cy=y * 5.2, r=2.1, fill=ink) for x, y in _PIP_SPOTS.get(value or 0, ())]
    label = f"{colour} die: {value}" if value else f"{colour} die"
    face = el("rect", x=-10, y=-10, width=20, height=20, rx=4, fill=fill, stroke="#0b0f14", stroke_width=1)
    return el("svg", [face, *spots], class_=f"die die-{colour}{'' if value else ' blank'}", viewBox="-11 -11 22 22",
              role="img", aria_label=label)


def _last_roll(table: NetControlTable) -> tuple[int, dict, bool] | None:
    """The last roll: who rolled, its event, and whether it fired a purge."""
    for entry in reversed(table.session.log):
        if entry.text.split()[1:2] == ["roll"]:
            kinds = {event.get("kind") for event in entry.events}
            for event in entry.events:
                if event.get("kind") == "roll":
                    return entry.seat, event, "purge" in kinds
    return None


def roll_note(red: int | None, white: int | None, purged: bool) -> str:
    """What a roll did beyond production, in a few words.

    >>> roll_note(3, 4, False)
    '7: no production; over the limit discards half'
    >>> roll_note(6, 3, False)
    'red 6: the threat track moves'
    >>> roll_note(6, 3, True)
    'red 6, the third: network purge, over the limit discards down to it'
    >>> roll_note(6, 1, True)
    '7 and the third red 6: no production; network purge (the harsher rule), over the limit discards down to it'
    """
    if not red:
        return ""
    seven = red + white == 7
    if purged:
        if seven:
            return ("7 and the third red 6: no production; network purge (the harsher rule), "
                    "over the limit discards down to it")
        return "red 6, the third: network purge, over the limit discards down to it"
    if seven:
        return "7: no production; over the limit discards half" + ("; red 6 moves the threat track" if red == 6 else "")
    return "red 6: the threat track moves" if red == 6 else ""


def dice_panel(table: NetControlTable) -> str:
    """The dice of this turn (or the last roll, dimmed) and the threat track."""
    view = table.view()
    dice = view["dice"]
    last = _last_roll(table)
    purged = bool(last and last[2])
    if dice:
        red, white = dice
        seat = last[0] if last else view["current"]
        caption = f"{escape(table.names[seat])} rolled {red + white}"
        fresh = True
    elif last is not None:
        seat, event, _ = last
        red, white = event["red"], event["white"]
        caption = f"{escape(table.names[seat])} rolled {red + white} (last turn)"
        fresh = False
    else:
        red = white = None
        caption = "no roll yet"
        fresh = False
    total = (red + white) if red else None
    note = roll_note(red, white, purged)
    threat = view["threat"]
    steps = "".join(el("i", "", class_="on" if k < threat else None) for k in range(THREAT_TO_PURGE))
    return el("section", [
        el("div", [die_svg(red, "red"), die_svg(white, "white"),
                     el("span", str(total) if total else "\u2013", class_="dsum", aria_label="sum")],
           class_="dice" + ("" if fresh else " stale")),
        el("div", [
            el("p", caption, class_="dcap"),
            el("p", escape(note), class_="dnote") if note else "",
            el("div", [el("span", "threat", class_="tl"), el("span", steps, class_="track"),
                         el("span", f"{threat}/{THREAT_TO_PURGE}", class_="tn")],
               class_="threat" + (" hot" if threat == THREAT_TO_PURGE - 1 else ""),
               title=f"Every red 6 moves the threat track; the {THREAT_TO_PURGE}rd fires a network purge: "
                       "everyone over the limit discards down to it."),
        ], class_="dinfo"),
    ], class_="ncp dice-panel", id="nc-dice", aria_label="Dice and threat track")


# --- the hand ---------------------------------------------------------------------------


def hand_panel(table: NetControlTable) -> str:
    """The shown seat's resources with the hand limit, and its bank rate per
    resource. A hand this page may not see (a spectator's view) shows its
    size and the seat's rates, not counts it does not know."""
    view = table.view()
    seat = table.hand_seat()
    player = view["players"][seat]
    hidden = player["hand"] is None
    hand = player["hand"] or [0] * 5
    size, limit = player["hand_size"], player["hand_limit"]
    rows = []
    for r, code in enumerate(RESOURCE_CODES):
        rate = player["rates"][r]
        rows.append(el("li", [
            el("span", [resource_icon(RESOURCES[r]), el("span", code, class_="rname")],
               class_=f"res res-{code}", title=RESOURCES[r]),
            el("b", "?" if hidden else str(hand[r]), class_="rcount" + (" zero" if not (hand[r] or hidden) else ""),
               title="hidden" if hidden else None),
            el("span", f"{rate}:1", class_="rate" + (" better" if rate < 4 else ""),
               title=f"bank trade: {rate} {RESOURCES[r]} for 1 of anything"),
        ], class_="hrow" + (" zero" if not hand[r] and not hidden else "")))
    whose = "Your hand" if table.names[seat] == "You" else f"{escape(table.names[seat])}'s hand"
    note = ("rate = bank trade, 4:1 unless you hold an exchange" if not hidden else
            f"Hidden: {escape(table.names[seat])} holds {size} resource{'' if size == 1 else 's'}. "
            "rate = the runner's bank trade, 4:1 unless it holds an exchange")
    over = size > limit
    limit_note = f"{HAND_LIMIT} + 2 per fortified Super Node" if limit > HAND_LIMIT else "hand limit"
    return el("section", [
        el("h3", [seat_mark(seat), whose,
                    el("span", f"{size}/{limit} limit", class_="limit" + (" over" if over else ""),
                       title=limit_note)]),
        el("ul", rows, class_="hand"),
        resource_legend(),
        el("p", note, class_="hnote"),
    ], class_="ncp hand-panel", id="nc-hand", aria_label=whose)


# --- actions and the chooser ------------------------------------------------------------------


def _button(label: str, key: str, *, tool: str | None = None, cmd: str | None = None,
            value: str | None = None, off: bool = False, pressed: bool = False, cls: str = "",
            sub: str = "", title: str = "", disabled: bool = False) -> str:
    return el("button", [
        el("span", escape(label), class_="blabel"),
        el("small", sub, class_="bsub") if sub else "",
        el("kbd", escape(key)) if key else "",
    ], type="button", class_=" ".join(c for c in ("act", cls, "off" if off else "", "on" if pressed else "") if c),
        data_tool=tool, data_cmd=cmd, data_value=value, aria_pressed=("true" if pressed else "false") if tool else None,
        aria_disabled="true" if off and not disabled else None, disabled=disabled,
        aria_keyshortcuts=key or None, title=title or None)


def actions_panel(table: NetControlTable) -> str:
    """Roll, the build tools, Draw, Trade and End turn, with the chooser below."""
    session = table.session
    human = session.is_human_turn()
    phase = table.phase if not session.over else "over"
    counts = table.available()
    main = human and phase == "main"
    buttons = [_button("Roll", "R", cmd="roll", cls="roll" + (" primary" if human and phase == "roll" else ""),
                       disabled=not (human and phase == "roll"), title="Roll the red and white dice (R)")]
    for tool in ("link", "node", "super", "fortify", "clear"):
        label, key, what = TOOL_INFO[tool]
        buttons.append(_button(label, key, tool=tool, off=not (main and counts[tool]),
                               pressed=main and table.tool == tool, sub=cost_text(tool),
                               title=f"{label} ({cost_text(tool)}, key {key}): {what}"))
    buttons.append(_button("Draw", "D", cmd="draw", off=not (main and counts["draw"]),
                           sub=cost_text("draw"), title=f"Buy a special card ({cost_text('draw')}, key D)"))
    buttons.append(_button("Trade", "T", tool="trade", off=not (main and counts["trade"]),
                           pressed=main and table.tool == "trade", sub="bank",
                           title="Trade with the bank at your best rate (key T)"))
    buttons.append(_button("End turn", "E", cmd="end", cls="end-turn", disabled=not main,
                           title="End your turn (E)"))
    chooser = table.chooser()
    parts = [el("div", buttons, class_="acts", role="toolbar", aria_label="Roll, build, draw, trade, end")]
    if chooser is not None:
        options = []
        picked = set(table.picked)
        for index, option in enumerate(chooser["options"]):
            code = option["code"]
            options.append(el("button", [
                resource_icon(option["name"]), el("b", code), el("small", escape(option["note"])),
            ], type="button", aria_keyshortcuts=str(index + 1), class_=f"pick res-{code}" + (" on" if code in picked else ""),
                data_cmd="pick", data_value=code, aria_disabled=None if option["enabled"] else "true",
                aria_label=f"{option['name']}: {option['note']}"))
        parts.append(el("div", [
            el("p", [escape(chooser["title"]), el("kbd", "1-5")], class_="ctitle"),
            el("div", options, class_="picks"),
        ], class_=f"chooser mode-{chooser['mode']}", role="group", aria_label=chooser["title"]))
    return el("section", parts, class_="ncp actions-panel", id="nc-actions")


# --- special cards ---------------------------------------------------------------------------


def cards_panel(table: NetControlTable) -> str:
    """The shown seat's special cards: count, "new" (not playable this turn),
    and a Play button that picks the card's target next."""
    view = table.view()
    seat = table.hand_seat()
    player = view["players"][seat]
    cards = player["cards"] or {}
    fresh = player["fresh"] or {}
    counts = table.available()
    main = table.is_main() and table.session.current == seat
    hidden = player["cards"] is None
    items = []
    for card, (label, key, deck, what) in CARD_INFO.items():
        held = cards.get(card, 0)
        if not held:
            continue
        new = fresh.get(card, 0)
        playable = main and counts.get(card, 0) > 0
        pressed = main and table.tool == card
        items.append(el("li", [
            el("div", [el("b", escape(label)), el("span", f"\u00d7{held}", class_="ccount"),
                         el("span", "new" if new else "", class_="cnew",
                            title="drawn this turn: playable from your next turn") if new else ""],
               class_="chead"),
            el("small", escape(what), class_="cwhat"),
            el("button", ["Play" if card == "xp" else "Play\u2026" if not pressed else "Cancel",
                            el("kbd", escape(key))], type="button",
               class_="cplay" + (" on" if pressed else "") + ("" if playable or pressed else " off"),
               data_tool=card, aria_pressed="true" if pressed else "false",
               aria_disabled=None if playable or pressed else "true",
               aria_label=f"Play {label}", title=f"Play {label} (key {key})"),
        ], class_=f"card-{card}" + (" on" if pressed else "")))
    total = player["card_count"]
    deck = view["deck_size"]
    played = view["played_card"]
    whose = "Your special cards" if table.names[seat] == "You" else f"{escape(table.names[seat])}'s cards"
    head = el("h3", [whose, el("span", f"deck {deck}", class_="limit",
                                   title="cards left in the deck; +1 XP cards leave the game at a reshuffle")])
    if hidden:
        name = escape(table.names[seat])
        body = el("p", f"Hidden: {name} holds {total} special card{'' if total == 1 else 's'}"
                         + (f", {player['fresh_count']} drawn this turn" if player["fresh_count"] else "") + ".",
                  class_="empty")
    elif not items:
        body = el("p", f"None yet. Draw card buys one ({cost_text('draw')}); "
                         "it is playable from your next turn.", class_="empty")
    else:
        body = el("ul", items, class_="cards")
    note = el("p", "One card per turn: played." if played and main else
              "One card per turn, never on the turn it was drawn." if hidden else
              "One card per turn, never on the turn you drew it.", class_="hnote")
    return el("section", [head, body, note], class_="ncp cards-panel", id="nc-cards",
              aria_label=f"{whose}: {total}")


def tool_panel(table: NetControlTable) -> str:
    """Everything in the controls column (``#tools``)."""
    return dice_panel(table) + hand_panel(table) + actions_panel(table) + cards_panel(table)


# --- runners, costs, log ----------------------------------------------------------------------


def players_panel(table: NetControlTable) -> str:
    """The runners: XP, resources, cards, network length, fortifications, bonuses."""
    session = table.session
    view = table.view()
    target = view["options"]["target"]
    waiting = set(view["to_act"])
    rows = []
    for player in view["players"]:
        seat = player["seat"]
        name = table.names[seat]
        active = seat in waiting and not session.over
        winner = view["winner"] == seat
        kind = session.setup.seats[seat]
        flag = "\u25b6 to move" if active else "winner" if winner else ""
        if active and view["phase"] == "discard":
            flag = f"discards {view['owed'].get(str(seat), 0)}"
        badges = []
        if view["longest"] == seat:
            badges.append(el("span", "Longest Network +2", class_="badge ok", title="5+ links in one run"))
        if view["fortified"] == seat:
            badges.append(el("span", "Most Fortified +2", class_="badge ok", title="3+ fortifications"))
        hand = player["hand"]
        hand_title = (" ".join(f"{n}{RESOURCE_CODES[r]}" for r, n in enumerate(hand)) if hand else "")
        rows.append(el("li", [
            player_head(seat, name, kind, flag),
            el("dl", [
                stat("XP", player["xp"], target),
                stat("res", player["hand_size"], player["hand_limit"], title=hand_title or None),
                stat("cards", player["card_count"]),
                stat("net", player["network"], title="links in the longest unbroken run"),
                stat("fort", player["fortifications"], title="fortifications on your buildings"),
            ]),
            el("div", badges, class_="badges") if badges else "",
        ], class_=f"player p{seat + 1}" + (" active" if active else "") + (" winner" if winner else ""),
            data_seat=seat, aria_current="true" if active else None))
    longest, fortified = view["longest"], view["fortified"]
    note = (f"First to {target} XP. Longest Network (5+ links): "
            f"{escape(table.names[longest]) if longest is not None else 'nobody'}; Most Fortified (3+): "
            f"{escape(table.names[fortified]) if fortified is not None else 'nobody'}. Both pass on a tie.")
    return el("ul", rows, class_="players runners") + el("p", note, class_="bonus-note")


def costs_panel(table: NetControlTable) -> str:
    """Build costs; rows the shown seat's hand covers are lit (none when
    this page may not see that hand: a spectator's view)."""
    view = table.view()
    seat = table.hand_seat()
    hand = view["players"][seat]["hand"]
    rows = []
    for verb, label, what in COST_ROWS:
        afford = hand is not None and all(have >= need for have, need in zip(hand, COSTS[verb]))
        rows.append(el("tr", [
            el("th", [escape(label), el("small", escape(what))], scope="row"),
            el("td", cost_chips(verb), class_="cc"),
        ], class_="afford" if afford else None))
    return el("table", [
        el("caption", f"{escape(table.names[seat])}: highlighted rows are what the hand covers now"
           if hand is not None else "Build costs"),
        el("tbody", rows),
    ], class_="costs nc-costs") + el("p", "Bank trade is 4:1, better on an exchange vertex (3:1, or 2:1 "
                                            "for the resource it names).", class_="hnote")


def log_panel(table: NetControlTable) -> str:
    """The activity log in action notation, with what each action did."""
    entries = table.session.log
    if not entries:
        return el("p", f"Game started with {len(table.names)} runners. P1 places first.", class_="empty")
    return log_list(table, entries, LOG_LIMIT)


def panels(table: NetControlTable) -> dict[str, str]:
    """Element id -> HTML of every part the page re-renders after a change."""
    return {
        "tools": tool_panel(table),
        "players": players_panel(table),
        "costs": costs_panel(table),
        "log": log_panel(table),
    }


# --- the side column and the rules ----------------------------------------------------------------

_PIPS_NOTE = ", ".join(f"{n}: {PIPS[n]}" for n in (2, 3, 4, 5, 6, 8))

RULES_HTML = (
    "<p><b>Goal.</b> First to the XP target (10 by default) wins, the moment it happens. "
    "A node is 1 XP, a Super Node 2 (the upgrade replaces the node's XP). Longest Network "
    "(5+ links in one unbroken run) and Most Fortified (3+ fortifications) are 2 XP each; "
    "both pass to whoever ties them, so neither is safe.</p>"
    "<p><b>Setup.</b> Each runner places a node and a link beside it, in order, then again in "
    "reverse order. Nodes need two edges between them. Your second node collects one resource "
    "from each tile around it.</p>"
    "<p><b>A turn.</b> <b>Roll</b> the red and white dice: every building on a tile showing the "
    "sum produces its resource (node 1, Super Node 2). Then <b>build, trade and play a "
    "card</b> in any order, as often as you can afford (cards: one per turn). <b>End turn.</b></p>"
    "<p><b>The two dice.</b> The sum produces. The <b>red</b> die alone feeds the threat track: "
    "every red 6 moves it, and the 3rd fires a <b>network purge</b>: everyone over the hand limit "
    "discards down to it. A <b>7</b> produces nothing, and anyone over the limit discards half "
    "(rounded down). When one roll does both, the purge is what happens. You choose your discards.</p>"
    f"<p><b>Hand limit</b> {HAND_LIMIT}, plus {LIMIT_PER_GUARDED_SUPER} for each Super Node carrying a "
    "fortification.</p>"
    f"<p><b>Resources.</b> {', '.join(f'{code} {name}' for code, name in zip(RESOURCE_CODES, RESOURCES))}: "
    "each tile produces the one it shows.</p>"
    f"<p><b>Hack protection</b> (the number on a building) counts how much hacking it can take: a "
    f"node stands at {NODE_BASE}, a Super Node at {SUPER_BASE}, and each fortification adds 1. A Hack "
    "does not subtract from the number: it takes the top layer off. First a fortification (&minus;1), "
    f"then a Super Node's upgrade (it becomes a node, at {NODE_BASE}), then the node itself. So a bare "
    f"node, at {NODE_BASE}, falls to a single Hack; each fortification is one more Hack it absorbs, "
    f"and a bare Super Node ({SUPER_BASE}) takes two.</p>"
    f"<p><b>Special cards</b> ({DECK_SIZE}; {cost_text('draw')} each; never played the turn you drew one): "
    f"Hack &times;{DECK_COUNT['hack']} (an enemy building), Virus &times;{DECK_COUNT['virus']} (a tile stops "
    f"producing until someone with a building on it clears it for {cost_text('clear')}; dead zones cannot be "
    f"infected), +1 XP &times;{DECK_COUNT['xp']} (removed for good at a reshuffle), Link Building "
    f"&times;{DECK_COUNT['linkbuild']} (two free links, the second may chain off the first), Resource "
    f"&times;{DECK_COUNT['resource']} (any two), Monopoly &times;{DECK_COUNT['monopoly']} (every rival hands "
    f"you up to {MONOPOLY_TAKE} "
    "of a resource).</p>"
    "<p><b>Trading.</b> The bank takes 4 of one resource for 1 of anything; a building on an "
    "exchange makes it 3:1, or 2:1 for the resource that exchange names.</p>"
    "<p><b>Controls.</b> Setup: click a highlighted corner, then an edge. Then <kbd>R</kbd> roll; "
    "<kbd>L</kbd> link, <kbd>N</kbd> node, <kbd>S</kbd> super, <kbd>F</kbd> fortify, <kbd>C</kbd> "
    "clear, then a highlighted target; <kbd>D</kbd> draw, <kbd>T</kbd> trade (give, then take; "
    "<kbd>1</kbd>-<kbd>5</kbd> pick co ba fi sc me); cards <kbd>H</kbd> <kbd>V</kbd> <kbd>X</kbd> "
    "<kbd>B</kbd> <kbd>G</kbd> <kbd>M</kbd>; <kbd>E</kbd> end turn, <kbd>U</kbd> undo, "
    "<kbd>Esc</kbd> cancel. <kbd>Tab</kbd> reaches the highlighted targets.</p>"
    f"<p class=\"more\">Token dots: chances in 36 ({_PIPS_NOTE}; 6 and 8 are red). Notation in the "
    "log: <code>p1 node v12</code>, <code>p2 link e30</code>, <code>p1 trade co fi</code>, "
    "<code>p3 virus t5</code>. Local game: everything runs in this browser and nothing is hidden.</p>"
)


def side(table: NetControlTable | None = None) -> str:
    """The side column's sections (filled by :func:`panels` afterwards)."""
    if table is None:
        return views.side_column("netcontrol", "Runners", "Net Control", RULES_HTML)
    return views.side_column("netcontrol", "Runners", "Net Control", RULES_HTML,
                             players_panel(table), costs_panel(table), log_panel(table))


def terrain_legend() -> str:
    """The terrains with their icons, codes and names (for the home screen card: the codes
    alone were a riddle there, issue 39)."""
    return "".join(
        el("span", [resource_icon(name), el("b", style.code), " ", el("span", name, class_="rname")],
           class_=f"res res-{style.code}")
        for name, style in TERRAIN.items() if name in RESOURCES
    )
