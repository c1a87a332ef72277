"""The odds helper: the chance that a bid holds, from one player's side of the table.

The model, stated on screen as ``MODEL``: every card another player holds
shows a given face with chance 1 in 6, each card independently of the others
and of your own hand. That is the 30-card deck (10 of each face, two
different faces per card) dealt at random, each card turned to either end
with equal chance. Real players choose which end to show, so the model is a
yardstick, not a prediction. With wild ones a card counts toward the bid if
it shows the face or a one: 1 in 3.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from .bids import Bid, _is_int

MODEL = ("Each card the others hold is taken to show any given face 1 time in 6, independently: "
         "the 30-card deck (10 of each face, two faces per card) dealt at random and each card "
         "turned to either end at random. Players choose their faces, so treat it as a yardstick.")


def per_card(face: int, ones_wild: bool) -> Fraction:
    """The chance that one of the others' cards counts toward a bid on ``face``."""
    return Fraction(2, 6) if ones_wild and face != 1 else Fraction(1, 6)


def at_least(needed: int, cards: int, chance: Fraction) -> Fraction:
    """The chance that at least ``needed`` of ``cards`` independent cards count (a binomial tail)."""
    if not _is_int(needed) or not _is_int(cards) or cards < 0:
        raise ValueError("needed and cards are whole numbers, cards 0 or more")
    if needed <= 0:
        return Fraction(1)
    return sum((comb(cards, k) * chance**k * (1 - chance) ** (cards - k) for k in range(needed, cards + 1)),
               Fraction(0))


def chance_bid_holds(bid: Bid, mine: int, others_cards: int, *, ones_wild: bool) -> Fraction:
    """The chance that ``bid`` is there when you show ``mine`` toward it and the others hold ``others_cards``."""
    return at_least(bid.quantity - mine, others_cards, per_card(bid.face, ones_wild))
