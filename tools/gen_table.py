"""Generate csrc/eval/rank_table.c: the rank and best-subset tables of all 270,725 Badugi hands.

The tables are indexed by the colex index of the four sorted card ids
(``a + C(b,2) + C(c,3) + C(d,4)`` for ``a < b < c < d``), a minimal perfect hash.

Ranks are computed here with numpy over all 15 subsets of every hand at once, then numbered by
dense-ranking a "badness" key; this is deliberately a different computation from the pure-Python
oracle in ``badugi_fast/hands/reference.py``, so the exhaustive test compares two independent
answers.

Usage:
    python tools/gen_table.py            # rewrite csrc/eval/rank_table.c
    python tools/gen_table.py --check    # exit 1 if the committed file differs from a fresh one
    python tools/gen_table.py --sha256   # print the checksum of the rank table
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import math
import sys
from pathlib import Path

import numpy as np

NUM_CARDS = 52
NUM_HANDS = math.comb(NUM_CARDS, 4)  # 270,725
# SIMD code reads the rank table with 32-bit gathers; padding to a multiple of 16 entries
# keeps the last such read (at index NUM_HANDS - 1) inside the array.
RANK_TABLE_LEN = (NUM_HANDS + 1 + 15) // 16 * 16
BINOM_LEN = 256  # indexable by any uint8, so a bad id in a batch never reads outside a table
OUTPUT = Path(__file__).resolve().parent.parent / "csrc" / "eval" / "rank_table.c"


def colex_index(ids: np.ndarray) -> np.ndarray:
    """Colex index of rows of sorted ids."""
    binom = np.array(
        [[math.comb(n, k) for k in range(5)] for n in range(NUM_CARDS)], dtype=np.int64
    )
    return sum(binom[ids[:, k], k + 1] for k in range(4))


def all_hands() -> np.ndarray:
    """Every 4-card hand as sorted ids, row i being the hand whose colex index is i."""
    hands = np.array(list(itertools.combinations(range(NUM_CARDS), 4)), dtype=np.int64)
    order = np.empty(NUM_HANDS, dtype=np.int64)
    order[colex_index(hands)] = np.arange(NUM_HANDS)
    hands = hands[order]
    assert np.array_equal(colex_index(hands), np.arange(NUM_HANDS)), (
        "colex index is not a bijection"
    )
    return hands


def compute_tables(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (ranks uint16, best-subset masks uint8, tied-subset sets uint16) for sorted ids.

    Bit i of a mask selects the i-th lowest id of the hand. Among tied subsets, the one whose
    sorted ids are lexicographically smallest is chosen; bit m of the tied set is on for every
    mask m whose subset is a best badugi of the hand.
    """
    rank_of, suit_of = hands // 4, hands % 4
    worst = np.iinfo(np.int64).max
    best_key = np.full(len(hands), worst, dtype=np.int64)
    best_mask = np.zeros(len(hands), dtype=np.int64)
    badness_by_mask: dict[int, np.ndarray] = {}
    for mask in range(1, 16):
        cols = [i for i in range(4) if mask >> i & 1]
        valid = np.ones(len(hands), dtype=bool)
        for i, j in itertools.combinations(cols, 2):
            valid &= (rank_of[:, i] != rank_of[:, j]) & (suit_of[:, i] != suit_of[:, j])
        # Badness: fewer cards is worse, then the ranks from the highest down (ids are sorted, so
        # in a valid subset ranks are strictly increasing along cols). Lower is better.
        badness = np.full(len(hands), 4 - len(cols), dtype=np.int64)
        for col in reversed(cols):
            badness = badness * 16 + rank_of[:, col]
        badness <<= 4 * (4 - len(cols))
        # Tie-break on the subset's ids, most significant first: lexicographically lowest ids win.
        ids_key = np.zeros(len(hands), dtype=np.int64)
        for col in cols:
            ids_key = ids_key * 64 + hands[:, col]
        ids_key <<= 6 * (4 - len(cols))
        badness_by_mask[mask] = np.where(valid, badness, -1)
        key = np.where(valid, badness << 24 | ids_key, worst)
        better = key < best_key
        best_key = np.where(better, key, best_key)
        best_mask = np.where(better, mask, best_mask)
    classes, ranks = np.unique(best_key >> 24, return_inverse=True)
    assert len(classes) == 1092, f"expected 1092 classes, found {len(classes)}"
    tied = np.zeros(len(hands), dtype=np.int64)
    for mask, key in badness_by_mask.items():
        tied |= np.where(key == best_key >> 24, 1 << mask, 0)
    return (ranks + 1).astype(np.uint16), best_mask.astype(np.uint8), tied.astype(np.uint16)


def rank_sha256(ranks: np.ndarray) -> str:
    """The table's checksum: sha256 of the uint16 ranks, little-endian, in index order."""
    return hashlib.sha256(ranks.astype("<u2").tobytes()).hexdigest()


def c_array(ctype: str, name: str, length: str, values: np.ndarray, per_line: int = 16) -> str:
    rows = (
        "    " + ", ".join(str(int(v)) for v in values[i : i + per_line]) + ","
        for i in range(0, len(values), per_line)
    )
    return f"const {ctype} {name}[{length}] = {{\n" + "\n".join(rows) + "\n};\n"


def render() -> str:
    ranks, masks, tied = compute_tables(all_hands())
    padded = np.zeros(RANK_TABLE_LEN, dtype=np.uint16)
    padded[:NUM_HANDS] = ranks
    binom = {k: np.array([math.comb(n, k) for n in range(BINOM_LEN)]) for k in (2, 3, 4)}
    sha = rank_sha256(ranks)
    parts = [
        "/* Generated by tools/gen_table.py: do not edit; run `python tools/gen_table.py`. */\n",
        f"/* sha256 of the {NUM_HANDS} ranks (uint16, little-endian, colex order): {sha} */\n",
        '#include "eval/badugi.h"\n',
        f"#if BF_NUM_HANDS != {NUM_HANDS} || BF_RANK_TABLE_LEN != {RANK_TABLE_LEN}"
        f" || BF_BINOM_LEN != {BINOM_LEN}\n"
        "#error eval/badugi.h does not match the generated tables\n#endif\n",
        "\n/* C(n, k) for k = 2, 3, 4: the terms of the colex index. */\n",
        *(c_array("uint32_t", f"bf_binom{k}", "BF_BINOM_LEN", b) for k, b in binom.items()),
        "\n/* Rank (1 = best, 1092 = worst) of the hand at each colex index; zero padding. */\n",
        c_array("uint16_t", "bf_rank_table", "BF_RANK_TABLE_LEN", padded),
        "\n/* Best subset of each hand: bit i selects the i-th lowest card id. */\n",
        c_array("uint8_t", "bf_subset_table", "BF_NUM_HANDS", masks, per_line=32),
        "\n/* Every best subset of each hand: bit m is on when mask m gives a best badugi. */\n",
        c_array("uint16_t", "bf_tied_table", "BF_NUM_HANDS", tied),
    ]
    return "".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--check", action="store_true", help="fail if the committed table is stale")
    group.add_argument("--sha256", action="store_true", help="print the rank table's checksum")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    if args.sha256:
        print(rank_sha256(compute_tables(all_hands())[0]))
        return 0
    text = render()
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.exists() else ""
        if current != text:
            print(f"{args.output} is out of date: run python tools/gen_table.py", file=sys.stderr)
            return 1
        print(f"{args.output} is up to date")
        return 0
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
