from django.apps import AppConfig


class HalfTruthConfig(AppConfig):
    name = "games.halftruth"
    label = "halftruth"
    verbose_name = "Half Truth"

    def ready(self) -> None:
        from companion import games

        from .game import HalfTruth

        games.register(HalfTruth())
