"""``python -m sitebuild --out dist``: see ``sitebuild.build``."""

import sys

from .build import main

sys.exit(main())
