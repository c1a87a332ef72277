"""Half-typed moves, shown live to the others of a seat's draft audience (a game's draft_audience).

A socket relays what its phone types to its audience's drafts group, cleaned (letters only,
DRAFT_LENGTH at most) and limited per seat, and clears it when the box empties or the socket
leaves the audience, so no draft outlives its box.
"""

from __future__ import annotations

import logging
import time

from django.core.cache import cache

from companion.live import logs
from companion.table.games import game_of, viewer_of
from companion.models import Seat

DRAFT_EVERY = 0.2  # seconds between two drafts a seat may send, however many sockets it opens
DRAFT_LENGTH = 12

log = logging.getLogger(__name__)


def drafts_group(seat: Seat) -> str | None:
    """The group a seat's half-typed moves go to, if its game shares them (not a seat sitting the
    game out: it has nothing to type, and the players' drafts are theirs)."""
    audience = None if seat.sits_out else game_of(seat.table).screens.draft_audience(viewer_of(seat))
    return None if audience is None else f"t{seat.table_id}.drafts.{audience}"


async def may_draft(seat_id: int) -> bool:
    """Whether a seat may relay a draft now: one per DRAFT_EVERY for the seat, counted in the
    shared cache so that every socket of the seat, on every server process, draws from it.
    If the cache is out of reach, nobody is stopped (as for the move rate limits)."""
    slot = int(time.time() / DRAFT_EVERY)
    try:
        return await cache.aadd(f"draft-slot:{seat_id}:{slot}", 1, timeout=1)
    except Exception as error:
        logs.failed(log, error, "the rate-limit cache is out of reach; not limiting drafts")
        return True


class Drafts:
    """One socket's drafts: the group it relays them to, and whether its audience is shown one."""

    def __init__(self, layer, channel_name: str, seat_id: int):
        self.layer = layer
        self.channel_name = channel_name
        self.seat_id = seat_id
        self.name = ""  # the seat's name, shown beside its draft
        self.group: str | None = None
        self.drafting = False  # the others of its audience are shown this socket's draft
        self.drafted = 0.0  # time.monotonic() when this socket last relayed a draft

    async def join(self, group: str | None, name: str) -> None:
        """Relay to ``group`` from now on (None: to nobody)."""
        self.name = name
        if group == self.group:
            return
        if self.group is not None:
            await self.relay("")  # a draft ends with its socket, or when it leaves the audience
            await self.layer.group_discard(self.group, self.channel_name)
        self.group = group
        if group is not None:
            await self.layer.group_add(group, self.channel_name)

    async def leave(self) -> None:
        await self.join(None, self.name)

    async def typed(self, text: object) -> None:
        """The phone's box now holds ``text``: show it, cleaned, unless the seat drafts too often."""
        if not isinstance(text, str) or not self.group:
            return
        text = "".join(ch for ch in text[:DRAFT_LENGTH] if ch.isalpha())
        if text:
            if time.monotonic() - self.drafted < DRAFT_EVERY or not await may_draft(self.seat_id):
                return
            self.drafted = time.monotonic()
        await self.relay(text)

    async def relay(self, text: str) -> None:
        """Show the audience this socket's draft; an empty one (the box emptied) clears it, and
        is sent only after a draft was shown, whatever the limit, so no draft outlives its box."""
        if not text and not self.drafting:
            return
        self.drafting = bool(text)
        await self.layer.group_send(self.group, {
            "type": "seat.draft", "from": self.seat_id, "name": self.name, "text": text})
