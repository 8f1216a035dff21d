"""The board as the page draws it: an SVG string from a view.

The drawing is the page's own (``web/games/<id>/render.py``,
``render_board``), imported when first asked for, so an environment that
never renders never loads the page's modules.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..core.game import Game


def _renderer(game_id: str):
    if game_id == "backbone":
        from ..web.games.backbone.render import render_board
    elif game_id == "netcontrol":
        from ..web.games.netcontrol.render import render_board
    elif game_id == "overwrite":
        from ..web.games.overwrite.render import render_board
    elif game_id == "breach":
        from ..web.games.breach.render import render_board
    else:
        raise ValueError(f"no board drawing for {game_id!r}")
    return render_board


def board_svg(game: Game, view: Mapping[str, Any]) -> str:
    """The board of ``view`` (any observer's) as the page draws it, without its controls."""
    return _renderer(game.id)(view, {})
