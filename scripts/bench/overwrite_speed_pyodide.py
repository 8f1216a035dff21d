"""Overwrite's placement figures (``python -m netarcade.cli.overwrite_speed``)
under Pyodide: run by tests/node/run_pyodide.mjs, which loads the built
wheel offline from the site's lockfile::

    make site DIST=/tmp/site
    node tests/node/run_pyodide.mjs --lock /tmp/site/static/vendor/pyodide-314.0.7/pyodide-lock.json \\
        --code scripts/bench/overwrite_speed_pyodide.py < /dev/null

Compare with the CPython figures of the same module run back to back (the
ratio is what docs/rules/overwrite.md records). Figures only, not a test.
"""

import platform
import sys

from netarcade.cli.overwrite_speed import main

print(f"{platform.python_implementation()} {sys.version.split()[0]} on {sys.platform}")
main()
