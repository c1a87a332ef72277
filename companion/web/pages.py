"""Django's template loaders for the pages: every template but a region's (``*.jinja``, drawn by
Jinja2 in companion.live.jinja), so a region's file is never drawn by the wrong engine."""

from __future__ import annotations

from django.template.loaders import app_directories, filesystem

from companion.live.jinja import SUFFIX


class NotRegions:
    def get_template_sources(self, template_name: str):
        if template_name.endswith(SUFFIX):
            return
        yield from super().get_template_sources(template_name)


class Pages(NotRegions, filesystem.Loader):
    """The top-level templates/ (settings DIRS)."""


class AppPages(NotRegions, app_directories.Loader):
    """Each app's templates/ folder."""
