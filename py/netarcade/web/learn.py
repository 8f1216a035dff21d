"""Learn: a game's guided first game, step by step on the real board.

What it is for: a lesson (``web/games/<id>/lesson.py``, its ``LESSON``) is one
real game (options, seed, the setup moves that reach its first position),
split into chapters of steps. Each step says in one sentence what to do and
why, names the one action it expects (notation) and the replies the other
seats make to it, and what the move showed. :class:`LessonSession` is a page
:class:`~.session.Session` that plays only the step's action: an illegal
move is refused with the engine's own sentence, a legal move that is not the
step's with what the step asks; the position never changes then. Because
the lesson is a ``Match`` record, it replays and is checked like any game,
and undo works as in any game (the step follows the position).

The page side (the ``#learn=<game>`` route, the step's sentence in the
prompt and the live region, the targets lit, the progress kept) is the
small set of functions at the bottom, which the controller calls.

What it is not: rules (the engine refuses moves), DOM code, or a list of
games: a game's lesson is found beside its page, so this module names none.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.errors import IllegalAction
from .pages import page_part
from .session import Session, new_setup

__all__ = ["Chapter", "LESSON_SEATS", "LEARNED_SETTING", "Lesson", "LessonSession", "Step", "done_lessons",
           "has_lesson", "lesson_for", "learn_link", "open_lesson", "prompt", "targets"]

#: the learner's seat and the gentle bot that makes the scripted replies
LESSON_SEATS = ("human", "learner")
#: the setting that keeps which lessons are done (ids, comma-separated)
LEARNED_SETTING = "learned"


@dataclass(frozen=True)
class Step:
    """One thing to do: ``say`` (what and why), ``play`` (the expected
    action's notation), ``replies`` (the other seats' actions that follow
    it, in order) and ``shows`` (what the move showed, said once it is played)."""

    say: str
    play: str
    replies: tuple[str, ...] = ()
    shows: str = ""


@dataclass(frozen=True)
class Chapter:
    title: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Lesson:
    """A game's guided first game. ``seat`` is the learner's; ``mentions``
    are the action kinds (verbs) the lesson only tells about, in ``closing``
    (resigning ends a game, so no step plays it)."""

    game: str
    title: str
    options: dict
    seed: int
    chapters: tuple[Chapter, ...]
    setup: tuple[str, ...] = ()
    seat: int = 0
    intro: str = ""
    closing: str = ""
    mentions: tuple[str, ...] = field(default=())

    def steps(self) -> list[tuple[int, Step]]:
        """Every step with its chapter's index, in order."""
        return [(index, step) for index, chapter in enumerate(self.chapters) for step in chapter.steps]

    def record_actions(self) -> list[str]:
        """The whole lesson's moves: the setup, then each step and its replies."""
        moves = list(self.setup)
        for _, step in self.steps():
            moves.append(step.play)
            moves.extend(step.replies)
        return moves


def lesson_for(game_id: str) -> Lesson | None:
    """The lesson beside a game's page (``web/games/<id>/lesson.py``), or None."""
    return page_part(game_id, "lesson")


def has_lesson(game_id: str) -> bool:
    return lesson_for(game_id) is not None


def learn_link(game_id: str) -> str:
    return f"learn={game_id}"


class LessonSession(Session):
    """A session that plays a lesson: only the current step's action is accepted."""

    lesson_mode = True

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self._starts: list[int] = []
        super().__init__(new_setup(lesson.game, lesson.options, lesson.seed, LESSON_SEATS), lesson.setup)
        at = len(lesson.setup)
        for _, step in lesson.steps():  # where each step starts, in moves of the record
            self._starts.append(at)
            at += 1 + len(step.replies)
        #: what the last played step showed (the prompt says it once)
        self.shown = ""

    # --- where the lesson stands ------------------------------------------------------
    @property
    def step_index(self) -> int:
        """The index of the step to play now (``len(steps)`` once all are played)."""
        played = len(self.actions)
        for index, start in enumerate(self._starts):
            if played <= start:
                return index
        return len(self._starts)

    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps()
        index = self.step_index
        return steps[index][1] if index < len(steps) else None

    @property
    def chapter(self) -> Chapter | None:
        steps = self.lesson.steps()
        index = self.step_index
        return self.lesson.chapters[steps[index][0]] if index < len(steps) else None

    @property
    def finished(self) -> bool:
        return self.step is None

    # --- playing ----------------------------------------------------------------------------
    def check_step(self, text: str) -> None:
        """Raise what refuses ``text`` at this step: the engine's own error
        for an illegal move, else what the step asks; nothing changes."""
        step = self.step
        action = self.game.parse_action(text) if isinstance(text, str) else text
        self.game.check(self.state, action)  # the engine's refusal, its own sentence
        written = self.game.format_action(action)
        if step is None or written != step.play:
            asks = step.say if step is not None else "the lesson is over: play a real game from the card."
            raise IllegalAction("lesson-step", f"legal, but this step asks something else. {asks}")

    def play(self, action: Any) -> list:
        if self._starts == []:  # replaying the setup while the session is made
            return super().play(action)
        self.check_step(action)
        step = self.step
        events = super().play(action)
        for reply in step.replies:
            events.extend(super().play(reply))
        self.shown = step.shows
        return events

    def undo(self) -> int:
        if len(self.actions) <= len(self.lesson.setup):
            return 0
        self.shown = ""
        return super().undo()

    def can_undo(self) -> bool:
        return len(self.actions) > len(self.lesson.setup) and super().can_undo()

    def link(self) -> str:
        return learn_link(self.lesson.game)


# --- the page's side (called by the controller; DOM-free) ----------------------------------------
def open_lesson(controller: Any, game_id: str) -> bool:
    """Open ``#learn=<game>``: the lesson's first position on screen. False
    when the game has no lesson."""
    lesson = lesson_for(game_id)
    if lesson is None:
        return False
    controller.load(LessonSession(lesson), demo=False)
    return True


def lesson_of(controller: Any) -> LessonSession | None:
    session = controller.session
    return session if getattr(session, "lesson_mode", False) and controller.replay is None else None


def prompt(controller: Any) -> str | None:
    """The step's sentence (after what the last move showed), or None outside a lesson."""
    session = lesson_of(controller)
    if session is None:
        return None
    if session.finished:
        mark_done(controller, session.lesson.game)
        return " ".join(part for part in (session.shown, session.lesson.closing) if part)
    steps = session.lesson.steps()
    index = session.step_index
    chapter = session.chapter
    head = f"{chapter.title} ({index + 1}/{len(steps)}):"
    if index == 0 and not session.shown:
        head = f"{session.lesson.intro} {head}".strip()
    return " ".join(part for part in (session.shown, head, session.step.say) if part)


def targets(controller: Any) -> list[str]:
    """The board elements (``data-name``) the step's action names: lit on the board."""
    session = lesson_of(controller)
    if session is None or session.step is None:
        return []
    return controller.page.ghost_names(session, session.step.play)


def done_lessons(screen: Any) -> list[str]:
    return [name for name in (screen.setting(LEARNED_SETTING) or "").split(",") if name]


def mark_done(controller: Any, game_id: str) -> None:
    done = done_lessons(controller.screen)
    if game_id not in done:
        controller.screen.save_setting(LEARNED_SETTING, ",".join(done + [game_id]))


def is_lesson_link(fragment: str) -> bool:
    return fragment.startswith("learn=")


def route(controller: Any, fragment: str) -> bool:
    """Open a ``learn=<game>`` fragment; False when it is not one or names no lesson."""
    if not is_lesson_link(fragment):
        return False
    game_id = fragment.partition("=")[2]
    session = lesson_of(controller)
    if session is not None and session.lesson.game == game_id and not session.over:
        controller.screen.show("game")  # back to the lesson in progress (from the home screen)
        return True
    if open_lesson(controller, game_id):
        return True
    controller.link_failed(fragment, f"there is no lesson for {game_id!r}")
    return True
