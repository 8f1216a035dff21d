"""The replay viewer on CPython (web/replay/replay.py, the controller's viewer,
``Match.position``): positions equal a fresh replay of the record cut
there, stepping and its keys, links with ``at=N``, nothing is played in
the viewer, and Play from here branches a game with its own link, for all
four games. The DOM part is tested in Chromium (test_browser_replay.py)."""

from __future__ import annotations

import pytest

from netarcade.core import IllegalAction
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.core.record import digest
from netarcade.games import declared, get_game
from netarcade.web import views
from netarcade.web.controller import Controller
from netarcade.web.replay.replay import Replay, split_at
from netarcade.web.session import LinkError, Session, encode_link, new_setup

from support.playing import turns
from support.page import Recorder, drop_tasks

GAMES = declared()


def random_session(game_id: str, count: int = 40, seed: int = 3, seats=None) -> Session:
    """A session of ``game_id`` after up to ``count`` seeded random legal actions."""
    players = get_game(game_id).min_players
    session = Session(new_setup(game_id, {}, seed, seats or ("human",) + ("greedy",) * (players - 1)))
    rng = Rng(seed)
    for seat in turns(session.match, count):  # the session's own policy: humans first
        session.play(rng.choice(session.match.legal(seat)))
    return session


def finished_session(seats=("human", "greedy")) -> Session:
    """A finished two-player Overwrite game (random play ends it in about 30 moves)."""
    for seed in range(1, 50):
        session = random_session("overwrite", 400, seed, seats)
        if session.over:
            return session
    raise AssertionError("no finished game")


class Pusher(Recorder):
    """A recording screen that tells a new history entry from a replaced link."""

    def __init__(self):
        super().__init__()
        self.pushed: list[str] = []

    def push_link(self, fragment):
        self.pushed.append(fragment)


@pytest.fixture(params=GAMES)
def game_session(request):
    return long_enough(request.param)


def long_enough(game_id: str, count: int = 40) -> Session:
    """A random session of at least 20 moves (an Overwrite game may end early: the System Fail, O19)."""
    for seed in range(3, 40):
        session = random_session(game_id, count, seed)
        if len(session.actions) >= 20:
            return session
    raise AssertionError("no long game")


def test_match_position_is_the_record_replayed_to_there(game_session):
    match = game_session.match
    game = match.game
    total = match.version
    assert total > 10
    for version in range(total + 1):
        position = match.position(version)
        fresh = Match(game, match.options, match.seed, match.actions[:version])
        assert position.version == version and position.actions == fresh.actions
        assert digest(game, position.state) == digest(game, fresh.state)
        assert position.turns == fresh.turns and len(position.events) == len(fresh.events)
        assert not position.can_undo()
    # playing on a position leaves the match (and its snapshots) as they were
    before = digest(game, match.state), match.version, list(match.actions)
    position = match.position(3)
    position.play(game.parse_action(match.actions[3]))
    assert (digest(game, match.state), match.version, match.actions) == before
    assert digest(game, match.position(3).state) == digest(game, Match(game, match.options, match.seed,
                                                                       match.actions[:3]).state)
    for bad in (-1, total + 1, "2", True, 1.0):
        with pytest.raises(ValueError):
            match.position(bad)


def test_split_at_reads_the_replay_position_from_a_link():
    assert split_at("#play=x&seats=human,greedy&r=AB&at=7") == ("play=x&seats=human,greedy&r=AB", 7)
    assert split_at("play=x&r=AB") == ("play=x&r=AB", None)
    assert split_at("at=0&play=x") == ("play=x", 0)
    for bad, words in (("play=x&at=-1", "not a move number"), ("play=x&at=two", "not a move number"),
                       ("play=x&at=", "not a move number"), ("play=x&at=1&at=2", "twice"),
                       ("play=x&at=9999999", "not a move number")):
        with pytest.raises(LinkError, match=words):
            split_at(bad)


def test_replay_steps_and_says_where_it_is(game_session):
    total = len(game_session.actions)
    before = game_session.link()
    replay = Replay(game_session)
    assert replay.at == total and replay.counter() == f"{total} / {total}"
    assert not replay.step(1)  # already at the end
    assert replay.step(-1) and replay.at == total - 1
    assert replay.step("first") and replay.at == 0 and replay.move() is None
    assert replay.status() == f"Replay: the start, before move 1 of {total}"
    assert not replay.step(-1) and replay.at == 0
    assert replay.go(total + 50) and replay.at == total  # kept within the game
    assert replay.command("replay-to", "5") and replay.at == 5
    assert not replay.command("replay-to", "five") and not replay.command("replay-to", None)
    assert replay.command("replay-back") and replay.at == 4
    assert replay.command("replay-forward") and replay.at == 5
    assert replay.command("replay-last") and replay.at == total
    replay.go(5)
    seat = game_session.log[4].seat
    assert replay.status() == f"Replay: move 5 of {total}, {game_session.names[seat]}: {game_session.actions[4]}"
    position = replay.position()
    assert position is replay.position()  # built once
    assert position.actions == game_session.actions[:5] and position.view() == Match(
        game_session.game, game_session.match.options, game_session.setup.seed,
        game_session.actions[:5]).view("table")
    # the position is for the eye: no seat to act, nothing to play or undo
    assert not position.is_human_turn() and not position.is_bot_turn() and position.legal_texts() == []
    with pytest.raises(IllegalAction) as refused:
        position.play(game_session.actions[5])
    assert refused.value.code == "replay"
    assert not position.can_undo() and position.undo() == 0
    assert position.link() == before + "&at=5"
    # the log: the start and every move, each a button to the position after it
    log = replay.log_html(_table(game_session))
    assert log.count('data-cmd="replay-to"') == total + 1
    assert 'data-value="0"' in log and f'data-value="{total}"' in log
    # branching cuts the record there; the game under review is untouched
    branch = replay.branch()
    assert branch.actions == game_session.actions[:5] and branch.setup == game_session.setup
    assert branch.link() == replay.branch_link() != before
    assert game_session.link() == before and len(game_session.actions) == total
    if branch.legal_texts():
        branch.play(branch.legal_texts()[0])
    assert game_session.link() == before and len(branch.actions) > 5


def _table(session):
    from netarcade.web.pages import page_for

    return page_for(session.setup.game).table(session)


def test_a_finished_game_cannot_branch_at_its_end():
    session = finished_session()
    replay = Replay(session)
    assert replay.position().over and not replay.can_branch()
    with pytest.raises(ValueError):
        replay.branch()
    replay.step(-1)
    assert replay.can_branch() and not replay.branch().over
    with pytest.raises(LinkError, match="asks for move"):
        Replay(session, len(session.actions) + 1)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_viewer_in_the_controller(game_id):
    session = long_enough(game_id)
    total = len(session.actions)
    link = session.link()
    screen = Pusher()
    control = Controller(screen)
    control.route("#" + link + "&at=4")
    assert control.mode == "replay" and control.replay.at == 4
    assert control.session.actions == session.actions[:4]
    assert screen.links[-1] == link + "&at=4"
    assert control.status().startswith("Replay, move 4 of ")
    assert control.status().endswith(control.page.speech().sentence(session.actions[3], session.names))
    assert not screen.tasks  # no bot thinks in the viewer
    # keys: arrows step, Home/End jump, others are not the viewer's
    control.key("ArrowRight")
    assert control.replay.at == 5 and screen.links[-1] == link + "&at=5"
    control.key("Home")
    assert control.replay.at == 0 and control.session.actions == []
    control.key("End")
    assert control.replay.at == total
    control.key("PageUp")
    assert control.replay.at == max(0, total - 10)
    assert control.wants_key("ArrowLeft") and not control.wants_key("e") and not control.wants_key("u")
    control.key("e")  # a game's key does nothing in the viewer
    control.command("replay-to", "6")
    assert control.replay.at == 6
    # a click, a tool or a game button plays nothing, and says so
    renders = len(screen.calls)
    control.click("a1")
    control.command("end")
    control.undo()
    assert control.live_table.session.actions == session.actions and control.replay.at == 6
    assert "replay" in control.table.message.lower() and len(screen.calls) > renders
    # the same link again changes nothing; the link without at= leaves the viewer
    control.route("#" + link + "&at=6")
    assert control.replay.at == 6
    control.route("#" + link + "&at=2")
    assert control.replay.at == 2
    control.route("#" + link)
    assert control.replay is None and control.mode != "replay" and control.session.actions == session.actions
    assert screen.links[-1] == link
    drop_tasks(screen)
    # enter again (the bar's Replay), Escape leaves
    control.command("replay")
    assert control.replay.at == total
    control.key("Escape")
    assert control.replay is None
    # Play from here: a new game cut at the move, a new history entry; the original link is kept
    control.command("replay")
    control.command("replay-to", "7")
    control.command("replay-branch")
    assert control.replay is None and control.session.actions == session.actions[:7]
    assert screen.pushed == [encode_link(session.setup, session.actions[:7])] and screen.pushed[0] != link
    assert control.session.setup == session.setup
    # Back: the original link's replay opens again, as it was
    control.route("#" + link + "&at=7")
    assert control.replay.at == 7 and control.live_session.actions == session.actions
    drop_tasks(screen)


def test_links_with_a_bad_replay_position_say_why():
    session = random_session("backbone", 6)
    for suffix, words in (("&at=99", "asks for move 99 of a game of 6 moves"), ("&at=x", "not a move number")):
        screen = Recorder()
        control = Controller(screen)
        control.route("#" + session.link() + suffix)
        assert control.table is None and control.replay is None
        assert any(call[0] == "link-error" and words in call[1] for call in screen.calls), screen.calls


def test_replay_from_the_game_over_card_and_the_bots_wait():
    session = finished_session()
    screen = Pusher()
    control = Controller(screen)
    control.load(Session(session.setup, session.actions), demo=False)
    assert control.mode == "over"
    card = control.page.game_over(control.table)
    assert 'data-cmd="replay"' in card
    control.command("replay")
    assert control.mode == "replay" and control.replay.at == len(session.actions)
    assert control.resign_seat() is None
    control.key("ArrowLeft")
    control.command("replay-branch")  # a game where the greedy bot may be to move: it plays on
    assert control.mode in ("human", "bot") and len(control.session.actions) == len(session.actions) - 1
    drop_tasks(screen)
    # a game with a bot to move: the viewer stops it, leaving lets it play on
    live = random_session("netcontrol", 5, seats=("greedy", "human", "greedy"))
    control.load(live, demo=False)
    assert screen.tasks
    drop_tasks(screen)
    control.command("replay")
    control.key("Home")
    assert not screen.tasks
    control.command("replay-leave")
    assert control.replay is None and screen.tasks  # the bot's turn is scheduled again
    drop_tasks(screen)


def test_an_online_game_is_replayed_only_once_its_record_is_revealed():
    class Room:
        remote = True
        revealed = False

        def can_undo(self):
            return False

        def record_setup(self):
            return object() if self.revealed else None

    room = Room()
    assert "hidden" in [button for button in views.over_actions(room) if "replay" in button][0]
    room.revealed = True
    assert "hidden" not in [button for button in views.over_actions(room) if "replay" in button][0]


def test_links_of_branches_and_replays_round_trip():
    session = long_enough("breach", 30)
    replay = Replay(session, 12)
    opened = Session.from_link(split_at(replay.link())[0])
    assert opened.actions == session.actions
    branch = Session.from_link(replay.branch_link())
    assert branch.actions == session.actions[:12]


def test_a_finished_online_game_is_replayed_from_its_revealed_record():
    from netarcade.core.record import encode_record
    from netarcade.web.online.fairdice import commitment_of

    from support.online_wire import Recording, Wire, finished_game, state_frame

    wire = Wire()
    control = Controller(Recording(wire))
    control.route("#online=k7q2mx")
    room = control.remote
    room.on_open()
    game, match = finished_game(3)
    kinds, salt = ["human", "greedy"], "ef" * 16
    commitment = commitment_of("netcontrol", match.seed, salt)
    wire.deliver(room, state_frame(Match(game, match.options, match.seed), None, kinds, commitment=commitment))
    control.command("replay")  # a game in progress online: no replay
    assert not control.can_replay() and control.replay is None and control.remote is room
    reveal = {"seed": str(match.seed), "salt": salt, "record": encode_record(match.record()),
              "digest": digest(game, match.state)}
    wire.deliver(room, state_frame(match, None, kinds, kind="update", since=0, commitment=commitment, reveal=reveal))
    assert room.over and room.verdict.ok and control.can_replay()
    control.command("replay")
    assert control.replay is not None and control.remote is None and wire.sockets[0].closed
    assert control.replay.at == control.replay.total == len(match.actions)
    assert control.live_session.actions == match.actions and not getattr(control.live_session, "remote", False)


@pytest.mark.parametrize("digits", ["\u00b2", "\u0661", "\uff11", "1\u00b2"])
def test_a_replay_position_is_ascii_digits_only(digits):
    """``at=²`` made int() fail as the page started; ``at=١`` and ``at=１``
    were read as 1. Each is refused with the link-error card, and the
    replay bar's slider value is read the same way."""
    with pytest.raises(LinkError, match="not a move number"):
        split_at("play=x&at=" + digits)
    session = random_session("backbone", 6)
    screen = Recorder()
    control = Controller(screen)
    control.route("#" + session.link() + "&at=" + digits)
    assert control.table is None and control.replay is None
    assert any(call[0] == "link-error" and "not a move number" in call[1] for call in screen.calls), screen.calls
    replay = Replay(session, 3)
    assert replay.command("replay-to", digits) is False and replay.at == 3
    assert replay.command("replay-to", "5") is True and replay.at == 5
