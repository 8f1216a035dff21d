"""What every game's table (the page's controls for one session) shares.

What it is for: every game's table keeps a selected tool, the picks made
so far with it, and the answer to the player's last click; they play
actions through the session the same way. This base holds those parts
once: a :class:`Tool` (a game's declarative description of one thing to
do: its verb in the notation, label, key, and what each word after the verb
is), the picks machine that asks the engine which words may come next
(``session.legal_texts(prefix)``) and plays the legal notation a pick
completes (no table writes notation of its own), playing an action (a
refused one is explained by the engine's ``check``: its code in
:attr:`Table.refused`, its sentence in the message), the "not your turn"
answer, and the keys every game shares.

What it is not: a game's own controls (tools, picks, hints, words): those
stay in ``web/<game>.py``. No DOM here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.errors import IllegalAction, InvalidNotation, NetarcadeError
from ..core.game import format_seat
from .session import Session

__all__ = ["COMMON_KEYS", "Table", "Tool"]

#: keys that mean the same in every game
COMMON_KEYS = {"e": "end", "u": "undo", "escape": "cancel", "esc": "cancel"}


@dataclass(frozen=True)
class Tool:
    """One thing a player may pick to do, as a game's page declares it."""

    verb: str  # the action's verb in the notation ("router", "linkbuild")
    label: str
    key: str = ""
    what: str = ""  # what it does, in a few words
    #: what each word after the verb is: a board element kind ("hex",
    #: "vertex", "edge", "tile") or "resource" (a chooser)
    parts: tuple[str, ...] = ()
    #: the engine lists the words in one order; the player may pick them in any
    unordered: bool = False
    #: what it does as a phrase, its verb in the plain form, ``{0}``... for the
    #: words after the verb ("build a Router on {0}"): how a move reads aloud (``web/speech.py``)
    say: str = ""


def _unique(words) -> list[str]:
    return list(dict.fromkeys(words))


class Table:
    """The session, the selected tool, the picks so far and the last message for the player."""

    #: the game this table plays (``Setup.game``)
    game = ""
    #: the page has no hover (a phone): a game's words for a tap (set by the app before each draw)
    touch = False

    def __init__(self, session: Session):
        if session.setup.game != self.game:
            raise ValueError(f"{type(self).__name__} plays {self.game} sessions only")
        self.session = session
        self.tool: str | None = None
        self.picked: list[str] = []  # the words picked so far with the tool
        self.message: str | None = None  # the answer to the last click, if any
        self.refused: str | None = None  # the engine's code for the last refused action
        #: the player's "pass on blocks automatically" setting (the controller keeps it)
        self.auto_pass = False

    def view(self) -> dict[str, Any]:
        """What the screen shows (the session builds it once per position)."""
        return self.session.view()

    @property
    def names(self) -> list[str]:
        """The seats' names, as the session calls them."""
        return self.session.names

    def hand_seat(self) -> int:
        """Whose hand the page shows (games with hands: Net Control,
        Breach): the human to act, else the only human, else the seat to
        act (bots only, or a bot to act among several humans at one
        screen, where every hand is open), else the first human, else P1."""
        session = self.session
        current = session.current
        if current is not None and not session.setup.is_bot(current):
            return current
        humans = session.setup.humans
        if len(humans) == 1:
            return humans[0]
        if current is not None:
            return current
        return humans[0] if humans else 0

    # --- the picks machine: the engine says what may come next ------------------------
    def continuing(self, verb: str, picks=()) -> list[str]:
        """The legal notation of the human to act that starts with ``verb`` and ``picks``."""
        session = self.session
        if not session.is_human_turn():
            return []
        head = format_seat(session.current, " ".join((verb, *picks)))
        return [text for text in session.legal_texts(head) if text == head or text.startswith(head + " ")]

    def next_words(self, tool: Tool, picks=()) -> list[str]:
        """The words that may be picked next for ``tool`` after ``picks``."""
        if tool.unordered:
            taken = list(picks)
            found = []
            for text in self.continuing(tool.verb):
                rest = text.split()[2:]
                if all(rest.count(word) >= taken.count(word) for word in taken):
                    for word in taken:
                        rest.remove(word)
                    found.extend(rest)
            return _unique(found)
        at = 2 + len(picks)
        return _unique(text.split()[at] for text in self.continuing(tool.verb, picks) if len(text.split()) > at)

    def complete(self, tool: Tool, picks) -> str:
        """The legal notation ``picks`` complete, else the words as picked (the engine says why not)."""
        for text in self.continuing(tool.verb) if tool.unordered else self.continuing(tool.verb, picks):
            words = text.split()[2:]
            if (sorted(words) == sorted(picks)) if tool.unordered else words == list(picks):
                return text
        return format_seat(self.session.current, " ".join((tool.verb, *picks)))

    def advance(self, tool: Tool, word: str | None = None) -> str | None:
        """The player picked ``word`` for ``tool`` (or, for a tool without
        parts, just the tool): keep it, play the action it completes, step
        back when the last pick is picked again, or say why not. Returns the
        notation played, if any."""
        picks = list(self.picked)
        if word is not None:
            if word in self.next_words(tool, picks):
                picks.append(word)
            elif picks and word == picks[-1]:
                self.picked.pop()
                return None
            elif picks and word in self.next_words(tool, picks[:-1]):
                picks[-1] = word  # another first pick instead of the one made
            elif len(picks) + 1 < len(tool.parts):
                self.message = self.why_not_pick(tool, picks, word)
                return None
            else:
                picks.append(word)  # the engine explains what is wrong with it
        if len(picks) < len(tool.parts):
            self.picked = picks
            return None
        return self.play(self.complete(tool, picks))

    def pick_hints(self, tool: Tool, from_actions, first_kind: str, first_label: str,
                   cancel_label: str) -> dict:
        """Board hints for ``tool``: the elements the legal notation allows
        next, as buttons. ``from_actions(texts, picked)`` is the game's own
        render helper. A two-pick tool shows its first choices (highlight
        ``first_kind``, labels ``first_label.format(name)``) until one is
        picked; then the picked element takes the pick back (``cancel_label``)."""
        if len(tool.parts) > 1 and not self.picked:
            firsts = self.next_words(tool)
            return {"highlight": dict.fromkeys(firsts, first_kind),
                    "actions": {name: f"select {name}" for name in firsts},
                    "labels": {name: first_label.format(name) for name in firsts}}
        if not self.picked:
            return from_actions(self.continuing(tool.verb), None)
        first = self.picked[0]
        found = from_actions(self.continuing(tool.verb, self.picked), first)
        found["actions"][first] = f"cancel {first}"
        found["labels"] = {first: cancel_label.format(first)}
        return found

    def why_not_pick(self, tool: Tool, picks: list[str], word: str) -> str:
        """Why ``word`` cannot be the next pick (before the action is whole, so
        the engine cannot be asked yet); games say it in their own words."""
        return f"{tool.label}: pick one of the highlighted choices."

    def auto_answer(self) -> str | None:
        """The decision the page makes for the player now, in notation, or
        None: a game where some questions need no answer (Breach's block
        windows) names the legal action the player's own button would play."""
        return None

    def play(self, text: str) -> str | None:
        """Play an action in notation; an illegal one only sets :attr:`message`."""
        self.message = self.refused = None
        try:
            self.session.play(text)
        except IllegalAction as err:
            self.refused = err.code
            # a refusal that is already a sentence (a lesson's step) ends with one full stop
            self.message = f"Can't {self._describe(text)}: {err.message.rstrip('.')}."
            return None
        except NetarcadeError as err:  # malformed: InvalidNotation
            self.refused = err.code
            self.message = str(err)
            return None
        self.drop_picks()
        self.sync()
        return text

    # --- rounds: how every game numbers its turns on screen ---------------------------------
    def rounds(self) -> dict[int, int]:
        """The game's turn number -> its round. A round is every seat still
        playing taking one turn: a new round starts when a turn's owner has
        already had a turn in the current one (seats that left, or a first
        player other than P1, shift nothing). A turn's owner is the seat
        that acts first in it; the current turn's is the seat to act.
        Turn 0 (Net Control's setup placements) is no round."""
        session = self.session
        match = getattr(session, "match", None)  # an online room's session has none
        key = match.changes if match is not None else ("online", session.version)
        cached = getattr(self, "_rounds", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        owners = {}
        for entry in session.log:
            owners.setdefault(entry.turn, entry.seat)
        turn = self._turn()
        if turn not in owners and session.current is not None:
            owners[turn] = session.current
        found, seen, number = {}, set(), 0
        for turn, owner in sorted(owners.items()):
            if turn <= 0:
                continue
            if not seen or owner in seen:
                number, seen = number + 1, set()
            seen.add(owner)
            found[turn] = number
        self._rounds = (key, found)
        return found

    def _turn(self) -> int:
        return self.session.game.turn_count(self.session.state)

    def round(self, turn: int | None = None) -> int:
        """The round of ``turn`` (the current turn by default: after the game
        ended, the last round played); 0 before the first."""
        rounds = self.rounds()
        if turn is None:
            return rounds.get(self._turn(), max(rounds.values(), default=0))
        return rounds.get(turn, 0)

    def whose_turn(self, name: str) -> str:
        """'Your turn, round 3' or 'Search bot 2's turn, round 3': every game's status says it so."""
        whose = "Your turn" if name == "You" else f"{name}'s turn"
        return f"{whose}, round {self.round()}"

    @staticmethod
    def wins(name: str, opening: bool = True) -> str:
        """'You win' ('you win' inside a sentence) or 'Search bot 2 wins': a sole winner."""
        if name == "You":
            return "You win" if opening else "you win"
        return f"{name} wins"

    # --- Resign: the engine's ``pN resign`` ------------------------------------------------
    def why_not_resign(self, seat: int) -> tuple[str, str] | None:
        """Why ``seat`` cannot resign now, as (code, sentence), or None. The
        code is ``no-resign`` for a game whose notation has no ``resign``
        yet, else the engine's (``resigned``: the seat has left already)."""
        session = self.session
        if getattr(session, "remote", False):  # an online room: the page knows its view, not the state
            return session.why_not_resign(seat)
        game = session.game
        try:
            game.check(session.state, game.parse_action(format_seat(seat, "resign")))
        except InvalidNotation:
            return "no-resign", f"Resign: {game.title}'s rules have no resignation yet; New game starts another game."
        except NetarcadeError as err:
            return err.code or "illegal", f"Resign: {err.message}."
        return None

    def resign(self, seat: int) -> str | None:
        """Play ``seat``'s resignation; the notation played, or None (the message says why)."""
        return self.play(format_seat(seat, "resign"))

    def drop_picks(self) -> None:
        """Forget what was picked with the tool (after an action is played)."""
        self.picked = []

    # --- the board's last moves ------------------------------------------------------------
    def recent_entries(self) -> list:
        """The log's entries since the shown seat (``hand_seat``) last acted:
        everyone else's moves since then and that seat's own moves this
        turn, newest first."""
        me = self.hand_seat()
        entries: list = []
        others = False
        for entry in reversed(self.session.log):
            if entry.seat == me and others:
                break
            others = others or entry.seat != me
            entries.append(entry)
        return entries

    def entry_targets(self, entry) -> list[str]:
        """The board ids one log entry touched, for the board's marks of the
        last moves; a game's table says (none by default)."""
        return []

    def last_targets(self) -> list[str]:
        """Board ids touched since the shown seat last acted
        (``recent_entries``' ``entry_targets``), each once, newest first."""
        found: list[str] = []
        for entry in self.recent_entries():
            for target in self.entry_targets(entry):
                if target not in found:
                    found.append(target)
        return found

    def hint_words(self, text: str) -> str:
        """A hint's words for the move ``text`` (notation) in this position:
        what to pick and where (``web/replay/hint.py``). By default the move as the
        live region says it (``GamePage.speech``), which names the tool or
        card and the place ("build a Router on e5", "place a link on e21");
        a game whose move needs more (Overwrite's rotation and flip) says more."""
        from .pages import page_for

        return page_for(self.game).speech().phrase(text, self.session.names)

    def take_hint(self, text: str) -> None:
        """A hint for the move ``text`` (notation) is shown: a game whose moves
        need settings a player makes before clicking the board (Overwrite's
        piece, rotation and flip) makes them here, so the board's ghost has the
        hinted shape and a click on the hinted cell plays the hinted move
        (``web/replay/hint.py``). Other games change nothing: the words name the tool."""

    def sync(self) -> None:
        """Bring the selection in line with the session after any change."""

    def _describe(self, text: str) -> str:
        """The action in words, for "Can't ...": the game's phrase for it (``GamePage.speech``)."""
        from .pages import page_for

        return page_for(self.game).speech().phrase(text, self.session.names)

    def _cannot_click(self) -> str | None:
        """Why a click on the board plays nothing now (the game is over, or it
        is not a human's turn), or None."""
        if self.session.over:
            return "The game is over: start a new game or undo."
        if not self.session.is_human_turn():
            return self._not_your_turn()
        return None

    def elsewhere(self) -> str | None:
        """The prompt while a person on another screen decides (an online
        room's other player), or None: the games' "Bots move with a short
        pause" is not said of a person."""
        session = self.session
        seat = session.current
        if session.over or seat is None or session.is_human_turn() or not session.setup.plays_elsewhere(seat):
            return None
        return f"{session.names[seat]} plays on their own screen; the move shows here when it is made."

    def _not_your_turn(self) -> str:
        session = self.session
        if session.over:
            return "The game is over."
        return f"Wait: it is {session.names[session.current]}'s turn."
