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

import base64
import json
import shutil
import subprocess

import pytest

from netarcade.core import encode_record
from netarcade.core.match import Match
from netarcade.games import all_games, get_game
from netarcade.core.prng import Rng, derive_seed

from webstack import LOCKFILE, ROOT, ensure_site

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
    the acting seat drawn among all that may act (``pick_actor``), never the
    lowest first; returns (record, digest)."""
    match = Match(game, {}, seed, undo=False)
    policy = Rng(derive_seed(seed, "test-policy"))
    while not match.over and match.version < MAX_ACTIONS:
        seat = match.pick_actor(policy)
        match.play(policy.choice(match.legal_actions(seat)))
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
from netarcade.simulate import play
for spec in records:
    game, bots, seed, options, settings = json.loads(spec)
    print(play(game, bots, seed, options, settings).digest)
"""


def test_pyodide_bots_choose_what_cpython_bots_choose(node, tmp_path):
    from netarcade.simulate import play

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
from netarcade.analyse import analyse
from netarcade.core.record import canonical_bytes, decode_record
for record in records:
    _, decisions = analyse(decode_record(record), Settings(worlds=3, search={"iterations": 12}))
    print(hashlib.sha256(canonical_bytes([d.to_json() for d in decisions])).hexdigest())
"""


def test_pyodide_analyses_a_record_as_cpython_does(node, tmp_path):
    import hashlib

    from netarcade.analyse import analyse
    from netarcade.bots.analysis import Settings
    from netarcade.core.record import canonical_bytes, decode_record
    from netarcade.simulate import play

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


# The warm start's bytecode (static/python-bytecode.zip, unpacked over the installed wheel as
# static/pyodide-start.mjs does): every module of ours imports from its .pyc, none is compiled
# from source; and a module whose source differs from the one compiled is compiled again.
BYTECODE_SNIPPET = """
import base64, importlib, importlib.machinery, io, pkgutil, site, zipfile
from pathlib import Path

with zipfile.ZipFile(io.BytesIO(base64.b64decode(records[0]))) as bundle:
    bundle.extractall(site.getsitepackages()[0])
    bundled = len(bundle.namelist())
changed = Path(site.getsitepackages()[0], "netarcade", "cli.py")
changed.write_text(changed.read_text() + "\\n# changed after the build\\n")
compiled = []
to_code = importlib.machinery.SourceFileLoader.source_to_code
def counting(self, data, path, *args, **kwargs):
    compiled.append(Path(path).name if "netarcade" in str(path) else None)
    return to_code(self, data, path, *args, **kwargs)
importlib.machinery.SourceFileLoader.source_to_code = counting
import netarcade
sources = len(list(Path(netarcade.__file__).parent.rglob("*.py")))
names = [info.name for info in pkgutil.walk_packages(netarcade.__path__, "netarcade.")
         if info.name not in ("netarcade.__main__", "netarcade.web.browser")]  # the command line; the page's js
for name in names:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as missing:  # the servers' libraries are not in the page's runtime
        assert not missing.name.startswith("netarcade"), missing
print(bundled, sources, ",".join(sorted(name for name in compiled if name)))
"""


def test_our_modules_import_from_the_built_bytecode(node, tmp_path):
    ensure_site()
    code = tmp_path / "bytecode.py"
    code.write_text(BYTECODE_SNIPPET)
    bundle = ROOT / "dist" / "static" / "python-bytecode.zip"
    result = subprocess.run(
        [node, str(RUNNER), "--lock", str(LOCKFILE), "--code", str(code)],
        input=base64.b64encode(bundle.read_bytes()).decode() + "\n", capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert result.returncode == 0, f"Pyodide run failed:\n{result.stderr[-4000:]}"
    bundled, sources, *compiled = result.stdout.splitlines()[-1].split(" ")
    assert int(bundled) == int(sources), result.stdout  # a .pyc for every module
    compiled = " ".join(compiled)
    assert compiled == "cli.py", f"compiled from source: {compiled!r}"  # only the changed one
