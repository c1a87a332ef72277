"""Settings for Liar's Table, read from environment variables and parsed strictly.

A value that cannot be parsed stops start-up with a message naming the variable,
so a typo in production is found at once rather than at the first request.
"""

import os
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be one of 1/0, true/false, yes/no, on/off; got {raw!r}")


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    items = [item.strip() for item in raw.split(",")]
    if any(not item for item in items):
        raise ImproperlyConfigured(f"{name} is a comma-separated list with no empty items; got {raw!r}")
    return items


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number; got {raw!r}") from None


DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    # Stable across restarts so seat cookies survive `make run` being restarted.
    SECRET_KEY = "insecure-development-key-only-for-DEBUG"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])


def env_public_url(name: str) -> str:
    """An origin phones can reach (``https://table.example.org``, ``http://192.168.1.20:8000``), or ""."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return ""
    parts = urlsplit(raw)
    try:
        port = parts.port  # raises on a port that is not a number, or over 65535
    except ValueError:
        port = 0
    if port == 0:
        raise ImproperlyConfigured(f"{name} has a port that is not a number from 1 to 65535; got {raw!r}")
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/") \
            or parts.query or parts.fragment:
        raise ImproperlyConfigured(f"{name} must be a scheme and a host, like https://table.example.org; got {raw!r}")
    return f"{parts.scheme}://{parts.netloc}"


# The address in every join link and QR code: phones must be able to reach it, whatever address
# the host's own browser used (a laptop's host opening http://localhost:8000). `make party` sets
# it to the laptop's local-network address; a hosted server sets its public one.
PUBLIC_URL = env_public_url("PUBLIC_URL")
if PUBLIC_URL and urlsplit(PUBLIC_URL).hostname not in ALLOWED_HOSTS:
    ALLOWED_HOSTS = [*ALLOWED_HOSTS, urlsplit(PUBLIC_URL).hostname]
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
for origin in CSRF_TRUSTED_ORIGINS:
    if not origin.startswith(("http://", "https://")):
        raise ImproperlyConfigured(f"CSRF_TRUSTED_ORIGINS entries need a scheme (https://...); got {origin!r}")

# Cookies marked Secure only travel over HTTPS; off by default under DEBUG so a
# laptop on the local network works over plain HTTP.
SECURE_COOKIES = env_bool("SECURE_COOKIES", not DEBUG)
SESSION_COOKIE_SECURE = SECURE_COOKIES
CSRF_COOKIE_SECURE = SECURE_COOKIES
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if env_bool("BEHIND_HTTPS_PROXY", False) else None
# Behind HTTPS, browsers are told to come back over HTTPS only (a year, as the Django
# deployment checklist suggests). The page reads the CSRF token from its meta tag, so the
# cookie need not be readable by script.
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365 if SECURE_PROXY_SSL_HEADER else 0
CSRF_COOKIE_HTTPONLY = True

INSTALLED_APPS = [
    "daphne",
    "django.contrib.contenttypes",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "csp",
    "companion",
    "games.stub",
    "games.fiction",
    "games.halftruth",
    "games.lie",
]

MIDDLEWARE = [
    "companion.web.middleware.NoIndexTables",  # outermost: the 503 of an outage carries it too
    "companion.web.middleware.DatabaseOutage",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and partials go out gzipped (a seat page shrinks to about a quarter): a guest on a weak
    # signal joins sooner. Below WhiteNoise, which answers for static files with its own
    # precompressed copies and leaves woff2 and PNG alone. A page that holds a seat's secret
    # beside text another player typed goes out as it is, against BREACH.
    "companion.web.compression.GZipUnlessSecret",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, so that its 400 goes out as every other page does (gzipped, with the CSP).
    "companion.web.middleware.HostPort",
]

# A Content-Security-Policy with no inline script or style at all: htmx is told not to add its
# indicator styles or evaluate anything, forms use data attributes instead of hx-on, and the
# socket is same-origin ('self' covers ws: and wss: to this host).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
# Threads serving HTTP requests in one process (each keeps its own database connection). Two:
# a move is mostly Python, so more threads only take turns at the interpreter, and a move
# that meets others finished last behind all of them (docs/hosting.md, Performance).
HTTP_THREADS = int(os.environ.get("HTTP_THREADS", 2))

# A name a live region reads that its context lacks: under DEBUG (and in the tests) the drawing
# fails with the template's line; in production the region draws nothing there and the name is
# logged once (companion.live.jinja).
STRICT_REGIONS = DEBUG

TEMPLATES = [
    {
        # The live regions (games/<slug>/templates/<slug>/partials/*.jinja): drawn on every push,
        # so with Jinja2 (companion.live.jinja, which adds each app's templates/ folder to DIRS and
        # loads only *.jinja names).
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "companion.live.jinja.environment"},
    },
    {
        # The pages: every template not named *.jinja (companion.web.pages), as Django's own
        # loaders find them, cached.
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            "loaders": [("django.template.loaders.cached.Loader",
                         ["companion.web.pages.Pages", "companion.web.pages.AppPages"])],
            "context_processors": [
                "django.template.context_processors.request",
            ],
            "builtins": ["django_htmx.templatetags.django_htmx", "companion.templatetags.table_tags"],
        },
    },
]

DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    try:
        DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)}
    except ValueError as error:
        raise ImproperlyConfigured(f"DATABASE_URL could not be parsed: {error}") from None
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            # The request threads live as long as the server: keep their connections open.
            "CONN_MAX_AGE": 600,
            "CONN_HEALTH_CHECKS": True,
        }
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # However SQLite is named: IMMEDIATE takes the write lock at BEGIN, so two phones
    # acting at once queue up (for up to 20 s) instead of failing with "database is locked".
    # WAL lets phones read while a move is written, and synchronous=NORMAL syncs the log at
    # checkpoints rather than on every commit: a power cut may lose the last moves, never
    # the file's consistency.
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "transaction_mode": "IMMEDIATE", "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    })

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    if not REDIS_URL.startswith(("redis://", "rediss://", "unix://")):
        raise ImproperlyConfigured(f"REDIS_URL must start with redis://, rediss:// or unix://; got {REDIS_URL!r}")
    CHANNEL_LAYERS = {
        "default": {
            # Redis pub/sub: a push to a group is one PUBLISH, which each process subscribed to
            # the group hears once, on one connection, and hands to its own sockets, where a
            # list-based layer queues a copy per socket and pops them one round trip at a time.
            # Ours sends the PUBLISHes waiting in a process together, one round trip for all
            # (docs/performance.md, "Where the speed devices came from").
            "BACKEND": "companion.speed.layers.PipelinedRedisPubSubChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL]},
        }
    }
    # One pool of connections per process (companion.speed.cache), not one per request, and a count
    # (the rate limits) in one round trip, not two.
    CACHES = {"default": {"BACKEND": "companion.speed.cache.RedisCache", "LOCATION": REDIS_URL,
                          "OPTIONS": {"pool_class": "companion.speed.cache.SharedConnectionPool"}}}
    # The evening's pictures (companion.web.views._picture), about 100 to 200 KB each, kept an hour.
    CACHES["pictures"] = {**CACHES["default"], "TIMEOUT": 60 * 60}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "companion.speed.layers.SweepingInMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
              # The evening's pictures, kept apart: an in-memory cache that is full drops its oldest
              # keys, and pictures must never push out the counts and presence kept in the default.
              "pictures": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "pictures",
                           "TIMEOUT": 60 * 60, "OPTIONS": {"MAX_ENTRIES": 20}}}

# One process keeps its rate-limit counts in memory; several share them in Redis.
SILENCED_SYSTEM_CHECKS = [] if REDIS_URL else ["django_ratelimit.E003", "django_ratelimit.W001"]
# Wrong table codes allowed per address before look-ups pause: 20 in 10 minutes
# against 23**6 codes makes guessing one hopeless.
CODE_MISS_RATE = os.environ.get("CODE_MISS_RATE", "20/10m")
# Moves and host actions one seated phone may send: a real table makes a few a minute, a
# script hammering the table (each push growing with the game) is slowed down.
SEAT_ACTION_RATE = os.environ.get("SEAT_ACTION_RATE", "20/10s")
# Moves tried as they are typed (a Fiction guess, checked at each pause 350 ms long): at most
# about three a second from a person, counted apart from the moves themselves.
SEAT_TRY_RATE = os.environ.get("SEAT_TRY_RATE", "40/10s")
# The evening's picture (GET /t/<code>/evening.png) one seated phone, and one address (a table's
# phones on one Wi-Fi), may fetch: a phone fetches it as the summary shows and again to share it;
# a script fetching it in a loop is stopped.
PICTURE_SEAT_RATE = os.environ.get("PICTURE_SEAT_RATE", "10/m")
PICTURE_ADDRESS_RATE = os.environ.get("PICTURE_ADDRESS_RATE", "60/m")
# Sitting down, leaving and asking the host for a seat (join, leave, claim), counted together:
# per address at each table, enough for eight phones of a household behind one router to join,
# leave and come back, with displays; and per phone (by the seat it holds or left, or its
# request), less, so that one phone in a loop is stopped before the others on its address.
JOIN_RATE = os.environ.get("JOIN_RATE", "40/10m")
JOIN_PHONE_RATE = os.environ.get("JOIN_PHONE_RATE", "12/10m")
# Opening a table's page (each draws the whole table, and a seated phone's settles its clock):
# the same two ways, enough for a household's phones reloading and waking from sleep.
PAGE_RATE = os.environ.get("PAGE_RATE", "200/5m")
PAGE_PHONE_RATE = os.environ.get("PAGE_PHONE_RATE", "40/5m")
# The join page asking again which seats it may ask for (every JOIN_POLL seconds, companion.web.
# views): the same two ways, enough for one phone to keep it open and several on one address.
JOIN_POLL_RATE = os.environ.get("JOIN_POLL_RATE", "600/5m")
JOIN_POLL_PHONE_RATE = os.environ.get("JOIN_POLL_PHONE_RATE", "150/5m")
# Behind a reverse proxy every request comes from the proxy; name the header that
# carries the phone's own address (e.g. HTTP_X_REAL_IP) so limits apply per phone.
RATELIMIT_IP_META_KEY = os.environ.get("RATELIMIT_IP_META_KEY", "REMOTE_ADDR")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "companion.web.stylesheets.JoinedStylesheets",  # each game's table stylesheet, the app's joined with its own
]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# How long a phone keeps its seat without visiting the table.
SEAT_COOKIE_MAX_AGE = env_int("SEAT_COOKIE_MAX_AGE", 60 * 60 * 24 * 30)

# Who is here: a phone whose network or battery went can leave its socket open on the server for
# a minute or more, so each table socket is pinged every PRESENCE_PING_SECONDS, and a phone that
# has sent nothing (not even an answer) for PRESENCE_SILENT_SECONDS shows away on every screen,
# here again at its next word. Silence is checked at each ping: at worst the sum, under 30 s.
PRESENCE_PING_SECONDS = env_int("PRESENCE_PING_SECONDS", 8)
PRESENCE_SILENT_SECONDS = env_int("PRESENCE_SILENT_SECONDS", 20)
if not 0 < PRESENCE_PING_SECONDS < PRESENCE_SILENT_SECONDS:
    raise ImproperlyConfigured(
        "PRESENCE_PING_SECONDS must be above 0 and below PRESENCE_SILENT_SECONDS, or a phone that answers "
        f"every ping shows away; got {PRESENCE_PING_SECONDS} and {PRESENCE_SILENT_SECONDS}")

# A table nobody has changed for this many hours has had its evening: the next phone to open
# it ends the evening there (the summary on every screen, nobody new sits down), as the host's
# "End the evening" does, and the host can take it back with undo.
EVENING_IDLE_HOURS = env_int("EVENING_IDLE_HOURS", 6)
if EVENING_IDLE_HOURS < 1:
    raise ImproperlyConfigured(f"EVENING_IDLE_HOURS must be at least 1; got {EVENING_IDLE_HOURS}")

# Django logs a request refused with an exception on "django.request", or, when the exception
# is suspicious (django.core.exceptions: a body over the size or field limits, a bad Host), on
# "django.security.<its class>". Those answers are 4xx: one line each, no traceback.
_REFUSAL_LOGGERS = ["django.request"] + [f"django.security.{name}" for name in (
    "SuspiciousOperation", "SuspiciousMultipartForm", "SuspiciousFileOperation", "DisallowedHost",
    "DisallowedRedirect", "TooManyFieldsSent", "TooManyFilesSent", "RequestDataTooBig")]
# A dependency out of reach (Redis, PostgreSQL) fails every request and push that needs it: our
# own code logs that in one line, counted with its like (companion.live.logs.failed). These libraries'
# loggers log it with a traceback each time: channels_redis's receive loop, and asyncio for a
# task whose failure nobody awaited.
_OUTAGE_LOGGERS = ["channels_redis.pubsub", "channels_redis.core", "asyncio"]
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"one_line_for_refusals": {"()": "companion.live.logs.OneLineForRefusals"},
                "one_line_when_out_of_reach": {"()": "companion.live.logs.OneLineWhenOutOfReach"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {**{name: {"filters": ["one_line_for_refusals"]} for name in _REFUSAL_LOGGERS},
                **{name: {"filters": ["one_line_when_out_of_reach"]} for name in _OUTAGE_LOGGERS}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
