"""Take-away's guided first game (``web/learn.py``), exactly as docs/engine.md
writes it in "Its lesson" (``tests/core/test_new_game.py`` checks that they are the same)."""

from netarcade.web.learn import Chapter, Lesson, Step

LESSON = Lesson(
    game="takeaway",
    title="Learn Take-away",
    options={"pile": 7},
    seed=0,
    intro="You are P1. Take 1, 2 or 3 counters a turn; whoever takes the last one wins.",
    closing="Lesson done: you took the last counter. Resign gives up at once.",
    mentions=("resign",),
    chapters=(
        Chapter("Leave a multiple of 4", (
            Step("Take 3: 4 are left, and whatever your rival takes, you can take the rest.",
                 "p1 take 3", ("p2 take 1",), "Your rival took 1: 3 are left."),
        )),
        Chapter("Take the last counter", (
            Step("Take the last 3 counters and win.", "p1 take 3"),
        )),
    ),
)


def clicks(text):
    return [("name", "take-" + text.split()[-1])]
