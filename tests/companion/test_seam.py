"""The seam (companion.table.seam) translates between the table's seats and the rules' players, both
ways, for every game, in one place: a game's own methods mean what they say."""

import random
import subprocess
import sys

import pytest

from companion.table import seam
from companion.table.games import Field, Game, Move, Played, Player, Screens, Viewer
from companion.table.players import PlayerRef
from companion.table.rules_errors import IllegalMove

# Seat ids that follow neither seat order nor 0..n-1: only a translation gets them right.
ANA, BEN, CAL = 7, 3, 12
PLAYERS = [Viewer(ANA, "player", "ana"), Viewer(BEN, "player", "ben"), Viewer(CAL, "player", "cal")]
SCREEN = Viewer(9, "display", "Screen")


class Marking(Screens):
    def marks(self, played, setup, players):
        return {PlayerRef(n): {"colour": "green"} for n in range(len(players))}


class Pointing(Game):
    """A game whose rules know players 0..2 only: whoever is named is remembered."""

    slug = "pointing"
    roles = ()
    moves = (Move("point", (Field("at", "seat"),)), Move("point_all", (Field("at", "seat", many=True),)))
    setup = (Field("first", "seat", required=False),)
    screens = Marking()

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


game = Pointing()


def test_a_seat_field_in_a_move_reaches_apply_as_the_rules_player():
    played = seam.start(game, PLAYERS, {}, random.Random(0))
    after = seam.apply(game, played, PLAYERS[0], {"type": "point", "at": CAL}, random.Random(0))
    assert after.rules["named"] == [2]


def test_a_repeated_seat_field_reaches_apply_as_the_rules_players():
    played = seam.start(game, PLAYERS, {}, random.Random(0))
    after = seam.apply(game, played, PLAYERS[0], {"type": "point_all", "at": [CAL, ANA]}, random.Random(0))
    assert after.rules["named"] == [2, 0]
    with pytest.raises(IllegalMove):
        seam.apply(game, played, PLAYERS[0], {"type": "point_all", "at": [CAL, 99]}, random.Random(0))


def test_a_seat_not_dealt_in_is_refused_as_a_move_and_changes_nothing():
    played = seam.start(game, PLAYERS, {}, random.Random(0))
    with pytest.raises(IllegalMove) as caught:
        seam.apply(game, played, PLAYERS[0], {"type": "point", "at": 99}, random.Random(0))
    assert caught.value.reason == "no-such-seat"
    assert played.rules["named"] == []


def test_a_seat_field_in_the_setup_reaches_start_and_check_setup_as_the_rules_player():
    assert seam.start(game, PLAYERS, {"first": BEN}, random.Random(0)).rules["first"] == 1
    assert seam.check_setup(game, {"first": CAL}, PLAYERS) is None
    assert "must be one of the players" in seam.check_setup(game, {"first": 99}, PLAYERS)


def test_every_player_a_view_names_comes_out_as_a_seat_id_and_nothing_else_changes():
    played = Played(tuple(Player(p.seat_id, p.role) for p in PLAYERS), {"named": [2, 0], "first": 1})
    view = seam.view(game, played, SCREEN)
    assert view == {"named": [CAL, ANA], "by_player": {ANA: 0, BEN: 1, CAL: 2}, "count": 2, "first": 1}
    assert all(type(seat) is int for seat in [*view["named"], *view["by_player"]])
    assert seam.views(game, played, [SCREEN, PLAYERS[1]]) == [view, view]


def test_marks_are_by_seat_id_in_the_lobby_and_in_the_game():
    assert seam.marks(game, None, {}, PLAYERS) == {ANA: {"colour": "green"}, BEN: {"colour": "green"},
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
    from tests.played import played_out

    played_game, script, played = played_out(name)
    walks = []
    real = seam.in_seat_ids
    monkeypatch.setattr(seam, "in_seat_ids", lambda *args: walks.append(1) or real(*args))
    seam.view(played_game, played, script.PLAYERS[0])
    assert len(walks) == 1


class Ending(Pointing):
    """Pointing with the table's own moves: each hook says it was the one called."""

    def end(self, played):
        return {**played.rules, "named": [*played.rules["named"], "end"]}

    def time_up(self, played):
        return {**played.rules, "named": [*played.rules["named"], "time"]}

    def remove(self, played, player, rng):
        return {**played.rules, "named": [*played.rules["named"], f"remove {player}"]}


def test_the_tables_own_moves_reach_their_hooks_and_no_seat_can_make_them():
    from companion.table.forms import MoveError
    from companion.table.games import END, REMOVE, TABLE, TIMER_EXPIRED

    game = Ending()
    played = seam.start(game, PLAYERS, {}, random.Random(0))
    for kind, heard in ((END, "end"), (TIMER_EXPIRED, "time"), (REMOVE, "remove 1")):
        after = seam.apply(game, played, TABLE, {"type": kind, "seat": 1}, random.Random(0))
        assert after.rules["named"] == [heard]
        with pytest.raises(MoveError) as caught:
            seam.apply(game, played, PLAYERS[0], {"type": kind, "seat": 1}, random.Random(0))
        assert caught.value.reason == "unknown-move"


class Echoing(Pointing):
    """A game built on another: its own methods call the parent's and its own, in the rules' players."""

    def apply(self, played, actor, move, rng):
        return {**super().apply(played, actor, move, rng), "seen": self.view(played, actor)["named"]}

    def view(self, played, viewer):
        return {**super().view(played, viewer), "again": super().view(played, viewer)["named"]}


def test_a_games_own_methods_and_super_mean_what_they_say_inside_the_game():
    game = Echoing()
    played = seam.start(game, PLAYERS, {}, random.Random(0))
    after = seam.apply(game, played, PLAYERS[0], {"type": "point", "at": CAL}, random.Random(0))
    # The parent's apply got the rules' player once; the game's own view named players as PlayerRefs.
    assert after.rules["named"] == [2]
    assert after.rules["seen"] == [] and game.view(after, SCREEN)["named"] == [PlayerRef(2)]
    assert type(game.view(after, SCREEN)["named"][0]) is PlayerRef
    # Out of the seam, every player is a seat id, the parts the game built on its parent's included.
    view = seam.view(game, after, SCREEN)
    assert view["named"] == [CAL] and view["again"] == [CAL]


@pytest.mark.parametrize("name", ["halftruth/scripted", "lie/scripted", "fiction/scripted", "stub/scripted"])
def test_a_move_and_the_drawing_of_every_seat_after_it_read_the_stored_state_once(name, monkeypatch):
    """As the table does it: the stored game read back, a move, every seat's view after it. The
    rules' state is read from its stored form once and written once."""
    from companion.table.games import Codec
    from tests.played import played_out

    played_game, script, played = played_out(name)
    codec = played_game.codec
    reads, writes = [], []
    monkeypatch.setattr(type(played_game), "codec", Codec(lambda data: reads.append(1) or codec.read(data),
                                                          lambda state: writes.append(1) or codec.write(state)))
    stored = Played.from_dict(played.to_dict(), played_game.codec)
    seam.views(played_game, stored, [*script.PLAYERS, SCREEN])
    played_game.outcome(stored), played_game.clock(stored)
    assert (len(reads), len(writes)) == (1, 0)
    start = seam.start(played_game, list(script.PLAYERS), script.SETUP, random.Random(7))
    seam.views(played_game, start, [*script.PLAYERS, SCREEN])
    played_game.outcome(start), played_game.clock(start)
    assert (len(reads), len(writes)) == (1, 1)
