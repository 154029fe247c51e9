"""Ranges of hands: the ``Range`` type and ``parse_range`` (``range``), the range language
(``text``) and equity of ranges against ranges (``equity``)."""
