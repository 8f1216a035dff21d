"""Net Control's guided game (``web/learn.py``): the last rounds of a real
game, to 13 XP, on a radius-2 island dealt by seed 1832.

The game is under way when the lesson opens (``setup``: 214 moves of a
record, the placements and 32 rounds in which you, P1, built six buildings
and drew one of each special card while the rival rolled and passed). A
two-player game yields too few resources for a newcomer to build, draw and
play six cards from the first placement in a few minutes, so the lesson
starts where every kind of action is within reach. The gentle bot's replies
are scripted; the seed puts the dice where the lesson needs them: a 9 that
pays you, a 7 that makes the rival discard, a 7 on your own roll with 11
resources in hand (you discard 5), and rolls that pay for the builds.

Every kind of action is played once: Roll, Link, Node, Super, Fortify,
Clear, Draw, Trade, End turn, Discard and the six cards (Hack, Virus,
Monopoly, Resource, Link Building, +1 XP); resigning is only mentioned.
Scoring shown happening: a Super Node (2 XP), a node (1 XP), the Longest
Network bonus (2 XP) and a +1 XP card, which reaches the target and ends
the game at once.
"""

from netarcade.web.learn import Chapter, Lesson, Step

#: the game before the lesson's first step, as its record's moves (``;`` between moves)
_RECORD = (
    "p1 node v12;p1 link e11;p2 node v40;p2 link e51;p2 node v28;p2 link e34;p1 node v19;p1 link e29;p1 "
    "roll;p1 end;p2 roll;p2 end;p1 roll;p1 draw;p1 end;p2 roll;p2 end;p1 roll;p1 link e6;p1 draw;p1 end;p2 "
    "roll;p2 end;p1 roll;p1 end;p2 roll;p2 end;p1 roll;p1 end;p2 roll;p2 end;p1 roll;p1 discard ba;p2 discard "
    "fi;p1 node v3;p1 end;p2 roll;p2 end;p1 roll;p1 end;p2 roll;p2 end;p1 roll;p1 end;p2 roll;p2 discard "
    "fi;p2 discard ba;p2 discard fi;p2 discard sc;p2 discard ba;p2 end;p1 roll;p1 end;p2 roll;p2 end;p1 "
    "roll;p1 super v3;p1 link e10;p1 end;p2 roll;p2 end;p1 roll;p1 node v11;p1 end;p2 roll;p2 end;p1 roll;p1 "
    "link e28;p1 end;p2 roll;p2 end;p1 roll;p1 end;p2 roll;p2 end;p1 roll;p1 draw;p1 end;p2 roll;p2 end;p1 "
    "roll;p1 end;p2 roll;p2 end;p1 roll;p1 discard co;p1 discard me;p1 discard co;p1 discard me;p1 discard "
    "co;p1 discard me;p2 discard fi;p2 discard fi;p2 discard fi;p2 discard sc;p2 discard ba;p1 end;p2 roll;p2 "
    "end;p1 roll;p1 node v18;p1 end;p2 roll;p2 end;p1 roll;p1 link e36;p1 end;p2 roll;p2 end;p1 roll;p1 "
    "draw;p1 end;p2 roll;p2 end;p1 roll;p1 discard co;p1 discard co;p1 discard co;p1 discard co;p2 discard "
    "fi;p2 discard sc;p2 discard co;p1 draw;p1 end;p2 roll;p2 end;p1 roll;p1 node v30;p1 end;p2 roll;p2 "
    "end;p1 roll;p1 end;p2 roll;p2 end;p1 roll;p1 end;p2 roll;p1 discard me;p1 discard me;p1 discard me;p1 "
    "discard me;p1 discard co;p2 discard ba;p2 discard fi;p2 discard sc;p2 discard ba;p2 discard fi;p2 end;p1 "
    "roll;p1 end;p2 roll;p2 end;p1 roll;p1 end;p2 roll;p2 end;p1 roll;p1 draw;p1 end;p2 roll;p1 discard ba;p1 "
    "discard ba;p1 discard me;p1 discard co;p1 discard ba;p1 discard me;p2 discard sc;p2 discard ba;p2 end;p1 "
    "roll;p1 virus t1;p1 end;p2 roll;p2 end;p1 roll;p1 super v11;p1 end;p2 roll;p2 end;p1 roll;p1 end;p2 "
    "roll;p1 discard co;p1 discard co;p1 discard co;p1 discard co;p1 discard co;p1 discard ba;p1 discard "
    "co;p2 discard sc;p2 discard ba;p2 discard sc;p2 discard co;p2 discard ba;p2 end;p1 roll;p1 end;p2 "
    "roll;p2 end;p1 roll;p1 draw;p1 end;p2 roll;p1 discard co;p1 discard fi;p1 discard co;p1 discard ba;p1 "
    "discard fi;p2 end;p1 roll;p1 end;p2 roll;p2 end"
)

LESSON = Lesson(
    game="netcontrol",
    title="Learn Net Control",
    options={"players": 2, "radius": 2, "target": 13},
    seed=1832,
    setup=tuple(_RECORD.split(";")),
    intro=("You are P1 (yellow, named You), in a game under way: first to 13 XP wins, and you have 8. "
           "You hold one of each special card."),
    closing=("Lesson done: 13 XP, you won. A real game opens with each runner placing two nodes and links, "
             "and Resign gives up at once. Now play one against the gentle bot, with hints on."),
    mentions=("resign",),
    chapters=(
        Chapter("Roll, then build", (
            Step("Press Roll: each building on a tile showing the sum yields its resource, 1 from a node, "
                 "2 from a Super Node.", "p1 roll",
                 shows="A 9: your buildings on memory 9 and bandwidth 9 yielded 1 ba and 3 me."),
            Step("Press Play on your Hack card, then the rival's outlined node by scanner 11: a node with no "
                 "fortification falls to one Hack.", "p1 hack v28",
                 shows="The rival's node is gone, and its XP with it."),
            Step("Pick Link (1co 1ba), then the outlined edge by your Super Node on memory 9: links lead to "
                 "corners for new nodes.", "p1 link e0"),
            Step("Pick Super (2fi 3me), then your outlined node by memory 9 and compute 5 and 8: a Super Node "
                 "is 2 XP and yields double.", "p1 super v12",
                 shows="9 XP: the Super Node counts 2 instead of the node's 1."),
            Step("Press End turn: you played your card for this turn (one a turn), and the rest waits.",
                 "p1 end", ("p2 roll", "p2 end"),
                 shows="The rival rolled 11: it paid nobody."),
        )),
        Chapter("Sevens and Viruses", (
            Step("Press Roll. No tile shows 7: a 7 yields nothing, and whoever holds over 7 resources "
                 "discards half.", "p1 roll",
                 ("p2 discard fi", "p2 discard fi", "p2 discard fi", "p2 discard sc"),
                 shows="A 7: the rival held 8 resources and discarded 4."),
            Step("Press Play on Virus, then the outlined compute 3 tile at the rival's last node: an infected "
                 "tile yields nothing.", "p1 virus t13"),
            Step("Press End turn: the dice on the rival's turn pay you too.", "p1 end", ("p2 roll", "p2 end"),
                 shows="The rival rolled 9: 1 ba and 4 me for you. You hold 11 resources now."),
        )),
        Chapter("Over the limit", (
            Step("Press Roll: with 11 resources, over the hand limit of 7, a 7 would cost you half.",
                 "p1 roll",
                 shows=("Red 6 and white 1 make 7: you discard 5 of your 11, and the red 6 moved the threat "
                        "track to 2 of 3.")),
            Step("Pick me (memory) in the Discard panel: you hold the most of it. 5 to go, one at a time.",
                 "p1 discard me"),
            Step("Pick me again: 4 to go.", "p1 discard me"),
            Step("Pick me again: 3 to go.", "p1 discard me"),
            Step("Pick ba (bandwidth): 2 to go. Keep the compute, firewall and scanner for builds.",
                 "p1 discard ba"),
            Step("Pick me for the last one.", "p1 discard me",
                 shows="Down to 6 resources."),
            Step("Press Play on Monopoly, then fi (firewall) in the panel: the rival hands you up to 2 of it.",
                 "p1 monopoly fi",
                 shows="The rival had 1 firewall left; now it is yours."),
            Step("Press Draw (1fi 1sc 1me): a special card, face down, playable from your next turn.",
                 "p1 draw",
                 shows="You drew a Hack: it is marked new until your next turn."),
            Step("Press End turn.", "p1 end", ("p2 roll", "p2 end"),
                 shows="The rival rolled 3: nothing for anyone."),
        )),
        Chapter("Grow the network", (
            Step("Press Roll.", "p1 roll",
                 shows="A 10: your two nodes on scanner 10 yielded 2 sc."),
            Step("Press Play on Resource, then fi and sc in the panel: any two resources from the bank.",
                 "p1 resource fi sc"),
            Step("Press End turn.", "p1 end", ("p2 roll", "p2 end"),
                 shows="The rival rolled 9 again: 1 ba and 4 me for you."),
            Step("Press Roll.", "p1 roll",
                 shows="An 8: compute 8 and firewall 8 yielded 3 co and 2 fi."),
            Step("Press Play on Link Building, then the two outlined edges in turn: two free links, your "
                 "network's longest run reaches 5.", "p1 linkbuild e1 e2",
                 shows="Longest Network: 5 or more links in one run are worth 2 XP. You have 11."),
            Step("Pick Node (1co 1ba 1fi 1sc), then the outlined corner at the end of your new links: "
                 "1 XP more.", "p1 node v1",
                 shows="12 XP. That corner is also a memory exchange: 2 me buy 1 of anything."),
            Step("Pick Fortify (1co 2fi 1sc), then your outlined Super Node on memory 9: each level absorbs "
                 "one Hack.", "p1 fortify v3",
                 shows="3 levels in all would win Most Fortified, 2 XP more."),
            Step("Pick Trade, then co and fi in the panel: your Super Node's exchange corner takes 3 co for "
                 "1 fi.", "p1 trade co fi"),
            Step("Pick Clear (1co 1fi 1sc), then the infected firewall 11 tile by your new node: it yields "
                 "again.", "p1 clear t1"),
            Step("Press End turn.", "p1 end", ("p2 roll", "p2 end"),
                 shows="The rival rolled 5: 4 co and 1 fi for you."),
        )),
        Chapter("The 13th XP", (
            Step("Press Roll.", "p1 roll",
                 shows="A 9: 1 ba and 4 me."),
            Step("Press Play on +1 XP: one XP kept for the game, your 13th. The game ends the moment you "
                 "reach the target.", "p1 xp"),
        )),
    ),
)


def clicks(text: str) -> list[tuple[str, str]]:
    """How a player makes the move ``text`` on the page (the browser test
    follows it): ``("cmd", ...)`` for Roll, Draw and End turn; ``("tool",
    verb)`` for a build tool or a card's Play button (+1 XP plays at once),
    then ``("name", id)`` for each corner, edge or tile the move names and
    ``("pick", code)`` for each resource picked in the panel (a discard,
    Trade, Resource, Monopoly)."""
    verb, *words = text.split()[1:]
    if verb in ("roll", "draw", "end"):
        return [("cmd", verb)]
    presses = [] if verb == "discard" else [("tool", verb)]
    for word in words:
        presses.append(("name", word) if word[0] in "vet" and word[1:].isdigit() else ("pick", word))
    return presses
