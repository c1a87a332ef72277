"""The floor for bench_fanout: a bare Channels consumer that relays each message to its table's group.

Served by Daphne like the app (``daphne tests.benchmarks.floor:application``), with the same
channel layer, so the difference between the two is what the app does on top.
"""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")

import django  # noqa: E402

django.setup()

from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402


class Relay(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.group = f"floor-{self.scope['url_route']['kwargs']['table']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.channel_layer.group_send(self.group, {"type": "relay", "text": text_data})

    async def relay(self, event: dict) -> None:
        await self.send(text_data=event["text"])


application = ProtocolTypeRouter({"websocket": URLRouter([path("floor/<int:table>/", Relay.as_asgi())])})
