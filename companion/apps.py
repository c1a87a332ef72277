from django.apps import AppConfig


class CompanionConfig(AppConfig):
    default = True
    name = "companion"
    verbose_name = "Table companion"

    def ready(self) -> None:
        from companion.web import private  # noqa: F401 - connects its handler: a new SQLite file made private


class GameConfig(AppConfig):
    """A game's Django app: registers its Game (``game``, a dotted path) once Django is ready."""

    game = ""

    def ready(self) -> None:
        from django.utils.module_loading import import_string

        from companion.table.games import register

        register(import_string(self.game)())
