"""The draw engine: the C engine's marshalling (``native``), its plain-Python specification
(``reference``, the drawing model that the tests use as the oracle), the Python loops for
policies the C engine cannot play (``fallback``) and the split of a run into blocks for an
executor (``blocks``)."""
