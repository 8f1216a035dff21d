"""The full page's Share dialog: the game's link and a ready ``<iframe>`` of it (issue 39).

What it is for: the card Share opens over the game, offering the link to
the game on screen and the HTML that embeds that game in another page
(``?embed#<link>``: the board and a small bar in a frame, playable by a
person when the game has a human seat; docs/web.md, "Embedding and the
demo"), each with a button that copies it with one click and says so in
the card. The card shows the game as it stood when Share was pressed (a
bot's move meanwhile does not redraw it under the player's cursor), and
takes only Escape from the keyboard (a game's keys must not play behind
it). An online room in play offers its link alone: a frame plays local
games.

DOM-free: the :class:`~netarcade.web.app.App` calls these functions and
sends their ops; the page's ``copy`` op does the copying.

What it is not: the clipboard, the embed itself, or the Copy link button
(one click, no dialog: ``App.command``).
"""

from __future__ import annotations

from typing import Any

from .render.svg import el, escape
from .replay.replay import split_at
from .session import LinkError, is_game_link

__all__ = ["EMBED_SIZE", "card", "command", "draw", "embed_snippet", "takes_key"]

#: the frame the snippet asks for, in CSS pixels (the embed is laid out for 640x440 down to 400x300)
EMBED_SIZE = (640, 440)
COPIED = {
    "link": "Link copied: opening it shows this exact position.",
    "embed": "Embed code copied: paste it into your page's HTML.",
}
FALLBACK = "Copy it from the box (Ctrl+C): this page may not use the clipboard here."


def embed_snippet(url: str, title: str) -> str:
    """The ``<iframe>`` that shows ``url`` (the embed of a game) in another page.

    >>> embed_snippet("https://host/?embed#play=backbone&seats=human,search", "netarcade: Backbone")
    '<iframe src="https://host/?embed#play=backbone&amp;seats=human,search" title="netarcade: Backbone" \
width="640" height="440" style="border:0;max-width:100%" loading="lazy"></iframe>'
    """
    width, height = EMBED_SIZE
    return el("iframe", "", src=url, title=title, width=width, height=height, style="border:0;max-width:100%",
              loading="lazy")


def embed_url(base_url: str, link_url: str) -> str | None:
    """The embed of the game a link opens (``base?embed#play=...``, without a
    replay position: the frame shows the game as it stands), or None when
    the link is no local game's (an online room in play)."""
    fragment = link_url.partition("#")[2]
    try:
        fragment, _ = split_at(fragment)
    except LinkError:
        return None
    return f"{base_url}?embed#{fragment}" if is_game_link(fragment) else None


def _copy_row(field: str, label: str, button: str, what: str) -> str:
    return (el("label", escape(label), for_=field)
            + el("div", [what, el("button", escape(button), type="button", data_cmd="share-copy",
                                  data_value=field.removeprefix("share-"), autofocus=field == "share-link")],
                 class_="share-row"))


def card(link: str, snippet: str | None) -> str:
    """The dialog: the link, the embed code when there is one, what a copy did, Done."""
    rows = [_copy_row("share-link", "Link to this game", "Copy link",
                      el("input", id="share-link", readonly=True, value=link, spellcheck="false"))]
    if snippet is not None:
        rows.append(_copy_row("share-embed", "Embed it in a web page", "Copy embed code",
                              el("textarea", escape(snippet), id="share-embed", readonly=True, rows=3,
                                 spellcheck="false")))
        rows.append(el("p", "A frame of 640 by 440 pixels (it fits down to 400 by 300): the board and a small bar. "
                            "A visitor plays the game there, from this move, or opens it in the arcade.",
                       class_="share-help"))
    return el("div", [
        el("h2", "Share this game", id="share-title"),
        el("p", "Anyone with the link sees this exact position.", class_="detail", id="share-note"),
        *rows,
        el("p", "", id="share-said", class_="share-said", role="status", aria_live="polite"),
        el("div", el("button", "Done", type="button", data_cmd="share-close"), class_="actions"),
    ], class_="card share-card", role="dialog", aria_labelledby="share-title", aria_describedby="share-note")


def command(app: Any, name: str, value: str | None) -> None:
    """``share`` opens the dialog, ``share-copy`` copies its link or embed
    code (``value``), ``share-close`` closes it."""
    if name == "share":
        if app.table is None and app.control.remote is None:
            return
        link = app.link_url()
        embed = embed_url(app.base_url(), link)
        title = f"netarcade: {app.page.title}" if app.page is not None else "netarcade"
        snippet = None if embed is None else embed_snippet(embed, title)
        app.share = {"link": link, "embed": snippet, "html": card(link, snippet)}
        app.render()
    elif name == "share-copy" and app.share is not None:
        what = "embed" if value == "embed" and app.share["embed"] is not None else "link"
        app.op("copy", text=app.share[what], done=COPIED[what], fallback=FALLBACK, said="share-said",
               field=f"share-{what}")
    elif name == "share-close":
        app.share = None
        app.render()


def draw(app: Any) -> bool:
    """The dialog over the game while it is open (set once: a redraw keeps its
    focus and its message); False when it is closed."""
    if app.share is None:
        return False
    if not app.share.get("drawn"):
        app.set_html("overlay", app.share["html"])
        app.share["drawn"] = True
    app.show_overlay(True)
    return True


def takes_key(app: Any, key: str) -> bool:
    """While the dialog is open it takes every key the page forwards: Escape closes it."""
    if app.share is None:
        return False
    if key.lower() in ("escape", "esc"):
        command(app, "share-close", None)
    return True
