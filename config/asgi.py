"""ASGI entry point: WebSockets through Channels, HTTP through Django's WSGI handler on a thread pool.

Every view is synchronous. Django's own ASGI handler crosses between the event loop and a
fresh thread a dozen times per request (once per middleware method, the view, the signals,
closing the response) and starts a new thread, with a new database connection, for each
request; under 100 busy tables those crossings, queued behind the loop's socket work, were
most of a move's time. a2wsgi runs the whole request on one of a fixed set of threads that
keep their database connections, and crosses back only to send the answer.
"""

import asyncio
import gc
import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from django.core.wsgi import get_wsgi_application  # noqa: E402

django_wsgi_app = get_wsgi_application()

from a2wsgi import WSGIMiddleware  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.sessions import CookieMiddleware  # noqa: E402
from django.conf import settings  # noqa: E402

from companion import broadcast  # noqa: E402
from companion.origin import SameOriginValidator  # noqa: E402
from companion.routing import websocket_urlpatterns  # noqa: E402

http_on_threads = WSGIMiddleware(django_wsgi_app, workers=settings.HTTP_THREADS)


async def http(scope, receive, send):
    # Pushes made on the request threads are sent on this loop, where the sockets live.
    broadcast.serve_on(asyncio.get_running_loop())
    await http_on_threads(scope, receive, send)


application = ProtocolTypeRouter(
    {
        "http": http,
        "websocket": SameOriginValidator(CookieMiddleware(URLRouter(websocket_urlpatterns))),
    }
)

# The server keeps many long-lived objects (loaded code, open sockets). With CPython's
# default thresholds a full collection came every few seconds under 100 tables and held the
# event loop for 50 to 140 ms. What is loaded now lives as long as the process: freeze it out
# of every future collection, and let the young generation grow larger before it is collected,
# so that short-lived objects die by reference counting instead of being promoted.
gc.collect()
gc.freeze()
gc.set_threshold(50_000, 10, 10)
