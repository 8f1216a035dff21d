"""Tests for the shared SVG helpers in netarcade.web.render (palette, svg, chart) and Backbone's icons."""

from __future__ import annotations

import ast
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from netarcade.web.render import chart, palette, svg
from netarcade.web.games.backbone import icons
from netarcade.web.render.chart import score_chart
from support.playing import play

NS = "{http://www.w3.org/2000/svg}"
PY = Path(__file__).resolve().parents[2] / "py" / "netarcade"


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def _luminance(color: str) -> float:
    channels = [int(color[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# --- palette ------------------------------------------------------------------


def test_palette_has_six_distinct_colours_and_six_distinct_shapes():
    assert len(palette.PLAYERS) == 6
    colours = [p.color.lower() for p in palette.PLAYERS]
    shapes = [p.shape for p in palette.PLAYERS]
    assert len(set(colours)) == 6
    assert shapes == ["circle", "square", "triangle", "diamond", "hexagon", "star"]
    assert len(set(p.fill.lower() for p in palette.PLAYERS)) == 6


def test_palette_colours_are_okabe_ito():
    okabe_ito = {"#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7"}
    assert {p.color.lower() for p in palette.PLAYERS} <= okabe_ito


def test_player_colours_and_text_read_on_the_dark_background():
    bg = palette.THEME["bg"]
    assert _luminance(bg) < 0.02  # a dark theme
    for p in palette.PLAYERS:
        assert re.fullmatch(r"#[0-9A-Fa-f]{6}", p.color)
        assert contrast(p.color, bg) >= 4.5, p
        # icons sit on the plate fill: still clearly readable
        assert contrast(p.color, p.fill) >= 3.5, p
    assert contrast(palette.THEME["text"], bg) >= 7
    assert contrast(palette.THEME["text-dim"], bg) >= 4.5


def test_player_lookups_wrap_around():
    assert palette.player_color(0) == palette.PLAYERS[0].color
    assert palette.player_shape(7) == palette.PLAYERS[1].shape


def test_css_variables_name_every_player():
    css = palette.css_variables()
    for seat in range(1, 7):
        assert f"--na-p{seat}:" in css


# --- svg helpers ----------------------------------------------------------------


def test_escape_text_and_attributes():
    assert svg.escape("<a href=\"x\">R&D's</a>") == "&lt;a href=&quot;x&quot;&gt;R&amp;D&#39;s&lt;/a&gt;"
    nasty = "</text><script>alert(1)</script>\"'&\x00\x07"
    node = parse(f'<svg xmlns="{svg.SVG_NS}">{svg.text(0, 0, nasty, title=nasty)}</svg>')[0]
    assert node.text == nasty.replace("\x00", "").replace("\x07", "")
    assert node.get("title") == node.text


def test_attrs_order_names_and_skipped_values():
    assert svg.attrs(class_="a", data_hex="1,2", stroke_width=1.5, hidden=None, off=False, on=True) == (
        ' class="a" data-hex="1,2" stroke-width="1.5" on="true"'
    )
    assert svg.attrs({"aria-label": "x & y"}) == ' aria-label="x &amp; y"'


def test_html_elements_are_written_the_html_way_and_escaped_once():
    from html.parser import HTMLParser

    class Read(HTMLParser):
        def handle_starttag(self, tag, attrs):
            found.append((tag, dict(attrs)))

    nasty = "</p><script>alert(1)</script>\"'&"
    markup = (svg.el("input", value=nasty, readonly=True, spellcheck="false")
              + svg.el("button", svg.escape(nasty), type="button", disabled=True, aria_disabled="true")
              + svg.el("option", "x", selected=False))
    assert markup.startswith("<input ") and "/>" not in markup.split("<button")[0]  # a void element: no end
    assert " readonly " in markup and " disabled " in markup and 'aria-disabled="true"' in markup
    found: list = []
    Read(convert_charrefs=True).feed(markup)
    assert [tag for tag, _ in found] == ["input", "button", "option"]  # the text did not open a tag
    assert found[0][1] == {"value": nasty, "readonly": None, "spellcheck": "false"}
    assert "selected" not in found[2][1]
    # SVG elements stay self-closing; any other True is "true" (XML has no bare attributes)
    assert svg.el("use", href="#x", focusable=True) == '<use href="#x" focusable="true"/>'


def test_a_clickable_cell_has_its_attributes_from_one_place():
    assert svg.cell_attrs("p1 node v3", "v3: place a node") == {
        "data-action": "p1 node v3", "role": "button", "tabindex": "0", "aria-label": "v3: place a node"}
    assert svg.cell_attrs(None, "v3: place a node", "v3: empty") == {"role": "img", "aria-label": "v3: empty"}
    assert svg.cell_attrs("", None) == {}
    # no board writes a cell's button attributes by hand (docs/web.md: svg.cell_attrs)
    for path in sorted((PY / "web").rglob("*.py")):
        if path == PY / "web" / "render" / "svg.py":
            continue  # the one place that writes them
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""["']tabindex["']\s*:|group\[["']tabindex""", text), path


def test_fmt_is_compact_and_stable():
    assert [svg.fmt(v) for v in (0.0, -0.0001, 1.005, 2.5, 10, 1 / 3)] == ["0", "0", "1", "2.5", "10", "0.33"]


def test_polygon_points():
    assert svg.polygon_points([(0, 0), (1.25, -2), (3.14159, 2.71828)]) == "0,0 1.25,-2 3.14,2.72"
    assert svg.polygon_points([]) == ""


def test_elements_nest_and_parse():
    doc = svg.svg_document([svg.g([svg.el("circle", r=2), svg.text(1, 2, "hi")], id="grp")], (0, 0, 10, 10))
    root = parse(doc)
    assert root.get("viewBox") == "0 0 10 10"
    assert root.get("width") == "100%"
    assert root.get("height") is None
    assert root.find(f"{NS}g").get("id") == "grp"


@pytest.mark.parametrize("name", [p.shape for p in palette.PLAYERS])
def test_every_shape_cue_draws(name):
    root = parse(f'<svg xmlns="{svg.SVG_NS}">{svg.shape(name, 5, 5, 3, fill="red")}</svg>')
    assert len(root) == 1 and root[0].get("fill") == "red"


def test_unknown_shape_is_an_error():
    with pytest.raises(ValueError, match="unknown shape"):
        svg.shape("blob", 0, 0, 1)


# --- icons -------------------------------------------------------------------------


def test_icon_symbols_parse_and_are_distinct():
    root = parse(f'<svg xmlns="{svg.SVG_NS}">{icons.defs()}</svg>')
    symbols = root.find(f"{NS}defs").findall(f"{NS}symbol")
    ids = [s.get("id") for s in symbols]
    assert ids == [icons.PREFIX + name for name in icons.ICONS]
    for kind in ("router", "switch", "ap", "server", "datacenter", "firewall", "disabled", "city"):
        assert icons.PREFIX + kind in ids
    # distinct in shape, not only in colour: no two symbols share their drawing
    assert len(set(icons.ICONS.values())) == len(icons.ICONS)


def test_icon_use_points_at_its_symbol():
    node = parse(f'<svg xmlns="{svg.SVG_NS}">{icons.use("server", 10, 20, 8, color="#fff")}</svg>')[0]
    assert node.get("href") == "#na-server"
    assert (node.get("x"), node.get("y"), node.get("width")) == ("6", "16", "8")
    with pytest.raises(ValueError):
        icons.use("toaster", 0, 0, 1)


# --- chart ---------------------------------------------------------------------------


def _polylines(root):
    return root.findall(f".//{NS}polyline")


def test_chart_has_one_polyline_per_player_with_one_point_per_turn():
    history = [[0, 0], [1, 0], [1, 2], [3, 2], [3, 5]]
    root = parse(score_chart(history, ["Ada", "Bob"], 400, 200))
    lines = _polylines(root)
    assert len(lines) == 2
    assert sorted(line.get("class") for line in lines) == ["series p1", "series p2"]
    for line in lines:
        assert len(line.get("points").split()) == len(history)
    assert {line.get("stroke") for line in lines} == {palette.PLAYERS[0].color, palette.PLAYERS[1].color}


def test_chart_points_follow_the_scores():
    history = [[0, 4], [2, 4], [4, 0]]
    root = parse(score_chart(history, 2, 300, 150))
    by_class = {line.get("class"): line for line in _polylines(root)}
    ys = [float(p.split(",")[1]) for p in by_class["series p1"].get("points").split()]
    assert ys[0] > ys[1] > ys[2]  # rising score = smaller y
    xs = [float(p.split(",")[0]) for p in by_class["series p2"].get("points").split()]
    assert xs == sorted(xs) and len(set(xs)) == 3


@pytest.mark.parametrize("count", [1, 3, 6])
def test_chart_many_players_and_markers_in_their_shapes(count):
    history = [[t * s % 7 for s in range(count)] for t in range(40)]
    root = parse(score_chart(history, count, 480, 240, target=10))
    assert len(_polylines(root)) == count
    groups = [g for g in root.iter(f"{NS}g") if (g.get("class") or "").startswith("player ")]
    assert len(groups) == count
    # markers are thinned out on long games but always present
    for group in groups:
        assert 1 <= len(group) - 1 <= 14


def test_chart_empty_history_and_escaped_names():
    out = score_chart([], ["<b>&", "O'Neil"], 300, 150)
    root = parse(out)
    assert [line.get("points") for line in _polylines(root)] == ["", ""]
    texts = "".join(t.text or "" for t in root.iter(f"{NS}text"))
    assert "<b>& 0" in texts and "O'Neil 0" in texts


def test_chart_is_deterministic():
    history = [[1, 2], [3, 4]]
    assert score_chart(history, ["a", "b"], 320, 160) == score_chart([list(r) for r in history], ["a", "b"], 320, 160)


def test_chart_nice_steps():
    assert chart._nice_step(10, 5) == 2
    assert chart._nice_step(199, 8) == 50
    assert chart._nice_step(0, 5) == 1


# --- purity ----------------------------------------------------------------------------

FORBIDDEN = {"js", "pyodide", "pyscript", "websockets", "sqlite3"}


def _render_modules():
    yield from sorted((PY / "web" / "render").glob("*.py"))
    yield from sorted((PY / "web" / "games").glob("*/render*.py"))
    yield from sorted((PY / "web" / "games").glob("*/icons.py"))


@pytest.mark.parametrize("path", list(_render_modules()), ids=lambda p: str(p.relative_to(PY)))
def test_render_code_imports_nothing_from_the_browser_or_the_server(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots = {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            roots = {(node.module or "").split(".")[0]}
        else:
            continue
        assert not roots & FORBIDDEN, f"{path.name} imports {roots & FORBIDDEN}"
        # pure Python: standard library or the package itself
        assert not roots & {"lxml", "PIL", "numpy", "matplotlib"}


def test_chart_legend_of_six_long_names_wraps_inside_the_chart():
    names = ["You"] + [f"Greedy bot {i}" for i in range(2, 7)]
    history = [[t % 11 for _ in names] for t in range(30)]
    width = 480
    root = parse(score_chart(history, names, width, 220, target=10, y_label="XP"))
    legend = [t for t in root.iter(f"{NS}text") if t.get("class") == "legend"]
    assert [t.text.rsplit(" ", 1)[0] for t in legend] == names
    rows = sorted({float(t.get("y")) for t in legend})
    assert len(rows) == 2  # one row cannot hold them all
    label = next(t for t in root.iter(f"{NS}text") if t.get("class") == "label" and t.text == "XP")
    label_end = float(label.get("x")) + chart._LABEL_CHAR * len("XP")
    for t in legend:
        x = float(t.get("x"))
        end = x + chart._LEGEND_CHAR * len(t.text)
        assert end <= width - 14 + 0.01, t.text  # inside the right edge
        assert x - 14 >= (label_end if float(t.get("y")) == rows[0] else 40 - 0.01), t.text
    # the plot starts below the last legend row
    plot = next(r for r in root.iter(f"{NS}rect") if r.get("class") == "plot")
    assert float(plot.get("y")) > rows[-1] + 4


def test_the_chart_names_its_unit_and_draws_tied_lines_apart():
    """Issue 39, item 10: the card said "after 18 rounds" under an axis of TURN 1-35, and
    Net Control's tied lines lay one over another."""
    import re

    from netarcade.web.render.chart import score_chart

    svg = score_chart([[0, 0, 0], [1, 1, 1], [2, 2, 1]], ["A", "B", "C"], 480, 220, x_label="ROUND")
    assert ">ROUND<" in svg and ">TURN<" not in svg and "after 3 rounds" in svg
    lines = [re.search(r'points="([^"]+)"', part).group(1) for part in svg.split("<polyline")[1:]]
    firsts = {line.split()[0] for line in lines}
    assert len(firsts) == 3  # three seats at 0: three lines, not one


def test_the_game_over_chart_counts_rounds_as_its_card_does():
    import random
    import re

    from netarcade.web.pages import page_for
    from netarcade.web.session import Session, new_setup

    session = Session(new_setup("netcontrol", {"target": 4}, seed=2, seats=("greedy",) * 3))
    rng = random.Random(1)
    play(session.match, lambda seat: session.game.parse_action(rng.choice(session.match.legal(seat))))
    table = page_for("netcontrol").table(session)
    card = page_for("netcontrol").game_over(table)
    rounds = max(table.rounds().values())
    assert f"after {rounds} rounds" in card
    assert ">ROUND<" in card and f"after {rounds} rounds:" in re.search(r'aria-label="(Score chart[^"]*)"', card).group(1)
