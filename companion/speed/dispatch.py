"""Saves every socket message a hop to the one thread all database work shares.
Its row: docs/performance.md#the-speed-devices-an-inventory (the socket's own ``dispatch``).

Channels' own dispatch runs ``close_old_connections`` before every handler, on the one thread
that all thread-sensitive work shares: a push to six phones queued six times for that thread,
behind every other socket's. A consumer that touches the database only through
``database_sync_to_async``, which closes old connections on its own thread around each call,
gains nothing from that hop; it also keeps a push from waiting behind database work.
"""

from __future__ import annotations

from channels.consumer import get_handler_name


class DispatchOnTheLoop:
    """Mixed in before Channels' consumer class, whose ``dispatch`` this replaces."""

    async def dispatch(self, message: dict) -> None:
        """Hand a message to its handler, without Channels' hop to a thread first."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
