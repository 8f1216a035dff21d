"""HTML text the page shares: helpers, the side column, the activity log's
lines, the game-over card, the link-error card, the home screen and its forms.

What it is for: pure functions from a session/table to HTML strings, which
``app`` puts into the page with ``innerHTML`` (and ``shell`` into the app
shell at build time, so the first paint already shows them). Buttons carry
``data-tool`` / ``data-cmd`` attributes that one delegated listener reads.

What it is not: DOM code, a game's own panels (``web/games/<id>/views.py``)
or the board (each game's ``render.py`` draws that). Every text a player
typed or a link carried is escaped.
"""

from __future__ import annotations

from typing import Any

from ..core.names import NAME_LIMIT
from ..games import get_game
from .render.palette import PLAYERS
from .render.svg import el, escape, shape
from .pages import all_pages, is_playable, page_for
from .newgame import form_fields
from .session import BOT_LEVELS, HUMAN, linked_game

__all__ = [
    "gamebar_extras",
    "game_over",
    "over_actions",
    "home",
    "play_now",
    "resume_label",
    "link_error",
    "log_items",
    "log_list",
    "pace_label",
    "resign_card",
    "rules_panel",
    "new_game_form",
    "activity_panel",
    "panel",
    "player_head",
    "stat",
    "seat_mark",
    "side_column",
    "tab_title",
]

_SEAT_LABEL = {HUMAN: "Human", "random": "Bot: random", "learner": "Bot: learner (gentle)", "greedy": "Bot: greedy",
               "search": "Bot: search"}


def seat_mark(seat: int, size: int = 14) -> str:
    """The seat's colour and shape cue, as a small inline SVG."""
    style = PLAYERS[seat % len(PLAYERS)]
    return el("svg", shape(style.shape, 0, 0, 6, {"fill": style.color}), class_=f"mark p{seat + 1}",
              viewBox="-8 -8 16 16", width=size, height=size, aria_hidden="true", focusable="false")


def player_head(seat: int, name: str, kind: str, flag: str) -> str:
    """The head of a seat's row in a game's Players panel: its mark, its
    name, who plays it (``kind``: a bot's name, or "human") and its ``flag``
    ("\u25b6 to move", "winner"...); the texts are escaped."""
    return el("div", [seat_mark(seat), el("span", escape(name), class_="pname"),
                      el("span", escape(kind if kind != HUMAN else "human"), class_="pkind"),
                      el("span", escape(flag), class_="pflag")], class_="phead")


def stat(term: str, value: Any, of: Any = None, **attributes: Any) -> str:
    """One figure of a seat's row in a Players panel, as a ``<dl>``'s entry:
    ``term`` and ``value``, "/``of``" in small type when there is a most
    (``7/10``); ``attributes`` go on the entry (``title``, ``class_``).

    >>> stat("BW", 7, 12, title="bandwidth")
    '<div title="bandwidth"><dt>BW</dt><dd>7<small>/12</small></dd></div>'
    """
    most = "" if of is None else el("small", f"/{escape(of)}")
    return el("div", [el("dt", escape(term)), el("dd", escape(value) + most)], **attributes)


# --- the game screen ---------------------------------------------------------------


def round_label(round_number: int) -> str:
    """The log's mark of a round ("R3"); the setup before the first round is "set"."""
    return f"R{round_number}" if round_number else "set"


def log_items(table, entries) -> list[str]:
    """One ``<li>`` per logged action: the round (on its first action, the
    same numbering as the status line: ``Table.rounds``), the seat's mark,
    the notation, and what the action did."""
    items = []
    last = None
    rounds = table.rounds()
    for entry in entries:
        notes = table.event_notes(entry.events)
        number = rounds.get(entry.turn, 0)
        turn = el("span", round_label(number) if number != last else "", class_="lt")
        last = number
        items.append(el("li", [
            turn, seat_mark(entry.seat, 10), el("code", escape(entry.text)),
            el("span", escape(", ".join(notes)), class_="note") if notes else "",
        ], class_=f"p{entry.seat + 1}", data_index=entry.index))
    return items


def round_history(table, history) -> list:
    """The scores at the end of each round (``Table.rounds``), from the engine's
    history of every turn: the game-over chart counts in the unit its card says
    ("after 18 rounds"), not in the engines' turns (issue 39: an axis of 35 turns)."""
    last: dict[int, Any] = {}
    for turn, number in sorted(table.rounds().items()):
        if number > 0 and 0 < turn <= len(history):
            last[number] = history[turn - 1]
    return [last[number] for number in sorted(last)] or list(history)


def log_list(table, entries, limit: int | None = None) -> str:
    """The activity log's list: :func:`log_items` of the last ``limit``
    entries (all of them without one), after a line saying how many
    earlier ones are left out."""
    shown = entries if limit is None else entries[-limit:]
    items = []
    if len(entries) > len(shown):
        items.append(el("li", f"\u2026 {len(entries) - len(shown)} earlier actions (the link keeps them all)",
                        class_="more"))
    items.extend(log_items(table, shown))
    return el("ol", items, class_="log")


def over_actions(session: Any) -> list[str]:
    """The game-over card's buttons, the same in every game: Replay steps
    through the game (an online one once its record is revealed and verified).
    In an embed the card offers the frame's ways on: Play again, Review board,
    Undo, and the finished game opened in the full arcade (Replay and the rest
    are there). A finished lesson (``web/learn.py``) offers the real game."""
    remote = getattr(session, "remote", False)
    replayable = not remote or session.record_setup() is not None
    lesson = getattr(session, "lesson_mode", False)
    return [
        el("p", escape(session.lesson.closing), class_="lesson-done") if lesson else "",
        el("button", "Play a real game: you against the gentle bot" if lesson else "Play again", type="button",
           class_="primary", data_cmd="rematch"),
        el("button", "Replay", type="button", data_cmd="replay", title="Step through the game move by move",
           hidden=not replayable, class_="not-embed"),
        el("button", "Review board", type="button", data_cmd="review"),
        el("button", "Undo", type="button", data_cmd="undo", disabled=not session.can_undo()),
        el("button", "Copy link", type="button", data_cmd="copy", class_="not-embed"),
        el("a", "Other games", href="#home", class_="button not-embed"),
        "" if remote else el("a", "Open in arcade \u2197", href="./#" + session.link(), class_="button embed-only",
                             target="_blank", rel="noopener"),
    ]


def game_over(table: Any, y_label: str, caption: str) -> str:
    """The game-over card of any game's table: result (``table.result()``),
    the score chart of every turn, what next."""
    from .render.chart import score_chart  # only a finished game needs it

    session = table.session
    view = session.view()
    headline, detail = table.result()
    history = round_history(table, view["history"]) or [[0] * len(session.names)]
    chart = score_chart(history, session.names, 480, 220, target=view["options"]["target"], y_label=y_label,
                        x_label="ROUND")
    buttons = over_actions(session)
    return el("div", [
        el("h2", escape(headline), id="result-title"),
        el("p", escape(detail), class_="detail", id="result-detail"),
        el("figure", [chart, el("figcaption", escape(caption))], class_="chart"),
        el("div", buttons, class_="actions"),
    ], class_="card over-card", role="dialog", aria_labelledby="result-title",
              aria_describedby="result-detail")


def side_column(game_id: str, players_title: str, game_title: str, rules_html: str,
                players: str = "", costs: str = "", log: str = "") -> str:
    """A game's side column: players, build costs (with Hide), activity,
    rules; the panels' HTML is given when there is a table to show."""
    return (panel("players", players_title, players) + panel("costs", "Build costs", costs, hide=True)
            + activity_panel(log) + rules_panel(game_id, game_title, rules_html))


def panel(key: str, heading: str, body: str, body_id: str | None = None, hide: bool = False) -> str:
    """One panel of a side column: a section headed ``heading`` (``#h-<key>``)
    around the box ``#<body_id or key>`` holding ``body`` (HTML); with
    ``hide``, the panel (``#<key>-panel``) has a Hide button that folds it."""
    head = escape(heading)
    if hide:
        head += " " + el("button", "Hide", type="button", class_="mini", data_cmd=key, aria_expanded="true",
                         aria_controls=key)
    return el("section", [el("h2", head, id=f"h-{key}"), el("div", body, id=body_id or key)],
              class_="panel", id=f"{key}-panel" if hide else None, aria_labelledby=f"h-{key}")


def activity_panel(log: str = "") -> str:
    """The side column's Activity panel around the log's lines (``log``, HTML)."""
    return el("section", [
        el("h2", "Activity", id="h-log"),
        el("div", log, id="log", class_="logbox", tabindex=0, aria_label="Moves so far, in notation"),
    ], class_="panel log-panel", aria_labelledby="h-log")


def pace_label(pace: str) -> str:
    """The pace button's text: what the bots' pace is now (a click takes the next)."""
    return f"Bots: {escape(pace)}"


def gamebar_extras() -> str:
    """The game bar's pace button (normal, fast, instant; remembered), Hint, Replay and Resign."""
    return (el("button", pace_label("normal"), type="button", id="pace", class_="not-embed", data_cmd="pace",
               title="How long each bot move stays on screen: normal, fast or instant")
            + el("button", 'Hint <kbd>I</kbd>', type="button", id="hint", class_="not-embed", data_cmd="hint",
                 aria_keyshortcuts="I", hidden=True,
                 title="The search bot's suggestion for your decision (local games only; the game-over card says so)")
            + el("button", "Replay", type="button", id="replay-open", class_="not-embed", data_cmd="replay",
                 title="Step through the game move by move", hidden=True)
            + el("button", "Resign", type="button", id="resign", class_="not-embed danger", data_cmd="resign",
                 hidden=True))


#: what the resign card says about taking it back, locally and online (no undo there)
UNDO_NOTE = " Undo takes it back."
ONLINE_NOTE = " Online it is final: there is no undo."


def resign_card(name: str, page: Any, online: bool = False) -> str:
    """The confirmation before ``name`` resigns, with what resigning means in
    this game; online the relay plays it for everyone and nothing takes it back."""
    who = "you" if name == "You" else name
    note = page.resign_note
    if online:
        note = note.replace(UNDO_NOTE, "") + ONLINE_NOTE
    return el("div", [
        el("h2", escape(f"Resign this game{'' if who == 'you' else ' for ' + who}?"), id="resign-title"),
        el("p", escape(note), class_="detail", id="resign-note"),
        el("div", [
            el("button", "Resign", type="button", class_="primary danger", data_cmd="resign-yes"),
            el("button", "Keep playing", type="button", data_cmd="resign-no", autofocus=True),
        ], class_="actions"),
    ], class_="card resign-card", role="alertdialog", aria_labelledby="resign-title",
              aria_describedby="resign-note")


def tab_title(page: Any, broken_game: str | None = None) -> str:
    """The browser tab's title on the game view: the game on screen, else the
    game a broken link names, else the arcade alone ("netarcade")."""
    if page is None and broken_game is not None:
        page = page_for(broken_game)
    return "netarcade" if page is None else f"netarcade: {page.title}"


def link_error(message: str) -> str:
    """A card for a link that does not open, with ways out."""
    return el("div", [
        el("h2", "This link does not open a game", id="link-error-title"),
        el("p", escape(message), class_="detail", id="link-error-detail"),
        el("p", "The link may have been cut short or edited. Nothing was loaded."),
        el("div", [
            el("button", "Start a new game", type="button", class_="primary", data_cmd="fresh"),
            el("a", "Choose a game", href="#home", class_="button"),
        ], class_="actions"),
    ], class_="card error-card", role="alertdialog", aria_labelledby="link-error-title",
              aria_describedby="link-error-detail")


# --- the home screen ------------------------------------------------------------------


def _field(game_id: str, name: str, label: str, control: str, help_text: str = "") -> str:
    return el("div", [
        el("label", escape(label), for_=f"f-{game_id}-{name}"),
        control,
        el("small", escape(help_text), class_="help") if help_text else "",
        el("small", "", class_="err", id=f"err-{game_id}-{name}", aria_live="polite"),
    ], class_="field", data_field=name)


def _seat_fields(game_id: str, players: int, seats: int) -> str:
    """One select per seat (``seats`` of them); those beyond ``players`` are
    hidden until the player count asks for them (``app`` shows them)."""
    seat_fields = []
    for seat in range(seats):
        default = HUMAN if seat == 0 else "search"
        options = [el("option", escape(_SEAT_LABEL[kind]), value=kind, selected=kind == default)
                   for kind in (HUMAN, *BOT_LEVELS)]
        seat_fields.append(el("div", [
            el("label", [seat_mark(seat), f" P{seat + 1}"], for_=f"f-{game_id}-seat{seat + 1}"),
            el("select", options, id=f"f-{game_id}-seat{seat + 1}", name=f"seat{seat + 1}"),
            el("small", "", class_="err", id=f"err-{game_id}-seat{seat + 1}", aria_live="polite"),
        ], class_="field seat", data_field=f"seat{seat + 1}", data_seat=seat + 1, hidden=seat >= players))
    legend = "Players" if seats == players else "Who plays (human or bot level)"
    return el("fieldset", [el("legend", legend), *seat_fields], class_="seats")


def new_game_form(game_id: str) -> str:
    """The new-game form: seed, who plays each seat, the game's own options
    (from ``game.options.to_data()``). A game whose player count is an
    option (Net Control: 2-6) gets a select for every possible seat, the
    ones beyond the chosen count hidden."""
    game = get_game(game_id)
    players = game.options.by_name["players"].default if "players" in game.options.by_name else game.min_players
    fields = form_fields(game_id)
    page = page_for(game_id)
    order = page.field_order
    if order:
        fields.sort(key=lambda option: order.index(option["name"]) if option["name"] in order else len(order))
    variable = any(option["name"] == "players" for option in fields)
    parts = [_field(game_id, "seed", "Seed", el(
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
            control = el("input", id=fid, name=name, type="number", inputmode="numeric",
                            min=option["min"], max=option["max"], value=option["default"],
                            aria_describedby=f"err-{game_id}-{name}")
            help_text = f"{option['help']} ({option['min']}-{option['max']})"
        elif option["type"] == "choice":
            control = el("select", [
                el("option", escape(choice), value=choice, selected=choice == option["default"])
                for choice in option["choices"]
            ], id=fid, name=name)
            help_text = option["help"]
        else:
            control = el("input", id=fid, name=name, type="checkbox",
                            checked=bool(option["default"]))
            help_text = option["help"]
        label = page.form_labels.get(name, name.capitalize())
        parts.append(_field(game_id, name, label, control, help_text))
    if variable:
        parts.append(seats)
    parts.append(el("div", [
        el("button", f"Start {escape(game.title)}", type="submit", class_="primary", value="local"),
        el("button", "Take it online", type="submit", value="online", class_="online-only"),
    ], class_="actions"))
    return el("form", parts, class_="newgame", data_game=game_id, novalidate=True,
              aria_label=f"New {game.title} game")


def setup(game_id: str) -> str:
    """The new-game form folded under "Set up a game" (docs/web.md, "Home
    screen"): "Play now" is the first choice, and four open forms made the
    home screen 3,500 px tall on a phone."""
    return el("details", [
        el("summary", ["Set up a game", el("span", "seats, bots, seed, options", class_="setup-what")]),
        new_game_form(game_id),
    ], class_="setup", id=f"setup-{game_id}")


def play_now(page: Any) -> str:
    """A game's "Play now": a plain link (``#play=<id>``: you against search
    bots with the default options and a random seed), so it works before
    Python is up (index.html shows the game's board at once) and in history."""
    game = get_game(page.id)
    players = game.options.by_name["players"].default if "players" in game.options.by_name else game.min_players
    rivals = "the search bot" if players == 2 else f"{players - 1} search bots"
    return el("div", [
        el("a", "Play now", href=f"#play={page.id}", class_="button primary play-now",
           aria_label=f"Play now: {page.title}, you against {rivals}"),
        glance_button(page),
        el("span", f"you against {rivals}; or set up your own game below", class_="play-note"),
    ], class_="play-row")


def learn_link(page: Any) -> str:
    """A game's "Learn" link (``#learn=<id>``, ``web/learn.py``) when it has a lesson."""
    from .learn import has_lesson

    if not has_lesson(page.id):
        return ""
    return el("div", [
        el("a", "Learn", href=f"#learn={page.id}", class_="button learn",
           aria_label=f"Learn {page.title}: a guided first game"),
        el("span", "a guided first game, a few minutes", class_="play-note"),
    ], class_="play-row learn-row")


def glance_button(page: Any) -> str:
    """A game's "Rules at a glance" link (``#glance=<id>``, ``web/glance.py``)
    when it has a rules card: beside Play now on its home-screen card."""
    from .glance import glance_for, glance_link

    if glance_for(page.id) is None:
        return ""
    return el("a", "Rules at a glance", href=f"#{glance_link(page.id)}", class_="button glance",
              aria_label=f"{page.title}: the rules at a glance, in one picture")


def rules_panel(game_id: str, game_title: str, rules_html: str) -> str:
    """A game's folded rules panel in its side column, opening with the way
    to its rules card (``#glance=<id>``: one picture) when it has one."""
    from .glance import glance_for, glance_link

    card = ""
    if glance_for(game_id) is not None:
        card = el("p", [el("a", "Rules at a glance", class_="button", href=f"#{glance_link(game_id)}"), " ",
                        el("span", "the goal, a turn and the pieces in one picture", class_="play-note")],
                  class_="glance-link")
    return el("details", [el("summary", el("h2", f"How to play {escape(game_title)}")),
                          el("div", card + rules_html, class_="rules-body")], class_="panel rules", id="rules")


def resume_label(link: str) -> str:
    """The home screen's way back to a game in progress, naming the game."""
    game_id = linked_game(link)
    return f"Back to your {page_for(game_id).title} game" if game_id else "Back to your game"


def home() -> str:
    """Every game of the arcade (``web/games``, in menu order): the ones the
    page can play with their new-game form, the others marked as coming."""
    cards = []
    for page in all_pages():
        game_id, title, pitch = page.id, page.title, page.pitch
        if is_playable(game_id):
            pieces = page.card_icons()
            cards.append(el("article", [
                el("h2", [escape(title), el("span", "playable", class_="badge ok")]),
                el("div", pieces, class_="card-icons", aria_hidden="true") if pieces else "",
                el("p", [el("b", "Goal:"), " ", escape(page.goal)], class_="goal") if page.goal else "",
                el("p", escape(pitch), class_="pitch"),
                play_now(page),
                learn_link(page),
                setup(game_id),
            ], class_="card game playable", id=f"game-{game_id}", data_game=game_id))
        else:
            cards.append(el("article", [
                el("h2", [escape(title), el("span", "coming", class_="badge")]),
                el("p", escape(pitch), class_="pitch"),
                el("p", "Not playable yet: its rules engine is being built.", class_="soon"),
            ], class_="card game coming", id=f"game-{game_id}", data_game=game_id, aria_disabled="true"))
    # online only: the one name field of the home screen, the name a form's "Take it online" and the
    # Join form sit you under (issue 39: Join had a second one)
    cards.insert(0, el("section", [
        el("label", "Your name for online games", for_="player-name"),
        el("input", id="player-name", name="player", maxlength=str(NAME_LIMIT), autocomplete="nickname",
              placeholder="Player 1"),
        el("small", "Take it online or join a game: you play under this name. Taking it online, you sit in "
                      "the first Human seat; the other Human seats are for the people you send the link to. "
                      "The relay holds the cards and the dice.", class_="help"),
    ], class_="card online-name online-only"))
    cards.append(el("section", [  # online only, like the form's "Take it online"
        el("h2", "Join an online game"),
        el("form", [
            el("div", [el("label", "Game code", for_="join-code"),
                         el("input", id="join-code", name="code", maxlength="6", autocomplete="off",
                               placeholder="K7Q2MX", spellcheck="false")], class_="field"),
            el("small", "You join under your name for online games, at the top of this page.", class_="help"),
            el("small", "", class_="err", aria_live="polite"),
            el("div", [el("button", "Join", type="submit", class_="primary")], class_="actions"),
        ], class_="joinroom", aria_label="Join an online game"),
    ], class_="card join-card online-only", id="join-online"))
    return el("div", cards, class_="games")
