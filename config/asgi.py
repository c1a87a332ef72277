"""ASGI entry point: WebSockets through Channels, HTTP through Django's WSGI handler on a thread pool
(companion.speed.threads), with the collector tuned for many open sockets (companion.speed.collector).
"""

import asyncio
import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from django.core.wsgi import get_wsgi_application  # noqa: E402

django_wsgi_app = get_wsgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.sessions import CookieMiddleware  # noqa: E402

from companion.live import broadcast  # noqa: E402
from companion.speed.collector import tune_collector  # noqa: E402
from companion.speed.threads import on_threads  # noqa: E402
from companion.web.origin import SameOriginValidator  # noqa: E402
from companion.live.routing import websocket_urlpatterns  # noqa: E402

http_on_threads = on_threads(django_wsgi_app)


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

tune_collector()  # last: it freezes what the process has loaded by now
