"""What stands on Backbone's hexes, as SVG: pieces, Cities, highlights and
the two status panels, with the words a screen reader hears for each.

What it is for: ``render.render_board`` places these in each hex and
corner. What it is not: the layout (``render_geometry.py``) or the whole
board (``render.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from netarcade.web.render.palette import HIGHLIGHT, PLAYERS, THEME
from netarcade.web.render.svg import el, escape, shape, text

from . import icons
from .render_geometry import WIDE, Geometry

__all__ = ["aria_label", "city_markup", "describe_piece", "highlight_markup", "piece_markup", "status_panel"]

_KINDS = ("router", "switch", "ap", "server", "datacenter")
_KIND_LABEL = {"router": "router", "switch": "switch", "ap": "wireless AP", "server": "server",
               "datacenter": "datacenter", "firewall": "firewall"}



def _whose(seat: int, names: list[str]) -> str:
    """"your" for the seat called "You", else "Greedy bot's" (or "P2's")."""
    name = names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"
    return "your" if name == "You" else f"{name}'s"


def describe_piece(p: Mapping[str, Any], names: list[str]) -> str:
    words = [f"{_whose(p['owner'], names)} {_KIND_LABEL.get(p['kind'], p['kind'])}"]
    if p.get("firewall"):
        words.append("firewall")
    if p.get("disabled"):
        words.append("disabled")
    elif not p.get("in_network", True):
        words.append("cut off")
    if p.get("online"):
        words.append("online")
    return ", ".join(words)


def aria_label(name: str, action: str, kind: str | None, piece: Mapping[str, Any] | None,
                names: list[str]) -> str:
    words = action.split()
    verb = words[1] if len(words) > 1 else ""
    if verb == "hack":
        what = describe_piece(piece, names) if piece else "piece"
        return f"{name}: hack {what}"
    if verb == "reroute" and len(words) == 4:
        if kind == "move-from" or (kind == "selected" and words[2] == name):
            return f"{name}: move this piece"
        return f"{name}: reroute from {words[2]} to here"
    if verb == "firewall":
        what = _KIND_LABEL.get(piece["kind"], piece["kind"]) if piece else "piece"
        return f"{name}: put a firewall on this {what}"
    if verb in _KIND_LABEL:
        return f"{name}: build {_KIND_LABEL[verb]} here"
    if kind == "move-from":
        return f"{name}: move this piece"
    return f"{name}: {action}"


def _plate(seat: int, cx: float, cy: float, r: float, cls: str, fill: str | None = None,
           stroke: str | None = None, width: float = 2.0) -> str:
    st = PLAYERS[seat % len(PLAYERS)]
    return shape(st.shape, cx, cy, r, {
        "class": cls, "fill": fill or st.fill, "stroke": stroke or st.color, "stroke-width": width,
    })


def piece_markup(p: Mapping[str, Any], cx: float, cy: float) -> tuple[list[str], list[str]]:
    """Markup and classes of one piece standing at ``(cx, cy)``."""
    seat = p["owner"]
    st = PLAYERS[seat % len(PLAYERS)]
    kind = p["kind"]
    disabled = bool(p.get("disabled"))
    classes = ["piece", f"p{seat + 1}", kind]
    out: list[str] = []
    if p.get("online") and not disabled:
        classes.append("online")
        ring = {"class": "online-ring glow", "fill": "none", "stroke": st.color, "stroke-width": 3.5}
        out.append(shape(st.shape, cx, cy, 18.5, ring))
        out.append(shape(st.shape, cx, cy, 18.5, {"class": "online-ring", "fill": "none",
                                                   "stroke": st.color, "stroke-width": 1.4}))
    if disabled:
        classes.append("disabled")
        grey = THEME["disabled"]
        # grey, but the owner's shape and a faint owner-coloured rim remain
        out.append(_plate(seat, cx, cy, 15.5, "plate", fill="#1b1f25", stroke=st.color))
        out.append(shape(st.shape, cx, cy, 15.5, {"fill": "none", "stroke": grey, "stroke-width": 2,
                                                   "stroke-dasharray": "4 3"}))
        out.append(icons.use(kind, cx, cy, 21, class_="icon", color=grey))
    else:
        out.append(_plate(seat, cx, cy, 15.5, "plate"))
        out.append(icons.use(kind, cx, cy, 21, class_="icon", color=st.color))
    if not p.get("in_network", True) and not disabled:
        classes.append("offline-net")
    if p.get("firewall"):
        classes.append("firewall")
        out.append(icons.use("firewall", cx + 14, cy + 11, 14, class_="badge-firewall", color=THEME["text"]))
    if disabled:
        out.append(icons.use("disabled", cx + 14, cy - 11, 14, class_="badge-disabled", color=THEME["danger"]))
    if p.get("start"):
        classes.append("start")
    return out, classes


def city_markup(c: Mapping[str, Any], cx: float, cy: float) -> list[str]:
    connected = sorted(c.get("connected") or [])
    color = THEME["text"] if connected else THEME["neutral"]
    out = [icons.use("city", cx, cy - 2, 24, class_="icon city-icon", color=color,
                     opacity=None if connected else 0.7)]
    for seat in connected:
        st = PLAYERS[seat % len(PLAYERS)]
        dx = -12 if seat == 0 else 12
        out.append(shape(st.shape, cx + dx, cy + 13, 5, {
            "class": f"link p{seat + 1}", "fill": st.color, "stroke": THEME["bg"], "stroke-width": 1.2,
        }))
    return out


def highlight_markup(kind: str, action: str | None, occupied: bool, h: tuple[int, int],
               cx: float, cy: float, geometry: Geometry = WIDE) -> list[str]:
    color, dash = HIGHLIGHT.get(kind, HIGHLIGHT["build"])
    out = [el("polygon", None, {
        "class": "hl", "points": geometry.inset[h], "fill": color, "stroke": color,
        "stroke-dasharray": None if dash == "none" else dash,
    })]
    verb = action.split()[1] if action and len(action.split()) > 1 else ""
    if kind == "hack":
        out.append(icons.use("target", cx, cy, 40, class_="glyph", color=color, opacity=0.9))
    elif kind == "build" and not occupied:
        ghost = verb if verb in _KINDS else "plus"
        size = 22 if ghost != "plus" else 16
        out.append(icons.use(ghost, cx, cy, size, class_="glyph", color=color, opacity=0.32))
    elif kind == "build":  # a Firewall onto an own piece
        out.append(icons.use("plus", cx - 14, cy - 11, 11, class_="glyph", color=color))
    elif kind == "reroute" and not occupied:
        out.append(icons.use("reroute", cx, cy, 18, class_="glyph", color=color, opacity=0.6))
    return out


def status_panel(view: Mapping[str, Any], seat: int, names: list[str], x: float, y: float) -> str:
    """A player's status box: name and shape, AI tokens, BW, whose turn."""
    st = PLAYERS[seat % len(PLAYERS)]
    scores = view.get("scores") or [0, 0]
    bw = view.get("bw") or [0, 0]
    target = (view.get("options") or {}).get("target")
    current = view.get("current")
    over = view.get("over")
    winners = view.get("winners") or []
    active = (not over and current == seat)
    w, h = 150.0, 74.0
    parts = [el("rect", None, {"class": "panel-box", "x": x, "y": y, "width": w, "height": h, "rx": 6,
                               "fill": THEME["panel"], "stroke": THEME["grid"]})]
    parts.append(shape(st.shape, x + 16, y + 18, 6.5, {"fill": st.color, "stroke": THEME["bg"],
                                                        "stroke-width": 1}))
    name = names[seat] if len(names[seat]) <= 14 else names[seat][:13] + "\u2026"
    parts.append(text(x + 30, y + 23, name, {"class": "panel-name", "fill": st.color}))
    ai = f"{scores[seat] if seat < len(scores) else 0}"
    parts.append(el("text", [
        el("tspan", "AI ", class_="panel-dim"), escape(ai),
        el("tspan", f"/{escape(target)}", class_="panel-dim") if target else "",
        el("tspan", "BW ", class_="panel-dim", dx=10), escape(bw[seat] if seat < len(bw) else 0),
    ], {"class": "panel-stat", "x": x + 12, "y": y + 44}))
    if over:
        status = ("DRAW" if len(winners) > 1 else "WINNER") if seat in winners else "GAME OVER"
        cls = "panel-turn" if seat in winners else "panel-idle"
    elif active:
        left = view.get("actions_left")
        status = f"\u25b6 TO MOVE \u00b7 {left} ACT" if left is not None else "\u25b6 TO MOVE"
        if view.get("closing") is not None:
            status = "\u25b6 CLOSING TURN"
        cls = "panel-turn"
    else:
        status, cls = "waiting", "panel-idle"
    parts.append(text(x + 12, y + 63, status, {"class": cls}))
    return el("g", parts, {"class": "panel" + (" active" if active else ""), "id": f"panel-p{seat + 1}",
                           "data-seat": seat})
