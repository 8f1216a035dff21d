"""Take-away's board as SVG: one circle per counter left and the three take buttons."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from netarcade.web.render.svg import el, svg_document, text

__all__ = ["render_board"]


def render_board(view: Mapping[str, Any], hints: Mapping[str, str] | None = None) -> str:
    hints = hints or {}
    counters = view["counters"]
    parts = [el("circle", None, {"cx": 20 + 24 * i, "cy": 30, "r": 9, "class": "counter"}) for i in range(counters)]
    for n in (1, 2, 3):
        name = f"take-{n}"
        attrs = {"data-name": name, "class": "take"}
        if name in hints:
            attrs.update({"data-action": hints[name], "role": "button", "tabindex": "0"})
        parts.append(el("g", [text(20 + 60 * (n - 1), 80, f"take {n}")], attrs))
    return svg_document(parts, (0, 0, max(240, 24 * counters + 20), 100), {"data-game": "takeaway"})
