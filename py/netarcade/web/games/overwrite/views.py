"""HTML text for Overwrite's panels: the banks and piece controls, players,
the envelope, the activity log, the rules help and the game-over card.

What it is for: pure functions from an :class:`~.table.OverwriteTable` to
HTML strings that ``app`` puts into the page with ``innerHTML``. Bank pieces
are buttons (``data-cmd="pick"`` with the piece in ``data-value``), drawn
small by the game's renderer (``render.piece_svg``); Turn, Flip, Reserve,
Defrag, Draw and Pass are ``data-cmd`` / ``data-tool`` buttons read by the
page's one delegated listener.

What it is not: DOM code, and not the board (``render.py``).
"""

from __future__ import annotations

from netarcade.games.overwrite.pieces import KIND, ORDER, RESERVE_LIMIT, SPECIAL_NAMES
from netarcade.web.games.overwrite.render import piece_svg
from netarcade.web.render.svg import el, escape
from netarcade.web.views import (activity_panel, log_list, over_actions, panel, player_head, round_history,
                                 rules_panel, seat_mark, stat)

from .table import OverwriteTable
from .tools import PERSONAL_LIMIT, cells, piece_label, play_name
from .words import unlock_goal

__all__ = ["RULES_HTML", "game_over", "panels", "side", "tool_panel"]

LOG_LIMIT = 120


def _bank_button(table: OverwriteTable, piece: str, index: int | None, offered: list[str], playable: set[str],
                 reservable: set[str]) -> str:
    name = play_name(piece)
    picked = table.selected_piece() == name and table.tool == "place"
    defrag = KIND.get(piece) == "df"
    may = name in {play_name(p) for p in offered}  # a second Anti-virus plays as the first
    usable = (may and (name in playable or name in reservable)) or (
        defrag and table.tool != "defrag" and table.defrag_ready())
    if defrag and table.tool == "defrag":
        picked = True
    label = piece_label(piece)
    notes = []
    if name in reservable:
        notes.append("yours: Reserve keeps it")
    if may and name not in playable and not defrag and KIND.get(piece) != "sf":
        notes.append("fits nowhere")
    title = label + (f" ({'; '.join(notes)})" if notes else "")
    drawn = (piece_svg(piece, 11, cells(table.shape(), table.orient()) if picked and table.orient() else None, label)
             if KIND.get(piece) not in ("df", "sf") else piece_svg(piece, 9, None, label))
    key = el("kbd", str(index), aria_hidden="true") if index is not None and index <= 9 else ""
    shown = name if KIND.get(piece) == "data" else SPECIAL_NAMES[KIND[piece]]
    # named by its visible id, then what it is ("1I3: P1 I3 (3 blocks)"); the drawing and the key are not read
    said = title[len(shown):] if title.startswith(shown) else f": {title}"
    return el("button", [el("span", drawn, aria_hidden="true"), key, el("small", escape(shown)),
                           el("span", escape(said), class_="sr-only") if said else ""],
              type="button", class_="bankpiece" + (" on" if picked else "") + ("" if usable else " off")
              + (" mine" if name in reservable else ""),
              data_cmd="pick", data_value=piece, aria_pressed="true" if picked else "false",
              aria_disabled=None if usable else "true", title=title,
              aria_keyshortcuts=str(index) if key else None)


def _act(label: str, key: str, cmd: str, *, on: bool = True, pressed: bool | None = None, tool: bool = False,
         title: str = "") -> str:
    return el("button", [el("span", escape(label), class_="blabel"), el("kbd", escape(key)) if key else ""],
              type="button", class_="act" + ("" if on else " off") + (" on" if pressed else ""),
              data_tool=cmd if tool else None, data_cmd=None if tool else cmd,
              aria_pressed=None if pressed is None else ("true" if pressed else "false"),
              aria_disabled=None if on else "true", aria_keyshortcuts=key or None, title=title or None)


def tool_panel(table: OverwriteTable) -> str:
    """The envelope, the community bank, your own bank and the piece controls (``#tools``)."""
    session = table.session
    view = table.view()
    human = session.is_human_turn()
    offered = table.offered() if human else []
    playable = set(table.playable()) if human else set()
    reservable = set(table.reservable()) if human else set()
    numbers = {piece: i + 1 for i, piece in enumerate(offered)}
    bank = sorted(view["bank"], key=ORDER.__getitem__)
    drawing = human and view["phase"] == "draw"
    bank_buttons = [_bank_button(table, piece, None if drawing else numbers.get(piece), offered, playable, reservable)
                    for piece in bank]
    count = view["envelope"]["count"]
    kinds = view["envelope"]["kinds"]
    specials = ", ".join(f"{SPECIAL_NAMES[k]} {n}" for k, n in sorted(kinds.items()) if k in SPECIAL_NAMES)
    head = el("h3", ["Bank", el("span", f"envelope {count}", class_="limit",
                                    title=f"pieces left in the envelope; specials: {specials or 'none'}")])
    parts = [head, el("div", bank_buttons or [el("p", "empty", class_="empty")], class_="bank",
                      role="group", aria_label="Community bank")]
    seat = table.human_seat()
    if seat is not None:
        mine = view["personal"][seat]
        own = [_bank_button(table, piece, numbers.get(piece) if drawing else None, offered, playable, reservable)
               for piece in mine]
        parts.append(el("h3", ["Your bank", el("span", f"{len(mine)}/{PERSONAL_LIMIT}", class_="limit",
                                                   title=f"pieces of your colour with at most {RESERVE_LIMIT} blocks")]))
        parts.append(el("div", own or [el("p", "empty: Reserve keeps one of your pieces (4 blocks at most)",
                                              class_="empty")], class_="bank own", role="group",
                        aria_label="Your bank"))
    picked = table.selected_piece() is not None and table.orient() is not None
    can_draw = human and bool(table.continuing("draw"))
    can_pass = human and bool(table.continuing("pass"))
    name = table.selected_piece() if table.tool == "place" else None
    buttons = [
        _act("Turn", "R", "rotate", on=picked, title="Turn the piece a quarter clockwise (R)"),
        _act("Flip", "F", "flip", on=picked, title="Mirror the piece (F)"),
        _act("Reserve", "V", "reserve", on=name in reservable,
             title=f"Keep the picked piece of your colour in your bank (at most {RESERVE_LIMIT} blocks, {PERSONAL_LIMIT} pieces)"),
        _act("Defrag", "M", "defrag", on=table.defrag_ready(), pressed=table.tool == "defrag",
             tool=True, title="Use the Defrag: move an uncovered piece (M)"),
    ]
    if drawing:
        buttons.insert(0, _act("Draw", "D", "draw", on=can_draw, title="Draw a piece into the bank (D)"))
    if can_pass:
        buttons.append(_act("Pass", "P", "pass", title="Nothing fits or can be kept: pass (P)"))
    parts.append(el("div", buttons, class_="acts", role="toolbar", aria_label="Piece controls"))
    return el("section", parts, class_="owp bank-panel", id="ow-bank", aria_label="Banks and piece controls")


def players_panel(table: OverwriteTable) -> str:
    """Each seat: its colour and shape, largest chunk, cells on top, its own bank."""
    session = table.session
    view = table.view()
    rows = []
    for seat, name in enumerate(session.names):
        active = view["current"] == seat and not view["over"]
        winner = view["over"] and seat in view["winners"]
        kind = session.setup.seats[seat]
        flag = "\u25b6 to move" if active else "winner" if winner else ""
        own = "".join(piece_svg(piece, 6, None, piece_label(piece)) for piece in view["personal"][seat])
        rows.append(el("li", [
            player_head(seat, name, kind, flag),
            el("dl", [
                stat("chunk", view["scores"][seat],
                     title="largest connected group of your colour seen from above: the score"),
                stat("on top", view["visible"][seat], title="cells of your colour seen from above (breaks ties)"),
                el("div", [el("dt", "bank"), el("dd", own or "\u2013", class_="minis")]),
            ]),
        ], class_=f"player p{seat + 1}" + (" active" if active else "") + (" winner" if winner else ""),
            data_seat=seat, aria_current="true" if active else None))
    note = ("Stacking is allowed: any piece may cover others (never Encrypted data)." if view["unlocked"] else
            f"No stacking yet: pieces touch the chain until it {unlock_goal(view)}.")
    return el("ul", rows, class_="players") + el("p", note, class_="bonus-note")


def envelope_panel(table: OverwriteTable) -> str:
    """What is left in the envelope, by kind (never its order)."""
    view = table.view()
    names = table.session.names
    kinds = view["envelope"]["kinds"]
    items = []
    for seat in range(view["players"]):
        n = kinds.get(f"colour{seat + 1}", 0)
        items.append(el("li", [seat_mark(seat), f" {escape(names[seat])}", el("b", str(n))]))
    for kind, label in SPECIAL_NAMES.items():
        if kinds.get(kind):
            items.append(el("li", [escape(label), el("b", str(kinds[kind]))], class_=f"sp-{kind}"))
    return el("p", f"{view['envelope']['count']} pieces left; the System Fail ends the game when drawn.",
              class_="hnote") + el("ul", items, class_="envelope")


def log_panel(table: OverwriteTable) -> str:
    entries = table.session.log
    if not entries:
        return el("p", f"Game started with {len(table.session.names)} players. "
                         "The first draw is automatic.", class_="empty")
    return log_list(table, entries, LOG_LIMIT)


def panels(table: OverwriteTable) -> dict[str, str]:
    return {
        "tools": tool_panel(table),
        "players": players_panel(table),
        "ow-envelope": envelope_panel(table),
        "log": log_panel(table),
    }


RULES_HTML = (
    "<p><b>Goal.</b> When someone draws the <b>System Fail</b>, the game ends: the largest connected "
    "chunk of your colour seen from above wins (corners do not connect; ties: most cells on top). "
    "It is mixed into the envelope with the pieces, so any draw after the first piece may bring it, "
    "in the first round as well as the last: keep your chunk as large as you can from the start. "
    "(A game set up with the printed end rule ends at any draw of it, even before the first piece.)</p>"
    "<p><b>A turn.</b> A piece is drawn from the envelope into the shared bank (automatic), then you "
    "place <b>any</b> piece of the bank, of any colour, or a special; or keep one of your colour with at "
    f"most {RESERVE_LIMIT} blocks in your own bank ({PERSONAL_LIMIT} at most) instead. With pieces in your "
    "own bank you may play one of them <b>instead of drawing</b>. If nothing in the bank can be placed or "
    "kept, you pass and the piece you drew leaves the game: every turn starts with as many pieces in the "
    "bank as there are players.</p>"
    "<p><b>Placing.</b> Pieces turn and flip. The first piece lies against a side of the blue boundary; "
    "each next one must touch the chain, without overlapping, until the chain joins that side to the "
    "<b>side opposite it</b> (a first piece in a corner: either way across). "
    "From then on a piece may go anywhere inside, over anything but Encrypted data: cover rival chunks "
    "to cut them.</p>"
    "<p><b>Specials.</b> <b>Anti-virus</b> (one block): every uncovered piece touching it leaves the game, "
    "any colour, then it leaves too. <b>Encrypted data</b> (2x2, hatched, padlock): nothing may ever cover "
    "it; it scores for nobody. <b>Defrag</b>: move one uncovered piece elsewhere (it may turn).</p>"
    "<p><b>Controls.</b> Click a piece in the bank (<kbd>1</kbd>-<kbd>9</kbd>), turn it <kbd>R</kbd>, flip "
    "it <kbd>F</kbd>; the cells where it fits are lit and point at one to see the piece there (red: it "
    "does not fit; clicking says why). Click to place: the block under the pointer goes there. "
    "<kbd>V</kbd> reserve, <kbd>M</kbd> Defrag, <kbd>D</kbd> draw, <kbd>P</kbd> pass, <kbd>U</kbd> undo, "
    "<kbd>Esc</kbd> put back. Keyboard: <kbd>Tab</kbd> to a lit cell and <kbd>Enter</kbd>, or the arrow "
    "keys and <kbd>K</kbd>.</p>"
    "<p class=\"more\">A number on a cell is its stack height. Notation in the log: <code>p1 place 1L4 r1f "
    "c4</code> (piece, quarter turns, f = flipped, top-left cell), <code>p2 defrag 2T4 r2 f6</code>, "
    "<code>p1 reserve 1L3</code>. Local game: everything runs in this browser. These are rules edition 3; "
    "a link to an older game keeps the rules it was played with (stacking after any two opposite sides "
    "were joined, a passed piece kept in the bank).</p>"
)


def side(table: OverwriteTable | None = None) -> str:
    players = players_panel(table) if table is not None else ""
    envelope = envelope_panel(table) if table is not None else ""
    log = log_panel(table) if table is not None else ""
    return (panel("players", "Players", players) + panel("envelope", "Envelope", envelope, "ow-envelope")
            + activity_panel(log) + rules_panel("overwrite", "Overwrite", RULES_HTML))


def game_over(table: OverwriteTable) -> str:
    """The shared game-over card's parts, with the largest chunk per turn (no target line)."""
    from netarcade.web.render.chart import score_chart

    session = table.session
    view = table.view()
    headline, detail = table.result()
    history = round_history(table, view["history"]) or [[0] * len(session.names)]
    chart = score_chart(history, session.names, 480, 220, y_label="LARGEST CHUNK", x_label="ROUND")
    buttons = over_actions(session)
    return el("div", [
        el("h2", escape(headline), id="result-title"),
        el("p", escape(detail), class_="detail", id="result-detail"),
        el("figure", [chart, el("figcaption", "Largest chunk at the end of each round")], class_="chart"),
        el("div", buttons, class_="actions"),
    ], class_="card over-card", role="dialog", aria_labelledby="result-title",
              aria_describedby="result-detail")

