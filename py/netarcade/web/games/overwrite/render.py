"""Overwrite's board as SVG text, from a view and optional UI hints.

What it is for: :func:`render_board` turns ``Overwrite.view(...)`` (plain
data) into one self-contained SVG string: the 10x10 grid with the playing
area's boundary in bright blue (O3), the top colour of every cell with its
player's shape cue (colour-blind safe) and, from height 2 up, a badge with
the stack height (plus thin "layers" on the cell's lower edge), every piece
outlined, Encrypted data hatched with a padlock, and (unless ``strip`` is
False) a strip below the board with the envelope count, the community bank
and each personal bank drawn as small pieces (:func:`piece_svg` draws one
piece alone, for the page's bank buttons). Not here: what is legal (the UI
asks the engine and passes the answer in as hints) or any DOM.

Hints (all optional): ``cells`` maps a cell name to a highlight kind
(``"build"``, ``"hack"``...: ``palette.HIGHLIGHT``), ``actions`` maps a
cell name to the notation a click on it plays, ``ghost`` is a list of cell
names drawn as the piece about to be placed, ``ghost_ok`` says whether that
placement is legal, ``focus`` is the keyboard cursor's cell (``keys``: moved by the
arrow keys, so a mouse's hover shows no other ghost and a click first aims), ``groups``
(True, or a list of seats) outlines each seat's (those seats') largest group (the game's end), ``last``
lists the cells of the last moves (a corner tab), ``pickable`` (default
True) gives every cell of the playing area a ``data-name`` (a click on it
means something to the page) and ``targets`` puts a layer over the board:
cell name -> ``{"action": notation or None, "label": str, "ghost": [cells],
"ok": bool, "hits": [cells], "fill": colour}``; each target shows its ghost (the piece as
it would lie, green when legal, red dashes when not, and ``hits``: the
cells of pieces it would remove, crossed) while the pointer is on it or it
has the keyboard focus (on a screen without hover, a first tap lands on a
``data-cmd="aim"`` layer that moves the cursor there, and only the cursor's
target places). ``crop`` (default: when there is no strip) shows
only the playing area and its labels.

Markup: each cell is ``<g class="cell ..." data-cell="c4">`` (and
``data-name`` when pickable); a cell or target with an action also has
``data-action``, ``role="button"`` and ``tabindex="0"``. The output is
deterministic.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from netarcade.web.render.palette import HIGHLIGHT, PLAYERS, THEME
from netarcade.web.render.svg import cell_attrs, el, fmt, shape, svg_document, text
from netarcade.games.overwrite.board import COLUMNS, WIDTH, parse_cell
from netarcade.games.overwrite.pieces import ALL_SHAPES, COLOUR, KIND, SHAPE, SPECIAL_NAMES

__all__ = ["CELL", "piece_fill", "piece_svg", "render_board"]


CELL = 36.0
MARGIN = 22.0
BOUNDARY_BLUE = "#2fa8ff"
ENC_GREY = "#8b95a5"
STRIP = 96.0
#: half the boundary line's width: how far it reaches past the playing area
#: (a cropped board ends there, so no cell beyond the boundary shows)
EDGE = 1.5
LOCK = "M-4 -1h8v6h-8z M-2.6 -1v-2.2a2.6 2.6 0 0 1 5.2 0v2.2"


def _xy(cell: int) -> tuple[float, float]:
    row, col = divmod(cell, WIDTH)
    return MARGIN + col * CELL, MARGIN + row * CELL


def _name(cell: int) -> str:
    return f"{COLUMNS[cell % WIDTH]}{cell // WIDTH + 1}"


def _style() -> str:
    return el("style", (
        f".ow-board{{font-family:{THEME['font']};}}"
        f".ow-board .label{{fill:{THEME['text-dim']};font-size:10px;text-anchor:middle;}}"
        f".ow-board .height{{fill:{THEME['focus']};font-size:10px;font-weight:bold;text-anchor:middle;}}"
        f".ow-board .caption{{fill:{THEME['text']};font-size:11px;}}"
        ".ow-board [data-action],.ow-board [data-name]{cursor:pointer;}"
        ".ow-board .target .ghost{visibility:hidden;pointer-events:none;}"
        ".ow-board .target:hover .ghost,.ow-board .target:focus .ghost,"
        ".ow-board .target.cursor .ghost{visibility:visible;}"
        ".ow-board .target:focus{outline:none;}"
        f".ow-board .target:focus .hit{{stroke:{THEME['focus']};stroke-width:2.5;stroke-dasharray:5 3;}}"
        # no pointer to hover with (a phone): the first tap aims (shows the ghost), the second places
        ".ow-board .target .tap{display:none;}"
        "@media (hover:none){.ow-board .target:not(.cursor) .tap{display:inline;}}"
        # the arrow keys' cursor (``keys``): a mouse resting on the board shows no second piece
        # beside it, and a click there first aims, as a tap does
        ".ow-board.keys .target:not(.cursor):not(:focus):hover .ghost{visibility:hidden;}"
        ".ow-board.keys .target:not(.cursor) .tap{display:inline;}"
    ))


def _defs() -> str:
    hatch = el("pattern", [el("rect", None, width=6, height=6, fill=ENC_GREY),
                           el("path", None, d="M0 6L6 0", stroke="#3c4450", stroke_width=1.5)],
               id="ow-enc", width=6, height=6, patternUnits="userSpaceOnUse")
    return el("defs", hatch)


def _summary(view: Mapping[str, Any]) -> str:
    """The board's name for a screen reader: its size and how much is covered."""
    area = view["area"]
    side = round(len(area) ** 0.5)
    covered = sum(1 for name in area if (cell := parse_cell(name)) is not None and view["stacks"][cell])
    return f"Overwrite board, {side} by {side}, {covered} of {len(area)} cells covered"


def _top(stack: list[str]) -> str | None:
    return stack[-1] if stack else None


def _fill(piece: str) -> str:
    """A piece's fill (by id, or a special by its kind: ``av``, ``enc``)."""
    if KIND.get(piece, piece) == "enc":
        return "url(#ow-enc)"
    colour = COLOUR.get(piece)
    return PLAYERS[colour % len(PLAYERS)].color if colour is not None else THEME["neutral"]


piece_fill = _fill


def _said(name: str, stack: list[str], names: list[str]) -> str:
    """A covered cell as a screen reader hears it: "c4: Greedy bot's 2L4, 2 pieces high"."""
    top = stack[-1]
    kind = KIND.get(top, top)
    colour = COLOUR.get(top)
    if kind != "data" or colour is None:
        what = SPECIAL_NAMES.get(kind, top)
    else:
        who = names[colour] if colour < len(names) else f"P{colour + 1}"
        what = f"{'your' if who == 'You' else who + chr(39) + 's'} {top}"
    return f"{name}: {what}" + (f", {len(stack)} pieces high" if len(stack) > 1 else "")


def _cell(cell: int, stack: list[str], inside: bool, hint: str | None, action: str | None,
          pickable: bool, names: list[str] = ()) -> str:
    x, y = _xy(cell)
    top = _top(stack)
    name = _name(cell)
    parts = []
    if top is None:
        fill = THEME["cell"] if inside else THEME["bg"]
        parts.append(el("rect", None, x=x, y=y, width=CELL, height=CELL, fill=fill,
                        stroke=THEME["grid-soft"], stroke_width=0.5))
    elif KIND.get(top) == "enc":
        parts.append(el("rect", None, x=x, y=y, width=CELL, height=CELL, fill="url(#ow-enc)"))
        parts.append(el("path", None, d=LOCK, fill="none", stroke="#1b1f24", stroke_width=1.6,
                        transform=f"translate({fmt(x + CELL / 2)} {fmt(y + CELL / 2 + 1)})"))
    else:
        colour = COLOUR.get(top)
        style = PLAYERS[colour % len(PLAYERS)] if colour is not None else None
        parts.append(el("rect", None, x=x, y=y, width=CELL, height=CELL, fill=_fill(top)))
        if style:
            parts.append(shape(style.shape, x + CELL / 2, y + CELL / 2, CELL * 0.2,
                               {"fill": style.fill, "opacity": 0.8}))
    height = len(stack)
    if hint:
        colour, dash = HIGHLIGHT.get(hint, HIGHLIGHT["build"])
        # a lit cell is a thin inner ring (once stacking is on, most cells are lit: the
        # ghost under the pointer is the strong cue); a picked piece's cells are bold. Drawn
        # under the height badge, which stays readable on the piece a Defrag moves (issue 39)
        thin = hint == "build"
        parts.append(el("rect", None, x=x + 3, y=y + 3, width=CELL - 6, height=CELL - 6, rx=2, fill="none",
                        stroke=colour, stroke_width=1.3 if thin else 2.5, stroke_opacity=0.75 if thin else None,
                        stroke_dasharray=None if dash == "none" else dash))
    if height > 1:
        # height cue without colour: a dark badge with the count, and one thin
        # "layer" line per piece underneath along the lower edge
        for layer in range(1, min(height, 5)):
            parts.append(el("path", None, d=f"M{fmt(x + 3)} {fmt(y + CELL - 2 - 3 * layer)}h{fmt(CELL - 6)}",
                            stroke="#0b0f14", stroke_width=1.2, opacity=0.55))
        parts.append(el("rect", None, x=x + 2, y=y + 2, width=13, height=13, rx=3, fill="#0b0f14", opacity=0.85))
        parts.append(text(x + 8.5, y + 12.5, height, class_="height"))
    classes = ["cell"] + (["inside"] if inside else ["outside"]) + ([f"hl hl-{hint}"] if hint else [])
    if height:
        classes.append(f"h{height}")
    extra: dict[str, Any] = {"data-name": name} if action or (pickable and inside) else {}
    extra.update(cell_attrs(action, f"{name}: {action}", _said(name, stack, list(names)) if stack and inside else None))
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
              stroke=BOUNDARY_BLUE, stroke_width=2 * EDGE, class_="boundary")


def _mini(piece: str, x: float, y: float, unit: float, orient_cells=None) -> list[str]:
    """A piece drawn small at (x, y), for the banks."""
    kind = KIND.get(piece)
    shape_name = SHAPE.get(piece)
    if shape_name is None:  # Defrag or System Fail: a labelled token
        return [el("rect", None, x=x, y=y, width=unit * 2.6, height=unit * 1.6, rx=3, fill=THEME["panel"],
                   stroke=THEME["danger"] if kind == "sf" else THEME["accent"]),
                text(x + unit * 1.3, y + unit * 1.1, "FAIL" if kind == "sf" else "DFRG", class_="label")]
    parts = [el("rect", None, x=x + c * unit, y=y + r * unit, width=unit, height=unit, fill=_fill(piece),
                stroke=THEME["bg"], stroke_width=max(0.8, unit / 10))
             for r, c in (orient_cells or ALL_SHAPES[shape_name])]
    if kind == "av":
        parts.append(el("path", None, d=f"M{fmt(x + unit * .25)} {fmt(y + unit * .5)}h{fmt(unit * .5)}"
                                        f"M{fmt(x + unit * .5)} {fmt(y + unit * .25)}v{fmt(unit * .5)}",
                        stroke=THEME["danger"], stroke_width=max(1.5, unit / 6)))
    return parts


def piece_svg(piece: str, unit: float = 9.0, cells=None, label: str = "") -> str:
    """One piece alone as a small inline SVG (the page's bank buttons);
    ``cells`` draws it turned (an orientation's cells), else as in the box."""
    shape_name = SHAPE.get(piece)
    if shape_name is None:
        kind = KIND.get(piece)
        word = "FAIL" if kind == "sf" else "DEFRAG"
        width, height = unit * 5.4, unit * 2
        body = [el("rect", None, x=0.5, y=0.5, width=width - 1, height=height - 1, rx=3, fill=THEME["panel"],
                   stroke=THEME["danger"] if kind == "sf" else THEME["accent"], stroke_width=1.2),
                text(width / 2, height / 2 + 3.5, word, {"text-anchor": "middle", "font-size": "9px",
                                                           "fill": THEME["text"], "font-weight": "bold"})]
    else:
        cells = tuple(cells or ALL_SHAPES[shape_name])
        rows = 1 + max(r for r, _ in cells)
        cols = 1 + max(c for _, c in cells)
        width, height = cols * unit, rows * unit
        body = _mini(piece, 0, 0, unit, cells)
        if KIND.get(piece) == "enc":
            body.append(el("path", None, d=LOCK, fill="none", stroke="#1b1f24", stroke_width=1.4,
                           transform=f"translate({fmt(width / 2)} {fmt(height / 2 + 1)}) scale({fmt(unit / 14)})"))
    defs = _defs() if KIND.get(piece) == "enc" else ""
    return el("svg", [defs, *body], class_="piece", viewBox=f"0 0 {fmt(width)} {fmt(height)}", width=width,
              height=height, role="img", aria_label=label or piece)


def _strip(view: Mapping[str, Any], top: float, width: float) -> list[str]:
    unit = 7.0
    parts = [text(MARGIN, top + 12, f"Envelope: {view['envelope']['count']} left", class_="caption")]
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


def _target(name: str, target: Mapping[str, Any]) -> str:
    cell = parse_cell(name)
    if cell is None:
        return ""
    x, y = _xy(cell)
    ok = bool(target.get("ok"))
    colour = HIGHLIGHT["build"][0] if ok else THEME["danger"]
    body = target.get("fill") if ok and target.get("fill") else colour
    ghost = []
    for hit in target.get("hits", ()) or ():
        at = parse_cell(hit)
        if at is not None:
            hx, hy = _xy(at)
            ghost.append(el("path", None, d=f"M{fmt(hx + 6)} {fmt(hy + 6)}l{fmt(CELL - 12)} {fmt(CELL - 12)}"
                                            f"M{fmt(hx + CELL - 6)} {fmt(hy + 6)}l{fmt(12 - CELL)} {fmt(CELL - 12)}",
                            stroke=THEME["danger"], stroke_width=3, class_="hitmark"))
    for part in target.get("ghost", ()) or ():
        at = parse_cell(part)
        if at is not None:
            gx, gy = _xy(at)
            ghost.append(el("rect", None, x=gx + 3, y=gy + 3, width=CELL - 6, height=CELL - 6, fill=body,
                            fill_opacity=0.75 if ok else 0.3, stroke=colour, stroke_width=2.5,
                            stroke_dasharray=None if ok else "4 3"))
    action = target.get("action")
    attributes: dict[str, Any] = {"class": "target" + (" ok" if ok else " bad") + (" cursor" if target.get("cursor") else ""),
                                  "data-name": name}
    attributes.update(cell_attrs(action, target.get("label") or None))
    if not action and target.get("label"):
        attributes["aria-label"] = target["label"]
    hit = el("rect", None, x=x, y=y, width=CELL, height=CELL, fill="#000", fill_opacity=0, class_="hit")
    tap = el("rect", None, {"x": x, "y": y, "width": CELL, "height": CELL, "fill": "#000", "fill-opacity": 0,
                            "class": "tap", "data-cmd": "aim", "data-value": name})
    return el("g", [hit, el("g", ghost, class_="ghost"), tap], attributes)


def render_board(view: Mapping[str, Any], hints: Mapping[str, Any] | None = None) -> str:
    hints = hints or {}
    stacks = view["stacks"]
    inside = set(view["area"])
    highlight = hints.get("cells", {}) or {}
    actions = hints.get("actions", {}) or {}
    targets = hints.get("targets") or {}
    pickable = hints.get("pickable", True) and not targets
    strip = hints.get("strip", True)
    crop = hints.get("crop", not strip)
    cells_in = [c for c in (parse_cell(name) for name in view["area"]) if c is not None] or [0, WIDTH * WIDTH - 1]
    top_row, left_col = min(c // WIDTH for c in cells_in), min(c % WIDTH for c in cells_in)
    last_row, last_col = max(c // WIDTH for c in cells_in), max(c % WIDTH for c in cells_in)
    if not crop:
        top_row, left_col, last_row, last_col = 0, 0, WIDTH - 1, WIDTH - 1
    parts = [_style(), _defs()]
    label_y = MARGIN + top_row * CELL - 7
    label_x = MARGIN + left_col * CELL - MARGIN / 2
    labels = [text(MARGIN + col * CELL + CELL / 2, label_y, COLUMNS[col], class_="label", aria_hidden="true")
              for col in range(left_col, last_col + 1)]
    labels += [text(label_x, MARGIN + row * CELL + CELL / 2 + 3, row + 1, class_="label", aria_hidden="true")
               for row in range(top_row, last_row + 1)]
    if crop:  # the labels lie over the cells around the playing area: mask those first, up to the
        # boundary line's outer edge (EDGE), which the box ends at on the other two sides
        x0, y0 = left_col * CELL, top_row * CELL
        span_w, span_h = (last_col - left_col + 1) * CELL, (last_row - top_row + 1) * CELL
        band = MARGIN - EDGE
        labels = [el("path", None, d=f"M{fmt(x0)} {fmt(y0)}h{fmt(span_w + MARGIN + EDGE)}v{fmt(band)}"
                                      f"h{fmt(-span_w - 2 * EDGE)}v{fmt(span_h + 2 * EDGE)}h{fmt(-band)}z",
                     fill=THEME["bg"]), *labels]
    else:
        parts.extend(labels)
    for cell in range(WIDTH * WIDTH):
        name = _name(cell)
        parts.append(_cell(cell, stacks[cell], name in inside, highlight.get(name), actions.get(name), pickable,
                           hints.get("names") or ()))
    parts.extend(_outlines(stacks))
    parts.append(_boundary(view["area"]))
    for name in hints.get("last", ()) or ():
        cell = parse_cell(name)
        if cell is not None:
            x, y = _xy(cell)
            # the last moves: a solid corner tab (top right, clear of the height badge), not a dashed
            # ring, which the keyboard's cursor (a dashed square) is (issue 39: they looked alike)
            parts.append(el("path", None, d=f"M{fmt(x + CELL - 10)} {fmt(y + 1.5)}h{fmt(8.5)}v{fmt(8.5)}z",
                            fill=THEME["focus"], stroke="#0b0f14", stroke_width=1, class_="last"))
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
        chosen = hints["groups"]
        for seat, group in enumerate(view.get("groups", [])):
            if isinstance(chosen, (list, tuple)) and seat not in chosen:
                continue
            for name in group:
                cell = parse_cell(name)
                if cell is not None:
                    x, y = _xy(cell)
                    parts.append(el("rect", None, x=x + 1, y=y + 1, width=CELL - 2, height=CELL - 2, fill="none",
                                    stroke=THEME["focus"], stroke_width=2, class_=f"group p{seat + 1}"))
    if targets:
        parts.append(el("g", [_target(name, targets[name]) for name in sorted(targets, key=_order)],
                        class_="targets"))
    focus = parse_cell(hints["focus"]) if isinstance(hints.get("focus"), str) else None
    if focus is not None:
        x, y = _xy(focus)
        parts.append(el("rect", None, x=x, y=y, width=CELL, height=CELL, fill="none", stroke=THEME["focus"],
                        stroke_width=2.5, stroke_dasharray="5 3", class_="focus", pointer_events="none"))
    board_class = "ow-board keys" if hints.get("keys") and focus is not None else "ow-board"
    width = MARGIN * 2 + WIDTH * CELL
    board_bottom = MARGIN + WIDTH * CELL
    if crop:
        parts.extend(labels)
        x0 = left_col * CELL
        y0 = top_row * CELL
        box = (x0, y0, (last_col - left_col + 1) * CELL + MARGIN + EDGE,
               (last_row - top_row + 1) * CELL + MARGIN + EDGE)
        # drawn in a box of another shape (the page caps the board's height), the SVG shows what
        # lies beyond its view box too: the grid lines of the cells outside the playing area came
        # through as stray dashes beside the row labels (issue 39). Clip to the view box.
        clip = el("clipPath", el("rect", None, x=box[0], y=box[1], width=box[2], height=box[3]), id="ow-crop")
        parts = [parts[0], parts[1], el("defs", clip), el("g", parts[2:], clip_path="url(#ow-crop)")]
        # a group, not an image: its covered cells and lit targets are named one by one
        return svg_document(parts, box, {"class": board_class, "role": "group",
                                         "aria-label": _summary(view)})
    if strip:
        parts.extend(_strip(view, board_bottom + 8, width))
        if view.get("over"):
            winners = ", ".join(f"P{s + 1}" for s in view.get("winners", []))
            parts.append(text(width / 2, board_bottom + STRIP + 20, f"System Fail. Winner: {winners}",
                              {"text-anchor": "middle"}, class_="caption"))
        height = board_bottom + STRIP + 30 + 24 * ((len(view["personal"]) - 1) // 3)
    else:
        height = board_bottom + 6
    return svg_document(parts, (0, 0, width, height), {"class": board_class, "role": "group",
                                                        "aria-label": _summary(view)})


def _order(name: str) -> int:
    cell = parse_cell(name)
    return -1 if cell is None else cell
