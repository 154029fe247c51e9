"""The ``badugi`` command: the parser of every command family, and the exit codes.

Only the library's own input errors become exit code 1 with one line: ``InvalidHandError``, the
game's ``IllegalActionError``, and ``BadInput`` (a ValueError or TypeError of a library call
made with the user's values, or a value the command itself refused). Unreadable input is 2.
Any other exception is a bug and ends in a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .. import __version__
from ..errors import InvalidHandError
from ..game.actions import IllegalActionError
from .commands import beliefs as belief_commands
from .commands import chart as chart_commands
from .commands import draws as draw_commands
from .commands import game as game_commands
from .commands import hands as hand_commands
from .commands import histories as history_commands
from .commands import serve as serve_commands
from .commands import solve as solve_commands
from .common import EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, BadInput, HelpFormatter


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="badugi",
        description="Badugi (바둑이) hands, draws and games. Rank 1 is the best hand, 1092 the "
        "worst.",
        epilog="Run 'badugi COMMAND --help' for a command's options and examples.\n"
        "Exit status: 0 done, 1 bad input (one line on stderr per problem), 2 usage error or "
        "unreadable input.",
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"badugi_fast {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    hand_commands.add_commands(commands)
    draw_commands.add_commands(commands)
    chart_commands.add_commands(commands)
    game_commands.add_commands(commands)
    history_commands.add_commands(commands)
    solve_commands.add_commands(commands)
    belief_commands.add_commands(commands)
    serve_commands.add_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "reads_hands", False) and args.hands and args.file:
        parser.error("give hands as arguments or with --file, not both")
    try:
        status: int = args.run(args)
        return status
    except (InvalidHandError, IllegalActionError, BadInput) as error:
        print(f"badugi: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except UnicodeDecodeError as error:  # bytes that are not UTF-8, from a file or stdin alike
        print(
            f"badugi: cannot read the input as UTF-8 text ({error.reason})",
            file=sys.stderr,
        )
        return EXIT_USAGE
    except BrokenPipeError:  # e.g. `badugi eval < hands | head`
        sys.stderr.close()
        return EXIT_OK
    except OSError as error:  # a missing file, a closed stdin, ...
        where = f": {error.filename}" if error.filename else ""
        print(f"badugi: {error.strerror or error}{where}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
