from django.apps import AppConfig


class FictionConfig(AppConfig):
    name = "games.fiction"
    label = "fiction"
    verbose_name = "Fiction"

    def ready(self) -> None:
        from companion import games
        from companion.games import Role

        class Fiction(games.Game):
            slug = "fiction"
            name = "Fiction"
            blurb = ("Guess the Lie-brarian's secret word while every row of clues holds exactly one lie. "
                     "The app keeps the honest clues, the lie picker, the Fact/Fiction tokens and both halves' clocks.")
            players = "2–8 players · with Banned Books"
            roles = (Role("librarian", "Lie-brarian", 1, 1, "✎"), Role("guesser", "Guesser", 1, 7, "?"))

        games.register(Fiction())
