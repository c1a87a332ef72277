"""What the benches count of the app's work, counted from the bench's side by wrapping the app's
own functions: the app keeps no counter that only a bench reads."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass

from companion.live import render


@dataclass
class Count:
    n: int = 0


@contextlib.contextmanager
def renders() -> Iterator[Count]:
    """Counts each screen drawn (``render.update``) while open: a push draws one per group of
    seats that see the same (an audience, or a seat alone)."""
    count, real = Count(), render.update

    def counted(*args, **kwargs):
        count.n += 1
        return real(*args, **kwargs)

    render.update = counted
    try:
        yield count
    finally:
        render.update = real
