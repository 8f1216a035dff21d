"""The Share dialog on CPython (web/share.py through the worker's App): what
it offers, what its buttons send, that it holds still and keeps the game's
keys while open, and what an online room in play gets (its link alone)."""

from __future__ import annotations

import html

from netarcade.web import share

from support.page import ops, start


def test_share_offers_the_link_and_the_embed_of_this_game_and_copies_each():
    app, posted = start("#play=backbone&seats=human,search&seed=7")
    app.handle({"kind": "spot", "name": "b2", "seq": 2})  # a move: the link carries it
    link = "http://127.0.0.1:8000/#" + app.control.session.link()
    posted.clear()
    app.handle({"kind": "cmd", "name": "share", "seq": 3})
    card = ops(posted, "html", id="overlay")[0]["html"]
    assert 'role="dialog"' in card and f'value="{html.escape(link)}"' in card
    embed = "http://127.0.0.1:8000/?embed#" + app.control.session.link()
    snippet = share.embed_snippet(embed, "netarcade: Backbone")
    assert html.escape(snippet) in card and ops(posted, "prop", id="overlay", name="hidden")[-1]["value"] is False
    assert ops(posted, "keys")[-1]["keys"] == ["escape"]  # a game's key must not play behind the card
    posted.clear()
    app.handle({"kind": "cmd", "name": "share-copy", "value": "embed", "seq": 4})
    copy = ops(posted, "copy")[0]
    assert copy["text"] == snippet and copy["said"] == "share-said" and copy["field"] == "share-embed"
    posted.clear()
    app.handle({"kind": "cmd", "name": "share-copy", "value": "link", "seq": 5})
    assert ops(posted, "copy")[0]["text"] == link
    # the game's keys do nothing while it is open; a redraw leaves the card as it is
    posted.clear()
    app.handle({"kind": "key", "key": "e", "seq": 6})
    assert app.control.session.actions == ["p1 router b2"] and not ops(posted, "html", id="overlay")
    app.handle({"kind": "key", "key": "Escape", "seq": 7})
    assert app.share is None and ops(posted, "prop", id="overlay", name="hidden")[-1]["value"] is True
    assert "e" in ops(posted, "keys")[-1]["keys"]


def test_the_embed_shows_the_game_as_it_stands_and_an_online_room_shares_its_link_alone():
    base = "https://arcade.example/"
    assert share.embed_url(base, base + "#play=backbone&seats=human,search&r=abc&at=3") == (
        base + "?embed#play=backbone&seats=human,search&r=abc")  # not the replay's move
    assert share.embed_url(base, base + "#online=ABCDEF") is None
    card = share.card(base + "#online=ABCDEF", None)
    assert "share-link" in card and "share-embed" not in card
    app, posted = start()
    app.handle({"kind": "cmd", "name": "share", "seq": 2})
    app.handle({"kind": "hash", "hash": "#home", "seq": 3})  # Back while it is open: it goes
    assert app.share is None
