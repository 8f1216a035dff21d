"""Overwrite in the page: announced on the home screen until its rules and page arrive."""

from netarcade.web.pages import GamePage


class OverwritePage(GamePage):
    id = "overwrite"
    title = "Overwrite"
    pitch = ("2-6 players place and stack polyomino code blocks on a shared grid; "
             "the largest connected chunk wins.")
    playable = False


PAGE = OverwritePage()
