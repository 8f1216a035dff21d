"""Backbone's guided first game (``web/learn.py``): one real game to 3 AI tokens.

You are P1 (bottom left, start Router a1 and Server b1); the gentle bot's
replies are scripted. Every kind of action is played once: Router, Switch,
AP, Server, Datacenter, Firewall, Hack, Reroute and End; resigning is only
mentioned. Scoring is shown happening (a Server online connects a City, a
Datacenter online), and the end: with ``target`` 3 your third AI token gives
the rival its closing turn, then the game is over.
"""

from netarcade.web.learn import Chapter, Lesson, Step

LESSON = Lesson(
    game="backbone",
    title="Learn Backbone",
    options={"target": 3},
    seed=0,
    intro="You are P1, bottom left. Each turn you get BW (bandwidth) and take up to 2 actions.",
    closing=("Lesson done: you won with 3 AI tokens. A real game is to 10 tokens; "
             "Resign gives up at once. Now play one against the gentle bot, with hints on."),
    mentions=("resign",),
    chapters=(
        Chapter("Build toward a City", (
            Step("Build a Router on c1 (2 BW): you may build next to any piece of your network.",
                 "p1 router c1"),
            Step("Build a Router on d1: it reaches toward the City e2.",
                 "p1 router d1", ("p2 end",),
                 "Your second action ended the turn; the rival passed."),
        )),
        Chapter("Connect the City", (
            Step("Build a Router on c2: a Server needs 2 of your Routers beside it to be online.",
                 "p1 router c2"),
            Step("Build a Server on d2: with Routers d1 and c2 beside it, it goes online and connects City e2.",
                 "p1 server d2", ("p2 ap h7", "p2 ap f7"),
                 "City e2 is connected: your first AI token, and +1 BW each turn."),
        )),
        Chapter("Switches and APs", (
            Step("Build a Switch on b2 (1 BW): cheap, but it needs 2 of your pieces beside it.",
                 "p1 switch b2"),
            Step("Build an AP on d4: an AP reaches two hexes in a straight line, here from d2.",
                 "p1 ap d4", ("p2 ap f5", "p2 end"),
                 "The rival's APs came close to yours."),
        )),
        Chapter("Firewalls and Hacks", (
            Step("Put a Firewall on your AP d4 (2 BW): it absorbs one Hack.",
                 "p1 firewall d4"),
            Step("Press End turn: one action is enough, and unspent BW carries over.",
                 "p1 end", ("p2 router d5", "p2 hack d4"),
                 "The rival built d5 and hacked d4: your Firewall took the Hack, the AP is fine."),
            Step("Hack the rival's Router d5 (1 BW): it touches your network, and a hacked piece counts for nothing.",
                 "p1 hack d5"),
            Step("Reroute your Switch from b2 to d3 (free): a move may never cut your network.",
                 "p1 reroute b2 d3", ("p2 end",),
                 "d5 was Disabled for the rival's whole turn."),
        )),
        Chapter("Datacenter and the end", (
            Step("Build a Router on b3: the Datacenter you build next needs 2 Routers beside it.",
                 "p1 router b3"),
            Step("Build a Datacenter on c3 (6 BW): online beside Routers b3 and c2, it is worth 1 AI token.",
                 "p1 datacenter c3", ("p2 end",),
                 "2 AI tokens: City e2 and the Datacenter."),
            Step("Build a Router on c4: the Server you build next will have 2 Routers beside it.",
                 "p1 router c4"),
            Step("Build a Server on b4: it connects City b5, your 3rd AI token, which ends this short game.",
                 "p1 server b4", ("p2 end",),
                 "3 AI tokens reached the target: the rival had one closing turn, and the game is over."),
        )),
    ),
)
