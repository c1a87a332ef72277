"""The platform translates between the table's seats and the rules' players, both ways, for every game."""

import random
import subprocess
import sys

import pytest

from companion.table.games import Field, Game, Move, Played, Player, Viewer, begin
from companion.table.players import PlayerRef
from companion.table.rules_errors import IllegalMove

# Seat ids that follow neither seat order nor 0..n-1: only a translation gets them right.
ANA, BEN, CAL = 7, 3, 12
PLAYERS = [Viewer(ANA, "player", "ana"), Viewer(BEN, "player", "ben"), Viewer(CAL, "player", "cal")]
SCREEN = Viewer(9, "display", "Screen")


class Pointing(Game):
    """A game whose rules know players 0..2 only: whoever is named is remembered."""

    slug = "pointing"
    roles = ()
    moves = (Move("point", (Field("at", "seat"),)), Move("point_all", (Field("at", "seat", many=True),)))
    setup = (Field("first", "seat", required=False),)

    def start(self, players, options, rng):
        return {"named": [], "first": options.get("first")}

    def check_setup(self, options, players):
        return None if options.get("first") in (None, 0, 1, 2) else "no such player"

    def apply(self, played, actor, move, rng):
        named = move["at"] if isinstance(move["at"], list) else [move["at"]]
        return {**played.rules, "named": [*played.rules["named"], *named]}

    def view(self, played, viewer):
        named = [PlayerRef(n) for n in played.rules["named"]]
        return {"named": named, "by_player": {PlayerRef(n): n for n in range(3)}, "count": len(named),
                "first": played.rules["first"]}

    def marks(self, played, setup, players):
        return {PlayerRef(n): {"colour": "green"} for n in range(len(players))}


game = Pointing()


def test_a_seat_field_in_a_move_reaches_apply_as_the_rules_player():
    played = begin(game, PLAYERS, {}, random.Random(0))
    after = played.then(game.apply(played, PLAYERS[0], {"type": "point", "at": CAL}, random.Random(0)))
    assert after.rules["named"] == [2]


def test_a_repeated_seat_field_reaches_apply_as_the_rules_players():
    played = begin(game, PLAYERS, {}, random.Random(0))
    after = played.then(game.apply(played, PLAYERS[0], {"type": "point_all", "at": [CAL, ANA]}, random.Random(0)))
    assert after.rules["named"] == [2, 0]
    with pytest.raises(IllegalMove):
        game.apply(played, PLAYERS[0], {"type": "point_all", "at": [CAL, 99]}, random.Random(0))


def test_a_seat_not_dealt_in_is_refused_as_a_move_and_changes_nothing():
    played = begin(game, PLAYERS, {}, random.Random(0))
    with pytest.raises(IllegalMove) as caught:
        game.apply(played, PLAYERS[0], {"type": "point", "at": 99}, random.Random(0))
    assert caught.value.reason == "no-such-seat"
    assert played.rules["named"] == []


def test_a_seat_field_in_the_setup_reaches_start_and_check_setup_as_the_rules_player():
    assert begin(game, PLAYERS, {"first": BEN}, random.Random(0)).rules["first"] == 1
    assert game.check_setup({"first": CAL}, PLAYERS) is None
    assert "must be one of the players" in game.check_setup({"first": 99}, PLAYERS)


def test_every_player_a_view_names_comes_out_as_a_seat_id_and_nothing_else_changes():
    played = Played(tuple(Player(p.seat_id, p.role) for p in PLAYERS), {"named": [2, 0], "first": 1})
    view = game.view(played, SCREEN)
    assert view == {"named": [CAL, ANA], "by_player": {ANA: 0, BEN: 1, CAL: 2}, "count": 2, "first": 1}
    assert all(type(seat) is int for seat in [*view["named"], *view["by_player"]])
    assert game.views(played, [SCREEN, PLAYERS[1]]) == [view, view]


def test_marks_are_by_seat_id_in_the_lobby_and_in_the_game():
    assert game.marks(None, {}, PLAYERS) == {ANA: {"colour": "green"}, BEN: {"colour": "green"},
                                             CAL: {"colour": "green"}}


def test_the_players_module_loads_nothing_beyond_the_standard_library():
    # A rules package may import it, and the rules import nothing from Django.
    code = ("import sys; import companion.table.players; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'channels', 'games')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("name", ["halftruth/scripted", "lie/scripted", "fiction/scripted", "stub/scripted"])
def test_one_view_is_translated_into_seat_ids_once(name, monkeypatch):
    """A game's view that builds on its views is walked for players once, not again on its way out."""
    from companion.table import games
    from tests.played import played_out

    played_game, script, played = played_out(name)
    walks = []
    real = games.in_seat_ids
    monkeypatch.setattr(games, "in_seat_ids", lambda *args: walks.append(1) or real(*args))
    played_game.view(played, script.PLAYERS[0])
    assert len(walks) == 1
