"""One package per game; importing this package registers every built-in game."""

from . import backbone, netcontrol  # noqa: F401
