"""The replay viewer's Analyse: the game's decisions judged by the search bot, a chart, the marked moves.

What it is for: in the replay viewer (``replay``) a player presses Analyse
and every decision of the game is judged (``bots.analysis``, the page's
settings ``PAGE_SETTINGS``: fair, from each seat's view at the time), in
the worker, a slice of about ``SLICE_SECONDS`` at a time with a yield to
the event loop after each, so stepping through the game stays responsive
while it runs. It works in two passes (:func:`jobs`): a first look at
every decision (``Analyser.first_look_steps``: the one-ply best move and
one world, a tenth of the work or less), then the full analysis of each
(``Analyser.steps``), which replaces the first look of its move as it
comes. Each pass starts at the move on screen and wraps round, so what
the player is looking at is judged first. On a machine with cores to
spare, helpers (``helping``: a worker with a Pyodide of its own each, one
per core beyond the engine's, up to :data:`HELPERS`) analyse decisions
from the same queue meanwhile, from the press: the engine's worker joins
them from the queue's far end once its first looks are done. A helper's verdict is the engine's own (same
seed rule), so the analysis is the same with or without them; a helper
that fails gives its move back. The panel is drawn again after
every decision of the analysis, and after first looks every
``DRAW_SECONDS`` (they come every few milliseconds), so verdicts appear as
they come. Cancel stops it (what is
done stays shown; Analyse goes on from there). The panel under the replay
bar shows the progress, a chart of each seat's estimated winning chance
after each of its moves with the marked moves as dots, and the marked
moves as a list (a first look's marked "first look");
a dot or a list entry goes to the position of that decision, where the
board shows the better move as a ghost (``hint.ghost``) and
the panel says what was played and what was better. Play from here then
starts a game from that position. The same record and settings give the
same analysis (seeded: every decision and every first look has its own
generator), so two people see the same marks for one link, whichever
move they started from.

What it is not: the analysis (``bots.analysis``), the viewer's stepping
(``replay``) or DOM code: it speaks in ``app``'s ops through the
controller's screen, so it runs on CPython.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any

from ...bots.analysis import MARKS, PAGE_SETTINGS, Analyser, Decision
from ..render.palette import player_color
from ..render.svg import el, escape, fmt
from ..thinking import SLICE_SECONDS  # one slice of analysis between two yields, as a bot's
from . import helping

__all__ = ["ReplayAnalysis", "command", "draw", "idle_html", "jobs", "panel_html", "run"]

#: the pause between two slices: a timer that is not due yet, so the worker
#: takes the page's messages first (measured in Chromium: with a pause of 0,
#: a chain of ready timers kept a step's message waiting 0.5-2.5 s)
PAUSE_SECONDS = 0.004
#: first looks come every few milliseconds: the panel is drawn again after
#: one when this long has passed since it was last drawn (and after the
#: first, and the last), not after each. Redrawing the chart is linear in the
#: moves judged, so after each first look it was quadratic: 0.26 s of the
#: worker's CPU for Net Control's 291 first looks (1.6 s), 0.46 s for
#: Breach's 499 (1.45 s), CPython, besides the page's own work on each
#: panel. A decision of the analysis is drawn as it comes.
DRAW_SECONDS = 0.1
#: helpers at most (other workers that judge decisions beside the engine's: ``helping``); the page
#: starts one for each core it has beyond the engine's own, up to this many (fewer with little memory:
#: ``helping.count``), for the analysis only: each is a Pyodide of its own, some 36-52 MiB of wasm
#: memory while it runs (docs/web-runtime.md, "Analysis helpers: a second core")
HELPERS = 2
#: the chart's view box: about the size it is drawn in the controls column beside a board
#: (some 270 px), so its 10-unit labels read at about 9 px there; it drew 480 wide, 5.6 px
#: labels and 60 px of height (issue 39). A wide bar draws it at its height cap, centred.
WIDTH, HEIGHT = 300.0, 150.0
_LEFT, _RIGHT, _TOP, _BOTTOM = 34.0, 8.0, 8.0, 18.0


class ReplayAnalysis:
    """The analysis of the game a replay shows, as far as it has gone."""

    def __init__(self, replay: Any):
        self.replay = replay
        self.analyser = Analyser(replay.live.match, PAGE_SETTINGS)
        #: move index -> its decision (None: a forced move), in the order analysed
        self.results: dict[int, Decision | None] = {}
        #: move index -> its first look (``Analyser.first_look_steps``), shown until ``results`` has it
        self.first: dict[int, Decision | None] = {}
        #: the move on screen when Analyse was first pressed: each pass starts there
        self.start = replay.at
        self.running = False
        self.token = 0  # bumps on Cancel: a running task sees it and stops
        self.longest = 0.0  # the longest slice so far, in seconds
        self.spent = 0.0  # thinking time so far, in seconds
        self.drawn: float | None = None  # when the panel was last drawn in this run (the clock's)
        self.helpers = 0  # the helpers of the run under way (``helping``)
        self.helped = 0  # the decisions helpers analysed
        self.helper_trouble = ""  # why a helper stopped, if one did

    @property
    def done(self) -> int:
        return len(self.results)

    @property
    def total(self) -> int:
        return len(self.analyser.plan)

    @property
    def looked(self) -> int:
        """Moves with a verdict so far: a first look or the analysis."""
        return len(self.first.keys() | self.results.keys())

    @property
    def finished(self) -> bool:
        return self.done == self.total

    def decisions(self) -> list[Decision]:
        """Every decision judged so far, the analysis's where it has one, else the first look's."""
        merged = {**self.first, **self.results}
        return [merged[index] for index in sorted(merged) if merged[index] is not None]

    def marked(self) -> list[Decision]:
        return [found for found in self.decisions() if found.mark]

    def at(self, index: int) -> Decision | None:
        return self.results[index] if index in self.results else self.first.get(index)

    def is_first_look(self, decision: Decision) -> bool:
        """Is ``decision`` a first look (its move not yet analysed)?"""
        return decision.index not in self.results


def command(control: Any, name: str, value: str | None) -> bool:
    """``analyse`` (start or go on), ``analyse-cancel``, ``analyse-go`` (a
    marked move: ``value`` is its index). Was it one of them?"""
    replay = control.replay
    if replay is None or name not in ("analyse", "analyse-cancel", "analyse-go"):
        return False
    if name == "analyse":
        if replay.analysis is None:
            replay.analysis = ReplayAnalysis(replay)
        analysis = replay.analysis
        if not analysis.running and not analysis.finished:
            analysis.running = True
            analysis.token += 1
            control.screen.spawn(run(control, analysis, analysis.token))
        control.screen.draw_analysis()  # the panel alone: nothing else on screen changed
    elif name == "analyse-cancel":
        analysis = replay.analysis
        if analysis is not None and analysis.running:
            analysis.running = False
            analysis.token += 1
            control.screen.draw_analysis()
            control.screen.set_text("announce", f"Analysis stopped after {analysis.done} of {analysis.total} moves.")
    else:
        text = "" if value is None else str(value).strip()
        analysis = replay.analysis
        if analysis is None or not (text.isascii() and text.isdigit() and len(text) <= 6):
            return True
        decision = analysis.at(int(text))
        if decision is None:
            return True
        replay.go(decision.index)
        control.table.message = None
        control.show_position()
        control.screen.set_text("announce", verdict(decision, control))
    return True


def jobs(analysis: ReplayAnalysis) -> list[tuple[int, bool]]:
    """The work left, in order: ``(move index, first look?)``. First a
    first look at every decision, then the analysis of each; each pass
    starts at the move on screen when Analyse was pressed and wraps round
    to the first move. A move already analysed needs no first look."""
    plan = analysis.analyser.plan
    order = [index for index in plan if index >= analysis.start] + [index for index in plan if index < analysis.start]
    return ([(index, True) for index in order if index not in analysis.first and index not in analysis.results]
            + [(index, False) for index in order if index not in analysis.results])


async def run(control: Any, analysis: ReplayAnalysis, token: int) -> bool:
    """Judge the remaining decisions (:func:`jobs`) a slice at a time; after
    each decision the panel is drawn again. Where the page has helpers
    (``Screen.analysis_helpers``: other workers, ``helping``), they take
    the analysis's decisions from the same queue as soon as they are up,
    while this worker gives every move its first look, then joins them.
    The helpers take the queue from its front (each its first move as soon
    as this worker first yields: the move on screen is the first helper's),
    this worker from its back, so each works through consecutive moves
    (Backbone's shared rankings serve the next move: alternate moves cost
    7% more CPU in all).
    Stops (returns False) on Cancel or when the viewer closes; True when
    every decision is analysed."""

    def stale() -> bool:
        return token != analysis.token or control.replay is not analysis.replay

    analysis.drawn, analysis.helper_trouble = None, ""
    work = jobs(analysis)
    queue = deque(index for index, first_look in work if not first_look)
    helpers = control.screen.analysis_helpers(HELPERS) if queue and analysis.analyser.match.seed is not None else []
    analysis.helpers = len(helpers)
    helped = [asyncio.ensure_future(_help(control, analysis, helper, queue, stale)) for helper in helpers]
    try:
        for index in [index for index, first_look in work if first_look]:
            if index in analysis.results:  # a helper analysed it before its first look came
                continue
            if not await _judge(control, analysis, index, True, stale):
                return False
        while True:
            while queue:  # beside helpers, from the far end: each worker a run of consecutive moves
                index = queue.pop() if helpers else queue.popleft()
                if not await _judge(control, analysis, index, False, stale):
                    return False
            if not helped:
                break
            await asyncio.gather(*helped)  # their last decisions (a helper that failed gave its back)
            helped = []
            if stale():
                return False
    finally:
        for helper in helpers:
            helper.close()
    analysis.running = False
    control.screen.draw_analysis()
    marked = len(analysis.marked())
    control.screen.set_text("announce", f"Analysis done: {marked} marked move{'s' if marked != 1 else ''}.")
    return True


async def _judge(control: Any, analysis: ReplayAnalysis, index: int, first_look: bool, stale) -> bool:
    """Judge the move at ``index`` here (a first look or the analysis), a
    slice at a time with a pause for the page's events after each, then
    show it. False when the analysis went stale meanwhile."""
    clock = control.clock
    work = analysis.analyser.first_look_steps if first_look else analysis.analyser.steps
    steps = work(index)
    while True:
        started = clock()
        try:
            next(steps)  # at least one unit of work a slice
            while clock() - started < SLICE_SECONDS:
                next(steps)
            result, finished = None, False
        except StopIteration as done:
            result, finished = done.value, True
        elapsed = clock() - started
        analysis.longest = max(analysis.longest, elapsed)
        analysis.spent += elapsed
        if finished:
            break
        await control.sleep(PAUSE_SECONDS)  # the page's events (a step, Cancel) are handled between slices
        if stale():
            return False
    (analysis.first if first_look else analysis.results)[index] = result
    _show(control, analysis, first_look)
    await control.sleep(PAUSE_SECONDS)
    return not stale()


async def _help(control: Any, analysis: ReplayAnalysis, helper: Any, queue: deque, stale) -> None:
    """One helper's share of the analysis: the next decision left at the
    front of ``queue``, until none is left or the analysis stops. It takes
    its first as soon as the engine's worker first yields, so that one (the
    move on screen, for the first helper) is the helper's whatever its
    start costs. A helper that fails gives its move back to the queue and
    stops (this worker judges it): the page says why in
    ``data-analysis-helpers``."""
    while queue and not stale():
        index = queue.popleft()
        try:
            decision = helping.answer(await helper.judge(helping.request(analysis.analyser, index)))
        except helping.HelperFailed as failed:
            queue.appendleft(index)
            if not stale():
                analysis.helper_trouble = str(failed)
            return
        if stale():
            return
        analysis.results[index] = decision
        analysis.helped += 1
        _show(control, analysis, False)


def _show(control: Any, analysis: ReplayAnalysis, first_look: bool) -> None:
    """Draw the panel after a verdict: every decision of the analysis, and a
    first look when it is the first or the last, or ``DRAW_SECONDS`` have
    passed since the panel was last drawn."""
    clock = control.clock
    if not first_look or analysis.drawn is None or analysis.looked == analysis.total \
            or clock() - analysis.drawn >= DRAW_SECONDS:
        control.screen.draw_analysis()
        analysis.drawn = clock()


def verdict(decision: Decision, control: Any) -> str:
    """What the panel and the live region say of a judged decision."""
    speech = control.page.speech()
    names = control.replay.live.names
    played = speech.phrase(decision.played, names)
    who = names[decision.seat]
    analysis = control.replay.analysis
    if analysis is not None and analysis.is_first_look(decision):
        if decision.best == decision.played:
            return (f"Move {decision.index + 1}, first look: {who} chose to {played}, the best move one "
                    f"action ahead (winning chance {_pct(decision.after_played)}); the search bot has not judged "
                    f"it yet.")
        head = f"Move {decision.index + 1}, first look, {decision.mark}: " if decision.mark else \
            f"Move {decision.index + 1}, first look: "
        return (f"{head}{who} chose to {played} (winning chance {_pct(decision.after_played)}); one action "
                f"ahead, {speech.phrase(decision.best, names)} looked better ({_pct(decision.after_best)}). "
                f"The search bot has not judged it yet.")
    if decision.best == decision.played:
        return (f"Move {decision.index + 1}: {who} chose to {played}, the search bot's choice too "
                f"(winning chance {_pct(decision.after_played)}).")
    head = f"Move {decision.index + 1}, {decision.mark}: " if decision.mark else f"Move {decision.index + 1}: "
    return (f"{head}{who} chose to {played} (winning chance {_pct(decision.before)} before, "
            f"{_pct(decision.after_played)} after); the search bot would {speech.phrase(decision.best, names)} "
            f"({_pct(decision.after_best)}).")


def _pct(chance: float) -> str:
    return f"{round(chance * 100)}%"


def draw(app: Any, control: Any) -> None:
    """Put the panel in the page when it changed (``app.analysis_html``
    remembers what it drew: the worker cannot read the DOM)."""
    analysis = control.replay.analysis
    html = panel_html(control)
    if analysis is not None:
        app.op("data", name="analysisLongestMs", value=str(round(analysis.longest * 1000, 1)))
        app.op("data", name="analysisDone", value=f"{analysis.done}/{analysis.total}")
        app.op("data", name="analysisLooked", value=f"{analysis.looked}/{analysis.total}")
        trouble = f", stopped: {analysis.helper_trouble}" if analysis.helper_trouble else ""
        app.op("data", name="analysisHelpers", value=f"{analysis.helpers} helped {analysis.helped}{trouble}")
    if html != app.analysis_html:
        app.op("html", "replay-analysis", html=html)
        app.analysis_html = html


def idle_html() -> str:
    """The panel before Analyse is pressed (``app`` draws it without loading the bots)."""
    return (el("button", "Analyse", type="button", id="analyse", data_cmd="analyse",
               title="The search bot judges every decision of this game, from what each seat could see at the time")
            + _note("Marks each move that lost much of its player's winning chance."))


def _note(words: str, **attributes: Any) -> str:
    return el("span", escape(words), class_="analysis-note", **attributes)


def panel_html(control: Any) -> str:
    """The panel under the replay bar: Analyse (or the progress and Cancel),
    the chart, what the position shown was judged, the marked moves."""
    replay = control.replay
    analysis = replay.analysis
    if analysis is None:
        return idle_html()
    parts = []
    if analysis.running:
        progress = (f"First look: {analysis.looked} of {analysis.total} moves..." if analysis.looked < analysis.total
                    else f"First look done; analysing closely: {analysis.done} of {analysis.total} moves...")
        parts.append(el("button", "Cancel", type="button", id="analyse-cancel", data_cmd="analyse-cancel")
                     + _note(progress, role="status"))
    elif not analysis.finished:
        parts.append(el("button", "Analyse on", type="button", id="analyse", data_cmd="analyse")
                     + _note(f"Stopped after {analysis.done} of {analysis.total} moves."))
    else:
        parts.append(_note(f"Analysed fairly (each move judged from what its player could see then): "
                           f"{len(analysis.marked())} marked of {len(analysis.decisions())} decisions."))
    parts.append(chart_svg(analysis, replay.at, replay.live.names))
    shown = analysis.at(replay.at)
    if shown is not None:
        parts.append(el("p", escape(verdict(shown, control)), class_="analysis-verdict", id="analysis-verdict"))
    marked = analysis.marked()
    if marked:
        names = replay.live.names
        items = [el("li", el("button", escape(_mark_words(analysis, d, names)), type="button",
                             class_=f"mark-{d.mark}{' first-look' if analysis.is_first_look(d) else ''}",
                             data_cmd="analyse-go", data_value=d.index)) for d in marked]
        parts.append(el("ol", items, class_="analysis-marks",
                        aria_label="Marked moves: pick one to see the better move"))
    return "".join(parts)


def _mark_words(analysis: ReplayAnalysis, d: Decision, names: list[str]) -> str:
    """A marked move as the list and the chart's dot say it: "Move 4, Ann: blunder"."""
    return f"Move {d.index + 1}, {names[d.seat]}: {d.mark}" + (" (first look)" if analysis.is_first_look(d) else "")


def chart_svg(analysis: ReplayAnalysis, at: int, names: list[str]) -> str:
    """Each seat's estimated winning chance after each of its judged moves
    (a line per seat), the marked moves as dots that go to their position,
    and the position shown as a vertical line."""
    total = max(1, analysis.replay.total)
    plot_w, plot_h = WIDTH - _LEFT - _RIGHT, HEIGHT - _TOP - _BOTTOM

    def x(moves: float) -> float:
        return round(_LEFT + plot_w * moves / total, 1)

    def y(chance: float) -> float:
        return round(_TOP + plot_h * (1 - chance), 1)

    out = []
    for chance in (0.0, 0.5, 1.0):
        out.append(el("line", class_="grid", x1=_LEFT, x2=WIDTH - _RIGHT, y1=y(chance), y2=y(chance))
                   + el("text", f"{round(chance * 100)}%", class_="axis", x=_LEFT - 4, y=y(chance) + 4,
                        text_anchor="end"))
    decisions = analysis.decisions()
    for seat, name in enumerate(names):
        points = " ".join(f"{fmt(x(d.index + 1))},{fmt(y(d.after_played))}" for d in decisions if d.seat == seat)
        if points:
            out.append(el("polyline", el("title", escape(name)), class_=f"series p{seat + 1}", fill="none",
                          stroke=player_color(seat), stroke_width=1.5, points=points))
    out.append(el("line", class_="now", x1=x(at), x2=x(at), y1=_TOP, y2=HEIGHT - _BOTTOM))
    for d in decisions:
        if d.mark:
            first = " first-look" if analysis.is_first_look(d) else ""
            out.append(el("circle", el("title", escape(_mark_words(analysis, d, names))),
                          class_=f"mark mark-{d.mark}{first}", data_cmd="analyse-go", data_value=d.index,
                          cx=x(d.index + 1), cy=y(d.after_played), r=5 if d.mark == MARKS[0][1] else 4,
                          fill=player_color(d.seat)))
    out.append(el("text", "move 0", class_="axis", x=_LEFT, y=HEIGHT - 4)
               + el("text", str(total), class_="axis", x=WIDTH - _RIGHT, y=HEIGHT - 4, text_anchor="end"))
    return el("svg", out, class_="analysis-chart", viewBox=f"0 0 {WIDTH:g} {HEIGHT:g}", width="100%", role="img",
              aria_label="Winning chances over the game, as the search bot estimates them")
