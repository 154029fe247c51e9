"""Solve the named draw policies and pin their sha256 (tools/policy_tables.sha256).

The tables are solved on first use by the C solver (csrc/draws/optimal.c, about 0.1 s a level),
so the package ships no table file: this generator pins what the solver must produce. Run it
after a deliberate change of the model or the tie rule, and commit the digests; the tests solve
the tables again and compare (tests/draws/test_optimal.py).

    python tools/gen_policies.py            # rewrite the digests
    python tools/gen_policies.py --check    # exit 1 if the solver's output differs
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from badugi_fast.draws.policies import optimal

OUT = Path(__file__).resolve().parent / "policy_tables.sha256"
SCHEDULES = ((4, 4, 4), (3, 2, 1), (3, 3, 3))  # no limit, and the Korean rooms' two schedules


def digests() -> str:
    lines = ["# sha256 of each named policy's discards (levels 1..3), objective, cutting limits"]
    for objective in optimal.OBJECTIVES:
        for caps in SCHEDULES:
            start = time.perf_counter()
            solved = optimal.named(objective, caps)
            seconds = time.perf_counter() - start
            print(f"{objective} {caps}: {seconds:.2f} s", file=sys.stderr)
            lines.append(f"{solved.sha256()} {objective} {'-'.join(map(str, caps))}")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    text = digests()
    if args.check:
        same = OUT.read_text(encoding="utf-8") == text
        print("policy tables: " + ("as pinned" if same else "DIFFERENT from the pinned digests"))
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
