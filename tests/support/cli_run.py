"""``python -m netarcade`` run as a child process, its output captured
(tests/cli, and tests/bots/test_analysis.py's ``analyse`` command)."""

import subprocess
import sys


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "netarcade", *args], capture_output=True, text=True,
                          input=stdin)

