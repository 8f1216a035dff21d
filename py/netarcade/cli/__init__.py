"""The command line: ``python -m netarcade`` (and the ``netarcade`` console
script) with its commands simulate, replay, analyse, bench, ladder, serve
and relay (``main.py`` parses and dispatches), and the tools behind them:
``simulate`` (one seeded game), ``ladder`` (many, seats rotated),
``analyse`` (a record's marks), ``bench`` (random-playout and bot figures,
also run under Pyodide by scripts/bench/pyodide.mjs) and ``overwrite_speed``
(Overwrite's placement figures).

The top of the package: it may import every layer the page does not own
(core, games, bots, site, relay), and nothing in the package imports it
(``netarcade/__main__.py`` alone). It draws nothing and never imports the
page (``web``, ``render``) or the learning environments (``rl``).
Importing it imports nothing: ``main.py`` is imported by ``__main__.py``
and the console script.
"""
