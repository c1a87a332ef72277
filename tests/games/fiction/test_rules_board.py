"""The alphabet board and each row's lies, as far as the guessers can be sure of them.

Every clue may be a lie until a Fact/Fiction token, the number of lies a row may hold,
or a letter known from elsewhere settles it. These pin what the guessers' view says.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.fiction.rules import (
    AbilityCard,
    Options,
    Row,
    apply,
    honest_clues,
    new_game,
    parse_clues,
    player_view,
    word_list,
)
from games.fiction.rules.board import deduce
from games.fiction.rules.clues import Clue, clues_text

from .conftest import GUESSERS, LENA, TABLE, started


def shared(state, guess, clues, *tokens):
    """The guessers guess, Lena shares ``clues``, then a token goes on each position in ``tokens``."""
    state = apply(state, GUESSERS, {"type": "guess", "word": guess})
    state = apply(state, LENA, {"type": "share_clues", "clues": clues})
    for position in tokens:
        state = apply(state, GUESSERS, {"type": "fact_fiction", "position": position})
    return state


def test_a_fiction_on_t_of_entry_makes_the_other_four_clues_honest():
    """READY, hint D: ENTRY honestly reads ~✗✗~✓; Lena's lie is the ✓ under T, and the token says FICTION."""
    state = shared(started(hint="d"), "entry", "~✗✓~✓")
    before = player_view(state, GUESSERS)["letters"]
    assert before == {"d": "in", "e": "in-maybe", "n": "out-maybe", "t": "in-maybe", "r": "in-maybe", "y": "in-maybe"}
    state = apply(state, GUESSERS, {"type": "fact_fiction", "position": 2})
    view = player_view(state, GUESSERS)
    # a lying ✓ could hide a ~ or a ✗: T stays unknown
    assert view["letters"] == {"d": "in", "e": "in", "n": "out", "r": "in", "y": "in"}
    row = view["turns"][0]
    assert (row["known_honest"], row["known_lies"], row["possible_lies"]) == ([0, 1, 3, 4], [2], [1])
    assert player_view(state, TABLE)["letters"] == view["letters"]


def test_a_fact_settles_its_clue_and_leaves_the_others_in_doubt():
    state = shared(started(hint="d"), "entry", "~✗✓~✓", 1)
    view = player_view(state, GUESSERS)
    assert view["letters"]["n"] == "out" and view["letters"]["e"] == "in-maybe"
    assert (view["turns"][0]["known_honest"], view["turns"][0]["known_lies"]) == ([1], [])


def test_a_fiction_on_a_cross_puts_the_letter_in_the_word():
    """ENTRY with the lie on Y: ✗ where the honest clue is ✓."""
    state = shared(started(hint="d"), "entry", "~✗✗~✗", 4)
    assert player_view(state, GUESSERS)["letters"] == {"d": "in", "e": "in", "n": "out", "t": "out", "r": "in", "y": "in"}


def test_four_honest_clues_make_the_fifth_the_lie():
    row = Row("entry", "~✗✗~✗", facts={0, 1, 2, 3})
    board = deduce([row])
    assert board.rows[0].lies == {4} and board.letters["y"] == "in"


def test_a_cross_under_the_hint_letter_is_the_rows_lie_and_the_rest_are_honest():
    """Hint R, and the row shows ✗ under R: that must be the lie."""
    state = shared(started(hint="r"), "entry", "~✗✗✗✓")
    view = player_view(state, GUESSERS)
    assert view["turns"][0]["known_lies"] == [3] and view["turns"][0]["known_honest"] == [0, 1, 2, 4]
    assert view["letters"] == {"e": "in", "n": "out", "t": "out", "r": "in", "y": "in"}


def test_a_letter_known_out_makes_its_cross_honest_in_another_row():
    """Row 1 settles T out (its ✗ is honest once the lie is found under Y); in TIGER, the ✗ under T is then honest."""
    board = deduce([Row("entry", "~✗✗~✗", fictions={4}), Row("tiger", "✗✗✗✓~")])
    assert board.letters["t"] == "out" and board.rows[1].honest == {0}


def test_two_fictions_with_lie_about_plus_one_make_the_rest_of_the_row_honest():
    """ENTRY honestly ~✗✗~✓; Lena lies twice (E and Y) and the guessers find both."""
    state = shared(started(librarian="lie-plus-one", hint="d"), "entry", "✓✗✗~✗", 0)
    row = player_view(state, GUESSERS)["turns"][0]
    assert (row["possible_lies"], row["known_lies"], row["known_honest"]) == ([1, 2], [0], [])
    assert player_view(state, GUESSERS)["letters"]["n"] == "out-maybe"
    state = apply(state, GUESSERS, {"type": "fact_fiction", "position": 4})
    view = player_view(state, GUESSERS)
    row = view["turns"][0]
    assert (row["possible_lies"], row["known_lies"], row["known_honest"]) == ([2], [0, 4], [1, 2, 3])
    assert view["letters"] == {"d": "in", "n": "out", "t": "out", "r": "in", "y": "in"}


def test_once_every_feather_is_seen_crossed_off_later_rows_hold_exactly_one_lie():
    """Lie about +1 letter (2 uses): two rows shown to hold two lies spend both feathers."""
    two = Row("entry", "✓✗✗~✗", lies={1, 2}, fictions={0, 4})
    other = Row("tiger", "✗✗✓~~", lies={1, 2})
    board = deduce([two, other], feathers=2)
    assert board.rows[1].counts == {1, 2} and not board.feathers_spent  # one feather of two seen
    board = deduce([two, two, other], feathers=2)
    assert board.rows[2].counts == {1} and board.feathers_spent


def test_four_facts_and_a_fiction_leave_a_row_exactly_one_lie_even_with_lie_about_plus_one():
    row = Row("entry", "✓✗✗~✗", lies={1, 2}, facts={0, 1, 2, 3}, fictions={4})
    assert deduce([row]).rows[0].counts == {1}


def test_a_row_that_contradicts_itself_does_not_stop_what_the_other_rows_settle():
    """Two FICTIONs on a row that may hold one lie cannot be; TIGER's four FACTs still make its R the lie."""
    impossible = Row("entry", "✓✗✗~✗", lies={1}, fictions={0, 4})
    tiger = Row("tiger", "✗✗✓~~", lies={1}, facts={0, 1, 2, 3})
    board = deduce([impossible, tiger])
    assert board.rows[0].counts == set() and board.rows[1].lies == {4}


def test_once_the_guessers_see_the_last_feather_crossed_off_every_other_row_holds_one_lie():
    """A typed "Lie about +1 letter" with one use; READY, hint R. ENTRY honestly reads ~✗✗~✓ and Lena shares
    ✓✗✗✗✓: the FICTION token on E and the ✗ under the hint R show both lies, so her one feather is spent."""
    once = AbilityCard("custom-1", "librarian", "Lie about +1 letter.", "feather", uses=1, lie_counts={2}, custom=True)
    state = started(options=Options(ability_cards=True, words_left=True), librarian=once)
    state = shared(state, "entry", "✓✗✗✗✓", 0)
    state = shared(state, "tiger", "✓✗✗~~")  # honestly ✗✗✗~~
    state = apply(state, GUESSERS, {"type": "guess", "word": "plumb"})  # its clues not shared yet
    view = player_view(state, GUESSERS)
    assert [row["possible_lies"] for row in view["turns"]] == [[2], [1], [1]]

    def lies(word, guess, clues):
        pairs = zip(honest_clues(word, guess), parse_clues(clues), strict=True)
        return {p for p, (honest, said) in enumerate(pairs) if honest != said}

    fits = [w for w in word_list() if len(set(w)) == 5 and "r" in w and len(lies(w, "entry", "✓✗✗✗✓")) == 2
            and 0 in lies(w, "entry", "✓✗✗✗✓") and len(lies(w, "tiger", "✓✗✗~~")) == 1]
    assert view["words_left"] == len(fits)


def test_lie_about_zero_letters_rows_may_be_honest_until_a_fiction_shows_the_lie():
    state = shared(started(librarian="lie-zero", hint="d"), "entry", "~✗✗~✓")
    row = player_view(state, GUESSERS)["turns"][0]
    assert (row["possible_lies"], row["known_honest"]) == ([0, 1], [])
    assert player_view(state, GUESSERS)["letters"]["n"] == "out-maybe"


def test_a_repeated_letter_with_one_honest_tilde_is_in_the_word():
    """Red words: BONEY, OBOES honestly ~~✗✓✗. The second O's ✗ does not put O out."""
    board = deduce([Row("oboes", "~~✗✓✓", fictions={4})])
    assert board.letters["o"] == "in" and board.rows[0].honest == {0, 1, 2, 3}


def test_the_guessers_letters_never_show_the_hint_before_play_starts():
    state = apply(new_game(), LENA, {"type": "choose_secret", "word": "ready", "hint": "r"})
    assert player_view(state, GUESSERS)["letters"] == {} and player_view(state, TABLE)["letters"] == {}


# --- whatever the board says is true -------------------------------------------------------

WORDS = list(word_list())  # red words too: repeated letters in the secret and the guesses


@st.composite
def rows_with_tokens(draw):
    """A secret, maybe its hint, and rows shared honestly but for their lies, with tokens answered truly.

    With "Lie about +1 letter" at most two rows hold two lies (its two feathers).
    """
    secret = draw(st.sampled_from(WORDS))
    hint = draw(st.sampled_from(sorted(set(secret)))) if draw(st.booleans()) else None
    counts = draw(st.sampled_from([{1}, {1, 2}, {0, 1}]))
    feathers = 2 if counts == {1, 2} else None
    rows, spent = [], 0
    for _ in range(draw(st.integers(1, 5))):
        guess = draw(st.sampled_from(WORDS))
        honest = list(honest_clues(secret, guess))
        n = draw(st.sampled_from(sorted(counts - ({2} if feathers and spent >= feathers else set()))))
        spent += n == 2
        lies = draw(st.lists(st.integers(0, 4), min_size=n, max_size=n, unique=True))
        shown = list(honest)
        for p in lies:
            shown[p] = draw(st.sampled_from([c for c in Clue if c is not honest[p]]))
        tokens = draw(st.lists(st.integers(0, 4), max_size=5, unique=True))
        rows.append(Row(guess, clues_text(shown), lies=counts, facts={p for p in tokens if p not in lies},
                        fictions={p for p in tokens if p in lies}))
    return secret, hint, feathers, rows


@settings(max_examples=300, deadline=None)
@given(rows_with_tokens())
def test_every_deduction_holds_for_the_secret(case):
    secret, hint, feathers, rows = case
    board = deduce(rows, hint, feathers)
    for row, known in zip(rows, board.rows):
        truth = honest_clues(secret, row.guess)
        assert all(row.clues[p] is truth[p] for p in known.honest)
        assert all(row.clues[p] is not truth[p] for p in known.lies)
        assert sum(a is not b for a, b in zip(row.clues, truth)) in known.counts
    for letter, said in board.letters.items():
        if said == "in":
            assert letter in secret
        elif said == "out":
            assert letter not in secret

