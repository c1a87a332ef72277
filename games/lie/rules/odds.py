"""The odds helper: the chance that a bid holds, from one player's side of the table.

The model, stated on screen as ``MODEL`` (``MODEL_WILD`` with ones wild): every card another player holds
shows a given face with chance 1 in 6, each card independently of the others
and of your own hand. That is the 30-card deck (10 of each face, two
different faces per card) dealt at random, each card turned to either end
with equal chance. Real players choose which end to show, so the model is a
yardstick, not a prediction. With wild ones a card counts toward the bid if
it shows the face or a one: 1 in 3.

When the app deals, it knows the deck (``DEFAULT_DECK``) and this player's
cards, and says so (``MODEL_DEALT``): the others' cards are drawn from the
deck less this player's, each turned to either end at random, and the chance
is worked out exactly for that draw (``chance_dealt``).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb

from .bids import Bid, _is_int
from .deck import DEFAULT_DECK

_DECK_AT_RANDOM = ("the 30-card deck (10 of each face, two faces per card) dealt at random and each card "
                   "turned to either end at random.")
_YARDSTICK = "Players choose their faces, so treat it as a yardstick."
MODEL = f"Each card the others hold is taken to show a given face 1 in 6, independently: {_DECK_AT_RANDOM} {_YARDSTICK}"
# With ones wild the chance a card counts is not the chance it shows the face: the model says both, in the
# same words as the chance each card counts (``per_card``) beside it.
MODEL_WILD = (f"Each card the others hold is taken to show a given face 1 in 6, independently: {_DECK_AT_RANDOM} "
              f"With ones wild, a card counts toward a bid on another face 1 in 3: that face or a one. {_YARDSTICK}")
MODEL_DEALT = ("The app dealt from its 30-card deck (10 of each face; every two different faces share two "
               "cards, an assumed pairing). The others' cards are taken as drawn at random from the deck "
               "less yours, each turned to either end at random. Players choose their faces, so treat it "
               "as a yardstick.")


def per_card(face: int, ones_wild: bool) -> Fraction:
    """The chance that one of the others' cards counts toward a bid on ``face``."""
    return Fraction(2, 6) if ones_wild and face != 1 else Fraction(1, 6)


def at_least(needed: int, cards: int, chance: Fraction) -> Fraction:
    """The chance that at least ``needed`` of ``cards`` independent cards count (a binomial tail)."""
    if not _is_int(needed) or not _is_int(cards) or cards < 0:
        raise ValueError("needed and cards are whole numbers, cards 0 or more")
    if needed <= 0:
        return Fraction(1)
    return _tail(needed, cards, chance)


@lru_cache(maxsize=4096)
def _tail(needed: int, cards: int, chance: Fraction) -> Fraction:
    """The binomial tail itself: a phone's bid picker asks for it for every bid it could make, each
    time the table is drawn, from a handful of (needed, cards, chance) alike."""
    return sum((comb(cards, k) * chance**k * (1 - chance) ** (cards - k) for k in range(needed, cards + 1)),
               Fraction(0))


def chance_bid_holds(bid: Bid, mine: int, others_cards: int, *, ones_wild: bool) -> Fraction:
    """The chance that ``bid`` is there when you show ``mine`` toward it and the others hold ``others_cards``."""
    return at_least(bid.quantity - mine, others_cards, per_card(bid.face, ones_wild))


def _counting(card: tuple[int, int], face: int, ones_wild: bool) -> int:
    """How many of a card's two ends count toward a bid on ``face``: the chance it counts is that over 2."""
    return (face in card) + (ones_wild and face != 1 and 1 in card)


@lru_cache(maxsize=1024)
def _others_count(face: int, others_cards: int, held: tuple[tuple[int, int], ...],
                  ones_wild: bool) -> tuple[Fraction, ...]:
    """The chance that exactly k of the others' cards count, for each k: drawn from the deck less ``held``."""
    pile = list(DEFAULT_DECK)
    for card in held:
        pile.remove(card)
    kinds = [sum(_counting(card, face, ones_wild) == ends for card in pile) for ends in (0, 1, 2)]
    never, maybe, always = kinds
    most = min(maybe, others_cards)
    # Whole numbers over one denominator: every draw of the others' cards, times every way to turn them.
    ways = [0] * (others_cards + 1)
    for sure in range(min(always, others_cards) + 1):
        for halves in range(min(maybe, others_cards - sure) + 1):
            draws = comb(always, sure) * comb(maybe, halves) * comb(never, others_cards - sure - halves)
            if not draws:
                continue
            for up in range(halves + 1):  # of the cards with one counting end, how many are turned to it
                ways[sure + up] += draws * comb(halves, up) * 2 ** (most - halves)
    total = comb(len(pile), others_cards) * 2**most
    return tuple(Fraction(w, total) for w in ways)


def chance_dealt(bid: Bid, mine: int, others_cards: int, held: Sequence[tuple[int, int]], *,
                 ones_wild: bool) -> Fraction:
    """The chance that ``bid`` is there when you show ``mine`` toward it, hold ``held`` (dealt by the
    app) and the others hold ``others_cards`` cards of the rest of the deck."""
    chances = _others_count(bid.face, others_cards, tuple(sorted(held)), ones_wild)
    return sum(chances[max(bid.quantity - mine, 0):], Fraction(0))


def per_card_dealt(face: int, held: Sequence[tuple[int, int]], *, ones_wild: bool) -> Fraction:
    """The chance that one of the others' cards counts toward a bid on ``face``, the app having dealt ``held``."""
    pile = list(DEFAULT_DECK)
    for card in held:
        pile.remove(card)
    return Fraction(sum(_counting(card, face, ones_wild) for card in pile), 2 * len(pile))
