"""player_view: nothing secret reaches the guessers or the table display before the end.

Random legal games are played with hypothesis; every state reached is
checked three ways: no secret-bearing key appears in a non-Lie-brarian view,
the secret word appears nowhere in it as a value, and the view does not
change when only the hidden facts (secret, honest clues, feathers) change.
"""

import json
import random
from dataclasses import replace

from hypothesis import given, settings, strategies as st

from games.fiction.rules import (
    Clue,
    GameState,
    Options,
    RulesError,
    apply,
    candidates,
    end_game,
    honest_clues,
    new_game,
    player_view,
    word_list,
)
from games.fiction.rules.clues import clues_text

from .conftest import GUESSERS, LENA, TABLE

WORDS = [w for w in word_list() if len(set(w)) == 5][:400]
RED_WORDS = [w for w in word_list() if len(set(w)) < 5][:100]
HIDDEN_KEYS = {"secret", "honest", "lies", "ability_used", "librarian_uses", "secret_override"}


def walk(value, path=()):
    """Every (path, key-or-None, leaf) in a JSON-like value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield path, k, None
            yield from walk(v, path + (k,))
    elif isinstance(value, list):
        for v in value:
            yield from walk(v, path)
    else:
        yield path, None, value


def shared_clues(draw, secret, guess, lies):
    honest = list(honest_clues(secret, guess))
    for position in draw(st.permutations(range(5)))[:lies]:
        honest[position] = draw(st.sampled_from([c for c in Clue if c is not honest[position]]))
    return clues_text(honest)


@st.composite
def played_games(draw):
    """A list of states from setup to wherever a random honest game got to."""
    options = Options(
        red_words=draw(st.booleans()),
        one_token_per_half=draw(st.booleans()),
        ability_cards=draw(st.booleans()),
    )
    state = new_game(options, rng=random.Random(draw(st.integers(0, 10**6))))
    states = [state]
    for side in ("guessers", "librarian"):
        if options.ability_cards:
            pick = draw(st.sampled_from(state.offer(side)))
            state = apply(state, side, {"type": "choose_ability", "card": pick.id})
            states.append(state)
    pool = WORDS + (RED_WORDS if options.red_words else [])
    secret = draw(st.sampled_from(pool))
    state = apply(state, LENA, {"type": "choose_secret", "word": secret, "hint": secret[2]})
    states.append(state)
    state = apply(state, LENA, {"type": "start_first_half"})
    states.append(state)
    for _ in range(draw(st.integers(0, 14))):
        if state.is_over:
            break
        if state.phase == "halftime":
            move, seat = {"type": "start_second_half"}, TABLE
        elif state.phase == "deceiving":
            card = state.librarian_card
            counts = [1] + sorted(card.lie_counts) if card and state.uses_left("librarian") != 0 else [1]
            lies = draw(st.sampled_from(counts))
            move = {"type": "share_clues", "clues": shared_clues(draw, secret, state.turns[-1].guess, lies)}
            if lies == 1 and card is not None and card.custom and state.uses_left("librarian") != 0:
                move["use_ability"] = draw(st.booleans())
            seat = LENA
        else:
            kind = draw(st.sampled_from(["guess", "guess", "guess", "fact_fiction", "use_ability", "timer_expired"]))
            seat = TABLE if kind == "timer_expired" else GUESSERS
            if kind == "guess":
                move = {"type": "guess", "word": draw(st.sampled_from(pool + [secret]))}
            elif kind == "fact_fiction":
                move = {"type": "fact_fiction", "position": draw(st.integers(0, 4))}
                if state.turns and draw(st.booleans()):
                    move["turn"] = draw(st.integers(0, len(state.turns) - 1))
            else:
                move = {"type": kind}
        try:
            state = apply(state, seat, move)
        except RulesError:
            continue  # a refused move changes nothing; try another
        states.append(state)
    return states


def assert_no_leak(state: GameState, seat):
    view = player_view(state, seat)
    text = json.dumps(view)  # JSON-friendly, or this raises
    assert json.loads(text) == view
    for path, key, leaf in walk(view):
        assert key not in HIDDEN_KEYS, (seat, path, key)
        if state.secret is not None:
            # the secret may only show up as a guess, and a correct guess ends the game
            assert leaf != state.secret, (seat, path)
    # the hint is told at the start of play, not during setup
    if state.phase == "setup":
        assert view["hint"] is None


def with_other_secret(state: GameState) -> GameState:
    """The same public game with a different secret, honest clues and feathers."""
    other = "zzzzz" if state.secret != "zzzzz" else "yyyyy"
    turns = tuple(replace(t, honest=tuple(reversed(t.honest)), ability_used=not t.ability_used) for t in state.turns)
    return replace(state, secret=other, turns=turns, librarian_uses=state.librarian_uses + 1, secret_override=True)


@settings(max_examples=60, deadline=None)
@given(played_games())
def test_guessers_and_display_never_see_the_secret_before_the_end(states):
    for state in states:
        if state.is_over:
            continue
        for seat in (GUESSERS, None):
            assert_no_leak(state, seat)
            if state.secret is not None:
                assert player_view(state, seat) == player_view(with_other_secret(state), seat)


@settings(max_examples=40, deadline=None)
@given(played_games())
def test_at_the_end_everyone_sees_the_whole_truth(states):
    final = states[-1]
    if not final.is_over:
        return
    for seat in (GUESSERS, None, LENA):
        view = player_view(final, seat)
        assert view["secret"] == final.secret
        assert [t["honest"] for t in view["turns"]] == [clues_text(t.honest) for t in final.turns]
        assert [t["lies"] for t in view["turns"]] == [sorted(t.lies) for t in final.turns]


@settings(max_examples=40, deadline=None)
@given(played_games())
def test_a_game_the_table_ends_at_any_point_shows_everyone_the_whole_truth_and_nobody_wins(states):
    for state in states:
        ended = end_game(state)
        if state.is_over:
            assert ended == state  # a game already won stays won
            continue
        assert ended.is_over and GameState.from_dict(json.loads(json.dumps(ended.to_dict()))) == ended
        for seat in (GUESSERS, None, LENA):
            view = player_view(ended, seat)
            assert view["outcome"] == {"winner": None, "termination": "ended"}
            assert view["legal_moves"] == [] and view["waiting_for"] == []
            assert view["secret"] == state.secret
            assert [t["honest"] for t in view["turns"]] == [clues_text(t.honest) for t in state.turns]
            assert [t["lies"] for t in view["turns"]] == [None if t.shared is None else sorted(t.lies)
                                                          for t in state.turns]


def test_a_clue_check_the_table_ends_shows_every_checked_row_to_everyone():
    state = apply(new_game(Options(clue_check=True)), LENA, {"type": "choose_secret", "word": "ready", "hint": "r"})
    state = apply(state, LENA, {"type": "check_row", "guess": "entry", "clues": "~✗✗~✗"})
    assert "honest" not in player_view(state, GUESSERS)["checks"][0]
    view = player_view(end_game(state), GUESSERS)
    assert view["secret"] == "ready" and [row["guess"] for row in view["checks"]] == ["entry"]
    assert view["checks"][0]["right"] and view["checks"][0]["honest"] == "~✗✗~✓"


@settings(max_examples=40, deadline=None)
@given(played_games())
def test_lena_always_sees_the_secret_and_her_lies(states):
    for state in states:
        view = player_view(state, LENA)
        assert view["secret"] == state.secret
        for row, turn in zip(view["turns"], state.turns):
            assert row["honest"] == clues_text(turn.honest)


@settings(max_examples=40, deadline=None)
@given(played_games())
def test_every_reachable_state_round_trips_through_json(states):
    for state in states:
        assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state


@settings(max_examples=40, deadline=None)
@given(played_games())
def test_the_secret_is_always_a_candidate_for_the_guessers_rows(states):
    state = states[-1]
    if state.secret is None or state.phase == "setup":
        return
    words = word_list() if state.secret in word_list() else list(word_list()) + [state.secret]
    assert state.secret in candidates(state.rows(), words, hint=state.hint)


def test_a_leak_would_be_caught():
    # the checker itself must fail on a view that shows the secret
    state = apply(new_game(), LENA, {"type": "choose_secret", "word": "ready", "hint": "r"})
    state = apply(state, LENA, {"type": "start_first_half"})
    leaky = replace(state, phase="over")  # the end reveals everything
    view = player_view(leaky, GUESSERS)
    assert any(leaf == "ready" for _, _, leaf in walk(view))
    assert any(key == "secret" for _, key, _ in walk(view))


# --- the shape every game's view shares ------------------------------------------------------


def moves_of(view):
    return {m["type"]: (m["allowed"], m["why"]) for m in view["legal_moves"]}


def test_every_view_has_phase_waiting_for_legal_moves_and_outcome():
    state = new_game(Options(ability_cards=True), rng=random.Random(3))
    for seat in (LENA, GUESSERS, TABLE):
        view = player_view(state, seat)
        assert view["phase"] == "setup" and view["outcome"] is None
        assert view["waiting_for"] == ["librarian", "guessers"]
        for move in view["legal_moves"]:
            assert set(move) == {"type", "allowed", "why"} and move["allowed"] == (move["why"] == "")


def test_every_seat_sees_whether_the_secret_is_chosen_and_the_phase_move_on():
    # the guessers wait while the Lie-brarian chooses; they see that she has, never what
    state = new_game()
    chosen = apply(state, LENA, {"type": "choose_secret", "word": "ready", "hint": "r"})
    first_half = apply(chosen, LENA, {"type": "start_first_half"})
    for seat in (LENA, GUESSERS, TABLE):
        before, after, playing = (player_view(s, seat) for s in (state, chosen, first_half))
        assert (before["secret_chosen"], after["secret_chosen"]) == (False, True)
        assert (before["phase"], after["phase"], playing["phase"]) == ("setup", "setup", "guessing")
        assert playing["hint"] == "r" and playing["tokens"] == 3


def test_legal_moves_say_why_not_in_the_rulebooks_words():
    state = new_game()
    assert moves_of(player_view(state, LENA)) == {
        "choose_secret": (True, ""),
        "start_first_half": (False, "Choose the secret word and hint first."),
    }
    assert moves_of(player_view(state, GUESSERS)) == {}
    state = apply(apply(state, LENA, {"type": "choose_secret", "word": "ready", "hint": "r"}), LENA, {"type": "start_first_half"})
    assert moves_of(player_view(state, GUESSERS)) == {
        "mark_letter": (True, ""),
        "guess": (True, ""),
        "fact_fiction": (False, "There is no guess to use a token on yet."),
    }
    state = apply(state, GUESSERS, {"type": "guess", "word": "entry"})
    assert player_view(state, GUESSERS)["waiting_for"] == ["librarian"]
    assert moves_of(player_view(state, GUESSERS))["guess"] == (
        False, "The Lie-brarian is giving clues; the timer is paused.")
    assert moves_of(player_view(state, LENA)) == {"share_clues": (True, "")}


def test_halftime_waits_on_the_table_and_only_the_table_may_start_the_second_half():
    state = apply(new_game(), LENA, {"type": "choose_secret", "word": "ready", "hint": "r"})
    state = apply(apply(state, LENA, {"type": "start_first_half"}), TABLE, {"type": "timer_expired"})
    assert player_view(state, GUESSERS)["waiting_for"] == [None]
    assert moves_of(player_view(state, TABLE)) == {"start_second_half": (True, "")}
    assert moves_of(player_view(state, LENA)) == {}
    assert moves_of(player_view(state, GUESSERS)) == {"mark_letter": (True, "")}  # notes only
    assert "timer_expired" not in json.dumps(player_view(state, TABLE))


def test_the_outcome_says_who_won_and_how():
    state = apply(new_game(), LENA, {"type": "choose_secret", "word": "ready", "hint": "r"})
    state = apply(apply(state, LENA, {"type": "start_first_half"}), GUESSERS, {"type": "guess", "word": "ready"})
    view = player_view(state, GUESSERS)
    assert view["outcome"] == {"winner": "guessers", "termination": "guessed"}
    assert view["waiting_for"] == [] and view["legal_moves"] == []


SAMPLE_FIELDS = {  # fields for trying a move: seat, phase and supplies are checked before these matter
    "choose_ability": {"card": "x"},
    "choose_secret": {"word": "ready", "hint": "r"},
    "guess": {"word": "entry"},
    "share_clues": {"clues": "✓✓✓✓✓"},
    "fact_fiction": {"position": 0},
}
NOT_NOW = {"not-your-turn", "wrong-phase", "game-over", "no-tokens", "no-guess", "clock-only", "table-only",
           "setup-incomplete", "no-ability", "no-ability-uses", "ability-already-active"}


@settings(max_examples=40, deadline=None)
@given(played_games())
def test_legal_moves_agree_with_what_the_move_does(states):
    for state in states:
        for seat in (LENA, GUESSERS, TABLE):
            for move in player_view(state, seat)["legal_moves"]:
                try:
                    apply(state, seat, {"type": move["type"], **SAMPLE_FIELDS.get(move["type"], {})})
                    refusal = None
                except RulesError as error:
                    refusal = error
                if move["allowed"]:
                    # a spent card refuses this sample row's lie count, not sharing clues now
                    content = {"no-ability-uses"} if move["type"] == "share_clues" else set()
                    assert refusal is None or refusal.reason not in NOT_NOW - content, (move, refusal)
                else:
                    assert refusal is not None and str(refusal) == move["why"], (move, refusal)
