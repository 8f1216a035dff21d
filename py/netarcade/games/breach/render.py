"""Breach's board as SVG, from a view (never from a state).

What it is for: the network as a track from Edge (left) to Root (right):
14 layers of two Node cards (red Mainframe with a square corner cue, blue
Undernet with a round one; entry cost, ENTER / STOP / EXIT text, a dashed
outline and "DD" on Dead Drops), each infiltrator's marker (colour and
shape), each route marker beside the Node it is owed at, and a panel per
infiltrator (Exposure, hand, Payload, reminders). Hints: ``{"nodes":
{"5t": "build"}}`` lights Nodes (kinds from ``palette.HIGHLIGHT``).

What it is not: the page (clicks, buttons): ``data-node`` attributes name
each card for the page's delegated listener.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...render.palette import HIGHLIGHT, THEME, player_color, player_shape
from ...render.svg import el, g, shape, svg_document, text

CARD_W, CARD_H, GAP = 92, 118, 8
LEFT, TOP = 70, 40
RED, BLUE = "#d9485f", "#3b82f6"
RED_FILL, BLUE_FILL = "#2a1117", "#0f1d33"
PANEL_TOP = TOP + 2 * (CARD_H + GAP) + 40


def _effect_text(effects: Mapping[str, int]) -> str:
    parts = []
    if "bw" in effects:
        parts.append(f"+{effects['bw']} BW")
    if "exp" in effects:
        parts.append(f"{effects['exp']:+d} EXP")
    if "draw" in effects:
        parts.append(f"draw {effects['draw']}")
    return ", ".join(parts)


def _card(node: Mapping[str, Any], x: float, y: float, light: str | None) -> str:
    blue = node["net"] == "undernet"
    stroke = BLUE if blue else RED
    attrs = {"x": x, "y": y, "width": CARD_W, "height": CARD_H, "rx": 10 if blue else 2,
             "fill": BLUE_FILL if blue else RED_FILL, "stroke": stroke, "stroke-width": 2}
    if node["dead_drop"]:
        attrs["stroke-dasharray"] = "5 3"
    parts = [el("rect", None, attrs)]
    if light:
        colour, dash = HIGHLIGHT.get(light, HIGHLIGHT["build"])
        parts.append(el("rect", None, {"x": x - 3, "y": y - 3, "width": CARD_W + 6, "height": CARD_H + 6,
                                       "fill": "none", "stroke": colour, "stroke-width": 3,
                                       "stroke-dasharray": dash, "rx": 6}))
    parts.append(text(x + 6, y + 14, node["name"], class_="name"))
    parts.append(text(x + CARD_W - 8, y + 14, node["cost"], class_="cost", text_anchor="end", fill=stroke))
    lines = [("ENTER", node["enter"]), ("STOP", node["stop"]), ("EXIT", node["exit"])]
    row = 0
    for label, effects in lines:
        if effects:
            parts.append(text(x + 6, y + 34 + 14 * row, f"{label} {_effect_text(effects)}", class_="fx"))
            row += 1
    if node["dead_drop"]:
        parts.append(text(x + 6, y + CARD_H - 8, "DEAD DROP", class_="fx", fill=THEME["danger"]))
    parts.append(text(x + CARD_W - 6, y + CARD_H - 8, node["at"], class_="pos", text_anchor="end"))
    return g(parts, data_node=node["at"], class_="node")


def _spot(at: str) -> tuple[float, float]:
    """Centre of a position on the track."""
    if at == "edge":
        return LEFT - 38, TOP + CARD_H + GAP / 2
    if at == "root":
        return LEFT + 14 * (CARD_W + GAP) + 30, TOP + CARD_H + GAP / 2
    layer, side = int(at[:-1]), "tb".index(at[-1])
    return LEFT + (layer - 1) * (CARD_W + GAP) + CARD_W / 2, TOP + side * (CARD_H + GAP) + CARD_H / 2


def render_board(view: Mapping[str, Any], hints: Mapping[str, Any] | None = None) -> str:
    hints = hints or {}
    lit = hints.get("nodes", {}) or {}
    width = LEFT + 14 * (CARD_W + GAP) + 70
    seats = view["seats"]
    height = PANEL_TOP + 30 + 22 * len(seats) + 30
    parts = [el("style", ".name{font:600 10px %s;fill:%s}.fx{font:9px %s;fill:%s}.cost{font:700 14px %s}"
                ".pos{font:9px %s;fill:%s}.label{font:11px %s;fill:%s}" % (
                    THEME["font"], THEME["text"], THEME["font"], THEME["text"], THEME["font"], THEME["font"],
                    THEME["text-dim"], THEME["font"], THEME["text"])),
             el("rect", None, {"x": 0, "y": 0, "width": width, "height": height, "fill": THEME["bg"]})]
    for label, at in (("EDGE", "edge"), ("ROOT", "root")):
        x, y = _spot(at)
        parts.append(el("rect", None, {"x": x - 26, "y": TOP, "width": 52, "height": 2 * CARD_H + GAP,
                                       "fill": THEME["panel"], "stroke": THEME["accent"], "rx": 6}))
        parts.append(text(x, TOP - 8, label, class_="label", text_anchor="middle"))
    for layer in range(1, 15):
        x, _ = _spot(f"{layer}t")
        parts.append(text(x, TOP - 8, f"L{layer}", class_="label", text_anchor="middle"))
    for node in view["network"]:
        x, y = _spot(node["at"])
        parts.append(_card(node, x - CARD_W / 2, y - CARD_H / 2, lit.get(node["at"])))
    for info in seats:
        seat = info["seat"]
        colour = player_color(seat)
        for marker in info["markers"]:
            x, y = _spot(marker)
            dy = -CARD_H / 2 - 5 if marker.endswith("t") else CARD_H / 2 + 5
            parts.append(shape(player_shape(seat), x - 30 + 12 * seat, y + dy, 3.5,
                               {"fill": colour, "class": "route"}))
        x, y = _spot(info["at"])
        parts.append(shape(player_shape(seat), x - 28 + 14 * seat, y + 34, 7,
                           {"fill": colour, "stroke": THEME["bg"], "stroke-width": 2, "class": "infiltrator"}))
    reminders: dict[int, list[str]] = {}
    for reminder in view["reminders"]:
        reminders.setdefault(reminder["seat"], []).append(reminder["card"].upper())
    y = PANEL_TOP
    move = view["move"]
    status = f"round {view['round']}/{view['rounds']}  phase {view['phase']}"
    if move["dice"]:
        status += f"  dice {'+'.join(map(str, move['dice']))}  BW {move['bw']}"
    if view["window"]:
        w = view["window"]
        status += f"  P{w['player'] + 1} plays {w['card'].upper()}" + (
            f", blocked by P{w['blocker'] + 1}" if w["blocker"] is not None else "")
    parts.append(text(LEFT, y, status, class_="label"))
    for info in seats:
        seat = info["seat"]
        y += 22
        hand = ", ".join(info["exploits"]) if info["exploits"] is not None else f"{info['exploit_count']} Exploits"
        line = (f"P{seat + 1}  at {info['at']}  Exposure {info['exposure']}  {'PAYLOAD  ' if info['payload'] else ''}"
                f"owes {len(info['markers'])}  hand {info['hand_size']}/5: {hand}")
        if seat in reminders:
            line += "  [" + " ".join(reminders[seat]) + "]"
        parts.append(shape(player_shape(seat), LEFT - 14, y - 4, 5, {"fill": player_color(seat)}))
        weight = {"font-weight": "700"} if seat == view.get("current") else {}
        parts.append(text(LEFT, y, line, {"class": "label", **weight}))
    return svg_document(parts, (0, 0, width, height), class_="breach-board")
