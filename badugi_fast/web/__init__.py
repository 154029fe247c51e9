"""``badugi serve``: the toolkit in a browser (the ``[web]`` extra: Starlette, Jinja2, uvicorn).

``create_app()`` builds the application (``app``); the pages (``pages``) read their inputs
from the query string, call the library, and draw its results with the same HTML renderers as
the objects' ``_repr_html_`` (``hands/html.py``, ``draws/html.py``); ``limits`` bounds every
request. Nothing here is imported by the rest of the package but the ``serve`` command, which
imports it only when run.
"""

from .app import create_app

__all__ = ["create_app"]
