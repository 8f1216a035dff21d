"""Write a few Backbone boards and a score chart as SVG (and HTML) files, to look at.

Usage: ``python scripts/snapshot_svg.py [OUTDIR]`` (default ``/tmp/netarcade-snapshots``).
Then, for example::

    /usr/bin/chromium --headless --no-sandbox --disable-gpu \\
        --screenshot=/tmp/x.png --window-size=1000,800 file:///tmp/netarcade-snapshots/midgame.svg

With ``--png`` the script runs that command itself for every file it wrote.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from netarcade.games import get_game  # noqa: E402
from netarcade.core.prng import Rng  # noqa: E402
from netarcade.web.games.backbone.render import hints_from_actions, render_board, render_static_board  # noqa: E402
from netarcade.web.render.chart import score_chart  # noqa: E402
from netarcade.web.render.palette import THEME  # noqa: E402

CHROMIUM = "/usr/bin/chromium"


def play_random(game, state, moves: int, seed: int):
    rng = Rng(seed)
    last: list[str] = []
    for _ in range(moves):
        if game.is_over(state):
            break
        (seat,) = game.to_act(state)  # Backbone: one seat acts at a time
        actions = game.legal_actions(state, seat)
        # prefer doing something over ending the turn, so the board fills up
        if len(actions) > 1 and rng.below(6):
            actions = actions[:-1]
        action = rng.choice(actions)
        text = game.format_action(action)
        last = [w for w in text.split()[2:]]
        game.apply(state, action)
    return state, last


def play_greedy(game, state, moves: int, seed: int):
    """Each seat picks the action that most raises its own score (ties at random)."""
    rng = Rng(seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        (seat,) = game.to_act(state)  # Backbone: one seat acts at a time
        best, best_key = None, None
        for action in game.legal_actions(state, seat):
            trial = game.copy(state)
            game.apply(trial, action)
            scores = game.scores(trial)
            key = (scores[seat] - scores[1 - seat], game.format_action(action).split()[1] != "end", rng.below(1000))
            if best_key is None or key > best_key:
                best, best_key = action, key
        game.apply(state, best)
    return state


def page(svg: str, chart: str | None = None) -> str:
    side = f'<div style="flex:0 0 330px">{chart}</div>' if chart else ""
    return (
        f'<!doctype html><html><body style="margin:0;background:{THEME["bg"]};display:flex;'
        f'gap:16px;padding:12px;align-items:flex-start">'
        f'<div style="flex:1 1 auto">{svg}</div>{side}</body></html>'
    )


def main(argv: list[str]) -> int:
    png = "--png" in argv
    args = [a for a in argv if not a.startswith("--")]
    out = Path(args[0] if args else "/tmp/netarcade-snapshots")
    out.mkdir(parents=True, exist_ok=True)
    game = get_game("backbone")
    files: dict[str, str] = {}

    files["start.svg"] = render_static_board()
    files["seeded.svg"] = render_static_board("seeded")

    state = game.new_game({}, 7)
    opening = [a for a in game.legal_actions(state, 0) if game.format_action(a).split()[1] == "router"]
    files["start-hints.svg"] = render_board(
        game.view(state, None),
        hints_from_actions([game.format_action(a) for a in opening]) | {"focus": "b2"},
    )

    state, last = play_random(game, game.new_game({}, 3), 40, 2024)
    view = game.view(state, None)
    seat = next(iter(game.to_act(state)), 0)
    legal = [game.format_action(a) for a in game.legal_actions(state, seat)]
    builds = [a for a in legal if a.split()[1] in ("router", "firewall")]
    hacks = [a for a in legal if a.split()[1] == "hack"]
    hints = hints_from_actions(builds + hacks)
    hints["last"] = last
    files["midgame.svg"] = render_board(view, hints | {"names": ["Ada", "bot:greedy"]})
    files["midgame-plain.svg"] = render_board(view, {"last": last})
    reroutes = [a for a in legal if a.split()[1] == "reroute"]
    if reroutes:
        source = reroutes[0].split()[2]
        files["midgame-reroute.svg"] = render_board(
            view, hints_from_actions([a for a in reroutes if a.split()[2] == source]))

    fight, fight_last = play_random(game, game.new_game({}, 3), 80, 73)
    files["skirmish.svg"] = render_board(game.view(fight, None), {"last": fight_last, "focus": "e5"})
    fight_legal = [game.format_action(a) for a in game.legal_actions(fight, next(iter(game.to_act(fight))))]
    files["skirmish-hack.svg"] = render_board(
        game.view(fight, None),
        hints_from_actions([a for a in fight_legal if a.split()[1] in ("hack", "switch")]) | {"focus": "e5"},
    )

    late = play_greedy(game, game.new_game({}, 5), 120, 99)
    lview = game.view(late, None)
    files["late.svg"] = render_board(lview, {"names": ["Ada", "Bob"]})
    chart = score_chart(lview["history"], ["Ada", "Bob"], 480, 240, target=lview["options"]["target"])
    files["chart.svg"] = chart
    files["late-page.html"] = page(files["late.svg"], chart)

    for name, svg in files.items():
        (out / name).write_text(svg, encoding="utf-8")
        print(out / name)
    if png:
        for name in files:
            target = out / (name.rsplit(".", 1)[0] + ".png")
            size = "1000,520" if name == "chart.svg" else "1000,800"
            subprocess.run(
                [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 f"--screenshot={target}", f"--window-size={size}", f"file://{out / name}"],
                check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                env={**os.environ, "HOME": "/tmp"},
            )
            print(target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
