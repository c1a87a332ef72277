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
from companion.jinja import load_partials  # noqa: E402
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

load_partials()

# Everything loaded at start-up (the compiled partials too) lives as long as the process: freeze it
# out of every future collection. After that, CPython's own young-generation thresholds suit the
# server now that a request leaves next to nothing in reference cycles (see companion.middleware):
# its collections are frequent and short (at most 3 ms, and 15 ms for the middle generation, at 250
# busy tables). A large young generation, as before, made each one take 20 to 90 ms, and left the
# 200,000 objects of a burst of new sockets to one 140 to 200 ms collection later on. Full
# collections wait for 100 middle-generation ones instead of 10: each walks every socket's objects
# (about 200 ms at 1,500 sockets), and with the default they came every 12 s at 250 busy tables, for
# objects that mostly die soon after by themselves.
gc.collect()
gc.freeze()
gc.set_threshold(700, 10, 100)
