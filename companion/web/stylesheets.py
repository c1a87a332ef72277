"""One stylesheet per page: a game's table page waits for a single file before it draws.

The app's rules (static/css/app.css) and a game's own (games/<game>/static/css/<game>.css) stay
two sources, and this finder joins them, in that order, into the file the table page links
(games.page_stylesheet).
A staticfiles finder, so there is no build step to remember: collectstatic hashes and compresses
the joined files like any other, and in development WhiteNoise serves them, joined again whenever
a source changes.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.finders import BaseFinder
from django.core.files.storage import FileSystemStorage

from companion.table.games import SHARED_STYLESHEET, all_games, page_stylesheet

# Written here, since WhiteNoise serves a found file from its path on disk.
JOINED_ROOT = Path(settings.BASE_DIR) / "var" / "joined-static"


def joined() -> dict[str, tuple[str, ...]]:
    """Each joined stylesheet with its sources, in the order they cascade."""
    return {page_stylesheet(game): (SHARED_STYLESHEET, game.screens.stylesheet) for game in all_games()
            if game.screens.stylesheet}


def join(path: str, sources: tuple[str, ...]) -> str:
    """Write the joined file unless it already holds its sources as they are; return where it is."""
    parts = []
    for source in sources:
        found = finders.find(source)
        if not found:
            raise FileNotFoundError(f"{path}: its source {source} is not among the static files")
        parts.append(f"/* {source} */\n" + Path(found).read_text(encoding="utf-8").rstrip() + "\n")
    text = "\n".join(parts)
    target = JOINED_ROOT / path
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.parent.mkdir(parents=True, exist_ok=True)
        # Two servers may join at once: each writes its own file and swaps it in whole.
        fd, temporary = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    return str(target)


class JoinedStylesheets(BaseFinder):
    """Finds the joined stylesheets, joining them as they are asked for."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.storage = FileSystemStorage(location=JOINED_ROOT)

    def check(self, **kwargs):
        return []

    def find(self, path, find_all=False, **kwargs):
        sources = joined().get(path)
        if sources is None:
            # Not None: staticfiles.finders.find keeps a None as a match ([None]) and WhiteNoise
            # then fails on it, so a miss would answer 500. Django's own finders return [] too.
            return []
        found = join(path, sources)
        return [found] if find_all else found

    def list(self, ignore_patterns):
        for path, sources in joined().items():
            join(path, sources)
            yield path, self.storage
