"""``python -m mowkit.i18n [extract|update|compile|check]``: the catalogs in one command."""

import sys

from mowkit.i18n.catalogs import main

sys.exit(main())
