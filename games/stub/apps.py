from companion import apps


class StubConfig(apps.GameConfig):
    name = "games.stub"
    verbose_name = "Secret Keeper (demo)"
    game = "games.stub.game.SecretKeeper"
