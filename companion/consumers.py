"""One socket per open table page: it joins its seat's group and forwards that seat's HTML.

It never writes the database. On connect, and whenever the phone asks after waking
up, it sends the seat's current view so the phone catches up without a reload.
"""

from __future__ import annotations

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from companion import codes, render, seats
from companion.broadcast import seat_group
from companion.models import Seat, Table

# Close codes the browser must not retry: 4403 has no seat, 4404 no table, 4410 removed.
NO_SEAT, NO_TABLE, REMOVED = 4403, 4404, 4410


@database_sync_to_async
def _find_seat(code: str, cookies: dict[str, str]) -> tuple[Table | None, Seat | None]:
    table = Table.objects.filter(code=code).first() if codes.is_well_formed(code) else None
    if table is None:
        return None, None
    return table, seats.seat_for(table, cookies)


@database_sync_to_async
def _current_html(seat_id: int) -> str | None:
    seat = Seat.objects.select_related("table").filter(pk=seat_id).first()
    if seat is None:
        return None
    return render.live_fragment(seat.table, seat)


class TableConsumer(AsyncWebsocketConsumer):
    seat_id: int | None = None

    async def connect(self) -> None:
        code = self.scope["url_route"]["kwargs"]["code"]
        table, seat = await _find_seat(code, self.scope.get("cookies", {}))
        await self.accept()
        if table is None or seat is None:
            await self.close(code=NO_TABLE if table is None else NO_SEAT)
            return
        self.seat_id = seat.pk
        await self.channel_layer.group_add(seat_group(seat.pk), self.channel_name)
        await self.send_current()

    async def disconnect(self, code: int) -> None:
        if self.seat_id is not None:
            await self.channel_layer.group_discard(seat_group(self.seat_id), self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            message = json.loads(text_data or "{}")
        except ValueError:
            return
        if isinstance(message, dict) and message.get("type") == "sync":
            await self.send_current()

    async def send_current(self) -> None:
        if self.seat_id is None:
            return
        html = await _current_html(self.seat_id)
        if html is None:
            await self.seat_removed({})
            return
        await self.send(text_data=html)

    async def seat_html(self, event: dict) -> None:
        await self.send(text_data=event["html"])

    async def seat_removed(self, event: dict) -> None:
        await self.send(text_data='<div id="removed-notice" hx-swap-oob="true" class="removed">'
                                  "The host removed you from this table.</div>")
        await self.close(code=REMOVED)
