"""What the engine's worker imports for its first screen (issue 40: the cold
start). On a first visit every module of ours is compiled from source in
Pyodide, so a link to one game compiles that game's rules and page and the
page's common modules, and nothing of the other games, of online play or of
the lessons (docs/web-runtime.md, "The cold load against the bare page").

Each case runs in a fresh CPython (this test session has imported
everything already): it imports ``netarcade.web.app`` as ``static/engine.py``
does, starts the app on the link as the page's first message would, and
prints the modules of ours it then holds.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from netarcade.web.session import linked_game

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("backbone", "netcontrol", "overwrite", "breach")

START = """
import json, sys
from netarcade.web.app import App
posted = []
hash_ = sys.argv[1]
app = App(posted.append, {"kind": "start", "seq": 1, "embed": sys.argv[2] == "embed", "portrait": False,
    "side": "backbone", "location": {"origin": "http://127.0.0.1:8000", "pathname": "/", "search": "",
    "protocol": "http:", "host": "127.0.0.1:8000", "hash": hash_}, "storage": {"local": {}, "session": {}}})
app.start()
app.ops.flush(done=1)
ready = [op for text in posted for op in json.loads(text).get("ops", []) if op["op"] == "ready"]
print(json.dumps({"ready": bool(ready), "modules": sorted(m for m in sys.modules if m.startswith("netarcade"))}))
"""


def first_screen(link: str, embed: bool = False) -> tuple[bool, list[str]]:
    """(whether the app said ready, the modules of ours imported) for a start on ``link``."""
    done = subprocess.run([sys.executable, "-c", START, link, "embed" if embed else "page"],
                          capture_output=True, text=True, check=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"})
    answer = json.loads(done.stdout.splitlines()[-1])
    return answer["ready"], answer["modules"]


def others(modules: list[str], game: str) -> list[str]:
    """The modules of another game's rules or page among ``modules``."""
    return [name for name in modules for other in GAMES if other != game
            and name.startswith((f"netarcade.games.{other}", f"netarcade.web.games.{other}"))]


@pytest.mark.parametrize("game", GAMES)
def test_a_link_to_one_game_imports_no_other_game_nor_online_play(game):
    ready, modules = first_screen(f"#play={game}")
    assert ready
    assert f"netarcade.games.{game}" in modules and f"netarcade.web.games.{game}" in modules
    assert others(modules, game) == []
    # online play (the relay's protocol), lessons, analysis: imported when first used
    # (the lobby, web/online/lobby.py, is the controller's: it draws the online line at start)
    assert [name for name in modules if name.startswith((
        "netarcade.web.online.online", "netarcade.web.online.remote_", "netarcade.web.online.fairdice",
        "netarcade.web.learn", "netarcade.web.replay.analysis_page", "netarcade.relay", "netarcade.rl",
        "netarcade.web.render.chart"))] == []


def test_the_embed_demo_imports_the_default_game_only():
    ready, modules = first_screen("", embed=True)
    assert ready and "netarcade.games.backbone" in modules and others(modules, "backbone") == []


def test_the_home_screen_imports_no_game_until_one_is_opened():
    # the build pre-rendered the home screen with every game's card (netarcade.web.shell)
    ready, modules = first_screen("#home")
    assert ready
    assert [name for game in GAMES for name in modules
            if name.startswith((f"netarcade.games.{game}", f"netarcade.web.games.{game}"))] == []


def test_a_link_without_a_percent_sign_is_read_without_urllib(monkeypatch):
    # urllib.parse (and the ipaddress it imports) would be compiled from source in Pyodide at
    # start only to decode what a link rarely holds (on CPython 3.11 pathlib imports it anyway)
    import urllib
    import urllib.parse

    monkeypatch.setattr(urllib, "parse", urllib.parse)  # put back as it was after the test
    monkeypatch.delitem(sys.modules, "urllib.parse")
    assert linked_game("play=netcontrol&seats=human,search&seed=3") == "netcontrol"
    assert "urllib.parse" not in sys.modules
    assert linked_game("play=net%63ontrol&seed=3") == "netcontrol"  # a re-encoded link still reads
