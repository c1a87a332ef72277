"""Where the Fiction rules draw their lines: each refusal's reason, and both sides of each boundary."""

import json
import random
from dataclasses import replace

import pytest

from games.fiction.rules import (
    GameState,
    IllegalClues,
    IllegalSecret,
    IllegalSetup,
    Options,
    Row,
    RulesError,
    apply,
    honest_clues,
    new_game,
    player_view,
    word_list,
)
from games.fiction.rules.game import _need_token_and_guess, _probe
from games.fiction.rules.words import common_words

from .conftest import GUESSERS, LENA, TABLE, one_lie, play_turn, started
from .test_rules_app_librarian import most_words
from .test_rules_game import refused

CARDS = Options(ability_cards=True)
APP = Options(app_librarian=True)


def secret_move(word, hint, override=False):
    return {"type": "choose_secret", "word": word, "hint": hint, "override": override}


def moves(state, seat):
    """The moves a seat's screen offers, and whether each is open now."""
    return [(m["type"], m["allowed"]) for m in player_view(state, seat)["legal_moves"]]


# --- setup ------------------------------------------------------------------------------


def test_the_app_as_lie_brarian_and_clue_check_cannot_be_played_together():
    """Clue check is for a human Lie-brarian at a paper game; the app needs no check."""
    with pytest.raises(IllegalSetup) as caught:
        new_game(Options(app_librarian=True, clue_check=True), rng=random.Random(1))
    assert caught.value.reason == "modes"


def test_typed_cards_need_the_ability_cards_option():
    """Cards typed at setup are refused when the table plays without Banned Books."""
    with pytest.raises(IllegalSetup) as caught:
        new_game(Options(), rng=random.Random(0), custom_cards=[{"side": "librarian", "text": "Peek."}])
    assert caught.value.reason == "cards-off"


def test_typed_cards_are_numbered_from_1_in_the_order_the_table_typed_them():
    """The first card the table typed is card 1, whichever side it is for."""
    typed = [{"side": "librarian", "text": "First typed."}, {"side": "guessers", "text": "Second typed."}]
    dealt = {}
    for seed in range(10):
        state = new_game(CARDS, rng=random.Random(seed), custom_cards=typed)
        dealt |= {c.id: c.text for side in ("librarian", "guessers") for c in state.offer(side) if c.custom}
    assert dealt == {"custom-1": "First typed.", "custom-2": "Second typed."}


# --- the app as Lie-brarian -------------------------------------------------------------------


def test_the_app_needs_a_random_source_to_draw_its_secret():
    """Randomness is passed in: without it the app cannot draw a secret."""
    with pytest.raises(IllegalSetup) as caught:
        new_game(APP)
    assert caught.value.reason == "rng-required"


def test_in_a_red_word_game_the_app_may_draw_a_secret_that_repeats_a_letter():
    """With red words on, the app draws from every common word, repeats included."""
    red_app = Options(app_librarian=True, red_words=True)
    secrets = {new_game(red_app, rng=random.Random(seed)).secret for seed in range(20)}
    assert secrets <= set(common_words()) and any(len(set(word)) < 5 for word in secrets)


def test_the_app_counts_the_hint_letter_when_it_picks_its_lie():
    # GRAVE with the hint G, guessed CRANE: the lie that leaves the most words differs with and without the hint
    state = replace(new_game(APP, rng=random.Random(0)), secret="grave", hint="g")
    shared = apply(state, GUESSERS, {"type": "guess", "word": "crane"}).turns[-1].shared
    honest = honest_clues("grave", "crane")
    assert shared in most_words([], "crane", honest, word_list(), "g")
    assert shared not in most_words([], "crane", honest, word_list(), None)


def test_the_app_shares_the_same_lie_every_time_for_the_same_game():
    # READY against FORKS: two lies tie for the most words left, and the same one is always shared
    state = replace(new_game(APP, rng=random.Random(0)), secret="ready", hint="r")
    assert len(most_words([], "forks", honest_clues("ready", "forks"), word_list(), "r")) == 2
    shared = {apply(state, GUESSERS, {"type": "guess", "word": "forks"}).turns[-1].shared for _ in range(20)}
    assert len(shared) == 1


# --- which moves each screen offers ----------------------------------------------------------


def test_in_setup_with_cards_both_sides_are_offered_their_card_choice():
    """Each side's screen offers it one of its two dealt cards before play."""
    state = new_game(CARDS, rng=random.Random(0))
    assert moves(state, LENA) == [("choose_ability", True), ("choose_secret", True), ("start_first_half", False)]
    assert moves(state, GUESSERS) == [("choose_ability", True)]


def test_a_clue_check_game_offers_no_first_half_to_start():
    """In clue check the timer runs on paper: Lena's screen has no start button."""
    assert moves(new_game(Options(clue_check=True)), LENA) == [("choose_secret", True)]


def test_use_ability_is_offered_only_for_a_guesser_card_paid_by_discarding_a_token():
    """Only a red-cross card gets a "use ability" button; a blue one rides on a token."""
    playing = [("mark_letter", True), ("guess", True), ("fact_fiction", False)]
    assert moves(started(guessers="any-five-letters"), GUESSERS) == playing + [("use_ability", True)]
    assert moves(started(guessers="vowel-in-any-guess"), GUESSERS) == playing


def test_a_moves_probe_refuses_the_wrong_seat_then_the_wrong_phase_then_its_own_checks(lena_game):
    """A greyed-out button says why in order: not your seat, not now, then no token or no guess."""
    # fact_fiction's probe, built here: the module builds its own once, at import
    probe = _probe((GUESSERS,), ("guessing",), _need_token_and_guess)
    for state, seat, reason in [
        (lena_game, LENA, "not-your-turn"),
        (apply(lena_game, GUESSERS, {"type": "guess", "word": "entry"}), GUESSERS, "wrong-phase"),
        (lena_game, GUESSERS, "no-guess"),
    ]:
        with pytest.raises(RulesError) as caught:
            probe(state, seat)
        assert caught.value.reason == reason
    assert probe(play_turn(lena_game, "entry"), GUESSERS) is None


# --- the secret and the hint ------------------------------------------------------------------


def test_a_secret_from_the_dictionary_is_not_marked_as_confirmed():
    """Lena's screen says a secret was confirmed only when she confirmed one."""
    state = apply(new_game(), LENA, secret_move("ready", "r"))
    assert state.secret_override is False and player_view(state, LENA)["secret_override"] is False


def test_a_proper_noun_secret_may_be_confirmed_like_any_word_the_dictionary_lacks():
    """A proper noun on the book card is a warning Lena can confirm, like an unknown word."""
    error = refused(new_game(), LENA, secret_move("texas", "t"), "proper-noun", IllegalSecret)
    assert error.overridable
    state = apply(new_game(), LENA, secret_move("texas", "t", override=True))
    assert (state.secret, state.secret_override) == ("texas", True)


def test_in_a_red_word_game_a_confirmed_secret_may_repeat_a_letter_and_can_be_guessed():
    """Red words: a confirmed secret may repeat a letter, and the guessers can still win with it."""
    refused(new_game(), LENA, secret_move("bazoo", "z", override=True), "repeated-letters", IllegalSecret)
    state = apply(new_game(Options(red_words=True)), LENA, secret_move("bazoo", "z", override=True))
    assert (state.secret, state.secret_override) == ("bazoo", True)
    state = apply(state, LENA, {"type": "start_first_half"})
    refused(state, GUESSERS, {"type": "guess", "word": "bazoo"}, "house-word")
    state = apply(state, GUESSERS, {"type": "guess", "word": "bazoo", "table_agreed": True})
    assert state.outcome.winner == "guessers"


@pytest.mark.parametrize("hint", ["re", "", "  ", "z", None, 7])
def test_the_hint_is_exactly_one_letter_of_the_secret(hint):
    """The hint is one letter in the secret: not two, not blank, not a letter it lacks."""
    refused(new_game(), LENA, secret_move("ready", hint), "hint-not-in-secret", IllegalSecret)


def test_the_hint_may_be_typed_in_capitals_or_with_spaces():
    """A hint typed as " Y " is the letter y."""
    assert apply(new_game(), LENA, secret_move("ready", " Y ")).hint == "y"


# --- clue check ------------------------------------------------------------------------------


def test_a_checked_row_takes_any_five_letters_even_repeated_ones_in_a_yellow_game():
    """The paper guess was agreed at the table: the check takes any five letters."""
    state = apply(new_game(Options(clue_check=True)), LENA, secret_move("ready", "r"))
    state = apply(state, LENA, {"type": "check_row", "guess": "GEESE", "clues": "✗✓✗✗~"})
    state = apply(state, LENA, {"type": "check_row", "guess": "zzzzz", "clues": "✗✗✗✗✓"})
    assert [guess for guess, _ in state.checks] == ["geese", "zzzzz"]


# --- the alphabet board -----------------------------------------------------------------------


def test_the_guessers_may_mark_letters_while_guessing_while_lena_deceives_and_at_halftime(lena_game):
    """The alphabet board is the guessers' own notes: open while the clock runs, while paused and at halftime."""
    deceiving = apply(lena_game, GUESSERS, {"type": "guess", "word": "entry"})
    halftime = apply(lena_game, TABLE, {"type": "timer_expired"})
    mark = {"type": "mark_letter", "letter": "q", "mark": "out"}
    for state in (lena_game, deceiving, halftime):
        assert apply(state, GUESSERS, mark).marks == (("q", "out"),)
    refused(new_game(), GUESSERS, mark, "wrong-phase")
    refused(apply(lena_game, GUESSERS, {"type": "guess", "word": "ready"}), GUESSERS, mark, "game-over")


def test_a_mark_goes_on_one_letter_from_a_to_z(lena_game):
    """Both ends of the alphabet take a mark; the characters either side of it do not."""
    for letter, marked in [("a", "a"), ("z", "z"), (" Z ", "z")]:
        state = apply(lena_game, GUESSERS, {"type": "mark_letter", "letter": letter, "mark": "in"})
        assert state.marks == ((marked, "in"),)
    for letter in ["`", "{", "@", "[", "", "ab", 7, None]:
        refused(lena_game, GUESSERS, {"type": "mark_letter", "letter": letter, "mark": "in"}, "letter")


# --- guesses -----------------------------------------------------------------------------------


def test_an_ordinary_guess_is_neither_a_table_word_nor_a_free_guess(lena_game):
    """A dictionary guess shows no house-word or free-guess badge, and no free guess waits."""
    view = player_view(apply(lena_game, GUESSERS, {"type": "guess", "word": "entry"}), GUESSERS)
    row = view["turns"][0]
    assert row["table_word"] is False and row["free_guess"] is False and view["free_guess_pending"] is False


def test_a_winning_guess_is_shown_with_five_checks(lena_game):
    """The winning row shows its honest clues: five checks."""
    state = apply(lena_game, GUESSERS, {"type": "guess", "word": "ready"})
    assert state.turns[-1].shared == honest_clues("ready", "ready")
    assert player_view(state, GUESSERS)["turns"][-1]["clues"] == "✓✓✓✓✓"


def test_in_a_red_word_game_a_free_guess_may_repeat_a_letter():
    """Red words with "5 letters that don't spell a word": the free guess may repeat a letter."""
    state = started(options=Options(red_words=True, ability_cards=True), guessers="any-five-letters")
    state = apply(apply(state, GUESSERS, {"type": "use_ability"}), GUESSERS, {"type": "guess", "word": "qqxxz"})
    assert (state.turns[-1].guess, state.turns[-1].free_guess) == ("qqxxz", True)


def test_in_a_red_word_game_the_table_may_allow_a_non_word_that_repeats_a_letter():
    """Red words with the house rule: the table may allow a non-word that repeats a letter."""
    state = started(options=Options(red_words=True, house_words=True))
    state = apply(state, GUESSERS, {"type": "guess", "word": "bazoo", "table_agreed": True})
    assert (state.turns[-1].guess, state.turns[-1].table_word) == ("bazoo", True)


# --- abilities ----------------------------------------------------------------------------------


def test_lena_cannot_cross_off_a_feather_without_a_card(lena_game):
    """Lena has no feathers to cross off without a Lie-brarian card."""
    state = apply(lena_game, GUESSERS, {"type": "guess", "word": "entry"})
    refused(state, LENA, {"type": "share_clues", "clues": "~✗✗~✗", "use_ability": True}, "no-ability", IllegalClues)


def test_any_five_letters_cannot_be_paid_for_twice_before_the_free_guess():
    """A second token cannot be discarded for a free guess already waiting."""
    state = apply(started(guessers="any-five-letters"), GUESSERS, {"type": "use_ability"})
    refused(state, GUESSERS, {"type": "use_ability"}, "ability-already-active")
    assert state.tokens == 2


# --- Fact/Fiction tokens ------------------------------------------------------------------------


def test_a_token_points_to_one_of_the_five_letters_numbered_0_to_4(lena_game):
    """A token goes on the first to the fifth letter; nothing before, after or not a number."""
    state = play_turn(lena_game, "entry", lie_at=4)
    assert apply(state, GUESSERS, {"type": "fact_fiction", "position": 0}).turns[0].facts == {0}
    assert apply(state, GUESSERS, {"type": "fact_fiction", "position": 4}).turns[0].fictions == {4}
    for position in [-1, 5, True, 1.0, "1", None]:
        refused(state, GUESSERS, {"type": "fact_fiction", "position": position}, "position")


def test_an_earlier_guess_is_chosen_by_its_index_among_the_guesses():
    """With the vowel card a token may go on any guess made so far, and no other."""
    state = play_turn(play_turn(started(guessers="vowel-in-any-guess"), "entry", lie_at=0), "tiger", lie_at=2)
    assert apply(state, GUESSERS, {"type": "fact_fiction", "position": 0, "turn": 0}).turns[0].fictions == {0}
    assert apply(state, GUESSERS, {"type": "fact_fiction", "position": 0, "turn": 1}).turns[1].facts == {0}
    for turn in [-1, 2, True, False, "0", 1.0]:
        refused(state, GUESSERS, {"type": "fact_fiction", "position": 0, "turn": turn}, "no-such-guess")


def test_the_guessers_rows_carry_their_facts_and_fictions(lena_game):
    """What the tokens showed is part of what the guessers know about each row."""
    state = apply(play_turn(lena_game, "entry", lie_at=1), GUESSERS, {"type": "fact_fiction", "position": 0})
    state = apply(play_turn(state, "tiger", lie_at=2), GUESSERS, {"type": "fact_fiction", "position": 2})
    assert state.rows() == [
        Row("entry", one_lie("ready", "entry", 1), facts={0}),
        Row("tiger", one_lie("ready", "tiger", 2), fictions={2}),
    ]


# --- saved games --------------------------------------------------------------------------------


def test_a_won_game_with_a_confirmed_secret_and_a_table_word_loads_back_whole():
    """A reloaded game keeps the confirmed secret, the table's word and the winning guess."""
    state = apply(new_game(Options(house_words=True)), LENA, secret_move("zorbs", "z", override=True))
    state = apply(apply(state, LENA, {"type": "start_first_half"}), GUESSERS,
                  {"type": "guess", "word": "fykli", "table_agreed": True})
    state = apply(state, LENA, {"type": "share_clues", "clues": one_lie("zorbs", "fykli")})
    state = apply(state, GUESSERS, {"type": "guess", "word": "zorbs", "table_agreed": True})
    loaded = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert loaded == state
    assert (loaded.secret_override, loaded.turns[0].table_word, loaded.turns[1].correct) == (True, True, True)
