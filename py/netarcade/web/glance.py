"""Rules at a glance: one picture of a real position per game, its pieces labelled.

What it is for: a game's card (``#glance=<game>``, reached from its
home-screen card and from its rules panel): one picture drawn by the game's
own board renderer from a real position, numbered callouts on the pieces or
cards with a legend naming them, a sentence for the goal and one for a turn,
and the long rules one click away (folded under "The full rules"). The
position is a record (options, seed, moves) replayed through ``Match``, so
it is checked like any game and cannot show what the rules never reach. A
game's card data is ``GLANCE`` in ``web/games/<id>/glance.py``, a
:class:`Glance`; this module names no game, and opening one card imports
only that game's modules.

What it is not: the rules (the engine), a lesson (``learn.py``: a guided
game), or DOM code (``app`` puts the card in ``#glance``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..core.errors import quoted
from ..games import get_game
from .render.svg import el, escape
from .pages import page_for, page_part
from .session import Session, new_setup

__all__ = ["PICTURE_SEAT", "Glance", "Label", "card", "glance_for", "glance_link", "is_glance_link", "label_boxes",
           "draw", "missing_card", "picture", "position", "route"]


#: who sits in every seat of the pictured position (nobody plays it)
PICTURE_SEAT = "random"


@dataclass(frozen=True)
class Label:
    """One callout: ``name`` is the board element it points at (its
    ``data-name`` in the picture), ``piece`` what is there in the words the
    picture itself uses for it (its accessible name says it: the test reads
    it there), ``text`` what the legend says about it."""

    name: str
    piece: str
    text: str


@dataclass(frozen=True)
class Glance:
    """A game's card: the position (``options``, ``seed``, ``actions``: a
    record), what it shows in one sentence (``caption``, also the picture's
    text for screen readers), the ``goal`` and a ``turn`` in one sentence
    each, and the ``labels``, numbered in order."""

    game: str
    options: dict
    seed: int
    actions: tuple[str, ...]
    caption: str
    goal: str
    turn: str
    labels: tuple[Label, ...]


def glance_for(game_id: str) -> Glance | None:
    """The card data beside a game's page (``web/games/<id>/glance.py``), or None."""
    return page_part(game_id, "glance")


def glance_link(game_id: str) -> str:
    return f"glance={game_id}"


def is_glance_link(fragment: str) -> bool:
    return fragment.startswith("glance=")


class _Pictured(Session):
    """A position to look at: its seats are named P1, P2... as the rules and
    the legend call them (a bot's name, "Random bot 2", would say who
    plays, which a picture of the rules does not have)."""

    @property
    def names(self) -> list[str]:
        return [f"P{seat + 1}" for seat in range(len(self.setup.seats))]


def position(glance: Glance) -> Session:
    """The card's position: its record replayed (every move checked by the
    engine). Every seat is a bot that never plays: with no person to act,
    the table lights no move, so the picture shows the position alone."""
    players = get_game(glance.game).validate_options(glance.options)["players"]
    return _Pictured(new_setup(glance.game, glance.options, glance.seed, (PICTURE_SEAT,) * players), glance.actions)


def picture(glance: Glance, orient: str = "wide") -> str:
    """The position drawn by the game's own board renderer, with the callouts."""
    page = page_for(glance.game)
    board = page.picture(position(glance), orient)
    return _with_callouts(board, glance.labels)


# --- the callouts ----------------------------------------------------------------------------------
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def _element(svg: str, name: str) -> str:
    """The markup of the first element ``data-name="name"`` up to its first shape's end."""
    start = svg.find(f'data-name="{escape(name)}"')
    if start < 0:
        raise KeyError(name)
    return svg[svg.rfind("<", 0, start):]


def _box(markup: str) -> tuple[float, float, float, float]:
    """``(x0, y0, x1, y1)`` of the first polygon, rect, circle or line in ``markup``."""
    shape = re.search(r"<(polygon|rect|circle|line)\b([^>]*)>", markup)
    if shape is None:
        raise ValueError("no shape to point at")
    kind, attrs = shape.group(1), dict(re.findall(r'([\w-]+)="([^"]*)"', shape.group(2)))
    if kind == "polygon":
        values = [float(v) for v in _NUMBER.findall(attrs["points"])]
        xs, ys = values[0::2], values[1::2]
        return min(xs), min(ys), max(xs), max(ys)
    if kind == "line":  # a link: the box its two ends span
        xs, ys = (float(attrs["x1"]), float(attrs["x2"])), (float(attrs["y1"]), float(attrs["y2"]))
        return min(xs), min(ys), max(xs), max(ys)
    if kind == "rect":
        x, y = float(attrs.get("x", 0)), float(attrs.get("y", 0))
        return x, y, x + float(attrs["width"]), y + float(attrs["height"])
    x, y, r = float(attrs["cx"]), float(attrs["cy"]), float(attrs["r"])
    return x - r, y - r, x + r, y + r


def label_boxes(svg: str, labels: tuple[Label, ...]) -> list[tuple[float, float, float, float]]:
    """Where each label's element is in the picture (``KeyError`` for an element it lacks)."""
    return [_box(_element(svg, label.name)) for label in labels]


def _view_box(svg: str) -> tuple[float, float, float, float]:
    x, y, w, h = (float(v) for v in re.search(r'viewBox="([^"]+)"', svg).group(1).split())
    return x, y, w, h


def _f1(value: float) -> str:
    """A callout's coordinate, to a tenth."""
    return f"{value:.1f}"


def _with_callouts(svg: str, labels: tuple[Label, ...]) -> str:
    """The picture with a dashed ring around each labelled element and its
    number beside it, at the first corner of the element not taken by an
    earlier number (the legend says the same in text; the picture's text
    for screen readers is the caption and the legend, so the marks are hidden)."""
    vx, vy, vw, vh = _view_box(svg)
    radius = 0.03 * (vw * vh) ** 0.5
    rings, badges, taken = [], [], []
    boxes = label_boxes(svg, labels)
    # the labelled elements' centres and half-sizes: a number does not go on another labelled piece
    pieces = [((x0 + x1) / 2, (y0 + y1) / 2, min(x1 - x0, y1 - y0) / 2) for x0, y0, x1, y1 in boxes]
    for number, (x0, y0, x1, y1) in enumerate(boxes, start=1):
        w, h = x1 - x0, y1 - y0
        if 0.75 < w / max(h, 1e-9) < 1.33:  # a hex, a disc, a square cell: a round ring
            rings.append(el("circle", class_="gl-ring", cx=_f1((x0 + x1) / 2), cy=_f1((y0 + y1) / 2),
                            r=_f1(max(w, h) / 2 + radius * 0.2)))
        else:
            pad = radius * 0.25
            rings.append(el("rect", class_="gl-ring", x=_f1(x0 - pad), y=_f1(y0 - pad), width=_f1(w + 2 * pad),
                            height=_f1(h + 2 * pad), rx=_f1(radius * 0.5)))
        out = radius * 0.4  # a little outside the corner: less of the piece under its number
        corners = [(x1 + out, y0 - out), (x0 - out, y0 - out), (x1 + out, y1 + out), (x0 - out, y1 + out),
                   ((x0 + x1) / 2, y0 - radius), ((x0 + x1) / 2, y1 + radius)]
        spots = [(min(max(x, vx + radius), vx + vw - radius), min(max(y, vy + radius), vy + vh - radius))
                 for x, y in corners]
        free = [spot for spot in spots
                if all((spot[0] - x) ** 2 + (spot[1] - y) ** 2 >= (2.1 * radius) ** 2 for x, y in taken)]
        clear = [spot for spot in free
                 if all((spot[0] - x) ** 2 + (spot[1] - y) ** 2 >= (size + radius * 0.5) ** 2
                        for index, (x, y, size) in enumerate(pieces) if index != number - 1)]
        cx, cy = (clear or free or spots)[0]
        taken.append((cx, cy))
        badges.append(el("g", [el("circle", cx=_f1(cx), cy=_f1(cy), r=_f1(radius)),
                               el("text", str(number), x=_f1(cx), y=_f1(cy), dy="0.36em", text_anchor="middle",
                                  font_size=_f1(radius * 1.25))], class_="gl-mark", data_callout=number))
    layer = el("g", rings + badges, class_="gl-callouts", aria_hidden="true")
    end = svg.rfind("</svg>")
    return svg[:end] + layer + svg[end:]


# --- the card ---------------------------------------------------------------------------------------
_ALL_GAMES = el("a", "All games", class_="button ghost", href="#home")


def card(game_id: str, orient: str = "wide", back: tuple[str, str] | None = None) -> str:
    """The card's HTML (``KeyError`` for a game without one); ``back`` is the
    link of the game in progress and its words ("Back to your Backbone
    game"), which the card offers first."""
    glance = glance_for(game_id)
    if glance is None:
        raise KeyError(game_id)
    page = page_for(game_id)
    title = escape(page.title)
    drawn = picture(glance, orient)
    _, _, width, height = _view_box(drawn)
    shape = "glance-figure wide" if width > 1.8 * height else "glance-figure"  # a long track: the legend below
    legend = [el("li", [el("b", str(number), class_="num", aria_hidden="true"),
                        el("span", [el("b", escape(label.piece)), ": ", escape(label.text)])], data_callout=number)
              for number, label in enumerate(glance.labels, start=1)]
    learn = resume = ""
    from .learn import has_lesson, learn_link

    if back:
        resume = el("a", escape(back[1]), class_="button primary", href=f"#{back[0]}")

    if has_lesson(game_id):
        learn = el("a", "Learn: a guided first game", class_="button", href=f"#{learn_link(game_id)}")
    return el("article", [
        el("h2", f"{title} at a glance", id="glance-title", tabindex=-1),
        el("p", [el("b", "Goal:"), " ", escape(glance.goal)], class_="glance-goal"),
        el("p", [el("b", "A turn:"), " ", escape(glance.turn)], class_="glance-turn"),
        el("figure", [
            el("div", drawn, class_="glance-picture", role="img", aria_label=glance.caption),
            el("figcaption", [el("p", escape(glance.caption), class_="glance-caption"),
                              el("ol", legend, class_="glance-legend", aria_label="The numbered pieces")]),
        ], class_=shape),
        el("details", [el("summary", f"The full rules of {title}"), el("div", page.rules(), class_="rules-body")],
           class_="glance-rules", id="glance-rules"),
        el("div", [resume, el("a", "Play now", class_="button" + ("" if resume else " primary"),
                              href=f"#play={game_id}"), learn, _ALL_GAMES], class_="actions"),
    ], class_="card glance-card", data_game=game_id, aria_labelledby="glance-title")


def missing_card(message: str) -> str:
    """What ``#glance=<id>`` shows for an id without a card: why, and the way to the games."""
    return el("article", [
        el("h2", "No such rules card", id="glance-title", tabindex=-1),
        el("p", escape(message), class_="detail"),
        el("div", el("a", "All games", class_="button primary", href="#home"), class_="actions"),
    ], class_="card glance-card error-card", aria_labelledby="glance-title")


def draw(app: Any, game_id: str | None, message: str = "", back: tuple[str, str] | None = None) -> None:
    """The page's side (``app.App.glance``, as its ops): the card in
    ``#glance``, the tab's title and the view; the picture is drawn tall on
    a portrait screen, as the game's board is, and again when it turns."""
    app.glance_game = game_id
    if game_id is None:
        app.set_html("glance", missing_card(message))
        app.op("title", text="netarcade: no such rules card")
    else:
        app.set_html("glance", card(game_id, "tall" if app.portrait else "wide", back))
        app.op("title", text=f"netarcade: {page_for(game_id).title} at a glance")
    app.op("data", name="view", value="glance")


def route(controller: Any, fragment: str) -> bool:
    """Open a ``glance=<game>`` fragment: the card on its own view; the game
    in progress (if any) is left as it is. False when it is not such a link."""
    if not is_glance_link(fragment):
        return False
    game_id = fragment.partition("=")[2]
    if glance_for(game_id) is None:
        controller.screen.glance(None, f"There is no rules card for {quoted(game_id)}: "
                                       "pick a game on the home screen.")
        return True
    controller.screen.glance(game_id)
    return True
