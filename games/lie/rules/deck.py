"""The physical deck, and what it lets a hand turn up.

Components: 30 cards, each with a die face on the top and a different die
face on the bottom, exactly 10 of each face across the deck.

What a set hand must satisfy, and why nothing more is enforced:

- every face is 1 to 6;
- a hand shows at most one face per card it holds (a card's two ends are
  different faces, so one card can never show a face twice; unused cards
  show nothing).

Across the table no face can show more than 10 times (each face is printed on
exactly 10 cards, one end each), but a hand is never checked against the
others: a refusal would tell a player how many of a face the hidden hands
show. Hands that add up to more than the deck holds are flagged at the
showdown instead (``Showdown.faces_over``), for the table to sort out.

Our sources do not print which faces share a card, so these are the only
limits that hold for every deck matching the components. Any table of set
hands that meets them could be turned up from some such deck (the tests build
one), so a stricter check would refuse real hands.

When the app deals (``DEFAULT_DECK``, an assumed pairing), it knows each
player's cards, and a hand is checked against them too: each face turned up
is an end of its own card (``check_turned``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

from .bids import FACES, _is_int
from .errors import IllegalHand

DECK_SIZE = 30
PER_FACE = 10
FIRST_ROUND_CARDS = 5

# An assumed pairing, marked as such: every pair of different faces on two
# cards. It has 30 cards and 10 of each face, like the real one; tests and
# tables where the app deals are dealt from it.
DEFAULT_DECK: tuple[tuple[int, int], ...] = tuple(
    pair for pair in combinations(FACES, 2) for _ in range(2)
)


def deal(rng: random.Random, hand_sizes: Sequence[int], deck: Sequence[tuple[int, int]] = DEFAULT_DECK):
    """Mix the deck with ``rng`` and draw ``hand_sizes[i]`` cards for each player.

    Returns one tuple of cards per player; a card is ``(top, bottom)``.
    """
    if any(not _is_int(n) or n < 0 for n in hand_sizes) or sum(hand_sizes) > len(deck):
        raise ValueError(f"cannot draw {list(hand_sizes)} cards from a deck of {len(deck)}")
    pile = list(deck)
    rng.shuffle(pile)
    hands, start = [], 0
    for n in hand_sizes:
        hands.append(tuple(pile[start:start + n]))
        start += n
    return tuple(hands)


def check_hand(faces: object, cards: int) -> tuple[int, ...]:
    """Return ``faces`` as a sorted tuple if a player holding ``cards`` cards could turn them up.

    Only the player's own cards are looked at. Raises ``IllegalHand``.
    """
    if not isinstance(faces, (list, tuple)):
        raise IllegalHand("Enter the faces you turned up as a list of numbers.", reason="bad-face")
    for face in faces:
        if not _is_int(face) or face not in FACES:
            raise IllegalHand(f"A die face is a number from 1 to 6, not {face!r}.", reason="bad-face")
    if len(faces) > cards:
        raise IllegalHand(
            f"You hold {cards} card{'s' if cards != 1 else ''} this round, "
            f"so you can turn up at most {cards} face{'s' if cards != 1 else ''}, not {len(faces)}.",
            reason="too-many-faces",
        )
    return tuple(sorted(faces))


def turned(faces: Sequence[int], cards: Sequence[tuple[int, int]]) -> tuple[int | None, ...] | None:
    """The end each of ``cards`` shows to turn up ``faces`` (``None``: unused), or ``None`` if they cannot.

    Each face needs a card of its own with that face on one end. When several ways
    work, the earlier cards take the earlier faces.
    """
    faces = sorted(faces)
    up: list[int | None] = [None] * len(cards)

    def place(i: int) -> bool:
        if i == len(faces):
            return True
        for c, card in enumerate(cards):
            if up[c] is None and faces[i] in card:
                up[c] = faces[i]
                if place(i + 1):
                    return True
                up[c] = None
        return False

    return tuple(up) if place(0) else None


def check_turned(faces: object, cards: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """``check_hand``, and then: the app dealt ``cards``, so each face must be an end of its own card.

    Only the player's own cards are looked at. Raises ``IllegalHand``.
    """
    hand = check_hand(faces, len(cards))
    if turned(hand, cards) is None:
        held = ", ".join(f"{top}/{bottom}" for top, bottom in cards) or "no cards"
        raise IllegalHand(
            f"Your cards cannot turn up {', '.join(map(str, hand))}: you hold {held}, "
            "and each card shows one of its two ends.",
            reason="not-on-your-cards",
        )
    return hand


def faces_over(hands: Iterable[Sequence[int] | None]) -> tuple[int, ...]:
    """The faces that ``hands`` show more often than the deck has them: someone mis-entered."""
    shown = Counter(face for hand in hands if hand is not None for face in hand)
    return tuple(face for face in FACES if shown[face] > PER_FACE)
