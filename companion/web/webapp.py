"""Liar's Table as an app on the home screen: its manifest, its service worker and the pages they open."""

from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from companion.table import codes, seats
from companion.table.games import SHARED_STYLESHEET, all_games, page_stylesheet
from companion.models import Seat, Table

THEME = "#7a2e1f"  # --accent in static/css/app.css
BACKGROUND = "#f6f3ee"  # --bg


@require_GET
def manifest(request: HttpRequest) -> HttpResponse:
    icons = [{"src": static(f"img/icons/{kind}-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png",
              "purpose": "maskable" if kind == "maskable" else "any"}
             for kind in ("icon", "maskable") for size in (192, 512)]
    response = JsonResponse({
        "name": "Liar's Table",
        "short_name": "Liar's Table",
        "description": "A phone companion for Fiction, Half Truth and LIE.",
        "id": "/",
        "start_url": reverse("resume"),
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": icons,
    }, content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"
    return response


# The scripts a table page runs (templates/companion/table.html and what it extends and includes),
# besides its game's own; the offline page's too.
TABLE_SCRIPTS = ("django_htmx/htmx-2.min.js", "django_htmx/ext/hx-ws-2.min.js", "vendor/idiomorph/idiomorph-ext.min.js",
                 "js/evening.js", "js/table.js", "js/app.js", "js/offline.js")
OFFLINE_NEEDS = (SHARED_STYLESHEET, "js/app.js", "js/offline.js")


def table_files() -> list[str]:
    """The URL of every static file a table page may use: its stylesheets and scripts, every game's,
    the typefaces its stylesheets name and the icons."""
    names = [SHARED_STYLESHEET, *TABLE_SCRIPTS]
    for game in all_games():
        names += [name for name in (page_stylesheet(game), game.screens.script) if name]
    root = Path(settings.STATICFILES_DIRS[0])
    names += sorted(str(path.relative_to(root)) for folder in ("fonts", "img/icons")
                    for path in (root / folder).iterdir() if path.suffix in (".woff2", ".png"))
    return list(dict.fromkeys(static(name) for name in names))


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    response = render(request, "companion/sw.js", {
        # JSON, as JavaScript reads it: the app's own static names, nothing a visitor typed.
        "offline": reverse("offline"), "offline_needs": json.dumps([static(name) for name in OFFLINE_NEEDS]),
        "keep": json.dumps(table_files()), "hashed": json.dumps(isinstance(staticfiles_storage, ManifestFilesMixin)),
    }, content_type="text/javascript")
    # A phone looks for a new worker on every visit; it must never keep an old one.
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    """What the service worker shows when the server cannot be reached: the page tries again by itself."""
    return render(request, "companion/offline.html")


@require_GET
@never_cache
def resume(request: HttpRequest) -> HttpResponse:
    """Where the home-screen app opens: the table this phone sat at last, if it is still going."""
    held = {name.removeprefix("seat_"): value for name, value in request.COOKIES.items()
            if name.startswith("seat_") and codes.is_well_formed(name.removeprefix("seat_"))}
    tables = Table.objects.filter(code__in=held).exclude(status=Table.Status.FINISHED).order_by("-updated_at")
    for table in tables:
        token = seats.token_from_cookie(table.code, held[table.code])
        if token and Seat.objects.filter(table=table, token=token).exists():
            return redirect("table", code=table.code)
    return redirect("home")
