"""Tests for netarcade.core.prng.

The known-answer vectors below were produced by the public-domain reference
C implementations of SplitMix64 and xoshiro256** in
tests/vectors/xoshiro256starstar.c.  Regenerate them with:

    gcc -O2 tests/vectors/xoshiro256starstar.c -o /tmp/x && /tmp/x
"""

from __future__ import annotations

import copy
import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from netarcade.core.prng import Rng, derive_seed, splitmix64

U64 = 2**64

# --- vectors from the reference C program ---------------------------------

SPLITMIX64_SEED0 = [
    0xE220A8397B1DCDAF,
    0x6E789E6AA1B965F4,
    0x06C45D188009454F,
    0xF88BB8A8724C81EC,
    0x1B39896A51A8749B,
]

XOSHIRO_STATE = {
    0: (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC),
    1: (0x910A2DEC89025CC1, 0xBEEB8DA1658EEC67, 0xF893A2EEFB32555E, 0x71C18690EE42C90B),
    U64 - 1: (0xE4D971771B652C20, 0xE99FF867DBF682C9, 0x382FF84CB27281E9, 0x6D1DB36CCBA982D2),
}

XOSHIRO_OUTPUTS = {
    0: [
        0x99EC5F36CB75F2B4,
        0xBF6E1F784956452A,
        0x1A5F849D4933E6E0,
        0x6AA594F1262D2D2C,
        0xBBA5AD4A1F842E59,
        0xFFEF8375D9EBCACA,
        0x6C160DEED2F54C98,
        0x8920AD648FC30A3F,
        0xDB032C0BA7539731,
        0xEB3A475A3E749A3D,
    ],
    1: [
        0xB3F2AF6D0FC710C5,
        0x853B559647364CEA,
        0x92F89756082A4514,
        0x642E1C7BC266A3A7,
        0xB27A48E29A233673,
        0x24C123126FFDA722,
        0x123004EF8DF510E6,
        0x61954DCC47B1E89D,
        0xDDFDB48AB9ED4A21,
        0x8D3CDB8C3AA5B1D0,
    ],
    U64 - 1: [
        0x8F5520D52A7EAD08,
        0xC476A018CAA1802D,
        0x81DE31C0D260469E,
        0xBF658D7E065F3C2F,
        0x913593FDA1BCA32A,
        0xBB535E93941BA525,
        0x5ECDA415C3C6DFDE,
        0xC487398FC9DE9AE2,
        0xA06746DBB57C4D62,
        0x9D414196FDF05C8A,
    ],
}

# Fisher-Yates of list(range(10)) with Rng(42), printed by the C program
# (its below() is the same rejection sampler).  The j sequence for
# i = 9..1 is 2, 0, 1, 4, 4, 4, 2, 0, 0; applying those swaps by hand:
#   [0,1,2,3,4,5,6,7,8,9] i9<->2 [0,1,9,3,4,5,6,7,8,2] i8<->0 [8,1,9,3,4,5,6,7,0,2]
#   i7<->1 [8,7,9,3,4,5,6,1,0,2] i6<->4 [8,7,9,3,6,5,4,1,0,2] i5<->4 [8,7,9,3,5,6,4,1,0,2]
#   i4<->4 (no-op) i3<->2 [8,7,3,9,5,6,4,1,0,2] i2<->0 [3,7,8,9,5,6,4,1,0,2]
#   i1<->0 [7,3,8,9,5,6,4,1,0,2]
SHUFFLE_SEED42_JS = [2, 0, 1, 4, 4, 4, 2, 0, 0]
SHUFFLE_SEED42 = [7, 3, 8, 9, 5, 6, 4, 1, 0, 2]


def test_splitmix64_known_answers():
    x = 0
    out = []
    for _ in range(5):
        x, v = splitmix64(x)
        out.append(v)
    assert out == SPLITMIX64_SEED0


def test_seeding_uses_successive_splitmix_outputs():
    assert Rng(0).state == tuple(SPLITMIX64_SEED0[:4])


@pytest.mark.parametrize("seed", sorted(XOSHIRO_OUTPUTS))
def test_xoshiro_known_answers(seed):
    rng = Rng(seed)
    assert rng.state == XOSHIRO_STATE[seed]
    assert [rng.next_u64() for _ in range(10)] == XOSHIRO_OUTPUTS[seed]


def test_from_state_known_answer():
    rng = Rng.from_state(XOSHIRO_STATE[1])
    assert [rng.next_u64() for _ in range(10)] == XOSHIRO_OUTPUTS[1]


def test_known_shuffle_seed42():
    # The first nine below() calls are exactly the j values the C program printed.
    rng = Rng(42)
    assert [rng.below(i + 1) for i in range(9, 0, -1)] == SHUFFLE_SEED42_JS
    xs = list(range(10))
    Rng(42).shuffle(xs)
    assert xs == SHUFFLE_SEED42


# --- determinism and state handling ---------------------------------------


@given(st.integers(0, U64 - 1))
def test_determinism(seed):
    a, b = Rng(seed), Rng(seed)
    assert [a.next_u64() for _ in range(20)] == [b.next_u64() for _ in range(20)]
    assert [a.below(7) for _ in range(20)] == [b.below(7) for _ in range(20)]
    assert a.random() == b.random()


@given(st.integers(0, U64 - 1), st.integers(0, 50))
def test_copy_and_from_state_continue_identically(seed, skip):
    rng = Rng(seed)
    for _ in range(skip):
        rng.next_u64()
    c = rng.copy()
    s = Rng.from_state(rng.state)
    cc = copy.copy(rng)
    dc = copy.deepcopy(rng)
    expected = [rng.next_u64() for _ in range(10)]
    for other in (c, s, cc, dc):
        assert other is not rng
        assert [other.next_u64() for _ in range(10)] == expected
    assert c == rng


def test_copy_is_independent():
    rng = Rng(1)
    c = rng.copy()
    c.next_u64()
    assert c.state != rng.state
    assert rng.next_u64() == XOSHIRO_OUTPUTS[1][0]


def test_state_is_plain_ints():
    st_ = Rng(123).state
    assert type(st_) is tuple and len(st_) == 4
    assert all(type(w) is int and 0 <= w < U64 for w in st_)


def test_has_slots():
    rng = Rng(0)
    with pytest.raises(AttributeError):
        rng.foo = 1  # type: ignore[attr-defined]


# --- bad input --------------------------------------------------------------


@pytest.mark.parametrize("seed", [-1, U64, 2**100, True, False, 1.0, "1", None])
def test_bad_seed_raises(seed):
    with pytest.raises(ValueError, match="seed"):
        Rng(seed)


@pytest.mark.parametrize(
    "state",
    [
        (0, 0, 0, 0),
        (1, 2, 3),
        (1, 2, 3, 4, 5),
        (1, 2, 3, -1),
        (1, 2, 3, U64),
        (1, 2, 3, True),
        (1, 2, 3, 4.0),
        None,
    ],
)
def test_bad_state_raises(state):
    with pytest.raises(ValueError):
        Rng.from_state(state)


@pytest.mark.parametrize("n", [0, -1, U64 + 1, True, 2.0])
def test_below_bad_n(n):
    with pytest.raises(ValueError):
        Rng(0).below(n)


def test_other_bad_args():
    rng = Rng(0)
    with pytest.raises(ValueError):
        rng.randint(3, 2)
    with pytest.raises(ValueError):
        rng.roll(0)
    with pytest.raises(IndexError):
        rng.choice([])
    with pytest.raises(ValueError):
        rng.sample([1, 2], 3)
    with pytest.raises(ValueError):
        rng.sample([1, 2], -1)


# --- below() and friends -------------------------------------------------------


class _Scripted(Rng):
    """An Rng whose next_u64 replays a fixed list (to test rejection)."""

    __slots__ = ("_values",)

    def __init__(self, values):
        super().__init__(0)
        self._values = list(values)

    def next_u64(self):
        return self._values.pop(0)


@given(st.integers(1, U64))
def test_below_rejection_bounds(n):
    limit = U64 - U64 % n  # largest multiple of n <= 2**64
    assert limit % n == 0 and U64 - n < limit <= U64
    if limit < U64:
        # Values >= limit are rejected; the first accepted value decides.
        rng = _Scripted([limit, U64 - 1, limit - 1])
        assert rng.below(n) == (limit - 1) % n
        assert rng._values == []
    # The largest and smallest accepted values are returned modulo n.
    assert _Scripted([limit - 1]).below(n) == n - 1
    assert _Scripted([0]).below(n) == 0


@given(st.integers(0, U64 - 1), st.integers(1, U64))
def test_below_range(seed, n):
    rng = Rng(seed)
    for _ in range(5):
        assert 0 <= rng.below(n) < n


def test_below_one_and_power_of_two():
    rng = Rng(0)
    assert rng.below(1) == 0
    # n = 2**64: no rejection possible, the value is the raw output.
    assert Rng(0).below(U64) == XOSHIRO_OUTPUTS[0][0]
    # n = 2**k: v % n of the raw outputs, never rejected.
    assert [Rng(1).below(256) for _ in range(1)] == [XOSHIRO_OUTPUTS[1][0] % 256]


def test_below_small_n_from_vectors():
    # For small n the rejection region is tiny; none of these outputs fall in it.
    rng = Rng(0)
    assert [rng.below(6) for _ in range(10)] == [v % 6 for v in XOSHIRO_OUTPUTS[0]]


def test_below_roughly_uniform():
    rng = Rng(2024)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(850 < c < 1150 for c in counts), counts


@given(st.integers(0, U64 - 1), st.integers(-50, 50), st.integers(0, 50))
def test_randint_inclusive(seed, lo, width):
    rng = Rng(seed)
    hi = lo + width
    for _ in range(5):
        assert lo <= rng.randint(lo, hi) <= hi


def test_randint_and_roll_cover_range():
    rng = Rng(3)
    assert {rng.randint(-1, 1) for _ in range(200)} == {-1, 0, 1}
    assert {rng.roll() for _ in range(300)} == set(range(1, 7))
    assert {rng.roll(4) for _ in range(200)} == set(range(1, 5))


def test_roll_known_answers():
    # roll(6) = 1 + below(6); see test_below_small_n_from_vectors.
    rng = Rng(0)
    assert [rng.roll() for _ in range(10)] == [1 + v % 6 for v in XOSHIRO_OUTPUTS[0]]


def test_random_uses_top_53_bits():
    rng = Rng(0)
    vals = [rng.random() for _ in range(10)]
    assert vals == [(v >> 11) / 2**53 for v in XOSHIRO_OUTPUTS[0]]
    assert all(0.0 <= v < 1.0 for v in vals)
    assert _Scripted([U64 - 1]).random() < 1.0
    assert _Scripted([0]).random() == 0.0


def test_choice():
    assert Rng(0).choice("abcdef") == "abcdef"[XOSHIRO_OUTPUTS[0][0] % 6]
    rng = Rng(8)
    assert {rng.choice((1, 2, 3)) for _ in range(100)} == {1, 2, 3}


# --- shuffle and sample -----------------------------------------------------------


@given(st.integers(0, U64 - 1), st.lists(st.integers(), max_size=30))
def test_shuffle_is_deterministic_permutation(seed, xs):
    a, b = list(xs), list(xs)
    Rng(seed).shuffle(a)
    Rng(seed).shuffle(b)
    assert a == b
    assert sorted(a) == sorted(xs)


@given(st.integers(0, U64 - 1), st.integers(0, 60))
def test_shuffle_is_fisher_yates_on_below(seed, n):
    """``shuffle`` writes ``next_u64`` out in its loop: it must draw exactly
    what ``j = below(i + 1)`` from the end draws, and leave the same state."""
    shuffled, spelled = list(range(n)), list(range(n))
    fast, slow = Rng(seed), Rng(seed)
    fast.shuffle(shuffled)
    for i in range(n - 1, 0, -1):
        j = slow.below(i + 1)
        spelled[i], spelled[j] = spelled[j], spelled[i]
    assert shuffled == spelled and fast.state == slow.state


def test_shuffle_small_lists():
    for n in (0, 1):
        xs = list(range(n))
        rng = Rng(0)
        rng.shuffle(xs)
        assert xs == list(range(n))
        assert rng.state == XOSHIRO_STATE[0]  # no numbers consumed


@given(st.integers(0, U64 - 1), st.lists(st.integers(), max_size=20), st.data())
def test_sample(seed, xs, data):
    k = data.draw(st.integers(0, len(xs)))
    original = list(xs)
    s1 = Rng(seed).sample(xs, k)
    s2 = Rng(seed).sample(xs, k)
    assert s1 == s2
    assert xs == original
    assert len(s1) == k
    # Distinct positions: every element appears no more often than in xs.
    for v in s1:
        assert s1.count(v) <= xs.count(v)


def test_sample_distinct_and_accepts_ranges():
    s = Rng(5).sample(range(100), 100)
    assert sorted(s) == list(range(100))
    assert Rng(5).sample(range(100), 0) == []
    t = (1, 2, 3)
    assert len(Rng(1).sample(t, 2)) == 2


# --- derive_seed ----------------------------------------------------------------


def test_derive_seed_known_answer():
    for seed, label in [(0, "map"), (42, "bots"), (U64 - 1, "bot:3"), (7, "")]:
        expected = int.from_bytes(hashlib.sha256(f"{seed}:{label}".encode()).digest()[:8], "big")
        assert derive_seed(seed, label) == expected
    assert derive_seed(1, "map") == int(
        hashlib.sha256(b"1:map").hexdigest()[:16], 16
    )


def test_derive_seed_separates_streams():
    seeds = {derive_seed(1, label) for label in ("map", "bots", "dice", "bot:1", "bot:2")}
    assert len(seeds) == 5
    assert derive_seed(1, "map") != derive_seed(2, "map")
    assert all(0 <= s < U64 for s in seeds)
    Rng(derive_seed(1, "map"))  # usable as a seed


def test_derive_seed_bad_args():
    with pytest.raises(ValueError):
        derive_seed(-1, "map")
    with pytest.raises(ValueError):
        derive_seed(True, "map")
    with pytest.raises(TypeError):
        derive_seed(1, 5)  # type: ignore[arg-type]
