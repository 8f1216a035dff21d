"""``python -m netarcade``: see ``netarcade.cli``."""

import sys

from .cli import main

sys.exit(main())
