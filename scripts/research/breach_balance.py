"""Breach balance tables: seeded bot games, then per first player, per
Exploit and per Node card the figures docs/rules/breach.md reports.

    python scripts/research/breach_balance.py --players 4 --games 100 --bots greedy --seed 1 --rules 2

Per Exploit of the chosen rules edition (``--rules``, D26): plays per game,
the share of all turns in which it was played, the share of its plays
blocked, and the win rate of the players who played it at least once in a
game (against 1/n). Per seat: win rates; per place in the turn order (the
first player, D5, then clockwise): win rates with their 95% Wilson interval
and the Pressure plays aimed at that player; per game: turns, crashes,
lockdowns. Per Node card: entries, stops, stops per entry. Prints Markdown
tables (docs/rules/breach.md, "Balance").
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from netarcade.core.match import Match  # noqa: E402
from netarcade.core.record import decode_record  # noqa: E402
from netarcade.games import get_game  # noqa: E402
from netarcade.games.breach.cards import NODES, PRESSURE, exploits_of  # noqa: E402
from netarcade.cli.ladder import wilson  # noqa: E402
from netarcade.cli.simulate import play  # noqa: E402


def one(job):
    seed, bots, options = job
    result = play("breach", bots, seed, options)
    match = Match.from_record(get_game("breach"), decode_record(result.record))
    won = set(result.winners)
    share = {s: (1 / len(won) if s in won else 0.0) for s in range(len(bots))}
    plays, blocked, entries, stops, turns_with = Counter(), Counter(), Counter(), Counter(), Counter()
    played_by = defaultdict(set)
    crashes, blocks, this_turn = 0, 0, set()
    pressed = Counter()  # Pressure plays aimed at each seat
    pressure = {card.id for card in exploits_of(options.get("rules", 1)).values() if card.family == PRESSURE}
    for _, event in match.events:
        data = event.data
        if event.kind == "turn":
            turns_with.update(this_turn)
            this_turn = set()
        elif event.kind == "play":
            plays[data["card"]] += 1
            played_by[data["card"]].add(data["seat"])
            this_turn.add(data["card"])
            if data["card"] in pressure:
                pressed[int(data["target"][1:]) - 1] += 1
        elif event.kind == "blocked":
            blocked[data["card"]] += 1
        elif event.kind == "enter" and data["how"] == "move":
            entries[data["node"]] += 1
        elif event.kind == "stop" and data["node"] and data["moved"]:
            stops[data["node"]] += 1
        elif event.kind == "crash":
            crashes += 1
        elif event.kind == "spend" and data["why"] == "block":
            blocks += 1
    turns_with.update(this_turn)
    card_wins = {card: [share[s] for s in seats] for card, seats in played_by.items()}
    return {"first": match.state.first, "share": share, "plays": plays, "blocked": blocked, "entries": entries,
            "stops": stops, "card_wins": card_wins, "turns": result.turns, "crashes": crashes,
            "turns_with": turns_with, "blocks": blocks, "pressed": pressed, "lockdown": any(event.kind == "lockdown" for _, event in match.events)}


def _ordinal(k: int) -> str:
    return f"{k}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(k, 'th')}"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bots", default="greedy", help="one bot for every seat, or one per seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--rules", type=int, default=2, help="the rules edition (D26)")
    parser.add_argument("--rounds", type=int, default=40, help="lockdown after this many rounds (0: none)")
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    bots = bots * args.players if len(bots) == 1 else bots
    options = {"rules": args.rules, "rounds": args.rounds}
    jobs = [(args.seed + i, bots, options) for i in range(args.games)]
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            games = list(pool.map(one, jobs))
    else:
        games = [one(job) for job in jobs]
    n, count = args.players, len(games)
    first = sum(g["share"][g["first"]] for g in games) / count
    turns = sorted(g["turns"] for g in games)
    all_turns = sum(turns)
    print(f"{count} games, {n} players, bots {','.join(bots)}, seeds {args.seed}..{args.seed + count - 1}, "
          f"rules edition {args.rules}, lockdown {args.rounds or 'none'}")
    print(f"first player's win rate {first:.3f} (1/n = {1 / n:.3f}); mean turns "
          f"{all_turns / count:.1f} (median {turns[count // 2]}, max {turns[-1]}); crashes per game "
          f"{sum(g['crashes'] for g in games) / count:.2f}; blocks per game "
          f"{sum(g['blocks'] for g in games) / count:.2f}; lockdowns {sum(bool(g['lockdown']) for g in games)}")
    seats = [sum(g["share"][s] for g in games) / count for s in range(n)]
    print("win rate by seat: " + ", ".join(f"P{s + 1} {v:.3f}" for s, v in enumerate(seats)))
    print()
    print("| turn order | win rate (95% interval) | Pressure plays aimed at it a game |")
    print("|---|---|---|")
    for place in range(n):
        won = sum(g["share"][(g["first"] + place) % n] for g in games)
        low, high = wilson(won, count)
        aimed = sum(g["pressed"][(g["first"] + place) % n] for g in games) / count
        print(f"| {_ordinal(place + 1)} player | {won / count:.3f} ({low:.3f}-{high:.3f}) | {aimed:.2f} |")
    print()
    print("| Exploit | plays/game | share of turns | blocked | games played in | win rate of its player |")
    print("|---|---|---|---|---|---|")
    for card in exploits_of(args.rules).values():
        plays = sum(g["plays"][card.id] for g in games)
        blocked = sum(g["blocked"][card.id] for g in games)
        wins = [w for g in games for w in g["card_wins"].get(card.id, [])]
        rate = f"{sum(wins) / len(wins):.3f}" if wins else "-"
        share = sum(g["turns_with"][card.id] for g in games) / all_turns
        print(f"| {card.name} | {plays / count:.2f} | {share:.0%} | {blocked / plays if plays else 0:.0%} | "
              f"{sum(card.id in g['card_wins'] for g in games)} | {rate} |")
    print()
    print("| Node | network | entries/game | stops/game | stops per entry |")
    print("|---|---|---|---|---|")
    for node in NODES:
        entries = sum(g["entries"][node.id] for g in games)
        stops = sum(g["stops"][node.id] for g in games)
        print(f"| {node.id} {node.name} | {node.net} | {entries / count:.2f} | {stops / count:.2f} | "
              f"{stops / entries if entries else 0:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
