"""What a seat is paid (docs/rl.md, "Rewards").

``result`` (the default): once, when the game ends: +1 to each winner, -1
to each other seat, 0 to every seat when all of them or none of them won
(Backbone's draw). ``score``: after every action, the change of each
seat's score (``Game.scores``: Backbone's AI tokens, Net Control's XP,
Overwrite's largest chunk, Breach's progress), nothing more at the end.
"""

from __future__ import annotations

REWARDS = ("result", "score")


def result_rewards(match) -> list[float]:
    """Each seat's final result of a finished match."""
    players = match.players
    winners = set(match.winners())
    if not winners or len(winners) == players:
        return [0.0] * players
    return [1.0 if seat in winners else -1.0 for seat in range(players)]
