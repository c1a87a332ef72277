"""Saves Jinja2's per-render copy of its globals and Django's ``reverse`` for every link drawn.
Its rows: docs/performance.md#the-speed-devices-an-inventory (Jinja2's globals as a plain
dict; ``url()`` remembered per name and arguments).
"""

from __future__ import annotations

import functools
from typing import Any

from django.urls import get_script_prefix, reverse
from jinja2 import Environment


class PlainGlobals(Environment):
    """Jinja2's environment, each template's globals a plain dict."""

    def make_globals(self, d: Any) -> dict[str, Any]:
        """A template's globals as a plain dict: every render copies them into its context, and
        Jinja2's ChainMap over the environment's is copied key by key in Python, most of a small
        region's render. The environment's globals are all set before any template is loaded."""
        return {**self.globals, **(d or {})}


@functools.lru_cache(maxsize=8192)
def _reverse(prefix: str, name: str, args: tuple) -> str:
    return reverse(name, args=args)


def url(name: str, *args: Any) -> str:
    """``url('move', table.code)``: the path of a named URL (as ``{% url %}``)."""
    return _reverse(get_script_prefix(), name, tuple(str(a) for a in args))
