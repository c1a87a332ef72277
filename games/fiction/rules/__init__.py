"""Fiction (and Fiction: Banned Books) rules: a pure, standard-library core.

Public contract (issue 3)::

    from games.fiction.rules import Clue, honest_clues, check_guess, IllegalGuess, Row, candidates

The game is an immutable ``GameState``. ``new_game(options, rng=...)`` makes
one in setup; ``apply(state, seat, move)`` returns the next state or raises a
``RulesError`` (a ``ValueError`` with a machine-readable ``.reason``) and
leaves the old state as it was. Seats are ``"librarian"``, ``"guessers"`` and
None (the platform / table display). Positions and turn numbers in moves are
0-based.

Moves (``move["type"]``, the seats that may make it, its other fields):

=====================  ======================  ======================================
``choose_ability``     librarian, guessers     ``card``: id of one of your 2 dealt cards
``choose_secret``      librarian               ``word``, ``hint``, ``override`` (bool)
``start_first_half``   librarian               (setup complete; starts the clock)
``check_row``          librarian               ``guess``, ``clues``: clue check mode (a paper game)
``mark_letter``        guessers                ``letter``, ``mark`` (in/out/maybe, "" rubs out): their notes
``guess``              guessers                ``word``, ``table_agreed`` (bool)
``share_clues``        librarian               ``clues`` ("✓~✗✗✓"), ``use_ability``
``fact_fiction``       guessers                ``position``, ``turn``, ``use_ability``
``use_ability``        guessers                (discard a token for a red-cross card)
``timer_expired``      None (the clock only)   (first half: halftime; second: librarian wins)
``start_second_half``  None (the table/host)   (halftime over; starts the clock)
=====================  ======================  ======================================

Phases: ``setup`` -> ``guessing`` <-> ``deceiving`` -> ``halftime`` ->
``guessing`` <-> ``deceiving`` -> ``over``; with the app as Lie-brarian a game starts
in ``guessing`` and each guess comes back shared; in clue check mode ``setup`` -> ``checking``. The platform's clock runs while
``state.clock_running`` (the ``guessing`` phase) and each half lasts
``state.half_seconds`` (600, or 480 with eight-minute halves). While the host holds
that clock, ``apply``, ``legal_moves`` and ``player_view`` take ``clock_held=True``: with the
Banned Books cards a token or an ability then waits for the clock to run.

Every ``player_view`` has ``phase``, ``waiting_for`` (seats, None for the
table), ``legal_moves`` (``{"type", "allowed", "why"}`` for this seat) and
``outcome`` (None, or ``{"winner", "termination"}`` with a ``Termination`` value).
``end_game(state)`` is the table's, not a move: the host stops the game, nobody wins
(``Termination.ENDED``) and, as at every end, every view shows the whole truth.

``player_view(state, seat)`` is the only road from state to a screen; see
its docstring for what each seat sees.
"""

from .abilities import KNOWN_CARDS, AbilityCard
from .clues import Clue, honest_clues, parse_clues
from .errors import IllegalClues, IllegalGuess, IllegalMove, IllegalSecret, IllegalSetup, RulesError
from .game import (
    ANSWER_SEEN,
    MOVES,
    SEATS,
    TRUTH_SEEN,
    GameState,
    Options,
    Outcome,
    Termination,
    Turn,
    apply,
    choose_ability,
    choose_secret,
    end_game,
    fact_fiction,
    guess,
    legal_moves,
    new_game,
    player_view,
    share_clues,
    shows_truth,
    start_first_half,
    start_second_half,
    timer_expired,
    use_ability,
    waiting_for,
)
from .solver import Row, candidates
from .words import check_guess, dictionary, guess_warnings, is_word, secret_words, word_list

__all__ = [
    "Clue", "honest_clues", "check_guess", "IllegalGuess", "Row", "candidates",
    "parse_clues", "dictionary", "guess_warnings", "is_word", "secret_words", "word_list",
    "RulesError", "IllegalSecret", "IllegalClues", "IllegalMove", "IllegalSetup",
    "AbilityCard", "KNOWN_CARDS",
    "GameState", "Options", "Outcome", "Termination", "Turn", "SEATS", "MOVES",
    "new_game", "apply", "player_view", "legal_moves", "waiting_for",
    "choose_ability", "choose_secret", "start_first_half", "guess", "share_clues",
    "fact_fiction", "use_ability", "timer_expired", "start_second_half", "end_game",
    "shows_truth", "TRUTH_SEEN", "ANSWER_SEEN",
]
