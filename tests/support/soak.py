"""The two sizes of a run that has a long twin.

``make test`` runs every such test at its fast size, which still fails on
the same defects; ``make soak`` (``pytest --soak -m soak``) runs them at
full size: more kills, games and examples. ``conftest.py`` switches it on.

Not a test module (no ``test_`` prefix).
"""

from __future__ import annotations

#: set by conftest.py from ``--soak`` before any test module is imported
ENABLED = False


def soak_size(fast, full):
    """``full`` under ``--soak``, else ``fast``.

    >>> soak_size(5, 50) in (5, 50)
    True
    """
    return full if ENABLED else fast
