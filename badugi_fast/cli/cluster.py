"""``--workers N`` and ``--scheduler tcp://HOST:PORT``: a command's long job on Dask.

A command takes them with two lines: ``add_distributed_options(parser)`` where its arguments are
declared, and ``with dask_executor(args) as executor:`` around the call it passes
``executor=executor`` to. Without either option the executor is None (this machine's threads)
and Dask is never imported; with one and no Dask installed, the command says what to install.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .._runtime.blocks import INSTALL_HINT
from .._runtime.threads import THREADS_PER_CORE, available_cores, max_threads
from .common import EXIT_USAGE, BadInput

CONNECT_TIMEOUT = "20s"  # how long to wait for a --scheduler that does not answer


def add_distributed_options(parser: argparse.ArgumentParser) -> None:
    """Declare --workers and --scheduler (one or the other) on a command's parser."""
    group = parser.add_argument_group(
        "distributed (Dask)", f"run the job in blocks on a Dask cluster ({INSTALL_HINT})"
    )
    choice = group.add_mutually_exclusive_group()
    choice.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="start a cluster of N worker processes on this machine (default: no cluster, "
        "this machine's threads)",
    )
    choice.add_argument(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="use the running cluster of this scheduler ('dask scheduler', then 'dask worker "
        "tcp://HOST:PORT' on each machine, with badugi_fast installed) (default: none)",
    )


@contextmanager
def dask_executor(args: argparse.Namespace) -> Iterator[Any]:
    """A Dask Client for the command's --workers or --scheduler (closed, and a local cluster
    shut down, on the way out), or None when neither was given."""
    workers, scheduler = getattr(args, "workers", None), getattr(args, "scheduler", None)
    if workers is None and scheduler is None:
        yield None
        return
    if workers is not None and not 1 <= workers <= max_threads():
        raise BadInput(
            f"--workers must be 1 .. {max_threads()} ({THREADS_PER_CORE} x the"
            f" {available_cores()} cores this process may use), got {workers:,}"
        )
    distributed = _import_distributed("--workers" if workers is not None else "--scheduler")
    if scheduler is not None:
        with _connect(distributed, scheduler) as client:
            yield client
        return
    with (
        distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,  # a block is one core's work: processes give the parallelism
            processes=True,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",  # any free port: several may run at once
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def _connect(distributed: Any, scheduler: str) -> Any:
    """A Client of the --scheduler: an address Dask cannot read (no port, an unknown protocol)
    is bad input; one it cannot reach is an OSError (exit 2), as a missing file is."""
    try:
        return distributed.Client(scheduler, timeout=CONNECT_TIMEOUT)
    except (ValueError, TypeError) as error:
        raise BadInput(f"--scheduler {scheduler!r}: {error}") from None


def _import_distributed(option: str) -> Any:
    try:
        import distributed
    except ImportError:
        print(f"badugi: {option} needs Dask: {INSTALL_HINT}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE) from None  # the options ask what this install cannot do
    return distributed
