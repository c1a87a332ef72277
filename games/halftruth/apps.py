from django.apps import AppConfig


class HalfTruthConfig(AppConfig):
    name = "games.halftruth"
    label = "halftruth"
    verbose_name = "Half Truth"

    def ready(self) -> None:
        from companion import games
        from companion.games import Role

        class HalfTruth(games.Game):
            slug = "halftruth"
            name = "Half Truth"
            blurb = ("Lock in your answer letters in secret, reveal together; the app rolls in the scoring die, "
                     "moves the pawns on the round trackers and adds up the victory points.")
            players = "2–6 players"
            roles = (Role("player", "Player", 2, 6, "●"),)

        games.register(HalfTruth())
