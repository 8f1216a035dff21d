"""Dependencies point one way: core -> games -> bots -> render -> web/relay.

Only the browser glue (web) may import js/pyodide/pyscript and only the
relay may import websockets/sqlite3; rules, bots and rendering import none.
"""

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "py" / "netarcade"
BROWSER_OR_SERVER = {"js", "pyodide", "pyscript", "websockets", "sqlite3"}
# For each layer, the sibling layers it must not import.
FORBIDDEN_LAYERS = {
    "core": {"games", "bots", "render", "web", "relay"},
    "games": {"bots", "web", "relay"},  # games/<name>/render.py may use render helpers
    "bots": {"render", "web", "relay"},
    "render": {"bots", "web", "relay"},
}


def _imports(path: pathlib.Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                yield ".".join([*base, node.module] if node.module else base)
            else:
                yield node.module


def _modules(layer):
    return sorted((PACKAGE / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", sorted(FORBIDDEN_LAYERS))
def test_layer_imports_nothing_of_the_browser_or_server(layer):
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in _modules(layer)
        for name in _imports(path)
        if name.split(".")[0] in BROWSER_OR_SERVER
    ]
    assert _modules(layer), f"layer {layer} has modules"
    assert offenders == []


@pytest.mark.parametrize("layer", sorted(FORBIDDEN_LAYERS))
def test_layer_imports_point_one_way(layer):
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in _modules(layer)
        for name in _imports(path)
        if name.startswith("netarcade.") and name.split(".")[1] in FORBIDDEN_LAYERS[layer]
    ]
    assert offenders == []


def test_the_checker_sees_relative_imports(tmp_path):
    # Guard against a checker that silently finds nothing.
    names = list(_imports(PACKAGE / "games" / "backbone" / "rules.py"))
    assert "netarcade.core.errors" in names
