"""A tiny arcade for tests: the worked example of docs/engine.md (Take-away)
laid out as a real game is, in its two folders: ``games/takeaway/`` (its
rules) and ``web/games/takeaway/`` (its page). tests/core/test_new_game.py adds it
with one registration line and runs it through the conformance suite, the
command line and the page's controller."""
