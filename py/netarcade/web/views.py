"""HTML text for the page's panels, home screen and game-over screen.

What it is for: pure functions from a session/table to HTML strings, which
``app`` puts into the page with ``innerHTML`` (and ``shell`` into the app
shell at build time, so the first paint already shows them). Buttons carry
``data-tool`` / ``data-cmd`` attributes that one delegated listener reads.

What it is not: DOM code, and not the board (``games/backbone/render.py``
draws that). Every text a player typed or a link carried is escaped.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..games import all_games, get_game
from ..render.icons import ICONS
from ..render.palette import PLAYERS
from ..render.svg import el, escape, shape
from .backbone import TOOL_INFO, TOOLS, BackboneTable
from .session import BOT_LEVELS, HUMAN, PAGE_GAMES, form_fields

__all__ = [
    "BACKBONE_RULES",
    "CATALOGUE",
    "backbone_side",
    "costs_panel",
    "game_over",
    "home",
    "icon",
    "link_error",
    "log_panel",
    "players_panel",
    "seat_mark",
    "tool_bar",
]

#: every game of the arcade, in menu order: id, title, one-line pitch
CATALOGUE = (
    ("backbone", "Backbone",
     "Duel of rival network operators on a 9x9 hex map: build Routers, Switches, APs, "
     "Servers and Datacenters, connect Cities, hack the rival."),
    ("netcontrol", "Net Control",
     "2-6 players on a hex island: dice-driven resources, builds, trades, a deck of hacks "
     "and viruses, a rising threat track."),
    ("overwrite", "Overwrite",
     "2-6 players place and stack polyomino code blocks on a shared grid; "
     "the largest connected chunk wins."),
    ("breach", "Breach",
     "2-5 players race Edge to Root and back through 14 layers of node cards, "
     "managing Exposure and blocking Exploits."),
)

_TOOL_ICON = {"hack": "target", "reroute": "reroute"}
#: form labels that differ from the option's name
_LABELS = {("netcontrol", "target"): "XP target"}
#: the order of a form's option fields, when not the schema's
_FIELD_ORDER = {"netcontrol": ("radius", "players", "target")}
#: the pieces a game's card shows
_CARD_ICONS = {"backbone": ("router", "switch", "ap", "server", "datacenter", "firewall", "city")}
_SEAT_LABEL = {HUMAN: "Human", "random": "Bot: random", "greedy": "Bot: greedy", "search": "Bot: search"}


def icon(name: str, cls: str = "ico") -> str:
    """One of the board's icons as a small inline SVG (colour: currentColor)."""
    return (f'<svg class="{escape(cls)}" viewBox="-12 -12 24 24" aria-hidden="true" focusable="false">'
            f"{ICONS[name]}</svg>")


def seat_mark(seat: int, size: int = 14) -> str:
    """The seat's colour and shape cue, as a small inline SVG."""
    style = PLAYERS[seat % len(PLAYERS)]
    return (f'<svg class="mark p{seat + 1}" viewBox="-8 -8 16 16" width="{size}" height="{size}" '
            f'aria-hidden="true" focusable="false">'
            f'{shape(style.shape, 0, 0, 6, {"fill": style.color})}</svg>')


def _attrs_html(pairs: dict[str, Any]) -> str:
    out = []
    for key, value in pairs.items():
        if value is None or value is False:
            continue
        out.append(f" {key}" if value is True else f' {key}="{escape(value)}"')
    return "".join(out)


def _tag(tag: str, content: str | Iterable[str] = "", **attributes: Any) -> str:
    if not isinstance(content, str):
        content = "".join(content)
    pairs = {key.rstrip("_").replace("_", "-"): value for key, value in attributes.items()}
    return f"<{tag}{_attrs_html(pairs)}>{content}</{tag}>"


def _void(tag: str, **attributes: Any) -> str:
    """An element without content or end tag (``input``)."""
    pairs = {key.rstrip("_").replace("_", "-"): value for key, value in attributes.items()}
    return f"<{tag}{_attrs_html(pairs)}>"


# --- the game screen ---------------------------------------------------------------


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
        buttons.append(_tag(
            "button",
            [icon(_TOOL_ICON.get(tool, tool)), _tag("span", escape(label), class_="tool-name"),
             _tag("span", escape(cost_text), class_="tool-cost", title="BW"),
             _tag("kbd", escape(key))],
            type="button", class_="tool" + (" off" if off else "") + (" on" if pressed else ""),
            data_tool=tool, aria_pressed="true" if pressed else "false",
            aria_disabled="true" if off else None, aria_keyshortcuts=key,
            aria_label=f"{label}, {cost_text}{' BW' if cost else ''}",
            title=f"{label} ({cost_text}{' BW' if cost else ''}, key {key}): {what}",
        ))
    end = _tag("button", ["End turn ", _tag("kbd", "E")], type="button", class_="cmd end-turn",
               data_cmd="end", aria_keyshortcuts="E", disabled=not human)
    return _tag("div", buttons, class_="tools", role="toolbar", aria_label="Build, hack or reroute") + end


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
        rows.append(_tag("li", [
            _tag("div", [seat_mark(seat), _tag("span", escape(name), class_="pname"),
                         _tag("span", escape(kind if kind != HUMAN else "human"), class_="pkind"),
                         _tag("span", escape(flag), class_="pflag")], class_="phead"),
            _tag("dl", [
                _tag("div", [_tag("dt", "AI"), _tag("dd", f"{view['scores'][seat]}<small>/{target}</small>")]),
                _tag("div", [_tag("dt", "BW"), _tag("dd", f"{view['bw'][seat]}<small>/{view['bw_limit']}</small>")]),
                _tag("div", [_tag("dt", "Cities"), _tag("dd", str(view["connected_cities"][seat]))]),
            ]),
        ], class_=f"player p{seat + 1}" + (" active" if active else "") + (" winner" if winner else ""),
            data_seat=seat, aria_current="true" if active else None))
    closing = ""
    if view.get("closing") is not None and not view["over"]:
        closing = _tag("p", f"Closing turn: {escape(session.names[view['closing']])} reached {target}.",
                       class_="closing")
    return _tag("ul", rows, class_="players") + closing


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
        rows.append(_tag("tr", [
            _tag("td", icon(_TOOL_ICON.get(tool, tool)), class_="ci"),
            _tag("th", [escape(label), _tag("small", escape(what))], scope="row"),
            _tag("td", "free" if cost == 0 else str(cost), class_="cc"),
        ], class_="afford" if afford else None))
    who = f"{escape(session.names[seat])}: {bw} BW" if seat is not None else ""
    return (_tag("table", [_tag("caption", f"BW cost \u00b7 {who}" if who else "BW cost"),
                           _tag("tbody", rows)], class_="costs"))


def log_panel(table: BackboneTable) -> str:
    """The activity log in action notation, one line per action."""
    entries = table.session.log
    if not entries:
        return _tag("p", "No moves yet. P1 starts.", class_="empty")
    return _tag("ol", log_items(table, entries), class_="log")


def log_items(table, entries, turn_label=lambda turn: f"T{turn}") -> list[str]:
    """One ``<li>`` per logged action: the turn (on its first action), the
    seat's mark, the notation, and what the action did."""
    items = []
    last_turn = None
    for entry in entries:
        notes = table.event_notes(entry.events)
        turn = _tag("span", turn_label(entry.turn) if entry.turn != last_turn else "", class_="lt")
        last_turn = entry.turn
        items.append(_tag("li", [
            turn, seat_mark(entry.seat, 10), _tag("code", escape(entry.text)),
            _tag("span", escape(", ".join(notes)), class_="note") if notes else "",
        ], class_=f"p{entry.seat + 1}", data_index=entry.index))
    return items


def game_over(table: Any, y_label: str = "AI TOKENS",
              caption: str = "AI tokens at the end of each turn") -> str:
    """The game-over card of any game's table: result (``table.result()``),
    the score chart of every turn, what next."""
    from ..render.chart import score_chart  # only a finished game needs it

    session = table.session
    view = session.view()
    headline, detail = table.result()
    history = view["history"] or [[0] * len(session.names)]
    chart = score_chart(history, session.names, 480, 220, target=view["options"]["target"], y_label=y_label)
    buttons = [
        _tag("button", "Play again", type="button", class_="primary", data_cmd="rematch"),
        _tag("button", "Review board", type="button", data_cmd="review"),
        _tag("button", "Undo", type="button", data_cmd="undo", disabled=not session.can_undo()),
        _tag("button", "Copy link", type="button", data_cmd="copy"),
        _tag("a", "Other games", href="#home", class_="button"),
    ]
    return _tag("div", [
        _tag("h2", escape(headline), id="result-title"),
        _tag("p", escape(detail), class_="detail"),
        _tag("figure", [chart, _tag("figcaption", escape(caption))], class_="chart"),
        _tag("div", buttons, class_="actions"),
    ], class_="card over-card", role="dialog", aria_labelledby="result-title")


BACKBONE_RULES = (
    '<p><b>Goal.</b> Be first to end a turn with the target number of AI tokens (10 by default); your rival then gets one closing turn, and the higher total wins (tie: more connected Cities).</p>'
    '<p><b>Your turn.</b> Income first: +3 BW, +1 per City you connect (at most 10 BW). Then up to <b>2 actions</b>, any mix: <b>Build</b>, <b>Hack</b>, <b>Reroute</b>. The turn ends by itself after the second; <kbd>E</kbd> ends it early (no action at all is a Pass; four Passes in a row end the game).</p>'
    '<p><b>Build</b> on an empty, non-City hex beside your network. A <b>Switch</b> needs 2+ of your pieces beside it; a <b>Wireless AP</b> also reaches the hex two steps away in a straight line; a <b>Firewall</b> goes on one of your pieces and absorbs one Hack.</p>'
    '<p><b>Score.</b> A <b>Server</b> is online with 2 of your Routers beside it, and connects every City beside it (+1 token each). A <b>Datacenter</b> beside 2 Routers, while you have an online Server, is +1 token; two online Datacenters add +2.</p>'
    "<p><b>Hack</b> (1 BW, once a turn): an enemy piece beside your network is Disabled until the end of its owner's next turn, and whatever hung on it drops out of their network. <b>Reroute</b> (free) moves your Switch or AP, as long as your network stays whole.</p>"
    '<p><b>Controls.</b> Pick a tool (keys <kbd>1</kbd>-<kbd>6</kbd>, <kbd>H</kbd> hack, <kbd>M</kbd> reroute), then a highlighted hex (click, tap, or <kbd>Tab</kbd> + <kbd>Enter</kbd>). Reroute: the piece, then its new hex. <kbd>Esc</kbd> cancels, <kbd>U</kbd> undoes back to your last move.</p>'
    '<p class="more">Notation in the activity log: <code>p1 router e5</code>, <code>p2 hack d4</code>, <code>p1 reroute c3 d4</code>, <code>p2 end</code>.</p>'
)


def side_column(players_title: str, game_title: str, rules_html: str,
                players: str = "", costs: str = "", log: str = "") -> str:
    """A game's side column: players, build costs (with Hide), activity,
    rules; the panels' HTML is given when there is a table to show."""
    return (
        f'<section class="panel" aria-labelledby="h-players"><h2 id="h-players">{escape(players_title)}</h2>'
        f'<div id="players">{players}</div></section>'
        '<section class="panel" id="costs-panel" aria-labelledby="h-costs"><h2 id="h-costs">Build costs '
        '<button type="button" class="mini" data-cmd="costs" aria-expanded="true" aria-controls="costs">Hide'
        f'</button></h2><div id="costs">{costs}</div></section>'
        '<section class="panel log-panel" aria-labelledby="h-log"><h2 id="h-log">Activity</h2>'
        '<div id="log" class="logbox" tabindex="0" aria-label="Moves so far, in notation">'
        f'{log}</div></section>'
        f'<details class="panel rules" id="rules"><summary><h2>How to play {escape(game_title)}</h2></summary>'
        f'<div class="rules-body">{rules_html}</div></details>'
    )


def backbone_side(table: BackboneTable | None = None) -> str:
    """Backbone's side column: players, build costs, activity, rules (the
    panels filled when a table is given)."""
    if table is None:
        return side_column("Players", "Backbone", BACKBONE_RULES)
    return side_column("Players", "Backbone", BACKBONE_RULES,
                       players_panel(table), costs_panel(table), log_panel(table))


def link_error(message: str) -> str:
    """A card for a link that does not open, with ways out."""
    return _tag("div", [
        _tag("h2", "This link does not open a game", id="link-error-title"),
        _tag("p", escape(message), class_="detail"),
        _tag("p", "The link may have been cut short or edited. Nothing was loaded."),
        _tag("div", [
            _tag("button", "Start a new game", type="button", class_="primary", data_cmd="fresh"),
            _tag("a", "Choose a game", href="#home", class_="button"),
        ], class_="actions"),
    ], class_="card error-card", role="alertdialog", aria_labelledby="link-error-title")


# --- the home screen ------------------------------------------------------------------


def _field(game_id: str, name: str, label: str, control: str, help_text: str = "") -> str:
    return _tag("div", [
        _tag("label", escape(label), for_=f"f-{game_id}-{name}"),
        control,
        _tag("small", escape(help_text), class_="help") if help_text else "",
        _tag("small", "", class_="err", id=f"err-{game_id}-{name}", aria_live="polite"),
    ], class_="field", data_field=name)


def _seat_fields(game_id: str, players: int, seats: int) -> str:
    """One select per seat (``seats`` of them); those beyond ``players`` are
    hidden until the player count asks for them (``app`` shows them)."""
    seat_fields = []
    for seat in range(seats):
        default = HUMAN if seat == 0 else "search"
        options = [_tag("option", escape(_SEAT_LABEL[kind]), value=kind, selected=kind == default)
                   for kind in (HUMAN, *BOT_LEVELS)]
        seat_fields.append(_tag("div", [
            _tag("label", [seat_mark(seat), f" P{seat + 1}"], for_=f"f-{game_id}-seat{seat + 1}"),
            _tag("select", options, id=f"f-{game_id}-seat{seat + 1}", name=f"seat{seat + 1}"),
            _tag("small", "", class_="err", id=f"err-{game_id}-seat{seat + 1}", aria_live="polite"),
        ], class_="field seat", data_field=f"seat{seat + 1}", data_seat=seat + 1, hidden=seat >= players))
    legend = "Players" if seats == players else "Who plays (human or bot level)"
    return _tag("fieldset", [_tag("legend", legend), *seat_fields], class_="seats")


def new_game_form(game_id: str) -> str:
    """The new-game form: seed, who plays each seat, the game's own options
    (from ``game.options.to_data()``). A game whose player count is an
    option (Net Control: 2-6) gets a select for every possible seat, the
    ones beyond the chosen count hidden."""
    game = get_game(game_id)
    players = game.options.by_name["players"].default if "players" in game.options.by_name else game.min_players
    fields = form_fields(game_id)
    order = _FIELD_ORDER.get(game_id)
    if order:
        fields.sort(key=lambda option: order.index(option["name"]) if option["name"] in order else len(order))
    variable = any(option["name"] == "players" for option in fields)
    parts = [_field(game_id, "seed", "Seed", _void(
        "input", id=f"f-{game_id}-seed", name="seed", inputmode="numeric", autocomplete="off",
        placeholder="random", aria_describedby=f"err-{game_id}-seed",
    ), "blank = a random game; the same seed gives the same game")]
    seats = _seat_fields(game_id, players, game.max_players if variable else players)
    if not variable:
        parts.append(seats)
    for option in fields:
        name = option["name"]
        fid = f"f-{game_id}-{name}"
        if option["type"] == "int":
            control = _void("input", id=fid, name=name, type="number", inputmode="numeric",
                            min=option["min"], max=option["max"], value=option["default"],
                            aria_describedby=f"err-{game_id}-{name}")
            help_text = f"{option['help']} ({option['min']}-{option['max']})"
        elif option["type"] == "choice":
            control = _tag("select", [
                _tag("option", escape(choice), value=choice, selected=choice == option["default"])
                for choice in option["choices"]
            ], id=fid, name=name)
            help_text = option["help"]
        else:
            control = _void("input", id=fid, name=name, type="checkbox",
                            checked=bool(option["default"]))
            help_text = option["help"]
        label = _LABELS.get((game_id, name), name.capitalize())
        parts.append(_field(game_id, name, label, control, help_text))
    if variable:
        parts.append(seats)
    parts.append(_tag("div", [
        _tag("button", f"Start {escape(game.title)}", type="submit", class_="primary"),
    ], class_="actions"))
    return _tag("form", parts, class_="newgame", data_game=game_id, novalidate=True,
                aria_label=f"New {game.title} game")


def home() -> str:
    """Every game of the arcade: the ones the page can play (registered and
    in ``PAGE_GAMES``) with their new-game form, the others marked as coming."""
    playable = {game.id for game in all_games()} & set(PAGE_GAMES)
    cards = []
    for game_id, title, pitch in CATALOGUE:
        if game_id in playable:
            pieces = "".join(icon(name) for name in _CARD_ICONS.get(game_id, ()))
            if game_id == "netcontrol":
                from .netcontrol_views import terrain_legend

                pieces = terrain_legend()
            cards.append(_tag("article", [
                _tag("h2", [escape(title), _tag("span", "playable", class_="badge ok")]),
                _tag("div", pieces, class_="card-icons", aria_hidden="true") if pieces else "",
                _tag("p", escape(pitch), class_="pitch"),
                new_game_form(game_id),
            ], class_="card game playable", id=f"game-{game_id}", data_game=game_id))
        else:
            cards.append(_tag("article", [
                _tag("h2", [escape(title), _tag("span", "coming", class_="badge")]),
                _tag("p", escape(pitch), class_="pitch"),
                _tag("p", "Not playable yet: its rules engine is being built.", class_="soon"),
            ], class_="card game coming", id=f"game-{game_id}", data_game=game_id, aria_disabled="true"))
    return _tag("div", cards, class_="games")
