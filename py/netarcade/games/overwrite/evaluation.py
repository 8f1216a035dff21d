"""Overwrite's position evaluation and one-ply ranking for the game-agnostic bots.

``evaluate(state, seat)`` is, in cells, the seat's strength minus its
strongest rival's. Strength: the largest chunk (what wins), a fraction of
the second largest (one piece may join them) and of every cell of the
colour seen from above (material that groups can grow from), the blocks
waiting in the personal bank, and the largest piece of the colour waiting
in the community bank: most of it for the seat about to play (it will lay
it next), a little for the others (it may still be there on their turn).
So leaving a rival its big piece costs what it is worth, and laying a
rival's piece where it adds nothing to its chunk (a denial) can beat a
small gain of one's own. A finished game scores +-1000 plus the margin
of the largest chunks, so even a won position prefers the wider win.

It reads only what every seat sees (the envelope's contents, never its
order: the bots call it on determinized states). Not here: move choice
(``netarcade.bots``).

``rank_steps(state, seat, actions)`` is the game's hook for
``netarcade.bots.greedy.rank_steps``: the same values in the same order as
copying the state, applying each action and evaluating, but a placement of
a code block or an Encrypted data, and a Defrag's move, are scored from the
masks alone (no copy, no events), the next seat's automatic draw included.
Anti-virus, reserve, draw and pass take the general road. ``tests/games/overwrite/test_overwrite_bots.py``
checks the two agree.

``BOT_SETTINGS`` is the search bot's budget for Overwrite
(``Game.bot_settings``): a flat search over the next draw's outcomes (see
docs/bots.md); ``chance_worlds`` gives it those outcomes.
"""

from __future__ import annotations

from ...core.errors import IllegalAction
from .actions import Defrag, Place
from .board import cells_of, components, placement_table
from .legal import bank_piece
from .pieces import COLOUR, KIND, ORDER, SHAPE, SIZE
from .scoring import leaders, ranking, winners
from .state import DRAW, OverwriteState

WIN = 1000.0
#: weight of the largest own-colour piece the seat about to play can lay
NEXT_PIECE = 0.6
#: ... and of the largest own-colour piece in the community bank for the others
LATER_PIECE = 0.2

#: the search bot's settings for Overwrite: flat Monte Carlo over the 4 best
#: one-ply moves, one round per piece the next draw can bring (``chance_worlds``,
#: without replacement, up to 12 rounds: 48 playouts), each candidate followed
#: by every rival's best one-ply reply until the bot's own turn comes round
#: (one reply with 2 players, three with 4), scored by the mean of the
#: squashed evaluation over the states after the candidate and after each
#: reply (``path_value``): the System Fail can end the game at any draw, so
#: the lead matters in each of them, not only in the last (docs/bots.md)
BOT_SETTINGS = {"search": {"algorithm": "flat", "root_width": 4, "iterations": 48, "playout_cap": 6,
                           "playout_turns": 1, "path_value": True, "chance": "next"}}


#: group sizes by mask, shared by every ranking (a pure function of the
#: mask, so sharing changes no value; the search ranks the same colours'
#: masks over and over), emptied when it holds more than MEMO_LIMIT masks
_GROUP_MEMO: dict[int, tuple[int, int]] = {}
MEMO_LIMIT = 50_000


def _groups(mask: int) -> tuple[int, int]:
    """The sizes of the largest and second largest group of ``mask``."""
    first = second = 0
    for group in components(mask):
        size = group.bit_count()
        if size > first:
            first, second = size, first
        elif size > second:
            second = size
    return first, second


def _values(tops: list[int], bank: list[str], personal: list[list[str]], acting: int,
            groups=_groups) -> list[float]:
    """Each seat's strength minus its strongest rival's, for a game in play
    whose seat ``acting`` plays next; ``groups`` may be a memo of
    :func:`_groups`."""
    return _relative(_strengths(tops, _bank_terms(bank, personal, acting, len(tops)), groups))


def _bank_terms(bank: list[str], personal: list[list[str]], acting: int, players: int) -> list[tuple[float, float]]:
    """Per seat, the strength its banks give: (the personal bank's, the
    largest own piece waiting for it); they depend on the banks only, so a
    ranking computes them once per piece played."""
    in_bank = [0] * players
    for piece in bank:
        colour = COLOUR[piece]
        if colour is not None and colour < players and SIZE[piece] > in_bank[colour]:
            in_bank[colour] = SIZE[piece]
    terms = []
    for seat in range(players):
        reserve = [SIZE[piece] for piece in personal[seat]]
        if seat == acting:
            waiting = NEXT_PIECE * max([in_bank[seat], *reserve])
        else:
            waiting = LATER_PIECE * in_bank[seat]
        terms.append((0.5 * sum(reserve), waiting))
    return terms


def _strength(mask: int, reserve: float, waiting: float, groups) -> float:
    """One colour's strength from its top mask and its bank terms."""
    first, second = groups(mask)
    return first + 0.3 * second + 0.1 * mask.bit_count() + reserve + waiting


def _strengths(tops: list[int], terms: list[tuple[float, float]], groups) -> list[float]:
    """Every colour's strength (:func:`_strength`), before the margins."""
    return [_strength(mask, reserve, waiting, groups) for mask, (reserve, waiting) in zip(tops, terms)]


def _relative(strength: list[float]) -> list[float]:
    return [_margin(strength, seat) for seat in range(len(strength))]


def _margin(strength: list[float], seat: int) -> float:
    """``seat``'s strength minus its strongest rival's."""
    return strength[seat] - max(strength[:seat] + strength[seat + 1:])


def _final(tops: list[int], won: list[int] | None = None) -> list[float]:
    """+-1000 (shared on a tie, O22) plus the margin of the largest chunks;
    the winners are ``won``, else found from ``tops``."""
    ranked = ranking(tops)
    if won is None:
        won = leaders(ranked, range(len(tops)))
    margin = _relative([float(score) for score, _ in ranked])
    return [(WIN / len(won) if seat in won else -WIN) + margin[seat] for seat in range(len(tops))]


def evaluate_all(state: OverwriteState) -> list[float]:
    if state.over:
        return _final(state.tops, winners(state))
    return _values(state.tops, state.bank, state.personal, state.current)


def evaluate(state: OverwriteState, seat: int) -> float:
    return evaluate_all(state)[seat]


def _placed_value(state: OverwriteState, action: Place, seat: int, pieces: dict, groups) -> float | None:
    """``evaluate(state after action, seat)`` for ``action``, a legal
    placement, without applying it; None for an Anti-virus (its removals
    take the general road). ``pieces`` caches, per name played, the bank
    piece, the bank terms after it (None: the game ends) and every colour's
    strength if the board did not change; ``groups`` is a memo of
    :func:`_groups`. Only the colours the placement covers, and its own,
    are counted again: the others keep their cached strength (the same
    floats as :func:`_strengths`, so the same value as applying)."""
    found = pieces.get(action.piece)
    if found is None:
        found = pieces[action.piece] = _after_piece(state, action, groups)
    piece, terms, base = found
    if piece is None:
        return None
    mask = placement_table(SHAPE[piece], state.size)[(action.orient, action.cell)]
    return _laid_value(state.tops, mask, COLOUR[piece], terms, base, seat, groups)


def _laid_value(tops: list[int], mask: int, colour: int | None, terms, base, seat: int, groups) -> float:
    """``seat``'s value once a piece of ``colour`` lies on ``mask`` over a
    board whose colours top ``tops``: the final result when ``terms`` is
    None (the next draw ends the game), else its margin, counting again
    only the colours the piece covers and its own (``base``: every
    colour's strength on ``tops`` with ``terms``)."""
    if terms is None:
        keep = ~mask
        tops = [top & keep for top in tops]
        if colour is not None:
            tops[colour] |= mask
        return _final(tops)[seat]
    strength = list(base)
    for other, top in enumerate(tops):
        if other == colour:
            reserve, waiting = terms[other]
            strength[other] = _strength(top | mask, reserve, waiting, groups)
        elif top & mask:
            reserve, waiting = terms[other]
            strength[other] = _strength(top & ~mask, reserve, waiting, groups)
    return _margin(strength, seat)


def _after_piece(state: OverwriteState, action: Place, groups) -> tuple[str | None, list | None, list | None]:
    """(the bank piece ``action`` plays, the bank terms once it is played
    and the next turn has drawn, every colour's strength with those terms
    on the board as it is), or (piece, None, None) when that draw ends the
    game; (None, None, None) when the general road must score it."""
    if getattr(state, "resigned", None):
        return None, None, None  # turns skip a seat that left, and it cannot win: the general road knows
    seat = action.seat
    piece = bank_piece(state, seat, action.piece)
    if piece is None or KIND[piece] == "av":
        return None, None, None
    bank, personal = state.bank, state.personal
    if state.phase == DRAW:  # played from the personal bank (O15)
        personal = list(personal)
        personal[seat] = [other for other in personal[seat] if other != piece]
    else:
        bank = [other for other in bank if other != piece]
    terms = _next_terms(state, seat, bank, personal)
    return piece, terms, None if terms is None else _strengths(state.tops, terms, groups)


def _next_terms(state: OverwriteState, seat: int, bank: list[str], personal: list[list[str]]):
    """The bank terms once ``seat``'s turn has left these banks and the next
    turn has made its automatic draw (O8); None when that draw ends the game."""
    following = (seat + 1) % state.players
    if not personal[following]:  # the next turn starts with its automatic draw (O8)
        if not state.envelope:
            return None
        drawn = state.envelope[-1]
        if drawn == "sf":  # O19
            return None
        bank = [*bank, drawn]
    return _bank_terms(bank, personal, following, state.players)


def _lifted_tops(state: OverwriteState, piece: str) -> list[int]:
    """Every colour's top mask with the uncovered ``piece`` lifted off: each
    of its cells shows the piece below it, or nothing (``OverwriteState.lift``)."""
    tops = list(state.tops)
    colour = COLOUR[piece]
    stacks = state.stacks
    for cell in cells_of(state.placed[piece][2]):
        bit = 1 << cell
        tops[colour] &= ~bit
        stack = stacks[cell]
        if len(stack) > 1:
            below = COLOUR[stack[-2]]
            if below is not None:
                tops[below] |= bit
    return tops


def _after_lift(state: OverwriteState, action: Defrag, groups) -> tuple | None:
    """(the tops with the moved piece lifted, the bank terms once the Defrag
    is used and the next turn has drawn, every colour's strength with those
    terms and tops), the last two None when that draw ends the game; None
    when the general road must score it."""
    if getattr(state, "resigned", None):
        return None
    defrag = next(p for p in sorted(state.bank, key=ORDER.__getitem__) if KIND[p] == "df")
    tops = _lifted_tops(state, action.piece)
    terms = _next_terms(state, action.seat, [p for p in state.bank if p != defrag], state.personal)
    return tops, terms, None if terms is None else _strengths(tops, terms, groups)


def _defrag_value(state: OverwriteState, action: Defrag, seat: int, moves: dict, groups) -> float | None:
    """``evaluate(state after action, seat)`` for ``action``, a legal Defrag
    move, without applying it (as :func:`_placed_value` for a placement,
    from the tops with the piece lifted, cached per piece in ``moves``);
    None for the general road."""
    found = moves.get(action.piece, False)
    if found is False:
        found = moves[action.piece] = _after_lift(state, action, groups)
    if found is None:
        return None
    lifted, terms, base = found
    mask = placement_table(SHAPE[action.piece], state.size)[(action.orient, action.cell)]
    return _laid_value(lifted, mask, COLOUR[action.piece], terms, base, seat, groups)


def chance_worlds(state: OverwriteState, rng):
    """Copies of ``state``, one for each piece left in the envelope (in an
    order ``rng`` shuffles), with that piece drawn next and the rest of the
    envelope shuffled: what the next draw can bring, each outcome once (the
    pieces are all distinct, so each is as likely). An empty envelope gives
    the state's copy once. A generator: a search that stops early has
    sampled the next draw without replacement."""
    envelope = state.envelope
    if not envelope:
        yield state.copy()
        return
    order = list(range(len(envelope)))
    rng.shuffle(order)
    for index in order:
        world = state.copy()
        rest = envelope[:index] + envelope[index + 1:]
        rng.shuffle(rest)
        rest.append(envelope[index])
        world.envelope = rest
        yield world


def rank_steps(game, state: OverwriteState, seat: int, actions=None):
    """``[(value, index, action)]`` best first (ties in listing order), as a
    generator that yields every few actions: what ``netarcade.bots.greedy``
    computes by copying and applying, with placements scored from masks."""
    if actions is None:
        actions = game.iter_legal_actions(state, seat)
    ranked = []
    pieces: dict[str, tuple] = {}
    moves: dict[str, tuple | None] = {}
    memo = _GROUP_MEMO
    if len(memo) > MEMO_LIMIT:
        memo.clear()

    def groups(mask: int) -> tuple[int, int]:
        found = memo.get(mask)
        if found is None:
            found = memo[mask] = _groups(mask)
        return found

    for index, action in enumerate(actions):
        kind = type(action)
        if kind is Place:
            value = _placed_value(state, action, seat, pieces, groups)
        elif kind is Defrag:
            value = _defrag_value(state, action, seat, moves, groups)
        else:
            value = None
        if value is None:
            trial = game.copy(state)
            try:
                game.apply(trial, action)
            except IllegalAction:
                yield
                continue
            value = evaluate_all(trial)[seat]
            yield
        elif not index & 15:
            yield
        ranked.append((value, index, action))
    ranked.sort(key=lambda item: (-item[0], item[1]))
    return ranked
