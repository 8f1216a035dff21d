"""Breach in the page: announced on the home screen until its rules and page arrive."""

from netarcade.web.pages import GamePage


class BreachPage(GamePage):
    id = "breach"
    title = "Breach"
    pitch = ("2-5 players race Edge to Root and back through 14 layers of node cards, "
             "managing Exposure and blocking Exploits.")
    playable = False


PAGE = BreachPage()
