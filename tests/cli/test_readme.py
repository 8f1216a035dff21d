"""The README and the command-line page say what works (issue 41, item 8).

The README begins with the two commands a newcomer types; both are targets
of the Makefile that ``make -n`` can plan. Every ``python -m netarcade``
line written in the README and ``docs/cli.md`` is accepted by the parser of
its command (parsed, not run: the examples play hundreds of games). Every
link from the README to a file of the repository names a file that exists.
"""

import re
import shlex
import subprocess
from pathlib import Path

import pytest

from netarcade.cli import main as cli
from netarcade.relay import command as relay_command

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = ("README.md", "docs/cli.md")


def _first_code_block(text: str) -> list[str]:
    match = re.search(r"```[a-z]*\n(.*?)```", text, re.S)
    assert match, "README has no code block"
    return [line.split("#")[0].strip() for line in match.group(1).splitlines() if line.strip()]


def test_readme_begins_with_make_play_and_make_test():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    before_block = readme.split("```", 1)[0]
    assert before_block.strip() == "# netarcade", "the two commands come first, before any other text"
    assert _first_code_block(readme) == ["make play", "make test"]


@pytest.mark.parametrize("target", ["play", "test"])
def test_the_readme_commands_are_make_targets(target):
    # -n plans the recipe without running it: a missing target or a broken rule fails here
    result = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    if target == "play":
        assert "-m netarcade relay --site" in result.stdout  # the arcade and online play on one origin
    else:
        assert "-m pytest" in result.stdout


def _documented_commands():
    for name in DOCUMENTS:
        for line in (ROOT / name).read_text(encoding="utf-8").splitlines():
            # the lines of code blocks (a command in running text may wrap)
            found = re.match(r"(?:\.venv/bin/)?python -m netarcade (\w.*)", line.strip())
            if not found:
                continue
            words = shlex.split(found.group(1).split("  #")[0])
            yield pytest.param(words, id=f"{name}: {' '.join(words)[:60]}")


COMMANDS = list(_documented_commands())


def test_the_documents_hold_commands_to_check():
    assert len(COMMANDS) >= 10  # the examples of docs/cli.md and the README's public relay


@pytest.mark.parametrize("words", COMMANDS)
def test_every_documented_command_parses(words):
    command, rest = words[0], words[1:]
    if command == "relay":
        relay_command.build_parser().parse_args(rest)
    elif command == "serve":
        # serve parses its own options in main(), which then serves: its flags are checked by name
        text = (ROOT / "py/netarcade/site/serve.py").read_text(encoding="utf-8")
        for word in rest:
            if word.startswith("--"):
                assert f'"{word}"' in text, f"serve has no option {word}"
    else:
        cli.build_parser().parse_args(words)


def test_readme_links_name_files_that_exist():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#]+)\)", readme)
    assert targets
    missing = [target for target in targets if "://" not in target and not (ROOT / target).exists()]
    assert missing == []
