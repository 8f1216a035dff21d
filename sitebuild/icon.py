"""The arcade's icon, drawn by us: an SVG and PNGs of any size, standard library only.

What it is for: ``sitebuild/build.py`` (``app_icons`` in
``sitebuild/offline.py``) writes ``static/icons/icon.svg`` and the PNGs the web app manifest lists (192 and 512 pixels, also used as
the maskable icon and the apple-touch-icon) from the one drawing below: a
hexagon, the island outline of the games, with a node in the middle linked
to three nodes on its corners in the players' colours, on the page's dark
background. Everything stays inside the central 70% of the square, so a
launcher may crop it to a circle ("maskable").

What it is not: a general rasterizer. It knows filled circles and thick
line segments, anti-aliased by their distance to the pixel centre, and
writes an 8-bit RGB PNG (zlib, no filter).
"""

from __future__ import annotations

import math
import struct
import zlib

#: the page's theme (static/app.css, web/render/palette.py)
BACKGROUND = "#0b0f14"
GRID = "#2a3a4a"
ACCENT = "#39d98a"
P1 = "#E69F00"
P2 = "#56B4E9"

UNIT = 512  # the drawing's coordinate square
CENTRE = (256.0, 256.0)
HEX_RADIUS = 150.0


def _corners() -> list[tuple[float, float]]:
    """The hexagon's corners, pointy side up, clockwise from the top."""
    cx, cy = CENTRE
    return [(cx + HEX_RADIUS * math.sin(math.radians(60 * k)),
             cy - HEX_RADIUS * math.cos(math.radians(60 * k))) for k in range(6)]


def shapes() -> list[tuple]:
    """The drawing, back to front: ("line", x1, y1, x2, y2, width, colour)
    and ("dot", x, y, radius, colour) in UNIT coordinates."""
    corners = _corners()
    out: list[tuple] = []
    for k in range(6):  # the island's outline
        (x1, y1), (x2, y2) = corners[k], corners[(k + 1) % 6]
        out.append(("line", x1, y1, x2, y2, 14.0, GRID))
    linked = [(corners[0], P1), (corners[2], ACCENT), (corners[4], P2)]
    for (x, y), _colour in linked:  # the links from the centre node
        out.append(("line", CENTRE[0], CENTRE[1], x, y, 18.0, ACCENT))
    for (x, y), colour in linked:
        out.append(("dot", x, y, 30.0, colour))
    out.append(("dot", CENTRE[0], CENTRE[1], 38.0, ACCENT))
    return out


def svg() -> str:
    """The icon as SVG (rounded background, for browsers' tabs and menus)."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {UNIT} {UNIT}">',
             f'<rect width="{UNIT}" height="{UNIT}" rx="96" fill="{BACKGROUND}"/>']
    for shape in shapes():
        if shape[0] == "line":
            _, x1, y1, x2, y2, width, colour = shape
            parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                         f'stroke="{colour}" stroke-width="{width:g}" stroke-linecap="round"/>')
        else:
            _, x, y, radius, colour = shape
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:g}" fill="{colour}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _segment_distance(px, py, x1, y1, x2, y2) -> float:
    dx, dy = x2 - x1, y2 - y1
    t = ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)
    t = min(1.0, max(0.0, t))
    return math.hypot(px - (x1 + t * dx), py - (y1 + t * dy))


def png(size: int) -> bytes:
    """The icon as a ``size`` x ``size`` PNG, full-bleed background (maskable)."""
    if not isinstance(size, int) or not 16 <= size <= 2048:
        raise ValueError(f"icon size must be an int in 16..2048, got {size!r}")
    scale = size / UNIT
    bg = _rgb(BACKGROUND)
    pixels = [[list(bg) for _ in range(size)] for _ in range(size)]
    for shape in shapes():
        if shape[0] == "line":
            _, x1, y1, x2, y2, width, colour = shape
            x1, y1, x2, y2, half = x1 * scale, y1 * scale, x2 * scale, y2 * scale, width * scale / 2
            box = (min(x1, x2) - half, min(y1, y2) - half, max(x1, x2) + half, max(y1, y2) + half)

            def distance(px, py, x1=x1, y1=y1, x2=x2, y2=y2, half=half):
                return _segment_distance(px, py, x1, y1, x2, y2) - half
        else:
            _, x, y, radius, colour = shape
            x, y, radius = x * scale, y * scale, radius * scale
            box = (x - radius, y - radius, x + radius, y + radius)

            def distance(px, py, x=x, y=y, radius=radius):
                return math.hypot(px - x, py - y) - radius
        rgb = _rgb(colour)
        for row in range(max(0, int(box[1]) - 1), min(size, int(box[3]) + 2)):
            line = pixels[row]
            for col in range(max(0, int(box[0]) - 1), min(size, int(box[2]) + 2)):
                alpha = min(1.0, max(0.0, 0.5 - distance(col + 0.5, row + 0.5)))
                if alpha > 0.0:
                    pixel = line[col]
                    for c in range(3):
                        pixel[c] = round(pixel[c] + (rgb[c] - pixel[c]) * alpha)
    raw = b"".join(b"\0" + bytes(channel for pixel in line for channel in pixel) for line in pixels)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
