"""Find a seed and a script of moves for Overwrite's lesson
(``py/netarcade/web/games/overwrite/lesson.py``).

The lesson needs the envelope's chance to fall a certain way: P1 goes
first; an I piece of P1's colour comes early (P1 reserves it on turn 7);
the first layer can be crowded so that on turn 9, after a Draw, nothing in
the bank fits and P1 passes; the Anti-virus and the Defrag come after that;
the System Fail comes some 15-21 draws in. For each seed that passes the
envelope's filter, random rollouts lay the first layer tightly (P1's first
piece against one side only, nothing on the side opposite it, Turn on
turn 3, Flip on turn 5), then a greedy plan plays on: P1 unlocks stacking
with the reserved piece, plays the Anti-virus, the Defrag and covers the
rival's pieces; P2 is gentle (it avoids covering pieces). A plan is kept
when every one of those happens and P1 wins; the best per seed is printed
(more P1 pieces in P1's colour, about 12 steps, low stacks), best first.

    PYTHONPATH=py .venv/bin/python scripts/research/overwrite_lesson_seed.py --seeds 0-40000 --tries 15

Seed 10879 came out among the best (12 steps, chunks 30 to 2); the
lesson's moves are one of its plans, checked on the board, and its
sentences were written by hand over them.
"""

from __future__ import annotations

import argparse
import random

from netarcade.games import get_game
from netarcade.games.overwrite import scoring
from netarcade.games.overwrite.actions import NAME_SHAPE
from netarcade.games.overwrite.board import OPPOSITE, neighbours, placement_table, sides, touched_sides
from netarcade.games.overwrite.pieces import KIND

GAME = get_game("overwrite")
SIDES = sides(6)
OWN_I = ("1I2", "1I3", "1I4")


def draws(seed: int) -> tuple[int, list[str], list[str]]:
    """The first player, the two pieces dealt, and every draw in order (the first turn's first)."""
    state = GAME.new_game({}, seed)
    return state.first, state.bank[:2], state.bank[2:] + list(reversed(state.envelope))


def envelope_fits(seed: int) -> bool:
    first, dealt, drawn = draws(seed)
    if first != 0 or not {"sf", "av1", "df1"} <= set(drawn):
        return False
    fail = drawn.index("sf")
    return (15 <= fail <= 21 and all(9 <= drawn.index(p) <= fail - 2 for p in ("av1", "df1"))
            and any(p in OWN_I for p in dealt + drawn[:7]))


def cells(text: str) -> int:
    action = GAME.parse_action(text)
    return placement_table(NAME_SHAPE[action.piece], 6)[(action.orient, action.cell)]


def play(state, text: str):
    after = GAME.copy(state)
    GAME.apply(after, GAME.parse_action(text))
    return after


def first_layer(seed: int, rng: random.Random, side: int):
    """Turns 1-9 laid tightly, up to P1's pass: the moves, the reserved piece and the state, or None."""
    state = GAME.new_game({}, seed)
    far = SIDES[OPPOSITE[side]]
    moves, kept = [], None
    for turn in range(1, 9):
        seat = state.current
        if turn == 7:
            kept = next((p for p in state.bank if p in OWN_I), None)
            if kept is None:
                return None
            text = f"p1 reserve {kept}"
        else:
            options = []
            for piece in sorted(set(state.bank)):  # sorted: the same plans whatever the hash seed
                if KIND[piece] in ("av", "df", "sf"):
                    continue
                last_own_i = piece in OWN_I and not any(p in OWN_I for p in state.bank if p != piece)
                if last_own_i and turn < 7 and rng.random() < 0.8:  # mostly kept for turn 7
                    continue
                name = "enc" if KIND[piece] == "enc" else piece
                for text in GAME.legal_notation(state, seat, f"p{seat + 1} place {name} "):
                    mask, orient = cells(text), text.split()[3]
                    if mask & far or (turn == 1 and touched_sides(mask, 6) != 1 << side):
                        continue
                    if (turn == 3 and (orient == "r0" or "f" in orient)) or (turn == 5 and "f" not in orient):
                        continue
                    tight = bin(neighbours(mask) & (state.occupied | ~state.inside)).count("1")
                    options.append((tight + 3 * (name[0] == str(seat + 1)) + 3 * rng.random(), text))
            if not options:
                return None
            options.sort(reverse=True)
            text = options[min(len(options) - 1, int(rng.random() ** 2 * 4))][1]
        moves.append(text)
        state = play(state, text)
    if state.current != 0 or state.phase != "draw":
        return None
    state = play(state, "p1 draw")
    if GAME.legal_notation(state, 0) != ["p1 pass"]:
        return None
    return moves + ["p1 draw", "p1 pass"], kept, play(state, "p1 pass")


def plan_rest(state, kept: str, rng: random.Random):
    """After the pass: the rest of the game; the moves and what P1 did, or None."""
    moves, done = [], set()
    while not state.over:
        seat = state.current
        legal = GAME.legal_notation(state, seat)
        if seat == 1:  # gentle: no specials, no unlocking for P1, covers little
            best = None
            for text in legal:
                words = text.split()
                if words[1] == "defrag" or (words[1] == "place" and words[2] in ("av", "enc")):
                    continue
                after = play(state, text)
                if after.unlocked and not state.unlocked:
                    continue
                covered = bin(cells(text) & state.occupied).count("1") if words[1] == "place" and state.unlocked else 0
                value = scoring.scores(after)[1] * 0.3 - covered * 0.8 + rng.random() + 2 * (words[2:3] != [] and
                                                                                             words[2][0] == "2")
                if best is None or value > best[0]:
                    best = (value, text)
            if best is None:
                return None
            text = best[1]
        else:
            kinds = {KIND[p] for p in state.bank}
            if not state.unlocked:
                kind, chosen = "unlock", [t for t in legal if t.startswith(f"p1 place {kept} ")
                                          and play(state, t).unlocked]
            elif "av" not in done and "av" in kinds:
                kind, chosen = "av", [t for t in legal if t.startswith("p1 place av ")]
            elif "df" not in done and "df" in kinds:
                kind, chosen = "df", [t for t in legal if t.startswith("p1 defrag ")]
            else:
                kind, chosen = "stack", [t for t in legal if t.split()[1] == "place" and t.split()[2][0] == "1"]
            if not chosen:
                return None

            def worth(text):
                score = scoring.scores(play(state, text))
                return score[0] - 0.7 * score[1] + 0.1 * rng.random()
            text = max(chosen, key=worth)
            done.add(kind)
        moves.append(text)
        state = play(state, text)
    return moves, done, state


def quality(seed: int, script: list[str]) -> int:
    """P1 placing its own colour counts twice, P2 once; about 12 steps; stacks of at most 3."""
    value = 0
    for text in script:
        words = text.split()
        if words[1] == "place" and words[2][0].isdigit():
            value += (2 if words[0] == "p1" else 1) * (1 if words[2][0] == words[0][1] else -1)
    state, height = GAME.new_game({}, seed), 0
    for text in script:
        state = play(state, text)
        height = max(height, *(len(stack) for stack in state.stacks))
    steps = sum(text.startswith("p1") for text in script)
    return value - abs(steps - 12) - 2 * max(0, height - 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="0-40000", help="a range, such as 0-40000")
    parser.add_argument("--tries", type=int, default=15, help="rollouts per seed and side")
    args = parser.parse_args()
    low, high = (int(part) for part in args.seeds.split("-"))
    found = []
    for seed in range(low, high):
        if not envelope_fits(seed):
            continue
        rng, best = random.Random(seed), None
        for _ in range(args.tries):
            for side in range(4):
                layer = first_layer(seed, rng, side)
                if layer is None:
                    continue
                moves, kept, state = layer
                rest = plan_rest(state, kept, rng)
                if rest is None:
                    continue
                more, done, end = rest
                script = moves + more
                steps = sum(text.startswith("p1") for text in script)
                if {"unlock", "av", "df", "stack"} <= done and GAME.winners(end) == [0] and steps <= 14:
                    value = quality(seed, script)
                    if best is None or value > best[0]:
                        best = (value, seed, steps, scoring.scores(end), script)
        if best:
            found.append(best)
            print(*best[:4], flush=True)
    for value, seed, steps, score, script in sorted(found, reverse=True)[:5]:
        print(f"\nseed {seed}: quality {value}, {steps} steps, chunks {score}")
        print("\n".join(script))


if __name__ == "__main__":
    main()
