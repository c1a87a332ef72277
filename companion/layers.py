"""Channels' in-memory layer, for one process, with its sweep of expired messages throttled.

The stock layer walks every channel and every group looking for expired messages on every
send and every receive: with 600 open sockets that walk was a tenth of the event loop's
time. Messages expire after a minute and group memberships after a day, so sweeping at most
once a second changes nothing a phone can see.
"""

from __future__ import annotations

import time

from channels.layers import InMemoryChannelLayer


class SweepingInMemoryChannelLayer(InMemoryChannelLayer):
    sweep_every = 1.0  # seconds
    _swept = float("-inf")

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._swept >= self.sweep_every:
            self._swept = now
            super()._clean_expired()
