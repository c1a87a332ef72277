"""Fiction on the table: setup, moves as forms, the shared view shape, the "now" card and the clock."""

import json
import random
import re

import pytest
from django.http import QueryDict
from django.template.loader import render_to_string

from companion.table import seam
from companion.table.forms import Form, MoveError, parse_move
from companion.table.games import ClockWant, Outcome, Played, Viewer, get, move_of, role_for_newcomer, rotating_role
from tests import played as play
from companion.table.rules_errors import IllegalMove, RulesError

from . import scripted, scripted_largest

LENA, GUS, GWEN = scripted.PLAYERS  # Lena the Lie-brarian; Gus (the host) and Gwen guess
DISPLAY = Viewer(9, "display", "Table")
DEFAULTS = Form(get("fiction").setup).initial() if get("fiction") else {}


@pytest.fixture
def game():
    return get("fiction")


def post(game, state, actor, **fields):
    """Parse a move as the table does (a form) and apply it."""
    data = QueryDict(mutable=True)
    for name, value in fields.items():
        data.setlist(name, value if isinstance(value, list) else [str(value)])
    _, move = parse_move(game.moves, data)
    return play.move(game, state, actor, move, random.Random(0))


def begun(game, **options):
    """Lena has chosen READY (hint R) and started the first half."""
    state = play.begin(game, scripted.PLAYERS, DEFAULTS | options, random.Random(0))
    state = post(game, state, LENA, type="choose_secret", word="ready", hint="r")
    return post(game, state, LENA, type="start_first_half")


def test_registered_with_its_roles_and_no_declared_clock_move(game):
    assert rotating_role(game) == "librarian" and not game.screens.demo
    assert [r.slug for r in game.roles] == ["librarian", "guesser"]
    assert move_of(game, "timer_expired") is None
    assert [m.type for m in game.moves if m.host_only] == ["start_second_half"]


def test_a_posted_guess_and_clue_row_reach_the_rules(game):
    state = post(game, begun(game), GWEN, type="guess", word="Entry")
    assert state.rules["phase"] == "deceiving" and state.rules["turns"][-1]["guess"] == "entry"
    state = post(game, state, LENA, type="share_clues", clues=list("~✗✗~✗"))
    assert state.rules["turns"][-1]["shared"] == "~✗✗~✗" and state.rules["phase"] == "guessing"
    assert state.holding("librarian") == [1] and state.holding("guesser") == [2, 3]


def test_a_second_lie_crosses_off_a_feather_of_lie_about_plus_one(game):
    state = play.begin(game, scripted.PLAYERS, DEFAULTS | {"ability_cards": True}, random.Random(0))
    state = post(game, state, LENA, type="choose_ability", card="lie-plus-one")
    state = post(game, state, GUS, type="choose_ability", card="any-five-letters")
    state = post(game, state, LENA, type="choose_secret", word="ready", hint="r")
    state = post(game, post(game, state, LENA, type="start_first_half"), GUS, type="guess", word="entry")
    with pytest.raises(RulesError, match="you changed 3"):
        post(game, state, LENA, type="share_clues", clues=list("✓✓✗~✗"))  # three lies
    state = post(game, state, LENA, type="share_clues", clues=list("✓✗✗~✗"))
    assert state.rules["librarian_uses"] == 1


def test_the_clock_move_is_refused_by_the_form_and_by_the_rules(game):
    state = begun(game)
    with pytest.raises(MoveError) as caught:
        post(game, state, GUS, type="timer_expired")
    assert caught.value.reason == "unknown-move"
    for actor in (LENA, GUS, DISPLAY):
        with pytest.raises(RulesError):
            game.apply(state, actor, {"type": "timer_expired"}, random.Random(0))
    assert play.expire(game, state).rules["phase"] == "halftime"


def test_the_host_starts_the_second_half_for_the_table(game):
    # That only the host may is the platform's check, for every host-only move of every game
    # (tests/companion/test_tables.py); the display makes no move at all.
    state = play.expire(game, begun(game))
    with pytest.raises(RulesError):
        post(game, state, DISPLAY, type="start_second_half")
    state = post(game, state, GUS, type="start_second_half")
    assert state.rules["phase"] == "guessing" and state.rules["half"] == 2


def test_a_guesser_cannot_make_the_lie_brarians_moves(game):
    state = post(game, begun(game), GWEN, type="guess", word="entry")
    with pytest.raises(RulesError) as caught:
        post(game, state, GUS, type="share_clues", clues=list("~✗✗~✗"))
    assert caught.value.reason == "not-your-turn"


def test_only_the_seat_the_game_began_with_is_the_lie_brarian(game):
    gwen_now_a_librarian = Viewer(3, "librarian", "Gwen")
    state = begun(game)
    assert "secret" not in seam.view(game, state, gwen_now_a_librarian)
    with pytest.raises(RulesError):
        post(game, post(game, state, GUS, type="guess", word="entry"), gwen_now_a_librarian,
             type="share_clues", clues=list("~✗✗~✗"))


def test_a_display_makes_no_moves(game):
    with pytest.raises(RulesError) as caught:
        post(game, begun(game), DISPLAY, type="guess", word="entry")
    assert caught.value.reason == "display"


# --- setup -----------------------------------------------------------------------------


def test_start_with_the_setup_defaults(game):
    state = play.begin(game, scripted.PLAYERS, DEFAULTS, random.Random(0))
    assert state.rules["phase"] == "setup" and state.rules["tokens"] == 3 and state.rules["offers"] == {}
    assert game.clock(state) is None


def test_start_with_hard_mode_and_ability_cards(game):
    state = play.begin(game, scripted.PLAYERS, DEFAULTS | {"hard_mode": True, "ability_cards": True}, random.Random(0))
    assert state.rules["options"]["red_words"] and state.rules["tokens"] == 1
    assert set(state.rules["offers"]) == {"librarian", "guessers"}
    assert seam.view(game, state, GUS)["offer"] and not seam.view(game, state, DISPLAY)["offer"]


def test_setup_form_parses_with_defaults(game):
    assert Form(game.setup).parse(QueryDict("ability_cards=on")) == DEFAULTS | {"ability_cards": True}


@pytest.mark.parametrize(
    "players, problem",
    [
        ([GUS, GWEN], "one Lie-brarian"),
        ([LENA], "at least one Guesser"),
        ([Viewer(1, "librarian", "Lena", has_phone=False), GUS], "own phone"),
    ],
)
def test_check_setup_refusals(game, players, problem):
    assert problem in seam.check_setup(game, DEFAULTS, players)
    with pytest.raises(RulesError):
        play.begin(game, players, DEFAULTS, random.Random(0))


def test_check_setup_accepts_a_guesser_without_a_phone(game):
    assert seam.check_setup(game, DEFAULTS, [LENA, Viewer(2, "guesser", "Gus", has_phone=False)]) is None


# --- the view, the "now" card, the audience --------------------------------------------------


def test_view_shape_and_waiting_for_are_platform_seats(game):
    state = begun(game)
    for viewer in (LENA, GUS, GWEN, DISPLAY):
        view = seam.view(game, state, viewer)
        assert {"phase", "waiting_for", "legal_moves", "outcome"} <= set(view)
        assert view["waiting_for"] == [2, 3] and view["outcome"] is None
        for move in view["legal_moves"]:
            assert set(move) == {"type", "allowed", "why"} and isinstance(move["why"], str)
    assert seam.view(game, state, DISPLAY)["legal_moves"] == []
    state = post(game, state, GWEN, type="guess", word="entry")
    assert seam.view(game, state, GUS)["waiting_for"] == [1]


def test_the_host_alone_sees_the_tables_halftime_move(game):
    state = play.expire(game, begun(game))
    types = {v.name: [m["type"] for m in seam.view(game, state, v)["legal_moves"]] for v in (LENA, GUS, GWEN, DISPLAY)}
    assert types == {"Lena": [], "Gus": ["mark_letter", "start_second_half"], "Gwen": ["mark_letter"], "Table": []}
    assert game.screens.audience(GWEN) == "guessers" and game.screens.audience(GUS) is None
    assert game.screens.audience(LENA) is None and game.screens.audience(DISPLAY) == "display"


def test_now_changes_with_the_phase(game):
    state = play.begin(game, scripted.PLAYERS, DEFAULTS, random.Random(0))
    now = lambda viewer: game.screens.now(seam.view(game, state, viewer), viewer)  # noqa: E731
    assert now(LENA).headline == "Choose the secret word from the book card and a hint letter" and now(LENA).my_turn
    assert now(GWEN).headline == "Waiting for the Lie-brarian to choose the secret word"
    state = post(game, state, LENA, type="choose_secret", word="ready", hint="r")
    assert now(LENA).headline == "Start the 10-minute timer and begin play!"
    state = post(game, state, LENA, type="start_first_half")
    assert now(GWEN).headline.startswith("Your turn: agree on a guess (") and now(GWEN).my_turn
    assert now(LENA).headline == "Waiting for the Guessers to guess" and not now(LENA).my_turn
    state = post(game, state, GWEN, type="guess", word="entry")
    assert now(LENA).headline == "Give the clues for this guess, with exactly one lie" and now(LENA).my_turn
    assert now(GWEN).headline == "Waiting for the Lie-brarian's clues" and not now(GWEN).my_turn
    state = post(game, state, LENA, type="share_clues", clues=list("~✗✗~✗"))
    state = play.expire(game, state)
    assert now(GUS).my_turn and "start the second half" in now(GUS).headline
    assert now(GWEN).headline == "Halftime" and not now(GWEN).my_turn
    state = post(game, post(game, state, GUS, type="start_second_half"), GWEN, type="guess", word="ready")
    assert now(GWEN).headline == "You guessed the secret word!"
    assert now(DISPLAY).headline == "The Guessers guessed the secret word" and "READY" in now(DISPLAY).detail


def test_the_now_card_counts_one_guess_and_one_token_in_the_singular(game):
    view = seam.view(game, begun(game), GWEN)
    assert "5 guesses left in the first half · 3 Fact/Fiction tokens" in game.screens.now(view, GWEN).detail
    view |= {"guesses_left_in_half": 1, "tokens": 1}
    assert "1 guess left in the first half · 1 Fact/Fiction token" in game.screens.now(view, GWEN).detail
    assert "tokens" not in game.screens.now(view, GWEN).detail


def test_the_clock_follows_the_halves(game):
    state = begun(game, eight_minute_halves=True)
    assert game.clock(state) == ClockWant("half-1", 480, True)
    state = post(game, state, GWEN, type="guess", word="entry")
    assert game.clock(state) == ClockWant("half-1", 480, False)
    state = play.expire(game, post(game, state, LENA, type="share_clues", clues=list("~✗✗~✗")))
    state = post(game, state, GUS, type="start_second_half")
    assert game.clock(state) == ClockWant("half-2", 480, True)
    state = play.expire(game, state)
    assert game.outcome(state) is not None and game.clock(state) is None
    assert seam.view(game, state, GUS)["outcome"] == {"winner": "librarian", "termination": "time"}
    assert seam.outcome(game, state) == Outcome((1,), "time", "the Lie-brarian")


def test_the_lie_brarian_cannot_leave_mid_game(game):
    state = begun(game)
    with pytest.raises(IllegalMove):
        play.remove(game, state, LENA, random.Random(0))
    play.remove(game, state, GWEN, random.Random(0))


# --- the scripted game ---------------------------------------------------------------------------


def play_script(game, script=scripted):
    """Every state of a scripted game, start to finish."""
    state = play.begin(game, script.PLAYERS, script.SETUP, random.Random(7))
    states = [state]
    by_id = {p.seat_id: p for p in script.PLAYERS}
    for seat_id, move in script.STEPS:
        if seat_id is None:
            state = play.expire(game, state)
        else:
            declared, parsed = parse_move(game.moves, _as_form(move))
            assert parsed == move, "a scripted move is exactly what parse_move returns"
            state = play.move(game, state, by_id[seat_id], move, random.Random(0))
        states.append(Played.from_dict(json.loads(json.dumps(state.to_dict())), game.codec))
    return states


def _as_form(move):
    data = QueryDict(mutable=True)
    for name, value in move.items():
        if value is None or value is False:
            continue
        data.setlist(name, [str(v) for v in value] if isinstance(value, list) else ["1" if value is True else str(value)])
    return data


def test_the_scripted_game_reaches_the_guessers_win(game):
    states = play_script(game)
    assert [s.rules["phase"] for s in states].count("halftime") == 1
    assert {s.rules["phase"] for s in states} == {"setup", "guessing", "deceiving", "halftime", "over"}
    final = seam.view(game, states[-1], GWEN)
    assert final["outcome"] == {"winner": "guessers", "termination": "guessed"}
    assert seam.outcome(game, states[-1]) == Outcome((2, 3), "guessed", "the Guessers")
    assert final["secret"] == scripted.SECRET
    assert [t["lies"] for t in final["turns"]][:2] == [[0], [1, 4]]
    assert final["turns"][0]["fictions"] == [0] and final["turns"][0]["facts"] == [2]


def test_the_scripted_secret_and_honest_rows_stay_off_public_screens_until_the_end(game):
    seats = {p.seat_id: p for p in scripted.PLAYERS}
    for state in play_script(game)[:-1]:
        honest = {t["honest"] for t in state.rules["turns"] if not t["correct"]}
        for viewer in (seats[2], seats[3], DISPLAY):
            view = seam.view(game, state, viewer)
            html = "".join(render_region(game, region, view, viewer) for region in game.regions)
            html += json.dumps(view, ensure_ascii=False)
            assert scripted.SECRET not in html.lower()
            assert not any(h in html for h in honest)


def render_region(game, region, view, viewer):
    me = {"id": viewer.seat_id, "name": viewer.name, "role": viewer.role, "is_host": viewer.is_host,
          "is_display": viewer.is_display, "has_phone": viewer.has_phone}
    context = {"view": view, "me": me, "people": [], "names": {},
               "table": {"code": "ABCD", "status": "playing", "version": 1, "game": "fiction"},
               "moves": {m.type: m for m in game.moves}}
    return render_to_string(f"fiction/partials/{region}.jinja", context)


def test_every_region_renders_for_every_seat_in_every_phase(game):
    for state in play_script(game):
        for viewer in (*scripted.PLAYERS, DISPLAY):
            view = seam.view(game, state, viewer)
            for region in game.regions:
                render_region(game, region, view, viewer)


def test_the_largest_scripted_game_fills_all_ten_boards_with_tokens_and_the_lie_brarian_wins(game):
    players = scripted_largest.PLAYERS
    assert len(players) == 8 and [p.name for p in players if not p.has_phone] == ["Mo"]
    states = play_script(game, scripted_largest)
    assert [s.rules["phase"] for s in states].count("halftime") == 1
    final = seam.view(game, states[-1], players[1])
    assert final["outcome"]["winner"] == "librarian" and final["outcome"]["termination"] == "out-of-guesses"
    assert [t["half"] for t in final["turns"]] == [1] * 5 + [2] * 5
    assert all(t["clues"] for t in final["turns"])
    assert final["turns"][0]["fictions"] == [2] and final["turns"][0]["facts"] == [3]  # side by side
    assert final["turns"][3]["fictions"] == [1]  # a vowel of an earlier guess, with the Guessers' card
    assert final["librarian_uses"] == 2 and final["abilities"]["guessers"]["id"] == "vowel-in-any-guess"


NOW_CONTROL = re.compile(r"<(form|ul)\b[^>]*\bdata-now\b.*?</\1>", re.S)


@pytest.mark.parametrize("script", [scripted, scripted_largest], ids=["scripted", "largest"])
def test_a_control_is_marked_to_use_now_exactly_when_the_now_card_says_it_is_the_seats_turn(game, script):
    """``data-now`` marks what a phone keeps on its first screen: the move this seat owes the table."""
    viewers = (*script.PLAYERS, DISPLAY)  # the host among them: halftime's button is theirs
    marked_turns = 0
    for number, state in enumerate(play_script(game, script)):
        for viewer in viewers:
            view = seam.view(game, state, viewer)
            html = "".join(render_region(game, region, view, viewer) for region in game.regions)
            my_turn = game.screens.now(view, viewer).my_turn and game.outcome(state) is None
            found = NOW_CONTROL.search(html)
            assert bool(found) == my_turn, f"step {number}: {viewer.name} ({view['phase']})"
            if found:
                assert re.search(r"<(button|select)\b|<input\b(?![^>]*type=\"hidden\")", found.group(0))
                marked_turns += 1
    assert marked_turns > len(script.STEPS)


def test_banned_books_shows_each_kept_ability_card_and_its_uses_to_every_seat(game):
    state = play.begin(game, scripted.PLAYERS, DEFAULTS | {"ability_cards": True}, random.Random(0))
    offered = render_region(game, "setup_panel", seam.view(game, state, LENA), LENA)
    assert 'id="choose-ability-lie-plus-one"' in offered and "ability-who" not in offered
    state = post(game, state, LENA, type="choose_ability", card="lie-plus-one")
    state = post(game, state, GUS, type="choose_ability", card="any-five-letters")
    for viewer in (*scripted.PLAYERS, DISPLAY):
        html = render_region(game, "setup_panel", seam.view(game, state, viewer), viewer)
        assert html.count('class="ability"') == 2, viewer
        assert "Lie-brarian's card" in html and "Guessers' card" in html


@pytest.mark.django_db
def test_regions_are_empty_in_the_lobby(game):
    """Before the game starts every seat is sent each of Fiction's regions empty."""
    from companion.live import render
    from companion.models import Table
    from tests.companion.test_render import seat_the_table

    table, seats = seat_the_table(scripted.PLAYERS, game, scripted.SETUP)
    table.status = Table.Status.LOBBY
    table.save()
    scene = render.scene(table, seats)
    for seat in seats:
        sent = {name: html for name, _, html in render.sections(scene, seat)[0]}
        assert all(re.search(r'data-v="\d+"></section>$', sent[region]) for region in game.regions), seat.name


# --- clue check mode: a paper game checked on the Lie-brarian's phone --------------------


def test_clue_check_needs_no_guesser_and_runs_no_clock(game):
    alone = [LENA]
    assert seam.check_setup(game, DEFAULTS, alone) == "Fiction needs at least one Guesser (or clue check mode, for a game on paper)."
    assert seam.check_setup(game, DEFAULTS | {"clue_check": True}, alone) is None
    state = play.begin(game, alone, DEFAULTS | {"clue_check": True}, random.Random(0))
    assert game.screens.now(seam.view(game, state, LENA), LENA).headline.startswith("Choose the secret word")
    state = post(game, state, LENA, type="choose_secret", word="ready", hint="r")
    assert state.rules["phase"] == "checking" and game.clock(state) is None
    assert game.screens.now(seam.view(game, state, LENA), LENA).my_turn


def test_clue_check_refuses_a_row_with_two_lies_and_shows_fair_rows_to_everyone_without_the_truth(game):
    state = play.begin(game, scripted.PLAYERS, DEFAULTS | {"clue_check": True}, random.Random(0))
    state = post(game, state, LENA, type="choose_secret", word="ready", hint="r")
    with pytest.raises(RulesError, match="2 lies, not one: letter 1 shows ✓, honest is ~; letter 5 shows ✗"):
        post(game, state, LENA, type="check_row", guess="entry", clues=list("✓✗✗~✗"))
    state = post(game, state, LENA, type="check_row", guess="entry", clues=list("~✗✗~✗"))
    html = render_region(game, "clue_check", seam.view(game, state, LENA), LENA)
    assert "Exactly one lie, under letter 5" in html and 'title="Honest clue"' in html
    for viewer in (GWEN, DISPLAY):
        html = "".join(render_region(game, region, seam.view(game, state, viewer), viewer) for region in game.regions)
        assert 'id="check-row-1"' in html and '<span class="letter">N</span>' in html and "One lie: a fair row" in html
        assert "ready" not in html.lower() and "honest" not in html.lower() and "under letter" not in html


# --- the app as Lie-brarian: everyone guesses ---------------------------------------------


def test_the_app_as_lie_brarian_wants_every_player_a_guesser(game):
    app = DEFAULTS | {"app_librarian": True}
    assert seam.check_setup(game, app, scripted.PLAYERS) == "The app is the Lie-brarian: make Lena a Guesser."
    everyone = [GUS, GWEN]
    assert seam.check_setup(game, app, everyone) is None
    assert seam.check_setup(game, app | {"clue_check": True}, everyone) == "Choose clue check or the app as Lie-brarian, not both."
    assert seam.check_setup(game, DEFAULTS, everyone) == "Fiction needs one Lie-brarian."


def test_the_first_to_sit_down_is_the_lie_brarian_and_the_rest_guess(game):
    assert role_for_newcomer(game, {}) == "librarian"
    assert role_for_newcomer(game, {"librarian": 1, "guesser": 3}) == "guesser"


def test_a_guess_against_the_app_comes_back_with_its_clues_and_the_clock_running(game):
    state = play.begin(game, [GUS, GWEN], DEFAULTS | {"app_librarian": True}, random.Random(2))
    assert state.holding("librarian") == [] and state.holding("guesser") == [2, 3] and game.clock(state).running
    word = "ghost" if state.rules["secret"] != "ghost" else "plumb"
    state = post(game, state, GWEN, type="guess", word=word)
    view = seam.view(game, state, GUS)
    assert view["phase"] == "guessing" and view["turns"][0]["clues"] and "secret" not in view
    assert game.screens.now(view, GUS).headline.startswith("Your turn: agree on a guess (")
    assert seam.view(game, state, DISPLAY)["waiting_for"] == [2, 3]


# --- typed Banned Books cards: the 14 the rulebook does not describe ------------------------


def test_typed_cards_are_read_with_their_uses_and_badge():
    from games.fiction.game import typed_cards

    assert typed_cards("Swap two clue tokens (2); Peek (∞) ;", "librarian") == [
        {"side": "librarian", "text": "Swap two clue tokens", "payment": "feather", "uses": 2},
        {"side": "librarian", "text": "Peek", "payment": "feather", "uses": None},
    ]
    assert typed_cards("blue: Point to any letter; red: Skip a guess (1)", "guessers") == [
        {"side": "guessers", "text": "Point to any letter", "payment": "with-token", "uses": None},
        {"side": "guessers", "text": "Skip a guess", "payment": "discard-token", "uses": 1},
    ]


def test_typed_cards_join_the_deal_and_a_bad_one_stops_the_start(game):
    typed = {"ability_cards": True, "librarian_cards": "Card A (1); Card B (1); Card C (1); Card D (1); Card E (1)"}
    dealt = set()
    for seed in range(12):
        state = play.begin(game, scripted.PLAYERS, DEFAULTS | typed, random.Random(seed))
        dealt |= {card["text"] for card in state.rules["offers"]["librarian"]}
    assert dealt & {"Card A", "Card B", "Card C", "Card D", "Card E"}
    assert seam.check_setup(game, DEFAULTS | typed | {"librarian_cards": "Card A (0)"}, scripted.PLAYERS) == \
        "Uses of a typed card are a number from 1, or ∞: not (0)."
    assert seam.check_setup(game, DEFAULTS | {"librarian_cards": "Card A (0)"}, scripted.PLAYERS) is None  # cards off


# --- what the guessers' screen says the clues prove --------------------------------------------


def letter_states(html):
    """Each letter of a rendered alphabet board with the state its button says: {"E": "in the word", ...}."""
    return {m[0]: m[1] for m in re.findall(r'>([A-Z])<span class="sr-only"> ([^<,]+(?:, unless a lie)?)', html)}


def test_after_a_fiction_on_t_of_entry_the_guessers_board_says_the_other_letters_for_sure(game):
    """READY, hint D. ENTRY honestly ~✗✗~✓; Lena's lie is the ✓ under T, and the guessers' token says FICTION."""
    state = play.begin(game, scripted.PLAYERS, DEFAULTS, random.Random(0))
    state = post(game, state, LENA, type="choose_secret", word="ready", hint="d")
    state = post(game, post(game, state, LENA, type="start_first_half"), GWEN, type="guess", word="entry")
    state = post(game, state, LENA, type="share_clues", clues=list("~✗✓~✓"))
    board = letter_states(render_region(game, "alphabet", seam.view(game, state, GWEN), GWEN))
    assert board["E"] == "in the word, unless a lie" and board["N"] == "not in the word, unless a lie"
    state = post(game, state, GWEN, type="fact_fiction", position=2)
    view = seam.view(game, state, GWEN)
    board = letter_states(render_region(game, "alphabet", view, GWEN))
    assert [board[c] for c in "ENRYD"] == ["in the word", "not in the word", "in the word", "in the word", "in the word"]
    assert board["T"] == "no clue yet"  # a lying ✓ could hide a ~ or a ✗
    rows = render_region(game, "guess_rows", view, GWEN)
    assert "The lie is under T: every other clue is honest" in rows and "Exactly one of these clues" not in rows


def test_the_row_note_follows_the_tokens_and_the_lies_a_row_may_hold(game):
    """Lie about +1 letter: ENTRY honestly ~✗✗~✓, shared with lies under E and Y."""
    state = play.begin(game, scripted.PLAYERS, DEFAULTS | {"ability_cards": True}, random.Random(0))
    state = post(game, state, LENA, type="choose_ability", card="lie-plus-one")
    state = post(game, state, GUS, type="choose_ability", card="any-five-letters")
    state = post(game, state, LENA, type="choose_secret", word="ready", hint="d")
    state = post(game, post(game, state, LENA, type="start_first_half"), GUS, type="guess", word="entry")
    state = post(game, state, LENA, type="share_clues", clues=list("✓✗✗~✗"))
    note = lambda: re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", re.search(  # noqa: E731  the note's text, as read
        r'<p class="board-note[^"]*">(.*?)</p>', render_region(game, "guess_rows", seam.view(game, state, GWEN), GWEN),
        re.S)[1])).strip()
    assert note() == "1 or 2 of these clues may be lies"
    state = post(game, state, GWEN, type="fact_fiction", position=0)
    assert note() == "A lie is under E; 0 or 1 more may be among the clues under N, T, R and Y"
    state = post(game, state, GWEN, type="fact_fiction", position=4)
    assert note() == "The lies are under E and Y: every other clue is honest"
    assert letter_states(render_region(game, "alphabet", seam.view(game, state, GWEN), GWEN))["N"] == "not in the word"


def test_the_lie_brarians_card_says_how_many_lies_her_card_allows(game):
    state = play.begin(game, scripted.PLAYERS, DEFAULTS | {"ability_cards": True}, random.Random(0))
    state = post(game, state, LENA, type="choose_ability", card="lie-zero")
    state = post(game, state, GUS, type="choose_ability", card="any-five-letters")
    state = post(game, state, LENA, type="choose_secret", word="ready", hint="r")
    state = post(game, post(game, state, LENA, type="start_first_half"), GUS, type="guess", word="entry")
    view = seam.view(game, state, LENA)
    assert game.screens.now(view, LENA).headline == "Give the clues for this guess, with zero or one lie"
    picker = render_region(game, "clue_picker", view, LENA)
    assert "Change zero or one clue below them" in picker and "Under one letter" not in picker
    state = post(game, state, LENA, type="share_clues", clues=list("~✗✗~✓"))  # honest: a feather crossed off
    note = render_region(game, "guess_rows", seam.view(game, state, GWEN), GWEN)
    assert "0 or 1 of these clues may be lies" in note


def test_a_game_the_host_ends_tells_every_seat_the_word_and_that_nobody_won(game):
    state = post(game, begun(game), GWEN, type="guess", word="entry")
    state = post(game, state, LENA, type="share_clues", clues=list("~✗✗~✗"))
    ended = play.end(game, state)
    assert seam.outcome(game, ended) == Outcome((), "ended") and ended.players == state.players
    for viewer in (LENA, GUS, GWEN, DISPLAY):
        view = seam.view(game, ended, viewer)
        assert view["secret"] == "ready" and view["outcome"]["winner"] is None
        assert view["turns"][0]["tiles"][4]["lie"] and view["turns"][0]["honest"] == "~✗✗~✓"
        now = game.screens.now(view, viewer)
        assert (now.headline, now.detail) == ("The host ended the game: nobody wins", "The secret word was READY.")


def test_a_game_ended_before_the_word_was_chosen_says_so(game):
    state = play.begin(game, scripted.PLAYERS, DEFAULTS, random.Random(0))
    view = seam.view(game, play.end(game, state), GUS)
    assert game.screens.now(view, GUS).detail == "No secret word had been chosen."


# --- what the last move settled, on every now card ------------------------------------------


def test_after_a_shared_row_each_side_hears_what_came_of_it_until_the_next_guess(game):
    state = post(game, begun(game), GWEN, type="guess", word="entry")
    state = post(game, state, LENA, type="share_clues", clues=list("~✗✗~✗"))  # a lie under the Y
    now = lambda viewer: game.screens.now(seam.view(game, state, viewer), viewer)  # noqa: E731
    # The news first, then what the Guessers weigh their next guess by.
    assert now(GWEN).headline == "Your turn: agree on a guess (4 left)"
    assert now(GWEN).detail == "The Lie-brarian shared the clues for ENTRY: 1 lie among them."
    assert now(DISPLAY).detail == ("The Lie-brarian shared the clues for ENTRY: 1 lie among them. "
                                   "4 guesses left in the first half · 3 Fact/Fiction tokens.")
    assert now(LENA).detail.startswith("You shared the clues for ENTRY: the lie is under the 5th letter. 4 guesses")
    state = post(game, state, GWEN, type="guess", word="ready")  # the next step: no news
    assert "shared" not in now(LENA).detail


def test_an_answered_token_leads_every_now_card_with_fact_or_fiction(game):
    state = post(game, begun(game), GWEN, type="guess", word="entry")
    state = post(game, state, LENA, type="share_clues", clues=list("~✗✗~✗"))
    state = post(game, state, GUS, type="fact_fiction", position=4)
    now = lambda viewer: game.screens.now(seam.view(game, state, viewer), viewer)  # noqa: E731
    assert now(GWEN).detail == "Your token on the 5th letter of ENTRY: FICTION."
    assert now(LENA).detail.startswith("The Guessers' token on the 5th letter of ENTRY: FICTION. 4 guesses")
    assert now(DISPLAY).detail == now(LENA).detail
    state = post(game, state, GUS, type="guess", word="tardy")
    assert "token" not in now(GWEN).detail.lower().replace("fact/fiction tokens", "")


def test_the_fifth_shared_row_and_halftime_lead_the_now_card_until_the_second_half(game):
    state = begun(game)
    for word in ("entry", "tardy", "crane", "ghost", "plumb"):
        state = post(game, state, GWEN, type="guess", word=word)
        honest = seam.view(game, state, LENA)["turns"][-1]["honest"]
        lie = {"✓": "✗", "~": "✓", "✗": "~"}[honest[0]]
        state = post(game, state, LENA, type="share_clues", clues=[lie, *honest[1:]])
    now = lambda viewer: game.screens.now(seam.view(game, state, viewer), viewer)  # noqa: E731
    assert now(GWEN).detail.startswith("The Lie-brarian shared the clues for PLUMB: 1 lie among them. "
                                       "Five guesses made: it is halftime.")
    assert now(LENA).detail.startswith("You shared the clues for PLUMB: the lie is under the 1st letter.")
    state = post(game, state, GUS, type="start_second_half")
    assert "shared" not in now(GWEN).detail and "halftime" not in now(GWEN).detail


def test_a_halftime_by_the_clock_says_the_first_timer_expired(game):
    state = play.expire(game, begun(game))
    assert game.screens.now(seam.view(game, state, GWEN), GWEN).detail.startswith("The first timer expired: it is halftime.")


def test_the_largest_table_hears_a_feather_crossed_off_and_one_or_two_lies(game):
    states = play_script(game, scripted_largest)
    lena, gwen = scripted_largest.PLAYERS[0], scripted_largest.PLAYERS[2]
    after_plumb = next(s for s in states if s.rules["turns"] and s.rules["turns"][-1]["guess"] == "plumb"
                       and s.rules["phase"] == "guessing")
    assert game.screens.now(seam.view(game, after_plumb, gwen), gwen).detail == \
        "The Lie-brarian shared the clues for PLUMB: 1 or 2 lies among them."
    assert game.screens.now(seam.view(game, after_plumb, lena), lena).detail.startswith(
        "You shared the clues for PLUMB: the lies are under the 1st letter and the 4th letter; a feather crossed off. ")
