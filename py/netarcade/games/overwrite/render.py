"""Overwrite's board as SVG text, from a view and optional UI hints.

What it is for: :func:`render_board` turns ``Overwrite.view(...)`` (plain
data) into one self-contained SVG string: the 10x10 grid with the playing
area's boundary in bright blue (O3), the top colour of every cell with its
player's shape cue (colour-blind safe) and, from height 2 up, the stack
height, every piece outlined, Encrypted data hatched, and a strip below the
board with the envelope count, the community bank and each personal bank
drawn as small pieces. Not here: what is legal (the UI asks the engine and
passes the answer in as hints) or any DOM.

Hints (all optional): ``cells`` maps a cell name to a highlight kind
(``"build"``, ``"hack"``...: ``palette.HIGHLIGHT``), ``actions`` maps a
cell name to the notation a click on it plays, ``ghost`` is a list of cell
names drawn as the piece about to be placed, ``ghost_ok`` says whether that
placement is legal, ``focus`` is the keyboard cursor's cell and ``groups``
(True) outlines each seat's largest group (the game-over card).

Markup: each cell is ``<g class="cell ..." data-cell="c4">``; a cell with
an action also has ``data-action``, ``role="button"`` and ``tabindex="0"``.
The output is deterministic.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...render.palette import HIGHLIGHT, PLAYERS, THEME
from ...render.svg import el, escape, fmt, shape, svg_document, text
from .board import COLUMNS, WIDTH, parse_cell
from .pieces import ALL_SHAPES, COLOUR, KIND, SHAPE

CELL = 36.0
MARGIN = 22.0
BOUNDARY_BLUE = "#2fa8ff"
ENC_GREY = "#8b95a5"
STRIP = 96.0


def _xy(cell: int) -> tuple[float, float]:
    row, col = divmod(cell, WIDTH)
    return MARGIN + col * CELL, MARGIN + row * CELL


def _style() -> str:
    return el("style", (
        f".ow-board{{font-family:{THEME['font']};}}"
        f".ow-board .label{{fill:{THEME['text-dim']};font-size:10px;text-anchor:middle;}}"
        f".ow-board .height{{fill:#000;font-size:10px;font-weight:bold;}}"
        f".ow-board .caption{{fill:{THEME['text']};font-size:11px;}}"
        ".ow-board [data-action]{cursor:pointer;}"
    ))


def _defs() -> str:
    hatch = el("pattern", [el("rect", None, width=6, height=6, fill=ENC_GREY),
                           el("path", None, d="M0 6L6 0", stroke="#3c4450", stroke_width=1.5)],
               id="ow-enc", width=6, height=6, patternUnits="userSpaceOnUse")
    return el("defs", hatch)


def _top(stack: list[str]) -> str | None:
    return stack[-1] if stack else None


def _cell(cell: int, stack: list[str], inside: bool, hint: str | None, action: str | None) -> str:
    x, y = _xy(cell)
    top = _top(stack)
    name = f"{COLUMNS[cell % WIDTH]}{cell // WIDTH + 1}"
    parts = []
    if top is None:
        fill = THEME["cell"] if inside else THEME["bg"]
        parts.append(el("rect", None, x=x, y=y, width=CELL, height=CELL, fill=fill,
                        stroke=THEME["grid-soft"], stroke_width=0.5))
    elif KIND.get(top) == "enc":
        parts.append(el("rect", None, x=x, y=y, width=CELL, height=CELL, fill="url(#ow-enc)"))
    else:
        colour = COLOUR.get(top)
        style = PLAYERS[colour % len(PLAYERS)] if colour is not None else None
        fill = style.color if style else THEME["neutral"]
        parts.append(el("rect", None, x=x, y=y, width=CELL, height=CELL, fill=fill))
        if style:
            parts.append(shape(style.shape, x + CELL / 2, y + CELL / 2, CELL * 0.13,
                               {"fill": style.fill, "opacity": 0.55}))
    if len(stack) > 1:
        # height cue: a darker corner tab with the count, so it reads without colour
        parts.append(el("rect", None, x=x + 1, y=y + 1, width=13, height=12, fill="#ffffff", opacity=0.8))
        parts.append(text(x + 3, y + 11, len(stack), class_="height"))
    if hint:
        colour, dash = HIGHLIGHT.get(hint, HIGHLIGHT["build"])
        parts.append(el("rect", None, x=x + 2, y=y + 2, width=CELL - 4, height=CELL - 4, fill="none",
                        stroke=colour, stroke_width=2, stroke_dasharray=None if dash == "none" else dash))
    classes = ["cell"] + (["inside"] if inside else ["outside"]) + ([f"hl hl-{hint}"] if hint else [])
    extra = {"data-action": action, "role": "button", "tabindex": "0",
             "aria-label": f"{name}: {action}"} if action else {}
    return el("g", parts, {"class": " ".join(classes), "data-cell": name, **extra})


def _outlines(stacks: list[list[str]]) -> list[str]:
    """A dark line wherever two edge-adjacent cells show different pieces."""
    lines = []
    for cell in range(WIDTH * WIDTH):
        top = _top(stacks[cell])
        x, y = _xy(cell)
        col = cell % WIDTH
        right = _top(stacks[cell + 1]) if col < WIDTH - 1 else None
        below = _top(stacks[cell + WIDTH]) if cell + WIDTH < WIDTH * WIDTH else None
        if (top or right) and top != right and col < WIDTH - 1:
            lines.append(f"M{fmt(x + CELL)} {fmt(y)}v{fmt(CELL)}")
        if (top or below) and top != below and cell + WIDTH < WIDTH * WIDTH:
            lines.append(f"M{fmt(x)} {fmt(y + CELL)}h{fmt(CELL)}")
    if not lines:
        return []
    return [el("path", None, d="".join(lines), stroke=THEME["bg"], stroke_width=2.5, fill="none",
               class_="outlines")]


def _boundary(area: list[str]) -> str:
    cells = [c for c in (parse_cell(name) for name in area) if c is not None]
    if not cells:
        return ""
    rows = [c // WIDTH for c in cells]
    cols = [c % WIDTH for c in cells]
    x, y = _xy(min(rows) * WIDTH + min(cols))
    side = (max(cols) - min(cols) + 1) * CELL
    return el("rect", None, x=x, y=y, width=side, height=(max(rows) - min(rows) + 1) * CELL, fill="none",
              stroke=BOUNDARY_BLUE, stroke_width=3, class_="boundary")


def _mini(piece: str, x: float, y: float, unit: float) -> list[str]:
    """A piece drawn small at (x, y), for the banks."""
    kind = KIND.get(piece)
    shape_name = SHAPE.get(piece)
    if shape_name is None:  # Defrag or System Fail: a labelled token
        return [el("rect", None, x=x, y=y, width=unit * 2.6, height=unit * 1.6, rx=3, fill=THEME["panel"],
                   stroke=THEME["danger"] if kind == "sf" else THEME["accent"]),
                text(x + unit * 1.3, y + unit * 1.1, "FAIL" if kind == "sf" else "DFRG", class_="label")]
    colour = COLOUR.get(piece)
    fill = "url(#ow-enc)" if kind == "enc" else (PLAYERS[colour].color if colour is not None else THEME["neutral"])
    parts = [el("rect", None, x=x + c * unit, y=y + r * unit, width=unit, height=unit, fill=fill,
                stroke=THEME["bg"], stroke_width=0.8) for r, c in ALL_SHAPES[shape_name]]
    if kind == "av":
        parts.append(text(x + unit / 2, y + unit * 0.8, "AV", class_="label"))
    return parts


def _strip(view: Mapping[str, Any], top: float, width: float) -> list[str]:
    unit = 7.0
    parts = [text(MARGIN, top + 12, f"Envelope: {view['envelope']['count']} left", class_="caption")]
    x = MARGIN
    parts.append(text(MARGIN + 130, top + 12, "Bank", class_="caption"))
    x = MARGIN + 165
    for piece in view["bank"]:
        parts.extend(_mini(piece, x, top + 2, unit))
        x += unit * 5
    y = top + 48
    for seat, personal in enumerate(view["personal"]):
        px = MARGIN + (seat % 3) * (width / 3)
        py = y + (seat // 3) * 24
        style = PLAYERS[seat % len(PLAYERS)]
        parts.append(shape(style.shape, px + 5, py - 4, 4, {"fill": style.color}))
        score = view["scores"][seat] if seat < len(view["scores"]) else 0
        parts.append(text(px + 14, py, f"P{seat + 1} {score}", class_="caption"))
        for i, piece in enumerate(personal):
            parts.extend(_mini(piece, px + 60 + i * unit * 5, py - 10, unit))
    return parts


def render_board(view: Mapping[str, Any], hints: Mapping[str, Any] | None = None) -> str:
    hints = hints or {}
    stacks = view["stacks"]
    inside = set(view["area"])
    highlight = hints.get("cells", {}) or {}
    actions = hints.get("actions", {}) or {}
    parts = [_style(), _defs()]
    for col in range(WIDTH):
        parts.append(text(MARGIN + col * CELL + CELL / 2, MARGIN - 7, COLUMNS[col], class_="label"))
    for row in range(WIDTH):
        parts.append(text(MARGIN / 2, MARGIN + row * CELL + CELL / 2 + 3, row + 1, class_="label"))
    for cell in range(WIDTH * WIDTH):
        name = f"{COLUMNS[cell % WIDTH]}{cell // WIDTH + 1}"
        parts.append(_cell(cell, stacks[cell], name in inside, highlight.get(name), actions.get(name)))
    parts.extend(_outlines(stacks))
    parts.append(_boundary(view["area"]))
    ghost = [c for c in (parse_cell(n) for n in hints.get("ghost", []) or []) if c is not None]
    if ghost:
        ok = bool(hints.get("ghost_ok"))
        colour = THEME["accent"] if ok else THEME["danger"]
        for cell in ghost:
            x, y = _xy(cell)
            parts.append(el("rect", None, x=x + 3, y=y + 3, width=CELL - 6, height=CELL - 6, fill=colour,
                            opacity=0.45, stroke=colour, stroke_dasharray=None if ok else "4 3",
                            class_="ghost ok" if ok else "ghost bad"))
    if hints.get("groups"):
        for seat, group in enumerate(view.get("groups", [])):
            for name in group:
                cell = parse_cell(name)
                if cell is not None:
                    x, y = _xy(cell)
                    parts.append(el("rect", None, x=x + 1, y=y + 1, width=CELL - 2, height=CELL - 2, fill="none",
                                    stroke=THEME["focus"], stroke_width=1.5, class_=f"group p{seat + 1}"))
    focus = parse_cell(hints["focus"]) if isinstance(hints.get("focus"), str) else None
    if focus is not None:
        x, y = _xy(focus)
        parts.append(el("rect", None, x=x, y=y, width=CELL, height=CELL, fill="none", stroke=THEME["focus"],
                        stroke_width=2.5, stroke_dasharray="5 3", class_="focus"))
    width = MARGIN * 2 + WIDTH * CELL
    board_bottom = MARGIN + WIDTH * CELL
    parts.extend(_strip(view, board_bottom + 8, width))
    if view.get("over"):
        winners = ", ".join(f"P{s + 1}" for s in view.get("winners", []))
        parts.append(text(width / 2, board_bottom + STRIP + 20, f"System Fail. Winner: {winners}",
                          {"text-anchor": "middle"}, class_="caption"))
    height = board_bottom + STRIP + 30 + 24 * ((len(view["personal"]) - 1) // 3)
    return svg_document(parts, (0, 0, width, height), {"class": "ow-board", "role": "img",
                                                        "aria-label": escape("Overwrite board")})
