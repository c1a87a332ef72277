from django.apps import AppConfig


class LieConfig(AppConfig):
    name = "games.lie"
    label = "lie"
    verbose_name = "LIE"

    def ready(self) -> None:
        from companion import games
        from companion.games import Role

        class Lie(games.Game):
            slug = "lie"
            name = "LIE"
            blurb = ("Bid on the dice showing across every hand, or call “Lie!”. The app checks bids, "
                     "keeps the turn order, counts the dice and tracks hand sizes.")
            players = "2–6 players"
            roles = (Role("player", "Player", 2, 6, "●"),)

        games.register(Lie())
