"""What each seat's screen is given, exactly, and saved games that load back whole.

The leak tests (test_rules_views.py) say what the guessers and the table display
must not see; these pin what every seat does see in states a table reaches:
a row with two lies and a token, a free guess pending in the second half, a
secret from the book card guessed at last, and a paper game's checked rows.
Guesses and checked rows are numbered from 1, as the players count them.
"""

import json
import random
from dataclasses import fields

import pytest

from games.fiction.rules import (
    KNOWN_CARDS,
    GameState,
    IllegalMove,
    IllegalSetup,
    Options,
    Outcome,
    Row,
    Termination,
    Turn,
    apply,
    new_game,
    parse_clues,
    player_view,
    waiting_for,
)

from .conftest import GUESSERS, LENA, TABLE, one_lie, play_turn, started

CARDS = {c.id: c for c in KNOWN_CARDS}
NO_OPTIONS = {name: False for name in Options().to_dict()}


def seen(state: GameState, seat):
    """``seat``'s view, each offered move reduced to whether it is allowed now (its refusal's words are the screen's)."""
    view = player_view(state, seat)
    return view | {"legal_moves": {m["type"]: m["allowed"] for m in view["legal_moves"]}}


def loaded(state: GameState) -> GameState:
    """``state`` saved as JSON and loaded back, as the platform stores a table's game."""
    return GameState.from_dict(json.loads(json.dumps(state.to_dict())))


# --- each seat's view ----------------------------------------------------------------


def two_lies_and_a_fiction_then_a_second_guess():
    """Lena (Lie about +1 letter) shares ENTRY with two lies; a token finds the first; TIGER awaits clues."""
    state = started(librarian="lie-plus-one", guessers="vowel-in-any-guess")
    state = apply(state, GUESSERS, {"type": "guess", "word": "entry"})  # honest ~✗✗~✓
    state = apply(state, LENA, {"type": "share_clues", "clues": "✓✗✗~✗"})  # lies at the E and the Y
    state = apply(state, GUESSERS, {"type": "fact_fiction", "position": 0})
    return apply(state, GUESSERS, {"type": "guess", "word": "tiger"})


def test_mid_game_each_seat_sees_the_shared_rows_and_cards_and_only_lena_her_lies_and_feathers():
    state = two_lies_and_a_fiction_then_a_second_guess()
    public_rows = [
        # one lie found, and a second may hide among the other four
        {"number": 1, "guess": "entry", "half": 1, "clues": "✓✗✗~✗", "correct": False, "facts": [], "fictions": [0],
         "possible_lies": [1, 2], "known_honest": [], "known_lies": [0], "free_guess": False, "table_word": False},
        {"number": 2, "guess": "tiger", "half": 1, "clues": None, "correct": False, "facts": [], "fictions": [],
         "possible_lies": [1, 2], "known_honest": [], "known_lies": [], "free_guess": False, "table_word": False},
    ]
    lie_plus_one = {"id": "lie-plus-one", "side": "librarian", "text": "Lie about +1 letter.", "payment": "feather",
                    "uses": 2, "lie_counts": [2], "custom": False}
    vowel_card = {"id": "vowel-in-any-guess", "side": "guessers", "text": "You may select a vowel in any previous guess.",
                  "payment": "with-token", "uses": None, "lie_counts": [1], "custom": False, "uses_left": None}
    guessers = {
        "game": "fiction",
        "seat": "guessers",
        "phase": "deceiving",
        "half": 1,
        "clock_running": False,  # paused while Lena gives clues
        "half_seconds": 600,
        "options": NO_OPTIONS | {"ability_cards": True},
        "hint": "r",
        "secret_chosen": True,
        "tokens": 2,
        "guesses_left_in_half": 3,
        "free_guess_pending": False,
        "marks": {},
        "turns": public_rows,
        # the hint R is in; the lying ✓ under E says nothing about E
        "letters": {"r": "in", "n": "out-maybe", "t": "out-maybe", "y": "out-maybe"},
        # her feathers are crossed off in secret: the guessers see her card, not its uses left
        "abilities": {"librarian": lie_plus_one, "guessers": vowel_card},
        "offer": [],
        "waiting_for": ["librarian"],
        "legal_moves": {"mark_letter": True, "guess": False, "fact_fiction": False},
        "outcome": None,
        "last_token": None,
        "words_left": None,
    }
    assert seen(state, GUESSERS) == guessers
    assert seen(state, TABLE) == guessers | {"seat": None, "legal_moves": {}}
    assert seen(state, LENA) == guessers | {
        "seat": "librarian",
        "turns": [
            public_rows[0] | {"honest": "~✗✗~✓", "lies": [0, 4], "ability_used": True},
            public_rows[1] | {"honest": "✗✗✗~~", "lies": None, "ability_used": False},  # not shared yet
        ],
        "abilities": {"librarian": lie_plus_one | {"uses_left": 1}, "guessers": vowel_card},
        "legal_moves": {"share_clues": True},
        "secret": "ready",
        "secret_override": False,
        "librarian_uses": 1,
    }


def test_second_half_shows_the_free_guess_pending_and_which_rows_were_free_or_table_words():
    options = Options(ability_cards=True, house_words=True, eight_minute_halves=True)
    state = play_turn(started(options=options, guessers="any-five-letters"), "entry", lie_at=4)
    state = apply(state, GUESSERS, {"type": "mark_letter", "letter": "y", "mark": "in"})
    state = apply(apply(state, TABLE, {"type": "timer_expired"}), TABLE, {"type": "start_second_half"})
    state = play_turn(apply(state, GUESSERS, {"type": "use_ability"}), "qzxwv")  # free: not a word
    state = apply(state, GUESSERS, {"type": "guess", "word": "zorbs", "table_agreed": True})
    state = apply(state, LENA, {"type": "share_clues", "clues": one_lie("ready", "zorbs", 2)})
    state = apply(state, GUESSERS, {"type": "use_ability"})  # the next guess is free again
    row = {"correct": False, "facts": [], "fictions": [], "possible_lies": [1], "known_honest": [], "known_lies": [],
           "free_guess": False, "table_word": False}
    guessers = {
        "game": "fiction",
        "seat": "guessers",
        "phase": "guessing",
        "half": 2,
        "clock_running": True,
        "half_seconds": 480,
        "options": NO_OPTIONS | {"ability_cards": True, "house_words": True, "eight_minute_halves": True},
        "hint": "r",
        "secret_chosen": True,
        "tokens": 1,
        "guesses_left_in_half": 3,
        "free_guess_pending": True,
        "marks": {"y": "in"},
        "turns": [
            row | {"number": 1, "guess": "entry", "half": 1, "clues": "~✗✗~✗"},
            # Z is out (below), so its ✗ here is honest
            row | {"number": 2, "guess": "qzxwv", "half": 2, "clues": "✓✗✗✗✗", "free_guess": True, "known_honest": [1]},
            # the ✗ under the hint R is the row's one lie, so the other four are honest
            row | {"number": 3, "guess": "zorbs", "half": 2, "clues": "✗✗✗✗✗", "table_word": True,
                   "known_honest": [0, 1, 3, 4], "known_lies": [2]},
        ],
        "letters": {"r": "in", "z": "out", "o": "out", "b": "out", "s": "out", "q": "in-maybe", "e": "in-maybe",
                    "t": "out-maybe", "n": "out-maybe", "x": "out-maybe", "v": "out-maybe", "y": "out-maybe",
                    "w": "out-maybe"},
        "abilities": {
            "librarian": {"id": "blank-l", "side": "librarian", "text": "(no effect)", "payment": "feather",
                          "uses": 1, "lie_counts": [1], "custom": True},
            "guessers": {"id": "any-five-letters", "side": "guessers", "payment": "discard-token",
                         "text": "Your next guess may be 5 letters that don't spell a word.",
                         "uses": None, "lie_counts": [1], "custom": False, "uses_left": None},
        },
        "offer": [],
        "waiting_for": ["guessers"],
        "legal_moves": {"mark_letter": True, "guess": True, "fact_fiction": True, "use_ability": False},
        "outcome": None,
        "last_token": None,
        "words_left": None,
    }
    assert seen(state, GUESSERS) == guessers
    assert seen(state, TABLE) == guessers | {"seat": None, "legal_moves": {}}
    assert loaded(state) == state and loaded(state).guessers_uses == 2


def test_a_secret_from_the_book_card_is_lenas_alone_until_the_guessers_win_and_then_everyones():
    state = apply(new_game(), LENA, {"type": "choose_secret", "word": "zorbs", "hint": "z", "override": True})
    lena = seen(state, LENA)
    assert (lena["secret"], lena["secret_override"], lena["librarian_uses"], lena["hint"]) == ("zorbs", True, 0, "z")
    assert seen(state, GUESSERS)["hint"] is None  # the hint is told when play starts
    state = play_turn(apply(state, LENA, {"type": "start_first_half"}), "entry", lie_at=1)
    state = apply(state, GUESSERS, {"type": "guess", "word": "zorbs", "table_agreed": True})
    guessers = {
        "game": "fiction",
        "seat": "guessers",
        "phase": "over",
        "half": 1,
        "clock_running": False,
        "half_seconds": 600,
        "options": NO_OPTIONS,
        "hint": "z",
        "secret_chosen": True,
        "tokens": 3,
        "guesses_left_in_half": 3,
        "free_guess_pending": False,
        "marks": {},
        "turns": [
            {"number": 1, "guess": "entry", "half": 1, "clues": "✗✓✗~✗", "correct": False, "facts": [], "fictions": [],
             "possible_lies": [1], "known_honest": [], "known_lies": [], "free_guess": False, "table_word": False,
             "honest": "✗✗✗~✗", "lies": [1], "ability_used": False},
            # the winning row holds no lie
            {"number": 2, "guess": "zorbs", "half": 1, "clues": "✓✓✓✓✓", "correct": True, "facts": [], "fictions": [],
             "possible_lies": [], "known_honest": [0, 1, 2, 3, 4], "known_lies": [], "free_guess": False,
             "table_word": True,
             "honest": "✓✓✓✓✓", "lies": [], "ability_used": False},
        ],
        "letters": {"z": "in", "r": "in-maybe", "n": "in-maybe", "e": "out-maybe", "t": "out-maybe", "y": "out-maybe"},
        "abilities": {"librarian": None, "guessers": None},
        "offer": [],
        "waiting_for": [],
        "legal_moves": {},
        "outcome": {"winner": "guessers", "termination": "guessed"},
        "last_token": None,
        "words_left": None,
        "secret": "zorbs",
        "secret_override": True,
        "librarian_uses": 0,
    }
    assert seen(state, GUESSERS) == guessers
    assert seen(state, TABLE) == guessers | {"seat": None}
    assert seen(state, LENA) == guessers | {"seat": "librarian"}
    assert loaded(state) == state and loaded(state).turns[-1].correct


def test_clue_check_lists_checked_rows_from_1_with_their_verdicts_and_the_honest_clues_to_lena_alone():
    state = apply(new_game(Options(clue_check=True)), LENA, {"type": "choose_secret", "word": "ready", "hint": "r"})
    state = apply(state, LENA, {"type": "check_row", "guess": "entry", "clues": "~✗✗~✗"})
    state = apply(state, LENA, {"type": "check_row", "guess": "tiger", "clues": "✗✗✗✓~"})
    guessers = {
        "game": "fiction",
        "seat": "guessers",
        "phase": "checking",
        "half": 1,
        "clock_running": False,
        "half_seconds": 600,
        "options": NO_OPTIONS | {"clue_check": True},
        "hint": "r",
        "secret_chosen": True,
        "tokens": 3,
        "guesses_left_in_half": 5,
        "free_guess_pending": False,
        "marks": {},
        "turns": [],
        "letters": {"r": "in"},
        "abilities": {"librarian": None, "guessers": None},
        "offer": [],
        "waiting_for": ["librarian"],
        "legal_moves": {},
        "outcome": None,
        "last_token": None,
        "words_left": None,
        "checks": [
            {"number": 1, "guess": "entry", "clues": "~✗✗~✗", "right": True, "correct": False, "warnings": []},
            {"number": 2, "guess": "tiger", "clues": "✗✗✗✓~", "right": True, "correct": False, "warnings": []},
        ],
    }
    assert seen(state, GUESSERS) == guessers
    assert seen(state, TABLE) == guessers | {"seat": None}
    assert seen(state, LENA) == guessers | {
        "seat": "librarian",
        "legal_moves": {"choose_secret": True, "check_row": True},
        "checks": [
            {"number": 1, "guess": "entry", "clues": "~✗✗~✗", "honest": "~✗✗~✓", "right": True,
             "lies": [{"position": 4, "shared": "✗", "honest": "✓"}], "correct": False, "warnings": []},
            {"number": 2, "guess": "tiger", "clues": "✗✗✗✓~", "honest": "✗✗✗~~", "right": True,
             "lies": [{"position": 3, "shared": "✓", "honest": "~"}], "correct": False, "warnings": []},
        ],
        "secret": "ready",
        "secret_override": False,
        "librarian_uses": 0,
    }


def test_setup_waits_on_lena_and_on_each_side_still_owing_an_ability_card():
    assert waiting_for(new_game()) == ["librarian"]  # no cards: only the secret is owed
    state = new_game(Options(ability_cards=True), rng=random.Random(0))
    assert waiting_for(state) == ["librarian", "guessers"]
    guessers_chose = apply(state, GUESSERS, {"type": "choose_ability", "card": state.offer(GUESSERS)[0].id})
    assert waiting_for(guessers_chose) == ["librarian"]
    lena_chose = apply(state, LENA, {"type": "choose_ability", "card": state.offer(LENA)[0].id})
    assert waiting_for(lena_chose) == ["librarian", "guessers"]  # she still owes the secret


def test_a_view_for_a_seat_that_does_not_exist_is_refused():
    with pytest.raises(IllegalMove) as e:
        player_view(new_game(), "gus")
    assert e.value.reason == "unknown-seat"


def test_a_side_without_an_ability_card_has_no_uses_left():
    state = started()
    assert (state.uses_left(LENA), state.uses_left(GUESSERS)) == (0, 0)


def test_the_solver_gets_each_shared_rows_facts_fictions_and_possible_lie_counts():
    state = two_lies_and_a_fiction_then_a_second_guess()
    state = apply(state, LENA, {"type": "share_clues", "clues": one_lie("ready", "tiger", 0)})
    state = apply(state, GUESSERS, {"type": "fact_fiction", "position": 3})  # the ~ under the E is honest
    assert state.rows() == [
        Row("entry", "✓✗✗~✗", lies={1, 2}, fictions={0}),
        Row("tiger", "✓✗✗~~", lies={1, 2}, facts={3}),
    ]
    won = apply(state, GUESSERS, {"type": "guess", "word": "ready"})
    assert won.rows() == state.rows()  # the winning row is no clue


# --- saved games ------------------------------------------------------------------------


def test_a_saved_game_with_every_field_set_loads_back_with_every_field():
    card = {"librarian": CARDS["lie-plus-one"], "guessers": CARDS["any-five-letters"]}
    turns = (
        Turn("entry", 1, parse_clues("~✗✗~✓"), shared=parse_clues("✓✗✗~✗"), ability_used=True,
             facts=frozenset({1}), fictions=frozenset({0})),
        Turn("qzxwv", 2, parse_clues("✗✗✗✗✗"), shared=parse_clues("✓✗✗✗✗"), free_guess=True),
        Turn("zorbs", 2, parse_clues("✗✗~✗✗"), shared=parse_clues("✗✗✗✗✗"), table_word=True),
        Turn("ready", 2, parse_clues("✓✓✓✓✓"), shared=parse_clues("✓✓✓✓✓"), correct=True),
    )
    state = GameState(
        options=Options(**{name: True for name in NO_OPTIONS}),  # a save keeps even options no table combines
        phase="over",
        half=2,
        secret="ready",
        hint="r",
        secret_override=True,
        turns=turns,
        tokens=0,
        offers=(("librarian", (CARDS["lie-zero"],)), ("guessers", (CARDS["vowel-in-any-guess"],))),
        librarian_card=card["librarian"],
        guessers_card=card["guessers"],
        librarian_uses=1,
        guessers_uses=2,
        free_guess_pending=True,
        outcome=Outcome("guessers", Termination.GUESSED),
        checks=(("entry", parse_clues("✓✗✗~✗")),),
        marks=(("q", "out"), ("y", "in")),
        last_token=(0, 1),
    )
    blank = GameState()
    assert [f.name for f in fields(GameState) if getattr(state, f.name) == getattr(blank, f.name)] == []
    assert [f.name for f in fields(Turn) if all(getattr(t, f.name) == f.default for t in turns)] == []
    assert loaded(state) == state


def test_a_save_written_before_clue_checks_and_alphabet_marks_still_loads():
    data = started().to_dict()
    del data["checks"], data["marks"]
    assert GameState.from_dict(data) == started()


def test_hard_mode_from_the_setup_form_keeps_every_other_option_switched_on():
    others = {"ability_cards": True, "house_words": True, "words_left": True, "clue_check": True, "app_librarian": True}
    assert Options.from_dict({"hard_mode": True, **others}) == Options.hard(**others)
    assert Options.hard(**others) == Options(**dict.fromkeys(NO_OPTIONS, True))
    assert Options.from_dict(others) == Options(**others)


@pytest.mark.parametrize(
    "data, reason",
    [
        ({"hard_mode": True, "red_wordz": True}, "unknown-option"),
        ({"timer": False}, "unknown-option"),
        ({"colour": True}, "unknown-option"),
        ({"red_words": True, "hard": True}, "unknown-option"),
        ({"red_words": 1}, "bad-option"),  # on or off, not a number
        ({"red_words": "yes"}, "bad-option"),
        ({"red_words": None}, "bad-option"),
        ({"house_words": "yes"}, "bad-option"),
        ({"hard_mode": None}, "bad-option"),
    ],
)
def test_setup_options_are_known_names_switched_on_or_off(data, reason):
    """A setup form that sends an option Fiction lacks, or a switch set to anything but on or off, is refused."""
    with pytest.raises(IllegalSetup) as e:
        Options.from_dict(data)
    assert e.value.reason == reason


@pytest.mark.parametrize("version", [None, 1, 3, "2"])
def test_a_save_from_another_version_is_refused(version):
    data = started().to_dict() | {"version": version}
    with pytest.raises(IllegalSetup) as e:
        GameState.from_dict(data)
    assert e.value.reason == "version"
    assert GameState.from_dict(data | {"version": 2}) == started()
