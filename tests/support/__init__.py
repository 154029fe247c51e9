"""What several test folders share that is not a fixture: paths, stacked decks and played hands,
the Ctrl-C harness, the CLI run in this process. On the path through ``pythonpath = ["tests"]``
in pyproject.toml; fixtures live in the conftest.py files."""
