"""The setup form's rows for Banned Books cards from the box that the app does not know.

The host enters each card as printed, with ordinary controls: its text, what its side's badge
says (a Guesser card is used with a token, blue, or paid for by discarding one, red; a
Lie-brarian card lets a row hold the lies the rules count) and how many times it may be used.
The setup stores one dict a card, ``{"text", "payment", "uses", "lie_counts"?}``, which the
rules read as a custom card once the side is added (``rules_cards``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.template.defaultfilters import pluralize

from companion.table.forms import Field, MoveError, _values, clean_text

from . import rules
from .rules.game import GUESSERS, LIBRARIAN

MAX_TEXT = 120
MAX_CARDS = 9  # the box holds nine cards a side
PARTS = ("text", "effect", "uses")
EFFECTS = {
    # Short enough for a phone's select: the field's help says the rest.
    GUESSERS: (("with-token", "Blue badge: with a token"),
               ("discard-token", "Red badge: discard a token")),
    # The rules tell Lie-brarian cards apart by how many lies a row may hold when a feather is crossed off.
    LIBRARIAN: (("lies-1", "One lie (its own effect)"),
                ("lies-0", "A row with no lie"),
                ("lies-2", "A row with two lies"),
                ("lies-3", "A row with three lies")),
}
SHORT = {"with-token": "blue badge", "discard-token": "red badge", "lies-1": "",
         "lies-0": "a row with no lie", "lies-2": "a row with two lies", "lies-3": "a row with three lies"}
USES = (("1", "Once"), ("2", "Twice"), ("3", "3 times"), ("unlimited", "No limit (∞)"))


@dataclass(frozen=True)
class CardsField(Field):
    """One side's typed cards: rows of ``<name>-text``, ``<name>-effect`` and ``<name>-uses``."""

    side: str = LIBRARIAN
    template: str = "fiction/partials/setup_cards.jinja"

    @property
    def effects(self) -> tuple[tuple[str, str], ...]:
        return EFFECTS[self.side]

    @property
    def uses_choices(self) -> tuple[tuple[str, str], ...]:
        return USES

    @property
    def max_cards(self) -> int:
        return MAX_CARDS

    def initial(self) -> list:
        return []

    def parse(self, data: Any) -> list[dict]:
        texts, effects, uses = (_values(data, f"{self.name}-{part}") for part in PARTS)
        if not len(texts) == len(effects) == len(uses):
            raise MoveError(f"{self.title}: each card needs its text, its effect and its uses.", reason="bad-field")
        # A setup saved before these rows holds the cards as typed text: the next change keeps them as rows.
        legacy = _values(data, self.name)
        cards = [self._row(c) for c in typed_cards(legacy[-1], self.side)] if legacy else []
        for text, effect, count in zip(texts, effects, uses):
            text = clean_text(text, what=f"{self.title}: a card's text", max_length=MAX_TEXT)
            if text:  # a blank row is the one left for the next card; clearing a card's text removes it
                cards.append(self.card(text, effect, count))
        if len(cards) > MAX_CARDS:
            raise MoveError(f"{self.title}: the box holds {MAX_CARDS} cards a side.", reason="bad-field")
        return cards

    def card(self, text: str, effect: str, count: str) -> dict:
        if effect not in dict(self.effects):
            raise MoveError(f"{self.title}: {effect[:20]!r} is not one of the effects of this side's cards.",
                            reason="bad-field")
        if count not in dict(USES):
            raise MoveError(f"{self.title}: a card is used 1, 2, 3 or unlimited times, not {count[:20]!r}.",
                            reason="bad-field")
        card: dict[str, Any] = {"text": text, "payment": "feather" if self.side == LIBRARIAN else effect,
                                "uses": None if count == "unlimited" else int(count)}
        if self.side == LIBRARIAN:
            card["lie_counts"] = [int(effect.removeprefix("lies-"))]
        return card

    def _row(self, typed: dict) -> dict:
        return {k: v for k, v in typed.items() if k != "side"} | (
            {"lie_counts": [1]} if self.side == LIBRARIAN else {})

    def effect_of(self, card: dict) -> str:
        """The effect control's value for a stored card."""
        if self.side == LIBRARIAN:
            return f"lies-{(card.get('lie_counts') or [1])[0]}"
        return card.get("payment", "")

    @staticmethod
    def uses_of(card: dict) -> str:
        return "unlimited" if card.get("uses") is None else str(card["uses"])


def stored_cards(value: Any, side: str) -> list[dict]:
    """A side's stored cards as rows: a list already, or text from before the rows (typed_cards)."""
    if isinstance(value, str):
        return [{k: v for k, v in c.items() if k != "side"} for c in typed_cards(value, side)]
    return list(value or [])


def rules_cards(value: Any, side: str) -> list[dict]:
    """A side's stored cards as the rules' custom cards read them."""
    return [{**card, "side": side} for card in stored_cards(value, side)]


def cards_note(value: Any, side: str) -> str:
    """The cards in short, for the setup summary: 'Peek (at most 2 uses); Point (blue badge, no limit)'."""
    try:
        cards = stored_cards(value, side)
    except rules.RulesError as error:
        return f"Not valid yet. {error.message}"
    if not cards:
        return "No cards entered"
    field = CardsField(side=side, name="")
    notes = []
    for card in cards:
        effect = SHORT.get(field.effect_of(card), "")
        uses = "no limit" if card.get("uses") is None else f"at most {card['uses']} use{pluralize(card['uses'])}"
        notes.append(f"{card['text']} ({', '.join(p for p in (effect, uses) if p)})")
    return "; ".join(notes)


def typed_cards(text: str, side: str) -> list[dict]:
    """Cards a table typed in the lobby before the rows: ``Swap two clue tokens (2); blue: Point to any letter``.

    A number in brackets is how many times the card may be used (none, or ∞: no limit);
    a Guesser card starting ``blue:`` is used with a token, any other by discarding one.
    """
    cards = []
    for part in text.split(";"):
        card = part.strip()
        if not card:
            continue
        payment = "feather" if side == LIBRARIAN else "discard-token"
        if side == GUESSERS and card.lower().startswith(("blue:", "red:")):
            head, card = card.split(":", 1)
            payment = "with-token" if head.lower() == "blue" else "discard-token"
            card = card.strip()
        uses = None
        if card.endswith(")") and "(" in card:
            card, count = card[:-1].rsplit("(", 1)
            count = count.strip().lower().rstrip("×x")
            if count not in ("∞", "", "no limit"):
                if not count.isdigit() or int(count) < 1:
                    raise rules.IllegalSetup(f"Uses of a typed card are a number from 1, or ∞: not ({count}).",
                                             reason="card-uses")
                uses = int(count)
            card = card.strip()
        cards.append({"side": side, "text": card, "payment": payment, "uses": uses})
    return cards
