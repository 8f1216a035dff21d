"""Variants of Overwrite's search bot tried against three greedy bots on
2026-12-02 (docs/bots.md, "Overwrite", "Four-player variants at the work
clock"): each replaces one part of the flat search for this process only,
then plays ``scripts/research/overwrite_ladders.py``'s ladder with the arguments
that follow.

    .venv/bin/python scripts/research/overwrite_variants.py exact --players 4 --games 200 --seed 7001 --unit-us 130
    .venv/bin/python scripts/research/overwrite_variants.py chunk+cycles0.5 --players 4 --games 200 --seed 7001 --unit-us 130

The first argument names the variant (several may be joined with ``+``):

- ``exact``: the System Fail's timing summed exactly instead of sampled.
  The worlds never bring it in the draws before the bot's next turn
  (one world per other piece that can come next, the System Fail put
  back deeper at random); each of those draws instead counts, with its
  exact chance 1/n (n the pieces in the envelope when the bot moves), the
  result the game would have if the System Fail came there (1, 1/k
  shared, 0, from the top masks), and the rest of the chance, 1 - d/n
  for d draws, counts the mean squashed evaluation over the path as
  before. ``exact-last``: that rest counts the state where the bot's
  turn comes round instead of the mean.
- ``chunk``: the bot's value of a position in play squashes its margin
  in what decides the game (largest chunk plus 0.1 x visible cells)
  against the best rival's, instead of the evaluation's strengths
  (which also count second chunks and banks; the rivals keep them).
- ``minpathM``: a playout scores (1 - M) x the mean over its path plus
  M x the worst state on it (M = 0.5 unless given): a lead that one of
  the rivals' replies breaks counts for less.
- ``ties``: a rival's reply is drawn at random among its one-ply ties,
  as the greedy bot plays it, instead of the first listed (a rival
  indifferent between cutting the bot and not is modelled as such).
- ``diverseJ``: the candidates are the J best one-ply moves (2 unless
  given), then the best move of each other piece, up to ``root_width``
  (the best use of an Anti-virus or a Defrag is compared even when
  placements fill the top of the ranking).
- ``cyclesW``: the bot's value adds W x the independent cycles of its
  largest chunk (edges minus cells plus one: a blob survives a cut that
  splits a line), W = 0.3 unless given; the rivals' evaluation is
  unchanged.
- ``latentW`` ("stealth"): the bot's value of a position in play counts,
  in place of its largest chunk, the largest chunk it could make with its
  next placement (W = 1 unless given; W x that chunk plus (1 - W) x the
  largest chunk and the evaluation's own-piece-waiting term): every
  own-colour piece in the community bank or its personal bank, tried at
  every place the placement rule allows now, joined with each of its
  groups it touches or covers. The rivals' strengths, and so the rivals'
  replies (greedy's target), are the evaluation's: a bot whose pieces
  wait to be joined is not the rivals' target until it joins them, and
  retakes the lead at its own turn.
- ``nextW``: a playout that ends in play, at the bot's turn, adds to its
  path one more state's value with weight W (1 unless given): the bot's
  next placement, read as ``latent`` 1 reads that state (its latent
  chunk against the rivals' strengths) instead of played. The path's
  states are the System Fail's places before the bot moves again; this
  one is the place after its next placement, where it could retake the
  lead if its pieces survived the three replies.

They are experiments, not players: they live here, never in the arcade's
bot list (as ``scripts/research/overwrite_ceiling.py``'s).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import overwrite_ladders  # noqa: E402

from netarcade.bots.greedy import rank_steps  # noqa: E402
from netarcade.bots import mcts  # noqa: E402
from netarcade.bots.mcts import SearchBot, squash  # noqa: E402
from netarcade.core.errors import IllegalAction  # noqa: E402
from netarcade.games.overwrite.board import _NOT_LAST_COLUMN, WIDTH, components, neighbours, placements  # noqa: E402
from netarcade.games.overwrite.evaluation import _bank_terms, _groups, _strengths  # noqa: E402
from netarcade.games.overwrite.fits import fits, pick  # noqa: E402
from netarcade.games.overwrite.legal import placement_rule  # noqa: E402
from netarcade.games.overwrite.pieces import COLOUR, SHAPE  # noqa: E402
from netarcade.games.overwrite.scoring import leaders, ranking  # noqa: E402

FAIL = "sf"
ORIGINAL_WORLDS = SearchBot._worlds
#: what the variants named on the command line set
CHOSEN = {"rest": "mean", "min": 0.0, "ties": False, "diverse": 0, "cycles": 0.3, "latent": 1.0, "next": 0.0}


def _result(tops: list[int], me: int) -> float:
    """``me``'s share if the game ended with these top masks (O21, O22)."""
    won = leaders(ranking(tops), range(len(tops)))
    return 1.0 / len(won) if me in won else 0.0


def spared_worlds(self, game, state, seat):
    """``chance_worlds`` without the System Fail in the draws before the
    bot's next turn (``exact``); remembers the envelope's size."""
    envelope = state.envelope
    self.envelope_size = len(envelope)
    if FAIL not in envelope or len(envelope) < 2:
        self.envelope_size = None
        yield from ORIGINAL_WORLDS(self, game, state, seat)
        return
    rng = self.rng
    spared = state.players - 1  # the draws after the next one, until the bot's own
    order = [index for index, piece in enumerate(envelope) if piece != FAIL]
    rng.shuffle(order)
    for index in order:
        world = state.copy()
        rest = [piece for other, piece in enumerate(envelope) if other != index and piece != FAIL]
        rng.shuffle(rest)
        room = len(rest) + 1 - spared
        rest.insert(rng.below(room) if room > 0 else 0, FAIL)
        rest.append(envelope[index])
        world.envelope = rest
        yield world


ORIGINAL_PLAYOUT = SearchBot.playout
#: the bot and seat of the playout in progress (``ties`` reorders the rivals' rankings there)
PLAYING = {"bot": None, "me": None}


def _ranked_with_ties(game, state, seat, actions=None):
    """``rank_steps`` for the search's module: inside a playout with
    ``ties``, a rival's ties at the top come in a random order's first
    (the greedy bot draws among them), the rest as ranked."""
    ranked = yield from rank_steps(game, state, seat, actions)
    bot = PLAYING["bot"]
    if bot is None or seat == PLAYING["me"] or not ranked:
        return ranked
    ties = [item for item in ranked if item[0] >= ranked[0][0] - 1e-9]
    if len(ties) == 1:
        return ranked
    first = bot.rng.choice(ties)
    return [first, *(item for item in ranked if item is not first)]


def playout(self, game, state, me):
    """``SearchBot.playout`` with ``path_value``, scored as the variants
    chosen say: the search's own playout is played, and every state it
    values is recorded (its value, the draws made so far, its top masks)."""
    size = getattr(self, "envelope_size", None)
    seen = []

    def recorded(bot, game, state, me):
        value = type(bot)._value(bot, game, state, me)  # the search's, or a variant's
        seen.append((value, len(state.envelope), list(state.tops), game.is_over(state)))
        return value

    self._value = recorded.__get__(self)
    PLAYING.update(bot=self if CHOSEN["ties"] else None, me=me)
    try:
        yield from ORIGINAL_PLAYOUT(self, game, state, me)
    finally:
        del self._value
        PLAYING.update(bot=None, me=None)
    if len(seen) > 1 and seen[-1][3] and seen[-2][3]:
        seen.pop()  # the finished game's value asked once more, for the rest of the playout
    values = [value for value, *_ in seen]
    if size:  # exact: the System Fail's draws summed, the rest of the chance on the path
        exact, drawn = 0.0, 0
        for _, left, tops, _ in seen:
            if size - left > drawn:
                exact += (size - left - drawn) * _result(tops, me) / size
                drawn = size - left
        rest = values[-1] if CHOSEN["rest"] == "last" else sum(values) / len(values)
        return exact + max(0.0, 1.0 - drawn / size) * rest
    if game.is_over(state) and len(values) < self.playout_cap + 1:
        values += [values[-1]] * (self.playout_cap + 1 - len(values))
    weight = CHOSEN["next"]
    if weight and not game.is_over(state):  # next: the bot's own next placement, from its latent chunk
        return (sum(values) + weight * latent_value(self, game, state, me, 1.0)) / (len(values) + weight)
    worst = CHOSEN["min"]
    return (1 - worst) * sum(values) / len(values) + worst * min(values)


def chunk_value(self, game, state, me):
    """``chunk``: the margin in largest chunk (plus 0.1 x visible cells), squashed."""
    if game.is_over(state):
        won = game.winners(state)
        return 1.0 / len(won) if me in won else 0.0
    ranked = ranking(state.tops)
    mine = ranked[me][0] + 0.1 * ranked[me][1]
    best = max(chunk + 0.1 * cells for seat, (chunk, cells) in enumerate(ranked) if seat != me)
    return squash(mine - best, self.value_scale)


def cycles(mask: int) -> int:
    """The independent cycles of ``mask``'s largest group (edges - cells + 1)."""
    best = 0
    for group in components(mask):
        if group.bit_count() > best.bit_count():
            best = group
    if not best:
        return 0
    edges = (best & (best >> 1) & _NOT_LAST_COLUMN).bit_count() + (best & (best >> WIDTH)).bit_count()
    return max(0, edges - best.bit_count() + 1)


def cycles_value(self, game, state, me):
    """``cycles``: the evaluation plus W x the cycles of the bot's largest chunk, squashed."""
    if game.is_over(state):
        won = game.winners(state)
        return 1.0 / len(won) if me in won else 0.0
    return squash(game.evaluate(state, me) + CHOSEN["cycles"] * cycles(state.tops[me]), self.value_scale)


#: ``latent_chunk``'s answers by (own top mask, placement rule, pieces, board size)
_LATENT: dict[tuple, int] = {}


def latent_chunk(state, me: int) -> int:
    """The largest chunk ``me`` could have after laying one of its own
    colour's pieces waiting in the community bank or its personal bank,
    at a place the placement rule allows now (its largest chunk as it is
    when there is none): the piece plus every group of its colour it
    touches or covers."""
    top = state.tops[me]
    pieces = tuple(sorted({piece for piece in (*state.bank, *state.personal[me]) if COLOUR[piece] == me}))
    forbidden, required = placement_rule(state)
    key = (top, forbidden, required, pieces, state.size)
    found = _LATENT.get(key)
    if found is not None:
        return found
    groups = [(group, group | neighbours(group)) for group in components(top)]
    best = max((group.bit_count() for group, _ in groups), default=0)
    for shape in {SHAPE[piece] for piece in pieces}:
        masks = [mask for _, _, mask in placements(shape, state.size)]
        for mask in pick(masks, fits(shape, state.size, forbidden, required)):  # the placements legal now
            joined = mask
            for group, reach in groups:
                if reach & mask:
                    joined |= group
            best = max(best, joined.bit_count())
    if len(_LATENT) > 50_000:
        _LATENT.clear()
    _LATENT[key] = best
    return best


def latent_value(self, game, state, me, weight=None):
    """``latent``: the bot's strength with its largest chunk (and the
    own-piece-waiting term) replaced, ``weight``-weighted (the W chosen
    unless given), by ``latent_chunk``, minus the strongest rival's
    strength as the evaluation counts it; squashed."""
    if game.is_over(state):
        won = game.winners(state)
        return 1.0 / len(won) if me in won else 0.0
    terms = _bank_terms(state.bank, state.personal, state.current, state.players)
    strength = _strengths(state.tops, terms, _groups)
    weight = CHOSEN["latent"] if weight is None else weight
    first = _groups(state.tops[me])[0]
    mine = strength[me] + weight * (latent_chunk(state, me) - first - terms[me][1])
    return squash(mine - max(s for seat, s in enumerate(strength) if seat != me), self.value_scale)


def candidates(ranked, width: int) -> list:
    """``diverse``: the J best, then the best of each other piece, up to ``width``."""
    first = CHOSEN["diverse"]
    chosen = [action for _, _, action in ranked[:first]]
    seen = {getattr(action, "piece", type(action).__name__) for action in chosen}
    for _, _, action in ranked[first:]:
        key = getattr(action, "piece", type(action).__name__)
        if len(chosen) < width and key not in seen:
            seen.add(key)
            chosen.append(action)
    for _, _, action in ranked:
        if len(chosen) < width and action not in chosen:
            chosen.append(action)
    return chosen


def flat(self, game, state, seat, out_of_time):
    """``SearchBot._flat`` (no halving, no anchor: Overwrite's settings use
    neither) with the ``diverse`` candidates."""
    ranked = yield from rank_steps(game, game.determinize(state, seat, self.rng), seat)
    chosen = candidates(ranked, self.root_width)
    if len(chosen) == 1:
        return chosen[0]
    totals = [0.0] * len(chosen)
    playouts = round_ = 0
    worlds = self._worlds(game, state, seat)
    while playouts + len(chosen) <= max(self.iterations, len(chosen)):
        if round_ > 0 and out_of_time():
            break
        world = next(worlds, None)
        if world is None:
            break
        for index, action in enumerate(chosen):
            trial = self._world(game, game.copy(world))
            try:
                trial.advance(action)
            except IllegalAction:
                totals[index] -= 1.0
                continue
            totals[index] += yield from self.playout(game, trial.state, seat)
        playouts += len(chosen)
        round_ += 1
    return chosen[max(range(len(chosen)), key=lambda index: (totals[index], -index))]


def _number(text: str, default: float) -> float:
    return float(text) if text else default


def install(name: str) -> None:
    """Put the variants ``name`` names (joined by +) in place of the search's parts."""
    for part in name.split("+"):
        if part in ("exact", "exact-last"):
            CHOSEN["rest"] = "last" if part == "exact-last" else "mean"
            SearchBot._worlds = spared_worlds
            SearchBot.playout = playout
        elif part == "chunk":
            SearchBot._value = chunk_value
        elif part.startswith("minpath"):
            CHOSEN["min"] = _number(part[len("minpath"):], 0.5)
            SearchBot.playout = playout
        elif part == "ties":
            CHOSEN["ties"] = True
            SearchBot.playout = playout
            mcts.rank_steps = _ranked_with_ties
        elif part.startswith("diverse"):
            CHOSEN["diverse"] = int(_number(part[len("diverse"):], 2))
            SearchBot._flat = flat
        elif part.startswith("latent"):
            CHOSEN["latent"] = _number(part[len("latent"):], 1.0)
            SearchBot._value = latent_value
        elif part.startswith("next"):
            CHOSEN["next"] = _number(part[len("next"):], 1.0)
            SearchBot.playout = playout
        elif part.startswith("cycles"):
            CHOSEN["cycles"] = _number(part[len("cycles"):], 0.3)
            SearchBot._value = cycles_value
        else:
            raise SystemExit(f"unknown variant {part!r} (exact, exact-last, chunk, minpathM, ties, diverseJ, cyclesW, latentW, nextW)")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0].startswith("-"):
        raise SystemExit("usage: overwrite_variants.py VARIANT[+VARIANT...] [overwrite_ladders.py arguments]")
    install(argv[0])
    return overwrite_ladders.main(argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
