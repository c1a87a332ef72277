"""What a probe of the table found: hostile or broken input gets a clear 4xx and changes nothing."""

from __future__ import annotations

import logging
from html import escape
from types import SimpleNamespace

import pytest
import redis.exceptions
from django.db import OperationalError, connection
from django.test import override_settings
from django.urls import reverse

from companion.live import broadcast, presence
from companion.table import tables
from companion.live import logs
from companion.models import Table
from tests.conftest import sit

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["move", "tick", "host/start"])
def test_a_missing_table_and_a_missing_seat_are_answered_alike(stub_table, phone, path):
    table, *_ = stub_table
    stranger = phone()
    no_seat = stranger.post(f"/t/{table.code}/{path}/", {"version": "1", "type": "guess"})
    no_table = stranger.post(f"/t/ZZZZZZ/{path}/", {"version": "1", "type": "guess"})
    assert no_seat.status_code == no_table.status_code == 403
    assert no_seat.content == no_table.content


def test_probing_codes_through_actions_is_counted_and_paused(stub_table, phone):
    table, lena, *_ = stub_table
    prober = phone()
    answers = [prober.post(f"/t/ZZZZZ{c}/move/", {"version": "1"}).status_code for c in "ABCDEFGHJKMNPQRSTUVWX"]
    assert answers[:20] == [403] * 20 and answers[20] == 429
    # The host on the same address still plays.
    assert sit(phone(), lena).post(f"/t/{table.code}/host/start/", {"version": table.version}).status_code == 200


def test_a_rate_limit_cache_that_is_down_stops_nobody(stub_table, phone, monkeypatch):
    table, *_ = stub_table

    def broken(*args, **kwargs):
        raise ConnectionError("redis is down")

    monkeypatch.setattr("companion.web.views.get_usage", broken)
    assert phone().get(reverse("find"), {"code": "ZZZZZZ"}).status_code == 404
    assert phone().get(f"/t/{table.code}/").status_code == 200


@override_settings(RATELIMIT_IP_META_KEY="HTTP_X_REAL_IP")
@pytest.mark.parametrize("header, status", [(None, 400), ("", 400), ("not-an-address", 400), ("1.2.3.4, 5.6.7.8", 400),
                                            ("203.0.113.9", 404), ("2001:db8::1", 404)])
def test_the_proxy_address_header_must_hold_one_address(phone, header, status):
    extra = {} if header is None else {"HTTP_X_REAL_IP": header}
    response = phone().get(reverse("find"), {"code": "ZZZZZZ"}, **extra)
    assert response.status_code == status
    if status == 400:
        assert "which address" in response.content.decode()


@pytest.mark.parametrize("code", ["a;b=c", "KQTZMB%00", "x" * 300, "..", "ÄÖÜ"])
def test_leaving_with_a_code_that_is_no_table_is_just_a_redirect(phone, code):
    response = phone().post(f"/t/{code}/leave/")
    assert response.status_code == 302


def test_a_busy_database_while_joining_says_so_and_goes_back_to_try_again(stub_table, phone, monkeypatch):
    table, *_ = stub_table

    def busy(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(tables, "join_table", busy)
    page = f"http://testserver/t/{table.code}/"
    response = phone().post(reverse("join", args=[table.code]), {"name": "ben"}, HTTP_REFERER=page)
    assert response.status_code == 503
    assert "cannot be reached just now, so nothing was changed" in response.content.decode()
    assert f'<meta http-equiv="refresh" content="5; url={page}">' in response.content.decode()
    assert Table.objects.get().seats.count() == 3


@pytest.fixture
def database_down(monkeypatch):
    """From now on every query fails as it does while PostgreSQL is down or restarting."""

    def refused(*args, **kwargs):
        raise OperationalError('connection to server at "db" (10.0.0.5), port 5432 failed: Connection refused')

    def start():
        monkeypatch.setattr(connection, "ensure_connection", refused)

    return start


@pytest.mark.parametrize("seated", [True, False])
@pytest.mark.parametrize("path", ["/t/{code}/", "/join/?code={code}"])
def test_a_page_while_the_database_is_down_says_so_and_reloads_itself(stub_table, phone, database_down, caplog,
                                                                      path, seated):
    table, lena, *_ = stub_table
    client = sit(phone(), lena) if seated else phone()
    database_down()
    url = path.format(code=table.code)
    with caplog.at_level(logging.INFO):
        response = client.get(url)
    html = response.content.decode()
    assert response.status_code == 503
    assert response["Retry-After"] == "5" and response["Cache-Control"] == "no-store"
    assert "The table is unreachable" in html and "tries again by itself" in html
    assert f'<meta http-equiv="refresh" content="5; url={escape(url)}">' in html
    assert "<script>" not in html and "Content-Security-Policy" in response.headers
    [record] = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert record.exc_info is None and "Connection refused" in record.getMessage()


@pytest.mark.parametrize("path, data", [
    ("move", {"type": "guess", "word": "melon"}),
    ("host/start", {}),
    ("tick", {}),
])
def test_a_tap_while_the_database_is_down_says_so_and_the_phone_tries_again(stub_table, phone, database_down, caplog,
                                                                            path, data):
    table, lena, *_ = stub_table
    host = sit(phone(), lena)
    database_down()
    with caplog.at_level(logging.INFO):
        response = host.post(f"/t/{table.code}/{path}/", {"version": table.version, **data}, HTTP_HX_REQUEST="true")
    assert response.status_code == 503 and response["Retry-After"] == "5"
    html = response.content.decode()
    assert 'data-reason="unreachable"' in html and "Trying again by itself" in html
    [record] = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert record.exc_info is None


@pytest.mark.parametrize("path", ["/new/stub/", "/t/{code}/join/", "/t/{code}/leave/"])
def test_a_form_sent_while_the_database_is_down_goes_back_to_try_again(stub_table, phone, database_down, path):
    table, lena, *_ = stub_table
    database_down()
    response = sit(phone(), lena).post(path.format(code=table.code), {"name": "ben"})
    assert response.status_code == 503
    # No page it came from (or one elsewhere): the start page.
    assert '<meta http-equiv="refresh" content="5; url=/">' in response.content.decode()
    elsewhere = phone().post(path.format(code=table.code), {"name": "ben"}, HTTP_REFERER="https://evil.example/")
    assert '<meta http-equiv="refresh" content="5; url=/">' in elsewhere.content.decode()


def test_a_nul_byte_in_a_name_is_refused_not_a_server_error(phone, db):
    response = phone().post(reverse("create", args=["stub"]), {"name": "lena\x00"})
    assert response.status_code == 400
    assert Table.objects.count() == 0


def test_a_move_type_no_seat_may_make_is_not_a_move(stub_table, phone):
    """The clock's own move cannot be posted: only the server's clock ends a round."""
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    host.post(f"/t/{table.code}/host/start/", {"version": Table.objects.get().version})
    host.post(f"/t/{table.code}/move/", {"version": Table.objects.get().version, "type": "set_secret", "word": "lantern"})
    for seat in (gus, lena):
        response = sit(phone(), seat).post(f"/t/{table.code}/move/",
                                            {"version": Table.objects.get().version, "type": "timer_expired"})
        assert response.status_code == 400
    assert Table.objects.get().state["rules"]["phase"] == "guessing"


def test_a_seated_phone_sending_moves_faster_than_a_person_is_slowed(stub_table, phone, settings):
    settings.SEAT_ACTION_RATE = "5/10s"
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    host.post(f"/t/{table.code}/host/start/", {"version": Table.objects.get().version})
    host.post(f"/t/{table.code}/move/", {"version": Table.objects.get().version, "type": "set_secret", "word": "lantern"})
    script = sit(phone(), gus)
    answers = [script.post(f"/t/{table.code}/move/", {"version": Table.objects.get().version, "type": "guess",
                                                       "word": f"word{'abcdefgh'[n]}"}).status_code for n in range(8)]
    assert answers[:5] == [200] * 5 and set(answers[5:]) == {429}
    assert len(Table.objects.get().state["rules"]["guesses"]) == 5
    # Another phone at the table is not slowed by it.
    assert sit(phone(), gwen).post(f"/t/{table.code}/move/", {
        "version": Table.objects.get().version, "type": "guess", "word": "other"}).status_code == 200


def test_typing_a_guess_does_not_use_up_the_taps_that_make_moves(stub_table, phone, settings):
    settings.SEAT_ACTION_RATE, settings.SEAT_TRY_RATE = "2/10s", "6/10s"
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    host.post(f"/t/{table.code}/host/start/", {"version": Table.objects.get().version})
    host.post(f"/t/{table.code}/move/", {"version": Table.objects.get().version, "type": "set_secret", "word": "lantern"})
    guesser = sit(phone(), gus)

    def send(word, **extra):
        return guesser.post(f"/t/{table.code}/move/", {"version": Table.objects.get().version, "type": "guess",
                                                       "word": word, **extra}).status_code

    tries = [send(word, _try="1") for word in ("c", "ca", "can", "cand", "candl", "candle")]
    assert tries == [200] * 6  # each answered with its verdict (in X-Try-Verdict): too short, then fine
    assert send("candle") == 200  # the move itself still goes through
    assert send("melon", _try="1") == 429  # a script trying without end is slowed all the same
    assert [g["word"] for g in Table.objects.get().state["rules"]["guesses"]] == ["candle"]


def test_the_csrf_cookie_is_not_readable_by_script_and_the_page_carries_the_token(stub_table, phone):
    table, lena, *_ = stub_table
    response = sit(phone(), lena).get(f"/t/{table.code}/")
    assert response.cookies["csrftoken"]["httponly"]
    assert '<meta name="csrf-token" content="' in response.content.decode()


def test_pages_carry_a_content_security_policy_without_inline_script_or_style(stub_table, phone):
    table, lena, *_ = stub_table
    response = sit(phone(), lena).get(f"/t/{table.code}/")
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    html = response.content.decode()
    assert " style=" not in html and "<style" not in html and " on" + "click=" not in html


def _refusal_lines(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.WARNING]


@pytest.mark.parametrize("body, content_type", [
    ("&".join(f"f{i}=1" for i in range(1001)), "application/x-www-form-urlencoded"),
    ("word=" + "a" * 3_000_000, "application/x-www-form-urlencoded"),
    ("--b\r\nContent-Disposition: form-data; name=\"word\"\r\n\r\n" + "a" * 3_000_000 + "\r\n--b--\r\n",
     "multipart/form-data; boundary=b"),
])
def test_a_body_over_the_limits_is_refused_with_one_log_line_and_no_traceback(stub_table, phone, caplog, body,
                                                                             content_type):
    table, lena, *_ = stub_table
    with caplog.at_level(logging.INFO):
        response = sit(phone(), lena).generic("POST", f"/t/{table.code}/move/", body, content_type=content_type)
    assert response.status_code == 400
    [line] = _refusal_lines(caplog)
    assert line.exc_info is None and line.exc_text is None
    assert "DATA_UPLOAD_MAX" in line.getMessage()
    assert Table.objects.get().version == table.version


@override_settings(RATELIMIT_IP_META_KEY="HTTP_X_REAL_IP")
def test_a_malformed_request_is_logged_in_one_line_and_a_server_error_keeps_its_traceback(stub_table, phone, caplog,
                                                                                        monkeypatch):
    with caplog.at_level(logging.INFO):
        assert phone().get(reverse("find"), {"code": "ZZZZZZ"}).status_code == 400  # no address header
    [line] = _refusal_lines(caplog)
    assert line.exc_info is None
    caplog.clear()

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("companion.web.views._find_table", broken)
    client = phone()
    client.raise_request_exception = False
    with caplog.at_level(logging.INFO):
        assert client.get(reverse("find"), {"code": "ZZZZZZ"}, HTTP_X_REAL_IP="203.0.113.9").status_code == 500
    assert [r.exc_info is not None for r in _refusal_lines(caplog)] == [True]


@pytest.fixture
def windows(monkeypatch):
    """Outage lines counted in windows the test closes: calling the result closes those open."""
    waiting: list = []
    monkeypatch.setattr(logs, "outages", logs.Outages(later=lambda delay, then: waiting.append(then)))

    def close() -> None:
        due, waiting[:] = list(waiting), []
        for then in due:
            then()

    return close


def _lines(caplog) -> list[str]:
    """What the server's log shows at WARNING and above, tracebacks included, but for Django's
    line for each answer that is not a 200 (a wrong code's 404, the outage's 503)."""
    return [line for r in caplog.records if r.levelno >= logging.WARNING and r.name != "django.request"
            for line in logging.Formatter().format(r).splitlines()]


REFUSED = redis.exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


def test_the_rate_limit_cache_out_of_reach_is_one_line_then_a_count_and_nobody_is_stopped(stub_table, phone,
                                                                                          monkeypatch, caplog, windows):
    table, *_ = stub_table

    def refused(*args, **kwargs):
        raise REFUSED

    monkeypatch.setattr("companion.web.views.get_usage", refused)
    with caplog.at_level(logging.INFO):
        for _ in range(37):
            assert phone().get(reverse("find"), {"code": "ZZZZZZ"}).status_code == 404
        assert _lines(caplog) == [f"the rate-limit cache is out of reach; not limiting: {REFUSED}"]
        caplog.clear()
        windows()
        assert _lines(caplog) == ["the rate-limit cache is out of reach; not limiting: 36 more like it in the last 10 s"]
        caplog.clear()
        windows()  # nothing came in that window: nothing to say, and the next one is written again
        assert _lines(caplog) == []
        phone().get(reverse("find"), {"code": "ZZZZZZ"})
        assert _lines(caplog) == [f"the rate-limit cache is out of reach; not limiting: {REFUSED}"]


def test_presence_and_pushes_out_of_reach_are_a_line_each_and_a_bug_keeps_its_traceback(monkeypatch, caplog,
                                                                                       windows):
    class Down:
        async def group_send(self, group, message):
            raise REFUSED

        def get_many(self, keys):
            raise REFUSED

    monkeypatch.setattr(broadcast, "get_channel_layer", Down)
    monkeypatch.setattr(presence, "_cache", Down)
    with caplog.at_level(logging.INFO):
        for _ in range(5):
            broadcast.push_removed(11, 12, 13)
            assert presence.here([11, 12]) == set()
        assert _lines(caplog) == [f"could not send to seat-11: {REFUSED}", f"presence: could not read: {REFUSED}"]
        caplog.clear()
        windows()
        assert _lines(caplog) == ["could not send to seat-11: 14 more like it in the last 10 s",
                                  "presence: could not read: 4 more like it in the last 10 s"]
        caplog.clear()

        def bug(keys):
            raise TypeError("a bug")

        monkeypatch.setattr(presence, "_cache", lambda: SimpleNamespace(get_many=bug))
        presence.here([11])
        presence.here([11])
    assert _lines(caplog).count("Traceback (most recent call last):") == 2


def test_channels_redis_losing_redis_is_one_line_without_a_traceback(caplog, windows):
    """Its receive loop logs each failure to reach Redis with the traceback; the settings' filter cuts it."""
    receiver = logging.getLogger("channels_redis.pubsub")
    with caplog.at_level(logging.INFO):
        for _ in range(3):
            try:
                try:
                    raise ConnectionRefusedError(111, "Connect call failed ('127.0.0.1', 6379)")
                except OSError as error:
                    raise redis.exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:6379.") from error
            except redis.exceptions.ConnectionError:
                receiver.exception("Unexpected exception in receive task")
        windows()
    assert _lines(caplog) == ["Unexpected exception in receive task: Error 111 connecting to 127.0.0.1:6379.",
                              "Unexpected exception in receive task: 2 more like it in the last 10 s"]


def test_the_database_out_of_reach_is_one_line_for_many_requests(stub_table, phone, database_down, caplog, windows):
    table, lena, *_ = stub_table
    host = sit(phone(), lena)
    database_down()
    with caplog.at_level(logging.INFO):
        for _ in range(6):
            assert host.get(f"/t/{table.code}/").status_code == 503
        windows()
    assert _lines(caplog) == [
        f"database out of reach for GET /t/{table.code}/: connection to server at \"db\" (10.0.0.5), port 5432 failed: "
        "Connection refused",
        f"database out of reach for GET /t/{table.code}/: 5 more like it in the last 10 s"]
