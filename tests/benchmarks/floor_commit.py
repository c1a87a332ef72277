"""A second floor for bench_fanout: what any move through the app's design must do, and no more.

Served by Daphne with the app's own ASGI entry point and settings (so the same middleware, the
same request threads, the same hand-off of pushes to the event loop), but with only these two
views: a POST locks its table's row, writes a new version and state into it and commits, then
sends a message of the push's size to the table's group, which a bare consumer (floor.Relay)
passes to every socket. No rules, no drawing, no rate limit, no action log: the gap between
this floor and the bare relay is the part of a move's time that a move made over HTTP and
kept in the database pays whatever the game.

``daphne tests.benchmarks.floor_commit:application``; bench_fanout runs it at every size
unless BENCH_COMMIT_FLOOR=0.
"""

from config import asgi  # noqa: I001  (sets Django up with the app's settings)

from channels.routing import ProtocolTypeRouter, URLRouter
from django.conf import settings
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

from companion.live import broadcast
from companion.table import codes
from companion.models import Table
from tests.benchmarks.floor import Relay

STATE = {"padding": "x" * 3000}  # about the size of a game's state


@csrf_exempt
def set_up(request: HttpRequest) -> HttpResponse:
    """POST n: make n tables; answers their ids."""
    made = [Table.objects.create(code=codes.new_code(), game="stub", state=STATE)
            for _ in range(int(request.POST["n"]))]
    return HttpResponse(" ".join(str(table.pk) for table in made))


@csrf_exempt
def move(request: HttpRequest, table_id: int) -> HttpResponse:
    """POST tag and size: commit a new version of the table, then relay "m<tag> " padded to size."""
    tag, size = request.POST["tag"], int(request.POST["size"])
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table_id)
        table.version += 1
        table.state = {**STATE, "tag": tag}
        table.save(update_fields=["version", "state", "updated_at"])
    broadcast._send((f"floor-{table_id}", {"type": "relay", "text": f"m{tag} " + "x" * max(0, size - len(tag) - 2)}))
    return HttpResponse("ok")


urlpatterns = [path("floor-commit/set-up/", set_up), path("floor-commit/<int:table_id>/move/", move)]
settings.ROOT_URLCONF = __name__  # these views only, resolved per request from here on

application = ProtocolTypeRouter({"http": asgi.http,
                                  "websocket": URLRouter([path("floor/<int:table>/", Relay.as_asgi())])})
