"""The Host's port, and the socket's Origin check: scheme, host and port must be the page's own
(or a trusted origin).

Channels' AllowedHostsOriginValidator compares host names only, so a page served from
another port on the same host could open a table's socket with the phone's cookies.
Django's ALLOWED_HOSTS checks a Host's name only too: ``port_refused`` checks its port.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def _origin(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port or DEFAULT_PORTS.get(scheme)
    except ValueError:
        return None
    if not parts.hostname or port is None:
        return None
    return scheme, parts.hostname.lower(), port


def port_refused(host: str) -> str | None:
    """Why the port in this Host (``name`` or ``name:port``) is refused, or None.

    A port must be one (1 to 65535). Behind a proxy or a port mapping the server cannot know
    which port a phone reached, except for PUBLIC_URL's host, which is reached at PUBLIC_URL's
    port: another port there is no way to this server.
    """
    domain, port = split_domain_port(host)
    if not port:
        return None
    # split_domain_port gives only digits; over five of them is no port (and over 4,300 not an int)
    if len(port) > 5 or not 0 < int(port) < 65536:
        return f"The address asked for ({host}) has no such port: a port is a number from 1 to 65535."
    if settings.PUBLIC_URL:
        public = urlsplit(settings.PUBLIC_URL)
        if domain.strip("[]") == public.hostname and int(port) != (public.port or DEFAULT_PORTS[public.scheme]):
            return f"This server is reached at {settings.PUBLIC_URL}, not at {host}."
    return None


def _headers(scope: dict) -> dict[bytes, str]:
    return {name: value.decode("latin-1") for name, value in scope.get("headers", [])}


def own_origin(scope: dict) -> tuple[str, str, int] | None:
    """The origin of the page that should be opening this socket, from its Host header."""
    headers = _headers(scope)
    host = headers.get(b"host", "")
    domain, _ = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS) or port_refused(host):
        return None
    secure = scope.get("scheme") == "wss" or (
        settings.SECURE_PROXY_SSL_HEADER is not None and headers.get(b"x-forwarded-proto", "") == "https")
    return _origin("https" if secure else "http", host)


def allowed(scope: dict) -> bool:
    raw = _headers(scope).get(b"origin")
    if not raw:
        return False
    parts = urlsplit(raw)
    origin = _origin(parts.scheme, parts.netloc) if parts.scheme in DEFAULT_PORTS else None
    if origin is None:
        return False
    trusted = {_origin(urlsplit(o).scheme, urlsplit(o).netloc) for o in settings.CSRF_TRUSTED_ORIGINS}
    return origin == own_origin(scope) or origin in trusted


class SameOriginValidator:
    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
