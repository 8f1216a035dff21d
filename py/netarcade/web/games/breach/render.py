"""Breach's board as SVG, from a view (never from a state).

What it is for: the network as a track from Edge to Root: 14 layers of two
Node cards, each readable (red Mainframe with square corners and a square
glyph, blue Undernet with round corners and a round glyph; the entry cost
in a badge; ENTER / STOP / EXIT lines; a dashed outline and "DEAD DROP" on
Dead Drops), each infiltrator's marker (colour and shape) on its Node, and
each route marker (a small hollow shape: "owed here") on the Node it is
owed at. Two layouts: ``wide`` (two bands, Edge + layers 1-7, then layers
8-14 + Root, both read left to right) and ``tall`` (hint ``orient:
"tall"``: one layer per row, Edge on top, Root at the bottom, for phones).

Hints: ``{"nodes": {"5t": "build"}}`` lights Nodes (kinds from
``palette.HIGHLIGHT``) and makes them buttons (``data-action``, with
``labels`` for their ``aria-label``); ``"root"`` and ``"edge"`` may be lit
the same way; ``"last"`` lists positions touched by the last moves (a
dashed ring); ``"names"`` the seats' display names.

What it is not: the page (clicks, buttons, panels): ``data-name`` names
each card for the page's delegated listener.
"""

from __future__ import annotations

from typing import Any, Mapping

from netarcade.web.render.palette import HIGHLIGHT, THEME, player_color, player_shape
from netarcade.web.render.svg import cell_attrs, el, g, shape, svg_document, text

RED, BLUE = "#ff6b81", "#5aa2ff"
RED_FILL, BLUE_FILL = "#26121a", "#0f1c33"
LAYERS = 14


def effect_text(effects: Mapping[str, int]) -> str:
    """``{"bw": 1, "exp": 1}`` -> ``+1 BW, +1 EXP``.

    >>> effect_text({"exp": -2, "draw": 1})
    '-2 EXP, draw 1'
    """
    parts = []
    if "bw" in effects:
        parts.append(f"+{effects['bw']} BW")
    if "exp" in effects:
        parts.append(f"{effects['exp']:+d} EXP")
    if "draw" in effects:
        parts.append(f"draw {effects['draw']}")
    return ", ".join(parts)


def node_lines(node: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The card's text lines: (label, effect), Dead Drop last."""
    lines = [(label, effect_text(node[key])) for label, key in (("ENTER", "enter"), ("STOP", "stop"),
                                                                  ("EXIT", "exit")) if node[key]]
    if node["dead_drop"]:
        lines.append(("DEAD DROP", "no stop"))
    return lines


class _Layout:
    """Where each position's card goes: ``wide`` or ``tall``."""

    def __init__(self, orient: str):
        self.tall = orient == "tall"
        if self.tall:
            self.w, self.h, self.gap = 176, 70, 6
            self.left, self.top = 30, 50
            self.width = self.left + 2 * self.w + self.gap + 6
            self.height = self.top + LAYERS * (self.h + self.gap) + 48
        else:
            self.w, self.h, self.gap = 132, 92, 8
            self.left, self.top, self.band = 64, 26, 2 * 92 + 8 + 40
            self.width = self.left + 7 * (self.w + self.gap) + 58
            self.height = self.top + 2 * self.band - 12

    def card(self, at: str) -> tuple[float, float]:
        """Top-left corner of the card at a Node position (``5t``)."""
        layer, side = int(at[:-1]), "tb".index(at[-1])
        if self.tall:
            return self.left + side * (self.w + self.gap), self.top + (layer - 1) * (self.h + self.gap)
        band, column = divmod(layer - 1, 7)
        return (self.left + column * (self.w + self.gap),
                self.top + band * self.band + side * (self.h + self.gap))

    def end(self, which: str) -> tuple[float, float, float, float]:
        """The Edge or Root box: x, y, width, height."""
        if self.tall:
            y = self.top - 40 if which == "edge" else self.top + LAYERS * (self.h + self.gap) + 2
            return self.left, y, 2 * self.w + self.gap, 34
        span = 2 * self.h + self.gap
        if which == "edge":
            return 8, self.top, self.left - 16, span
        x, _ = self.card("14t")
        return x + self.w + 8, self.top + self.band, 50, span


def _card(node: Mapping[str, Any], x: float, y: float, lay: _Layout, light: str | None, label: str | None,
          last: bool, here: str = "") -> str:
    blue = node["net"] == "undernet"
    ink = BLUE if blue else RED
    w, h = lay.w, lay.h
    rect = {"x": x, "y": y, "width": w, "height": h, "rx": 12 if blue else 1,
            "fill": BLUE_FILL if blue else RED_FILL, "stroke": ink, "stroke-width": 2, "class": "face"}
    if node["dead_drop"]:
        rect["stroke-dasharray"] = "6 4"
    summary = "; ".join(f"{head} {body}" for head, body in node_lines(node))
    parts = [el("title", f"{node['name']} ({node['at']}): {'Undernet' if blue else 'Mainframe'}, entry cost "
                         f"{node['cost']}" + (f"; {summary}" if summary else "")),
             el("rect", None, rect)]
    if last:
        parts.append(el("rect", None, {"x": x - 4, "y": y - 4, "width": w + 8, "height": h + 8, "rx": 8,
                                       "fill": "none", "stroke": THEME["text-dim"], "stroke-width": 1.5,
                                       "stroke-dasharray": "3 3", "class": "last"}))
    if light:
        colour, dash = HIGHLIGHT.get(light, HIGHLIGHT["build"])
        parts.append(el("rect", None, {"x": x - 3, "y": y - 3, "width": w + 6, "height": h + 6, "rx": 7,
                                       "fill": colour, "fill-opacity": 0.12, "stroke": colour, "stroke-width": 3.5,
                                       "stroke-dasharray": dash, "class": "lit"}))
    glyph = (el("circle", None, {"cx": x + 10, "cy": y + 11, "r": 4.5, "fill": ink}) if blue else
             el("rect", None, {"x": x + 5.5, "y": y + 6.5, "width": 9, "height": 9, "fill": ink}))
    parts.append(glyph)
    parts.append(text(x + 19, y + 15, node["name"], class_="nm"))
    parts.append(el("circle", None, {"cx": x + w - 13, "cy": y + h - 13, "r": 9.5, "fill": ink}))
    parts.append(text(x + w - 13, y + h - 8.5, node["cost"], class_="cost", text_anchor="middle"))
    step = 11.5 if lay.tall else 13
    for row, (head, body) in enumerate(node_lines(node)):
        danger = head == "DEAD DROP"
        parts.append(el("text", [el("tspan", head, {"class": "dd" if danger else "fl"}),
                                 el("tspan", " " + body, {"class": "fx"})],
                        {"x": x + 6, "y": y + 30 + step * row}))
    parts.append(text(x + w - 27, y + h - 5, node["at"], class_="pos", text_anchor="end"))
    attrs: dict[str, Any] = {"data-name": node["at"], "class": "node " + node["net"] + (" dead-drop" if node["dead_drop"] else ""),
                             "data-net": node["net"]}
    # unlit, the card in words, and who stands on it (their markers are not read on their own)
    lines = "; ".join(f"{head} {body}".strip() for head, body in node_lines(node))
    attrs.update(cell_attrs(light, (label or f"{node['name']} ({node['at']})") + here,
                      f"{node['at']}: {node['name']}, {node['net']}, costs {node['cost']}"
                      + (f"; {lines}" if lines else "") + here))
    return g(parts, attrs)


def _end(which: str, lay: _Layout, light: str | None, label: str | None, here: str = "") -> str:
    x, y, w, h = lay.end(which)
    parts = [el("rect", None, {"x": x, "y": y, "width": w, "height": h, "rx": 6, "fill": THEME["panel"],
                               "stroke": THEME["accent"], "stroke-width": 1.5})]
    if light:
        colour, dash = HIGHLIGHT.get(light, HIGHLIGHT["build"])
        parts.append(el("rect", None, {"x": x - 3, "y": y - 3, "width": w + 6, "height": h + 6, "rx": 8,
                                       "fill": colour, "fill-opacity": 0.15, "stroke": colour,
                                       "stroke-width": 3.5, "stroke-dasharray": dash, "class": "lit"}))
    word = which.upper()
    if lay.tall:
        parts.append(text(x + w / 2, y + h / 2 + 5, word, class_="end", text_anchor="middle"))
    else:
        # the word at the top of the box: the infiltrators stand from its foot up (``_spot``),
        # five of them reach 14 + 4 * 18 px plus a token's radius above it, clear of the letters
        parts.append(el("text", [el("tspan", ch, {"x": x + w / 2, "dy": 16 if i else 0}) for i, ch in enumerate(word)],
                        {"x": x + w / 2, "y": y + 22, "class": "end", "text-anchor": "middle"}))
    attrs: dict[str, Any] = {"data-name": which, "class": "end-box"}
    attrs.update(cell_attrs(light, (label or word) + here, which.capitalize() + here))
    return g(parts, attrs)


def _spot(at: str, lay: _Layout, index: int, count: int) -> tuple[float, float]:
    """Where the ``index``-th of ``count`` infiltrators stands at ``at``."""
    if at in ("edge", "root"):
        x, y, w, h = lay.end(at)
        if lay.tall:
            return x + 14 + index * 18, y + h / 2
        return x + w / 2, y + h - 14 - index * 18
    x, y = lay.card(at)
    return x + 12 + index * 17, y + lay.h - 12


def render_board(view: Mapping[str, Any], hints: Mapping[str, Any] | None = None) -> str:
    hints = hints or {}
    lay = _Layout(hints.get("orient", "wide"))
    lit = hints.get("nodes", {}) or {}
    labels = hints.get("labels", {}) or {}
    last = set(hints.get("last", ()) or ())
    font = THEME["font"]
    small = 9.5 if lay.tall else 10.5
    style = (f".nm{{font:700 {small + 0.5}px {font};fill:{THEME['text']}}}"
             f".fx{{font:{small}px {font};fill:{THEME['text']}}}"
             f".fl{{font:700 {small - 1.5}px {font};fill:{THEME['text-dim']};letter-spacing:.04em}}"
             f".dd{{font:700 {small - 1.5}px {font};fill:{THEME['danger']};letter-spacing:.04em}}"
             f".cost{{font:700 12px {font};fill:#0b0f14}}"
             f".pos{{font:9px {font};fill:{THEME['text-dim']}}}"
             f".lab{{font:700 11px {font};fill:{THEME['text-dim']}}}"
             f".end{{font:700 14px {font};fill:{THEME['accent']}}}"
             ".node[data-action],.end-box[data-action]{cursor:pointer}"
             ".node:focus,.end-box:focus{outline:none}.node:focus .lit,.end-box:focus .lit{stroke:#fff}")
    parts = [el("style", style),
             el("rect", None, {"x": 0, "y": 0, "width": lay.width, "height": lay.height, "fill": THEME["bg"]})]
    for layer in range(1, LAYERS + 1):
        x, y = lay.card(f"{layer}t")
        if lay.tall:
            parts.append(text(lay.left - 6, y + lay.h / 2 + 8, f"{layer}", class_="lab", text_anchor="end",
                              aria_hidden="true"))
        else:
            parts.append(text(x + lay.w / 2, y - 7, f"LAYER {layer}", class_="lab", text_anchor="middle",
                              aria_hidden="true"))
    if not lay.tall:  # the track goes on from the end of the first band to the start of the second
        x, y = lay.card("7t")
        parts.append(text(x + lay.w + 6, y + lay.h + 8, "\u21b5", class_="end", aria_hidden="true"))
        x, y = lay.card("8t")
        parts.append(text(lay.left - 44, y + lay.h + 8, "L7 \u2192", class_="lab", aria_hidden="true"))
    seats = view["seats"]
    names = hints.get("names") or [f"P{s + 1}" for s in range(len(seats))]
    heard: dict[str, list[str]] = {}  # who stands where, as a screen reader hears it on the card
    for info in seats:
        seat = info["seat"]
        heard.setdefault(info["at"], []).append(
            names[seat] + (" with the Payload" if info["payload"] else "") + (" (resigned)" if info.get("resigned") else ""))
    here = {at: "; here: " + ", ".join(who) for at, who in heard.items()}
    for which in ("edge", "root"):
        parts.append(_end(which, lay, lit.get(which), labels.get(which), here.get(which, "")))
    for node in view["network"]:
        x, y = lay.card(node["at"])
        parts.append(_card(node, x, y, lay, lit.get(node["at"]), labels.get(node["at"]), node["at"] in last,
                           here.get(node["at"], "")))
    for info in seats:  # route markers: small hollow shapes on the card owed
        seat = info["seat"]
        for marker in info["markers"]:
            x, y = lay.card(marker)
            parts.append(shape(player_shape(seat), x + lay.w - 52 - 11 * seat, y + lay.h - 13, 4,
                               {"fill": "none", "stroke": player_color(seat), "stroke-width": 2,
                                "class": f"route p{seat + 1}", "opacity": 0.35 if info.get("resigned") else None}))
    crowd: dict[str, list[int]] = {}
    for info in seats:
        crowd.setdefault(info["at"], []).append(info["seat"])
    for at, here in crowd.items():
        for index, seat in enumerate(here):
            x, y = _spot(at, lay, index, len(here))
            payload = seats[seat]["payload"]
            gone = seats[seat].get("resigned", False)  # D24: its marker stays, inert (drawn faded)
            parts.append(g([
                shape(player_shape(seat), x, y, 7.5, {"fill": player_color(seat), "stroke": "#fff" if payload else THEME["bg"],
                                                      "stroke-width": 2.5 if payload else 2}),
                el("title", f"{names[seat]} at {at}" + (" carrying the Payload" if payload else "")
                   + (" (resigned)" if gone else "")),
            ], {"class": f"infiltrator p{seat + 1}" + (" payload" if payload else "") + (" resigned" if gone else ""),
                "data-seat": seat, "opacity": 0.35 if gone else None, "aria-hidden": "true"}))
    return svg_document(parts, (0, 0, lay.width, lay.height), class_="breach-board " + ("tall" if lay.tall else "wide"),
                        role="group", aria_label=f"Breach track, Edge to Root: layers 1 to {LAYERS}, a top and a bottom Node each")


def render_track_outline(orient: str = "wide") -> str:
    """The track with blank card slots: what a Breach link shows before
    Python has dealt the network (the page's first paint)."""
    lay = _Layout(orient)
    parts = [el("rect", None, {"x": 0, "y": 0, "width": lay.width, "height": lay.height, "fill": THEME["bg"]})]
    for layer in range(1, LAYERS + 1):
        for side in "tb":
            x, y = lay.card(f"{layer}{side}")
            parts.append(el("rect", None, {"x": x, "y": y, "width": lay.w, "height": lay.h, "rx": 6,
                                           "fill": THEME["cell"], "stroke": THEME["grid"]}))
    for which in ("edge", "root"):
        x, y, w, h = lay.end(which)
        parts.append(el("rect", None, {"x": x, "y": y, "width": w, "height": h, "rx": 6, "fill": THEME["panel"],
                                       "stroke": THEME["grid"]}))
    return svg_document(parts, (0, 0, lay.width, lay.height), class_="breach-board outline " + orient)
