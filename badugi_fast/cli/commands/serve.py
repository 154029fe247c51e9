"""`serve`: the toolkit in a browser (badugi_fast/web/, the ``[web]`` extra), served by uvicorn.

It binds 127.0.0.1 unless told another host, and then says on stderr that every machine that
can reach that address can use it. The web room and its packages are imported only when the
command runs, so the rest of the command line works without the extra.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import webbrowser

from ..common import EXIT_OK, EXIT_USAGE, Commands, HelpFormatter

LOOPBACK = ("127.0.0.1", "localhost", "::1")
NEEDED = ("starlette", "jinja2", "uvicorn")
INSTALL = "pip install 'badugi_fast[web]'"


def missing_packages() -> list[str]:
    """The ``[web]`` extra's packages that are not installed."""
    return [name for name in NEEDED if importlib.util.find_spec(name) is None]


def cmd_serve(args: argparse.Namespace) -> int:
    missing = missing_packages()
    if missing:
        print(
            f"badugi: serve needs the web extra ({', '.join(missing)} not installed): {INSTALL}",
            file=sys.stderr,
        )
        return EXIT_USAGE
    if not 0 <= args.port <= 65535:
        print(f"badugi: --port is 0..65535, got {args.port}", file=sys.stderr)
        return EXIT_USAGE
    import uvicorn

    from ...web import create_app

    local = args.host in LOOPBACK
    if not local:
        print(
            f"badugi: warning: serving on {args.host}, not 127.0.0.1: anyone who can reach "
            "this address can use the server",
            file=sys.stderr,
        )
    hosts = ["127.0.0.1", "localhost", "[::1]"] if local else None
    shown = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{shown}:{args.port}/"
    print(f"badugi serve: {url} (Ctrl-C stops it)", file=sys.stderr)
    if args.open:
        webbrowser.open(url)
    uvicorn.run(
        create_app(allowed_hosts=hosts), host=args.host, port=args.port, log_level="warning"
    )
    return EXIT_OK


def add_commands(commands: Commands) -> None:
    sub = commands.add_parser(
        "serve",
        help="the toolkit in a browser: hands, draw odds, ranges (needs the web extra)",
        description="Serve the web pages (hands, draw odds, ranges and the starting-hand chart, "
        "in English and Korean) on this machine. Binds 127.0.0.1 unless --host says otherwise. "
        f"Needs the web extra: {INSTALL}",
        epilog="examples:\n  badugi serve\n  badugi serve --port 8080 --open",
        formatter_class=HelpFormatter,
    )
    sub.add_argument("--host", default="127.0.0.1",
                     help="the address to bind (default 127.0.0.1: this machine only)")  # fmt: skip
    sub.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    sub.add_argument("--open", action="store_true", help="open the index page in a browser")
    sub.set_defaults(run=cmd_serve)
