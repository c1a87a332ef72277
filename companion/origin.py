"""The socket's Origin check: scheme, host and port must be the page's own (or a trusted origin).

Channels' AllowedHostsOriginValidator compares host names only, so a page served from
another port on the same host could open a table's socket with the phone's cookies.
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


def _headers(scope: dict) -> dict[bytes, str]:
    return {name: value.decode("latin-1") for name, value in scope.get("headers", [])}


def own_origin(scope: dict) -> tuple[str, str, int] | None:
    """The origin of the page that should be opening this socket, from its Host header."""
    headers = _headers(scope)
    host = headers.get(b"host", "")
    domain, _ = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
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
