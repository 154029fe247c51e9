"""``python -m badugi_fast``: the ``badugi`` command, as ``python -m badugi_fast.cli``."""

import sys

from .cli.main import main

sys.exit(main())
