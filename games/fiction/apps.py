from companion import apps


class FictionConfig(apps.GameConfig):
    name = "games.fiction"
    verbose_name = "Fiction"
    game = "games.fiction.game.Fiction"
