"""Cross-runtime determinism: the wheel we ship gives CPython's digests on Pyodide.

Seeded random games of every registered game are played on CPython, their
records encoded, then replayed under Pyodide in Node (tests/node/run_pyodide.mjs,
offline, from the lockfile the site build writes). The final-state digests
must be identical. Seeded bot games (greedy and search in both games) are
also played from scratch on both runtimes: the same digests mean the bots
chose the same actions; and two records are analysed (bots/analysis.py)
on both, to the same decisions.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile

import pytest

from netarcade.core import encode_record
from netarcade.core.actors import RandomActor
from netarcade.core.match import Match
from netarcade.games import all_games, get_game
from netarcade.core.prng import Rng, derive_seed

from support.playing import play, random_moves
from support.webstack import LOCKFILE, ROOT, ensure_site

pytestmark = pytest.mark.pyodide

SEEDS = (0, 1, 42, 2**64 - 1)  # the last one exercises 64-bit ints on wasm32
#: more seeds of one game: Overwrite's 9 deals the System Fail first, which
#: rules edition 2 puts back at a place keyed by the envelope's order (O26)
EXTRA_SEEDS = (("overwrite", 9),)
#: records made before a rules edition existed (edition 1), and under
#: edition 2 before edition 3 (a pass, an unlock edition 3 refuses), with their digests
KEPT = [entry for entry in json.loads((ROOT / "tests" / "vectors" / "overwrite-links-v1.json").read_text())
        if entry["actions"] in (0, 59)]
KEPT += [entry for entry in json.loads((ROOT / "tests" / "vectors" / "overwrite-links-v2.json").read_text())
         if entry["actions"] in (32, 70)]
MAX_ACTIONS = 400
RUNNER = ROOT / "tests" / "node" / "run_pyodide.mjs"


def play_seeded(game, seed: int) -> tuple[str, str]:
    """A random legal game (at most MAX_ACTIONS actions) through ``Match``:
    the acting seat drawn among all that may act (``RandomActor``), never the
    lowest first; returns (record, digest)."""
    policy = Rng(derive_seed(seed, "test-policy"))
    match = Match(game, {}, seed, undo=False, actor=RandomActor(policy))
    play(match, random_moves(match, policy), limit=MAX_ACTIONS)
    return encode_record(match.record()), match.digest()


@pytest.fixture(scope="module")
def node():
    path = shutil.which("node")
    if path is None:
        pytest.skip("node is not installed: the cross-runtime test needs Node to run Pyodide")
    return path


# the runner's stdin lines are ``records``; replay lives with the game registry
REPLAY_SNIPPET = """
from netarcade.core.record import decode_record, digest
from netarcade.games import replay
for r in records:
    game, state = replay(decode_record(r))
    print(digest(game, state))
"""


def test_pyodide_replays_give_cpython_digests(node, tmp_path):
    ensure_site()
    code = tmp_path / "replay.py"
    code.write_text(REPLAY_SNIPPET)
    games = [(game, seed, *play_seeded(game, seed)) for game in all_games() for seed in SEEDS]
    assert games, "no games registered"
    games += [(get_game(game_id), seed, *play_seeded(get_game(game_id), seed)) for game_id, seed in EXTRA_SEEDS]
    games += [(get_game("overwrite"), "kept", entry["link"].split("&r=", 1)[1], entry["digest"]) for entry in KEPT]
    records = "\n".join(record for _, _, record, _ in games) + "\n"

    result = subprocess.run(
        [node, str(RUNNER), "--lock", str(LOCKFILE), "--code", str(code)],
        input=records, capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert result.returncode == 0, f"Pyodide run failed:\n{result.stderr[-4000:]}"
    timing = [line for line in result.stderr.splitlines() if line.startswith("pyodide-node:")]
    print(*timing, sep="\n")

    pyodide_digests = result.stdout.split()
    assert len(pyodide_digests) == len(games), result.stdout
    mismatches = [
        f"{game.id} seed={seed}: CPython {expected[:12]} != Pyodide {got[:12]}"
        for (game, seed, _, expected), got in zip(games, pyodide_digests)
        if expected != got
    ]
    assert not mismatches, "\n".join(mismatches)


# Seeded bot games: the bots' arithmetic (evaluations, logistic squashing,
# sums of playout values) must pick the same actions on both runtimes.
BOT_GAMES = (
    ("netcontrol", ["search", "greedy", "greedy"], 3, {"target": 6}, {"search": {"iterations": 12}}),
    ("netcontrol", ["greedy", "search", "random", "greedy"], 8, {"target": 5, "radius": 1},
     {"search": {"iterations": 12}}),
    ("backbone", ["search", "greedy"], 2, {"target": 6, "map": "seeded"}, {"search": {"iterations": 16}}),
    ("overwrite", ["greedy", "search"], 7, {}, {"search": {"iterations": 8}}),
    ("breach", ["greedy", "random", "greedy"], 5, {"rounds": 6}, {}),
)
BOT_SNIPPET = """
import json
from netarcade.cli.simulate import play
for spec in records:
    game, bots, seed, options, settings = json.loads(spec)
    print(play(game, bots, seed, options, settings).digest)
"""


def test_pyodide_bots_choose_what_cpython_bots_choose(node, tmp_path):
    from netarcade.cli.simulate import play

    ensure_site()
    expected = [play(*spec).digest for spec in BOT_GAMES]
    code = tmp_path / "bots.py"
    code.write_text(BOT_SNIPPET)
    specs = "\n".join(json.dumps(spec, separators=(",", ":")) for spec in BOT_GAMES) + "\n"
    result = subprocess.run(
        [node, str(RUNNER), "--lock", str(LOCKFILE), "--code", str(code)],
        input=specs, capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert result.returncode == 0, f"Pyodide run failed:\n{result.stderr[-4000:]}"
    assert result.stdout.split() == expected


# Move analysis (bots/analysis.py): the same record and settings give the same
# decisions on both runtimes, so a link's analysis in the page is the command's.
ANALYSIS_SNIPPET = """
import hashlib
from netarcade.bots.analysis import Settings
from netarcade.cli.analyse import analyse
from netarcade.core.record import canonical_bytes, decode_record
for record in records:
    _, decisions = analyse(decode_record(record), Settings(worlds=3, search={"iterations": 12}))
    print(hashlib.sha256(canonical_bytes([d.to_json() for d in decisions])).hexdigest())
"""


def test_pyodide_analyses_a_record_as_cpython_does(node, tmp_path):
    import hashlib

    from netarcade.cli.analyse import analyse
    from netarcade.bots.analysis import Settings
    from netarcade.core.record import canonical_bytes, decode_record
    from netarcade.cli.simulate import play

    ensure_site()
    records = [play("netcontrol", ["greedy", "greedy", "greedy"], 4, {"target": 4}).record,
               play("overwrite", ["search", "search"], 9).record]
    expected = []
    for record in records:
        _, decisions = analyse(decode_record(record), Settings(worlds=3, search={"iterations": 12}))
        assert decisions
        expected.append(hashlib.sha256(canonical_bytes([d.to_json() for d in decisions])).hexdigest())
    code = tmp_path / "analysis.py"
    code.write_text(ANALYSIS_SNIPPET)
    result = subprocess.run(
        [node, str(RUNNER), "--lock", str(LOCKFILE), "--code", str(code)],
        input="\n".join(records) + "\n", capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert result.returncode == 0, f"Pyodide run failed:\n{result.stderr[-4000:]}"
    assert result.stdout.split() == expected


# The warm start (tests/node/warm_start.mjs: the built snapshot resumed through the page's
# own static/worker/pyodide-start.mjs code, nothing installed on top): every module of the layers
# the page runs is already imported, with html for PyScript; no file of ours is on the disk;
# records replay to CPython's digests and encode to CPython's bytes (msgpack's own Python).
WARM_SNIPPET = """
import os, site, sys
from netarcade.core import encode_record
from netarcade.core.record import decode_record, digest
from netarcade.games import replay
expected, records = lines[0].split(","), lines[1:]
missing = [name for name in expected + ["html", "html.entities", "msgpack"] if name not in sys.modules]
on_disk = sorted(os.listdir(site.getsitepackages()[0]))
print("missing", ",".join(missing) or "-")
print("on-disk", ",".join(on_disk) or "-")
print("msgpack", sys.modules["msgpack"].Packer.__module__)
print("program", sys.executable, os.environ.get("_"))
for record in records:
    game, state = replay(decode_record(record))
    print("digest", digest(game, state), encode_record(decode_record(record)) == record)
"""

#: the packages of ours the page runs (static/worker/python-snapshot.mjs imports every module of them)
PAGE_PACKAGES = ("core", "games", "bots", "web")


def page_modules() -> list[str]:
    names = []
    for package in PAGE_PACKAGES:
        folder = ROOT / "py" / "netarcade" / package
        for path in sorted(folder.rglob("*.py")):
            parts = path.relative_to(ROOT / "py").with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_the_warm_start_resumes_our_modules_imported(node, tmp_path):
    ensure_site()
    code = tmp_path / "warm.py"
    code.write_text(WARM_SNIPPET)
    played = [play_seeded(get_game(game_id), seed) for game_id, seed in
              (("backbone", 1), ("netcontrol", 2), ("overwrite", 3), ("breach", 4))]
    modules = page_modules()
    assert "netarcade.web.app" in modules and "netarcade.web.games.backbone.render" in modules
    result = subprocess.run(
        [node, str(ROOT / "tests" / "node" / "warm_start.mjs"), str(ROOT / "dist"), str(code)],
        input="\n".join([",".join(modules), *(record for record, _ in played)]) + "\n",
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert result.returncode == 0, f"warm start failed:\n{result.stderr[-4000:]}"
    report = json.loads(result.stdout.splitlines()[-1])
    assert report["snapshot"] > 30 * 2**20  # more than the memory Pyodide starts with: grown first
    assert report["installed"] == [], report  # nothing installed on top
    out = report["out"]
    assert out[0] == "missing -", out[0]
    assert out[1] == "on-disk -", out[1]  # imported as the snapshot was made, read from no file
    assert out[2] == "msgpack msgpack.fallback", out[2]  # the extension is a shared library
    assert out[3] == "program /home/pyodide/this.program ./this.program", out[3]  # a browser's, not the build's path
    assert out[4:] == [f"digest {digest} True" for _, digest in played], out


# The cold start (tests/node/cold_start.mjs: Pyodide from scratch with no package installed,
# our wheel's and msgpack's Python files written in by the page's own static/worker/pyodide-start.mjs
# code): every module of the layers the page runs imports from those files, msgpack runs its
# own Python as on a warm start, and records replay to CPython's digests and bytes.
COLD_SNIPPET = """
import importlib, sys
from netarcade.core import encode_record
from netarcade.core.record import decode_record, digest
from netarcade.games import replay
expected, records = lines[0].split(","), lines[1:]
failed = []
for name in expected:
    try:
        importlib.import_module(name)
    except Exception as err:
        failed.append(f"{name}: {err}")
print("failed", ",".join(failed) or "-")
print("msgpack", sys.modules["msgpack"].Packer.__module__)
print("compiled", sum(1 for module in list(sys.modules.values())
                      if (getattr(module, "__file__", None) or "").endswith(".pyc")))
for record in records:
    game, state = replay(decode_record(record))
    print("digest", digest(game, state), encode_record(decode_record(record)) == record)
"""


def test_the_cold_start_writes_our_modules_without_an_installer(node, tmp_path):
    ensure_site()
    code = tmp_path / "cold.py"
    code.write_text(COLD_SNIPPET)
    played = [play_seeded(get_game(game_id), seed) for game_id, seed in
              (("backbone", 5), ("netcontrol", 6), ("overwrite", 7), ("breach", 8))]
    modules = page_modules()
    result = subprocess.run(
        [node, str(ROOT / "tests" / "node" / "cold_start.mjs"), str(ROOT / "dist"), str(code)],
        input="\n".join([",".join(modules), *(record for record, _ in played)]) + "\n",
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert result.returncode == 0, f"cold start failed:\n{result.stderr[-4000:]}"
    report = json.loads(result.stdout.splitlines()[-1])
    assert report["installed"] == [], report  # no installer: the files were written in
    ours = report["files"]["netarcade"]
    assert "netarcade/web/app.py" in ours and all(path.endswith(".py") for path in ours)
    wheels = {path.name.split("-")[0]: path for path in LOCKFILE.parent.glob("*.whl")}
    with zipfile.ZipFile(wheels["netarcade"]) as wheel:  # every module of the wheel, read by JavaScript
        assert sorted(ours) == sorted(name for name in wheel.namelist() if name.endswith(".py"))
    assert report["files"]["msgpack"] and not any(".so" in path for path in report["files"]["msgpack"])
    assert report["written"].startswith(f"{len(ours) + len(report['files']['msgpack'])} files written"), report
    out = report["out"]
    assert out[0] == "failed -", out[0]
    assert out[1] == "msgpack msgpack.fallback", out[1]  # the same msgpack as a warm start's
    # the stdlib a start imports came compiled (static/python-stdlib.zip), not from source
    assert out[2].startswith("compiled ") and int(out[2].split()[1]) > 100, out[2]
    assert out[3:] == [f"digest {digest} True" for _, digest in played], out


# PyScript's package compiled (static/pyscript-bytecode.zip, unpacked into the home folder by
# the page module's unpackBytecode): with the sources written as PyScript writes them at every
# start (its chunk's strings, Path.write_text), every module loads from its .pyc, none is
# compiled from source; and a source that differs from the one compiled is compiled again.
PYSCRIPT_SNIPPET = """
import importlib.machinery, json, os
from pathlib import Path

package = json.loads(lines[0])
for name, text in package.items():
    Path("pyscript", name).parent.mkdir(parents=True, exist_ok=True)
    Path("pyscript", name).write_text(text, encoding="utf-8")
Path("pyscript", "util.py").write_text(package["util.py"] + "\\n# not PyScript's\\n", encoding="utf-8")
compiled = []
to_code = importlib.machinery.SourceFileLoader.source_to_code
def counting(self, data, path, *args, **kwargs):
    compiled.append(Path(path).name)
    return to_code(self, data, path, *args, **kwargs)
importlib.machinery.SourceFileLoader.source_to_code = counting
for name in sorted(package):
    module = "pyscript." + name[:-3]
    importlib.machinery.SourceFileLoader(module, os.path.abspath(f"pyscript/{name}")).get_code(module)
print(os.getcwd(), len(package), ",".join(compiled))
"""


def pyscript_package() -> dict[str, str]:
    """The Python package PyScript writes at every start: the strings in its core chunk."""
    chunk = next((ROOT / "node_modules" / "@pyscript" / "core" / "dist").glob("core-*.js")).read_text(encoding="utf-8")
    marker = 'pyscript:{"__init__.py":'
    package, _ = json.JSONDecoder().raw_decode(chunk, chunk.index(marker) + len("pyscript:"))
    return package


def test_pyscripts_package_loads_from_the_built_bytecode(node, tmp_path):
    ensure_site()
    code = tmp_path / "pyscript.py"
    code.write_text(PYSCRIPT_SNIPPET)
    package = pyscript_package()
    assert "web.py" in package and all(isinstance(text, str) for text in package.values())
    result = subprocess.run(
        [node, str(ROOT / "tests" / "node" / "warm_start.mjs"), str(ROOT / "dist"), str(code)],
        input=json.dumps(package) + "\n", capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert result.returncode == 0, f"warm start failed:\n{result.stderr[-4000:]}"
    report = json.loads(result.stdout.splitlines()[-1])
    assert report["bytecode"].startswith(f"pyscript bytecode {len(package)} modules in "), report["bytecode"]
    home, modules, compiled = (report["out"][-1].split(" ") + [""])[:3]
    assert home == "/home/pyodide" and int(modules) == len(package), report["out"]
    assert compiled == "util.py", f"compiled from source: {compiled!r}"  # only the one changed here
