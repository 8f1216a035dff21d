"""A line chart of every player's score, turn by turn, as SVG text.

What it is for: the end-of-game (and live) "who led when" chart. Each player
gets one polyline in their palette colour plus markers in their shape cue,
so the lines can be told apart without colour.

What it is not: a general plotting library. It draws one kind of chart with
integer scores and turn numbers.

>>> svg = score_chart([[0, 0], [1, 0], [1, 2]], ["Ada", "Bob"], 320, 200)
>>> svg.count("<polyline")
2
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .palette import PLAYERS, THEME
from .svg import el, escape, fmt, polygon_points, shape, svg_document, text

__all__ = ["score_chart"]

_MAX_MARKERS = 12


def _nice_step(span: float, max_ticks: int) -> int:
    """Smallest step of the form 1, 2, 5 x 10^k giving at most ``max_ticks`` intervals."""
    span = max(span, 1)
    magnitude = 1
    while True:
        for mult in (1, 2, 5):
            step = mult * magnitude
            if span / step <= max_ticks:
                return step
        magnitude *= 10


def _style() -> str:
    t = THEME
    return (
        "<style>"
        f".na-chart{{font-family:{t['font']};}}"
        f".na-chart .bg{{fill:{t['bg']};}}"
        f".na-chart .plot{{fill:{t['panel']};}}"
        f".na-chart .gridline{{stroke:{t['grid-soft']};stroke-width:1;}}"
        f".na-chart .axis{{stroke:{t['grid']};stroke-width:1.5;}}"
        f".na-chart .tick{{fill:{t['text-dim']};font-size:11px;}}"
        f".na-chart .label{{fill:{t['text-dim']};font-size:11px;letter-spacing:.06em;}}"
        f".na-chart .legend{{fill:{t['text']};font-size:12px;}}"
        f".na-chart .target{{stroke:{t['accent']};stroke-width:1.2;stroke-dasharray:5 4;opacity:.8;}}"
        f".na-chart .target-label{{fill:{t['accent']};font-size:10px;}}"
        ".na-chart .series{fill:none;stroke-width:2.2;stroke-linejoin:round;stroke-linecap:round;}"
        f".na-chart .marker{{stroke:{t['bg']};stroke-width:1.2;}}"
        "</style>"
    )


def score_chart(history: Sequence[Sequence[int]], players: Sequence[str] | int, width: float = 480,
                height: float = 240, *, target: int | None = None, y_label: str = "AI TOKENS",
                x_label: str = "TURN") -> str:
    """SVG of each player's score per turn.

    ``history`` has one row per finished turn, ``[score_p1, score_p2, ...]``
    (a game view's ``history``); ``players`` is a list of display names (or
    just a count, giving ``P1``, ``P2``, ...). ``width`` x ``height`` is the
    view box; the SVG itself scales to its container (``width="100%"``).
    ``target``, when given, draws the winning threshold as a dashed line.

    There is exactly one ``<polyline class="series pN">`` per player, with one
    point per row of ``history`` (point ``i`` is turn ``i + 1``; ``x_label``
    names the unit of a row: a page passes rounds, "ROUND"). Each player's
    line is drawn a little above or below its score (``_TIE_PX`` per seat), so
    tied lines lie side by side instead of one over the other.
    """
    names = [f"P{i + 1}" for i in range(players)] if isinstance(players, int) else [str(p) for p in players]
    n = len(history)
    count = len(names)

    def score_of(row: Sequence[int], seat: int) -> int:
        return row[seat] if seat < len(row) else 0

    top_score = max([score_of(row, s) for row in history for s in range(count)] + [target or 0, 1])

    left, right, top, bottom = 40.0, 14.0, 34.0, 30.0
    # the legend: right-aligned rows at the top; the first row shares its line
    # with the y label, so it starts after it; more rows push the plot down
    labels = [f"{name} {score_of(history[-1], seat) if history else 0}" for seat, name in enumerate(names)]
    rows = _legend_rows([_legend_width(label) for label in labels], width - right,
                        4 + _LABEL_CHAR * len(y_label) + _GAP, left)
    top += _ROW * (len(rows) - 1)
    plot_w = max(width - left - right, 10.0)
    plot_h = max(height - top - bottom, 10.0)
    y_step = _nice_step(top_score, 5)
    y_max = math.ceil(top_score / y_step) * y_step
    x_max = max(n, 2)
    x_step = _nice_step(x_max - 1, 8)

    def px(turn: float) -> float:
        return left + (turn - 1) / (x_max - 1) * plot_w

    def py(score: float) -> float:
        return top + plot_h - score / y_max * plot_h

    summary = _summary(history, names, x_label.lower())
    parts = [_style(), el("title", escape(summary))]
    parts.append(el("rect", None, {"class": "bg", "x": 0, "y": 0, "width": width, "height": height,
                                   "fill": THEME["bg"]}))
    parts.append(el("rect", None, {"class": "plot", "x": left, "y": top, "width": plot_w, "height": plot_h,
                                   "fill": THEME["panel"]}))
    # gridlines and ticks
    for v in range(0, y_max + 1, y_step):
        y = py(v)
        parts.append(el("line", None, {"class": "gridline", "x1": left, "y1": y, "x2": left + plot_w, "y2": y}))
        parts.append(text(left - 6, y + 4, v, {"class": "tick", "text-anchor": "end"}))
    ticks = list(range(1, x_max + 1, x_step))
    if x_step > 1:
        ticks = [1] + [t for t in range(x_step, x_max + 1, x_step)]
    for t in ticks:
        x = px(t)
        parts.append(el("line", None, {"class": "gridline", "x1": x, "y1": top, "x2": x, "y2": top + plot_h}))
        parts.append(text(x, top + plot_h + 14, t, {"class": "tick", "text-anchor": "middle"}))
    parts.append(el("path", None, {"class": "axis", "fill": "none",
                                   "d": f"M{fmt(left)},{fmt(top)}V{fmt(top + plot_h)}H{fmt(left + plot_w)}"}))
    parts.append(text(left + plot_w, height - 4, x_label, {"class": "label", "text-anchor": "end"}))
    parts.append(text(4, 16, y_label, {"class": "label"}))
    if target:
        y = py(target)
        parts.append(el("line", None, {"class": "target", "x1": left, "y1": y, "x2": left + plot_w, "y2": y}))
        parts.append(text(left + 4, y + 12, f"target {target}", {"class": "target-label"}))

    # series, last player first so P1 ends on top where lines overlap
    k = max(1, math.ceil(n / _MAX_MARKERS))
    series = []
    for seat in range(count):
        style = PLAYERS[seat % len(PLAYERS)]
        lift = (seat - (count - 1) / 2) * _TIE_PX  # tied lines side by side, not one hidden under another
        points = [(px(i + 1), py(score_of(row, seat)) - lift) for i, row in enumerate(history)]
        marks = []
        offset = (seat * k) // max(count, 1)
        for i, (x, y) in enumerate(points):
            if (i + offset) % k == 0 or i == n - 1:
                marks.append(shape(style.shape, x, y, 3.6, {"class": "marker", "fill": style.color}))
        series.append(el("g", [
            el("polyline", None, {"class": f"series p{seat + 1}", "points": polygon_points(points),
                                  "stroke": style.color, "fill": "none"}),
            *marks,
        ], {"class": f"player p{seat + 1}", "data-seat": seat}))
    parts.extend(reversed(series))

    for r, row in enumerate(rows):
        y = 16 + _ROW * r
        x = width - right - (sum(_legend_width(labels[seat]) for seat in row) + _GAP * (len(row) - 1))
        for seat in row:
            style = PLAYERS[seat % len(PLAYERS)]
            parts.append(shape(style.shape, x + 5, y - 4, 4.5, {"class": "marker", "fill": style.color}))
            parts.append(text(x + 14, y, labels[seat], {"class": "legend"}))
            x += _legend_width(labels[seat]) + _GAP

    return svg_document(parts, (0, 0, width, height), {
        "class": "na-chart", "style": f"background:{THEME['bg']}", "role": "img", "aria-label": summary,
    })


#: legend text and label widths (monospace: 7.3 units per character at 12px, 6.6 at 11px)
_LEGEND_CHAR, _LABEL_CHAR = 7.3, 6.6
#: space between two legend items, and between legend rows
_GAP, _ROW = 14.0, 18.0
#: how far apart (view-box units) the lines of two seats with the same score are drawn
_TIE_PX = 2.6


def _legend_width(label: str) -> float:
    """A legend item: its marker, then its text."""
    return 14 + _LEGEND_CHAR * len(label)


def _legend_rows(widths: Sequence[float], end: float, first_from: float, rest_from: float) -> list[list[int]]:
    """Items (by index) in rows that end at ``end``: the first row starts no
    further left than ``first_from``, the others than ``rest_from``.

    >>> _legend_rows([100, 100, 100], 480, 40, 40)
    [[0, 1, 2]]
    >>> _legend_rows([200, 200, 200], 480, 60, 40)
    [[0, 1], [2]]
    """
    rows: list[list[int]] = [[]]
    used = 0.0
    room = end - first_from
    for index, width in enumerate(widths):
        need = width if not rows[-1] else used + _GAP + width
        if rows[-1] and need > room:
            rows.append([index])
            used, room = width, end - rest_from
        else:
            rows[-1].append(index)
            used = need
    return rows


def _summary(history: Sequence[Sequence[int]], names: Sequence[str], unit: str = "turn") -> str:
    if not history:
        return f"Score chart: no {unit}s yet"
    last = history[-1]
    scores = ", ".join(f"{name} {last[i] if i < len(last) else 0}" for i, name in enumerate(names))
    return f"Score chart after {len(history)} {unit}s: {scores}"
