"""Portable, deterministic pseudo-random numbers for the rules engines.

What it is for
--------------
Game rules (map generation, dice, shuffles, bot tie-breaking) must produce
*identical* numbers for the same seed on every CPython we run on: desktop
CPython 3.11+, CPython 3.14, and CPython compiled to WebAssembly (Pyodide)
in the browser.  The standard :mod:`random` module gives no such guarantee
across versions (its seeding of non-int seeds, ``randrange``, ``shuffle``,
``sample`` and ``choice`` algorithms have all changed over time), so rules
code must **never** use :mod:`random`; use :class:`Rng` instead.  Everything
here is pure Python integer arithmetic, masked to 64 bits, so the results do
not depend on the platform, word size, or float quirks (the one float
function, :meth:`Rng.random`, is an exact dyadic rational).

What it is not
--------------
It is **not** cryptographically secure.  Anyone who sees a few outputs can
recover the state and predict the rest.  Do not use it for secrets, tokens
or anything security related; use :mod:`secrets` for that.

Algorithm
---------
The generator is **xoshiro256**\\*\\* by David Blackman and Sebastiano Vigna
(https://prng.di.unimi.it/), a 256-bit-state, 64-bit-output generator with
period 2**256 - 1.  One step, with all arithmetic modulo 2**64 and
``rotl`` a 64-bit left rotation::

    result = rotl(s1 * 5, 7) * 9
    t  = s1 << 17
    s2 ^= s0;  s3 ^= s1;  s1 ^= s2;  s0 ^= s3
    s2 ^= t
    s3 = rotl(s3, 45)

The 256-bit state is seeded from a 64-bit seed with **SplitMix64** (as the
authors recommend): ``state[i]`` is the ``i``-th successive SplitMix64
output starting from ``x = seed``::

    x = x + 0x9E3779B97F4A7C15
    z = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB
    output = z ^ (z >> 31)

Known-answer vectors produced by the public-domain reference C code live in
``tests/vectors/xoshiro256starstar.c`` and ``tests/core/test_prng.py``.

Derived integer operations (:meth:`Rng.below` and everything built on it)
use unbiased rejection sampling, and :meth:`Rng.shuffle` is the classic
Fisher-Yates shuffle from the end, so they are fully specified here and
reproducible in any language.

>>> rng = Rng(0)
>>> hex(rng.next_u64())
'0x99ec5f36cb75f2b4'
>>> Rng(42).roll() == Rng(42).roll()
True
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

__all__ = ["Rng", "derive_seed", "splitmix64"]

T = TypeVar("T")

_MASK64 = 0xFFFFFFFFFFFFFFFF
_TWO64 = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15


def _check_seed(seed: object, what: str = "seed") -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(
            f"{what} must be an int with 0 <= {what} < 2**64, got {type(seed).__name__} {seed!r}"
        )
    if not 0 <= seed <= _MASK64:
        raise ValueError(f"{what} must satisfy 0 <= {what} < 2**64, got {seed!r}")
    return seed


def splitmix64(x: int) -> tuple[int, int]:
    """Advance a SplitMix64 state by one step.

    Takes the 64-bit state ``x`` and returns ``(new_state, output)``.  This is
    the seeding function used by :class:`Rng`; it is exposed for testing and
    for anyone who needs a tiny stand-alone generator.

    >>> x, out = splitmix64(0)
    >>> hex(out)
    '0xe220a8397b1dcdaf'
    """
    x = (x + _GOLDEN) & _MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x, z ^ (z >> 31)


def derive_seed(seed: int, label: str) -> int:
    """Return an independent 64-bit seed for the sub-stream named ``label``.

    Use this to give separate concerns their own generator so that they do
    not perturb each other, e.g. map generation vs. bots::

        map_rng = Rng(derive_seed(game_seed, "map"))
        bot_rng = Rng(derive_seed(game_seed, "bot:2"))

    The result is the first 8 bytes, read big-endian, of
    ``sha256(f"{seed}:{label}".encode("utf-8"))``.  ``seed`` must satisfy
    ``0 <= seed < 2**64``; ``label`` must be a ``str``.

    >>> derive_seed(1, "map") == derive_seed(1, "map") != derive_seed(1, "bots")
    True
    >>> 0 <= derive_seed(2**64 - 1, "x") < 2**64
    True
    """
    _check_seed(seed)
    if not isinstance(label, str):
        raise TypeError(f"label must be a str, got {type(label).__name__}")
    digest = hashlib.sha256(f"{seed}:{label}".encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


class Rng:
    """A xoshiro256** generator seeded by SplitMix64 (see the module docstring).

    ``Rng(seed)`` requires an ``int`` (not ``bool``) with
    ``0 <= seed < 2**64``; anything else raises :class:`ValueError`.

    >>> a, b = Rng(7), Rng(7)
    >>> [a.below(10) for _ in range(5)] == [b.below(10) for _ in range(5)]
    True
    """

    __slots__ = ("_s0", "_s1", "_s2", "_s3")

    def __init__(self, seed: int) -> None:
        x = _check_seed(seed)
        x, self._s0 = splitmix64(x)
        x, self._s1 = splitmix64(x)
        x, self._s2 = splitmix64(x)
        x, self._s3 = splitmix64(x)
        # SplitMix64 is a bijection of a counter, so four consecutive outputs
        # can never all be zero; no all-zero check needed here.

    # ------------------------------------------------------------------ state

    @classmethod
    def from_state(cls, state: tuple[int, int, int, int]) -> Rng:
        """Build a generator from a 4-tuple of 64-bit ints (see :attr:`state`).

        Each word must be an ``int`` in ``[0, 2**64)`` and the state must not
        be all zero (xoshiro's one fixed point); otherwise :class:`ValueError`.

        >>> r = Rng(3); _ = r.next_u64()
        >>> Rng.from_state(r.state).next_u64() == r.next_u64()
        True
        """
        try:
            words = tuple(state)
        except TypeError:
            raise ValueError("state must be a tuple of four 64-bit ints") from None
        if len(words) != 4:
            raise ValueError(f"state must have exactly 4 words, got {len(words)}")
        for w in words:
            _check_seed(w, "state word")
        if not any(words):
            raise ValueError("state must not be all zero (xoshiro256** would output only zeros)")
        rng = cls.__new__(cls)
        rng._s0, rng._s1, rng._s2, rng._s3 = words
        return rng

    @property
    def state(self) -> tuple[int, int, int, int]:
        """The current 256-bit state as a tuple of four 64-bit ints.

        Plain ints, so it serialises to JSON/msgpack; restore it with
        :meth:`from_state`.
        """
        return (self._s0, self._s1, self._s2, self._s3)

    def copy(self) -> Rng:
        """Return an independent generator with the same state."""
        rng = Rng.__new__(Rng)
        rng._s0, rng._s1, rng._s2, rng._s3 = self._s0, self._s1, self._s2, self._s3
        return rng

    __copy__ = copy

    def __deepcopy__(self, memo: dict) -> Rng:
        return self.copy()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rng):
            return NotImplemented
        return self.state == other.state

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return "Rng.from_state((0x%016x, 0x%016x, 0x%016x, 0x%016x))" % self.state

    # --------------------------------------------------------------- raw bits

    def next_u64(self) -> int:
        """Return the next raw 64-bit output, an int in ``[0, 2**64)``.

        >>> hex(Rng(1).next_u64())
        '0xb3f2af6d0fc710c5'
        """
        s0 = self._s0
        s1 = self._s1
        s2 = self._s2 ^ s0
        s3 = self._s3 ^ s1
        m = (s1 * 5) & _MASK64
        result = ((((m << 7) | (m >> 57)) & _MASK64) * 9) & _MASK64
        self._s0 = s0 ^ s3
        self._s1 = s1 ^ s2
        self._s2 = s2 ^ ((s1 << 17) & _MASK64)
        self._s3 = ((s3 << 45) | (s3 >> 19)) & _MASK64
        return result

    # ------------------------------------------------------------- integers

    def below(self, n: int) -> int:
        """Return a uniform int in ``[0, n)``, without modulo bias.

        Draws 64-bit values and rejects any ``v >= limit`` where ``limit`` is
        the largest multiple of ``n`` not exceeding ``2**64``
        (``2**64 - 2**64 % n``); returns ``v % n``.  Requires
        ``1 <= n <= 2**64``, else :class:`ValueError`.

        >>> r = Rng(5)
        >>> all(0 <= r.below(3) < 3 for _ in range(100))
        True
        """
        if type(n) is not int and (isinstance(n, bool) or not isinstance(n, int)):  # a plain int skips both
            raise ValueError(f"n must be an int, got {type(n).__name__}")
        if n < 1 or n > _TWO64:
            raise ValueError(f"n must satisfy 1 <= n <= 2**64, got {n}")
        limit = _TWO64 - _TWO64 % n
        v = self.next_u64()
        while v >= limit:
            v = self.next_u64()
        return v % n

    def randint(self, lo: int, hi: int) -> int:
        """Return a uniform int in the *inclusive* range ``[lo, hi]``.

        ``hi < lo`` raises :class:`ValueError`.

        >>> r = Rng(9)
        >>> all(-2 <= r.randint(-2, 2) <= 2 for _ in range(50))
        True
        """
        if hi < lo:
            raise ValueError(f"empty range: randint({lo}, {hi})")
        return lo + self.below(hi - lo + 1)

    def roll(self, sides: int = 6) -> int:
        """Roll one die with ``sides`` faces: a uniform int in ``1..sides``.

        >>> r = Rng(1)
        >>> sorted({r.roll() for _ in range(200)})
        [1, 2, 3, 4, 5, 6]
        """
        if isinstance(sides, bool) or not isinstance(sides, int) or sides < 1:
            raise ValueError(f"sides must be an int >= 1, got {sides!r}")
        return 1 + self.below(sides)

    # ---------------------------------------------------------------- floats

    def random(self) -> float:
        """Return a float in ``[0.0, 1.0)`` made from the top 53 output bits.

        The value is exactly ``(next_u64() >> 11) / 2**53``, so it is the same
        on every IEEE-754 platform.
        """
        return (self.next_u64() >> 11) * (1.0 / 9007199254740992.0)

    # ------------------------------------------------------------- sequences

    def choice(self, seq: Sequence[T]) -> T:
        """Return a uniformly chosen element of the non-empty sequence ``seq``.

        Uses exactly one :meth:`below` call (``seq[below(len(seq))]``).
        An empty sequence raises :class:`IndexError`.
        """
        n = len(seq)
        if n == 0:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.below(n)]

    def shuffle(self, lst: MutableSequence) -> None:
        """Shuffle ``lst`` in place (Fisher-Yates from the end).

        For ``i`` from ``len(lst) - 1`` down to ``1``: ``j = below(i + 1)``,
        then swap ``lst[i]`` and ``lst[j]``.

        >>> r = Rng(42); xs = list(range(10)); r.shuffle(xs); xs
        [7, 3, 8, 9, 5, 6, 4, 1, 0, 2]
        """
        # exactly ``j = self.below(i + 1)`` each step, with ``next_u64``
        # written out in the loop (every game's setup shuffles)
        s0, s1, s2, s3 = self._s0, self._s1, self._s2, self._s3
        for i in range(len(lst) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - _TWO64 % n
            while True:
                m = (s1 * 5) & _MASK64
                v = ((((m << 7) | (m >> 57)) & _MASK64) * 9) & _MASK64
                s2 ^= s0
                s3 ^= s1
                s0 ^= s3
                shifted = (s1 << 17) & _MASK64
                s1 ^= s2
                s2 ^= shifted
                s3 = ((s3 << 45) | (s3 >> 19)) & _MASK64
                if v < limit:
                    break
            j = v % n
            lst[i], lst[j] = lst[j], lst[i]
        self._s0, self._s1, self._s2, self._s3 = s0, s1, s2, s3

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        """Return a list of ``k`` elements drawn from distinct positions of ``seq``.

        ``seq`` is not modified.  Algorithm (a partial Fisher-Yates from the
        front, fully specified so it is reproducible): copy ``seq`` to a list
        ``pool``; for ``i`` in ``0..k-1``: ``j = i + below(n - i)``, swap
        ``pool[i]`` and ``pool[j]``; return ``pool[:k]``.  Requires
        ``0 <= k <= len(seq)``, else :class:`ValueError`.

        >>> r = Rng(0); s = r.sample("abcdef", 3); len(set(s))
        3
        """
        pool = list(seq)
        n = len(pool)
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= n:
            raise ValueError(f"sample size k must be an int with 0 <= k <= {n}, got {k!r}")
        below = self.below
        for i in range(k):
            j = i + below(n - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]
