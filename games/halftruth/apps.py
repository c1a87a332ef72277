from companion import apps


class HalfTruthConfig(apps.GameConfig):
    name = "games.halftruth"
    verbose_name = "Half Truth"
    game = "games.halftruth.game.HalfTruth"
