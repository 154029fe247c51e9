"""``python -m badugi_fast.cli``: the ``badugi`` command."""

import sys

from .main import main

sys.exit(main())
