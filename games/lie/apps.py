from companion import apps


class LieConfig(apps.GameConfig):
    name = "games.lie"
    verbose_name = "LIE"
    game = "games.lie.game.Lie"
