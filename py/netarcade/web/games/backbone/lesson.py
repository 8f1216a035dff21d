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
            Step("Pick Router, then the outlined hex c1 (2 BW): you build next to your own pieces.",
                 "p1 router c1"),
            Step("Build a Router on d1: your network grows toward the City at e2.",
                 "p1 router d1", ("p2 end",),
                 "Your second action ended the turn; the rival passed."),
        )),
        Chapter("Connect the City", (
            Step("Build a Router on c2: a Server needs 2 of your Routers beside it to be online.",
                 "p1 router c2"),
            Step("Pick Server, build it on d2: with Routers d1 and c2 beside it, it goes online and connects City e2.",
                 "p1 server d2", ("p2 ap h7", "p2 ap f7"),
                 "City e2 is connected: your first AI token, and +1 BW each turn."),
        )),
        Chapter("Switches and APs", (
            Step("Pick Switch, build it on b2 (1 BW): cheap, but it needs 2 of your pieces beside it.",
                 "p1 switch b2"),
            Step("Pick Wireless AP, build it on d4: an AP reaches 2 hexes away in a straight line, here from d2.",
                 "p1 ap d4", ("p2 ap f5", "p2 end"),
                 "The rival's APs came close to yours."),
        )),
        Chapter("Firewalls and Hacks", (
            Step("Pick Firewall, put it on your AP at d4 (2 BW): it absorbs one Hack, and the rival is coming.",
                 "p1 firewall d4"),
            Step("Press End turn: one action is enough, and unspent BW carries over.",
                 "p1 end", ("p2 router d5", "p2 hack d4"),
                 "The rival built d5 and hacked d4: your Firewall took the Hack, the AP is fine."),
            Step("Pick Hack, hack the rival's Router d5 (1 BW): it touches your network; a hacked piece counts for nothing.",
                 "p1 hack d5"),
            Step("Pick Reroute, then your Switch b2, then d3 (free): a Reroute moves a piece but may never cut your network.",
                 "p1 reroute b2 d3", ("p2 end",),
                 "d5 was Disabled for the rival's whole turn."),
        )),
        Chapter("Datacenter and the end", (
            Step("Pick Router, build it on b3: the Datacenter you build next needs 2 Routers beside it.",
                 "p1 router b3"),
            Step("Pick Datacenter, build it on c3 (6 BW): beside Routers b3 and c2 it is online, worth 1 AI token.",
                 "p1 datacenter c3", ("p2 end",),
                 "2 AI tokens: City e2 and the Datacenter."),
            Step("Pick Router, build it on c4: the Server you build next will have 2 Routers beside it.",
                 "p1 router c4"),
            Step("Pick Server, build it on b4: it connects City b5, your 3rd AI token, which ends this short game.",
                 "p1 server b4", ("p2 end",),
                 "3 AI tokens reached the target: the rival had one closing turn, and the game is over."),
        )),
    ),
)


def clicks(text: str) -> list[tuple[str, str]]:
    """How a player makes the move ``text`` on the page (the browser test
    follows it): ``("cmd", "end")`` for End turn, else ``("tool", verb)``
    then ``("name", hex)`` for each hex the move names."""
    verb, *hexes = text.split()[1:]
    if verb == "end":
        return [("cmd", "end")]
    return [("tool", verb)] + [("name", hex_name) for hex_name in hexes]
