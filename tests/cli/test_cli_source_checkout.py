"""A source checkout without the built core says what to run, instead of a bare
"No module named 'badugi_fast._badugi'" (the source folder shadows an installed package)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import badugi_fast

PACKAGE = Path(badugi_fast.__file__).resolve().parent


def test_importing_from_a_checkout_without_the_core_names_the_command_to_run(tmp_path):
    shutil.copytree(PACKAGE, tmp_path / "badugi_fast",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))  # fmt: skip
    for command in ("import badugi_fast", "from badugi_fast.cli import main"):
        # -S: no site-packages, so no editable-install finder that would find the worktree's core
        # and the current folder first on the path, as it is for a newcomer in a checkout
        env = {k: v for k, v in os.environ.items() if k != "PYTHONSAFEPATH"}
        run = subprocess.run([sys.executable, "-S", "-c", command], cwd=tmp_path, env=env,
                             capture_output=True, text=True)  # fmt: skip
        assert run.returncode == 1
        last = run.stderr.strip().splitlines()[-1]
        assert last.startswith(
            "ImportError: badugi_fast's C core (badugi_fast._badugi) is not built"
        )
        assert "`pip install -e .`" in last
