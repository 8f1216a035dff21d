"""Learn (web/learn.py): every game's lesson replays, teaches every kind of
action, refuses other moves without changing the position, and shows its
scoring and end; the page opens it at ``#learn=<game>`` (CPython, through
the Controller with a recording screen)."""

from __future__ import annotations

import pytest

from netarcade.core.actors import RandomActor
from netarcade.core.errors import IllegalAction
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.games import get_game
from netarcade.games.registry import page_packages
from netarcade.web.learn import LEARNED_SETTING, LessonSession, done_lessons, lesson_for

from support.playing import turns
from support.page import controller

LESSONS = [game_id for game_id in page_packages() if lesson_for(game_id) is not None]


def verbs_of(texts):
    return {text.split()[1] for text in texts if len(text.split()) > 1}


def game_verbs(game_id: str, games: int = 3, limit: int = 400) -> set[str]:
    """The kinds of action the engine offers (the verb after the seat of every
    legal action), seen over a few random games."""
    game = get_game(game_id)
    seen: set[str] = set()
    for seed in range(games):
        rng = Rng(seed)
        match = Match(game, {}, seed, actor=RandomActor(rng))
        for seat in turns(match, limit):
            legal = match.legal(seat)
            seen |= verbs_of(legal)
            match.submit(seat, legal[rng.below(len(legal))])
    return seen


def test_some_lesson_exists():
    assert "backbone" in LESSONS


@pytest.mark.parametrize("game_id", LESSONS)
def test_lesson_replays_as_a_record(game_id):
    lesson = lesson_for(game_id)
    match = Match(get_game(game_id), lesson.options, lesson.seed, lesson.record_actions())
    assert match.over, "a lesson plays its game to the end"


@pytest.mark.parametrize("game_id", LESSONS)
def test_every_step_and_reply_is_legal_at_its_step(game_id):
    lesson = lesson_for(game_id)
    session = LessonSession(lesson)
    for index, (_, step) in enumerate(lesson.steps()):
        assert session.step_index == index and session.step is step
        assert session.current == lesson.seat, f"step {index + 1}: the learner acts"
        assert step.play in session.legal_texts(), f"step {index + 1}: {step.play} is legal"
        assert step.say and len(step.say) < 160, "one short sentence"
        session.play(step.play)
    assert session.finished and session.over


@pytest.mark.parametrize("game_id", LESSONS)
def test_every_action_kind_is_taught(game_id):
    """The lesson's actions cover every kind the engine offers; a kind it
    only mentions (resign, never listed as legal) is named in its text."""
    lesson = lesson_for(game_id)
    played = verbs_of(step.play for _, step in lesson.steps())
    offered = game_verbs(game_id)
    assert offered - played == set(), f"never taught: {sorted(offered - played)}"
    for verb in lesson.mentions:
        assert verb in lesson.closing.lower() + lesson.intro.lower()


def test_a_wrong_move_is_refused_and_explained_without_change():
    session = LessonSession(lesson_for("backbone"))
    before = session.match.digest(), len(session.actions)
    with pytest.raises(IllegalAction) as err:  # illegal: the engine's own sentence
        session.play("p1 switch c1")
    assert err.value.code != "lesson-step"
    with pytest.raises(IllegalAction) as err:  # legal, but not the step's
        session.play("p1 router b2")
    assert err.value.code == "lesson-step" and session.step.say in err.value.message
    assert (session.match.digest(), len(session.actions)) == before


def test_backbone_lesson_shows_scoring_and_the_end():
    lesson = lesson_for("backbone")
    match = Match(get_game("backbone"), lesson.options, lesson.seed, lesson.record_actions())
    kinds = [event["kind"] for event in match.events_since(-1)]
    for kind in ("firewall-spent", "disabled", "reroute", "recover", "closing-turn", "game-over"):
        assert kind in kinds
    scores = [event["scores"][0] for event in match.events_since(-1) if event["kind"] == "score"]
    assert scores[-1] == 3 and 1 in scores and 2 in scores  # City, Datacenter, second City
    assert match.winners() == [lesson.seat]


def test_breach_lesson_shows_its_cards_scoring_and_the_lockdown():
    """Breach's lesson: a card of each family takes effect (BACKDOOR and
    OVERCLOCK, SHADOW LINK, SPLICE; the bot's LAG), the bot's TRACE is
    blocked after the bot's counter and the learner's; cooling, a Manifest
    discard, Lay Low, a reroll; scoring is progress, and the lockdown after
    round 5 ends the game with the learner (layer 9) ahead of the bot (5)."""
    lesson = lesson_for("breach")
    match = Match(get_game("breach"), lesson.options, lesson.seed, lesson.record_actions())
    events = match.events_since(-1)
    resolved = [(event["seat"], event["card"]) for event in events if event["kind"] == "resolve"]
    assert resolved == [(0, "backdoor"), (0, "overclock"), (1, "lag"), (0, "shadow"), (0, "splice")]
    assert [(event["seat"], event["card"]) for event in events if event["kind"] == "blocked"] == [(1, "trace")]
    spent = [(event["seat"], event["why"]) for event in events if event["kind"] == "spend"]
    assert spent == [(0, "block"), (1, "counter"), (0, "counter"), (1, "reroll"), (0, "reroll")]
    whys = {(event["seat"], event["why"]) for event in events if event["kind"] in ("exposure", "discard")}
    assert {(0, "cooling"), (0, "hand limit"), (0, "lay low"), (0, "sprint"), (0, "cost of splice")} <= whys
    assert any(event["kind"] == "swap" for event in events) and any(e["kind"] == "shadow-used" for e in events)
    assert events[-1]["kind"] == "lockdown" and match.winners() == [lesson.seat]
    assert match.state.progress(0) == 9 and match.state.progress(1) == 5


def test_netcontrol_lesson_shows_its_chance_events_scoring_and_the_end():
    """The seed puts the dice where the steps say: a 7 that makes the rival
    discard, a 7 on the learner's roll with 11 resources (5 discards), rolls
    that pay; the steps show a Hack, a Virus cleared, Monopoly, the Longest
    Network bonus, and +1 XP reaching the target ends the game."""
    lesson = lesson_for("netcontrol")
    match = Match(get_game("netcontrol"), lesson.options, lesson.seed, list(lesson.setup))
    start = match.version
    for action in lesson.record_actions()[len(lesson.setup):]:
        match.submit(int(action[1]) - 1, action)
    events = [event for event in match.events_since(start)]
    sevens = [event["owed"] for event in events if event["kind"] == "seven"]
    assert sevens == [{"1": 4}, {"0": 5}]  # seat indexes: the rival discards 4, then the learner 5 of 11
    discards = [event["seat"] for event in events if event["kind"] == "discard"]
    assert discards.count(0) == 5 and discards.count(1) == 4
    assert any(event["kind"] == "produce" and event["seat"] == 0 for event in events)
    kinds = {event["kind"] for event in events}
    assert {"hack", "virus", "clear", "monopoly", "super", "fortify", "trade", "bonus", "game-over"} <= kinds
    assert [event["bonus"] for event in events if event["kind"] == "bonus"] == ["longest-network"]
    assert match.winners() == [lesson.seat] and match.scores()[lesson.seat] == lesson.options["target"]


def test_the_page_runs_a_lesson():
    control, screen = controller()
    settings = {}
    screen.setting = settings.get
    screen.save_setting = settings.__setitem__
    texts = []
    screen.set_text = lambda element, text: texts.append((element, text))
    control.route("#learn=backbone")
    lesson = lesson_for("backbone")
    first = lesson.steps()[0][1]
    assert first.say in control.prompt()
    assert any(element == "announce" and first.say in text for element, text in texts)
    from netarcade.web.replay import hint
    assert hint.ghost_names(control) == ["c1"]  # the step's target lit
    assert control.table.play("p1 router b2") is None  # refused, explained
    assert first.say in control.table.message and "legal, but" in control.table.message
    assert control.table.message.endswith(first.say)  # one full stop, not two
    control.after(None)
    control.table.play(first.play)
    control.after(first.play)
    control.route("#home")
    control.route("#learn=backbone")  # back to the lesson in progress, not a fresh one
    assert control.session.step_index == 1
    for _, step in lesson.steps()[1:]:
        played = control.table.play(step.play)
        assert played == step.play
        control.after(played)
    assert control.session.over and not screen.tasks
    assert "Lesson done" in control.prompt()
    assert done_lessons(screen) == ["backbone"] and settings[LEARNED_SETTING] == "backbone"
    control.command("rematch")  # the real game: you against the gentle bot, default options
    assert control.session.setup.seats == ("human", "learner")
    assert not getattr(control.session, "lesson_mode", False) and control.session.setup.options["target"] == 10


def test_each_move_of_a_lesson_brings_its_sentence_into_view():
    """After every move of a lesson the page scrolls the status line, and the
    step's sentence under it, back into view (a tap far down the board leaves
    them above the window); a game that is no lesson never asks."""
    control, screen = controller()
    revealed = []
    screen.reveal = revealed.append
    control.route("#play=breach&seats=human,random&players=2&seed=3")
    assert revealed == []
    control.route("#learn=breach")
    shown = len(revealed)
    assert shown and set(revealed) == {"status"}
    step = lesson_for("breach").steps()[0][1]
    control.after(control.table.play(step.play))
    assert len(revealed) > shown and set(revealed) == {"status"}


def test_a_step_outlines_the_buttons_that_make_it():
    """Beside the board's ghost, the page outlines the step's buttons
    (``GamePage.ghost_controls``): Breach's Run Exploits, then BACKDOOR's Play
    button; a game whose moves are all on its board outlines none."""
    from support.page import ops, start

    def ghosts(posted):
        return [op["sel"] for op in ops(posted, "class", name="ghost") if op["on"]]

    app, posted = start("#learn=breach", side="breach")
    assert ghosts(posted)[-1:] == ['#tools [data-cmd="run"]']
    posted.clear()
    app.control.after(app.control.table.play("p1 run"))
    app.ops.flush()
    assert ghosts(posted)[-1:] == ['#tools [data-tool="backdoor"]']
    app, posted = start("#learn=backbone")
    assert ghosts(posted) == []


def test_no_lesson_link_fails_cleanly():
    control, screen = controller()
    control.route("#learn=nosuchgame")
    assert any(call[0] == "link-error" for call in screen.calls)
