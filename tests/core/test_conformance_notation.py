"""The conformance suite, notation part: every registered game's action
notation, checked the same way (python-chess's parse/format pairs).

- Every legal action met in random games formats to the text the legal
  list gives, and that text parses back to the same action.
- Any text at all, built from the game's own words, random ASCII or random
  Unicode, either parses to one of the game's action kinds whose notation
  parses back to it, or is refused with ``InvalidNotation``; nothing else
  escapes (hypothesis: 100 examples each in ``make test``, 2,000 in
  ``make soak``).
- Look-alike digits (superscripts, Arabic-Indic, full-width) in a legal text
  are refused: the notation reads ASCII digits only.

A game registered later passes these without a line of its own here.
"""

from __future__ import annotations

import functools
import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from netarcade.core import InvalidNotation, Match, RandomActor
from netarcade.core.prng import Rng
from netarcade.games import all_games

from support.illegal_codes import assert_parses_or_refuses
from support.playing import turns

GAMES = all_games()
#: a digit's look-alikes: superscript, Arabic-Indic, full-width, mathematical bold
LOOK_ALIKES = {str(d): (("⁰¹²³⁴⁵⁶⁷⁸⁹")[d], chr(0x660 + d), chr(0xFF10 + d), chr(0x1D7CE + d)) for d in range(10)}


@functools.cache
def sample(game) -> tuple[tuple[str, ...], tuple[type, ...], tuple[str, ...]]:
    """What random games of ``game`` show of its notation: legal texts met
    (a bounded sample), the action types they parse to, and the words they
    are made of plus near misses (seat numbers one out of range, empty words)."""
    texts: list[str] = []
    types: set[type] = set()
    for seed in (1, 2):
        rng = Rng(seed)
        match = Match(game, {}, seed, actor=RandomActor(rng))
        for seat in turns(match, 120):
            legal = match.legal(seat)
            texts.extend(rng.choice(legal) for _ in range(3))
            types.update(type(game.parse_action(text)) for text in legal[:20])
            match.submit(seat, rng.choice(legal))
    players = game.players(match.state)
    words = {word for text in texts for word in text.split()}
    words |= {near for word in words for near in near_misses(word)}
    words |= {"p0", f"p{players + 1}", "", " ", "p1", "x"}
    return tuple(dict.fromkeys(texts)), tuple(sorted(types, key=lambda t: t.__name__)), tuple(sorted(words))


def near_misses(word: str) -> set[str]:
    """Words one slip away from ``word``: its numbers one out (``a1`` ->
    ``a0``, ``a2``; ``i9`` -> ``i10``), upper case, the last letter dropped."""
    found = {word.upper(), word[:-1]}
    for number in re.finditer(r"\d+", word):
        value = int(number.group())
        for other in (value - 1, value + 1, value * 10):
            found.add(word[:number.start()] + str(other) + word[number.end():])
    return found - {word}


def parses_or_refuses(game, text) -> None:
    _, types, _ = sample(game)
    assert_parses_or_refuses(text, game.parse_action, game.format_action, types)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_legal_text_round_trips(game):
    for seed in (3, 4):
        rng = Rng(seed)
        match = Match(game, {}, seed, actor=RandomActor(rng))
        for seat in turns(match, 150):
            actions = match.legal_actions(seat)
            texts = match.legal(seat)
            assert [game.format_action(action) for action in actions] == texts
            for action, text in zip(actions, texts):
                assert game.parse_action(text) == action, text
            match.submit(seat, rng.choice(texts))


@pytest.mark.soak
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@given(data=st.data())
def test_the_games_own_words_in_any_order_parse_or_are_refused(game, data):
    _, _, words = sample(game)
    parses_or_refuses(game, " ".join(data.draw(st.lists(st.sampled_from(words), max_size=6))))


@pytest.mark.soak
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@given(text=st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=127), max_size=40))
@example(text="p1 linkbuild e1 e2")
def test_random_ascii_parses_or_is_refused(game, text):
    parses_or_refuses(game, text)


@pytest.mark.soak
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@given(text=st.text(max_size=40))
@example(text="p\u00b2 end")
@example(text="p1\x00end")
@example(text="p1 router a\u00b2")
@example(text="p1 node v\u0662\u0663")
@example(text="p\U0001d7ed end")
def test_random_text_parses_or_is_refused(game, text):
    parses_or_refuses(game, text)


@pytest.mark.soak
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@given(data=st.data())
def test_a_legal_text_with_one_word_mangled_parses_or_is_refused(game, data):
    texts, _, _ = sample(game)
    words = data.draw(st.sampled_from(texts)).split()
    index = data.draw(st.integers(0, len(words) - 1))
    words[index] = data.draw(st.text(max_size=6))
    parses_or_refuses(game, " ".join(words))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_look_alike_digits_are_refused(game):
    texts, _, _ = sample(game)
    tried = 0
    for text in texts[:60]:
        for match in re.finditer(r"\d", text):
            for look_alike in LOOK_ALIKES[match.group()]:
                bent = text[:match.start()] + look_alike + text[match.end():]
                with pytest.raises(InvalidNotation):
                    game.parse_action(bent)
                tried += 1
    assert tried > 0, "no legal text with a digit in the sample"
