"""Online play on the page, without a DOM: opening a room, the lobby, the
online bar, and what the controller does when the relay speaks.

What it is for: ``controller.Controller`` delegates its online calls here
(:func:`open_room`, :func:`create_room`, :func:`take_online`, :func:`command`) so the shared
controller grows by a few lines only. A room's :class:`~netarcade.web.online.online.RemoteSession`
is put on screen with its game's own table and board (the same ones a local
game uses) once its first view arrives; before that, and until the game
starts, a card over the board shows the lobby (code, link, who has joined,
Start) or asks a visitor's name to join. The online bar above the board says
how the connection is, each seat's clock, who is a bot now, and at the end
whether the dice were verified.

What it is not: the protocol (``online``), DOM code (``app`` draws the HTML
made here) or rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.names import NAME_LIMIT, clean_name
from ...games import continues_online, get_game
from ..render.svg import el, escape
from ..pages import page_for
from ..session import HUMAN
from ..views import seat_mark

if TYPE_CHECKING:
    from .online import RemoteSession

__all__ = ["bar_html", "card_html", "command", "create_room", "missing", "online_seats", "open_room",
           "parse_fragment", "take_html", "take_online", "waiting_words"]

#: the storage key of the name this browser last played online under
NAME_KEY = "netarcade:name"


def parse_fragment(fragment: str) -> tuple[str | None, str | None]:
    """``online=CODE`` (``&name=...`` optional) -> (code, name)."""
    code = name = None
    for part in (fragment or "").lstrip("#").split("&"):
        key, _, value = part.partition("=")
        if key == "online":
            from .online import online_code  # the protocol: imported when a room is first named

            code = online_code(value)
        elif key == "name":
            from urllib.parse import unquote

            name = clean_name(unquote(value)) or None
    return code, name


def _session(control) -> RemoteSession:
    old = getattr(control, "remote", None)
    if old is not None:
        old.close()
    control.cancel_bots()
    control.table = None
    control.watching = False
    screen = control.screen
    from .online import RemoteSession  # the protocol: a local game's start does not compile it

    session = RemoteSession(screen.connect, screen.storage(), screen.later, now=control.clock,
                            listener=lambda what: _heard(control, session, what))
    control.remote = session
    return session


def open_room(control, code: str, name: str | None = None) -> None:
    """Open room ``code``: resume this browser's seat there, else watch it
    (and join with ``name``)."""
    session = _session(control)
    control.screen.show("game")
    session.open(code, name)
    control.screen.online(session)


def create_room(control, setup, name: str) -> None:
    """A new room for the new-game form's game, options and seats (the relay
    draws its own seed; ``name`` takes the first human seat)."""
    _remember_name(control, name)
    session = _session(control)
    control.screen.show("game")
    session.create(setup.game, list(setup.seats), dict(setup.options), name or "Player 1")
    control.screen.online(session)


def _remember_name(control, name: str | None) -> None:
    if name:
        try:
            control.screen.storage()[NAME_KEY] = clean_name(name)
        except Exception:  # storage refused (private modes): the name is only a convenience
            pass


def online_seats(seats) -> list[str]:
    """The seats of a local game taken online: as they were, but with at least
    two human seats (you, and whoever you send the link to): bot seats
    become human seats in seat order until there are two.

    >>> online_seats(("human", "search")), online_seats(("greedy", "human", "greedy"))
    (['human', 'human'], ['human', 'human', 'greedy'])
    >>> online_seats(("human", "human", "search"))
    ['human', 'human', 'search']
    """
    kinds = list(seats)
    for index, kind in enumerate(kinds):
        if kinds.count(HUMAN) >= 2:
            break
        kinds[index] = HUMAN
    return kinds


def take_online(control) -> None:
    """"Take it online" from a local game in progress (docs/relay.md): a
    game whose seed decides nothing hidden (``continues_online``: Backbone)
    carries on in the room from this move, seed and moves sent along; any
    other is dealt afresh by the relay with the same options and seats,
    since this page knows its seed and so every card to come. You keep
    your seat (the first human one); the lobby links back to the local game."""
    table = control.table
    local = getattr(table, "session", None)
    if local is None or getattr(local, "remote", False):
        return
    if local.over:
        table.message = "This game is over: start a new one online from Games."
        control.screen.render()
        return
    setup = local.setup
    seats = online_seats(setup.seats)
    mine = setup.humans[0] if setup.humans else 0
    carry = continues_online(get_game(setup.game))
    link = local.link()
    try:
        name = control.screen.storage().get(NAME_KEY) or ""
    except Exception:
        name = ""
    session = _session(control)
    control.screen.show("game")
    session.local_link, session.carried = link, ("position" if carry else "fresh")
    session.create(setup.game, seats, dict(setup.options), name or f"Player {mine + 1}", seat=mine,
                   seed=setup.seed if carry else None, actions=list(local.actions) if carry else None)
    control.screen.online(session)


def take_html(session) -> str:
    """The offer in the online bar of a local game in progress: "Take it
    online" (the page shows it only when a relay serves it)."""
    if getattr(session, "remote", False) or session.over:
        return ""
    game = get_game(session.setup.game)
    how = ("The relay holds the game, and the game carries on from this move." if continues_online(game)
           else "A fresh deal, same options and seats, held by the relay: this page knows its own seed, "
                "so it would know every card to come.")
    # one short line above the board (a phone has no room for more); the explanation opens on demand
    return "".join([
        el("button", "Take it online", type="button", class_="mini", data_cmd="online-take",
           aria_describedby="take-why"),
        el("details", [
            el("summary", "play someone else"),
            el("span", escape(how), id="take-why"),
        ], class_="take-note"),
    ])


def _heard(control, session: RemoteSession, what: str) -> None:
    """The relay said something: put its view on screen."""
    if getattr(control, "remote", None) is not session:
        return  # an old room this page has left
    if what == "frame" and session.ready:
        if control.table is None or control.table.session is not session or control.page.id != session.game_id:
            control.page = page_for(session.game_id)
            control.table = control.page.table(session)
            control.screen.mount(control.page)
            control.review = False
        control.changed()
    elif what == "refused" and control.table is not None:
        refusal = session.refused
        table = control.table
        table.refused = refusal.code
        engine = refusal.code not in ("stale", "game-over", "not-started", "offline")
        table.message = (f"Can't {table._describe(refusal.action)}: {refusal.message}."
                         if engine else f"{refusal.message[:1].upper()}{refusal.message[1:]}.")
        table.drop_picks()
        control.screen.render()
    elif control.table is not None:
        control.screen.render()
    control.screen.online(session)


def command(control, name: str, value: str | None = None) -> bool:
    """The online buttons (``data-cmd="online-..."``); True when handled."""
    if name == "online-take":
        take_online(control)
        return True
    session = getattr(control, "remote", None)
    if session is None or not name.startswith("online-"):
        return False
    if name == "online-start":
        session.start()
    elif name == "online-join":
        _remember_name(control, value)
        session.join(value or "Player")
    elif name == "online-back":
        session.back()
    elif name == "online-reconnect":
        session.reconnect_now()
    elif name == "online-watch":
        control.watching = True
    control.screen.online(session)
    return True


# --- HTML ---------------------------------------------------------------------------------

_CONN = {
    "connecting": "Connecting to the relay\u2026",
    "open": "Online",
    "reconnecting": "Reconnecting\u2026",
    "elsewhere": "This game is open in another tab.",
    "closed": "Game over: disconnected",
}


def _clock_text(seconds: float) -> str:
    whole = int(seconds + 0.999)
    return f"{whole // 60}:{whole % 60:02d}"


def bar_html(session: RemoteSession) -> str:
    """The online bar: connection, room code, each seat (clock, bot now,
    offline), and the dice check at the end."""
    conn = session.conn
    parts = [el("span", escape(_CONN.get(conn.state, conn.state)) + (
        f" (attempt {conn.attempt})" if conn.state == "reconnecting" and conn.attempt > 1 else ""),
        class_=f"conn conn-{conn.state}", data_conn=conn.state)]
    if conn.state == "elsewhere":
        parts.append(el("button", "Use this tab", type="button", class_="mini", data_cmd="online-reconnect"))
    if session.room:
        parts.append(el("span", ["Game code ", el("b", escape(session.room), class_="code")], class_="room"))
    names = session.names
    seats = []
    for seat in session.seats:
        index = seat["seat"]
        bits = [seat_mark(index, 10), el("span", escape(names[index]), class_="sname")]
        left = session.clock_left(index)
        if left is not None and not session.over:
            bits.append(el("span", _clock_text(left), class_="clock" + (" low" if left < 15 else ""),
                           data_clock=index))
        if seat["kind"] == HUMAN and seat.get("bot_now"):
            bits.append(el("span", "bot now", class_="badge warn", title=f"{seat.get('misses', 0)} missed turns: a bot plays this seat until its player acts"))
        elif seat["kind"] == HUMAN and seat.get("joined") and not seat.get("connected"):
            bits.append(el("span", "offline", class_="badge"))
        elif seat["kind"] == HUMAN and not seat.get("joined"):
            bits.append(el("span", "open seat", class_="badge"))
        seats.append(el("li", bits, class_=f"oseat p{index + 1}", data_seat=index))
    if seats:
        parts.append(el("ul", seats, class_="oseats"))
    mine = session.seat
    if mine is not None and session.seats and session.seats[mine].get("bot_now") and not session.over:
        parts.append(el("button", "Take my seat back", type="button", class_="mini", data_cmd="online-back"))
    if session.seat is None and session.ready:
        parts.append(el("span", "watching", class_="badge"))
    verdict = session.verdict
    if verdict is not None:
        said = "\u2713 dice verified" if verdict.ok else f"\u2717 dice NOT verified: {escape(verdict.message)}"
        parts.append(el("span", said, class_="verdict " + ("ok" if verdict.ok else "bad"), title=verdict.message,
                        data_verified="yes" if verdict.ok else "no"))
    return "".join(parts)


def waiting_words(session: RemoteSession) -> str:
    """What the page says while no view of the room has come yet
    (connecting, reconnecting...): the card's title and the status line."""
    return _CONN.get(session.conn.state, "Connecting\u2026")


def missing(session: RemoteSession) -> bool:
    """Did the relay answer that this room does not exist, or was removed
    (``expired``: docs/relay.md, "Room lifecycle"), before any view of it
    came or since? The page then shows no game at all, only the card."""
    return not session.ready and session.error is not None and session.error.code in ("no-room", "expired")


def card_html(session: RemoteSession, url: str, watching: bool = False, name: str = "") -> str:
    """The card over the board before the game starts: the lobby, or a
    visitor's join form; ``""`` when the board should show."""
    if not session.ready:
        if missing(session):
            return el("div", [
                el("h2", "No such game" if session.error.code == "no-room" else "This game is gone",
                   id="online-title"),
                el("p", escape(session.error.message), class_="detail"),
                el("div", [el("a", "Choose a game", href="#home", class_="button primary")], class_="actions"),
            ], class_="card error-card", role="alertdialog", aria_labelledby="online-title")
        return el("div", [
            el("h2", escape(waiting_words(session)), id="online-title"),
            el("p", escape(session.error.message if session.error else "The relay holds the game, the seed and the cards."),
               class_="detail"),
        ], class_="card online-card", aria_labelledby="online-title")
    if session.started or session.over:
        return ""
    names = session.names
    rows = []
    for seat in session.seats:
        index, kind = seat["seat"], seat["kind"]
        if kind != HUMAN:
            state = f"{kind} bot"
        elif seat.get("joined"):
            state = "joined" + ("" if seat.get("connected") else " (offline)")
        else:
            state = "waiting for a player"
        rows.append(el("li", [seat_mark(index), " ", el("b", escape(names[index])), " ",
                                el("span", escape(state), class_="sstate")],
                       data_seat=index, data_joined="yes" if seat.get("joined") or kind != HUMAN else "no"))
    parts = [
        el("h2", ["Online game ", el("span", escape(session.room or ""), class_="code", id="online-code")],
           id="online-title"),
        el("p", "Share the code or the link; whoever opens it picks a name and takes a free seat.", class_="detail"),
        el("div", [el("input", id="online-link", class_="link-field", readonly=True, value=url,
                           aria_label="Link to this online game"),
                     el("button", "Copy link", type="button", data_cmd="copy")], class_="share"),
        el("ul", rows, class_="lobby-seats"),
    ]
    if session.carried:
        words = ("Your game carries on here from move {}; online a move is final (no undo).".format(session.version)
                 if session.carried == "position" else
                 "A fresh deal with the same options and seats: your page knew the local game's seed, and so "
                 "every card to come, so the relay deals this one and holds the cards.")
        parts.insert(2, el("p", [escape(words), " ", el("a", "Back to the local game", href="#" + session.local_link)],
                           class_="detail carried", data_carried=session.carried))
    free = session.free_seats()
    if session.seat is not None:
        parts.append(el("p", "Start now or when everyone is in: an empty seat's turns run out on the clock "
                               "and a bot takes it over.", class_="detail"))
        parts.append(el("div", [el("button", "Start", type="button", class_="primary", data_cmd="online-start")],
                        class_="actions"))
    elif free and not watching:
        parts.append(el("form", [
            el("label", "Your name", for_="online-name"),
            # the name this browser used before (``NAME_KEY``), ready to send
            el("input", id="online-name", name="name", maxlength=str(NAME_LIMIT), autocomplete="nickname",
                  required=True, value=clean_name(name) or None),
            el("button", "Join", type="submit", class_="primary"),
            el("button", "Just watch", type="button", data_cmd="online-watch"),
        ], class_="joinseat"))
    else:
        parts.append(el("p", "Watching: the game starts when a player presses Start.", class_="detail"))
    return el("div", parts, class_="card online-card lobby", role="dialog", aria_labelledby="online-title")


def over_note(session: RemoteSession) -> str:
    """The dice check, for the game-over card."""
    verdict = session.verdict
    if verdict is None:
        return el("p", "Checking the dice\u2026", class_="verdict")
    return el("p", ("\u2713 dice verified: " if verdict.ok else "\u2717 ") + escape(verdict.message.removeprefix("dice verified: ")),
              class_="verdict " + ("ok" if verdict.ok else "bad"), data_verified="yes" if verdict.ok else "no")


def relay_url(location_protocol: str, host: str) -> str:
    """The WebSocket address of the relay on the page's own origin."""
    return f"{'wss' if location_protocol == 'https:' else 'ws'}://{host}/ws"


def join_values(values: dict[str, Any]) -> tuple[str | None, str]:
    """The home screen's join form: (code or None, name)."""
    from .online import online_code

    return online_code(str(values.get("code", ""))), clean_name(str(values.get("name", "")))
