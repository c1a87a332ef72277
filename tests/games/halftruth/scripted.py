"""A scripted Half Truth game for the platform's leak test: three rounds, every die face kind, a changed pick.

Kamila hosts. The reader changes every question in seat order (Kamila, Tony,
Amy, ...) and rolls and reads for the table; once the host makes the table's
moves for the reader, and once she skips Amy. Every pick is a distinct run of
letters that no other pick or card answer contains, so a hidden pick found on
a screen is a leak, not a coincidence. The one rolled die (question 2) cannot
change the result: every pick then is half right, half wrong, which scores
nothing on any face.
"""

from companion.table.games import Viewer

KAMILA, TONY, AMY = 1, 2, 3

PLAYERS = [
    Viewer(KAMILA, "player", "Kamila", order=0, is_host=True),
    Viewer(TONY, "player", "Tony", order=1),
    Viewer(AMY, "player", "Amy", order=2),
]

SETUP = {"colour_1": "orange", "colour_2": "blue", "colour_3": "purple", "colour_4": "any", "colour_5": "any",
         "colour_6": "any", "layouts": "1,2,3; 2,4; 3,6,9"}


def question(reader, die, picks, correct):
    """One question: the reader's die, each (seat, letters) lock-in or skip in order, then the card's answers."""
    roll = {"type": "roll"} if die is None else {"type": "set_die", "face": die}
    return [
        (reader, roll),
        *[(seat, {"type": "lock_in", "letters": list(letters)}) if letters else
          (KAMILA, {"type": "skip", "seat": seat}) for seat, letters in picks],
        (reader, {"type": "reveal", "correct": list(correct)}),
    ]


STEPS = [
    # Round 1 (3 spaces): Tony doubles up right and moves 2.
    *question(KAMILA, "TWO", [(KAMILA, "BD"), (TONY, "AF"), (AMY, "CE")], "ACF"),
    # A fair roll; Amy changes her pick before the last lock-in; nobody scores.
    *question(TONY, None, [(AMY, "AE"), (KAMILA, "AB"), (AMY, "EF"), (TONY, "CD")], "BDE"),
    # Amped, rolled by the host for Amy: Kamila and Tony double up right (1 space, 2 bonus); Tony ends the round.
    *question(KAMILA, "AMPED", [(KAMILA, "BC"), (TONY, "BF"), (AMY, "AE")], "BCF"),
    # Round 2 (2 spaces), Half Lie: Kamila goes all in on wrong answers and ends the round.
    *question(KAMILA, "HALF_LIE", [(KAMILA, "CEF"), (TONY, "AC"), (AMY, "BE")], "ABD"),
    # Round 3 (3 spaces): Amy does not answer and is skipped; Kamila and Tony reach the end; the game is over.
    *question(TONY, "FOUR", [(KAMILA, "AD"), (AMY, ""), (TONY, "ACD")], "ACD"),
]

# Kamila: bonuses 2 + 2 + 1, trackers 1 + 4 + 9; Tony: bonuses 1 + 2 + 2, trackers 3 + 0 + 9.
WINNERS = [KAMILA]
VICTORY_POINTS = {KAMILA: 19, TONY: 17, AMY: 0}
