"""The conformance suite catches seeded mutations of the rules
(``tests/support/conformance_mutations.py``): a guard that would let a leaked card,
a float hex, a wrong determinization or a non-plain view through fails here."""

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "support" / "conformance_mutations.py"


def test_every_seeded_mutation_is_caught():
    run = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "4 of 4 mutations caught" in run.stdout
    assert "NOT CAUGHT" not in run.stdout
