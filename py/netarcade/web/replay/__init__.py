"""Looking back at a game in the page: the replay viewer, Analyse and the Hint.

What it is for: ``replay`` holds the game under review (the position shown,
stepping, the branch, ``at=N`` in links) and draws its bar and log;
``replay_control`` is the viewer's part of the page's controller (open it,
show a position, leave it, Play from here); ``replay_page`` puts the viewer
in the page as ops; ``analysis_page`` is the viewer's Analyse (every
decision judged by the search bot a slice at a time, the chart, the marked
moves); ``hint`` is the Hint button of a local game (Analyse's choice for
the human's decision) and the ghost of a move on the board.

Like all of ``web/``, it runs in the engine's Pyodide worker, DOM-free.

What it is not: the judging itself (``netarcade.bots.analysis``) or the
engine's replay of a record (``netarcade.games.replay``).
"""
