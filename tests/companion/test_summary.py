"""The end of the evening: the host closes the table (or it closes itself, left idle), every
screen shows the evening's summary, nobody new sits down, and a phone can share it as a picture
drawn from finished games only."""

from __future__ import annotations

import datetime
import io
import re

import pytest
from django.urls import reverse
from django.utils import timezone
from PIL import Image

from companion.live import broadcast
from companion.table import evening, summary, tables
from companion.web import picture
from companion.models import Action, Table
from tests.companion.test_endings import region, text
from tests.companion.test_evening import win_stub
from tests.companion.test_tables import move, post_host
from tests.conftest import sit, version

pytestmark = [pytest.mark.django_db]

MOMENTS = {
    "fiction": "The word was GHOST: gus found it with GHOST after CHOSE.",
    "halftruth": "Final ranking: gwen 14, gus 12, lena 9.",
    "lie": "lena called Lie on gus: 4 × five, there were 3.",
}
NAMES = {"fiction": "Fiction", "halftruth": "Half Truth", "lie": "LIE"}
HOW = {"fiction": "guessed", "halftruth": "most points", "lie": "last player"}


def record(table: Table, slug: str, *winners) -> None:
    """A finished game, as the table records it (companion.table.evening's shape)."""
    table.refresh_from_db()
    table.results = [*table.results, evening.entry(
        table.results, slug=slug, name=NAMES[slug], winners=[(s.pk, s.name) for s in winners], how=HOW[slug],
        moment=MOMENTS[slug])]
    table.save(update_fields=["results"])


@pytest.fixture
def evening_table(stub_table, phone):
    """The stub table after three games (gus won two, gwen one), back in the lobby, with a display."""
    table, lena, gus, gwen = stub_table
    tv = tables.join_table(table, "", as_display=True)
    record(table, "fiction", gus)
    record(table, "lie", gwen)
    record(table, "halftruth", gus)
    phones = {seat.name: sit(phone(), seat) for seat in (lena, gus, gwen)}
    phones["tv"] = sit(phone(), tv)
    return table, phones


def page(client, table) -> str:
    return client.get(f"/t/{table.code}/").content.decode()


def test_the_evening_cannot_end_while_a_game_is_running_and_nothing_changes(stub_table, phone):
    table, lena, gus, _ = stub_table
    host = sit(phone(), lena)
    assert post_host(host, table, "start").status_code == 200
    move(host, table, type="set_secret", word="lantern")
    table.refresh_from_db()
    before = (table.version, table.status, table.state, table.clock, table.closed, table.actions.count())
    answer = post_host(host, table, "close")
    assert answer.status_code == 409 and "before ending the evening" in answer.content.decode()
    table.refresh_from_db()
    assert (table.version, table.status, table.state, table.clock, table.closed, table.actions.count()) == before
    assert post_host(sit(phone(), gus), table, "close").status_code == 403  # and never from another seat


def test_a_closed_table_lets_nobody_new_sit_down(evening_table, phone):
    table, phones = evening_table
    assert post_host(phones["lena"], table, "close").status_code == 200
    newcomer = phone()
    shown = newcomer.get(f"/t/{table.code}/")
    assert shown.status_code == 410 and "This evening is over" in shown.content.decode()
    for data in ({"name": "late"}, {"display": "1"}):
        refused = newcomer.post(reverse("join", args=[table.code]), data)
        assert refused.status_code == 410 and "nobody new can sit down" in refused.content.decode()
    assert table.seats.count() == 4
    with pytest.raises(tables.TableClosed):
        tables.join_table(table, "late")


def test_every_screen_shows_the_summary_once_the_evening_is_over_and_nothing_else(evening_table):
    table, phones = evening_table
    assert region(page(phones["gus"], table), "evening").count("evening-kicker") == 0  # not before it is over
    answer = post_host(phones["lena"], table, "close")
    assert answer.status_code == 200
    for name, client in phones.items():
        shown = page(client, table)
        summary_text = text(region(shown, "evening"))
        assert "The evening is over" in summary_text and "gus won the evening." in summary_text, name
        # who won what: everyone, by game and in all, most wins first
        assert re.search(r"gus 2 wins Fiction 1 · Half Truth 1.*gwen 1 win LIE 1.*lena 0 wins", summary_text), name
        # the games in order, their winners and moments
        assert re.search(r"1 Fiction ?: gus won \(guessed\).*2 LIE ?: gwen won \(last player\).*"
                         r"3 Half Truth ?: gus won \(most points\)", summary_text), name
        for moment in MOMENTS.values():
            assert moment in summary_text, name
        for other in ("now", "clock", "standings", "setup", "people", "secret", "guess_box", "guesses"):
            assert re.search(rf'<section id="region-{other}"[^>]*></section>', shown), (name, other)
    assert "Reopen the evening" in region(page(phones["lena"], table), "host")
    assert "Reopen the evening" not in page(phones["gus"], table)
    # the same summary went to every screen with the change itself
    assert "gus won the evening." in html_of(answer)


def test_the_summary_keeps_the_wins_of_someone_who_left_the_table(evening_table):
    table, phones = evening_table
    phones["gus"].post(reverse("leave", args=[table.code]))
    assert table.seats.get(name="gus").left
    assert post_host(phones["lena"], table, "close").status_code == 200
    summary_text = text(region(page(phones["lena"], table), "evening"))
    assert "gus won the evening." in summary_text
    assert re.search(r"gus 2 wins Fiction 1 · Half Truth 1.*gwen 1 win LIE 1.*lena 0 wins", summary_text)
    assert [p.name for p in summary.of_table(table, list(table.seats.all())).people] == ["gus", "gwen", "lena"]


def html_of(response) -> str:
    import html

    return html.unescape(response.content.decode())


def test_the_push_after_the_close_draws_the_summary_for_every_seat(evening_table):
    table, _ = evening_table
    host = table.seats.get(is_host=True)
    result = tables.run(table.code, host.token, tables.CloseEvening(), version(table))
    fragments = broadcast.tell(result.news)
    assert set(fragments) == set(table.seats.values_list("pk", flat=True))
    for fragment in fragments.values():
        assert "gus won the evening." in fragment and 'name="type"' not in fragment


def test_a_closed_table_refuses_every_change_but_undo_which_reopens_it(evening_table, phone):
    table, phones = evening_table
    host = phones["lena"]
    assert post_host(host, table, "close").status_code == 200
    for action, data in (("start", {}), ("add", {"name": "late"}), ("close", {})):
        refused = post_host(host, table, action, **data)
        assert refused.status_code == 409 and "evening at this table is over" in refused.content.decode(), action
    undone = post_host(host, table, "undo")
    assert undone.status_code == 200
    table.refresh_from_db()
    assert not table.closed and table.status == Table.Status.LOBBY and len(table.results) == 3
    assert "undid the end of the evening" in text(region(page(phones["gus"], table), "now"))
    assert region(page(phones["gus"], table), "evening").count("evening-kicker") == 0
    assert phone().post(reverse("join", args=[table.code]), {"name": "late"}).status_code == 302


def test_the_evening_can_end_after_a_game_finished(stub_table, phone):
    table, lena, *_ = stub_table
    host = sit(phone(), lena)
    assert post_host(host, table, "start").status_code == 200
    move(host, table, type="set_secret", word="lantern")
    move(host, table, type="reveal")
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert post_host(host, table, "close").status_code == 200
    table.refresh_from_db()
    assert table.closed and table.status == Table.Status.FINISHED


def idle(table: Table, hours: float) -> None:
    Table.objects.filter(pk=table.pk).update(updated_at=timezone.now() - datetime.timedelta(hours=hours))
    table.refresh_from_db()


def test_a_table_left_idle_shows_the_summary_when_opened_and_the_host_can_reopen_it(evening_table, phone, settings):
    table, phones = evening_table
    idle(table, settings.EVENING_IDLE_HOURS - 0.5)
    assert region(page(phones["gus"], table), "evening").count("evening-kicker") == 0  # not idle long enough
    idle(table, settings.EVENING_IDLE_HOURS + 0.5)
    refused = phone().post(reverse("join", args=[table.code]), {"name": "late"})  # nobody new, even before it is opened
    assert refused.status_code == 410
    shown = text(region(page(phones["gus"], table), "evening"))
    assert "gus won the evening." in shown and "ended by itself" in shown
    table.refresh_from_db()
    assert table.closed and table.actions.filter(kind="close", seat=None, undoable=True).exists()
    assert post_host(phones["lena"], table, "undo").status_code == 200
    table.refresh_from_db()
    assert not table.closed


def test_a_table_left_idle_mid_game_shows_nothing_of_that_game(stub_table, phone, settings):
    table, lena, gus, _ = stub_table
    keeper = sit(phone(), lena)
    record(table, "lie", gus)
    assert post_host(keeper, table, "start").status_code == 200
    move(keeper, table, type="set_secret", word="zephyrs")
    assert "zephyrs" in page(keeper, table)
    idle(table, settings.EVENING_IDLE_HOURS + 1)
    shown = page(keeper, table)
    assert "zephyrs" not in shown.lower() and "gus won the evening." in text(region(shown, "evening"))
    table.refresh_from_db()
    assert table.closed and table.status == Table.Status.PLAYING  # the game is kept for a reopening
    refused = move(sit(phone(), gus), table, type="guess", word="zephyrs")
    assert refused.status_code == 409 and "evening at this table is over" in refused.content.decode()
    assert post_host(keeper, table, "undo").status_code == 200
    assert "zephyrs" in page(keeper, table)  # reopened, the game goes on where it was


def test_results_kept_before_entries_named_their_game_read_as_the_tables_game(stub_table):
    table, lena, gus, _ = stub_table
    table.results = [{"game": 1, "winners": ["gus"], "how": "ended by the host"},
                     {"game": 2, "slug": "lie", "winners": [], "seats": [], "how": "ended by the host"}]
    table.save()
    told = summary.of_table(table, list(table.seats.all()))
    assert [(g.number, g.name, g.won) for g in told.games] == [(1, "Secret Keeper", "gus won"), (2, "LIE", "nobody won")]
    assert [(p.name, p.total) for p in told.people][0] == ("gus", 1)


def test_a_summary_shows_a_tv_the_leaders_and_the_latest_games_and_a_phone_everything(evening_table):
    table, phones = evening_table
    for n in range(14):
        record(table, "lie", table.seats.get(name="lena"))
    assert post_host(phones["lena"], table, "close").status_code == 200
    shown = region(page(phones["tv"], table), "evening")
    folded = shown.count('<li class="off-tv"')  # 17 games: the TV's latest, as many as its column holds
    assert 0 < folded < 10 and f"and {folded} earlier games" in shown


def test_a_tv_fills_its_games_column_before_it_folds_the_earlier_games_away():
    """The latest games keep their moments on a TV, the earlier ones a line each, as many as the
    column holds; only then are the rest "and N earlier games". The last game always shows."""
    people = [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Ben"}]
    opened = datetime.datetime(2026, 12, 4, 20, tzinfo=datetime.UTC)

    def on_tv(moment: str, games: int = 6) -> tuple[list[int], list[int]]:
        results: list[dict] = []
        for _ in range(games):
            results.append(evening.entry(results, slug="lie", name="LIE", winners=[(1, "Ann")], how="last player",
                                         moment=moment))
        told = summary.summary(results, people, code="KQTZMB", opened=opened)
        return [g.number for g in told.games if g.on_tv], [g.number for g in told.games if g.moment_on_tv]

    moment = "Ann called Lie on Ben: 4 × five, there were 3."
    assert on_tv(moment, 5) == ([1, 2, 3, 4, 5], [3, 4, 5])  # nothing folded while there is room
    assert on_tv(moment, 6) == ([1, 2, 3, 4, 5, 6], [4, 5, 6])
    shown, moments = on_tv(moment, 15)
    assert moments == [13, 14, 15] and shown == list(range(shown[0], 16)) and len(shown) >= 8
    assert on_tv("a long moment " * 20, 8) == ([4, 5, 6, 7, 8], [7, 8])  # five lines of moment each
    assert on_tv("a long moment " * 100) == ([6], [6])  # the last game, whatever it takes


# -- the picture ------------------------------------------------------------------


def png_of(client, table):
    return client.get(reverse("evening_picture", args=[table.code]))


def test_the_picture_is_a_phone_sized_png_for_a_seat_at_the_table_only(evening_table, phone):
    table, phones = evening_table
    for name, client in phones.items():  # every seat, the display too, before the evening is over
        answer = png_of(client, table)
        assert answer.status_code == 200 and answer["Content-Type"] == "image/png", name
        image = Image.open(io.BytesIO(answer.content))
        assert image.format == "PNG" and image.width == picture.WIDTH == 1080 and image.height <= picture.HEIGHT == 1920
    other, other_host = tables.create_table("stub", "max")
    forged = phone()
    forged.cookies[f"seat_{table.code}"] = "not-a-signed-token"
    assert post_host(phones["lena"], table, "remove", seat=table.seats.get(name="gwen").pk).status_code == 200
    strangers = {"no cookie": (phone(), table), "forged": (forged, table), "removed": (phones["gwen"], table),
                 "a seat elsewhere": (sit(phone(), other_host), table), "no such table": (phone(), None)}
    answers = []
    for label, (client, at) in strangers.items():
        answer = client.get(f"/t/{at.code if at else 'ZZZZZZ'}/evening.png")
        assert answer.status_code == 403 and answer["Content-Type"].startswith("text/html"), label
        message = re.search(r'<section class="card message">.*?</section>', answer.content.decode(), re.S)
        answers.append(text(message[0]))
    assert len(set(answers)) == 1 and "You have no seat at this table" in answers[0]


def test_the_picture_names_the_date_the_standings_the_winners_and_the_moments(evening_table):
    table, _ = evening_table
    table.refresh_from_db()
    lines = picture.layout(summary.of_table(table, list(table.seats.all()))).lines
    assert summary.day(table.created_at) in lines and f"Table {table.code} · 3 games · 3 players" in lines
    assert "gus won the evening." in lines
    # the standings' columns, the games in the order first played, and each line's wins in them
    assert lines[lines.index("Fiction"):lines.index("Fiction") + 4] == ["Fiction", "LIE", "Half Truth", "All"]
    assert lines[lines.index("gus") - 1:lines.index("gus") + 5] == ["1", "gus", "1", "0", "1", "2"]
    assert "1 · Fiction: gus won (guessed)" in lines and "2 · LIE: gwen won (last player)" in lines
    assert "3 · Half Truth: gus won (most points)" in lines
    assert all(moment in " ".join(lines) for moment in MOMENTS.values())  # a moment may take two lines
    assert "Table display" not in " ".join(lines)  # a display is nobody's line


# Seven names as long as a name is at a table, and the widest twenty letters there are.
LONG_NAMES = ["Bartholomew Quincey", "Wilhelmina Waterhous", "Maximilian Oberland", "Anastasia Kowalczyk",
              "Christopher Ellswort", "Guinevere Montgomer", "Sebastian Villanuev", "W" * 20]


def long_evening() -> summary.Summary:
    """Fifteen games of three kinds among eight people whose names are 20 characters long."""
    people = [{"id": n + 1, "name": name.ljust(20, "y")} for n, name in enumerate(LONG_NAMES)]
    results: list[dict] = []
    for n in range(15):
        slug = ("fiction", "halftruth", "lie")[n % 3]
        winners = [people[(n * 3) % 8], people[(n * 5 + 1) % 8]] if slug == "fiction" else [people[(n * 7) % 8]]
        results.append(evening.entry(results, slug=slug, name=NAMES[slug], how=HOW[slug],
                                     winners=[(p["id"], p["name"]) for p in winners],
                                     moment=f"Game {n + 1}'s moment: " + "a long story told in words " * 3))
    opened = datetime.datetime(2026, 12, 4, 20, tzinfo=datetime.UTC)
    return summary.summary(results, people, code="KQTZMB", opened=opened)


def bounds(line: picture.Text) -> tuple[float, float, float, float]:
    return line.face.getbbox(line.text, anchor=line.anchor, stroke_width=picture._fake_bold(line.style.bold))


@pytest.fixture(params=["DejaVu Sans", "Pillow's own font"])
def fonts(request, monkeypatch):
    """The fonts the picture is drawn with: the system's DejaVu, or, on a machine without it,
    the one that ships with Pillow (no bold: it is thickened)."""
    if request.param == "Pillow's own font":
        monkeypatch.setattr(picture, "FONT_DIRS", ())
    elif picture._font_file(False) is None:
        pytest.skip("no DejaVu Sans on this machine (Debian: fonts-dejavu-core)")
    picture._font_file.cache_clear()
    picture.font.cache_clear()
    yield request.param
    picture._font_file.cache_clear()
    picture.font.cache_clear()


def test_the_picture_holds_fifteen_games_and_eight_long_names_inside_its_frame(fonts):
    evening_summary = long_evening()
    laid = picture.layout(evening_summary)
    for line in laid.texts:
        left, top, right, bottom = bounds(line)
        assert 0 <= line.x + left and line.x + right <= picture.WIDTH - picture.MARGIN + 1, line
        assert 0 <= line.y + top and line.y + bottom <= laid.height - picture.MARGIN, line
        assert (line.size or line.style.size) >= 20, line  # legible on a phone: 20 px of 1080 at least
    for box in laid.boxes:
        assert box.box[3] <= picture.HEIGHT - picture.MARGIN // 2, box
    # Texts side by side on one line never run into each other (a name into its wins).
    rows: dict[int, list[picture.Text]] = {}
    for line in laid.texts:
        rows.setdefault(line.y, []).append(line)
    for row in rows.values():
        spans = sorted((line.x + bounds(line)[0], line.x + bounds(line)[2]) for line in row)
        assert all(end < start for (_, end), (start, _) in zip(spans, spans[1:])), row
    names = [person.name for person in evening_summary.people]
    assert all(name in laid.lines for name in names if not name.startswith("W"))  # every real name whole
    assert f"{'W' * 8}" in " ".join(laid.lines)  # and the widest there is, cut short at worst
    # The latest games, in order, the last three with their moments; the earlier ones counted.
    shown = [int(m[1]) for line in laid.lines if (m := re.match(r"(\d+) · ", line))]
    assert shown == list(range(shown[0], 16)) and len(shown) >= 6
    assert f"and {shown[0] - 1} earlier games" in laid.lines
    moments = [line for line in laid.lines if line.startswith("Game ") and "moment" in line]
    assert [m.split("'")[0] for m in moments] == ["Game 13", "Game 14", "Game 15"]
    assert Image.open(io.BytesIO(picture.draw(laid))).size == (1080, laid.height) and laid.height <= 1920


def test_the_picture_writes_its_games_in_one_size_and_ends_below_its_last_card(evening_table, fonts):
    """However long a game's line, every line of the games' card is one size (a long one wraps),
    and the picture is no taller than what it holds: no empty band at its bottom."""
    table, _ = evening_table
    record(table, "fiction", table.seats.get(name="gus"), table.seats.get(name="gwen"), table.seats.get(name="lena"))
    table.refresh_from_db()
    for told in (summary.of_table(table, list(table.seats.all())), long_evening()):
        laid = picture.layout(told)
        games = laid.lines.index("The games")
        assert len({line.size or line.style.size for line in laid.texts[games + 1:]}) == 1
        image = Image.open(io.BytesIO(picture.draw(laid)))
        last = max(box.box[3] for box in laid.boxes)
        assert image.size == (1080, laid.height) and image.height - last <= picture.MARGIN, told.code
        assert all(line.y + bounds(line)[3] <= last for line in laid.texts)


def test_the_picture_holds_no_secret_of_a_game_in_play(stub_table, phone):
    table, lena, gus, gwen = stub_table
    host, guest = sit(phone(), lena), sit(phone(), gus)
    record(table, "fiction", gus)
    record(table, "lie", gwen)
    before = png_of(guest, table).content
    assert post_host(host, table, "start").status_code == 200
    move(host, table, type="set_secret", word="zephyrs")
    move(guest, table, type="guess", word="candle")
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and "zephyrs" in str(table.state)
    lines = picture.layout(summary.of_table(table, list(table.seats.all()))).lines
    assert not any("zephyrs" in line.lower() or "candle" in line.lower() for line in lines)
    for client in (host, guest):  # the keeper's own phone too: the picture is the evening's, not a seat's
        assert png_of(client, table).content == before


def test_the_summary_offers_its_picture_to_share(evening_table):
    table, phones = evening_table
    assert post_host(phones["lena"], table, "close").status_code == 200
    shown = region(page(phones["gus"], table), "evening")
    link = re.search(r'<a class="btn primary" href="([^"]+)" download="([^"]+)"\s+data-share-evening', shown)
    assert link and link.groups() == (f"/t/{table.code}/evening.png", f"liars-table-{table.code}.png")
    assert png_of(phones["gus"], table).status_code == 200


@pytest.fixture
def draws(monkeypatch) -> list[int]:
    """Every drawing of the picture, counted."""
    drawn: list[int] = []
    real = picture.draw

    def counted(laid):
        drawn.append(1)
        return real(laid)

    monkeypatch.setattr(picture, "draw", counted)
    return drawn


def test_the_picture_is_drawn_once_for_every_phone_until_the_evening_changes(stub_table, phone, draws):
    table, lena, gus, gwen = stub_table
    phones = [sit(phone(), seat) for seat in (lena, gus, gwen)]
    record(table, "lie", gwen)
    first = [png_of(client, table) for client in phones for _ in range(3)]
    assert {answer.status_code for answer in first} == {200} and len(draws) == 1
    assert len({answer.content for answer in first}) == 1 and len({answer["ETag"] for answer in first}) == 1
    etag = first[0]["ETag"]
    again = phones[1].get(reverse("evening_picture", args=[table.code]), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag
    # A game finished: another picture, drawn once more, and a phone that has the old one gets it.
    win_stub(table, phones, keeper=phones[0], guesser=phones[1])
    changed = phones[1].get(reverse("evening_picture", args=[table.code]), HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag and changed.content != first[0].content
    assert [png_of(client, table).content for client in phones] == [changed.content] * 3
    assert len(draws) == 2


def test_a_phone_fetching_the_picture_in_a_loop_is_told_to_slow_down(evening_table, phone, settings):
    table, phones = evening_table
    answers = [png_of(phones["gus"], table).status_code for _ in range(30)]
    assert answers[:10] == [200] * 10 and set(answers[10:]) == {429}
    slowed = png_of(phones["gus"], table)
    assert slowed["Retry-After"] and "too often" in slowed.content.decode()
    assert png_of(phones["gwen"], table).status_code == 200  # the other phones at the table are not slowed
    # An address has a limit of its own, above a seat's: a table's phones share one Wi-Fi.
    settings.PICTURE_ADDRESS_RATE = "5/m"
    shared = [png_of(client, table).status_code for client in (phones["lena"], phones["tv"], phones["gwen"])
              for _ in range(2)]
    assert shared == [200] * 5 + [429]
    elsewhere = phones["gwen"].get(reverse("evening_picture", args=[table.code]), REMOTE_ADDR="10.0.0.7")
    assert elsewhere.status_code == 200


def test_the_picture_goes_out_as_drawn_even_to_a_phone_that_takes_gzip(evening_table):
    """A PNG is compressed already: gzip would spend the server's time to save a tenth of it."""
    table, phones = evening_table
    answer = phones["gus"].get(reverse("evening_picture", args=[table.code]), HTTP_ACCEPT_ENCODING="gzip")
    assert answer.status_code == 200 and "Content-Encoding" not in answer
    assert Image.open(io.BytesIO(answer.content)).format == "PNG"


def test_banned_books_is_named_as_played_in_the_standings_the_summary_and_the_picture(phone):
    """Fiction with its ability cards is Banned Books: its column, its games and the picture say so,
    apart from the plain Fiction played the same evening."""
    from tests.companion.test_endings import seated

    table, (lena, gus, tv) = seated(phone, "fiction", "lena", "gus", setup={"ability_cards": "on"})
    assert post_host(lena, table, "end").status_code == 200
    assert post_host(lena, table, "again").status_code == 200
    assert post_host(lena, table, "setup", ability_cards="").status_code == 200
    assert post_host(lena, table, "start").status_code == 200
    assert post_host(lena, table, "end").status_code == 200
    standings = text(region(page(tv, table), "standings"))
    assert "Banned Books: no winner" in standings and "Fiction: no winner" in standings
    assert post_host(lena, table, "close").status_code == 200
    table.refresh_from_db()
    told = summary.of_table(table, list(table.seats.all()))
    assert [g.name for g in told.games] == ["Banned Books", "Fiction"] and told.kinds == ["Banned Books", "Fiction"]
    shown = text(region(page(tv, table), "evening"))
    assert "1 Banned Books : nobody won" in shown and "2 Fiction : nobody won" in shown
    lines = picture.layout(told).lines
    assert "1 · Banned Books: nobody won" in " ".join(lines)
