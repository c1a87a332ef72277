"""Saves the pushes a full garbage collection stops: about 200 ms at 1,500 open sockets, seconds apart.
Its row: docs/performance.md#the-speed-devices-an-inventory (garbage-collector settings).

Everything loaded at start-up lives as long as the process, so it is
frozen out of every future collection. CPython's own young-generation thresholds keep its
collections frequent and short. Full collections wait for 1,000 middle-generation ones instead
of 10: each walks every open socket's objects and stops every phone's updates while it does,
and what it would find has mostly died by itself in the meantime.
"""

from __future__ import annotations

import gc


def tune_collector() -> None:
    """Called once a server has loaded everything it keeps (config.asgi)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(700, 10, 1000)
