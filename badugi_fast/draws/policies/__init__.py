"""Draw policies: what a player keeps and throws (``policy``, the plain-Python specification of
the C discard policies), their building blocks (``kept``) and optimal policies solved in C over
every hand in the table model (``optimal``)."""
