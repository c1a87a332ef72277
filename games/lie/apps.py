from django.apps import AppConfig


class LieConfig(AppConfig):
    name = "games.lie"
    label = "lie"
    verbose_name = "LIE"

    def ready(self) -> None:
        from companion import games

        from .game import Lie

        games.register(Lie())
