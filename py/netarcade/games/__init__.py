"""One package per game; importing this package registers every built-in game."""

from . import backbone  # noqa: F401
