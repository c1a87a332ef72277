"""Saves a thread, a database connection and a dozen loop crossings per HTTP request.
Its row: docs/performance.md#the-speed-devices-an-inventory (requests on a fixed pool of threads).

Every view is synchronous. Django's own ASGI handler crosses between the event loop and a fresh
thread once per middleware method, the view, the signals and closing the response, and starts a
new thread, with a new database connection, for each request; on a busy server each crossing
queues behind the loop's socket work. a2wsgi runs the whole request on one of a fixed set of
threads that keep their database connections, and crosses back only to send the answer.
"""

from __future__ import annotations

from a2wsgi import WSGIMiddleware
from django.conf import settings


def on_threads(wsgi_app):
    """Django's WSGI application as an ASGI one, served on ``HTTP_THREADS`` threads."""
    return WSGIMiddleware(wsgi_app, workers=settings.HTTP_THREADS)
