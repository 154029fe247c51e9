"""The one home of argument checks shared by every layer: whole numbers, real numbers, seeds,
and the upper bound of each count a caller gives (trials, hands), checked by every function and
command that takes it.

A whole number is an ``int`` or a numpy integer (``operator.index`` accepts both), never a bool,
a float or anything that merely converts to int: a silent truncation is a wrong answer. A real
number is any ``numbers.Real`` (int, float, Fraction, a numpy number), never a bool: True is not
a share of anything.
"""

from __future__ import annotations

import numbers
import operator
import os
from pathlib import Path

import numpy as np

SEED_BITS = 64  # the C streams are keyed by a 64-bit seed
# Monte Carlo trials: at least 2 (one trial has no standard error), at most 2**53, past which
# the tallies' sums (doubles) no longer hold every whole number, so a count would be wrong.
MIN_TRIALS = 2
MAX_TRIALS = 1 << 53
# Hands of one seed's stream: hand h's random numbers start at h * 1024 in a 64-bit counter.
MAX_HANDS = 1 << 54


def is_whole(value: object) -> bool:
    """True for an int or a numpy integer, False for bools and everything else."""
    return not isinstance(value, bool | np.bool_) and isinstance(value, int | np.integer)


def whole(name: str, value: object, least: int | None = None, most: int | None = None) -> int:
    """``value`` as an int: TypeError unless it is a whole number, ValueError (naming ``name``
    and the range) unless ``least <= value <= most``."""
    if not is_whole(value):
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
    number = operator.index(value)  # type: ignore[arg-type]
    if (least is not None and number < least) or (most is not None and number > most):
        low = "" if least is None else f"{least:,}"
        high = "" if most is None else f"{most:,}"
        span = f"at least {low}" if most is None else f"at most {high}" if least is None else None
        raise ValueError(f"{name} must be {span or f'{low} .. {high}'}, got {number}")
    return number


def player_number(name: str, value: object) -> int:
    """``value`` as a heads-up player, 0 (the big blind, first to act after a draw) or 1 (the
    button): ValueError naming ``name`` otherwise (a bool or 0.0 compares equal to one, and
    is refused)."""
    if not is_whole(value) or value not in (0, 1):
        raise ValueError(f"{name} is 0 (the big blind) or 1 (the button), not {value!r}")
    return 0 if value == 0 else 1


def file_path(what: str, path: object) -> str | Path:
    """``path`` when it names a file: a ``str`` as given, an ``os.PathLike`` as a ``Path``;
    TypeError naming ``what`` (``"a checkpoint"``) otherwise: ``open`` and numpy take an int as
    a file descriptor, and close it."""
    if isinstance(path, str):
        return path
    if isinstance(path, int) or not isinstance(path, os.PathLike):
        raise TypeError(f"{what}'s path is a str or a Path, not {type(path).__name__}")
    return Path(path)


def is_real(value: object) -> bool:
    """True for a real number (``numbers.Real``: ints, floats, numpy numbers), False for bools
    and everything else."""
    return not isinstance(value, bool | np.bool_) and isinstance(value, numbers.Real)


def real(name: str, value: object) -> float:
    """``value`` as a float: TypeError (naming ``name``) unless it is a real number. The caller
    checks its range and says what the number means, written so that NaN fails it
    (``if not low <= x < high``: every comparison with NaN is False)."""
    if not is_real(value):
        raise TypeError(f"{name} is a number, not {type(value).__name__}")
    try:
        return float(value)  # type: ignore[arg-type]
    except OverflowError:  # an int or Fraction past a double's range: not a share of anything
        raise ValueError(f"{name} is {value!r:.40}, past a float's range") from None


def optional_whole(
    name: str, value: object, least: int | None = None, most: int | None = None
) -> int | None:
    """``whole`` that lets None through."""
    return None if value is None else whole(name, value, least, most)


def check_seed(seed: object) -> int | None:
    """A seed is None or a whole number in 0 .. 2**64-1 (the key of the C streams)."""
    if seed is None:
        return None
    if not is_whole(seed):
        raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
    return below_2_64("seed", seed)


def below_2_64(name: str, value: object) -> int:
    """A whole number in 0 .. 2**64-1 (a C uint64_t)."""
    number = whole(name, value)
    if not 0 <= number < 1 << SEED_BITS:
        raise ValueError(f"{name} must be in 0 .. 2**64-1, got {number}")
    return number


def check_trials(trials: object) -> int | None:
    """None (the caller's default) or a number of Monte Carlo trials, MIN_TRIALS .. MAX_TRIALS;
    checked whether or not the answer turns out exact, so a bad value never depends on it."""
    if trials is None:
        return None
    number = whole("trials", trials)
    if number < MIN_TRIALS:
        raise ValueError(
            f"trials must be at least {MIN_TRIALS} (one trial has no standard error), got {number}"
        )
    if number > MAX_TRIALS:
        raise ValueError(f"trials must be at most 2**53 ({MAX_TRIALS:,}), got {number:,}")
    return number


def check_hands(hands: object, first_hand: object = 0) -> int:
    """A number of hands, at least 1, such that hands ``first_hand`` .. ``first_hand + hands - 1``
    lie in a seed's stream of MAX_HANDS hands."""
    start = whole("first_hand", first_hand, 0)
    number = whole("hands", hands, 1)
    if start + number > MAX_HANDS:
        span = (
            f"hands {start:,} .. {start + number - 1:,} run past it"
            if start
            else (f"got {number:,}")
        )
        raise ValueError(f"hands must be at most 2**54 ({MAX_HANDS:,}), the hands a seed's stream"
                         f" holds: {span}")  # fmt: skip
    return number
