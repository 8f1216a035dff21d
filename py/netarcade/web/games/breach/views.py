"""HTML text for Breach's panels: the turn (steps, dice, Bandwidth, the
decision's buttons, the block window, targets), your hand with its five
slots, the infiltrators, the Exploit deck, the log, the rules and the
game-over card.

What it is for: pure functions from a :class:`~.table.BreachTable` to HTML
strings that ``app`` puts into the page with ``innerHTML``. Buttons carry
``data-tool`` (an Exploit to play) or ``data-cmd`` (``run``, ``laylow``,
``move``, ``pass``, ``safe``, ``sprint``, ``keep``, ``stop``, ``target``,
``die``, ``pick`` with ``data-value``), read by the page's one delegated
listener.

What it is not: DOM code, and not the board (``render.py``).
"""

from __future__ import annotations

from netarcade.web.render.svg import el, escape
from netarcade.web import views
from netarcade.web.views import log_list, player_head, seat_mark, stat

from .table import BreachTable
from .tools import (BARE, CRASH, DECK_SIZE, EXPOSURE_SUPPLY, HAND, PLAY, REMOVED_2P, SPRINT_MAX_EXPOSURE,
                    card_name, exploits_of, target_words)
from .words import where_words

__all__ = ["RULES_HTML", "game_over", "panels", "side"]

LOG_LIMIT = 120
#: the steps of a turn as the rules name them, and the phases inside each
STEPS = (("Modify", ("modify", "exploits", "window")), ("Speed", ("speed", "reroll")),
         ("Move", ("move",)), ("Manifest", ("discard", "crash")))
FAMILY = {"Pressure": "pressure", "Stealth": "stealth", "Movement": "movement", "Network": "network"}


def _button(label: str, *, cmd: str | None = None, tool: str | None = None, value: str | None = None,
            key: str = "", sub: str = "", cls: str = "", off: bool = False, title: str = "",
            pressed: bool | None = None) -> str:
    return el("button", [
        el("span", escape(label), class_="blabel"),
        el("small", escape(sub), class_="bsub") if sub else "",
        el("kbd", escape(key)) if key else "",
    ], type="button", class_=" ".join(c for c in ("act", cls, "off" if off else "") if c),
        data_cmd=cmd, data_tool=tool, data_value=value, aria_disabled="true" if off else None,
        aria_pressed=None if pressed is None else ("true" if pressed else "false"),
        aria_keyshortcuts=key or None, title=title or None)


def _bare(table: BreachTable, name: str, sub: str = "", cls: str = "") -> str:
    tool = BARE[name]
    return _button(tool.label, cmd=name, key=tool.key, sub=sub or tool.what, cls=cls, off=not table.can(name),
                   title=f"{tool.label}: {tool.what}" + (f" (key {tool.key})" if tool.key else ""))


# --- the turn ---------------------------------------------------------------------------------


def _steps(phase: str) -> str:
    items = []
    for label, phases in STEPS:
        on = phase in phases
        items.append(el("li", escape(label), class_="on" if on else None, aria_current="step" if on else None))
    return el("ol", items, class_="steps", aria_label="The steps of a turn")


def _die(value: int, index: int, table: BreachTable, choosing: bool) -> str:
    picked = table.tool == "reroll" and table.picked[:1] == [str(index)]
    face = el("span", str(value), class_="die" + (" on" if picked else ""), aria_label=f"die {index}: {value}")
    if not choosing:
        return face
    return el("button", [face, el("small", "reroll")], type="button", class_="die-btn" + (" on" if picked else ""),
              data_cmd="die", data_value=str(index), aria_pressed="true" if picked else "false",
              aria_keyshortcuts=str(index), title=f"Reroll die {index} for 2 Exploits (key {index})")


def _dice(table: BreachTable) -> str:
    view = table.view()
    move = view["move"]
    if not move["dice"]:
        return ""
    phase = view["phase"]
    choosing = table.deciding() and phase == "reroll" and any(
        text.split()[1] == "reroll" for text in table.texts())
    faces = "".join(_die(value, index + 1, table, choosing) for index, value in enumerate(move["dice"]))
    what = "Root exit roll" if move["root_exit"] else (move["speed"] or "").capitalize()
    bw = move["bw"] if phase in ("reroll", "move") else None
    return el("div", [
        el("span", escape(what), class_="dlabel"),
        el("div", faces, class_="dice"),
        el("span", [el("b", str(bw)), " BW left" if phase == "move" else " BW"], class_="bw",
           aria_label=f"{bw} Bandwidth") if bw is not None else "",
    ], class_="roll")


def _window_box(table: BreachTable) -> str:
    view = table.view()
    window = view["window"]
    if window is None:
        return ""
    me = table.session.current
    answering = table.deciding()
    first = window["blocker"] is None
    card = cards_of(table)[window["card"]]
    parts = [el("p", [el("b", escape(table.window_line())), ". ", escape(card.text)], class_="wline")]
    if answering:
        held = len(view["seats"][me]["exploits"] or [])
        verb = "Block" if first else "Counter"
        cost = f"{verb} costs 2 Exploits (you hold {held})"
        picked = " + ".join(card_name(c) for c in table.picked) if table.tool in ("block", "counter") else ""
        parts.append(el("p", [escape(cost), ": pick them in your hand",
                                el("b", f" \u2014 {escape(picked)} +\u2026") if picked else ""], class_="wcost"))
        parts.append(el("div", [_bare(table, "pass", sub="let it happen" if first else "give up: the "
                                        + ("Exploit takes effect" if me != window["player"] else "Exploit is blocked"),
                                        cls="pass")], class_="acts"))
    return el("div", parts, class_="window" + (" mine" if answering else ""), role="group",
              aria_label="Block window")


def _targets(table: BreachTable) -> str:
    if table.tool not in PLAY or not table.picked:
        return ""
    card = cards_of(table)[table.tool]
    buttons = []
    if card.target == "ahead":
        for word in table.targets():
            seat = int(word[1:]) - 1
            buttons.append(el("button", [seat_mark(seat), " ", escape(table.names[seat])], type="button",
                              class_="target", data_cmd="target", data_value=word,
                              aria_label=f"{card.name} on {table.names[seat]}"))
        body = el("div", buttons, class_="targets")
    else:
        body = el("p", "Pick a lit card on the board.", class_="hnote")
    on_whom = escape(target_words(card.target, _rules(table)))
    return el("div", [el("p", [f"Play {escape(card.name)} on ", on_whom, ":"],
                             class_="ctitle"), body,
                        _button("Cancel", cmd="cancel", key="Esc", cls="cancel")], class_="chooser",
              role="group", aria_label=f"{card.name}: choose the target")


def auto_pass_toggle(table: BreachTable) -> str:
    """The "pass on blocks automatically" switch (remembered by the page):
    on, the page answers every block window with the player's pass; off, it
    asks whenever the player holds a pair that blocks. Not for a spectator."""
    if not table.session.setup.humans:
        return ""
    on = table.auto_pass
    return el("p", el("button", f"Pass on blocks automatically: {'on' if on else 'off'}", type="button",
                          class_="mini autopass" + (" on" if on else ""), data_cmd="autopass",
                          aria_pressed="true" if on else "false",
                          title="On: the page passes for you in every block window, and the bots play on. "
                                "Off: you are asked whenever you hold two Exploits to block with."),
              class_="hnote")


def turn_panel(table: BreachTable) -> str:
    """The turn: its steps, the roll, and the buttons of the decision now."""
    session = table.session
    view = table.view()
    phase = view["phase"] if not session.over else "over"
    mine = table.deciding()
    seat = session.current
    buttons = []
    if mine and phase == "modify":
        me = view["seats"][seat]
        buttons += [_bare(table, "run", cls="primary", sub=f"refill to {HAND}, play, move"),
                    _bare(table, "laylow", sub=f"-{min(2, me['exposure'])} EXP, discard Exploits, no move")]
    elif mine and phase == "exploits":
        buttons.append(_bare(table, "move", cls="primary", sub="declare speed and roll"))
    elif mine and phase == "speed":
        sprint = "2 dice, +1 EXP" if table.can("sprint") else (
            f"not with {SPRINT_MAX_EXPOSURE + 1}+ EXP, LAG or a bad exit roll")
        buttons += [_bare(table, "safe", sub="1 die", cls="primary"), _bare(table, "sprint", sub=sprint)]
    elif mine and phase == "reroll":
        buttons.append(_bare(table, "keep", cls="primary", sub=f"move with {view['move']['bw']} BW"))
    elif mine and phase == "move":
        at = view["seats"][seat]["at"]
        buttons.append(_bare(table, "stop", sub=f"Manifest at {where_words(at)}"))
    head = [_steps(phase)]
    if view["reminders"]:
        head.append(el("div", [el("span", [seat_mark(r["seat"], 10), " ", escape(card_name(r["card"]))],
                                      class_=f"rem rem-{r['card']}",
                                      title=f"{table.names[r['seat']]}: {cards_of(table)[r['card']].text}")
                                 for r in view["reminders"]], class_="reminders", aria_label="Reminders in play"))
    parts = [el("div", head, class_="thead"), _dice(table), _window_box(table)]
    if buttons:
        parts.append(el("div", buttons, class_="acts", role="toolbar", aria_label="Your decision"))
    parts.append(_targets(table))
    parts.append(auto_pass_toggle(table))
    return el("section", parts, class_="bcp turn-panel", id="br-turn", data_phase=phase, aria_label="This turn")


# --- your hand ---------------------------------------------------------------------------------


def _card_li(table: BreachTable, card: str, index: int, phase: str) -> str:
    spec = cards_of(table)[card]
    pick = table.pick_tool()
    picked_count = table.picked.count(card) if table.tool in ("block", "counter", "reroll", "discard") else 0
    on = index < picked_count
    if pick is not None:
        verb = {"block": "Block", "counter": "Counter", "reroll": "Spend", "discard": "Discard"}[pick.verb]
        action = el("button", [verb, " \u2713" if on else ""], type="button",
                    class_="cplay pick" + (" on" if on else ""), data_cmd="pick", data_value=card,
                    aria_pressed="true" if on else "false", aria_label=f"{verb} with {spec.name}")
    elif phase == "exploits" and table.deciding():
        pressed = table.tool == card and index == 0
        ok = table.playable(card)
        action = el("button", ["Cancel" if pressed else "Play" if spec.target == "none" else "Play\u2026"],
                    type="button", class_="cplay" + (" on" if pressed else "") + ("" if ok or pressed else " off"),
                    data_tool=card, aria_pressed="true" if pressed else "false",
                    aria_disabled=None if ok or pressed else "true", aria_label=f"Play {spec.name}",
                    title=f"Play {spec.name}: {target_words(spec.target, _rules(table))}")
    else:
        action = ""
    cost = f"{spec.cost} EXP" if spec.cost else ""
    limit = f"{spec.limit}/turn"
    return el("li", [
        el("div", [el("b", escape(spec.name)), el("span", spec.family, class_="fam")], class_="chead"),
        el("small", escape(spec.text), class_="cwhat"),
        el("small", " \u00b7 ".join(x for x in (f"target: {target_words(spec.target, _rules(table))}", cost, limit)
                                       if x),
           class_="cmeta"),
        action,
    ], class_=f"xcard fam-{FAMILY[spec.family]}" + (" on" if on or (table.tool == card and index == 0) else ""),
        data_card=card)


def hand_panel(table: BreachTable) -> str:
    """The shown seat's five slots (Exploits, Exposure, Payload) and its
    Exploits. Exploits this page may not see (a spectator's view) fill their
    slots face down and are counted, not named."""
    view = table.view()
    seat = table.hand_seat()
    me = view["seats"][seat]
    hidden = me["exploits"] is None
    exploits = me["exploits"] or []
    slots = []
    for _ in range(me["exposure"]):
        slots.append(el("i", "Exposure", class_="slot exp", title="Exposure: fills a slot; at 5 you crash"))
    if me["payload"]:
        slots.append(el("i", "Payload", class_="slot pay", title="the Payload: take it back to the Edge"))
    for _ in range(me["exploit_count"] if hidden else len(exploits)):
        slots.append(el("i", "Exploit", class_="slot xp", title="an Exploit (hidden)" if hidden else "an Exploit"))
    while len(slots) < HAND:
        slots.append(el("i", "", class_="slot empty"))
    size = me["hand_size"]
    whose = "Your hand" if table.names[seat] == "You" else f"{escape(table.names[seat])}'s hand"
    danger = me["exposure"] >= CRASH - 1
    head = el("h3", [seat_mark(seat), whose,
                       el("span", f"{size}/{HAND} slots", class_="limit" + (" over" if size > HAND else "")),
                       el("span", f"Exposure {me['exposure']}/{CRASH}", class_="expo" + (" hot" if danger else ""),
                          title=f"at {CRASH} Exposure you crash")])
    phase = view["phase"]
    cards = [_card_li(table, card, exploits[:i].count(card), phase) for i, card in enumerate(exploits)]
    count = me["exploit_count"]
    body = (el("p", f"Hidden: {escape(table.names[seat])} holds {count} Exploit{'' if count == 1 else 's'}.",
               class_="empty") if hidden else
            el("ul", cards, class_="xcards") if cards else el("p", "No Exploits in hand.", class_="empty"))
    return el("section", [head, el("div", slots, class_="slots", aria_label=f"{size} of {HAND} slots used"), body],
              class_="bcp hand-panel", id="br-hand", aria_label=whose)


def tool_panel(table: BreachTable) -> str:
    return turn_panel(table) + hand_panel(table)


# --- the infiltrators, the deck, the log -----------------------------------------------------------


def players_panel(table: BreachTable) -> str:
    session = table.session
    view = table.view()
    rows = []
    for info in view["seats"]:
        seat = info["seat"]
        active = session.current == seat and not session.over
        winner = seat in view["winners"]
        kind = session.setup.seats[seat]
        flag = "\u25b6 to act" if active else "winner" if winner else "resigned" if info["resigned"] else ""
        if active and view["phase"] == "window":
            flag = "answers"
        owed = len(info["markers"])
        rems = [card_name(r["card"]) for r in view["reminders"] if r["seat"] == seat]
        rows.append(el("li", [
            player_head(seat, table.names[seat], kind, flag),
            el("dl", [
                stat("at", info["at"], title=where_words(info["at"])),
                stat("EXP", info["exposure"], CRASH, class_="hot" if info["exposure"] >= CRASH - 1 else None),
                stat("hand", info["hand_size"], HAND, title=f"{info['exploit_count']} Exploits"),
                stat("owes", owed, title="route markers still to take back"),
            ]),
            el("div", [el("span", "PAYLOAD", class_="badge ok") if info["payload"] else "",
                       *[el("span", escape(r), class_="badge") for r in rems],
                       el("span", f"progress {info['progress']}/30", class_="prog")], class_="badges"),
        ], class_=f"player p{seat + 1}" + (" active" if active else "") + (" winner" if winner else "")
            + (" resigned" if info["resigned"] else ""),
            data_seat=seat, aria_current="true" if active else None))
    note = (f"Deck {view['deck_count']}, discard {len(view['discard'])}"
            + (f", {view['removed_count']} set aside" if view["removed_count"] else "")
            + f"; Exposure supply {view['exposure_supply']}. Round {view['round']}"
            + (f"/{view['rounds']}." if view["rounds"] else " (no lockdown)."))
    return el("ul", rows, class_="players") + el("p", note, class_="hnote")


def cards_of(table: BreachTable | None = None) -> dict:
    """The Exploit cards as the rules edition of the game in play prints them
    (D34); before a game, those of a new game (edition 3, the deck of edition 2)."""
    if table is None:
        return exploits_of(2)
    return exploits_of(_rules(table))


def _rules(table) -> int:
    """The rules edition of the game in play (1 for a link made before editions); before a
    game, a new game's."""
    if table is None:
        return 3
    return table.view()["options"].get("rules", 1)


def deck_panel(table: BreachTable | None = None) -> str:
    """The Exploit deck of the game's rules edition: every card, its count,
    target, cost, limit, effect."""
    rows = []
    for card in cards_of(table).values():
        rows.append(el("tr", [
            el("th", [escape(card.name), el("small", f"{card.family} \u00d7{card.count}")], scope="row"),
            el("td", [escape(card.text), el("small", f" target: {target_words(card.target, _rules(table))}; "
                                                 f"{card.limit}/turn" + (f"; costs {card.cost} EXP" if card.cost else ""))]),
        ], class_=f"fam-{FAMILY[card.family]}"))
    return el("table", [el("caption", f"{DECK_SIZE} Exploits; a block or counter discards any 2"),
                          el("tbody", rows)], class_="costs br-deck")


def log_panel(table: BreachTable) -> str:
    entries = table.session.log
    if not entries:
        first = table.names[table.view()["first"]]
        opener = "You go first." if first == "You" else f"{escape(first)} goes first."
        return el("p", f"Game started with {len(table.names)} infiltrators. {opener}", class_="empty")
    return log_list(table, entries, LOG_LIMIT)


def panels(table: BreachTable) -> dict[str, str]:
    return {"tools": tool_panel(table), "players": players_panel(table), "costs": deck_panel(table),
            "log": log_panel(table)}


RULES_HTML = (
    "<p><b>Goal.</b> Race from the Edge through 14 layers to Root, take a Payload, and come back out: "
    "the first to reach layer 1 carrying it, with every route marker taken back, and enter the Edge "
    "(2 Bandwidth) wins.</p>"
    "<p><b>A turn.</b> <b>Modify</b>: Run Exploits (refill to 5 slots, counting Exposure and a "
    "Payload; play any Exploits, one at a time) or Lay Low (return up to 2 Exposure, discard every "
    "Exploit, refill; no move). <b>Speed</b>: Safe rolls 1 die; Sprint rolls 2 and costs 1 Exposure "
    f"(not with {SPRINT_MAX_EXPOSURE + 1}+ Exposure). You may reroll one die for 2 Exploits. <b>Move</b>: "
    "spend the Bandwidth Node by Node (forward, back, sideways, diagonal; each Node once a turn, the one "
    "you started on included, so no Node's EXIT helps you twice; a Node is its card, so a card that "
    "REROUTE or SPLICE moved still affects you once a turn); red "
    "Mainframe costs 1, blue Undernet 2 unless printed. Dead Drops are pass-through only. You must "
    "enter a Node if you can afford one (Root and the Edge are not Nodes: you may decline them); you may "
    "stop with Bandwidth left. <b>Manifest</b>: on blue, every 2 unused "
    "Bandwidth returns 1 Exposure; the STOP text applies; discard down to 5; "
    f"at {CRASH} Exposure you <b>crash</b> (hand wiped, back to a blue checkpoint: 3 layers back, or "
    "from Root layers 14-12, then on toward the Edge to the first layer with a blue Node).</p>"
    "<p><b>Pressure.</b> LAG, TRACE and FRAME JOB target a player <i>ahead</i> of you: carrying the "
    "Payload beats infiltrating, else farther along; players in the same layer are tied, and a tied "
    "player is a target too, so only the sole leader has none (edition 2 took no tied target).</p>"
    "<p><b>Blocking.</b> After each Exploit, the others (from the player's left) may block it by "
    "discarding any 2 Exploits; the player may counter with 2, the blocker again, and so on; whoever "
    "passes loses. A blocked Exploit still counts toward its limit.</p>"
    "<p><b>Open and hidden.</b> Discards go face up on the discard pile: everyone sees the Exploits you "
    "spend on a block, counter or reroll and each one you discard in Manifest, and the log names them. "
    "What you draw stays secret (the log counts it), and a hand wiped by Lay Low or a crash is counted "
    "only.</p>"
    "<p><b>Route markers.</b> Entering a layer the first time leaves a marker (hollow shape) on the Node "
    "you did not enter; enter that Node later to take it back. You can only leave with none left.</p>"
    "<p><b>Root.</b> Enter it with 1 Bandwidth left to take the Payload. Leaving Root rolls 1 die: "
    "lower than your Exposure costs 1 Exposure and your next Sprint; then you move on as usual. "
    "<b>Winning.</b> With the Payload, in layer 1 and no marker left, spend 2 Bandwidth to enter the "
    "Edge (the layer-1 Node's EXIT resolves first and may pay for it).</p>"
    "<p><b>Controls.</b> <kbd>R</kbd> run, <kbd>L</kbd> lay low, a card's Play button, <kbd>E</kbd> ends "
    "the step (move on, keep, stop, pass), <kbd>P</kbd> pass, <kbd>S</kbd> safe, <kbd>D</kbd> sprint, "
    "<kbd>1</kbd> <kbd>2</kbd> pick a die to reroll, <kbd>U</kbd> undo, <kbd>Esc</kbd> cancel. "
    f"<kbd>Tab</kbd> reaches the lit Nodes.</p><p class=\"more\">Deck {DECK_SIZE} Exploits"
    f" ({REMOVED_2P} set aside unseen with 2 players); Exposure supply {EXPOSURE_SUPPLY}. The lockdown "
    "(a game option) ends the game after that many rounds, won by the farthest along; 0 plays without "
    "it, as printed. These are rules edition 3 (OVERCLOCK costs 1 Exposure, WIPE LOGS returns up to 2, "
    "as in edition 2); a link made before editions replays under edition 1, whose cards the deck panel "
    "then shows. Notation: "
    "<code>p1 play trace p3</code>, <code>p2 block lag trace</code>, <code>p1 enter 5t</code>. "
    "Full rules: docs/rules/breach.md.</p>"
)


def side(table: BreachTable | None = None) -> str:
    players = players_panel(table) if table is not None else ""
    log = log_panel(table) if table is not None else ""
    return (views.panel("players", "Infiltrators", players) + views.activity_panel(log)
            + views.panel("costs", "Exploit deck", deck_panel(), hide=True)
            + views.rules_panel("breach", "Breach", RULES_HTML))


def game_over(table: BreachTable) -> str:
    """The shared game-over card, with the progress chart (30 = transmitted)."""
    from netarcade.web.render.chart import score_chart

    session = table.session
    view = table.view()
    headline, detail = table.result()
    history = views.round_history(table, view["history"]) or [[0] * len(session.names)]
    chart = score_chart(history, session.names, 480, 220, target=30, y_label="PROGRESS", x_label="ROUND")
    buttons = views.over_actions(session)
    return el("div", [
        el("h2", escape(headline), id="result-title"),
        el("p", escape(detail), class_="detail", id="result-detail"),
        el("figure", [chart, el("figcaption", "Progress after each round: layer reached (0-15), "
                                    "then 15 + layers back out with the Payload; 30 = transmitted")],
           class_="chart"),
        el("div", buttons, class_="actions"),
    ], class_="card over-card", role="dialog", aria_labelledby="result-title",
              aria_describedby="result-detail")


_ = views  # the shared helpers above come from it
