"""Dependencies point one way: core -> games -> bots -> web | relay, and
``rl`` (the learning environments) above the bots: it may read web's board
drawing, and nothing imports it. ``site`` (serving the built files: the
rules both servers follow, the static server) stands on the core alone and
the relay serves the site with it; ``cli`` (the command line and the tools
behind it) is the top: it may import every layer but the page (``web``, its drawing
included) and ``rl``, and nothing imports it but ``python -m netarcade``.
Every package of netarcade is one of these layers: no loose module.

``web`` is the page, and all of it runs in the engine's Pyodide worker; its
parts (``WEB_PARTS``) are the page core (its flat modules), ``web/games/``
(one folder per game), ``web/online/`` (a room on the relay),
``web/replay/`` (the replay viewer, Analyse, the Hint) and ``web/render/``
(what every board's drawing shares: only ``web`` imports it, and it imports
nothing of ours). Only the page's ``browser`` module may import
js/pyodide/pyscript and only the relay may import websockets/sqlite3; rules,
bots and drawing import none. No import circle at any depth: an import inside
a function counts like one at the top of the module.

The page's threads (``static/``): ``static/main/`` runs on the page's main
thread in MicroPython and never imports the engine; ``static/worker/`` starts
the engine's worker; the op names both sides speak are one module of the
wheel, ``web/opnames.py``, which imports nothing.
"""

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "py" / "netarcade"
STATIC = PACKAGE.parents[1] / "static"
BROWSER_OR_SERVER = {"js", "pyodide", "pyscript", "websockets", "sqlite3"}
# For each layer, the sibling layers it must not import (web and relay sit side
# by side at the top).
FORBIDDEN_LAYERS = {
    "core": {"games", "bots", "web", "relay", "rl", "site", "cli"},
    "games": {"bots", "web", "relay", "rl", "site", "cli"},
    "bots": {"web", "relay", "rl", "site", "cli"},
    "web": {"relay", "rl", "site", "cli"},
    # the relay serves the built site by the site's rules (site.rules)
    "relay": {"web", "rl", "cli"},
    # the learning environments: above the bots, drawing boards with web's own
    # games' drawing (never web/render directly), never the relay
    "rl": {"relay", "site", "cli"},
    # serving the built files: the core's argument parser and nothing else of ours
    "site": {"games", "bots", "web", "relay", "rl", "cli"},
    # the command line on top: games, bots, the analyser, the static server and the
    # relay's command; never the page or the learning environments
    "cli": {"web", "rl"},
}
#: the parts of the page (``web/``): its subpackages, each with the parts of web it must
#: not import; the page core is web's own flat modules (tests below find them all listed)
WEB_PARTS = {
    "games": {"online"},            # one folder per game: its page, table, board drawing
    "online": {"replay", "games"},  # a room on the relay as a local session, the lobby
    "replay": {"online", "games"},  # the replay viewer, Analyse, the Hint
    "render": {"games", "online", "replay"},  # what every board's drawing shares; imports nothing else of ours
}
#: the modules of the package that are no layer: the package's own and ``python -m netarcade``
PACKAGE_MODULES = {"__init__.py", "__main__.py"}
#: the libraries of the ``rl`` extra: only ``rl`` imports them (the page's wheel never carries them)
LEARNING_LIBRARIES = {"numpy", "gymnasium", "pettingzoo"}
#: the one module of the page that talks to JavaScript (the worker's socket and clock)
BROWSER_MODULES = {"web/browser.py"}
#: modules outside the relay allowed one of those names, and which: the benchmark names
#: the Pyodide it runs on (``bench.runtime``, when scripts/bench/pyodide.mjs runs it in Node)
RUNTIME_PROBES = {"cli/bench.py": {"pyodide"}}


def _imports(path: pathlib.Path, top_level_only: bool = False, package: tuple | None = None,
             root: pathlib.Path = PACKAGE.parent):
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
            folder = root / module.replace(".", "/")
            for alias in node.names:
                if (folder / f"{alias.name}.py").exists() or (folder / alias.name / "__init__.py").exists():
                    yield f"{module}.{alias.name}"


def _modules(layer):
    return sorted((PACKAGE / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", sorted(FORBIDDEN_LAYERS))
def test_layer_imports_nothing_of_the_browser_or_server(layer):
    allowed = {"relay": {"websockets", "sqlite3"}}.get(layer, set())
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in _modules(layer)
        if path.relative_to(PACKAGE).as_posix() not in BROWSER_MODULES
        for name in _imports(path)
        if name.split(".")[0] in BROWSER_OR_SERVER - allowed
        - RUNTIME_PROBES.get(path.relative_to(PACKAGE).as_posix(), set())
    ]
    assert _modules(layer), f"layer {layer} has modules"
    assert offenders == []


def test_only_rl_imports_the_learning_libraries():
    """numpy, gymnasium and pettingzoo (the ``rl`` extra) are imported by ``rl``
    alone, so nothing else needs the extra; and nothing outside ``rl`` imports it."""
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).parts[0] != "rl"
        for name in _imports(path)
        if name.split(".")[0] in LEARNING_LIBRARIES or name == "netarcade.rl" or name.startswith("netarcade.rl.")
    ]
    assert _modules("rl") and any(name.split(".")[0] in LEARNING_LIBRARIES
                                  for path in _modules("rl") for name in _imports(path))
    assert offenders == []


def test_every_package_is_a_layer():
    """No loose module beside the layers: every folder of netarcade is a layer
    listed above, every file the package's own ``__init__``/``__main__``."""
    # (a folder git does not hold, with bytecode only, left by a move, is not the package's)
    entries = {path.name for path in PACKAGE.iterdir()
               if path.name != "__pycache__" and (path.is_file() or any(path.rglob("*.py")))}
    folders = {name for name in entries if (PACKAGE / name).is_dir()}
    assert folders == set(FORBIDDEN_LAYERS)
    assert entries - folders == PACKAGE_MODULES


def test_nothing_imports_the_command_line():
    """``cli`` is the top: only ``python -m netarcade`` (``__main__.py``) imports it."""
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).parts[0] != "cli" and path.relative_to(PACKAGE).as_posix() != "__main__.py"
        for name in _imports(path)
        if name == "netarcade.cli" or name.startswith("netarcade.cli.")
    ]
    assert offenders == []
    assert "netarcade.cli.main" in set(_imports(PACKAGE / "__main__.py"))


def test_only_the_page_draws():
    """``web/render`` is imported by ``web`` alone (the relay, the CLI and the tools draw
    nothing; ``rl`` draws through the games' own ``web/games/<id>/render.py``)."""
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).parts[0] != "web"
        for name in _imports(path)
        if name == "netarcade.web.render" or name.startswith("netarcade.web.render.")
    ]
    assert _modules("web/render") and offenders == []


def test_every_package_is_a_layer_and_every_part_of_web_is_known():
    """A new folder of the package is placed on purpose: a layer of FORBIDDEN_LAYERS,
    or a part of the page (WEB_PARTS)."""
    layers = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    parts = {path.parent.name for path in (PACKAGE / "web").glob("*/__init__.py")}
    assert layers == set(FORBIDDEN_LAYERS)
    assert parts == set(WEB_PARTS)


@pytest.mark.parametrize("part", sorted(WEB_PARTS))
def test_the_parts_of_the_page_import_one_way(part):
    """Online play and the replay viewer know nothing of each other; the shared drawing
    (web/render) imports nothing of ours but itself."""
    def forbidden(name):
        parts = name.split(".")
        if part == "render":  # nothing of ours outside web/render
            return parts[0] == "netarcade" and parts[1:3] != ["web", "render"]
        return parts[:2] == ["netarcade", "web"] and len(parts) > 2 and parts[2] in WEB_PARTS[part]

    offenders = [f"{path.relative_to(PACKAGE)} imports {name}"
                 for path in _modules(f"web/{part}") for name in _imports(path) if forbidden(name)]
    assert _modules(f"web/{part}") and offenders == []


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


def _module_name(path, package=PACKAGE):
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_circles(package: pathlib.Path) -> list[list[str]]:
    """Every import circle among the modules of ``package`` (a folder), each
    as the trail of modules that closes it. Imports inside functions count:
    deferring an import hides a circle from Python, not from a reader."""
    modules = {_module_name(path, package): path for path in sorted(package.rglob("*.py"))}
    graph = {name: {target for target in _imports(path, package=_package_of(path, package), root=package.parent)
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


def _package_of(path, package):
    return path.relative_to(package.parent).with_suffix("").parts[:-1]


def test_no_import_circle():
    assert import_circles(PACKAGE) == []


def test_a_circle_through_an_import_inside_a_function_is_found(tmp_path):
    """The checker is shown a deliberate circle hidden the usual way (one
    side imports the other inside a function) and must report it."""
    package = tmp_path / "loop"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "state.py").write_text("def setup():\n    from .rules import start\n    return start()\n",
                                      encoding="utf-8")
    (package / "rules.py").write_text("from .state import setup\n\n\ndef start():\n    return 1\n",
                                      encoding="utf-8")
    assert import_circles(package) == [["loop.rules", "loop.state", "loop.rules"]]
    # the same two modules without the deferred import: no circle
    (package / "state.py").write_text("def setup():\n    return 1\n", encoding="utf-8")
    assert import_circles(package) == []


#: a module past this many lines wants splitting by topic (issue: one shape per game)
MAX_MODULE_LINES = 500


def test_no_module_is_over_500_lines():
    long = [f"{path.relative_to(PACKAGE)}: {count} lines"
            for path in sorted(PACKAGE.rglob("*.py"))
            if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES]
    assert long == []


# --- the page's threads: static/main/ (MicroPython on the page), static/worker/ (the engine)

MAIN_THREAD = STATIC / "main"
WORKER_START = STATIC / "worker"
#: what the main thread's MicroPython may import besides its own modules
MAIN_THREAD_IMPORTS = {"js", "pyscript", "pyscript.ffi", "json", "sys", "opnames"}


def _static_imports(path):
    return [name for name in _imports(path, package=(), root=path.parent)]


def test_static_code_sits_by_thread():
    """static/'s code is in the folder of the thread it runs on; at its top only the
    stylesheets, bare.html and the service worker's template (sw.js, its own thread)."""
    loose = sorted(path.name for path in STATIC.glob("*") if path.suffix in (".py", ".js", ".mjs"))
    assert loose == ["sw.js"]
    assert {path.name for path in MAIN_THREAD.iterdir()} >= {"page.py", "ops.py", "dom.py", "boot.js"}
    assert {path.name for path in WORKER_START.iterdir()} >= {"engine.py", "pyodide-start.mjs"}
    # the build serves both folders flat in static/: no name twice
    names = [path.name for folder in (MAIN_THREAD, WORKER_START) for path in folder.iterdir()]
    assert len(names) == len(set(names))


def test_the_main_thread_never_imports_the_engine():
    """The MicroPython glue imports its own modules, the browser's and the op names:
    never netarcade (the wheel is the worker's), never the worker's engine.py."""
    own = {path.stem for path in MAIN_THREAD.glob("*.py")}
    offenders = [f"static/main/{path.name} imports {name}" for path in sorted(MAIN_THREAD.glob("*.py"))
                 for name in _static_imports(path) if name not in own | MAIN_THREAD_IMPORTS]
    assert own >= {"page", "ops", "dom", "inputs", "focus", "offline"}
    assert offenders == []


def test_the_worker_never_imports_the_main_threads_glue():
    """The engine's worker (static/worker/engine.py and the whole wheel) reaches the page
    in messages only: no module of static/main/ is imported there."""
    glue = {path.stem for path in MAIN_THREAD.glob("*.py")}
    modules = sorted(PACKAGE.rglob("*.py")) + sorted(WORKER_START.glob("*.py"))
    offenders = [f"{path} imports {name}" for path in modules
                 for name in (_imports(path) if path.is_relative_to(PACKAGE) else _static_imports(path))
                 if name.split(".")[0] in glue]
    assert "netarcade.web" in _static_imports(WORKER_START / "engine.py") and offenders == []


def _op_names_spoken(path):
    """The op names a module of the worker writes: ``.op("name", ...)``, ``.add("name", ...)``
    and ``{"op": "name", ...}``."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("op", "add")
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            yield node.args[0].value
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if isinstance(key, ast.Constant) and key.value == "op" and isinstance(value, ast.Constant):
                    yield value.value


def test_both_threads_read_one_op_vocabulary():
    """web/opnames.py names every op once: the worker speaks only its names, and the
    page's static/main/ops.py defines a function for each (found by the name given there)."""
    from netarcade.web import opnames

    assert list(_imports(PACKAGE / "web" / "opnames.py")) == []  # MicroPython loads it as it is
    spoken = {name for path in [*sorted((PACKAGE / "web").rglob("*.py")), WORKER_START / "engine.py"]
              for name in _op_names_spoken(path)}
    assert {"html", "text", "ready", "store"} <= spoken
    assert spoken - set(opnames.ALL) == set()
    tree = ast.parse((MAIN_THREAD / "ops.py").read_text(encoding="utf-8"))
    defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    assert set(opnames.ALL.values()) - defined == set()
    assert set(opnames.ON_ELEMENT).isdisjoint(opnames.GLOBAL)
    # the glue spells no op name itself: its tables come from opnames
    glue_ops = {key.value for node in ast.walk(tree) if isinstance(node, ast.Dict)
                for key in node.keys if isinstance(key, ast.Constant)}
    assert glue_ops & set(opnames.ALL) == set()
