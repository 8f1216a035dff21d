"""Reading a game class against the game contract (tests/core/test_game_defaults.py,
and tests/core/test_new_game.py for a game declared by a test)."""

from __future__ import annotations

import ast
import inspect
import textwrap

from netarcade.core.game import FROM_MODULES


def forwarders(cls: type) -> list[str]:
    """The methods of ``cls`` (itself, not inherited) whose whole body, past a
    docstring, calls a function of the same name with the same arguments:
    ``def winners(self, state): return rules.winners(state)``."""
    found = []
    for name, member in vars(cls).items():
        if name not in FROM_MODULES or not inspect.isfunction(member):
            continue
        func = ast.parse(textwrap.dedent(inspect.getsource(member))).body[0]
        body = [node for node in func.body
                if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))]
        if len(body) != 1 or not isinstance(body[0], (ast.Return, ast.Expr)):
            continue
        call = body[0].value
        if not isinstance(call, ast.Call):
            continue
        callee = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", None)
        params = [arg.arg for arg in func.args.args[1:]]
        given = [arg.id for arg in call.args if isinstance(arg, ast.Name)]
        if callee == name and given == params:
            found.append(name)
    return found

