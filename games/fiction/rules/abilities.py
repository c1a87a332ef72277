"""Banned Books ability cards, as data.

A card says which side holds it, its text, how it is paid for and how many
times it may be used. The rulebook describes four of the eighteen cards;
those four have their effects built in (``id`` below). A table can add any
other card by typing its text and use count: the rules then track its uses
and payment, and the table applies its effect.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from .errors import IllegalSetup

SIDES = ("librarian", "guessers")
PAYMENTS = {
    "guessers": ("discard-token", "with-token"),
    "librarian": ("feather",),
}
MAX_LIES = 5

ANY_FIVE_LETTERS = "any-five-letters"
VOWEL_IN_ANY_GUESS = "vowel-in-any-guess"
LIE_PLUS_ONE = "lie-plus-one"
LIE_ZERO = "lie-zero"


@dataclass(frozen=True)
class AbilityCard:
    """One ability card.

    ``payment``: ``"discard-token"`` (red cross badge: discard a Fact/Fiction
    token to use it), ``"with-token"`` (blue question-mark badge: usable
    whenever a Fact/Fiction token is used) or ``"feather"`` (a Lie-brarian
    card: cross off the feather beside a guess, at most once per guess).
    ``uses``: the most times it may be used in a game, or None for no limit.
    ``lie_counts``: for a Lie-brarian card, how many clues may be lies in a row
    where it is used (the rule without a card is exactly one).
    """

    id: str
    side: str
    text: str
    payment: str
    uses: int | None = None
    lie_counts: frozenset[int] = frozenset({1})
    custom: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "lie_counts", frozenset(self.lie_counts))
        if self.side not in SIDES:
            raise IllegalSetup(f"A card belongs to the librarian or the guessers, not {self.side!r}.", reason="card-side")
        if self.payment not in PAYMENTS[self.side]:
            raise IllegalSetup(
                f"A {self.side} card is paid for with {' or '.join(PAYMENTS[self.side])}, not {self.payment!r}.",
                reason="card-payment",
            )
        if self.uses is not None and (isinstance(self.uses, bool) or not isinstance(self.uses, int) or self.uses < 1):
            raise IllegalSetup("A card's use count is a whole number from 1, or unlimited.", reason="card-uses")
        if not self.text or not self.text.strip():
            raise IllegalSetup("A card needs its text.", reason="card-text")
        if not self.lie_counts or not all(
            isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_LIES for n in self.lie_counts
        ):
            raise IllegalSetup("A card's lie counts are numbers from 0 to 5.", reason="card-lies")

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "side": self.side,
            "text": self.text,
            "payment": self.payment,
            "uses": self.uses,
            "lie_counts": sorted(self.lie_counts),
            "custom": self.custom,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "AbilityCard":
        return cls(
            id=data["id"],
            side=data["side"],
            text=data["text"],
            payment=data["payment"],
            uses=data.get("uses"),
            lie_counts=frozenset(data.get("lie_counts", (1,))),
            custom=bool(data.get("custom", False)),
        )


KNOWN_CARDS: tuple[AbilityCard, ...] = (
    AbilityCard(ANY_FIVE_LETTERS, "guessers", "Your next guess may be 5 letters that don't spell a word.", "discard-token"),
    AbilityCard(VOWEL_IN_ANY_GUESS, "guessers", "You may select a vowel in any previous guess.", "with-token"),
    AbilityCard(LIE_PLUS_ONE, "librarian", "Lie about +1 letter.", "feather", uses=2, lie_counts=frozenset({2})),
    AbilityCard(LIE_ZERO, "librarian", "Lie about 0 letters.", "feather", uses=None, lie_counts=frozenset({0})),
)


def custom_card(data: Mapping[str, Any], number: int) -> AbilityCard:
    """A card the table typed in: ``{"side", "text", "payment", "uses", "lie_counts"?}``."""
    try:
        return AbilityCard(
            id=str(data.get("id") or f"custom-{number}"),
            side=data["side"],
            text=str(data["text"]),
            payment=data.get("payment") or PAYMENTS.get(data["side"], ("",))[0],
            uses=data.get("uses"),
            lie_counts=frozenset(data.get("lie_counts", (1,))),
            custom=True,
        )
    except KeyError as missing:
        raise IllegalSetup(f"A typed card needs its {missing.args[0]}.", reason="card-incomplete") from None


def deck(custom: Iterable[AbilityCard] = ()) -> dict[str, tuple[AbilityCard, ...]]:
    cards = KNOWN_CARDS + tuple(custom)
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise IllegalSetup("Two ability cards share an id.", reason="card-id")
    return {side: tuple(c for c in cards if c.side == side) for side in SIDES}


def deal(rng: random.Random, custom: Iterable[AbilityCard] = ()) -> dict[str, tuple[AbilityCard, ...]]:
    """Setup: deal 2 random cards of its own kind to each side."""
    return {side: tuple(rng.sample(cards, 2)) for side, cards in deck(custom).items()}
