from django.apps import AppConfig


class FictionConfig(AppConfig):
    name = "games.fiction"
    label = "fiction"
    verbose_name = "Fiction"

    def ready(self) -> None:
        from companion import games

        from .game import Fiction

        games.register(Fiction())
