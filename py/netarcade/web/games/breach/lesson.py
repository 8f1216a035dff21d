"""Breach's guided first game (``web/learn.py``): two players, a lockdown after 5 rounds.

You are P1 against the gentle bot (P2), rules edition 3 (the default). The
first two rounds are the lesson's setup (you reach Dark Pool, layer 4, the
bot layer 2); the steps play rounds 3 to 5, seeded (seed 1) so that the
rolls the steps talk about happen: a Sprint of 2 + 1 that OVERCLOCK's +2
makes 5, and in the last round a Safe roll of 1 worth a reroll (it comes
up 6). Every kind of action the game offers is played once or more: Run
Exploits, Exploit plays, Move on, Sprint, Keep, Enter, Stop here, a Manifest
discard, Block, Counter, Lay Low, Pass, Safe and Reroll. Every family of
Exploit takes effect: Movement (BACKDOOR, OVERCLOCK) and Stealth (SHADOW
LINK) and Network (SPLICE) played by you, Pressure by the bot (its TRACE,
which you block and win by a counter, and its LAG, which you let happen and
which keeps you from Sprinting). The crash checkpoint (chosen only when a
crash finds two blue Nodes) and resigning are told about in the closing
words. Scoring is progress (the layer reached); the end shown happening is
the lockdown (``rounds`` 5): after the bot's turn in round 5 the farthest
along wins, you in layer 9 against the bot in layer 5. The race to Root and
back with the Payload is what a real game adds, and the closing says so.

The replies are the bot's scripted moves, found with the engine by hand
from seed 1 (both players' moves are chosen; the seed decides the deal,
the network and the dice).
"""

from netarcade.web.learn import Chapter, Lesson, Step

from .tools import presses

#: rounds 1 and 2, played before the first step: you go first (the seed
#: draws P1), Safe rolls of 6 and 4 take you to Dark Pool (4t); the bot
#: goes Safe and stops early, at Overclocked Core (2t)
SETUP = (
    "p1 run", "p1 move", "p1 safe", "p1 keep", "p1 enter 1t", "p1 enter 2b", "p1 enter 3b", "p1 enter 3t",
    "p1 stop",
    "p2 run", "p2 move", "p2 safe", "p2 keep", "p2 enter 1b", "p2 stop",
    "p1 run", "p1 move", "p1 safe", "p1 keep", "p1 enter 4t", "p1 stop",
    "p2 run", "p2 move", "p2 safe", "p2 keep", "p2 enter 2t", "p2 stop",
)

LESSON = Lesson(
    game="breach",
    title="Learn Breach",
    options={"players": 2, "rounds": 5},
    seed=1,
    setup=SETUP,
    intro=("You are the orange circle on Dark Pool (4t), racing the bot toward Root. Rounds 1 and 2 are "
           "done; this short game ends after round 5: the farthest along wins."),
    closing=("Lesson done: you won the lockdown from layer 9. A real game races to Root for the Payload "
             "and back to the Edge; at 5 Exposure you crash back to a blue checkpoint; Resign gives up. "
             "Now play one against the gentle bot, with hints on."),
    mentions=("resign", "crash"),
    chapters=(
        Chapter("Exploits first", (
            Step("Press Run Exploits: you refill to 5 slots (yours are full), then may play Exploits before moving.",
                 "p1 run"),
            Step("Press Play on BACKDOOR, then the outlined Cold Storage (5b): you enter it for free, not for its 3 "
                 "Bandwidth.",
                 "p1 play backdoor 5b", ("p2 pass",),
                 "The bot could have blocked it with 2 Exploits but passed: you are in layer 5, and the hollow "
                 "marker on 5t is the Node you still owe."),
            Step("Press Play on OVERCLOCK: +2 Bandwidth on this turn's roll, for 1 Exposure (a card in your slots; "
                 "at 5 you crash).",
                 "p1 play overclock", ("p2 pass",)),
            Step("Press Move on: you are done with Exploits; now you choose a speed and roll for Bandwidth.",
                 "p1 move"),
        )),
        Chapter("Move and Manifest", (
            Step("Press Sprint: 2 dice instead of 1, for 1 more Exposure (only with 3 Exposure or less).",
                 "p1 sprint", (),
                 "OVERCLOCK added +2 to your 2 + 1."),
            Step("Press Keep: 5 Bandwidth will do, and a reroll would cost 2 Exploits.",
                 "p1 keep"),
            Step("Press the outlined Smuggler's Den (6b): blue Undernet, it costs 2, and stopping on it draws "
                 "2 Exploits.",
                 "p1 enter 6b"),
            Step("Press Stop here, 3 Bandwidth left: on a blue Node every 2 unused Bandwidth returns 1 Exposure.",
                 "p1 stop", (),
                 "Manifest: you returned 1 Exposure and drew 2 Exploits: 6 cards, 1 more than your 5 slots."),
            Step("Press Discard on LAG: you keep at most 5 cards, and Exposure cannot be discarded.",
                 "p1 discard lag", ("p2 run", "p2 play trace p1"),
                 "Your turn is over. The bot plays TRACE on you: +1 Exposure."),
        )),
        Chapter("Blocks and Lay Low", (
            Step("Block TRACE: press Block on your TRACE and your WIPE LOGS, 2 Exploits spent to stop it.",
                 "p1 block trace wipe", ("p2 counter frame wipe",),
                 "The bot countered with 2 Exploits of its own: TRACE goes through unless you counter back."),
            Step("Counter back: press Counter on both your SPLICE cards. Whoever gives up first loses.",
                 "p1 counter splice splice",
                 ("p2 pass", "p2 move", "p2 safe", "p2 keep", "p2 enter 3t", "p2 stop"),
                 "The bot gave up: TRACE is blocked and does nothing. The bot moved to Safehouse (3t)."),
            Step("Press Lay Low: you return your Exposure and swap your hand for 5 new Exploits, but you do not move.",
                 "p1 laylow", ("p2 run", "p2 play lag p1"),
                 "The bot plays LAG on you: no Sprint on your next turn."),
            Step("Press Pass: let LAG happen. Safe will do for your last turn, and you keep your 5 Exploits for it.",
                 "p1 pass", ("p2 move", "p2 sprint", "p2 reroll 1 trace reroute", "p2 enter 4t", "p2 stop"),
                 "The bot reached Dark Pool (4t). Round 5 begins."),
        )),
        Chapter("The last round", (
            Step("Press Run Exploits: your hand is full, so you go straight to playing Exploits.",
                 "p1 run"),
            Step("Press Play on SHADOW LINK: the next blue Undernet Node you enter costs 0, like Quiet Cell (7t), cost 3.",
                 "p1 play shadow", ("p2 pass",)),
            Step("Press Play on SPLICE, then Data Highway (5t): it swaps with Crypto Vault (6t), so the bot's next "
                 "step costs 2, not 1.",
                 "p1 play splice 5t", ("p2 pass",),
                 "Crypto Vault (cost 2) now lies in front of the bot, and Data Highway at 6t."),
            Step("Press Move on to choose a speed.",
                 "p1 move"),
            Step("Press Safe: 1 die, no Exposure; LAG forbids Sprint this turn.",
                 "p1 safe"),
            Step("A 1 is poor: press that die to reroll it, then Spend on both your BACKDOOR cards (2 Exploits).",
                 "p1 reroll 1 backdoor backdoor", (),
                 "The reroll turned the 1 into a 6."),
            Step("Press Quiet Cell (7t): it costs 3, but SHADOW LINK makes it free.",
                 "p1 enter 7t"),
            Step("Press Proxy Server (8t): red Mainframe, it costs 1.",
                 "p1 enter 8t"),
            Step("Press Backwater (9t): blue, it costs 2, and layer 9 is how far along you are.",
                 "p1 enter 9t"),
            Step("Press Stop here: 3 unused Bandwidth cool off SPLICE's Exposure, and the bot's turn then ends round 5.",
                 "p1 stop", ("p2 run", "p2 move", "p2 safe", "p2 keep", "p2 enter 5t", "p2 stop", "p2 discard wipe"),
                 "Round 5 is over: lockdown, and the farthest along wins: you in layer 9, the bot in layer 5."),
        )),
    ),
)


def clicks(text: str) -> list[tuple[str, str]]:
    """How a player makes the move ``text`` on the page (the browser test
    follows it): an Exploit's Play button, then its target on the board; a
    Node to enter; a hand card's Block, Counter, Spend or Discard button
    (after the die for a reroll); else the decision's button (``tools.presses``)."""
    return presses(text)
