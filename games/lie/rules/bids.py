"""Bids and counting: the part of LIE that is pure arithmetic."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import IllegalBid

FACES = (1, 2, 3, 4, 5, 6)

_NUMBER_WORDS = (
    "zero", "one", "two", "three", "four", "five", "six",
    "seven", "eight", "nine", "ten", "eleven", "twelve",
)
_FACE_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_FACE_PLURALS = {1: "ones", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes"}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_face(face: object) -> int:
    """Return ``face`` if it is a die face (1 to 6); raise ``IllegalBid`` otherwise."""
    if not _is_int(face) or face not in FACES:
        raise IllegalBid(f"A die face is a number from 1 to 6, not {face!r}.", reason="bad-face")
    return face


@dataclass(frozen=True, order=True)
class Bid:
    """A QUANTITY and then a DIE number: ``Bid(3, 4)`` is "three fours".

    Field order makes the dataclass ordering the rulebook's: a higher quantity
    of any face, or the same quantity of a higher face.
    """

    quantity: int
    face: int

    def __post_init__(self) -> None:
        if not _is_int(self.quantity) or self.quantity < 1:
            raise IllegalBid(
                f"A bid needs a quantity of at least 1, not {self.quantity!r}.",
                reason="bad-quantity",
            )
        check_face(self.face)

    def spoken(self) -> str:
        """The bid as a player says it: "three fours", "one four"."""
        q = self.quantity
        amount = _NUMBER_WORDS[q] if q < len(_NUMBER_WORDS) else str(q)
        face = _FACE_WORDS[self.face] if q == 1 else _FACE_PLURALS[self.face]
        return f"{amount} {face}"

    def next_higher(self) -> Bid:
        """The lowest bid that beats this one."""
        if self.face < 6:
            return Bid(self.quantity, self.face + 1)
        return Bid(self.quantity + 1, 1)

    def __str__(self) -> str:
        return self.spoken()


def beats(new: Bid, old: Bid) -> bool:
    """Whether ``new`` is a higher bid than ``old``."""
    if not isinstance(new, Bid) or not isinstance(old, Bid):
        raise TypeError("beats() compares two Bid values")
    return (new.quantity, new.face) > (old.quantity, old.face)


def count_showing(hands: Iterable[Sequence[int]], face: int, *, wild_ones: bool = False) -> int:
    """How many of ``face`` are on top across every hand.

    With wild ones, each one also counts toward any other face.
    """
    check_face(face)
    counted = {face, 1} if wild_ones else {face}
    return sum(1 for hand in hands for shown in hand if shown in counted)


def ones_wild_this_round(wild_ones: bool, opening_bid: Bid | None) -> bool:
    """Wild Ones: "the ones ARE NOT wild in a round in which the starting bid contains ones"."""
    return wild_ones and not (opening_bid is not None and opening_bid.face == 1)


def bid_holds(
    hands: Iterable[Sequence[int]],
    bid: Bid,
    *,
    wild_ones: bool = False,
    opening_bid: Bid | None = None,
) -> bool:
    """Whether the challenged bid is there among all hands.

    If it holds the challenger loses the round; otherwise the challenger wins.
    """
    wild = ones_wild_this_round(wild_ones, opening_bid)
    return count_showing(hands, bid.face, wild_ones=wild) >= bid.quantity
