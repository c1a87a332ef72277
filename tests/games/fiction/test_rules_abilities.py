"""Banned Books ability cards: dealing, choosing, the four described cards, typed cards."""

import random

import pytest

from games.fiction.rules import (
    KNOWN_CARDS,
    AbilityCard,
    IllegalSetup,
    Options,
    RulesError,
    apply,
    honest_clues,
    new_game,
    player_view,
)
from games.fiction.rules.abilities import custom_card, deal

from .conftest import GUESSERS, LENA, one_lie, play_turn, started

CARDS = Options(ability_cards=True)


def refused(state, seat, move, reason):
    with pytest.raises(RulesError) as caught:
        apply(state, seat, move)
    assert caught.value.reason == reason, str(caught.value)
    return caught.value


def test_the_four_described_cards_as_data():
    cards = {c.id: (c.side, c.text, c.payment, c.uses) for c in KNOWN_CARDS}
    assert cards == {
        "any-five-letters": ("guessers", "Your next guess may be 5 letters that don't spell a word.", "discard-token", None),
        "vowel-in-any-guess": ("guessers", "You may select a vowel in any previous guess.", "with-token", None),
        "lie-plus-one": ("librarian", "Lie about +1 letter.", "feather", 2),
        "lie-zero": ("librarian", "Lie about 0 letters.", "feather", None),
    }


def test_setup_deals_two_cards_to_each_side_from_the_rng():
    typed = [{"side": "librarian", "text": f"Secret card {n}", "uses": 1} for n in range(6)]
    one = new_game(CARDS, rng=random.Random(7), custom_cards=typed)
    two = new_game(CARDS, rng=random.Random(7), custom_cards=typed)
    assert one == two  # the randomness is all in the rng passed in
    assert len(one.offer("librarian")) == 2 and len(one.offer("guessers")) == 2
    assert all(c.side == "librarian" for c in one.offer("librarian"))
    dealt = {tuple(c.id for c in new_game(CARDS, rng=random.Random(seed), custom_cards=typed).offer("librarian")) for seed in range(20)}
    assert len(dealt) > 1


def test_dealing_ability_cards_needs_an_rng():
    with pytest.raises(IllegalSetup) as caught:
        new_game(CARDS)
    assert caught.value.reason == "rng-required"


def test_each_side_picks_one_of_its_two_cards_and_it_is_shown_to_all():
    state = new_game(CARDS, rng=random.Random(1))
    mine = state.offer("guessers")[1].id
    refused(state, GUESSERS, {"type": "choose_ability", "card": state.offer("librarian")[0].id}, "not-dealt")
    state = apply(state, GUESSERS, {"type": "choose_ability", "card": mine})
    state = apply(state, LENA, {"type": "choose_ability", "card": state.offer("librarian")[0].id})
    state = apply(state, LENA, {"type": "choose_secret", "word": "ready", "hint": "r"})
    state = apply(state, LENA, {"type": "start_first_half"})
    for seat in (None, GUESSERS, LENA):
        view = player_view(state, seat)
        assert view["abilities"]["guessers"]["id"] == mine
        assert view["abilities"]["librarian"]["id"] == state.librarian_card.id
    assert state.offers == ()  # the other cards go back in the box


def test_first_half_waits_for_both_cards():
    state = new_game(CARDS, rng=random.Random(1))
    state = apply(state, LENA, {"type": "choose_secret", "word": "ready", "hint": "r"})
    refused(state, LENA, {"type": "start_first_half"}, "setup-incomplete")


def test_cards_cannot_be_chosen_without_the_option():
    refused(new_game(), GUESSERS, {"type": "choose_ability", "card": "lie-zero"}, "cards-off")


# --- "Your next guess may be 5 letters that don't spell a word." -------------------------


def test_discarding_a_token_lets_the_next_guess_be_any_five_letters():
    state = started(guessers="any-five-letters")
    refused(state, GUESSERS, {"type": "guess", "word": "fykli"}, "not-a-word")
    state = apply(state, GUESSERS, {"type": "use_ability"})
    assert state.tokens == 2 and state.free_guess_pending
    state = apply(state, GUESSERS, {"type": "guess", "word": "fykli"})
    assert state.turns[-1].free_guess and not state.free_guess_pending
    state = apply(state, LENA, {"type": "share_clues", "clues": one_lie("ready", "fykli")})
    refused(state, GUESSERS, {"type": "guess", "word": "chaud"}, "not-a-word")  # only the next guess


def test_any_five_letters_still_means_five_letters():
    state = apply(started(guessers="any-five-letters"), GUESSERS, {"type": "use_ability"})
    refused(state, GUESSERS, {"type": "guess", "word": "fykl"}, "length")


def test_any_five_letters_can_be_used_once_per_token():
    state = started(guessers="any-five-letters")
    for word in ["fykli", "qwzxv", "plomk"]:
        state = apply(state, GUESSERS, {"type": "use_ability"})
        state = play_turn(state, word)
    assert state.tokens == 0
    refused(state, GUESSERS, {"type": "use_ability"}, "no-tokens")


def test_use_ability_needs_a_discard_card(lena_game):
    refused(lena_game, GUESSERS, {"type": "use_ability"}, "no-ability")
    refused(started(guessers="vowel-in-any-guess"), GUESSERS, {"type": "use_ability"}, "no-ability")


# --- "You may select a vowel in any previous guess." ------------------------------------


def test_vowel_card_lets_a_token_go_on_a_vowel_of_an_earlier_guess():
    state = started(guessers="vowel-in-any-guess")
    state = play_turn(state, "entry", lie_at=0)  # the E of ENTRY is the lie
    state = play_turn(state, "tiger")
    state = apply(state, GUESSERS, {"type": "fact_fiction", "position": 0, "turn": 0})
    assert state.turns[0].fictions == {0}
    assert state.guessers_uses == 1 and state.tokens == 2


def test_vowel_card_refuses_a_consonant_of_an_earlier_guess():
    state = play_turn(play_turn(started(guessers="vowel-in-any-guess"), "entry"), "tiger")
    refused(state, GUESSERS, {"type": "fact_fiction", "position": 1, "turn": 0}, "not-a-vowel")


# --- "Lie about +1 letter." (2 uses) ------------------------------------------------------


def two_lies():
    return "✓✓✗~✓"  # ENTRY against READY is ~✗✗~✓: lies at 0 and 1


def test_lie_plus_one_allows_two_lies_twice_a_game():
    state = started(librarian="lie-plus-one")
    for word in ["entry", "entry"]:
        state = apply(state, GUESSERS, {"type": "guess", "word": word})
        state = apply(state, LENA, {"type": "share_clues", "clues": two_lies()})
        assert state.turns[-1].ability_used
    assert state.librarian_uses == 2
    state = apply(state, GUESSERS, {"type": "guess", "word": "entry"})
    refused(state, LENA, {"type": "share_clues", "clues": two_lies()}, "no-ability-uses")
    state = apply(state, LENA, {"type": "share_clues", "clues": "~✗✗~✗"})  # one lie is still fine
    assert not state.turns[-1].ability_used


def test_lie_plus_one_never_allows_zero_or_three_lies():
    state = apply(started(librarian="lie-plus-one"), GUESSERS, {"type": "guess", "word": "entry"})
    refused(state, LENA, {"type": "share_clues", "clues": "~✗✗~✓"}, "lie-count")
    refused(state, LENA, {"type": "share_clues", "clues": "✓✓✓~✓"}, "lie-count")


def test_guessers_rows_allow_one_or_two_lies_with_lie_plus_one():
    state = play_turn(started(librarian="lie-plus-one"), "entry")
    assert state.rows()[0].lies == {1, 2}
    assert player_view(state, GUESSERS)["turns"][0]["possible_lies"] == [1, 2]


# --- "Lie about 0 letters." (unlimited, once per guess) -----------------------------------


def test_lie_zero_allows_honest_rows_as_often_as_lena_likes():
    state = started(librarian="lie-zero")
    for word in ["entry", "tiger", "frogs", "plumb"]:
        state = apply(state, GUESSERS, {"type": "guess", "word": word})
        honest = "".join(c.value for c in honest_clues("ready", word))
        state = apply(state, LENA, {"type": "share_clues", "clues": honest})
        assert state.turns[-1].ability_used and state.turns[-1].lies == frozenset()
    assert state.uses_left("librarian") is None
    assert state.rows()[0].lies == {0, 1}


def test_lie_zero_cannot_be_combined_with_a_lie_on_the_same_guess():
    state = apply(started(librarian="lie-zero"), GUESSERS, {"type": "guess", "word": "entry"})
    refused(state, LENA, {"type": "share_clues", "clues": "✓✓✗~✓"}, "lie-count")


def test_feathers_are_secret_from_the_guessers_until_the_end():
    state = started(librarian="lie-zero")
    state = apply(state, GUESSERS, {"type": "guess", "word": "entry"})
    state = apply(state, LENA, {"type": "share_clues", "clues": "~✗✗~✓"})
    assert "ability_used" not in player_view(state, GUESSERS)["turns"][0]
    assert "uses_left" not in player_view(state, None)["abilities"]["librarian"]
    assert player_view(state, LENA)["turns"][0]["ability_used"] is True


# --- typed cards ------------------------------------------------------------------------


def test_a_typed_card_is_tracked_by_its_uses():
    typed = AbilityCard("custom-1", "librarian", "Swap two clue tokens.", "feather", uses=1)
    state = started(librarian=typed)
    state = apply(state, GUESSERS, {"type": "guess", "word": "entry"})
    state = apply(state, LENA, {"type": "share_clues", "clues": "~✗✗~✗", "use_ability": True})
    assert state.turns[-1].ability_used and state.uses_left("librarian") == 0
    state = apply(state, GUESSERS, {"type": "guess", "word": "tiger"})
    refused(state, LENA, {"type": "share_clues", "clues": one_lie("ready", "tiger"), "use_ability": True}, "no-ability-uses")


def test_typed_guesser_card_paid_by_discarding_a_token():
    typed = AbilityCard("custom-2", "guessers", "Ask whether a letter is a vowel.", "discard-token", uses=2)
    state = started(guessers=typed)
    state = apply(apply(state, GUESSERS, {"type": "use_ability"}), GUESSERS, {"type": "use_ability"})
    assert state.tokens == 1 and state.uses_left("guessers") == 0
    refused(state, GUESSERS, {"type": "use_ability"}, "no-ability-uses")


def test_typed_with_token_card_is_used_with_a_fact_fiction_token_and_counts_its_uses():
    # "with-token" (the blue badge): the card is used together with a Fact/Fiction token
    typed = AbilityCard("custom-3", "guessers", "Ask which half of the alphabet a letter is in.", "with-token", uses=1)
    state = play_turn(started(guessers=typed), "entry", lie_at=4)
    used = apply(state, GUESSERS, {"type": "fact_fiction", "position": 4, "use_ability": True})
    assert used.turns[-1].fictions == {4} and used.tokens == 2
    assert used.guessers_uses == 1 and used.uses_left("guessers") == 0
    plain = apply(state, GUESSERS, {"type": "fact_fiction", "position": 4})
    assert plain.guessers_uses == 0 and plain.tokens == 2  # a token on its own spends no use
    refused(play_turn(used, "tiger"), GUESSERS, {"type": "fact_fiction", "position": 0, "use_ability": True},
            "no-ability-uses")


def test_a_card_not_used_with_a_token_cannot_ride_on_one():
    typed = AbilityCard("custom-4", "guessers", "Ask whether a letter is a vowel.", "discard-token", uses=2)
    state = play_turn(started(guessers=typed), "entry")
    refused(state, GUESSERS, {"type": "fact_fiction", "position": 0, "use_ability": True}, "no-ability")


def test_typed_cards_join_the_deck_and_round_trip():
    typed = {"side": "guessers", "text": "Look at the book card's back.", "payment": "with-token", "uses": 3}
    state = new_game(CARDS, rng=random.Random(2), custom_cards=[typed])
    from games.fiction.rules import GameState

    assert GameState.from_dict(state.to_dict()) == state


@pytest.mark.parametrize(
    "card, reason",
    [
        ({"side": "guessers", "text": "x", "payment": "feather"}, "card-payment"),
        ({"side": "judge", "text": "x", "payment": "feather"}, "card-side"),
        ({"side": "librarian", "text": "x", "uses": 0}, "card-uses"),
        ({"side": "librarian", "text": "  "}, "card-text"),
        ({"side": "librarian"}, "card-incomplete"),
        ({"side": "judge", "text": "x"}, "card-side"),  # no payment to guess for a side that does not exist
        ({"side": "librarian", "text": "x", "uses": True}, "card-uses"),
        ({"side": "librarian", "text": "x", "uses": "2"}, "card-uses"),
        ({"side": "librarian", "text": "x", "lie_counts": []}, "card-lies"),
        ({"side": "librarian", "text": "x", "lie_counts": [6]}, "card-lies"),
        ({"side": "librarian", "text": "x", "lie_counts": ["2"]}, "card-lies"),
        ({"side": "librarian", "text": "x", "lie_counts": [True]}, "card-lies"),
        ({"id": "lie-zero", "side": "librarian", "text": "x"}, "card-id"),  # the rulebook card's id
    ],
)
def test_badly_typed_cards_are_refused(card, reason):
    with pytest.raises(IllegalSetup) as caught:
        new_game(CARDS, rng=random.Random(0), custom_cards=[card])
    assert caught.value.reason == reason


def test_a_typed_card_takes_what_the_table_typed_and_the_usual_payment_otherwise():
    librarian = custom_card({"side": "librarian", "text": "Lie about 0 to 5 letters.", "lie_counts": [0, 5]}, 3)
    assert (librarian.id, librarian.payment, librarian.uses, librarian.lie_counts, librarian.custom) == (
        "custom-3", "feather", None, {0, 5}, True)
    guessers = custom_card({"id": "peek", "side": "guessers", "text": "Peek.", "uses": 1}, 4)
    assert (guessers.id, guessers.payment, guessers.lie_counts) == ("peek", "discard-token", {1})


def test_a_card_is_a_value_and_round_trips_through_its_dict():
    card = AbilityCard("c", "librarian", "Lie about 0 or 2 letters.", "feather", uses=2, lie_counts=[2, 0], custom=True)
    assert type(card.lie_counts) is frozenset and hash(card) == hash(AbilityCard.from_dict(card.to_dict()))
    assert AbilityCard.from_dict(card.to_dict()) == card
    bare = AbilityCard.from_dict({"id": "b", "side": "guessers", "text": "Peek.", "payment": "with-token"})
    assert (bare.uses, bare.lie_counts, bare.custom) == (None, {1}, False)
    assert bare.to_dict() == {"id": "b", "side": "guessers", "text": "Peek.", "payment": "with-token",
                              "uses": None, "lie_counts": [1], "custom": False}


def test_deal_gives_distinct_cards():
    dealt = deal(random.Random(5))
    for side, cards in dealt.items():
        assert len({c.id for c in cards}) == 2 and all(c.side == side for c in cards)


def test_guesser_abilities_only_while_the_timer_runs():
    state = apply(started(guessers="any-five-letters"), GUESSERS, {"type": "guess", "word": "entry"})
    assert not state.clock_running
    refused(state, GUESSERS, {"type": "use_ability"}, "wrong-phase")


def test_lena_may_decline_her_card_explicitly():
    state = apply(started(librarian="lie-plus-one"), GUESSERS, {"type": "guess", "word": "entry"})
    error = refused(state, LENA, {"type": "share_clues", "clues": two_lies(), "use_ability": False}, "lie-count")
    assert "Cross off a feather" in str(error)  # the way to share this row is on the screen
    state = apply(state, LENA, {"type": "share_clues", "clues": "~✗✗~✗", "use_ability": False})
    assert not state.turns[-1].ability_used and state.uses_left("librarian") == 2


# --- the host's pause: "At any time while the timer is running" -------------------------


def held_refusal(state, move):
    with pytest.raises(RulesError) as caught:
        apply(state, GUESSERS, move, clock_held=True)
    return caught.value.reason, str(caught.value)


PAUSED = ("clock-paused", "The clock is paused: tokens can be used while it runs.")


def test_a_token_waits_while_the_host_holds_the_clock_and_goes_once_it_runs():
    state = play_turn(started(guessers="vowel-in-any-guess"), "entry")
    token = {"type": "fact_fiction", "position": 0}
    assert held_refusal(state, token) == PAUSED
    assert ("fact_fiction", False, PAUSED[1]) in [
        (m["type"], m["allowed"], m["why"]) for m in player_view(state, GUESSERS, clock_held=True)["legal_moves"]]
    assert apply(state, GUESSERS, token).tokens == 2
    assert [m["allowed"] for m in player_view(state, GUESSERS)["legal_moves"] if m["type"] == "fact_fiction"] == [True]


def test_a_discarded_token_for_an_ability_waits_while_the_host_holds_the_clock():
    state = started(guessers="any-five-letters")
    assert held_refusal(state, {"type": "use_ability"}) == PAUSED
    assert [m["why"] for m in player_view(state, GUESSERS, clock_held=True)["legal_moves"]
            if m["type"] == "use_ability"] == [PAUSED[1]]
    assert apply(state, GUESSERS, {"type": "use_ability"}).free_guess_pending


def test_a_held_clock_leaves_the_other_refusals_first_and_the_guess_open():
    state = started(guessers="any-five-letters")
    assert held_refusal(state, {"type": "fact_fiction", "position": 0})[0] == "no-guess"
    assert apply(state, GUESSERS, {"type": "guess", "word": "entry"}, clock_held=True).phase == "deceiving"


def test_in_the_base_game_a_token_waits_for_no_clock():
    """The base rulebook says "Before making their next guess", not "while the timer is running"."""
    state = play_turn(started(), "entry")
    assert apply(state, GUESSERS, {"type": "fact_fiction", "position": 0}, clock_held=True).tokens == 2
