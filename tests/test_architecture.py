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


def _imports(path: pathlib.Path, top_level_only: bool = False, package: tuple | None = None):
    """Dotted names a module imports (relative imports resolved); with
    ``top_level_only``, only those run when it loads (not deferred into functions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if package is None:
        package = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1]
    if top_level_only:
        nodes = [node for statement in tree.body if not isinstance(statement, (ast.FunctionDef,
                 ast.AsyncFunctionDef, ast.ClassDef)) for node in ast.walk(statement)]
    else:
        nodes = list(ast.walk(tree))
    for node in nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module
            yield module
            # ``from .. import games`` imports the module netarcade.games
            folder = PACKAGE.parent / module.replace(".", "/")
            for alias in node.names:
                if (folder / f"{alias.name}.py").exists() or (folder / alias.name / "__init__.py").exists():
                    yield f"{module}.{alias.name}"


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
    # ``from .. import games`` inside core is caught (it once made an import
    # circle through every game module)
    sneaky = tmp_path / "netarcade" / "core" / "probe.py"
    sneaky.parent.mkdir(parents=True)
    sneaky.write_text("from .. import games\n", encoding="utf-8")
    names = list(_imports(sneaky, package=("netarcade", "core")))
    assert "netarcade" in names
    assert "netarcade.games" in names


def _module_name(path):
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _circles(top_level_only: bool = True, under: str = "netarcade") -> list[list[str]]:
    """Import circles among the modules whose name starts with ``under``;
    with ``top_level_only`` False, imports inside functions count too."""
    modules = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
    modules = {name: path for name, path in modules.items() if name == under or name.startswith(under + ".")}
    graph = {name: {target for target in _imports(path, top_level_only=top_level_only)
                    if target in modules and target != name}
             for name, path in modules.items()}
    # a package's own submodules importing it back is not a circle to chase:
    # Python loads the package first; drop child -> ancestor-package edges
    for name, targets in graph.items():
        graph[name] = {t for t in targets if not name.startswith(t + ".")}
    state, cycles = {}, []

    def visit(node, trail):
        state[node] = "open"
        for target in sorted(graph[node]):
            if state.get(target) == "open":
                cycles.append(trail[trail.index(target):] + [target])
            elif target not in state:
                visit(target, trail + [target])
        state[node] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    return cycles


def test_no_import_circle():
    assert _circles() == []


#: packages with no import circle even through imports deferred into functions
#: (a deferred import only hides a circle; the others are still to untangle)
NO_HIDDEN_CIRCLE = ("netarcade.core", "netarcade.games.overwrite")


@pytest.mark.parametrize("package", NO_HIDDEN_CIRCLE)
def test_no_import_circle_hidden_in_a_function(package):
    assert _circles(top_level_only=False, under=package) == []


#: a module past this many lines wants splitting by topic (issue: one shape per game)
MAX_MODULE_LINES = 600


def test_no_module_is_over_600_lines():
    long = [f"{path.relative_to(PACKAGE)}: {count} lines"
            for path in sorted(PACKAGE.rglob("*.py"))
            if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES]
    assert long == []
