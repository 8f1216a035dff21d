"""Backbone at a glance (``web/glance.py``): a real position eleven turns in.

P1 (starting at a1) has a Server online connecting City e2, a Datacenter
behind a Firewall, a Switch and a Wireless AP; P2 came close with APs and a
Router. The moves are P1's from the lesson's opening with P2 answering.
"""

from netarcade.web.glance import Glance, Label

GLANCE = Glance(
    game="backbone",
    options={},
    seed=0,
    actions=("p1 router c1", "p1 router d1", "p2 end", "p1 router c2", "p1 server d2", "p2 ap h7", "p2 ap f7",
             "p1 switch b2", "p1 ap d4", "p2 ap f5", "p2 end", "p1 firewall d4", "p1 end", "p2 router d5",
             "p2 hack d4", "p1 hack d5", "p1 reroute b2 d3", "p2 end", "p1 router b3", "p1 datacenter c3",
             "p2 router e6", "p2 end", "p1 firewall c3"),
    caption=("Backbone, turn 12: P1 (orange circles) has connected City e2 and runs a Datacenter; "
             "P2 (blue squares) reaches in with Wireless APs."),
    goal=("First to 10 AI tokens: each City your online Servers connect is 1, a Datacenter online is 1; "
          "your rival then gets one closing turn."),
    turn=("Collect BW (bandwidth), then up to 2 actions: build beside your network, hack a rival "
          "piece, or reroute a Switch or AP."),
    labels=(
        Label("b3", "Router", "the cheap piece your network grows with (2 BW)."),
        Label("b1", "Server", "online with 2 of your Routers beside it; connects the Cities beside it."),
        Label("e2", "City", "connected by P1's Server: 1 AI token and +1 BW a turn."),
        Label("d3", "Switch", "1 BW, but needs 2 of your pieces beside it."),
        Label("d4", "Wireless AP", "also reaches 2 hexes away in a straight line."),
        Label("c3", "Datacenter", "beside 2 Routers it is online: 1 AI token. Its Firewall absorbs one Hack."),
        Label("f5", "Wireless AP", "P2's: a rival piece beside your network can be hacked (1 BW)."),
        Label("g3", "City", "not connected yet: a Server beside it with 2 Routers would take it."),
    ),
)
