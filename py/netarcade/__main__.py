"""``python -m netarcade``: see ``netarcade.cli.main``."""

import sys

from .cli.main import main

sys.exit(main())
