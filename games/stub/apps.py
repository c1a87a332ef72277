from django.apps import AppConfig


class StubConfig(AppConfig):
    name = "games.stub"
    label = "stub"
    verbose_name = "Secret Keeper (demo)"

    def ready(self) -> None:
        from companion import games

        from .game import SecretKeeper

        games.register(SecretKeeper())
