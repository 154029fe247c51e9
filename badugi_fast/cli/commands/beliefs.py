"""`beliefs`: each player's likeliest hand classes after a public line, when both play the
blueprint (badugi_fast/solve/belief_states).

Prints, for the big blind and the button, the chance the blueprint plays the line's actions
with some hand (its share of the hands it starts with that take them) and the likeliest hand
classes with their shares of the belief (Korean names with --ko); with --hand, the other
player's belief given those cards of the named seat.
"""

from __future__ import annotations

import argparse

from ..common import EXIT_OK, Commands, HelpFormatter, dump, percent, user_values

_SEATS = {"bb": 0, "button": 1}
_NAMES = {False: ("big blind", "button"), True: ("빅 블라인드", "버튼")}


def cmd_beliefs(args: argparse.Namespace) -> int:
    from ...blueprint import load_blueprint
    from ...solve.belief_states import beliefs

    with user_values():
        blueprint = load_blueprint(args.blueprint)
        observer = None if args.hand is None else (_SEATS[args.seat], args.hand)
        found = beliefs(blueprint, args.line, observer=observer)
    players = [p for p in (0, 1) if p != found.observer]
    if args.json:
        print(dump({
            "line": args.line,
            "observer": found.observer,
            "players": {
                _NAMES[False][p]: {
                    "chance": found.chance[p],
                    "classes": [{"rank": r, "share": s} for r, s in found.top(p, args.top)],
                } for p in players
            },
        }))  # fmt: skip
        return EXIT_OK
    names = _NAMES[args.ko]
    for p in players:
        chance = percent(found.chance[p])
        header = (f"{names[p]}: 이 라인을 칠 확률 {chance}" if args.ko
                  else f"{names[p]}: plays the line with {chance} of its hands")  # fmt: skip
        print(header)
        for line in found.describe(p, args.top, korean=args.ko):
            print(f"  {line}")
    return EXIT_OK


def add_commands(commands: Commands) -> None:
    sub = commands.add_parser(
        "beliefs",
        help="each player's likeliest hands after a public line (the blueprint's beliefs)",
        description="Each player's distribution over its four cards after a public line of "
        "heads-up fixed limit, when both play the blueprint: Bayes' rule at each action and the "
        "exact deal of each draw. LINE: betting rounds and draws split by '/', a betting round "
        "one letter an action (k check, c call, b bet, r raise, f fold; before the first draw "
        "the button acts first), a draw the cards thrown by the big blind and then the button.",
        epilog="examples:\n  badugi beliefs rc/11/kk/12/bc/00\n"
        "  badugi beliefs rc/21 --top 5 --ko\n"
        '  badugi beliefs rc/11/bc --hand "As 2d 3c 9h" --seat bb',
        formatter_class=HelpFormatter,
    )
    sub.add_argument("line", metavar="LINE", help="the public line, e.g. rc/11/kk/12/bc/00")
    sub.add_argument("--top", type=int, default=10, help="hand classes shown (default 10)")
    sub.add_argument(
        "--hand",
        help="cards of one seat: the other's belief given them (default: none, both public)",
    )
    sub.add_argument("--seat", choices=sorted(_SEATS), default="bb",
                     help="the seat holding --hand (default bb)")  # fmt: skip
    sub.add_argument("--blueprint", metavar="NAME|FILE",
                     help="a shipped strategy by name or a strategy file (default: the "
                     "shipped default)")  # fmt: skip
    sub.add_argument("--ko", action="store_true", help="Korean names")
    sub.add_argument("--json", action="store_true", help="JSON output")
    sub.set_defaults(run=cmd_beliefs)
