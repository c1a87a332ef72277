"""One table for the whole evening: the next game can be another game, with the same people,
code and standings; the special role passes to someone who can hold it."""

from __future__ import annotations

import re

import pytest

from companion.live import presence, render
from companion.table import evening, tables
from companion.models import Seat, Table
from companion.table.games import get
from companion.speed.sent import Sent
from tests.companion.test_endings import region, text
from tests.companion.test_tables import move, post_host
from tests.conftest import sit

pytestmark = [pytest.mark.django_db]


def table_of(phone, game, *names, phoneless=()):
    """A table of ``game`` in the lobby: ``names`` seated in order (the first hosts), then the
    players without a phone, then a display; returns the table, the seats and the phones."""
    table, host = tables.create_table(game, names[0])
    seats = [host, *(tables.join_table(table, name) for name in names[1:])]
    phones = [sit(phone(), seat) for seat in seats]
    for name in phoneless:
        assert post_host(phones[0], table, "add", name=name).status_code == 200
    tv = tables.join_table(table, "", as_display=True)
    phones.append(sit(phone(), tv))
    table.refresh_from_db()
    return table, list(table.seats.exclude(role="display")), phones


def win_stub(table, phones, *, keeper, guesser, word="lantern"):
    """Play one Secret Keeper game to its end: ``guesser`` guesses ``keeper``'s word."""
    assert post_host(phones[0], table, "start").status_code == 200
    move(keeper, table, type="set_secret", word=word)
    move(guesser, table, type="guess", word=word)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED


def roles(table) -> dict[str, str]:
    return dict(table.seats.exclude(role="display").values_list("name", "role"))


def test_the_next_game_can_be_another_game_with_the_same_code_people_order_and_standings(phone):
    table, seats, phones = table_of(phone, "stub", "ann", "ben", "cat", phoneless=["dad"])
    ann, ben, cat = phones[:3]
    win_stub(table, phones, keeper=ann, guesser=ben)
    order = list(table.seats.values_list("pk", "name", "order"))

    assert post_host(ann, table, "again", game="halftruth").status_code == 200
    table.refresh_from_db()
    assert (table.game, table.status, table.code) == ("halftruth", Table.Status.LOBBY, table.code)
    assert list(table.seats.values_list("pk", "name", "order")) == order  # the same people, in the same order
    assert set(roles(table).values()) == {"player"}  # Half Truth's default role for everyone
    assert len(table.results) == 1 and table.results[0]["slug"] == "stub"
    # The lobby is Half Truth's, with the evening's standings beside it.
    page = cat.get(f"/t/{table.code}/").content.decode()
    assert "<title>Half Truth" in page
    standings = text(region(page, "standings"))
    assert "Game 1: ben won (guessed)" in standings


def test_a_game_played_again_later_starts_from_the_setup_it_last_used_at_the_table(phone):
    table, seats, phones = table_of(phone, "stub", "ann", "ben")
    ann = phones[0]
    assert post_host(ann, table, "setup", seconds="180", show_length="1").status_code == 200
    win_stub(table, phones, keeper=ann, guesser=phones[1])
    post_host(ann, table, "again", game="lie")
    table.refresh_from_db()
    assert table.setup.get("seconds") is None  # LIE's own defaults, not Secret Keeper's
    post_host(ann, table, "start")
    post_host(ann, table, "end")
    post_host(ann, table, "again", game="stub")
    table.refresh_from_db()
    assert (table.game, table.setup["seconds"], table.setup["show_length"]) == ("stub", "180", True)


def test_switching_is_refused_mid_game_and_for_a_game_not_here_and_changes_nothing(phone):
    table, seats, phones = table_of(phone, "stub", "ann", "ben")
    ann = phones[0]
    post_host(ann, table, "start")
    table.refresh_from_db()
    before = (table.game, table.status, table.version, table.state)
    refused = post_host(ann, table, "again", game="lie")
    assert refused.status_code == 409 and "Finish this game" in refused.content.decode()
    unknown = post_host(ann, table, "again", game="chess")
    assert unknown.status_code == 400 and "Choose one of the games" in unknown.content.decode()
    table.refresh_from_db()
    assert (table.game, table.status, table.version, table.state) == before


def test_only_the_host_switches_the_game(phone):
    table, seats, phones = table_of(phone, "stub", "ann", "ben")
    assert post_host(phones[1], table, "again", game="lie").status_code == 403
    table.refresh_from_db()
    assert table.game == "stub"


def test_the_host_can_switch_the_game_in_the_lobby_before_anyone_played(phone):
    table, seats, phones = table_of(phone, "fiction", "ann", "ben", "cat")
    assert post_host(phones[0], table, "again", game="lie").status_code == 200
    table.refresh_from_db()
    assert table.game == "lie" and set(roles(table).values()) == {"player"}


def test_a_switch_answers_the_host_with_the_new_games_parts_ahead_of_its_regions(phone):
    table, seats, phones = table_of(phone, "stub", "ann", "ben")
    response = post_host(phones[0], table, "again", game="lie")
    assert response.status_code == 200 and "HX-Refresh" not in response.headers  # swapped in, not reloaded
    reply = response.content.decode()
    parts = re.search(r'<span id="game-parts"[^>]*>', reply)
    assert parts and 'data-game="lie"' in parts[0] and 'data-name="LIE"' in parts[0]
    assert f'data-regions="{" ".join(get("lie").regions)}"' in parts[0]
    assert "lie-table" in parts[0] and "lie.js" in parts[0]  # its stylesheet and script
    assert parts.start() < reply.index('id="region-hand"')  # the page makes room before the regions come
    page = phones[1].get(f"/t/{table.code}/").content.decode()
    assert 'data-game="lie"' in page


def test_a_socket_sends_the_new_games_parts_only_to_a_screen_showing_another_games_regions(phone):
    table, seats, phones = table_of(phone, "stub", "ann", "ben")
    ben = Sent()
    opened = render.live_update(table, seats[1])
    ben.pass_on(opened, has={name: digest for name, digest, _ in opened["regions"]})  # the page as it opened
    post_host(phones[0], table, "add", name="dad")
    table.refresh_from_db()
    assert "game-parts" not in ben.pass_on(render.live_update(table, seats[1]))  # the same game's regions
    post_host(phones[0], table, "again", game="lie")
    table.refresh_from_db()
    pushed = ben.pass_on(render.live_update(table, Seat.objects.get(pk=seats[1].pk)))
    assert pushed.startswith('<span id="game-parts"') and 'data-game="lie"' in pushed
    post_host(phones[0], table, "add", name="eve")
    table.refresh_from_db()
    assert "game-parts" not in ben.pass_on(render.live_update(table, Seat.objects.get(pk=seats[1].pk)))


def test_nothing_from_before_a_switch_can_be_undone(phone):
    table, seats, phones = table_of(phone, "stub", "ann", "ben")
    win_stub(table, phones, keeper=phones[0], guesser=phones[1])
    post_host(phones[0], table, "again", game="lie")
    refused = post_host(phones[0], table, "undo")
    assert refused.status_code == 409
    table.refresh_from_db()
    assert table.game == "lie" and table.status == Table.Status.LOBBY and table.state is None


def test_switching_to_a_game_with_a_special_role_gives_it_to_the_first_person_with_a_phone(phone):
    table, seats, phones = table_of(phone, "lie", "ann", "ben", "cat", phoneless=["dad"])
    ann = phones[0]
    post_host(ann, table, "order", seat=seats[3].pk, step="-1")  # dad before cat
    post_host(ann, table, "order", seat=seats[3].pk, step="-1")  # and before ben
    post_host(ann, table, "order", seat=seats[3].pk, step="-1")  # and first of all
    post_host(ann, table, "again", game="fiction")
    table.refresh_from_db()
    assert roles(table) == {"dad": "guesser", "ann": "librarian", "ben": "guesser", "cat": "guesser"}


def test_fiction_played_again_later_passes_the_lie_brarian_on_from_the_last_one(phone):
    table, seats, phones = table_of(phone, "stub", "ann", "ben", "cat")
    ann, ben, cat = phones[:3]
    post_host(ann, table, "again", game="fiction")
    post_host(ann, table, "role", seat=seats[1].pk, role="librarian")  # ben holds the book
    post_host(ann, table, "start")
    post_host(ann, table, "end")
    post_host(ann, table, "again", game="lie")
    post_host(ann, table, "start")
    post_host(ann, table, "end")
    post_host(ann, table, "again", game="fiction")
    table.refresh_from_db()
    assert roles(table) == {"ann": "guesser", "ben": "guesser", "cat": "librarian"}


# -- the rotation, in every game with a special role ---------------------------------

@pytest.mark.parametrize("game,special", [("stub", "keeper"), ("fiction", "librarian")])
def test_play_again_passes_the_special_role_over_players_without_a_phone_and_people_who_left(phone, game, special):
    table, seats, phones = table_of(phone, game, "ann", "ben", "cat", phoneless=["dad"])
    ann = phones[0]
    # ann holds the role; after her: ben (left), cat, then dad (no phone)
    post_host(ann, table, "role", seat=seats[0].pk, role=special)
    Seat.objects.filter(pk=seats[1].pk).update(left=True)
    post_host(ann, table, "start")
    post_host(ann, table, "end")
    page = ann.get(f"/t/{table.code}/").content.decode()
    assert "cat takes over from ann" in page
    assert post_host(ann, table, "again", rotate="1").status_code == 200
    assert roles(table)["cat"] == special and roles(table)["ann"] != special
    # Next time round, past dad (no phone) and ben (left): back to ann.
    post_host(ann, table, "start")
    post_host(ann, table, "end")
    assert "ann takes over from cat" in ann.get(f"/t/{table.code}/").content.decode()


@pytest.mark.parametrize("game,special", [("stub", "keeper"), ("fiction", "librarian")])
def test_the_rotation_skips_phones_that_are_away_while_others_are_here(phone, game, special, settings):
    table, seats, phones = table_of(phone, game, "ann", "ben", "cat")
    ann = phones[0]
    post_host(ann, table, "role", seat=seats[0].pk, role=special)
    post_host(ann, table, "start")
    post_host(ann, table, "end")
    for seat in (seats[0], seats[2]):  # ann and cat have the table open; ben's phone sleeps
        presence.arrive(seat.pk)
    try:
        assert "cat takes over from ann" in ann.get(f"/t/{table.code}/").content.decode()
        post_host(ann, table, "again", rotate="1")
        assert roles(table)["cat"] == special
    finally:
        for seat in (seats[0], seats[2]):
            presence.depart(seat.pk)


@pytest.mark.parametrize("game,special,default", [("stub", "keeper", "guesser"), ("fiction", "librarian", "guesser")])
def test_choosing_a_new_holder_of_a_one_person_role_gives_the_old_holder_the_default_role(phone, game, special,
                                                                                         default):
    table, seats, phones = table_of(phone, game, "ann", "ben", "cat")
    post_host(phones[0], table, "role", seat=seats[0].pk, role=special)
    assert post_host(phones[0], table, "role", seat=seats[2].pk, role=special).status_code == 200
    assert roles(table) == {"ann": default, "ben": default, "cat": special}
    page = phones[0].get(f"/t/{table.code}/").content.decode()
    assert "at most 1" not in page  # start is not held up by two holders


def test_the_app_as_lie_brarian_makes_everyone_a_guesser_and_no_one_can_be_chosen(phone):
    table, seats, phones = table_of(phone, "fiction", "ann", "ben")
    assert roles(table)["ann"] == "librarian"
    assert post_host(phones[0], table, "setup", app_librarian="1").status_code == 200
    assert roles(table) == {"ann": "guesser", "ben": "guesser"}
    refused = post_host(phones[0], table, "role", seat=seats[1].pk, role="librarian")
    assert refused.status_code == 400 and "The app is the Lie-brarian" in refused.content.decode()
    assert roles(table) == {"ann": "guesser", "ben": "guesser"}
    assert post_host(phones[0], table, "start").status_code == 200


# -- the standings ------------------------------------------------------------------

def test_the_standings_have_one_line_per_person_with_wins_per_game_and_in_all(phone):
    table, seats, phones = table_of(phone, "stub", "ann", "ben", "cat")
    ann, ben, cat = phones[:3]
    win_stub(table, phones, keeper=ann, guesser=ben)
    post_host(ann, table, "again", game="lie")
    post_host(ann, table, "start")
    move(ann, table, type="set_hand", faces=[2, 2])
    move(ben, table, type="set_hand", faces=[3])
    move(cat, table, type="set_hand", faces=[4])
    for who in (ben, cat):
        move(who, table, type="forfeit")
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED and table.results[-1]["seats"] == [seats[0].pk]
    Seat.objects.filter(pk=seats[1].pk).update(name="Benjamin")  # a name is not who someone is
    page = cat.get(f"/t/{table.code}/").content.decode()
    standings = region(page, "standings")
    body = standings.split("<tbody>")[1].split("</tbody>")[0]
    lines = [text(row).split() for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body)]
    assert lines == [["ann", "0", "1", "1"], ["Benjamin", "1", "0", "1"], ["cat", "0", "0", "0"]]
    assert "Secret Keeper" in standings and "LIE" in standings


def test_a_table_display_lists_the_latest_games_and_says_where_the_rest_are():
    results = []
    for n in range(15):
        results.append(evening.entry(results, slug="lie", name="LIE", winners=[(1, "ann")], how="last player"))
    st = evening.standings(results, [{"id": 1, "name": "ann"}, {"id": 2, "name": "ben"}])
    assert [r["game"] for r in st.latest] == [13, 14, 15]
    assert [(line.name, line.total) for line in st.lines] == [("ann", 15), ("ben", 0)]
    assert st.leaders == [1]
    eight = evening.standings(results, [{"id": n, "name": f"player {n}"} for n in range(1, 9)])
    assert len(eight.top) == 8 and [line.id for line in eight.podium] == [1, 2, 3, 4, 5]


def test_a_result_kept_by_name_before_wins_were_kept_by_seat_still_counts():
    st = evening.standings([{"game": 1, "winners": ["ben"], "how": "guessed"}],
                           [{"id": 1, "name": "ann"}, {"id": 2, "name": "ben"}])
    assert [(line.name, line.total) for line in st.lines] == [("ben", 1), ("ann", 0)]


def lie_result(script_name: str) -> dict:
    """A scripted LIE game played to its end and recorded as the evening records it."""
    from tests.played import played_out

    game, script, state = played_out(f"lie/{script_name}")
    table = Table.objects.create(code="KMNPQR", game="lie", state=state.to_dict())
    for p in script.PLAYERS:
        Seat.objects.create(pk=p.seat_id, table=table, name=p.name, role=p.role, order=p.order)
    tables._record_result(table, game)
    return table.results[-1]


def test_a_lie_game_won_in_the_play_off_says_so_in_the_standings():
    result = lie_result("scripted")  # the Shorter Game's play-off, ana the last one in
    assert (result["winners"], result["how"]) == (["ana"], "the play-off")


def test_a_lie_game_won_by_the_last_player_left_says_so(phone):
    table, seats, phones = table_of(phone, "lie", "ann", "ben")
    post_host(phones[0], table, "start")
    move(phones[0], table, type="set_hand", faces=[2])
    move(phones[1], table, type="set_hand", faces=[3])
    move(phones[1], table, type="forfeit")
    table.refresh_from_db()
    assert (table.results[-1]["winners"], table.results[-1]["how"]) == (["ann"], "last player")


def test_a_person_who_left_before_a_switch_comes_back_in_a_role_of_the_new_game(phone):
    from django.urls import reverse

    table, seats, phones = table_of(phone, "stub", "ann", "ben", "cat")
    ann, ben = phones[:2]
    post_host(ann, table, "role", seat=seats[1].pk, role="keeper")  # ben keeps, then leaves
    ben.post(reverse("leave", args=[table.code]))
    post_host(ann, table, "again", game="lie")
    assert ben.post(reverse("join", args=[table.code])).status_code == 302  # back to his own seat
    assert roles(table) == {"ann": "player", "ben": "player", "cat": "player"}
    assert post_host(ann, table, "start").status_code == 200
    table.refresh_from_db()
    assert [p["seat"] for p in table.state["players"]] == [s.pk for s in seats]


def test_half_truth_colours_stay_with_each_person_for_the_evening(phone):
    """Colours chosen by place give way to each person's colour of the last game: when Tony
    leaves, Amy and Ben keep theirs in the next game, a newcomer takes a free one, and a setup
    saved before colours were kept by person still starts a game."""
    from tests.companion.test_endings import seated

    setup = {"colour_1": "orange", "colour_2": "blue", "colour_3": "purple", "colour_4": "green"}
    table, (kamila, tony, amy, ben, tv) = seated(phone, "halftruth", "kamila", "tony", "amy", "ben", setup=setup)
    assert post_host(kamila, table, "end").status_code == 200
    Seat.objects.filter(table=table, name="tony").update(left=True)
    assert post_host(kamila, table, "again").status_code == 200
    tables.join_table(Table.objects.get(pk=table.pk), "cat")
    assert post_host(kamila, table, "start").status_code == 200
    table.refresh_from_db()
    colours = {p["name"]: p["colour"] for p in table.state["rules"]["players"]}
    assert colours == {"kamila": "orange", "amy": "purple", "ben": "green", "cat": "yellow"}
    # A setup saved with no colours by person starts from the colours chosen by place.
    table.status, table.state = Table.Status.LOBBY, None
    table.setup = {**setup, "colour_5": "any", "layouts": ""}
    table.save()
    assert post_host(kamila, table, "start").status_code == 200
    table.refresh_from_db()
    assert [p["colour"] for p in table.state["rules"]["players"]] == ["orange", "blue", "purple", "green"]
