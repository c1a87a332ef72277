"""The largest Half Truth table, scripted for the leak test and the screen matrix: six pawns (the
most the rulebook's six colours allow) on the default trackers, three rounds to the end.

Kamila hosts; Marguerite has no phone, so the host locks in and reads for her. The reader
changes every question in seat order. On the way: 4s, a 3, Amped, Half Lie, a changed pick, a
player skipped by the host, two rounds that end with two pawns on the last space. Every pick of
two or three letters is one that no other pick and no other question's card answers are, and
none is an English word, so a hidden pick found on a screen is a leak, not a coincidence. Three
names are 20 characters long, the longest a screen is checked with: every result, the round's end
and the standings name all six.
"""

from companion.table.games import Viewer

from .scripted import question

KAMILA, TONY, AMY, BARTHOLOMEW, OLUWASEUN, MARGUERITE = 1, 2, 3, 4, 5, 6

PLAYERS = [
    Viewer(KAMILA, "player", "Kamila", order=0, is_host=True),
    Viewer(TONY, "player", "Tony Castellano", order=1),
    Viewer(AMY, "player", "Amy", order=2),
    Viewer(BARTHOLOMEW, "player", "Bartholomew Ashworth", order=3),
    Viewer(OLUWASEUN, "player", "Oluwaseun Akinyemiju", order=4),
    Viewer(MARGUERITE, "player", "Marguerite Fairchild", order=5, has_phone=False),
]

# Every colour is the first free one: green, yellow, magenta, blue, orange, purple. The
# trackers are the defaults: 8, 10 and 12 spaces.
SETUP = {f"colour_{n}": "any" for n in range(1, 7)} | {
    "layouts": "0,1,1,2,3,4,5,7; 0,1,1,2,2,3,3,4,5,7; 0,0,1,1,2,2,2,3,3,4,5,7"}

STEPS = [
    # Round 1 (8 spaces). A 4: four pawns move, Kamila and Oluwaseun doubling up.
    *question(KAMILA, "FOUR", [(KAMILA, "AC"), (TONY, "F"), (AMY, "BD"), (BARTHOLOMEW, "A"), (OLUWASEUN, "CF"),
                               (MARGUERITE, "E")], "ACF"),
    # Amped: Tony goes all in right (1 space, 4 bonus); Amy changes her pick before the last lock-in.
    *question(TONY, "AMPED", [(AMY, "AF"), (KAMILA, "B"), (TONY, "BDE"), (AMY, "E"), (BARTHOLOMEW, "ACD"),
                              (OLUWASEUN, "D"), (MARGUERITE, "AB")], "BDE"),
    # A 3: Kamila (doubling up) and Tony reach the last space; the round is over.
    *question(AMY, "THREE", [(KAMILA, "BF"), (TONY, "A"), (AMY, "CD"), (BARTHOLOMEW, "F"), (OLUWASEUN, "CE"),
                             (MARGUERITE, "B")], "ABF"),
    # Round 2 (10 spaces). Half Lie: Kamila goes all in on wrong answers; the host skips Oluwaseun.
    *question(BARTHOLOMEW, "HALF_LIE", [(KAMILA, "BDF"), (TONY, "DF"), (AMY, "C"), (BARTHOLOMEW, "F"),
                                        (OLUWASEUN, ""), (MARGUERITE, "D")], "ACE"),
    *question(OLUWASEUN, "FOUR", [(KAMILA, "C"), (TONY, "BCD"), (AMY, "B"), (BARTHOLOMEW, "EF"), (OLUWASEUN, "BC"),
                                  (MARGUERITE, "D")], "BCD"),
    # Marguerite reads (the host for her); Kamila and Tony reach the end; the round is over.
    *question(MARGUERITE, "FOUR", [(KAMILA, "A"), (TONY, "AE"), (AMY, "F"), (BARTHOLOMEW, "ABC"),
                                   (OLUWASEUN, "AEF"), (MARGUERITE, "C")], "AEF"),
    # Round 3 (12 spaces): three 4s; Amy and Bartholomew reach the end, and the game is over.
    *question(KAMILA, "FOUR", [(KAMILA, "BEF"), (TONY, "CDE"), (AMY, "E"), (BARTHOLOMEW, "B"), (OLUWASEUN, "F"),
                               (MARGUERITE, "ABD")], "BEF"),
    *question(TONY, "FOUR", [(KAMILA, "CDF"), (TONY, "ADE"), (AMY, "C"), (BARTHOLOMEW, "D"), (OLUWASEUN, "BCF"),
                             (MARGUERITE, "F")], "CDF"),
    *question(AMY, "FOUR", [(KAMILA, "ADF"), (TONY, "CEF"), (AMY, "A"), (BARTHOLOMEW, "E"), (OLUWASEUN, "BCE"),
                            (MARGUERITE, "B")], "ABE"),
]

# Rounds 1, 2 and 3: Kamila 2 + 7, 2 + 7, 4 + 3; Tony 4 + 7, 4 + 7, 0 + 0; Amy 0 + 0, 0 + 4, 0 + 7;
# Bartholomew 0 + 5, 0 + 1, 0 + 7; Oluwaseun 1 + 3, 3 + 4, 0 + 1; Marguerite 0 + 1, 0 + 3, 0 + 3.
WINNERS = [KAMILA]
VICTORY_POINTS = {KAMILA: 25, TONY: 22, AMY: 11, BARTHOLOMEW: 13, OLUWASEUN: 12, MARGUERITE: 7}
