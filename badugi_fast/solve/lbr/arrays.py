"""The array shapes a ``HandStrategy`` reads and answers in (strategy.py says what each holds)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

MASKS = 16  # discards of a four-card hand, as masks over its sorted cards
Floats = npt.NDArray[np.float64]
Hands = npt.NDArray[np.uint8]
Masks = npt.NDArray[np.uint64]
POPCOUNT = np.array([bin(m).count("1") for m in range(MASKS)], dtype=np.int64)

__all__ = ["MASKS", "POPCOUNT", "Floats", "Hands", "Masks"]
