"""ASGI entry point: WebSockets through Channels, HTTP through Django's WSGI handler on a thread pool.

Every view is synchronous. Django's own ASGI handler crosses between the event loop and a
fresh thread a dozen times per request (once per middleware method, the view, the signals,
closing the response) and starts a new thread, with a new database connection, for each
request; on a busy server each crossing queues behind the loop's socket work. a2wsgi runs the
whole request on one of a fixed set of threads that keep their database connections, and
crosses back only to send the answer (docs/performance.md, "Where the speed devices came from").
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

from companion.live import broadcast  # noqa: E402
from companion.live.jinja import load_partials  # noqa: E402
from companion.web.origin import SameOriginValidator  # noqa: E402
from companion.live.routing import websocket_urlpatterns  # noqa: E402

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

load_partials()

# Everything loaded at start-up (the compiled partials too) lives as long as the process: freeze it
# out of every future collection. CPython's own young-generation thresholds keep its collections
# frequent and short. Full collections wait for 1,000 middle-generation ones instead of 10:
# each walks every open socket's objects and stops every phone's updates while it does, and
# what it would find has mostly died by itself in the meantime (docs/performance.md has the
# measurements).
gc.collect()
gc.freeze()
gc.set_threshold(700, 10, 1000)
