"""netarcade: four network-themed board games with pure-Python rules engines.

The package runs unchanged on CPython and in the browser under Pyodide.
`netarcade.core` holds the game-agnostic engine, `netarcade.games` one package
per game, `netarcade.bots` game-agnostic players.
"""

__version__ = "0.1.0"
